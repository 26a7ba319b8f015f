//! The `unknown_tool` chain: what the agent does when its model calls a tool it was not offered.
//!
//! Its `regenerate()` steps run before the turn's calls are recorded: the model is asked again,
//! held to a call of an offered tool ([`Constraint::AnyTool`]), and the regenerated call takes
//! the invented one's place (same id), so the transcript holds a call that runs. What is still
//! unknown after them is answered as an unknown tool (the allowed tools, a "did you mean"), or
//! ends with the chain's `escalate` / `throw`, if it has one. Where no chain is declared, the
//! small-model profile's `regenerate_invented` asks once, for a request not yet served.

use super::{Handled, Output, Runner};
use crate::agent::skill::{ESCALATE_TOOL, THROW_TOOL};
use crate::budget::BudgetKind;
use crate::error::{AgentError, ErrorKind, EscalationError};
use crate::event::{ArgumentChange, Event};
use crate::model::{Constraint, FINAL_ANSWER_TOOL, Message, ToolCall};
use crate::repair::StepImpl;
use crate::repair::call::preview;
use crate::repair::{Again, Asked, ask_again};

/// How one `regenerate()` for an unknown call went.
pub(super) enum Ask {
    /// The model answered (the call replaced if the answer names an offered tool).
    Asked,
    /// Stop asking: the model cannot constrain or failed, or the repair-step cap was reached.
    GiveUp,
    /// A budget ran out while asking: the run ends.
    Stop(AgentError),
}

