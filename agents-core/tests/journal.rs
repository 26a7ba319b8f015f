//! The journal seam: a run given a journal hands every model call, tool execution, wait and
//! jitter draw to it; replaying the recorded journal reproduces the run without asking the model
//! or running a tool again, announces nothing twice, and a tool that was executing when the
//! process died is run again only if it is idempotent.
mod common;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agents_core::journal::{Journal, JournalError, Recorded, Step};
use agents_core::repair::{Handlers, exponential, retry};
use agents_core::testing::ScriptedModel;
use agents_core::{ExecutionFailure, LlmAgent, Message, ModelResponse, Tool};
use common::*;
use futures_util::future::BoxFuture;

/// A journal in memory: entries in order; `crashed_in_step` says the process died while the
/// first step past the recorded entries ran.
#[derive(Default)]
struct MemoryJournal {
    entries: Mutex<Vec<String>>,
    cursor: AtomicUsize,
    crashed_in_step: AtomicBool,
    sleeps: Mutex<Vec<Duration>>,
    names: Mutex<Vec<String>>,
}

impl MemoryJournal {
    /// The entries of `self` up to `n`, to replay in a new "process"; `crashed` when the process
    /// died while step `n` ran.
    fn prefix(&self, n: usize, crashed: bool) -> MemoryJournal {
        let entries = self.entries.lock().unwrap()[..n].to_vec();
        MemoryJournal {
            entries: Mutex::new(entries),
            crashed_in_step: AtomicBool::new(crashed),
            ..MemoryJournal::default()
        }
    }

    fn len(&self) -> usize {
        self.entries.lock().unwrap().len()
    }

