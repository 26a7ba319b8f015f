//! The one code of the user's no argument holds (issue 28): under the small-model profile a
//! call whose `order_id` holds a word of the request (`"ordered"`) runs with the order code
//! the user wrote; with the piece off, or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Cancel {
    /// The order's ID.
    order_id: String,
    /// Why it is cancelled.
    reason: String,
}

/// The order `cancel_order` ran with, and the steps reported as `lone_codes`.
async fn run(recovery: Recovery) -> (String, Vec<String>) {
    let arguments = r#"{"order_id": "ordered", "reason": "by mistake"}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "cancel_order", arguments),
        ModelResponse::text("Cancelled."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("cancel_order", "Cancel an order.", "cancelled");
    let request = "Cancel order ORD-55871 because it was ordered by mistake.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Cancelled.");
    let seen: Vec<Cancel> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].order_id.clone(), rec.repaired("lone_codes"))
}

#[tokio::test]
async fn the_identifier_takes_the_code_nobody_holds() {
    let (order, set) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(order, "ORD-55871");
    assert!(
        set[0].contains("set `order_id` to \"ORD-55871\""),
        "{set:?}"
    );
}

#[tokio::test]
async fn without_the_piece_the_word_runs_as_written() {
    for recovery in [Recovery::SMALL_MODEL.lone_codes(false), Recovery::NEUTRAL] {
        let (order, set) = run(recovery).await;
        assert_eq!(order, "ordered");
        assert!(set.is_empty());
    }
}
