//! A piece of a code the user wrote (issue 28): under the small-model profile a free string
//! holding the digits of a reference written with a prefix (`"448812"` of `HX-448812`) runs as
//! the whole reference; without the piece, or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Claim {
    /// The policy number.
    policy_number: String,
    /// What happened.
    description: String,
}

/// The policy number `file_claim` ran with, and the repairs reported as `whole_codes`, for a
/// model that drops the reference's prefix.
async fn run(recovery: Recovery) -> (String, Vec<String>) {
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call(
            "c1",
            "file_claim",
            r#"{"policy_number": "448812", "description": "water damage"}"#,
        ),
        ModelResponse::text("Filed."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("file_claim", "File an insurance claim.", "filed");
    let request = "file a claim on policy HX-448812 for water damage";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Filed.");
    let seen: Vec<Claim> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].policy_number.clone(), rec.repaired("whole_codes"))
}

#[tokio::test]
async fn the_digits_of_a_reference_run_as_the_whole_reference() {
    let (policy, widened) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(policy, "HX-448812");
    assert!(widened.iter().any(|c| c.contains("448812")), "{widened:?}");
}

#[tokio::test]
async fn without_the_piece_the_reference_runs_as_written() {
    let (policy, widened) = run(Recovery::SMALL_MODEL.whole_codes(false)).await;
    assert_eq!(policy, "448812");
    assert!(widened.is_empty(), "{widened:?}");
    let (policy, _) = run(Recovery::NEUTRAL).await;
    assert_eq!(policy, "448812");
}
