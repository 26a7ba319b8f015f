//! `regenerate`: the same model asked again for the one failed call, its decoding held to the
//! tool's schema. Prevention used as a repair: what was wrong in the call (an invented key, a
//! unit inside a number, an enum value outside the list) cannot be written again.

use super::{StepImpl, Steps};
use crate::budget::Within;
use crate::error::kinds;
use crate::error::{AgentError, ToolError};
use crate::event::{ArgumentChange, Event};
use crate::journal::{ModelOutcome, Step, StepKind, journaled};
use crate::model::{Constraint, Message, ModelRequest, ModelResponse};
use crate::repair::call::{CallOutcome, CallRepair, Cursor, StepResult, preview};

/// The request that asks again for a call: the turn's request without the model's answer
/// (and the results after it), held to `constraint`.
pub(crate) fn request_again(turn: &ModelRequest, constraint: Constraint) -> ModelRequest {
    let mut request = turn.clone();
    if let Some(at) = request
        .messages
        .iter()
        .rposition(|m| matches!(m, Message::Assistant { .. }))
    {
        request.messages.truncate(at);
    }
    request.constraint = Some(constraint);
    request
}

/// One model call asking again for a call, under a constraint.
pub(crate) struct Again<'r> {
    pub model: &'r dyn crate::model::Model,
    pub request: &'r ModelRequest,
    pub budget: &'r std::sync::Arc<crate::budget::BudgetScope>,
    pub agent: &'r crate::path::AgentPath,
    pub call_id: &'r str,
    /// The tool the call named (which may not exist).
    pub tool: &'r str,
    pub constraint: Constraint,
    pub emit: &'r (dyn Fn(Event) + Sync),
    /// The run's journal, if it is durable: the model call is a journaled step like a turn's.
    pub journal: Option<&'r dyn crate::journal::Journal>,
}

/// What asking again brought.
pub(crate) enum Asked {
    /// The model's answer; its usage is charged and reported (`Regenerated`).
    Answer(crate::model::ModelResponse),
    /// A budget ran out: the run ends.
    Stop(AgentError),
    /// The model failed (a `Warning` says how); the step passes.
    Failed,
}

/// Asks the model once, under the run's time and token budgets and through its journal, and
/// reports it ([`Event::Regenerated`], once: not again when the call is replayed). Shared by
/// this step and the invented-name path (`unknown_tool`).
pub(crate) async fn ask_again(again: Again<'_>) -> Asked {
    let announce = |response: &ModelResponse| {
        (again.emit)(Event::Regenerated {
            agent: again.agent.clone(),
            call_id: again.call_id.to_owned(),
            tool: again.tool.to_owned(),
            constraint: again.constraint.clone(),
            calls: response.tool_calls.clone(),
            usage: response.usage,
        })
    };
    ask_once(
        AskOnce {
            model: again.model,
            request: again.request,
            budget: again.budget,
            agent: again.agent,
            step: format!("regenerate {}", again.tool),
            emit: again.emit,
            journal: again.journal,
        },
        &announce,
    )
    .await
}

/// One model call a repair step makes outside the run's turns.
pub(crate) struct AskOnce<'r> {
    pub model: &'r dyn crate::model::Model,
    pub request: &'r ModelRequest,
    pub budget: &'r std::sync::Arc<crate::budget::BudgetScope>,
    pub agent: &'r crate::path::AgentPath,
    /// The journal step's name.
    pub step: String,
    pub emit: &'r (dyn Fn(Event) + Sync),
    pub journal: Option<&'r dyn crate::journal::Journal>,
}

/// Asks the model once, under the run's time and token budgets and through its journal;
/// `announce` reports the answer as it arrives (not again when the call is replayed), before
/// its tokens are charged. A failed model call is a `Warning` and [`Asked::Failed`].
pub(crate) async fn ask_once(
    ask: AskOnce<'_>,
    announce: &(dyn Fn(&ModelResponse) + Sync),
) -> Asked {
    let budget = ask.budget;
    let step = || Step {
        kind: StepKind::Model,
        name: ask.step.clone(),
        if_interrupted: None,
    };
    // The answer is reported where it arrives, inside the journaled step (before its outcome is
    // handed to the journal): a replayed answer was reported by the process that received it.
    let work = async {
        let span = crate::telemetry::chat_span(ask.model.name(), ask.request, false);
        let asked = tracing::Instrument::instrument(ask.model.complete(ask.request), span.clone());
        let answer = asked.await;
        crate::telemetry::record_chat(&span, &answer);
        if let Ok(response) = &answer {
            announce(response);
            if let Some(warning) = Event::usage_estimated(ask.agent, response) {
                (ask.emit)(warning);
            }
        }
        ModelOutcome::from(answer)
    };
    let asked = journaled::<ModelOutcome, _>(ask.journal, step, work);
    let answer: Result<ModelResponse, crate::model::ModelError> = match budget
        .within(None, asked)
        .await
    {
        Within::Done(Ok((outcome, _replayed))) => outcome.into(),
        Within::Done(Err(e)) => return Asked::Stop(AgentError::Journal(e)),
        Within::RunOut(b) => return Asked::Stop(AgentError::Budget(b)),
        Within::TimedOut(after) => return Asked::Stop(AgentError::Budget(budget.time_out(after))),
    };
    let response: ModelResponse = match answer {
        Ok(r) => r,
        Err(e) => {
            (ask.emit)(Event::Warning {
                agent: ask.agent.clone(),
                message: format!("{}: the model failed: {e}", ask.step),
            });
            return Asked::Failed;
        }
    };
    if let Err(b) = budget.charge_tokens(response.usage.total()) {
        (ask.emit)(Event::BudgetExceeded {
            agent: b.agent.clone(),
            kind: b.kind,
            limit: b.limit,
            used: b.used,
        });
        return Asked::Stop(AgentError::Budget(b));
    }
    Asked::Answer(response)
}