/// Whether `step` ends an unknown call's chain (the steps after it never run).
fn ends(step: &StepImpl) -> bool {
    matches!(step, StepImpl::Escalate { .. } | StepImpl::Throw(_))
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Whether the model may call `name` this turn: an offered tool, or an enabled built-in.
    pub(super) fn callable(&self, name: &str) -> bool {
        self.frame.request.tools.iter().any(|t| t.name == name)
            || ((name == ESCALATE_TOOL || name == THROW_TOOL) && self.builtins_enabled(name))
    }

    /// Runs the `unknown_tool` chain's `regenerate()` steps for every call of the turn that
    /// names a tool not offered, replacing each call the model regenerates for an offered tool.
    /// Returns the error that ends the run if a budget ran out while asking (the round then
    /// answers every call as not executed).
    pub(super) async fn regenerate_invented(
        &mut self,
        calls: &mut [ToolCall],
    ) -> Option<AgentError> {
        let chain = &self.agent.config.settings.unknown_tool;
        let declared = chain
            .iter()
            .take_while(|s| !ends(s))
            .filter(|s| matches!(s, StepImpl::Regenerate))
            .count();
        let profiled = chain.is_empty() && self.regenerates_invented();
        if declared == 0 && !profiled {
            return None;
        }
        for call in calls.iter_mut() {
            if self.callable(&call.name) {
                continue;
            }
            // The profile's regeneration is for a request not yet served: a made-up name after
            // a call ran, or the final-answer tool's name where it is not offered, is more
            // likely a wish to answer than to call, and a held turn would make a call anyway.
            let asks = match declared {
                0 if call.name == FINAL_ANSWER_TOOL || self.served_since_request() => continue,
                0 => 1,
                n => n,
            };
            for attempt in 1..=asks {
                match self.regenerate_one(call, attempt as u64).await {
                    Ask::Asked if self.callable(&call.name) => break,
                    Ask::Asked => {}
                    Ask::GiveUp => return None,
                    Ask::Stop(e) => return Some(e),
                }
            }
        }
        None
    }

    /// Whether the small-model profile regenerates invented names for this agent
    /// ([`Recovery::regenerate_invented`](crate::model::Recovery::regenerate_invented)): only
    /// where the model can be held to the offered tools (a model that cannot would only be
    /// warned about, on every invented name).
    fn regenerates_invented(&self) -> bool {
        let settings = &self.agent.config.settings;
        settings.recovery.regenerate_invented
            && !settings.strict
            && self.model.capabilities(&[]).constraint.is_supported()
    }

    /// Whether a call has run without error since the run's last user message.
    pub(super) fn served_since_request(&self) -> bool {
        self.frame
            .request
            .messages
            .iter()
            .rev()
            .take_while(|m| !matches!(m, Message::User { .. }))
            .any(|m| matches!(m, Message::Tool(r) if !r.is_error))
    }

    /// One `regenerate()` for `call`, which is replaced if the model answers with a call to an
    /// offered tool.
    async fn regenerate_one(&mut self, call: &mut ToolCall, attempt: u64) -> Ask {
        let regenerated = match self.call_again(call, attempt, Constraint::AnyTool).await {
            Ok(Some(c)) => c,
            Ok(None) => return Ask::Asked,
            Err(ask) => return ask,
        };
        self.ctx.emit(Event::Repaired {
            agent: self.path.clone(),
            call_id: call.id.clone(),
            tool: call.name.clone(),
            kind: ErrorKind::UnknownTool,
            step: "regenerate",
            fixes: vec![ArgumentChange::Replaced {
                by: Some(self.model.name().to_owned()),
                preview: preview(&format!("{} {}", regenerated.name, regenerated.arguments)),
            }],
        });
        call.name = regenerated.name;
        call.arguments = regenerated.arguments;
        Ask::Asked
    }

    /// Asks the model again for `call` under `constraint` (a repair step, charged and capped
    /// as `regenerate()` is): the call it answers with to an offered tool, `None` (warned) when
    /// it sends none; `Err` when it cannot be asked (it cannot constrain, the repair-step cap)
    /// or a budget ran out.
    pub(super) async fn call_again(
        &mut self,
        call: &ToolCall,
        attempt: u64,
        constraint: Constraint,
    ) -> Result<Option<ToolCall>, Ask> {
        let warn = |this: &Self, message: String| {
            this.ctx.emit(Event::Warning {
                agent: this.path.clone(),
                message,
            })
        };
        if !self.model.capabilities(&[]).constraint.is_supported() {
            let model = self.model.name().to_owned();
            warn(
                self,
                format!(
                    "regenerate: the model {model} cannot constrain decoding; not asking it again for the call of {}",
                    call.name
                ),
            );
            return Err(Ask::GiveUp);
        }
        self.budget.charge_repair_step();
        if let Err(b) = self.budget.check(BudgetKind::RepairSteps, attempt) {
            super::emit_budget(&self.ctx, &b);
            return Err(Ask::GiveUp);
        }
        let mut request = self.frame.request.clone();
        request.constraint = Some(constraint.clone());
        let emit = |e: Event| self.ctx.emit(e);
        let asked = ask_again(Again {
            model: &*self.model,
            request: &request,
            budget: &self.budget,
            agent: &self.path,
            call_id: &call.id,
            tool: &call.name,
            constraint,
            emit: &emit,
            journal: self.journal,
        })
        .await;
        let response = match asked {
            Asked::Answer(r) => r,
            Asked::Stop(e) => return Err(Ask::Stop(e)),
            Asked::Failed => return Err(Ask::GiveUp),
        };
        let regenerated = response
            .tool_calls
            .into_iter()
            .find(|c| self.callable(&c.name));
        if regenerated.is_none() {
            warn(
                self,
                format!(
                    "regenerate: the model sent no call to an offered tool in place of {}",
                    call.name
                ),
            );
        }
        Ok(regenerated)
    }

    /// How the `unknown_tool` chain ends a call still unknown after its `regenerate()` steps:
    /// its `escalate` or `throw`, if it has one (`None`: the model reads the unknown-tool
    /// feedback, as without a chain).
    pub(super) fn unknown_tool_end(
        &mut self,
        call: &ToolCall,
        feedback: &str,
        same_guard: &mut Option<u32>,
    ) -> Option<Handled<Out>> {
        let end = self
            .agent
            .config
            .settings
            .unknown_tool
            .iter()
            .find(|s| ends(s))?;
        match end {
            StepImpl::Escalate { reason, severity } => {
                let reason = reason.clone().unwrap_or_else(|| feedback.to_owned());
                let mut e = EscalationError::new(self.path.clone(), reason, *severity);
                e.tool = Some(call.name.clone());
                Some(self.escalated(call, e, same_guard))
            }
            StepImpl::Throw(reason) => Some(self.stopped(
                call,
                AgentError::Thrown {
                    by: self.path.clone(),
                    reason: reason.clone(),
                    original: None,
                },
            )),
            _ => None,
        }
    }
}
