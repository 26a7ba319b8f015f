//! Where a call runs on a multi-thread runtime: a tool that may block its thread (the default)
//! runs on a task of its own, so its timeout answers while it blocks; a tool that declares it
//! never blocks (`non_blocking`) runs in place, on the run's task, which spares the task and the
//! wakes of another thread that a task of its own costs every call.
use std::sync::{Arc, Mutex};

use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{Budget, ExecutionFailure, ModelResponse, Tool};

use crate::common::*;

/// The task a call ran on, as the tool saw it.
type Seen = Arc<Mutex<Option<tokio::task::Id>>>;

/// Runs one call of `work` (`non_blocking` or not) inside a task of the test's own, and returns
/// that task's id and the id of the task the tool ran on.
async fn task_of_the_call(non_blocking: bool) -> (tokio::task::Id, tokio::task::Id) {
    let seen: Seen = Arc::default();
    let record = seen.clone();
    let tool = tool_fn("work", "Records its task.", move |_: Empty| {
        let record = record.clone();
        async move {
            *record.lock().unwrap() = tokio::task::try_id();
            Ok::<_, ExecutionFailure>("worked")
        }
    });
    let tool = if non_blocking {
        tool.non_blocking()
    } else {
        tool
    };
    assert_eq!(Tool::non_blocking(&tool), non_blocking);
    let run = tokio::spawn(async move {
        let model = ScriptedModel::new([
            ModelResponse::tool_call("c1", "work", "{}"),
            ModelResponse::text("done"),
        ]);
        let report = agent_with(&model, tool, Budget::default())
            .run("go".into())
            .report()
            .await;
        assert!(
            matches!(&report.outcome, Ok(agents_core::Outcome::Done(a)) if a == "done"),
            "{:?}",
            report.outcome
        );
        tokio::task::id()
    });
    let run_task = run.await.expect("the run's task ends");
    let call_task = seen.lock().unwrap().expect("the tool ran inside a task");
    (run_task, call_task)
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Empty {}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_non_blocking_tool_runs_on_the_runs_task() {
    let (run, call) = task_of_the_call(true).await;
    assert_eq!(run, call, "a non-blocking tool's call runs in place");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tool_that_may_block_runs_on_a_task_of_its_own() {
    let (run, call) = task_of_the_call(false).await;
    assert_ne!(run, call, "a call that may block gets a task of its own");
}
