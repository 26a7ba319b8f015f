//! `sanitize`: the user's function over the parsed value of a call that did not fit the tool's
//! types.

use std::sync::Arc;

use serde_json::Value;

use super::SanitizeFn;
use super::{Step, StepImpl, Steps};
use crate::error::ToolError;
use crate::error::kinds;
use crate::event::ArgumentChange;
use crate::repair::call::{CallRepair, Cursor, StepResult, preview};

/// Runs a `sanitize` function on the value of a call that did not fit the tool's types.
pub(crate) fn handle(
    run: &mut CallRepair<'_, '_>,
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

/// A repair of the parsed value: built by [`sanitize`].
#[derive(Clone)]
pub struct Sanitize(StepImpl);

impl Step<kinds::deserialization_error> for Sanitize {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

/// A repair of the parsed value (for `deserialization_error`): return the corrected value, or
/// `None` to pass.
pub fn sanitize(f: impl Fn(Value) -> Option<Value> + Send + Sync + 'static) -> Sanitize {
    Sanitize(StepImpl::Sanitize(Arc::new(f)))
}
