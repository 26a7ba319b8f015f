//! `regenerate`: the same model asked again for the one failed call, its decoding held to the
//! tool's schema. Prevention used as a repair: what was wrong in the call (an invented key, a
//! unit inside a number, an enum value outside the list) cannot be written again.

use crate::budget::Within;
use crate::error::{AgentError, ToolError};
use crate::event::{ArgumentChange, Event};
use crate::model::{Constraint, Message, ModelRequest};
use crate::repair::pipeline::{CallOutcome, Cursor, Run, StepResult, preview};

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

/// Asks the model once for the call `run` stands at, constrained to its tool. Passes when the
/// model cannot constrain, fails, or answers with no call to the tool.
pub(crate) async fn regenerate(
    run: &mut Run<'_, '_>,
    error: &ToolError,
    cursor: &mut Cursor,
) -> StepResult {
    let asking = run.setup.asking;
    let agent = run.setup.exec.agent.clone();
    let warn = |run: &Run<'_, '_>, message: String| {
        run.emit(Event::Warning {
            agent: agent.clone(),
            message,
        })
    };
    if !asking.model.constraint_support().is_supported() {
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
    // One model call per step, whatever it brings.
    cursor.advance();
    let constraint = Constraint::tool(run.tool_name());
    let request = request_again(asking.request, constraint.clone());
    let budget = run.setup.exec.budget;
    let answer = match budget.within(None, asking.model.complete(&request)).await {
        Within::Done(answer) => answer,
        Within::RunOut(b) => return StepResult::Done(CallOutcome::Stop(AgentError::Budget(b))),
        Within::TimedOut(after) => {
            let b = budget.time_out(after);
            return StepResult::Done(CallOutcome::Stop(AgentError::Budget(b)));
        }
    };
    let response = match answer {
        Ok(r) => r,
        Err(e) => {
            warn(run, format!("regenerate: the model failed: {e}"));
            return StepResult::Pass;
        }
    };
    run.emit(Event::Regenerated {
        agent: agent.clone(),
        call_id: run.call.id.clone(),
        tool: run.tool_name().to_owned(),
        constraint,
        calls: response.tool_calls.clone(),
        usage: response.usage,
    });
    if let Err(b) = budget.charge_tokens(response.usage.total()) {
        run.emit(Event::BudgetExceeded {
            agent: b.agent.clone(),
            kind: b.kind,
            limit: b.limit,
            used: b.used,
        });
        return StepResult::Done(CallOutcome::Stop(AgentError::Budget(b)));
    }
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
    StepResult::Again
}
