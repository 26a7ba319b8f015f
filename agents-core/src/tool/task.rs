//! Where a tool call runs: on a task of its own on a multi-thread runtime, in place on a
//! current-thread one.
//!
//! The executor bounds a call with a timer polled by the run's task. A tool polled by that same
//! task (in place) that blocks its thread (a blocking call inside an `async fn`) holds the timer
//! with it: its timeout, the run's time and the other calls of its turn all wait for it. On a
//! task of its own, the tool blocks only its own worker; the run's task sees the timer fire,
//! records the timeout as the call's one result, and aborts the tool's task. (Abort takes effect
//! at the tool's next `.await`: a thread blocked inside a call cannot be interrupted, so a
//! blocking body runs on to its end in the background and its result is dropped, as with
//! [`run_blocking`](super::run_blocking).) Dropping the call's future (the run was dropped, or a
//! sibling call ended the run) aborts the task as well: a tool never outlives its run unseen.
//!
//! On a current-thread runtime there is no other thread to run the tool on, so it runs in
//! place: a tool that blocks the thread blocks everything until it returns, and no timer can
//! fire meanwhile. There only tools that do their blocking work on the blocking pool (the sync
//! `#[tool]` functions, [`run_blocking`](super::run_blocking), `spawn_blocking`) are bounded.
//!
//! A spawned call reads its arguments (`Tool::prepare`) on its own task too, since the prepared
//! call borrows the tool: the task owns an `Arc` of the tool for as long as it runs, and reports
//! whether the arguments fit before the executor charges and announces the call.

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use futures_util::FutureExt;
use futures_util::future::Either;
use serde_json::Value;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::{PreparedCall, Tool, ToolCallError, ToolContext};
use crate::error::ExecutionFailure;

/// A call whose arguments were read into the tool's types, ready to run.
pub(crate) enum ReadyCall<'a> {
    /// Runs on the caller's task.
    InPlace(PreparedCall<'a>),
    /// Waits on a task of its own for the go (its context); dropped, the task ends.
    Spawned(OwnTask),
}

/// A call on a task of its own: the go to send it, and the task.
pub(crate) struct OwnTask {
    go: oneshot::Sender<ToolContext>,
    task: AbortOnDrop,
}

/// Reading a call's arguments: done in place, or under way on the call's own task.
pub(crate) enum Preparing<'a> {
    /// Read in place.
    Done(Result<ReadyCall<'a>, ToolCallError>),
    /// Being read on the call's own task, which says whether they fit.
    OnItsTask {
        fits: oneshot::Receiver<Result<(), ToolCallError>>,
        call: OwnTask,
    },
}

impl<'a> Preparing<'a> {
    /// The call ready to run, once its arguments were read.
    pub(crate) async fn ready(self) -> Result<ReadyCall<'a>, ToolCallError> {
        match self {
            Preparing::Done(ready) => ready,
            Preparing::OnItsTask { fits, call } => match fits.await {
                Ok(Ok(())) => Ok(ReadyCall::Spawned(call)),
                Ok(Err(e)) => Err(e),
                Err(_) => Err(ended_early()),
            },
        }
    }
}

/// Reads `args` into `tool`'s types: on a task of its own on a multi-thread runtime, else in
/// place (no future to wait on: the executor's common path stays as small as before). A panic
/// while reading is a permanent failure of the tool.
pub(crate) fn prepare(tool: &Arc<dyn Tool>, args: Value) -> Preparing<'_> {
    if !own_task() {
        return Preparing::Done(prepare_here(&**tool, args).map(ReadyCall::InPlace));
    }
    let tool = Arc::clone(tool);
    let (fits_tx, fits) = oneshot::channel();
    let (go, go_rx) = oneshot::channel::<ToolContext>();
    let work = async move {
        let prepared = match prepare_here(&*tool, args) {
            Ok(p) => p,
            Err(e) => {
                let _ = fits_tx.send(Err(e));
                return None;
            }
        };
        let _ = fits_tx.send(Ok(()));
        // No go: the call was not charged (approval, budget) or its executor was dropped.
        let ctx = go_rx.await.ok()?;
        Some(run_here(prepared, ctx).await)
    };
    let work = tracing::Instrument::in_current_span(crate::journal::replay::carried(work));
    let task = AbortOnDrop(tokio::spawn(work));
    Preparing::OnItsTask {
        fits,
        call: OwnTask { go, task },
    }
}

impl<'a> ReadyCall<'a> {
    /// Runs the call with its context; a panic is a permanent failure of the tool. In place,
    /// the tool's future is made here and awaited as it is (one future layer, as before calls
    /// had tasks of their own).
    pub(crate) fn run(
        self,
        ctx: ToolContext,
    ) -> impl Future<Output = Result<Value, ToolCallError>> + Send + 'a {
        match self {
            ReadyCall::InPlace(prepared) => Either::Left(run_here(prepared, ctx)),
            ReadyCall::Spawned(OwnTask { go, mut task }) => Either::Right(async move {
                if go.send(ctx).is_err() {
                    return Err(ended_early());
                }
                match (&mut task.0).await {
                    Ok(Some(result)) => result,
                    Ok(None) => Err(ended_early()),
                    Err(e) if e.is_panic() => Err(ToolCallError::Failed(ExecutionFailure::panic(
                        &*e.into_panic(),
                    ))),
                    Err(_) => Err(ended_early()),
                }
            }),
        }
    }
}

/// A task aborted when its handle is dropped (a timed-out or abandoned call).
pub(crate) struct AbortOnDrop(JoinHandle<Option<Result<Value, ToolCallError>>>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Whether a call gets a task of its own: only where another thread can run it.
fn own_task() -> bool {
    tokio::runtime::Handle::try_current()
        .is_ok_and(|h| h.runtime_flavor() != tokio::runtime::RuntimeFlavor::CurrentThread)
}

fn prepare_here(tool: &dyn Tool, args: Value) -> Result<PreparedCall<'_>, ToolCallError> {
    std::panic::catch_unwind(AssertUnwindSafe(|| tool.prepare(args)))
        .unwrap_or_else(|payload| Err(ToolCallError::Failed(ExecutionFailure::panic(&*payload))))
}

/// Calls `prepared` now (its first part runs here: a closure's body before its `async` block)
/// and returns the tool's future, a panic in either being a permanent failure of the tool.
fn run_here<'a>(
    prepared: PreparedCall<'a>,
    ctx: ToolContext,
) -> impl Future<Output = Result<Value, ToolCallError>> + Send + 'a {
    match std::panic::catch_unwind(AssertUnwindSafe(move || prepared(ctx))) {
        Ok(running) => Either::Left(AssertUnwindSafe(running).catch_unwind().map(
            |result: std::thread::Result<Result<Value, ToolCallError>>| {
                result.unwrap_or_else(|payload| {
                    Err(ToolCallError::Failed(ExecutionFailure::panic(&*payload)))
                })
            },
        )),
        Err(payload) => Either::Right(std::future::ready(Err(ToolCallError::Failed(
            ExecutionFailure::panic(&*payload),
        )))),
    }
}

/// The tool's task ended without a result (its runtime is shutting down).
fn ended_early() -> ToolCallError {
    ToolCallError::Failed(
        ExecutionFailure::new("the tool's task ended before the tool returned").permanent(),
    )
}
