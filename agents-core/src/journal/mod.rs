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
    /// recorded for this step without running `work`. When `work` ran, the value returned is
    /// its output as recorded: the run may go on with the outcome it produced rather than read
    /// it back.
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

    /// Whether the journal takes several steps of one run at once (the calls of one model turn
    /// run concurrently, up to the agent's `parallel_calls`). A journal that records one step
    /// at a time, in an order a replay must repeat, answers `false`: the run then executes a
    /// turn's calls one after another, in call order.
    fn concurrent_steps(&self) -> bool {
        true
    }
}

/// One step handed to a [`Journal`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// What the step is.
    pub kind: StepKind,
    /// A name for the step, for the journal's observability (`clock`, `model`,
    /// `tool:<name>` or `run end`).
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
    /// The run's last step: its end reported, so that a process that replays a finished run
    /// reads the end back instead of reporting it again. Its outcome is `null`.
    End,
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

/// A journal could not record or replay a step, or the engine cancelled the run: the run stops
/// with [`AgentError::Journal`](crate::AgentError::Journal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalError {
    /// The step's name.
    pub step: String,
    /// What went wrong.
    pub message: String,
    /// Set when the engine cancelled the run (an operator, through the engine's API) rather
    /// than failed: whether the step's work had run in this process before the cancellation
    /// reached it (a tool that ran, its outcome discarded), or not (it never started).
    pub cancelled: Option<Cancelled>,
}

impl std::fmt::Display for JournalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (what, step, message) = (&self.cancelled, &self.step, &self.message);
        match what {
            None => write!(f, "journal failed at step `{step}`: {message}"),
            Some(_) => write!(f, "the run was cancelled at step `{step}`: {message}"),
        }
    }
}

impl std::error::Error for JournalError {}

/// How a cancellation met the step it stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled {
    /// Whether the step's work ran in this process before the cancellation reached it.
    pub step_ran: bool,
}

impl JournalError {
    /// A failure at `step`.
    pub fn new(step: impl Into<String>, message: impl Into<String>) -> Self {
        JournalError {
            step: step.into(),
            message: message.into(),
            cancelled: None,
        }
    }

    /// The run was cancelled at `step`; `step_ran` when the step's work had run in this process.
    pub fn cancelled(step: impl Into<String>, message: impl Into<String>, step_ran: bool) -> Self {
        JournalError {
            cancelled: Some(Cancelled { step_ran }),
            ..JournalError::new(step, message)
        }
    }
}

/// An outcome a journaled step records (as JSON).
pub(crate) trait Outcome: Serialize + DeserializeOwned + Send {
    /// Whether the outcome's JSON always reads back to the very value that was written. Such an
    /// outcome, when its step ran in this process, is used as it is: reading its own record
    /// back would give the same value, at the cost of a decode per step (callgrind: about 6 k
    /// instructions per model turn, a twelfth of a durable run's step). One that may not
    /// (a tool's value may hold a float, which serde_json reads back to within a unit in the
    /// last place only) is read back from its record, as a replay reads it, so that a live run
    /// and its replay decide on the same value.
    const READS_BACK_EXACTLY: bool;
}

/// The run's start time (milliseconds since the Unix epoch).
impl Outcome for u64 {
    const READS_BACK_EXACTLY: bool = true;
}

/// The run's end (nothing: the step exists so that its report is made once).
impl Outcome for () {
    const READS_BACK_EXACTLY: bool = true;
}

/// Runs `work` in place without a journal, else through it, recording `T` as JSON.
///
/// The in-place branch is the whole cost of the seam for runs without a journal.
pub(crate) async fn journaled<T, F>(
    journal: Option<&dyn Journal>,
    step: impl Fn() -> Step + Sync,
    work: F,
) -> Result<(T, bool), JournalError>
where
    T: Outcome,
    F: Future<Output = T> + Send,
{
    let Some(journal) = journal else {
        return Ok((work.await, false));
    };
    // The step's name is made again for an error's message (rare) instead of copied on every
    // step.
    let name = || step().name;
    let handed = step();
    // Model calls and tool executions: what `RunResumed` counts.
    let counted = matches!(handed.kind, StepKind::Model | StepKind::Tool { .. });
    // The outcome the work produced here, when it reads back exactly and was encoded: the run
    // goes on with it instead of decoding its record (see `Outcome::READS_BACK_EXACTLY`).
    let live: std::sync::Mutex<Option<T>> = std::sync::Mutex::new(None);
    let (keep, encode_at) = (&live, &name);
    let recorded = journal
        .step(
            handed,
            Box::pin(async move {
                // Live before the work starts: what it reports (a tool's start, a sub-agent's
                // events) is real.
                replay::ran();
                let outcome = work.await;
                // Our outcome types always encode; should one not, the decode below names it.
                match serde_json::to_string(&outcome) {
                    Ok(text) => {
                        if T::READS_BACK_EXACTLY {
                            *keep.lock().unwrap_or_else(|p| p.into_inner()) = Some(outcome);
                        }
                        text
                    }
                    Err(e) => format!("unencodable outcome at {}: {e}", encode_at()),
                }
            }),
        )
        .await?;
    if recorded.replayed {
        replay::read_back(counted);
    } else {
        // Recorded here without running the work (a tool cut short by a crash): real too.
        replay::ran();
        // The work ran here and its outcome is what the journal recorded for it.
        if let Some(outcome) = live.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Ok((outcome, false));
        }
    }
    let value = serde_json::from_str(&recorded.value).map_err(|e| {
        JournalError::new(
            name(),
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
