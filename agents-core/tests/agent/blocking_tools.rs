//! An `async` tool that blocks its thread (a blocking call inside an `async fn`) cannot hold a
//! run on a multi-thread runtime: its timeout and the run's time answer while it still blocks,
//! the call gets exactly one result, and the run goes on. A tool future that never blocks is
//! dropped when its run is.
//!
//! No timing is asserted: each blocking tool waits on a gate that the test opens only after the
//! run returned (or, should the run be held, a watchdog thread opens after a long while, and the
//! test fails because the run returned only after the gate opened).
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use crate::common::*;
use agents_core::budget::BudgetKind;
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{AgentError, Budget, ExecutionFailure, ModelResponse, Tool};

/// How long the watchdog lets a held run wait before it opens the gate.
const WATCHDOG: Duration = Duration::from_secs(30);

/// A gate a blocking tool waits on, opened by the test (or by the watchdog).
#[derive(Clone, Default)]
struct Gate {
    state: Arc<(Mutex<bool>, Condvar)>,
    by_watchdog: Arc<AtomicBool>,
}

impl Gate {
    /// A gate the watchdog opens after [`WATCHDOG`] unless the test opened it first.
    fn new() -> Self {
        let gate = Gate::default();
        let watchdog = gate.clone();
        std::thread::spawn(move || {
            let (lock, cv) = &*watchdog.state;
            let open = lock.lock().unwrap();
            let (mut open, timeout) = cv
                .wait_timeout_while(open, WATCHDOG, |open| !*open)
                .unwrap();
            if timeout.timed_out() {
                watchdog.by_watchdog.store(true, Ordering::SeqCst);
                *open = true;
                cv.notify_all();
            }
        });
        gate
    }

    /// Blocks the calling thread until the gate opens.
    fn wait(&self) {
        let (lock, cv) = &*self.state;
        let open = lock.lock().unwrap();
        let _open = cv.wait_while(open, |open| !*open).unwrap();
    }

    fn open(&self) {
        let (lock, cv) = &*self.state;
        *lock.lock().unwrap() = true;
        cv.notify_all();
    }

    /// Whether the watchdog had to open the gate (the run was held by the tool).
    fn opened_by_watchdog(&self) -> bool {
        self.by_watchdog.load(Ordering::SeqCst)
    }
}

/// An async tool whose body blocks its thread until `gate` opens.
fn blocking(gate: &Gate) -> impl Tool {
    let gate = gate.clone();
    tool_fn("block", "Blocks its thread.", move |_: NoArgs| {
        let gate = gate.clone();
        async move {
            gate.wait();
            Ok::<_, ExecutionFailure>("opened")
        }
    })
}

/// Runs an agent whose model plays `model` with the blocking tool under `budget`, on a task of
/// its own as an application runs it (a server's request handler), then opens the gate; fails if
/// the run returned only because the watchdog opened it.
async fn run_past_the_gate(model: &ScriptedModel, budget: Budget) -> Result<String, AgentError> {
    let gate = Gate::new();
    let agent = agent_with(model, blocking(&gate), budget);
    let out = tokio::spawn(async move { agent.run("go".into()).await })
        .await
        .expect("the run's task");
    let held = gate.opened_by_watchdog();
    gate.open();
    assert!(!held, "the run waited for the blocking tool");
    out
}

/// A budget whose tool timeout is 100 ms.
fn tool_timeout_100ms() -> Budget {
    Budget {
        tool_timeout: Some(Duration::from_millis(100)),
        ..Budget::default()
    }
}

/// A blocking async tool under a 100 ms timeout: the call fails with the timeout while the tool
/// still blocks, the model reads it, and the run ends with the model's answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blocking_async_tool_is_cut_by_its_timeout() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "block", "{}"),
        ModelResponse::text("gave up"),
    ]);
    let out = run_past_the_gate(&model, tool_timeout_100ms()).await;
    assert_eq!(out.unwrap(), "gave up");
    let results = tool_results(&model.requests()[1].messages);
    assert_eq!(results.len(), 1, "{results:?}");
    assert!(results[0].contains("timed out after 100 ms"), "{results:?}");
}

/// A blocking async tool with no timeout of its own ends when the run's time does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blocking_async_tool_ends_with_the_run() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "block", "{}"),
        ModelResponse::text("late"),
    ]);
    let budget = Budget {
        max_duration: Some(Duration::from_millis(300)),
        tool_timeout: None,
        ..Budget::default()
    };
    match run_past_the_gate(&model, budget).await {
        Err(AgentError::Budget(b)) => assert_eq!(b.kind, BudgetKind::Duration, "{b}"),
        other => panic!("expected the duration budget, got {other:?}"),
    }
}

/// Two blocking calls of one turn, run at once: each is cut by its timeout and gets exactly one
/// result, in call order. (Three workers: each blocking call holds one, and the run needs one
/// free; blocking calls as many as the runtime's workers starve it, as any blocking task does.)
#[tokio::test(flavor = "multi_thread", worker_threads = 3)]
async fn blocking_calls_of_one_turn_each_get_one_result() {
    let model = ScriptedModel::new([
        ModelResponse {
            tool_calls: vec![
                agents_core::model::ToolCall {
                    id: "c1".into(),
                    name: "block".into(),
                    arguments: "{}".into(),
                },
                agents_core::model::ToolCall {
                    id: "c2".into(),
                    name: "block".into(),
                    arguments: "{}".into(),
                },
            ],
            ..ModelResponse::default()
        },
        ModelResponse::text("gave up"),
    ]);
    let out = run_past_the_gate(&model, tool_timeout_100ms()).await;
    assert_eq!(out.unwrap(), "gave up");
    let messages = &model.requests()[1].messages;
    let ids: Vec<String> = messages
        .iter()
        .filter_map(|m| match m {
            agents_core::Message::Tool(r) => Some(r.call_id.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(ids, ["c1", "c2"]);
    let results = tool_results(messages);
    assert!(
        results.iter().all(|r| r.contains("timed out after 100 ms")),
        "{results:?}"
    );
}

/// Sets its flag when dropped.
struct Dropped(Arc<AtomicBool>);

impl Drop for Dropped {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// A run dropped while its tool waits (without blocking) drops the tool's future too: a tool
/// running on a task of its own is cancelled with its run, not left running.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_run_cancels_its_tool() {
    let started = Arc::new(tokio::sync::Notify::new());
    let dropped = Arc::new(AtomicBool::new(false));
    let (s, d) = (started.clone(), dropped.clone());
    let waiting = tool_fn("wait", "Waits.", move |_: NoArgs| {
        let guard = Dropped(d.clone());
        let started = s.clone();
        async move {
            let _guard = guard;
            started.notify_one();
            std::future::pending::<()>().await;
            Ok::<_, ExecutionFailure>(())
        }
    });
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "wait", "{}"),
        ModelResponse::text("never"),
    ]);
    abort_once_started(agent_with(&model, waiting, Budget::default()), &started).await;
    assert!(
        within_ten_seconds(|| dropped.load(Ordering::SeqCst)).await,
        "the tool still runs after its run was dropped"
    );
}
