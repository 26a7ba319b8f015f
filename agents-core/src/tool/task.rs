//! Where a tool call runs: on a task of its own on a multi-thread runtime, in place on a
//! current-thread one, and in place anywhere for a tool that declares it never blocks its thread
//! ([`Tool::non_blocking`]).
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
//! A task of its own costs a call more than its allocation: the runtime wakes another worker to
//! run it and the run's task again when it answers, and on a machine of few cores those wakes
//! are most of what a call of an instant tool costs (docs/PERFORMANCE.md, "Durable runs: a
//! tool in place"). A tool that never blocks gains nothing from it, so it runs in place:
//! `#[tool]` synchronous functions (their body is on the blocking pool already), MCP tools, and
//! tools declared with `#[tool(non_blocking)]` or `FnTool::non_blocking`.
//!
//! On a current-thread runtime there is no other thread to run the tool on, so it runs in
//! place: a tool that blocks the thread blocks everything until it returns, and no timer can
//! fire meanwhile. There only tools that do their blocking work on the blocking pool (the sync
//! `#[tool]` functions, [`run_blocking`](super::run_blocking), `spawn_blocking`) are bounded.
//!
//! The arguments are read in place on both (on a multi-thread runtime with
//! [`Tool::prepare_shared`], whose prepared call holds a share of the tool instead of a borrow),
//! so whether they fit is known before the executor charges and announces the call, and a call
//! that does not run (its arguments do not fit, it waits for approval, the budget is spent, a
//! replay reads its outcome back) never gets a task. Only running the call is spawned; the
//! task's handle carries its result (or its panic) back.

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use futures_util::FutureExt;
use futures_util::future::Either;
use serde_json::Value;
use tokio::task::JoinHandle;

use super::{PreparedCall, Tool, ToolCallError, ToolContext};
use crate::error::ExecutionFailure;

/// A call whose arguments were read into the tool's types, ready to run.
pub(crate) enum ReadyCall<'a> {
    /// Runs on the caller's task.
    InPlace(PreparedCall<'a>),
    /// Runs on a task of its own, spawned when it runs; it holds a share of the tool.
    OwnTask(PreparedCall<'static>),
}

/// Reads `args` into `tool`'s types, in place; the call will run on a task of its own on a
/// multi-thread runtime unless the tool never blocks its thread, else in place. A panic while
/// reading is a permanent failure of the tool.
pub(crate) fn prepare(tool: &Arc<dyn Tool>, args: Value) -> Result<ReadyCall<'_>, ToolCallError> {
    if !tool.non_blocking() && own_task() {
        let tool = Arc::clone(tool);
        caught(move || tool.prepare_shared(args)).map(ReadyCall::OwnTask)
    } else {
        caught(|| tool.prepare(args)).map(ReadyCall::InPlace)
    }
}

impl<'a> ReadyCall<'a> {
    /// Runs the call with its context; a panic is a permanent failure of the tool. In place,
    /// the tool's future is made here and awaited as it is (one future layer, as before calls
    /// had tasks of their own); on its own task, the task is spawned when the returned future
    /// is first polled, and aborted if that future is dropped before the call answers.
    pub(crate) fn run(
        self,
        ctx: ToolContext,
    ) -> impl Future<Output = Result<Value, ToolCallError>> + Send + 'a {
        match self {
            ReadyCall::InPlace(prepared) => Either::Left(run_here(prepared, ctx)),
            ReadyCall::OwnTask(prepared) => Either::Right(async move {
                // Called on its task: the closure's body, before its `async` block, may block too.
                let work = async move { run_here(prepared, ctx).await };
                let work =
                    tracing::Instrument::in_current_span(crate::journal::replay::carried(work));
                let mut task = AbortOnDrop(tokio::spawn(work));
                match (&mut task.0).await {
                    Ok(result) => result,
                    Err(e) if e.is_panic() => Err(panicked(e.into_panic())),
                    Err(_) => Err(ended_early()),
                }
            }),
        }
    }
}

/// A task aborted when its handle is dropped (a timed-out or abandoned call).
struct AbortOnDrop(JoinHandle<Result<Value, ToolCallError>>);

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

/// `read()`, a panic in it being a permanent failure of the tool.
fn caught<T>(read: impl FnOnce() -> Result<T, ToolCallError>) -> Result<T, ToolCallError> {
    std::panic::catch_unwind(AssertUnwindSafe(read))
        .unwrap_or_else(|payload| Err(panicked(payload)))
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
                result.unwrap_or_else(|payload| Err(panicked(payload)))
            },
        )),
        Err(payload) => Either::Right(std::future::ready(Err(panicked(payload)))),
    }
}

/// A panic of the tool, as its permanent failure.
fn panicked(payload: Box<dyn std::any::Any + Send>) -> ToolCallError {
    ToolCallError::Failed(ExecutionFailure::panic(&*payload))
}

/// The tool's task ended without a result (its runtime is shutting down).
fn ended_early() -> ToolCallError {
    ToolCallError::Failed(
        ExecutionFailure::new("the tool's task ended before the tool returned").permanent(),
    )
}
