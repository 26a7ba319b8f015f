//! An optional switch the user never named (issue 28): under the small-model profile a call
//! that turns on `audio_guide` for a request that says nothing of audio or guides runs without
//! it (the tool's default applies); with the piece off, or under the neutral profile, it runs
//! as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Tickets {
    /// The museum.
    museum: String,
    /// How many tickets.
    count: u32,
    /// Whether to add an audio guide (none when left out).
    audio_guide: Option<bool>,
}

/// The audio guide `buy_tickets` ran with, and the steps reported as `unnamed_flags`.
async fn run(recovery: Recovery) -> (Option<bool>, Vec<String>) {
    let arguments = r#"{"museum": "Rijksmuseum", "count": 2, "audio_guide": true}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "buy_tickets", arguments),
        ModelResponse::text("Bought."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("buy_tickets", "Buy museum tickets.", "bought");
    let request = "Two tickets for the Rijksmuseum, please.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Bought.");
    let seen: Vec<Tickets> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].audio_guide, rec.repaired("unnamed_flags"))
}

#[tokio::test]
async fn a_switch_nobody_named_is_left_out() {
    let (guide, left) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(guide, None);
    assert!(left[0].contains("left out `audio_guide`"), "{left:?}");
}

#[tokio::test]
async fn without_the_piece_the_switch_runs_as_written() {
    for recovery in [
        Recovery::SMALL_MODEL.unnamed_flags(false),
        Recovery::NEUTRAL,
    ] {
        let (guide, left) = run(recovery).await;
        assert_eq!(guide, Some(true));
        assert!(left.is_empty());
    }
}
