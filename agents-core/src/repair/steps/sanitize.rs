//! `sanitize`: the user's function over the parsed value of a call that did not fit the tool's
//! types.

use super::SanitizeFn;
use crate::error::ToolError;
use crate::event::ArgumentChange;
use crate::repair::call::{Cursor, Run, StepResult, preview};

/// Runs a `sanitize` function on the value of a call that did not fit the tool's types.
pub(crate) fn sanitize(
    run: &mut Run<'_, '_>,
    f: &SanitizeFn,
    error: &ToolError,
    cursor: &mut Cursor,
) -> StepResult {
    let ToolError::Deserialization(e) = error else {
        return StepResult::Pass;
    };
    match f(e.value.clone()) {
        Some(v) => {
            cursor.advance();
            run.emit_repaired(
                error.kind(),
                "sanitize",
                vec![ArgumentChange::Replaced {
                    by: None,
                    preview: preview(&v.to_string()),
                }],
            );
            run.raw = v.to_string();
            StepResult::Again
        }
        None => StepResult::Pass,
    }
}
