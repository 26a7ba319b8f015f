//! A number read out of a code (issue 28): under the small-model profile a call whose `hours`
//! holds the digits of the photographer's code (`118` of `PH-118`) runs with the hours the
//! user wrote; with the piece off, or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Shoot {
    /// The photographer's ID.
    photographer_id: String,
    /// How long the shoot lasts, in hours.
    hours: u32,
}

/// The hours `book_shoot` ran with, and the steps reported as `code_digits`.
async fn run(recovery: Recovery) -> (u32, Vec<String>) {
    let arguments = r#"{"photographer_id": "PH-118", "hours": 118}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "book_shoot", arguments),
        ModelResponse::text("Booked."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("book_shoot", "Book a photo shoot.", "booked");
    let request = "Book photographer PH-118 for a 3 hour shoot.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Booked.");
    let seen: Vec<Shoot> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].hours, rec.repaired("code_digits"))
}

#[tokio::test]
async fn the_number_takes_the_one_the_user_wrote() {
    let (hours, set) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(hours, 3);
    assert!(set[0].contains("set `hours` to 3 (was 118)"), "{set:?}");
}

#[tokio::test]
async fn without_the_piece_the_code_digits_run_as_written() {
    for recovery in [Recovery::SMALL_MODEL.code_digits(false), Recovery::NEUTRAL] {
        let (hours, set) = run(recovery).await;
        assert_eq!(hours, 118);
        assert!(set.is_empty());
    }
}
