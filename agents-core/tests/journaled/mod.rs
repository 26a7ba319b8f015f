//! The fixtures of the journal tests: an in-memory journal that can die at a chosen step, and
//! an agent that takes every kind of step, with what it reports.
#![allow(dead_code)]

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agents_core::journal::{Journal, JournalError, Recorded, Step};
use agents_core::repair::{Handlers, exponential, retry};
use agents_core::{ExecutionFailure, LlmAgent, Message, ModelResponse};
use futures_util::future::BoxFuture;

use crate::common::{Recorder, counter, flaky};

/// A journal in memory: entries in order; `crashed_in_step` says the process died while the
/// first step past the recorded entries ran.
#[derive(Default)]
pub struct MemoryJournal {
    pub entries: Mutex<Vec<String>>,
    pub cursor: AtomicUsize,
    pub crashed_in_step: AtomicBool,
    pub sleeps: Mutex<Vec<Duration>>,
    pub names: Mutex<Vec<String>>,
    /// The process dies when it reaches this entry (nothing past the entries before it is
    /// recorded; every step from there on never completes), and `died` is told.
    pub dies_at: Option<usize>,
    pub died: Arc<tokio::sync::Notify>,
}

impl MemoryJournal {
    /// The entries of `self` up to `n`, to replay in a new "process"; `crashed` when the process
    /// died while step `n` ran.
    pub fn prefix(&self, n: usize, crashed: bool) -> MemoryJournal {
        let entries = self.entries.lock().unwrap()[..n].to_vec();
        MemoryJournal {
            entries: Mutex::new(entries),
            crashed_in_step: AtomicBool::new(crashed),
            ..MemoryJournal::default()
        }
    }

    pub fn len(&self) -> usize {
        self.entries.lock().unwrap().len()
    }

    /// A journal whose process dies when it reaches entry `n`.
    pub fn dying_at(n: usize) -> MemoryJournal {
        MemoryJournal {
            dies_at: Some(n),
            ..MemoryJournal::default()
        }
    }

    /// The recorded entry at the cursor, if any (the cursor moves on either way); never
    /// returns once the process is dead.
    async fn next(&self) -> Option<String> {
        let i = self.cursor.fetch_add(1, Ordering::SeqCst);
        let recorded = self.entries.lock().unwrap().get(i).cloned();
        if recorded.is_none() && self.dies_at.is_some_and(|n| i >= n) {
            self.died.notify_one();
            std::future::pending::<()>().await;
        }
        recorded
    }

    fn record(&self, value: String) -> Recorded {
        self.entries.lock().unwrap().push(value.clone());
        Recorded {
            value,
            replayed: false,
        }
    }
}

impl Journal for MemoryJournal {
    fn step<'a>(
        &'a self,
        step: Step,
        work: BoxFuture<'a, String>,
    ) -> BoxFuture<'a, Result<Recorded, JournalError>> {
        Box::pin(async move {
            self.names.lock().unwrap().push(step.name.clone());
            if let Some(value) = self.next().await {
                return Ok(Recorded {
                    value,
                    replayed: true,
                });
            }
            if self.crashed_in_step.swap(false, Ordering::SeqCst)
                && let Some(unknown) = step.if_interrupted
            {
                return Ok(self.record(unknown));
            }
            let value = work.await;
            Ok(self.record(value))
        })
    }

    fn sleep(&self, wait: Duration) -> BoxFuture<'_, Result<(), JournalError>> {
        self.sleeps.lock().unwrap().push(wait);
        Box::pin(async { Ok(()) })
    }

    fn random(&self) -> f64 {
        0.5
    }
}

/// What a run reported: its events (as JSON, without the times that differ between runs) and
/// its hooks' calls, in order.
#[derive(Clone, Default)]
pub struct Reported {
    pub events: Recorder,
    pub hooks: Arc<Mutex<Vec<String>>>,
}

impl Reported {
    pub fn events(&self) -> Vec<serde_json::Value> {
        self.events
            .events()
            .iter()
            .map(|e| {
                let mut v = serde_json::to_value(e).unwrap();
                v.as_object_mut().unwrap().remove("elapsed");
                v
            })
            .collect()
    }

    pub fn hooks(&self) -> Vec<String> {
        self.hooks.lock().unwrap().clone()
    }
}

/// The model of the scenario: its answer depends only on how many turns the request holds, so
/// a replaying process asks it only the turns that were not recorded.
pub struct ByTurn(pub Vec<ModelResponse>);

impl agents_core::Model for ByTurn {
    fn name(&self) -> &str {
        "by-turn"
    }

    fn complete<'a>(
        &'a self,
        request: &'a agents_core::model::ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, agents_core::model::ModelError>> {
        let turn = request
            .messages
            .iter()
            .filter(|m| matches!(m, Message::Assistant { .. }))
            .count();
        Box::pin(async move { Ok(self.0[turn].clone()) })
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Amount {
    amount: u32,
}

/// Every kind of step at once: two calls of one turn run concurrently (one retried after a
/// transient failure, one whose arguments are repaired), an invented tool name, a tool that
/// fails permanently, then the answer. `world` is what outlives a crash (the tools' counters).
pub fn busy_agent(world: &[Arc<AtomicU32>; 2], seen: &Reported) -> LlmAgent {
    let model = ByTurn(vec![
        ModelResponse::tool_call("c1", "lookup", "{}").and_tool_call(
            "c2",
            "charge",
            r#"{"amount": 5,}"#,
        ),
        ModelResponse::tool_call("c3", "nosuch", "{}").and_tool_call("c4", "broken", "{}"),
        ModelResponse::text("done"),
    ]);
    let lookup = flaky(
        "lookup",
        1,
        true,
        || ExecutionFailure::transient("busy"),
        world[0].clone(),
    );
    let broken = flaky(
        "broken",
        u32::MAX,
        false,
        || ExecutionFailure::new("no such account").permanent(),
        world[1].clone(),
    );
    let charge = agents_core::tool::tool_fn("charge", "Charges.", |a: Amount| async move {
        Ok::<_, ExecutionFailure>(format!("charged {}", a.amount))
    });
    let (tool_uses, checkpoints) = (seen.hooks.clone(), seen.hooks.clone());
    LlmAgent::builder("busy")
        .model(model)
        .tool_with(
            lookup,
            Handlers::new().execution_error(retry(3, exponential())),
        )
        .tool(charge)
        .tool(broken)
        .on_event(seen.events.hook())
        .on_tool_use(move |u| {
            let line = format!("tool_use {} error={}", u.name, u.is_error);
            tool_uses.lock().unwrap().push(line);
        })
        .on_checkpoint(move |c| {
            let line = format!("checkpoint {}", c.messages.len());
            checkpoints.lock().unwrap().push(line);
        })
        .build()
        .unwrap()
}

pub fn world() -> [Arc<AtomicU32>; 2] {
    [counter(), counter()]
}
