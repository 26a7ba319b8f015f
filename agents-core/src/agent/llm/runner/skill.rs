//! Skills: the one a run is asked to run, or the one its model chooses, and a reroute to
//! another.

use std::ops::ControlFlow;

use super::{Output, Runner};
use crate::error::AgentError;
use crate::event::Event;
use crate::model::{Message, ModelRequest};
use crate::similar::did_you_mean;

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// The skill the run runs: the `requested` one, the only one, or (with several) the one the
    /// model chooses for `input`.
    pub(super) async fn choose_skill(
        &mut self,
        requested: Option<&str>,
        input: &str,
    ) -> Result<Option<usize>, AgentError> {
        let cfg = &self.agent.config;
        let skills = &cfg.skills;
        if let Some(name) = requested {
            return skills
                .iter()
                .position(|s| s.name == name)
                .map(Some)
                .ok_or_else(|| {
                    let hint = did_you_mean(name, skills.iter().map(|s| s.name.as_str()));
                    AgentError::Config(format!(
                        "agent `{}` has no skill `{name}`{hint}",
                        cfg.settings.name
                    ))
                });
        }
        if skills.len() < 2 {
            return Ok((!skills.is_empty()).then_some(0));
        }
        let list: String = skills
            .iter()
            .map(|s| format!("- {}: {}\n", s.name, s.description))
            .collect();
        let request = ModelRequest {
            system: Some(format!(
                "Choose the skill that fits the request. Skills:\n{list}Answer with the skill name only."
            )),
            messages: vec![Message::user(input)],
            sampling: cfg.settings.sampling.clone(),
            strict: cfg.settings.strict,
            ..ModelRequest::default()
        };
        self.budget
            .charge_turn()
            .map_err(|b| self.budget_error(b))?;
        self.turn += 1;
        let answer = match self.call_model(&request).await {
            ControlFlow::Continue((r, _replayed)) => r,
            ControlFlow::Break(Err(e)) => return Err(e),
            // A fallback output from on_llm_error cannot choose a skill: use the first.
            ControlFlow::Break(Ok(_)) => return Ok(Some(0)),
        };
        self.usage += answer.usage;
        let text = answer.text.unwrap_or_default();
        let chosen = crate::closest_name(text.trim(), skills.iter().map(|s| s.name.as_str()))
            .and_then(|n| skills.iter().position(|s| s.name == n));
        if chosen.is_none() {
            self.ctx.emit(Event::Warning {
                agent: self.path.clone(),
                message: format!(
                    "the model chose no known skill ({text:?}); using `{}`",
                    skills[0].name
                ),
            });
        }
        Ok(Some(chosen.unwrap_or(0)))
    }

    /// `on_escalation` rerouted to `skill`: the rest of the run uses it (or stays, with a
    /// warning, if there is no such skill).
    pub(super) fn reroute(&mut self, skill: &str) {
        match self
            .agent
            .config
            .skills
            .iter()
            .position(|s| s.name == skill)
        {
            Some(i) => self.frame.set_skill(Some(i)),
            None => self.ctx.emit(Event::Warning {
                agent: self.path.clone(),
                message: format!("on_escalation rerouted to unknown skill `{skill}`; staying"),
            }),
        }
    }
}
