//! Two times of day set as the user wrote the range (issue 28): under the small-model profile
//! a call whose `start_time` holds the whole range (`"14:00 to 15:30"`) and whose `end_time`
//! holds the date runs from 14:00 to 15:30; with the piece off, or under the neutral profile,
//! it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Booking {
    /// The room's ID.
    room_id: String,
    /// Start. Format: HH:MM, 24-hour.
    start_time: String,
    /// End. Format: HH:MM, 24-hour.
    end_time: String,
}

/// The times `book_room` ran with, and the steps reported as `time_ranges`.
async fn run(recovery: Recovery) -> ((String, String), Vec<String>) {
    let arguments =
        r#"{"room_id": "RM-4B", "start_time": "14:00 to 15:30", "end_time": "19 October 2027"}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "book_room", arguments),
        ModelResponse::text("Booked."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("book_room", "Book a meeting room.", "booked");
    let request = "Book room RM-4B on 19 October 2027 from 14:00 to 15:30.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Booked.");
    let seen: Vec<Booking> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    let times = (seen[0].start_time.clone(), seen[0].end_time.clone());
    (times, rec.repaired("time_ranges"))
}

#[tokio::test]
async fn the_range_runs_as_the_user_wrote_it() {
    let (times, set) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(times, ("14:00".to_owned(), "15:30".to_owned()));
    assert_eq!(set.len(), 1, "{set:?}");
}

#[tokio::test]
async fn without_the_piece_the_times_run_as_written() {
    for recovery in [Recovery::SMALL_MODEL.time_ranges(false), Recovery::NEUTRAL] {
        let (times, set) = run(recovery).await;
        assert_eq!(times.0, "14:00 to 15:30");
        assert!(set.is_empty());
    }
}
