//! Resuming a run from a stored checkpoint: nothing that produced a result runs again, a call the
//! interruption cut short runs again only if its tool is idempotent, an answered run returns its
//! answer without a model call, and what the run spent before still counts against its budget.
use crate::common;

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agents_core::conversation::Checkpoint;
use agents_core::testing::ScriptedModel;
use agents_core::tool::{Tool, tool_fn};
use agents_core::{
    AgentError, Budget, ExecutionFailure, LlmAgent, Message, ModelResponse, budget::BudgetKind,
};
use common::*;

/// `charge`: not idempotent (a payment); counts its executions.
fn charge(calls: Arc<AtomicU32>) -> impl Tool {
    tool_fn("charge", "Charges a card.", move |_: NoArgs| {
        let calls = calls.clone();
        async move {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok::<_, ExecutionFailure>("charged".to_owned())
        }
    })
}

struct Setup {
    agent: LlmAgent<String, String>,
    weather_calls: Arc<AtomicU32>,
    charge_calls: Arc<AtomicU32>,
    checkpoints: Arc<Mutex<Vec<Checkpoint>>>,
}

fn setup(model: &ScriptedModel, budget: Budget) -> Setup {
    let weather_calls = counter();
    let charge_calls = counter();
    let checkpoints = Arc::new(Mutex::new(Vec::new()));
    let store = checkpoints.clone();
    let agent = LlmAgent::<String, String>::builder("shop")
        .model(model.clone())
        .tool(weather(weather_calls.clone()))
        .tool(charge(charge_calls.clone()))
        .budget(budget)
        .on_checkpoint(move |c| store.lock().unwrap().push(c.clone()))
        .build()
        .unwrap();
    Setup {
        agent,
        weather_calls,
        charge_calls,
        checkpoints,
    }
}

/// Runs a turn that calls `weather` then `charge`, and returns every checkpoint it stored, each
/// through JSON (as a store would keep it).
async fn checkpoints_of_one_round() -> Vec<Checkpoint> {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("w", "weather", r#"{"city": "Oslo"}"#)
            .and_tool_call("c", "charge", "{}"),
        ModelResponse::text("Done."),
    ]);
    let s = setup(&model, Budget::default());
    s.agent.run("Go.".into()).report().await.output().unwrap();
    let stored = s.checkpoints.lock().unwrap().clone();
    stored
        .iter()
        .map(|c| serde_json::from_str(&serde_json::to_string(c).unwrap()).unwrap())
        .collect()
}

fn result_of<'a>(messages: &'a [Message], call_id: &str) -> &'a str {
    messages
        .iter()
        .find_map(|m| match m {
            Message::Tool(r) if r.call_id == call_id => Some(r.content.as_str()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no result for {call_id}: {messages:?}"))
}

/// Checkpoints come after each message: user, the calls, each result, the answer.
#[tokio::test]
async fn a_checkpoint_follows_every_message() {
    let stored = checkpoints_of_one_round().await;
    let lengths: Vec<usize> = stored.iter().map(|c| c.messages.len()).collect();
    assert_eq!(lengths, [1, 2, 3, 4, 5]);
    assert_eq!(stored[4].spent.turns, 2);
    assert_eq!(stored[4].spent.tool_calls, 2);
}

/// Interrupted after `weather` answered, before `charge` did: `weather` keeps its result and
/// does not run; `charge` may have run and is not idempotent, so it does not run again and the
/// model reads that its outcome is unknown.
#[tokio::test]
async fn a_recorded_result_is_kept_and_an_unsafe_call_is_not_repeated() {
    let stored = checkpoints_of_one_round().await;
    let interrupted = stored[2].clone();
    let model = ScriptedModel::new([ModelResponse::text("I could not confirm the charge.")]);
    let s = setup(&model, Budget::default());
    let report = s.agent.resume(interrupted).report().await;
    assert_eq!(report.output().unwrap(), "I could not confirm the charge.");
    assert_eq!(s.weather_calls.load(Ordering::SeqCst), 0);
    assert_eq!(s.charge_calls.load(Ordering::SeqCst), 0);
    assert!(result_of(&report.transcript, "w").contains("sunny"));
    assert!(result_of(&report.transcript, "c").starts_with("Outcome unknown"));
    assert_eq!(report.turns, 2, "turns go on from the stored count");
    let sent = &model.requests()[0].messages;
    assert_eq!(sent.len(), 4, "user, calls, two results: {sent:?}");
}

/// Interrupted before any result: the idempotent `weather` runs again, `charge` does not.
#[tokio::test]
async fn an_idempotent_call_cut_short_runs_again() {
    let stored = checkpoints_of_one_round().await;
    let model = ScriptedModel::new([ModelResponse::text("ok")]);
    let s = setup(&model, Budget::default());
    let report = s.agent.resume(stored[1].clone()).report().await;
    assert_eq!(report.output().unwrap(), "ok");
    assert_eq!(s.weather_calls.load(Ordering::SeqCst), 1);
    assert_eq!(s.charge_calls.load(Ordering::SeqCst), 0);
    assert!(result_of(&report.transcript, "c").starts_with("Outcome unknown"));
}

/// A run stored after its answer returns that answer; the model is not called.
#[tokio::test]
async fn an_answered_run_returns_its_answer_without_a_model_call() {
    let stored = checkpoints_of_one_round().await;
    let model = ScriptedModel::new([]);
    let s = setup(&model, Budget::default());
    let report = s.agent.resume(stored[4].clone()).report().await;
    assert_eq!(report.output().unwrap(), "Done.");
    assert!(model.requests().is_empty());
}

/// What the run spent before the interruption counts: two turns spent of a two-turn budget
/// leave none for the resumed run, and time spent before counts against `max_duration`.
#[tokio::test]
async fn spending_before_the_interruption_counts() {
    let stored = checkpoints_of_one_round().await;
    let mut after_round = stored[3].clone();
    let model = ScriptedModel::new([ModelResponse::text("never")]);
    let s = setup(
        &model,
        Budget {
            max_turns: Some(1),
            ..Budget::default()
        },
    );
    let report = s.agent.resume(after_round.clone()).report().await;
    assert!(
        matches!(&report.outcome, Err(AgentError::Budget(b)) if b.kind == BudgetKind::Turns),
        "{:?}",
        report.outcome
    );

    after_round.elapsed = Duration::from_secs(3600);
    let s = setup(
        &model,
        Budget {
            max_duration: Some(Duration::from_secs(60)),
            ..Budget::default()
        },
    );
    let report = s.agent.resume(after_round).report().await;
    assert!(
        matches!(&report.outcome, Err(AgentError::Budget(b)) if b.kind == BudgetKind::Duration),
        "{:?}",
        report.outcome
    );
    assert!(model.requests().is_empty());
}
