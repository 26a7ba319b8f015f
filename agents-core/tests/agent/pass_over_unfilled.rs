//! A tool that needs a number the request does not give, passed over under prevention mode
//! (issue 28): "Any music events in Lyon?" is no call to `buy_tickets(count)`. A small model
//! that chose it copies the example's `7`, the echo check refuses it, and held to that tool the
//! model writes the same number until its turns run out, so the run ends without a call. Under
//! the small-model profile the tool is not offered again in the run, the next turn is a new
//! request's (no final answer offered), and the model calls the tool the request can fill.

use crate::common::Recorder;
use agents_core::model::{ConstraintSupport, FINAL_ANSWER_TOOL, ModelRequest, Recovery};
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{Event, ExecutionFailure, LlmAgent, ModelResponse};
use serde_json::json;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Purchase {
    event: String,
    count: u32,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Search {
    city: String,
}

/// A prevention run of `request` over `buy_tickets` and `find_events` whose model chooses
/// `buy_tickets` with the example's values, then (if offered) `find_events`, then answers.
async fn run(
    recovery: Recovery,
    request: &str,
) -> (agents_core::RunReport<String>, Vec<ModelRequest>, Recorder) {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "buy_tickets", r#"{"event": "EVENT", "count": 7}"#),
        ModelResponse::tool_call("c2", "find_events", r#"{"city": "Lyon"}"#),
        ModelResponse::tool_call("c3", FINAL_ANSWER_TOOL, r#"{"answer": "Jazz on Friday."}"#),
    ])
    .with_constraint_support(ConstraintSupport::Schema)
    .with_examples([json!({"event": "EVENT", "count": 7})])
    .with_recovery(recovery.ask_values(false));
    let rec = Recorder::default();
    let report = LlmAgent::<String, String>::builder("events")
        .model(model.clone())
        .tool(tool_fn(
            "buy_tickets",
            "Buys tickets for an event.",
            |p: Purchase| async move {
                Ok::<_, ExecutionFailure>(format!("{} tickets for {}", p.count, p.event))
            },
        ))
        .tool(tool_fn(
            "find_events",
            "Finds the events in a city.",
            |s: Search| async move { Ok::<_, ExecutionFailure>(format!("Jazz in {}", s.city)) },
        ))
        .constrained(true)
        .on_event(rec.hook())
        .build()
        .unwrap()
        .run(request.into())
        .report()
        .await;
    (report, model.requests(), rec)
}

fn offered(request: &ModelRequest) -> Vec<&str> {
    request.tools.iter().map(|t| t.name.as_str()).collect()
}

fn passed_over(rec: &Recorder) -> Vec<(String, Vec<String>)> {
    rec.events()
        .into_iter()
        .filter_map(|e| match e {
            Event::ToolPassedOver {
                tool, arguments, ..
            } => Some((tool, arguments)),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_tool_needing_a_number_nobody_gave_is_not_offered_again() {
    let (report, requests, rec) = run(Recovery::SMALL_MODEL, "Any music events in Lyon?").await;
    assert_eq!(report.output().unwrap(), "Jazz on Friday.");
    assert_eq!(offered(&requests[0]), ["buy_tickets", "find_events"]);
    // A new request's turn again: no final answer offered, and `buy_tickets` gone.
    assert_eq!(offered(&requests[1]), ["find_events"]);
    assert_eq!(offered(&requests[2]), ["find_events", FINAL_ANSWER_TOOL]);
    assert_eq!(
        passed_over(&rec),
        [("buy_tickets".to_owned(), vec!["count".to_owned()])]
    );
}

#[tokio::test]
async fn with_the_piece_off_or_a_number_in_the_request_the_tool_is_held() {
    for (recovery, request) in [
        (
            Recovery::SMALL_MODEL.pass_over_unfilled(false),
            "Any music events in Lyon?",
        ),
        (Recovery::SMALL_MODEL, "Any music events in Lyon for 2?"),
    ] {
        let (_, requests, rec) = run(recovery, request).await;
        assert!(passed_over(&rec).is_empty(), "{request}");
        // The turn after the refusal is held to the tool whose call copied the example.
        assert!(offered(&requests[1]).contains(&"buy_tickets"), "{request}");
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Fit {
    x: Vec<f64>,
    y: Vec<f64>,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Load {
    file_path: String,
}

/// A list of numbers counts like a number: "Load sales.csv and fit sales on price" gives no
/// number, so `fit(x, y)` can only hold made-up ones. The local model wrote `{"x": [7], "y":
/// [7]}` on two turns, then copied a placeholder for the other tool, and the loop guard ended
/// the run without a call (BFCL `parallel_multiple_21`, read after its unread run). Under the
/// small-model profile the refused list's tool is passed over, and the model loads the file.
#[tokio::test]
async fn a_tool_needing_a_list_of_numbers_nobody_gave_is_passed_over() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "fit", r#"{"x": [7], "y": [7]}"#),
        ModelResponse::tool_call("c2", "load", r#"{"file_path": "sales.csv"}"#),
        ModelResponse::tool_call("c3", FINAL_ANSWER_TOOL, r#"{"answer": "Loaded."}"#),
    ])
    .with_constraint_support(ConstraintSupport::Schema)
    // The made-up example the lists were copied from.
    .with_examples([json!({"x": [7], "y": [7]})])
    .with_recovery(Recovery::SMALL_MODEL.ask_values(false));
    let rec = Recorder::default();
    let report = LlmAgent::<String, String>::builder("stats")
        .model(model.clone())
        .tool(tool_fn("fit", "Fits a regression.", |f: Fit| async move {
            Ok::<_, ExecutionFailure>(format!("{} points", f.x.len().min(f.y.len())))
        }))
        .tool(tool_fn("load", "Loads a csv file.", |l: Load| async move {
            Ok::<_, ExecutionFailure>(format!("loaded {}", l.file_path))
        }))
        .constrained(true)
        .on_event(rec.hook())
        .build()
        .unwrap()
        .run("Load sales.csv and fit sales on price.".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "Loaded.");
    let requests = model.requests();
    assert_eq!(offered(&requests[1]), ["load"]);
    assert_eq!(
        passed_over(&rec),
        [("fit".to_owned(), vec!["x".to_owned(), "y".to_owned()])]
    );
}
