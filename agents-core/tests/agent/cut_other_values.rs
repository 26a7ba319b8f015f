//! A free text that runs on into another argument's value, cut before it (issue 28): under the
//! small-model profile a call whose `season` runs from the league's name runs with the season
//! alone; with the piece off, or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Standings {
    /// The league.
    league: String,
    /// The season, as written on the league's site.
    season: String,
}

/// The season `standings` ran with, and the steps reported as `cut_other_values`.
async fn run(recovery: Recovery) -> (String, Vec<String>) {
    let arguments = r#"{"league": "Eredivisie", "season": "Eredivisie for the 2026-27"}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "standings", arguments),
        ModelResponse::text("Here they are."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("standings", "A league's standings.", "table");
    let request = "Show me the standings of the Eredivisie for the 2026-27 season.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Here they are.");
    let seen: Vec<Standings> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].season.clone(), rec.repaired("cut_other_values"))
}

#[tokio::test]
async fn the_season_is_cut_from_the_leagues_name() {
    let (season, set) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(season, "2026-27");
    assert!(set[0].contains("set `season` to \"2026-27\""), "{set:?}");
}

#[tokio::test]
async fn without_the_piece_the_run_on_text_runs_as_written() {
    for recovery in [
        Recovery::SMALL_MODEL.cut_other_values(false),
        Recovery::NEUTRAL,
    ] {
        let (season, set) = run(recovery).await;
        assert_eq!(season, "Eredivisie for the 2026-27");
        assert!(set.is_empty());
    }
}
