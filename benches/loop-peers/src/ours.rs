//! The scenario on agents-core's `LlmAgent`.

use std::sync::atomic::{AtomicUsize, Ordering};

use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{
    AgentExt, Budget, ExecutionFailure, LlmAgent, Model, ModelResponse,
    model::{ModelError, ModelRequest},
};
use futures::future::BoxFuture;

use crate::{args_text, call_id};

/// The no-op tool's arguments.
#[derive(serde::Deserialize, schemars::JsonSchema)]
pub struct PingArgs {
    /// Ignored.
    pub n: u32,
}

/// The responses of one run: `calls` turns with one `ping` call each, then `done`.
pub fn script(calls: usize) -> Vec<ModelResponse> {
    (0..calls)
        .map(|i| ModelResponse::tool_call(call_id(i), "ping", args_text(i)))
        .chain(std::iter::once(ModelResponse::text("done")))
        .collect()
}

/// A scripted model that keeps nothing: it hands out a copy of the next scripted response and
/// never looks at the request (unlike [`ScriptedModel`], which clones and keeps every request).
pub struct Replay {
    turns: Vec<ModelResponse>,
    next: AtomicUsize,
}

impl Replay {
    /// Replays `turns` in a loop.
    pub fn new(turns: Vec<ModelResponse>) -> Self {
        Replay {
            turns,
            next: AtomicUsize::new(0),
        }
    }
}

impl Model for Replay {
    fn name(&self) -> &str {
        "replay"
    }

    fn complete<'a>(
        &'a self,
        _request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.turns.len();
        let response = self.turns[i].clone();
        Box::pin(async move { Ok(response) })
    }
}

/// The agent: one no-op tool, every setting at its default except the turn budget, which must
/// allow `calls + 1` turns (the default is 10).
/// One model turn that asks for `calls` calls at once, then the answer.
pub fn fanout_script(calls: usize) -> Vec<ModelResponse> {
    let mut turn = ModelResponse::tool_call(call_id(0), "ping", args_text(0));
    for i in 1..calls {
        turn = turn.and_tool_call(call_id(i), "ping", args_text(i));
    }
    vec![turn, ModelResponse::text("done")]
}

/// The fan-out turn, its calls run `parallel` at a time (1: one after another).
pub fn fanout_agent(calls: usize, parallel: usize) -> LlmAgent<String, String> {
    LlmAgent::builder("bench")
        .prompt("You are a benchmark.")
        .model(Replay::new(fanout_script(calls)))
        .tool(tool_fn("ping", "Does nothing.", |_: PingArgs| async move {
            Ok::<_, ExecutionFailure>("ok")
        }))
        .parallel_calls(parallel)
        .build()
        .expect("a valid agent")
}

pub fn agent(model: impl Model + 'static, calls: usize) -> LlmAgent<String, String> {
    agent_with(model, calls, false)
}

/// [`agent`], its tool declared non-blocking when `in_place` (each call then runs on the run's
/// task on a multi-thread runtime too, instead of on a task of its own).
pub fn agent_with(
    model: impl Model + 'static,
    calls: usize,
    in_place: bool,
) -> LlmAgent<String, String> {
    let ping = tool_fn("ping", "Does nothing.", |_: PingArgs| async move {
        Ok::<_, ExecutionFailure>("ok")
    });
    let ping = if in_place { ping.non_blocking() } else { ping };
    LlmAgent::<String, String>::builder("bench")
        .prompt("You are a benchmark.")
        .model(model)
        .tool(ping)
        .budget(Budget {
            max_turns: Some(calls as u64 + 1),
            ..Budget::default()
        })
        .build()
        .expect("a valid agent")
}

/// The agent over [`Replay`].
pub fn replay_agent(calls: usize) -> LlmAgent<String, String> {
    agent(Replay::new(script(calls)), calls)
}

/// The agent over [`Replay`], its tool declared non-blocking.
pub fn replay_agent_in_place(calls: usize) -> LlmAgent<String, String> {
    agent_with(Replay::new(script(calls)), calls, true)
}

/// The agent over a fresh [`ScriptedModel`] holding one run's script.
pub fn scripted_agent(calls: usize) -> LlmAgent<String, String> {
    agent(ScriptedModel::new(script(calls)), calls)
}

/// One run; panics unless it ends with the scripted answer.
pub async fn run(agent: &LlmAgent<String, String>) -> String {
    let out = agent.run("go".to_owned()).await.expect("the run succeeds");
    assert_eq!(out, "done");
    out
}

/// [`run`] through a journal that records every step's outcome in memory and never replays:
/// what the journal seam itself costs per step (the outcome written as JSON and read back),
/// without any engine's storage or network.
pub async fn run_journaled(agent: &LlmAgent<String, String>) -> String {
    let journal = MemoryJournal::default();
    let report = agent.run("go".to_owned()).journal(&journal).report().await;
    let out = report.into_output().expect("the run succeeds");
    assert_eq!(out, "done");
    out
}

/// Records outcomes in memory.
#[derive(Default)]
struct MemoryJournal {
    entries: std::sync::Mutex<Vec<String>>,
}

impl agents_core::journal::Journal for MemoryJournal {
    fn step<'a>(
        &'a self,
        _step: agents_core::journal::Step,
        work: futures::future::BoxFuture<'a, String>,
    ) -> futures::future::BoxFuture<
        'a,
        Result<agents_core::journal::Recorded, agents_core::journal::JournalError>,
    > {
        Box::pin(async move {
            let value = work.await;
            self.entries.lock().unwrap().push(value.clone());
            Ok(agents_core::journal::Recorded {
                value,
                replayed: false,
            })
        })
    }

    fn sleep(
        &self,
        wait: std::time::Duration,
    ) -> futures::future::BoxFuture<'_, Result<(), agents_core::journal::JournalError>> {
        Box::pin(async move {
            tokio::time::sleep(wait).await;
            Ok(())
        })
    }

    fn random(&self) -> f64 {
        0.5
    }
}
