//! The agent-loop scenario of `benches/loop.rs`, built once for each runtime.
//!
//! One run: the model calls a no-op tool `ping` once per turn for `calls` turns, each call with
//! valid JSON arguments `{"n":<i>}` and its own call id, then answers with the text `done`. The
//! model plays that script from memory, so what a run costs is the loop's own work: building each
//! request, reading the response, dispatching the call, recording the result.
//!
//! Both scripted models loop over their script (turn `k` of a run is entry `k % len`), so one
//! agent value serves every iteration of a bench; runs are sequential.

pub mod ours;
#[cfg(feature = "rig")]
pub mod rig;

/// The argument text of call `i`.
pub fn args_text(i: usize) -> String {
    format!(r#"{{"n":{i}}}"#)
}

/// The id of call `i`.
pub fn call_id(i: usize) -> String {
    format!("call_{i}")
}

/// A current-thread tokio runtime with timers (agents-core arms a per-tool timeout by default).
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a current-thread runtime")
}

/// A multi-thread tokio runtime with two workers (where each tool call runs on a task of its
/// own), for `loop_profile ours-mt`.
pub fn multi_thread_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a multi-thread runtime")
}
