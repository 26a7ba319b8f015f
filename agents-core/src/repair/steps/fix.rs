//! `fix`: the user's deterministic function over the text of a call, which may also escalate or
//! throw.

use std::sync::Arc;

use super::FixFn;
use super::{Step, StepImpl, Steps};
use crate::error::ToolError;
use crate::error::kinds;
use crate::event::ArgumentChange;
use crate::repair::FixOutcome;
use crate::repair::call::{CallOutcome, CallRepair, Cursor, StepResult, preview};
use crate::run::RepairContext;

/// Runs a `fix` function on the text the error is about.
pub(crate) fn handle(
    run: &mut CallRepair<'_, '_>,
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

/// A deterministic repair: built by [`fix`] or [`fix_in_context`].
#[derive(Clone)]
pub struct Fix(StepImpl);

// A fixer repairs a call's arguments: every kind but `unknown_tool`, which has none.
impl<K: kinds::ToolKind> Step<K> for Fix {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

/// A deterministic repair of the argument text. Return `None` to pass to the next step.
///
/// Under `invalid_args` it receives the raw text; under `deserialization_error` the parsed JSON;
/// under `execution_error` the arguments the tool failed with. Its answer re-enters the pipeline
/// (parse, read, run), and the tool runs once with no extra model turn.
///
/// ```
/// use agents_core::repair::{fix, Handlers};
/// fn strip_fences(raw: &str) -> Option<String> {
///     let t = raw.trim().strip_prefix("```json")?.strip_suffix("```")?;
///     Some(t.trim().to_owned())
/// }
/// let h = Handlers::new().invalid_args(fix(strip_fences));
/// assert!(h.has(agents_core::error::ErrorKind::InvalidArgs));
/// ```
pub fn fix<O: Into<FixOutcome>>(f: impl Fn(&str) -> O + Send + Sync + 'static) -> Fix {
    Fix(StepImpl::Fix(Arc::new(move |raw, _| f(raw).into())))
}

/// Like [`fix`], with the error, schema, attempt and conversation at hand.
pub fn fix_in_context<O: Into<FixOutcome>>(
    f: impl Fn(&str, &RepairContext<'_>) -> O + Send + Sync + 'static,
) -> Fix {
    Fix(StepImpl::Fix(Arc::new(move |raw, cx| f(raw, cx).into())))
}
