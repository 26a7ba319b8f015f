//! A person in the loop: calls that need approval are held before they run (with repaired
//! arguments), the run pauses with a serializable state, and resumes (in a new agent, after a
//! JSON round trip) with approvals, denials and edits; waiting counts against the run's time.
use crate::common;

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use agents_core::conversation::Paused;
use agents_core::testing::ScriptedModel;
use agents_core::tool::{Tool, tool_fn};
use agents_core::{
    AgentError, Budget, Event, ExecutionFailure, LlmAgent, Message, ModelResponse, Outcome,
    RunReport, budget::BudgetKind,
};
use common::*;
use serde_json::json;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Charge {
    amount: u32,
}

/// `charge(amount)`: records every amount it charged.
fn charge(charged: Arc<Mutex<Vec<u32>>>) -> impl Tool {
    tool_fn("charge", "Charges a card.", move |a: Charge| {
        let charged = charged.clone();
        async move {
            charged.lock().unwrap().push(a.amount);
            Ok::<_, ExecutionFailure>(format!("charged {}", a.amount))
        }
    })
}

struct Shop {
    agent: LlmAgent,
    model: ScriptedModel,
    charged: Arc<Mutex<Vec<u32>>>,
    forecasts: Arc<AtomicU32>,
    events: Recorder,
}

/// A fresh agent (as a new process would build it) whose `charge` calls need approval.
fn shop(responses: Vec<ModelResponse>, budget: Budget) -> Shop {
    let model = ScriptedModel::new(responses);
    let charged = Arc::new(Mutex::new(Vec::new()));
    let forecasts = counter();
    let events = Recorder::default();
    let agent = LlmAgent::builder("shop")
        .model(model.clone())
        .tool(weather(forecasts.clone()))
        .tool(charge(charged.clone()))
        .approval("charge")
        .budget(budget)
        .on_event(events.hook())
        .build()
        .unwrap();
    Shop {
        agent,
        model,
        charged,
        forecasts,
        events,
    }
}

/// The first run: one turn calls `weather` and `charge` (with the amount as a string, in broken
/// JSON). It pauses; the state goes through JSON as a store would keep it.
async fn paused_run() -> (Paused, RunReport<String>, Shop) {
    let s = shop(
        vec![
            ModelResponse::tool_call("w", "weather", r#"{"city": "Oslo"}"#).and_tool_call(
                "c",
                "charge",
                "{amount: '120',}",
            ),
        ],
        Budget::default(),
    );
    let report = s.agent.run("Book it.".into()).report().await;
    let Ok(Outcome::Paused(paused)) = &report.outcome else {
        panic!("{:?}", report.outcome)
    };
    let stored = serde_json::to_string(paused).unwrap();
    let paused: Paused = serde_json::from_str(&stored).unwrap();
    (paused, report, s)
}

fn results(messages: &[Message]) -> Vec<(String, String)> {
    messages
        .iter()
        .filter_map(|m| match m {
            Message::Tool(r) => Some((r.call_id.clone(), r.content.clone())),
            _ => None,
        })
        .collect()
}

/// Held before it runs, with repaired arguments; the other call of the round ran; the report's
/// transcript is valid; an event says what waits.
#[tokio::test]
async fn a_call_needing_approval_is_held_with_repaired_arguments() {
    let (paused, report, s) = paused_run().await;
    assert_eq!(paused.calls.len(), 1);
    assert_eq!(paused.calls[0].tool, "charge");
    assert_eq!(paused.calls[0].arguments, json!({"amount": 120}));
    assert!(s.charged.lock().unwrap().is_empty(), "nothing charged");
    assert_eq!(s.forecasts.load(Ordering::SeqCst), 1, "the other call ran");
    assert_eq!(paused.checkpoint.awaiting, vec!["c".to_owned()]);
    let shown = results(&report.transcript);
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(shown[1].1.starts_with("Awaiting approval"));
    assert!(s.events.names().contains(&"approval_requested".to_owned()));
}

/// Approved in another agent instance after a JSON round trip: the call runs once with its
/// repaired arguments, the call that had run does not run again, the run finishes.
#[tokio::test]
async fn an_approved_call_runs_once_after_resume() {
    let (mut paused, _, _) = paused_run().await;
    assert!(paused.approve("c"));
    let checkpoint = serde_json::to_string(&paused.into_checkpoint()).unwrap();
    let s = shop(vec![ModelResponse::text("Booked.")], Budget::default());
    let report = s
        .agent
        .resume(serde_json::from_str(&checkpoint).unwrap())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "Booked.");
    assert_eq!(*s.charged.lock().unwrap(), vec![120]);
    assert_eq!(s.forecasts.load(Ordering::SeqCst), 0);
    let sent = &s.model.requests()[0].messages;
    assert_eq!(results(sent)[1], ("c".to_owned(), "charged 120".to_owned()));
}

