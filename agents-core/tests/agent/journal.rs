//! The journal seam: a run given a journal hands every model call, tool execution, wait and
//! jitter draw to it; replaying the recorded journal reproduces the run without asking the model
//! or running a tool again, announces nothing twice, and a tool that was executing when the
//! process died is run again only if it is idempotent; events and hooks report every real step
//! once across the crash.
use crate::common;
use crate::journaled;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use agents_core::journal::{Journal, JournalError, Recorded, Step};
use agents_core::repair::{Handlers, exponential, retry};
use agents_core::testing::ScriptedModel;
use agents_core::{ExecutionFailure, LlmAgent, Message, ModelResponse, Tool};
use common::*;
use futures_util::future::BoxFuture;
use journaled::*;

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
    .run("go".to_owned())
    .journal(&journal)
    .report()
    .await;
    assert_eq!(first.output().unwrap(), "done");
    assert_eq!(count(&calls), 1);
    assert_eq!(announced(&events), (2, 1));
    assert_eq!(
        *journal.names.lock().unwrap(),
        ["clock", "model", "tool:charge", "model", "run end"]
    );

    let replay_events = recorder();
    let empty = ScriptedModel::new(Vec::<ModelResponse>::new());
    let replay = journal.prefix(journal.len(), false);
    let again = agent(
        empty.clone(),
        counting("charge", false, calls.clone()),
        &replay_events,
    )
    .run("go".to_owned())
    .journal(&replay)
    .report()
    .await;
    assert_eq!(again.output().unwrap(), "done");
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
        .run("go".to_owned())
        .journal(&journal)
        .report()
        .await
        .into_output()
        .unwrap();
        // Clock and first model call recorded; the process died in the tool's execution.
        let after_crash = journal.prefix(2, true);
        let model = ScriptedModel::new([ModelResponse::text("done")]);
        let report = agent(
            model,
            counting(tool, idempotent, calls.clone()),
            &recorder(),
        )
        .run("go".to_owned())
        .journal(&after_crash)
        .report()
        .await;
        assert_eq!(report.output().unwrap(), "done");
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
    let report = agent.run("go".to_owned()).journal(&journal).report().await;
    assert_eq!(report.output().unwrap(), "done");
    assert_eq!(count(&calls), 2);
    // exponential(): 200 ms nominal, jittered into [100, 200] ms; the journal's draw is 0.5.
    assert_eq!(
        *journal.sleeps.lock().unwrap(),
        [Duration::from_millis(150)]
    );
}

/// The process dies before each step in turn (the steps before it recorded, the events and
/// hooks of everything it did reported), and a new process replays the journal: what the two
/// processes reported together is exactly what one uninterrupted run reports, each real step
/// once, each call's events in order; the new process adds one `run_resumed` when it picks up
/// a recorded run.
#[tokio::test]
async fn a_crash_and_a_replay_report_every_step_once() {
    let reference = Reported::default();
    let whole = MemoryJournal::default();
    let expected = busy_agent(&world(), &reference)
        .run("go".to_owned())
        .journal(&whole)
        .report()
        .await;
    assert_eq!(expected.output().unwrap(), "done");
    let names = reference.events.names();
    for kind in [
        "run_started",
        "model_responded",
        "tool_started",
        "tool_finished",
        "retry",
        "repaired",
        "tool_hallucinated",
        "tool_failed",
        "run_finished",
    ] {
        assert!(names.iter().any(|n| n == kind), "no {kind} in {names:?}");
    }
    let steps = whole.len();
    assert!(steps >= 7, "{:?}", whole.names.lock().unwrap());

    for k in 0..steps {
        let world = world();
        let first = Reported::default();
        let dying = MemoryJournal::dying_at(k);
        let died = dying.died.clone();
        let agent = busy_agent(&world, &first);
        tokio::select! {
            _ = agent.run("go".to_owned()).journal(&dying).report() => panic!("the process died at {k}"),
            _ = died.notified() => {}
        }
        assert_eq!(dying.len(), k);

        let second = Reported::default();
        let replay = dying.prefix(k, false);
        let report = busy_agent(&world, &second)
            .run("go".to_owned())
            .journal(&replay)
            .report()
            .await;
        assert_eq!(report.output().unwrap(), "done", "crash at {k}");
        assert_eq!(report.transcript, expected.transcript, "crash at {k}");

        let resumed: Vec<_> = second
            .events()
            .into_iter()
            .filter(|e| e["event"] == "run_resumed")
            .collect();
        if k == 0 {
            assert!(resumed.is_empty(), "nothing was recorded: {resumed:?}");
        } else {
            assert_eq!(resumed.len(), 1, "crash at {k}: {resumed:?}");
            // The start time is an entry of its own; the others are model calls and tools.
            assert_eq!(resumed[0]["replayed_steps"], k - 1, "crash at {k}");
        }
        let mut together = first.events();
        together.extend(
            second
                .events()
                .into_iter()
                .filter(|e| e["event"] != "run_resumed"),
        );
        // The two processes' reports together are the uninterrupted run's: the same events,
        // each call's in the same order (calls of one turn run at once, so the dead process
        // may have reported a later call's repair before an earlier call's execution).
        let strand = |events: &[serde_json::Value], call: &serde_json::Value| -> Vec<String> {
            events
                .iter()
                .filter(|e| e["call_id"] == *call)
                .map(ToString::to_string)
                .collect()
        };
        let expected_events = reference.events();
        for call in ["c1", "c2", "c3", "c4"]
            .map(serde_json::Value::from)
            .into_iter()
            .chain([serde_json::Value::Null])
        {
            assert_eq!(
                strand(&together, &call),
                strand(&expected_events, &call),
                "crash at {k}, call {call}"
            );
        }
        assert_eq!(together.len(), expected_events.len(), "crash at {k}");
        let mut hooks = first.hooks();
        hooks.extend(second.hooks());
        assert_eq!(hooks, reference.hooks(), "crash at {k}");
    }
}