    /// The recorded entry at the cursor, if any (the cursor moves on either way).
    fn next(&self) -> Option<String> {
        let i = self.cursor.fetch_add(1, Ordering::SeqCst);
        self.entries.lock().unwrap().get(i).cloned()
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
            if let Some(value) = self.next() {
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

    fn now_ms(&self) -> BoxFuture<'_, Result<u64, JournalError>> {
        Box::pin(async move {
            let value = match self.next() {
                Some(v) => v,
                None => self.record("1000".to_owned()).value,
            };
            value
                .parse()
                .map_err(|e| JournalError::new("clock", format!("{e}")))
        })
    }
}

/// `charge` (not idempotent) or `put` (idempotent): counts its executions.
fn counting(
    name: &'static str,
    idempotent: bool,
    calls: Arc<std::sync::atomic::AtomicU32>,
) -> impl Tool {
    flaky(
        name,
        0,
        idempotent,
        || ExecutionFailure::new("never"),
        calls,
    )
}

fn agent(model: ScriptedModel, tool: impl Tool, events: &Recorder) -> LlmAgent {
    LlmAgent::builder("journaled")
        .model(model)
        .tool(tool)
        .on_event(events.hook())
        .build()
        .unwrap()
}

fn script(tool: &str) -> ScriptedModel {
    ScriptedModel::new([
        ModelResponse::tool_call("c1", tool, "{}"),
        ModelResponse::text("done"),
    ])
}

fn recorder() -> Recorder {
    Recorder(Arc::new(Mutex::new(Vec::new())))
}

fn announced(events: &Recorder) -> (usize, usize) {
    let names = events.names();
    let n = |what: &str| names.iter().filter(|n| n.as_str() == what).count();
    (n("model_responded"), n("tool_started"))
}

/// Replaying a whole journal: the same answer and transcript, no model call, no tool execution,
/// no step announced again.
#[tokio::test]
async fn replay_reproduces_the_run_without_running_its_steps() {
    let calls = counter();
    let events = recorder();
    let journal = MemoryJournal::default();
    let first = agent(
        script("charge"),
        counting("charge", false, calls.clone()),
        &events,
    )
    .run_journaled("go".to_owned(), &journal)
    .await;
    assert_eq!(first.output.unwrap(), "done");
    assert_eq!(count(&calls), 1);
    assert_eq!(announced(&events), (2, 1));
    assert_eq!(
        *journal.names.lock().unwrap(),
        ["model", "tool:charge", "model"]
    );

    let replay_events = recorder();
    let empty = ScriptedModel::new(Vec::<ModelResponse>::new());
    let replay = journal.prefix(journal.len(), false);
    let again = agent(
        empty.clone(),
        counting("charge", false, calls.clone()),
        &replay_events,
    )
    .run_journaled("go".to_owned(), &replay)
    .await;
    assert_eq!(again.output.unwrap(), "done");
    assert_eq!(again.transcript, first.transcript);
    assert_eq!(count(&calls), 1, "the tool did not run again");
    assert!(empty.requests().is_empty(), "the model was not asked");
    assert_eq!(announced(&replay_events), (0, 0), "nothing announced twice");
}

/// The process died while a tool that is not safe to repeat ran: the replay records "outcome
/// unknown after a crash" for it, the model reads that, and the tool does not run again.
#[tokio::test]
async fn a_tool_cut_short_by_a_crash_is_not_run_again_unless_idempotent() {
    for (tool, idempotent) in [("charge", false), ("put", true)] {
        let calls = counter();
        let journal = MemoryJournal::default();
        agent(
            script(tool),
            counting(tool, idempotent, calls.clone()),
            &recorder(),
        )
        .run_journaled("go".to_owned(), &journal)
        .await
        .output
        .unwrap();
        // Clock and first model call recorded; the process died in the tool's execution.
        let after_crash = journal.prefix(2, true);
        let model = ScriptedModel::new([ModelResponse::text("done")]);
        let report = agent(
            model,
            counting(tool, idempotent, calls.clone()),
            &recorder(),
        )
        .run_journaled("go".to_owned(), &after_crash)
        .await;
        assert_eq!(report.output.unwrap(), "done");
        let result = report
            .transcript
            .iter()
            .find_map(|m| match m {
                Message::Tool(r) => Some(r.clone()),
                _ => None,
            })
            .unwrap();
        if idempotent {
            assert_eq!(count(&calls), 2, "{tool} ran again");
            assert!(!result.is_error, "{result:?}");
        } else {
            assert_eq!(count(&calls), 1, "{tool} did not run again");
            assert!(result.is_error, "{result:?}");
            assert!(
                result.content.contains("outcome unknown after a crash"),
                "{result:?}"
            );
        }
    }
}

/// A retry's backoff draws its jitter from the journal and waits through it: the same wait on
/// replay, and a durable sleep instead of a timer of the process.
#[tokio::test]
async fn retry_waits_and_jitter_go_through_the_journal() {
    let calls = counter();
    let tool = flaky(
        "lookup",
        1,
        true,
        || ExecutionFailure::transient("busy"),
        calls.clone(),
    );
    let agent = LlmAgent::builder("journaled")
        .model(script("lookup"))
        .tool_with(
            tool,
            Handlers::new().execution_error(retry(3, exponential())),
        )
        .build()
        .unwrap();
    let journal = MemoryJournal::default();
    let report = agent.run_journaled("go".to_owned(), &journal).await;
    assert_eq!(report.output.unwrap(), "done");
    assert_eq!(count(&calls), 2);
    // exponential(): 200 ms nominal, jittered into [100, 200] ms; the journal's draw is 0.5.
    assert_eq!(
        *journal.sleeps.lock().unwrap(),
        [Duration::from_millis(150)]
    );
}

/// A `regenerate()` step's model call is a journaled step like a turn's: here an invented tool
/// name is regenerated (`unknown_tool => regenerate()`); the replay reads the regenerated call
/// from the journal, asks the model nothing, runs no tool and announces nothing again.
#[tokio::test]
async fn a_regenerated_call_is_journaled_and_replayed() {
    use agents_core::model::ConstraintSupport;
    use agents_core::repair::regenerate;
    let run = |model: ScriptedModel, calls, events: &Recorder| {
        LlmAgent::builder("journaled")
            .model(model)
            .tool(counting("charge", false, calls))
            .on_error(Handlers::new().unknown_tool(regenerate()))
            .on_event(events.hook())
            .build()
            .unwrap()
    };
    let calls = counter();
    let events = recorder();
    let journal = MemoryJournal::default();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "charge_card", "{}"),
        ModelResponse::tool_call("r1", "charge", "{}"),
        ModelResponse::text("done"),
    ])
    .with_constraint_support(ConstraintSupport::Schema);
    let first = run(model, calls.clone(), &events)
        .run_journaled("go".to_owned(), &journal)
        .await;
    assert_eq!(first.output.unwrap(), "done");
    assert_eq!(count(&calls), 1);
    assert_eq!(
        *journal.names.lock().unwrap(),
        ["model", "regenerate charge_card", "tool:charge", "model"]
    );
    let regenerated = |events: &Recorder| {
        events
            .names()
            .iter()
            .filter(|n| n.as_str() == "regenerated")
            .count()
    };
    assert_eq!(regenerated(&events), 1);

    let replay_events = recorder();
    let empty = ScriptedModel::new(Vec::<ModelResponse>::new())
        .with_constraint_support(ConstraintSupport::Schema);
    let replay = journal.prefix(journal.len(), false);
    let again = run(empty.clone(), calls.clone(), &replay_events)
        .run_journaled("go".to_owned(), &replay)
        .await;
    assert_eq!(again.output.unwrap(), "done");
    assert_eq!(again.transcript, first.transcript);
    assert_eq!(count(&calls), 1, "the tool did not run again");
    assert!(empty.requests().is_empty(), "the model was not asked");
    assert_eq!(regenerated(&replay_events), 0, "not announced twice");
}
