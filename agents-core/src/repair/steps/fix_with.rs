//! `fix_with`: a repair agent (`Agent<String, String>`) rewrites the arguments, up to `retries`
//! attempts, each under what is left of the run's budget.

use std::sync::Arc;

use super::{Step, StepImpl, Steps};
use crate::budget::Within;
use crate::error::kinds;
use crate::error::{AgentError, ToolError};
use crate::escalation;
use crate::event::{ArgumentChange, Event};
use crate::repair::call::{CallOutcome, CallRepair, Cursor, StepResult, preview};
use crate::run::Agent;

/// Asks `agent` for corrected arguments, from the attempt `cursor` stands at.
pub(crate) async fn handle(
    run: &mut CallRepair<'_, '_>,
    agent: &Arc<dyn Agent<String, String>>,
    retries: u32,
    error: &ToolError,
    cursor: &mut Cursor,
) -> StepResult {
    let kind = error.kind();
    let mut attempt = cursor.attempts_on_step;
    loop {
        if attempt >= retries {
            return StepResult::Pass;
        }
        attempt += 1;
        let request = run.request(error, attempt, retries);
        let input = request.raw.clone();
        let fixer_ctx = run
            .setup
            .exec
            .ctx
            .for_repair(request, Arc::from(run.setup.conversation));
        let budget = run.setup.exec.budget;
        let answer = match budget.within(None, agent.invoke(input, &fixer_ctx)).await {
            Within::Done(answer) => answer,
            Within::RunOut(b) => Err(AgentError::Budget(b)),
            Within::TimedOut(after) => Err(AgentError::Budget(budget.time_out(after))),
        };
        match answer {
            Ok(text) => {
                cursor.attempts_on_step = attempt - 1;
                let mut fixes = vec![ArgumentChange::Replaced {
                    by: Some(agent.name().to_owned()),
                    preview: preview(&text),
                }];
                run.raw = repair_answer(text, &mut fixes);
                run.emit_repaired(kind, "fix_with", fixes);
                return StepResult::AgainSameStep;
            }
            Err(AgentError::Escalated(e)) => {
                let e = escalation::origin::from_fixer(*e, error, run.tool_name(), attempt);
                return StepResult::Done(CallOutcome::Escalated(e));
            }
            Err(AgentError::Thrown {
                by,
                reason,
                original,
            }) => {
                let original = original.or_else(|| Some(Box::new(error.clone())));
                return StepResult::Done(CallOutcome::Stop(AgentError::Thrown {
                    by,
                    reason,
                    original,
                }));
            }
            Err(stop @ AgentError::Budget(_)) => {
                return StepResult::Done(CallOutcome::Stop(stop));
            }
            Err(other) => {
                // The fixer itself failed (a model error, an unusable answer): that
                // attempt is spent; try again while attempts remain.
                run.emit(Event::Warning {
                    agent: run.setup.exec.agent.clone(),
                    message: format!(
                        "repair agent {} failed on attempt {attempt}: {other}",
                        agent.name()
                    ),
                });
                cursor.attempts_on_step = attempt;
            }
        }
    }
}

/// A fixer's answer is model output: text that is not JSON as it stands (a code fence, a
/// sentence around it) goes through the same lenient repair as the model's own arguments, so a
/// fixer's formatting slip does not burn its attempts. What the repair changed joins `fixes`;
/// text nothing can be recovered from is kept as it is (the next pass reports it).
fn repair_answer(text: String, fixes: &mut Vec<ArgumentChange>) -> String {
    if serde_json::from_str::<serde::de::IgnoredAny>(&text).is_ok() {
        return text;
    }
    match super::json_repair::repair_text(&text) {
        Some((value, repaired)) => {
            fixes.extend(repaired);
            value.to_string()
        }
        None => text,
    }
}

/// A repair by an agent: built by [`fix_with`].
#[derive(Clone)]
pub struct FixWith(StepImpl);

impl<K: kinds::ToolKind> Step<K> for FixWith {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

/// A repair by an [`Agent<String, String>`] (LLM-driven or a plain function), tried up to
/// `retries` times. It receives the argument text as input and the full
/// [`RepairRequest`](crate::repair::RepairRequest) in its context; an escalation or a throw from it stops
/// the repair at once.
pub fn fix_with<A: Agent<String, String> + 'static>(agent: A, retries: u32) -> FixWith {
    FixWith(StepImpl::FixWith {
        agent: Arc::new(agent),
        retries: retries.max(1),
    })
}

impl FixWith {
    /// A repair by `agent`, tried once; [`FixWith::retries`] allows more tries.
    pub fn new<A: Agent<String, String> + 'static>(agent: A) -> Self {
        fix_with(agent, 1)
    }

    /// Tries the repair agent up to `retries` times (at least once).
    pub fn retries(mut self, retries: u32) -> Self {
        if let StepImpl::FixWith { retries: r, .. } = &mut self.0 {
            *r = retries.max(1);
        }
        self
    }
}