/// Asks the model once for the call `run` stands at, constrained to its tool. Passes when the
/// model cannot constrain, fails, or answers with no call to the tool.
pub(crate) async fn handle(
    run: &mut CallRepair<'_, '_>,
    error: &ToolError,
    cursor: &mut Cursor,
) -> StepResult {
    let asking = run.setup.asking;
    let agent = run.setup.exec.agent.clone();
    let warn = |run: &CallRepair<'_, '_>, message: String| {
        run.emit(Event::Warning {
            agent: agent.clone(),
            message,
        })
    };
    if !asking.model.capabilities(&[]).constraint.is_supported() {
        warn(
            run,
            format!(
                "regenerate: the model {} cannot constrain decoding; not asking it again for {}",
                asking.model.name(),
                run.tool_name()
            ),
        );
        return StepResult::Pass;
    }
    let constraint = Constraint::tool(run.tool_name());
    let mut request = request_again(asking.request, constraint.clone());
    // Values the call copied from an example are asked for again held to the user's words.
    if let ToolError::Deserialization(e) = error
        && run.setup.recovery.user_words
    {
        crate::grounding::hold_to_user_words(
            &mut request,
            run.tool_name(),
            &e.violations,
            run.setup.recovery,
        );
    }
    let asked = ask_again(Again {
        model: asking.model,
        request: &request,
        budget: run.setup.exec.budget,
        agent: &agent,
        call_id: &run.call.id,
        tool: run.tool_name(),
        constraint,
        emit: &|e| run.emit(e),
        journal: run.setup.exec.journal,
    })
    .await;
    let response = match asked {
        Asked::Answer(r) => r,
        Asked::Stop(e) => return StepResult::Done(CallOutcome::Stop(e)),
        Asked::Failed => return StepResult::Pass,
    };
    let Some(call) = response
        .tool_calls
        .into_iter()
        .find(|c| c.name == run.tool_name())
    else {
        warn(
            run,
            format!(
                "regenerate: the model sent no call to {} under the constraint",
                run.tool_name()
            ),
        );
        return StepResult::Pass;
    };
    run.emit_repaired(
        error.kind(),
        "regenerate",
        vec![ArgumentChange::Replaced {
            by: Some(asking.model.name().to_owned()),
            preview: preview(&call.arguments),
        }],
    );
    run.raw = call.arguments;
    // Read as the arguments' descriptions ask, as the turn's pass over its calls read the
    // call the model first wrote.
    if let Ok(repaired) = crate::json::repair(&run.raw) {
        let mut args = repaired.value;
        if run.read_described(error.kind(), &mut args) {
            run.raw = args.to_string();
        }
    }
    // One model call per step: spent. (One that brings no call passes, and the chain advances
    // past it once.)
    cursor.advance();
    StepResult::Again
}

/// A regeneration under constraint: built by [`regenerate`].
#[derive(Clone)]
pub struct Regenerate(StepImpl);

impl super::Step<kinds::invalid_args> for Regenerate {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

impl super::Step<kinds::deserialization_error> for Regenerate {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

impl super::Step<kinds::unknown_tool> for Regenerate {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

// The answer asked again without tools, held to the output's schema (`runner/answer.rs`).
impl super::Step<kinds::answer_error> for Regenerate {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

/// Asks the same model again for this one call, its decoding held to the failing tool's
/// schema ([`Constraint::Tool`](crate::model::Constraint)): the model already chose the tool,
/// and under the constraint it cannot write an invented argument, a unit inside a number or
/// an enum value outside the list. One model call per step, counted against the repair-step
/// and token budgets and the run's time, reported as [`Event::Regenerated`](crate::Event)
/// and [`Event::Repaired`](crate::Event) (step `regenerate`). The conversation sent is the
/// one the call answered, without the failed call. A model that cannot constrain
/// ([`Model::constraint_support`](crate::Model)) is not asked: the step passes, with a
/// warning.
///
/// An invented tool name is not an error kind a chain handles (the call never reaches a
/// tool); prevention mode ([`constrained`](crate::LlmAgentBuilder::constrained)) makes one
/// impossible to write where the provider constrains.
///
/// ```
/// use agents_core::repair::{regenerate, Handlers};
/// let h = Handlers::new().invalid_args(regenerate()).deserialization_error(regenerate());
/// assert!(h.has(agents_core::error::ErrorKind::Deserialization));
/// ```
///
/// The tool ran, so its arguments were valid: there is nothing to regenerate after an
/// `execution_error`, and it does not compile:
///
/// ```compile_fail
/// use agents_core::repair::{regenerate, Handlers};
/// let _ = Handlers::new().execution_error(regenerate());
/// ```
pub fn regenerate() -> Regenerate {
    Regenerate(StepImpl::Regenerate)
}
