//! `fix`: the user's deterministic function over the text of a call, which may also escalate or
//! throw.

use super::FixFn;
use crate::error::ToolError;
use crate::event::ArgumentChange;
use crate::repair::FixOutcome;
use crate::repair::call::{CallOutcome, Cursor, Run, StepResult, preview};
use crate::run::RepairContext;

/// Runs a `fix` function on the text the error is about.
pub(crate) fn fix(
    run: &mut Run<'_, '_>,
    f: &FixFn,
    error: &ToolError,
    cursor: &mut Cursor,
) -> StepResult {
    let request = run.request(error, 1, 1);
    let cx = RepairContext {
        request: &request,
        conversation: run.setup.conversation,
    };
    match f(&request.raw, &cx) {
        FixOutcome::Fixed(text) => {
            cursor.advance();
            run.emit_repaired(
                error.kind(),
                "fix",
                vec![ArgumentChange::Replaced {
                    by: None,
                    preview: preview(&text),
                }],
            );
            run.raw = text;
            StepResult::Again
        }
        FixOutcome::Pass => StepResult::Pass,
        FixOutcome::Escalate { reason, severity } => StepResult::Done(CallOutcome::Escalated(
            run.escalation(error, reason, severity),
        )),
        FixOutcome::Throw(reason) => StepResult::Done(CallOutcome::Stop(run.thrown(error, reason))),
    }
}
