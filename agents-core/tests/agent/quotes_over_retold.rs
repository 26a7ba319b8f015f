//! A retelling around a quoted text set to the text (issue 28): under the small-model profile
//! a call whose `request` retells the user's message around the text they quoted runs with the
//! quoted text; with the piece off, or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct AddRequest {
    /// The booking's code.
    booking_id: String,
    /// What the guest asks for.
    request: String,
}

const RETOLD: &str = "for booking HX-90213 could you add a 'late checkout' to it";

/// The request `add_request` ran with, and the steps reported as `quotes_over_retold`.
async fn run(recovery: Recovery) -> (String, Vec<String>) {
    let arguments = serde_json::json!({"booking_id": "HX-90213", "request": RETOLD}).to_string();
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "add_request", &arguments),
        ModelResponse::text("Added."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("add_request", "Add a guest request.", "added");
    let request = "Hi there, for booking HX-90213 could you add a 'late checkout' to it? Thanks";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Added.");
    let seen: Vec<AddRequest> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].request.clone(), rec.repaired("quotes_over_retold"))
}

#[tokio::test]
async fn the_quoted_text_is_taken_from_the_retelling() {
    let (request, set) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(request, "late checkout");
    assert!(
        set[0].contains("set `request` to \"late checkout\""),
        "{set:?}"
    );
}

#[tokio::test]
async fn without_the_piece_the_retelling_runs_as_written() {
    for recovery in [
        Recovery::SMALL_MODEL.quotes_over_retold(false),
        Recovery::NEUTRAL,
    ] {
        let (request, set) = run(recovery).await;
        assert_eq!(request, RETOLD);
        assert!(set.is_empty());
    }
}
