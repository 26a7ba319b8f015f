//! `retry`: runs a failed call again after a backoff, only for failures that may pass on their
//! own (transient, or unknown if allowed), only for tools safe to repeat, and only while the
//! shared retry budget and the run's time allow.

use super::{Step, StepImpl, Steps};
use crate::error::kinds;
use crate::error::{ErrorClass, ToolError};
use crate::event::Event;
use crate::repair::call::{CallRepair, Cursor, StepResult};
use crate::retry::Backoff;

/// Retries the execution failure `error` under `settings`, from the retry `cursor` stands at.
pub(crate) async fn handle(
    run: &mut CallRepair<'_, '_>,
    settings: &RetrySettings,
    error: &ToolError,
    cursor: &mut Cursor,
) -> StepResult {
    let retry_no = cursor.attempts_on_step + 1;
    let ToolError::Execution(e) = error else {
        return StepResult::Pass;
    };
    let class_ok = match e.class {
        ErrorClass::Transient => true,
        ErrorClass::Unknown => settings.retry_unknown,
        ErrorClass::Permanent => false,
    };
    let safe = run.setup.exec.tool.idempotent() || settings.allow_non_idempotent;
    if !class_ok || !safe || retry_no >= settings.max_attempts {
        return StepResult::Pass;
    }
    if run.setup.retry_budget.is_some_and(|b| !b.try_acquire()) {
        let why = format!(
            "the shared retry budget is spent; not retrying {}",
            run.tool_name()
        );
        return not_retrying(run, why);
    }
    let journal = run.setup.exec.journal;
    let delay = settings
        .backoff
        .delay_drawn(retry_no, || crate::journal::random(journal));
    if !run.setup.exec.budget.fits(delay) {
        // Sleeping would outlast the run: give up retrying now, while the model
        // still has time to act on the failure.
        let why = format!(
            "the retry of {} would wait {delay:?}, longer than the run has left; not retrying",
            run.tool_name()
        );
        return not_retrying(run, why);
    }
    run.emit(Event::Retry {
        agent: run.setup.exec.agent.clone(),
        call_id: run.call.id.clone(),
        tool: run.tool_name().to_owned(),
        attempt: run.exec.executions() + 1,
        delay,
        error: error.to_string(),
    });
    if !delay.is_zero()
        && let Err(e) = crate::journal::sleep(journal, delay).await
    {
        return StepResult::Done(crate::tool::executor::CallOutcome::Stop(e.into()));
    }
    run.raw = e.args.to_string();
    StepResult::AgainSameStep
}

/// The step declines to retry, saying why (a warning event), and passes to the next.
fn not_retrying(run: &CallRepair<'_, '_>, why: String) -> StepResult {
    run.emit(Event::Warning {
        agent: run.setup.exec.agent.clone(),
        message: why,
    });
    StepResult::Pass
}

/// The settings of one `retry` step (what [`Retry`]'s builder methods set).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RetrySettings {
    /// Attempts in all, the first call included.
    pub max_attempts: u32,
    /// The wait between attempts.
    pub backoff: Backoff,
    /// Retry even if the tool does not declare itself idempotent.
    pub allow_non_idempotent: bool,
    /// Retry failures of unknown class too (permanent ones never are).
    pub retry_unknown: bool,
}

/// A retry schedule: built by [`retry`].
#[derive(Clone)]
pub struct Retry(StepImpl);

impl Step<kinds::execution_error> for Retry {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

/// Re-runs the tool with the same arguments, up to `max_attempts` in all, waiting `backoff`
/// between attempts. Only transient failures of idempotent tools are retried unless you opt in
/// with [`Retry::even_if_not_idempotent`] or [`Retry::on_unknown_errors`]; anything else passes to
/// the next step at once. Exhaustion reports the last error with the number of attempts.
pub fn retry(max_attempts: u32, backoff: Backoff) -> Retry {
    Retry(StepImpl::Retry(RetrySettings {
        max_attempts: max_attempts.max(1),
        backoff,
        allow_non_idempotent: false,
        retry_unknown: false,
    }))
}

impl Retry {
    fn settings(&mut self) -> &mut RetrySettings {
        match &mut self.0 {
            StepImpl::Retry(p) => p,
            _ => unreachable!("Retry always holds retry settings"),
        }
    }

    /// Retries even though the tool does not declare itself idempotent.
    pub fn even_if_not_idempotent(mut self) -> Self {
        self.settings().allow_non_idempotent = true;
        self
    }

    /// Retries failures whose class is unknown too (never permanent ones).
    pub fn on_unknown_errors(mut self) -> Self {
        self.settings().retry_unknown = true;
        self
    }
}

impl Retry {
    /// Up to `max_attempts` in all, waiting [`exponential`](crate::repair::exponential) between attempts;
    /// [`Retry::backoff`] sets another wait.
    pub fn new(max_attempts: u32) -> Self {
        retry(max_attempts, crate::retry::exponential())
    }

    /// Waits `backoff` between attempts.
    pub fn backoff(mut self, backoff: Backoff) -> Self {
        self.settings().backoff = backoff;
        self
    }
}
