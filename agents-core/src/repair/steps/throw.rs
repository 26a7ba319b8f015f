//! `throw`: a hard stop. The run ends at once.

use super::{Step, StepImpl, Steps};
use crate::error::ToolError;
use crate::error::kinds::Kind;
use crate::repair::call::{CallOutcome, CallRepair, StepResult};

/// Ends the run on `error`, for `reason`.
pub(crate) fn handle(run: &CallRepair<'_, '_>, reason: &str, error: &ToolError) -> StepResult {
    StepResult::Done(CallOutcome::Stop(run.thrown(error, reason.to_owned())))
}

/// A hard stop: built by [`throw`].
#[derive(Clone)]
pub struct Throw(StepImpl);

impl<K: Kind> Step<K> for Throw {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

/// Gives up hard: the run ends at once with this reason, whatever retries remain.
pub fn throw(reason: impl Into<String>) -> Throw {
    Throw(StepImpl::Throw(reason.into()))
}