/// A denial is the call's result, read by the model; nothing runs.
#[tokio::test]
async fn a_denied_call_does_not_run_and_the_model_reads_why() {
    let (mut paused, _, _) = paused_run().await;
    paused.deny("c", "over the daily limit");
    let s = shop(vec![ModelResponse::text("Not booked.")], Budget::default());
    let report = s.agent.resume(paused.into_checkpoint()).report().await;
    assert_eq!(report.output().unwrap(), "Not booked.");
    assert!(s.charged.lock().unwrap().is_empty());
    let sent = &s.model.requests()[0].messages;
    assert_eq!(results(sent)[1].1, "Denied: over the daily limit");
}

/// Resumes the paused run with the held call's arguments edited to `arguments`.
async fn resume_edited(arguments: serde_json::Value) -> Shop {
    let (mut paused, _, _) = paused_run().await;
    paused.edit("c", arguments);
    let s = shop(vec![ModelResponse::text("ok")], Budget::default());
    s.agent
        .resume(paused.into_checkpoint())
        .report()
        .await
        .into_output()
        .unwrap();
    s
}

/// Edited arguments run as edited; edited arguments that do not fit the schema are not run and
/// the model reads what is wrong, like any bad arguments.
#[tokio::test]
async fn edited_arguments_are_checked_again() {
    let s = resume_edited(json!({"amount": "50"})).await;
    assert_eq!(
        *s.charged.lock().unwrap(),
        vec![50],
        "coerced like any arguments"
    );

    let s = resume_edited(json!({"amount": "a lot"})).await;
    assert!(s.charged.lock().unwrap().is_empty());
    let sent = &s.model.requests()[0].messages;
    assert!(results(sent)[1].1.contains("amount"), "{:?}", results(sent));
}

/// No decision: the call is held again, and nothing runs.
#[tokio::test]
async fn an_undecided_call_is_held_again() {
    let (paused, _, _) = paused_run().await;
    let s = shop(vec![], Budget::default());
    let report = s.agent.resume(paused.into_checkpoint()).report().await;
    assert!(matches!(report.outcome, Ok(Outcome::Paused(_))));
    assert!(s.charged.lock().unwrap().is_empty());
    assert!(s.model.requests().is_empty());
}

/// The time spent waiting for a person counts against the run's `max_duration`.
#[tokio::test]
async fn waiting_for_approval_counts_against_the_run_time() {
    let (mut paused, _, _) = paused_run().await;
    paused.approve("c");
    let mut checkpoint = paused.into_checkpoint();
    let two_hours_ms = 2 * 3600 * 1000;
    checkpoint.paused_at_ms = checkpoint.paused_at_ms.map(|t| t - two_hours_ms);
    let s = shop(
        vec![ModelResponse::text("late")],
        Budget {
            max_duration: Some(Duration::from_secs(3600)),
            ..Budget::default()
        },
    );
    let report = s.agent.resume(checkpoint).report().await;
    assert!(
        matches!(&report.outcome, Err(AgentError::Budget(b)) if b.kind == BudgetKind::Duration),
        "{:?}",
        report.outcome
    );
    assert!(s.charged.lock().unwrap().is_empty());
}

/// A predicate over the repaired arguments decides which calls wait.
#[tokio::test]
async fn approval_if_holds_only_the_calls_it_names() {
    let charged = Arc::new(Mutex::new(Vec::new()));
    let agent = LlmAgent::builder("shop")
        .model(ScriptedModel::new([ModelResponse::tool_call(
            "small",
            "charge",
            r#"{"amount": 20}"#,
        )
        .and_tool_call("big", "charge", r#"{"amount": "500"}"#)]))
        .tool(charge(charged.clone()))
        .approval_if("charge", |args| args["amount"].as_u64() > Some(100))
        .on_event(|e| {
            if let Event::ApprovalRequested { call_id, .. } = e {
                assert_eq!(call_id, "big");
            }
        })
        .build()
        .unwrap();
    let Ok(Outcome::Paused(paused)) = agent.run("Pay.".into()).report().await.outcome else {
        panic!()
    };
    assert_eq!(*charged.lock().unwrap(), vec![20]);
    assert_eq!(paused.calls[0].call_id, "big");
}

/// An approval rule for a tool the agent lacks is a configuration error, with a suggestion.
#[test]
fn an_approval_for_an_unknown_tool_is_refused() {
    let err = LlmAgent::builder("shop")
        .model(ScriptedModel::new([]))
        .tool(charge(Arc::default()))
        .approval("chage")
        .build()
        .unwrap_err()
        .to_string();
    assert!(err.contains("did you mean `charge`"), "{err}");
}
