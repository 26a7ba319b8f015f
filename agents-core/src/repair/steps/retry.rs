//! `retry`: runs a failed call again after a backoff, only for failures that may pass on their
//! own (transient, or unknown if allowed), only for tools safe to repeat, and only while the
//! shared retry budget and the run's time allow.

use crate::error::{ErrorClass, ToolError};
use crate::event::Event;
use crate::repair::RetrySettings;
use crate::repair::call::{Cursor, Run, StepResult};

/// Retries the execution failure `error` under `settings`, from the retry `cursor` stands at.
pub(crate) async fn retry(
    run: &mut Run<'_, '_>,
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
fn not_retrying(run: &Run<'_, '_>, why: String) -> StepResult {
    run.emit(Event::Warning {
        agent: run.setup.exec.agent.clone(),
        message: why,
    });
    StepResult::Pass
}
