//! The seam for durable execution: every nondeterministic step of a model-driven run (each model
//! call, each tool execution, each wait, each random draw and each clock read that changes a
//! decision) passes through a [`Journal`] when the run has one.
//!
//! A run without a journal runs every step in place, exactly as before: the seam is a branch on
//! an `Option`, nothing is serialised. A run given a journal ([`RunRequest::journal`]) hands
//! each step to it; a durable engine records the step's *outcome* (success or our typed error,
//! as JSON) the first time and returns the recorded outcome on replay without running the step
//! again. Since the loop's decisions (the repair chain, the escalation tree, the budgets) depend
//! only on the outcomes, replaying the journal reproduces them.
//!
//! Events, hooks and tracing report every real step once across crashes: a process that replays
//! a journal reports nothing of the work it only re-derives, and announces with
//! [`Event::RunResumed`](crate::Event::RunResumed) that it picked the run up (see
//! [`Recorded::replayed`], which it learns this from).
//!
//! The binding to Restate is the `agents-restate` crate; docs/durable.md states the contract.
//!
//! [`RunRequest::journal`]: crate::RunRequest::journal

mod record;
pub(crate) mod replay;

use std::future::Future;
use std::time::Duration;

use futures_util::future::BoxFuture;
use serde::Serialize;
use serde::de::DeserializeOwned;

pub(crate) use record::ModelOutcome;
pub(crate) use replay::replaying;

/// Records the outcomes of a run's nondeterministic steps, and replays them.
///
/// Implementations must be deterministic in the order of calls: a replayed run makes the same
/// calls in the same order as the run that recorded them, as long as every outcome it reads comes
/// from the journal. What a process replays is a prefix of the run: once a step runs, every
/// later one runs too.
pub trait Journal: Send + Sync {
    /// Runs `work` once and records its output (an outcome as JSON text), or returns the output
    /// recorded for this step without running `work`.
    ///
    /// When the step was started before a crash and its outcome was never recorded, a journal
    /// that can tell (Restate can) records and returns [`Step::if_interrupted`] instead of running
    /// `work`, when the step has one (a tool that is not safe to repeat).
    fn step<'a>(
        &'a self,
        step: Step,
        work: BoxFuture<'a, String>,
    ) -> BoxFuture<'a, Result<Recorded, JournalError>>;

    /// Waits `wait` durably: a run resumed after a crash waits only what was left of it.
    fn sleep(&self, wait: Duration) -> BoxFuture<'_, Result<(), JournalError>>;

    /// A random number in `[0, 1)` (backoff jitter), the same on replay.
    fn random(&self) -> f64;
}

/// One step handed to a [`Journal`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// What the step is.
    pub kind: StepKind,
    /// A name for the step, for the journal's observability (`clock`, `model`, or
    /// `tool:<name>`).
    pub name: String,
    /// The outcome to record instead of running the step again when it was started before a
    /// crash and its outcome is unknown (`None`: running it again is safe).
    pub if_interrupted: Option<String>,
}

/// What a journaled step does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepKind {
    /// The run's first step: the wall clock read as its start time (milliseconds since the Unix
    /// epoch), so that the duration budget counts the time before a crash and the time down.
    Clock,
    /// One request to the model (with its streaming, if any).
    Model,
    /// One execution of a tool with its repaired arguments.
    Tool {
        /// The call's id.
        call_id: String,
        /// Whether the tool is safe to run twice.
        idempotent: bool,
    },
}

/// A step's recorded output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    /// The outcome as JSON text.
    pub value: String,
    /// Whether it was read from the journal (the step did not run in this process).
    ///
    /// The run reports from this: while its steps are read back, it reports nothing of the work
    /// it re-derives (the process that recorded them reported it); from the first step that is
    /// not, it reports as any run. A journal must answer it truthfully.
    pub replayed: bool,
}

/// A journal could not record or replay a step: the run stops with
/// [`AgentError::Journal`](crate::AgentError::Journal).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("journal failed at step `{step}`: {message}")]
pub struct JournalError {
    /// The step's name.
    pub step: String,
    /// What went wrong.
    pub message: String,
}

impl JournalError {
    /// A failure at `step`.
    pub fn new(step: impl Into<String>, message: impl Into<String>) -> Self {
        JournalError {
            step: step.into(),
            message: message.into(),
        }
    }
}

/// Runs `work` in place without a journal, else through it, recording `T` as JSON.
///
/// The in-place branch is the whole cost of the seam for runs without a journal.
pub(crate) async fn journaled<T, F>(
    journal: Option<&dyn Journal>,
    step: impl FnOnce() -> Step,
    work: F,
) -> Result<(T, bool), JournalError>
where
    T: Serialize + DeserializeOwned,
    F: Future<Output = T> + Send,
{
    let Some(journal) = journal else {
        return Ok((work.await, false));
    };
    let step = step();
    let name = step.name.clone();
    let encode_at = name.clone();
    let counted = step.kind != StepKind::Clock;
    let recorded = journal
        .step(
            step,
            Box::pin(async move {
                // Live before the work starts: what it reports (a tool's start, a sub-agent's
                // events) is real.
                replay::ran();
                let outcome = work.await;
                // Our outcome types always encode; should one not, the decode below names it.
                serde_json::to_string(&outcome)
                    .unwrap_or_else(|e| format!("unencodable outcome at {encode_at}: {e}"))
            }),
        )
        .await?;
    if recorded.replayed {
        replay::read_back(counted);
    } else {
        // Recorded here without running the work (a tool cut short by a crash): real too.
        replay::ran();
    }
    let value = serde_json::from_str(&recorded.value).map_err(|e| {
        JournalError::new(
            &name,
            format!("the recorded outcome does not decode ({e}); was the journal written by another version?"),
        )
    })?;
    Ok((value, recorded.replayed))
}

/// Waits `wait`: in place, or durably through the journal.
pub(crate) async fn sleep(
    journal: Option<&dyn Journal>,
    wait: Duration,
) -> Result<(), JournalError> {
    match journal {
        None => {
            tokio::time::sleep(wait).await;
            Ok(())
        }
        Some(j) => j.sleep(wait).await,
    }
}

/// A draw in `[0, 1)` for jitter: the journal's (the same on replay) or a fresh one.
pub(crate) fn random(journal: Option<&dyn Journal>) -> f64 {
    match journal {
        None => fastrand::f64(),
        Some(j) => j.random(),
    }
}