/// The process dies after a step's outcome reached the journal and before the journal's
/// acknowledgement reached it (on Restate: the server stored the entry, the process was killed
/// during the round trip), at each step in turn. The step's own reports (the run's start, a
/// model response, a tool's start and end, a regenerated call, the run's end) were made by the
/// process that ran the step, before it handed the outcome over: across the two processes each
/// is reported exactly once. What the run derives from an outcome after the acknowledgement
/// (repairs, retries, failures fed back, hook calls) may be lost with the process, never
/// repeated.
#[tokio::test]
async fn a_step_recorded_but_never_acknowledged_is_reported_once() {
    let reference = Reported::default();
    let whole = MemoryJournal::default();
    busy_agent(&world(), &reference)
        .run("go".to_owned())
        .journal(&whole)
        .report()
        .await
        .into_output()
        .unwrap();
    let steps = whole.len();
    let own = [
        "run_started",
        "model_responded",
        "tool_started",
        "tool_finished",
        "regenerated",
        "run_finished",
    ];
    let count = |events: &[serde_json::Value]| {
        let mut counts = std::collections::BTreeMap::<String, usize>::new();
        for e in events {
            let kind = e["event"].as_str().unwrap_or("?").to_owned();
            *counts.entry(kind).or_default() += 1;
        }
        counts
    };
    let expected = count(&reference.events());
    for k in 0..steps {
        let world = world();
        let first = Reported::default();
        let dying = MemoryJournal::unacknowledged_at(k);
        let died = dying.died.clone();
        let agent = busy_agent(&world, &first);
        tokio::select! {
            _ = agent.run("go".to_owned()).journal(&dying).report() => panic!("the process died at {k}"),
            _ = died.notified() => {}
        }
        assert_eq!(dying.len(), k + 1, "step {k} was recorded");

        let second = Reported::default();
        let replay = dying.prefix(k + 1, false);
        let report = busy_agent(&world, &second)
            .run("go".to_owned())
            .journal(&replay)
            .report()
            .await;
        assert_eq!(report.output().unwrap(), "done", "crash at {k}");

        let mut together = first.events();
        together.extend(second.events());
        let got = count(&together);
        for kind in own {
            assert_eq!(
                got.get(kind),
                expected.get(kind),
                "{kind}, recorded at {k} and never acknowledged"
            );
        }
        for (kind, n) in &got {
            if kind != "run_resumed" {
                assert!(
                    *n <= expected.get(kind).copied().unwrap_or(0),
                    "{kind} repeated ({n}), recorded at {k} and never acknowledged"
                );
            }
        }
        let mut hooks = first.hooks();
        hooks.extend(second.hooks());
        for hook in &hooks {
            let n = |all: &[String]| all.iter().filter(|h| *h == hook).count();
            assert!(
                n(&hooks) <= n(&reference.hooks()),
                "{hook} repeated, at {k}"
            );
        }
    }
}

/// The journal of the busy agent's whole run.
async fn finished_journal() -> MemoryJournal {
    let whole = MemoryJournal::default();
    busy_agent(&world(), &Reported::default())
        .run("go".to_owned())
        .journal(&whole)
        .report()
        .await
        .into_output()
        .unwrap();
    whole
}

/// What a process reports when it replays a finished run `whole` up to entry `upto`.
async fn replayed_reports(whole: &MemoryJournal, upto: usize) -> (Vec<String>, Vec<String>) {
    let again = Reported::default();
    let replay = whole.prefix(upto, false);
    let report = busy_agent(&world(), &again)
        .run("go".to_owned())
        .journal(&replay)
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "done");
    let kinds = again
        .events()
        .iter()
        .map(|e| e["event"].as_str().unwrap_or("?").to_owned())
        .collect();
    (kinds, again.hooks())
}

