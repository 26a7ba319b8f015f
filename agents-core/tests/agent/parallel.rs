//! Several calls of one model turn run at once: proven without timing by a barrier that only
//! opens when two calls wait on it together; results come back in call order; budgets count
//! exactly; a call that ends the run keeps the results of calls already running.
use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use agents_core::testing::ScriptedModel;
use agents_core::tool::{ToolCallError, tool_fn};
use agents_core::{
    AgentError, Budget, ExecutionFailure, LlmAgent, ModelResponse, budget::BudgetKind,
};
use common::*;
use serde_json::Value;
use tokio::sync::Barrier;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Wait {
    ms: u64,
}

/// `meet`: waits until two calls have reached the barrier (a minute at most, so a regression
/// fails instead of hanging).
fn meet(barrier: Arc<Barrier>) -> impl agents_core::Tool {
    tool_fn("meet", "Meets another call.", move |_: NoArgs| {
        let barrier = barrier.clone();
        async move {
            match tokio::time::timeout(Duration::from_secs(60), barrier.wait()).await {
                Ok(_) => Ok::<_, ExecutionFailure>("met".to_owned()),
                Err(_) => Ok("alone: the calls did not run at once".to_owned()),
            }
        }
    })
}

/// `sleep(ms)`: answers with its own delay after waiting it.
fn sleep(ran: Arc<AtomicU32>) -> impl agents_core::Tool {
    tool_fn("sleep", "Waits.", move |a: Wait| {
        let ran = ran.clone();
        async move {
            ran.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(a.ms)).await;
            Ok::<_, ExecutionFailure>(format!("slept {}", a.ms))
        }
    })
}

/// Two calls that can only finish together: they do, so they overlapped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_of_one_turn_overlap() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("a", "meet", "{}").and_tool_call("b", "meet", "{}"),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::builder("p")
        .model(model)
        .tool(meet(Arc::new(Barrier::new(2))))
        .build()
        .unwrap();
    let report = agent.run("go".into()).report().await;
    assert_eq!(tool_results(&report.transcript), ["met", "met"]);
}

/// The slowest call first: results still come back in call order.
#[tokio::test(start_paused = true)]
async fn results_come_back_in_call_order() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("1", "sleep", r#"{"ms": 300}"#)
            .and_tool_call("2", "sleep", r#"{"ms": 100}"#)
            .and_tool_call("3", "sleep", r#"{"ms": 200}"#),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::builder("p")
        .model(model)
        .tool(sleep(counter()))
        .build()
        .unwrap();
    let started = tokio::time::Instant::now();
    let report = agent.run("go".into()).report().await;
    assert_eq!(
        tool_results(&report.transcript),
        ["slept 300", "slept 100", "slept 200"]
    );
    assert!(
        started.elapsed() < Duration::from_millis(600),
        "they overlapped"
    );
}

/// A tool-call budget of 2 with 3 calls at once: exactly 2 run, and the run ends on the budget.
#[tokio::test(start_paused = true)]
async fn budgets_count_exactly_under_concurrency() {
    let ran = counter();
    let model = ScriptedModel::new([ModelResponse::tool_call("1", "sleep", r#"{"ms": 10}"#)
        .and_tool_call("2", "sleep", r#"{"ms": 10}"#)
        .and_tool_call("3", "sleep", r#"{"ms": 10}"#)]);
    let agent = LlmAgent::builder("p")
        .model(model)
        .tool(sleep(ran.clone()))
        .budget(Budget {
            max_tool_calls: Some(2),
            ..Budget::default()
        })
        .build()
        .unwrap();
    let report = agent.run("go".into()).report().await;
    assert_eq!(count(&ran), 2);
    assert!(
        matches!(&report.outcome, Err(AgentError::Budget(b)) if b.kind == BudgetKind::ToolCalls),
        "{:?}",
        report.outcome
    );
    assert_eq!(
        tool_results(&report.transcript).len(),
        3,
        "every call has a result"
    );
}

/// `stop`: ends the run (a hard stop, as a handler's throw would).
struct Stop(agents_core::model::ToolSpec);

impl agents_core::Tool for Stop {
    fn spec(&self) -> &agents_core::model::ToolSpec {
        &self.0
    }
    fn call<'a>(
        &'a self,
        _: Value,
        _: &'a agents_core::tool::ToolContext,
    ) -> futures_util::future::BoxFuture<'a, Result<Value, ToolCallError>> {
        Box::pin(async { Err(ToolCallError::Agent(Box::new(AgentError::thrown("unsafe")))) })
    }
}

fn stop() -> Stop {
    Stop(agents_core::model::ToolSpec {
        name: "stop".into(),
        description: "Stops the run.".into(),
        parameters: serde_json::json!({"type": "object"}),
    })
}

/// With two calls at a time: `stop` ends the run while the slow call beside it runs; that
/// call's result is kept, and the call after them never starts.
#[tokio::test(start_paused = true)]
async fn a_hard_stop_keeps_running_siblings_and_starts_no_more() {
    let ran = counter();
    let model = ScriptedModel::new([ModelResponse::tool_call("1", "sleep", r#"{"ms": 50}"#)
        .and_tool_call("2", "stop", "{}")
        .and_tool_call("3", "sleep", r#"{"ms": 50}"#)]);
    let agent = LlmAgent::builder("p")
        .model(model)
        .tool(sleep(ran.clone()))
        .tool(stop())
        .parallel_calls(2)
        .build()
        .unwrap();
    let report = agent.run("go".into()).report().await;
    assert!(
        matches!(report.outcome, Err(AgentError::Thrown { .. })),
        "{:?}",
        report.outcome
    );
    let shown = tool_results(&report.transcript);
    assert_eq!(shown[0], "slept 50");
    assert!(shown[2].starts_with("Not executed"), "{shown:?}");
    assert_eq!(count(&ran), 1);
}