/// A process that replays a whole journal, the run's end included (the run had ended and its
/// result was not stored yet: the process before died, or the engine ended that attempt),
/// reports nothing: the process that ran the end step reported it. (The old behaviour reported
/// the end again from every such replay.)
#[tokio::test]
async fn replaying_a_finished_run_reports_nothing() {
    let whole = finished_journal().await;
    assert_eq!(whole.names.lock().unwrap().last().unwrap(), "run end");
    let (kinds, hooks) = replayed_reports(&whole, whole.len()).await;
    assert_eq!(kinds, Vec::<String>::new());
    assert_eq!(hooks, Vec::<String>::new());
}

/// A process that replays every step but the end (the one before died after its last step and
/// before its end was recorded) reports no step again and no hook, but the run's end, once,
/// after announcing the pick-up: nothing recorded says whether the end was reported.
#[tokio::test]
async fn replaying_a_run_up_to_its_end_reports_only_its_end() {
    let whole = finished_journal().await;
    let (kinds, hooks) = replayed_reports(&whole, whole.len() - 1).await;
    assert_eq!(kinds, ["run_resumed", "run_finished"]);
    assert_eq!(hooks, Vec::<String>::new());
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
        .run("go".to_owned())
        .journal(&journal)
        .report()
        .await;
    assert_eq!(first.output().unwrap(), "done");
    assert_eq!(count(&calls), 1);
    assert_eq!(
        *journal.names.lock().unwrap(),
        [
            "clock",
            "model",
            "regenerate charge_card",
            "tool:charge",
            "model",
            "run end"
        ]
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
        .run("go".to_owned())
        .journal(&replay)
        .report()
        .await;
    assert_eq!(again.output().unwrap(), "done");
    assert_eq!(again.transcript, first.transcript);
    assert_eq!(count(&calls), 1, "the tool did not run again");
    assert!(empty.requests().is_empty(), "the model was not asked");
    assert_eq!(regenerated(&replay_events), 0, "not announced twice");
}

/// A journal that records every step as `MemoryJournal` does, but hands back `value` instead of
/// what it recorded for a step named `step*` that ran in this process.
struct HandsBack {
    journal: MemoryJournal,
    step: &'static str,
    value: &'static str,
}

impl HandsBack {
    fn new(step: &'static str, value: &'static str) -> Self {
        HandsBack {
            journal: MemoryJournal::default(),
            step,
            value,
        }
    }
}

impl Journal for HandsBack {
    fn step<'a>(
        &'a self,
        step: Step,
        work: BoxFuture<'a, String>,
    ) -> BoxFuture<'a, Result<Recorded, JournalError>> {
        Box::pin(async move {
            let handed = step.name.starts_with(self.step);
            let mut recorded = self.journal.step(step, work).await?;
            if handed && !recorded.replayed {
                recorded.value = self.value.to_owned();
            }
            Ok(recorded)
        })
    }

    fn sleep(&self, wait: Duration) -> BoxFuture<'_, Result<(), JournalError>> {
        self.journal.sleep(wait)
    }

    fn random(&self) -> f64 {
        self.journal.random()
    }
}

/// A run of `model` with the tool `charge` (counting into `calls`) through `journal`.
async fn charge_through(
    model: ScriptedModel,
    calls: &Arc<std::sync::atomic::AtomicU32>,
    journal: &dyn Journal,
) -> agents_core::RunReport<String> {
    agent(model, counting("charge", false, calls.clone()), &recorder())
        .run("go".to_owned())
        .journal(journal)
        .report()
        .await
}

/// A model turn that ran in this process goes on with the response it got, not with its record
/// decoded back (a decode per turn saved: the response reads back exactly, so a replay decides
/// the same); the record is what a replay reads, and it reproduces the run.
#[tokio::test]
async fn a_model_turn_that_ran_here_goes_on_with_its_own_response() {
    let calls = counter();
    let journal = HandsBack::new("model", "not the outcome");
    let first = charge_through(script("charge"), &calls, &journal).await;
    assert_eq!(first.output().unwrap(), "done", "{:?}", first.outcome);
    assert_eq!(count(&calls), 1);

    // Read back, as a replay reads them, the recorded turns decode and reproduce the run.
    let replay = journal.journal.prefix(journal.journal.len(), false);
    let empty = ScriptedModel::new(Vec::<ModelResponse>::new());
    let again = charge_through(empty, &calls, &replay).await;
    assert_eq!(again.output().unwrap(), "done");
    assert_eq!(again.transcript, first.transcript);
    assert_eq!(count(&calls), 1, "the tool did not run again");
}

/// A tool's outcome is read back from its record even when the tool ran here (its value may
/// hold a float that does not read back exactly): what the journal hands back is what the model
/// reads, live as on replay.
#[tokio::test]
async fn a_tool_step_reads_its_outcome_back_from_the_journal() {
    let journal = HandsBack::new("tool:", r#"{"Ok":"as recorded"}"#);
    let report = charge_through(script("charge"), &counter(), &journal).await;
    assert_eq!(report.output().unwrap(), "done");
    let results: Vec<&str> = report
        .transcript
        .iter()
        .filter_map(|m| match m {
            Message::Tool(r) => Some(r.content.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(results, ["as recorded"]);
}
