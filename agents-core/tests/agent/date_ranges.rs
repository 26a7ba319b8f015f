//! A date range set the way the user wrote it (issue 28): under the small-model profile a call
//! whose check-in and check-out hold one date, where the user wrote two, runs from the earlier
//! to the later, and one whose range ends before it starts runs turned round; without the
//! piece, or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Stay {
    /// The city.
    city: String,
    /// Arrival date, YYYY-MM-DD.
    check_in: String,
    /// Departure date, YYYY-MM-DD.
    check_out: String,
}

/// The dates `book_hotel` ran with, and the repairs reported as `date_ranges`, for a model
/// that writes `written` as the call's dates.
async fn run(recovery: Recovery, written: (&str, &str)) -> ((String, String), Vec<String>) {
    let arguments = serde_json::json!({
        "city": "Lisbon", "check_in": written.0, "check_out": written.1,
    });
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "book_hotel", arguments.to_string()),
        ModelResponse::text("Booked."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("book_hotel", "Book a hotel room.", "booked");
    let request = "Book me a room in Lisbon, checking in on 2027-03-14 and out on 2027-03-18.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Booked.");
    let seen: Vec<Stay> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    let stay = (seen[0].check_in.clone(), seen[0].check_out.clone());
    (stay, rec.repaired("date_ranges"))
}

fn range(start: &str, end: &str) -> (String, String) {
    (start.to_owned(), end.to_owned())
}

#[tokio::test]
async fn one_date_at_both_ends_runs_as_the_range_the_user_wrote() {
    let (stay, set) = run(Recovery::SMALL_MODEL, ("2027-03-14", "2027-03-14")).await;
    assert_eq!(stay, range("2027-03-14", "2027-03-18"));
    assert_eq!(set.len(), 1, "{set:?}");
    assert!(set[0].contains("`check_out` to \"2027-03-18\""), "{set:?}");
}

#[tokio::test]
async fn a_crossed_range_runs_turned_round() {
    let (stay, set) = run(Recovery::SMALL_MODEL, ("2027-03-18", "2027-03-14")).await;
    assert_eq!(stay, range("2027-03-14", "2027-03-18"));
    assert_eq!(set.len(), 1, "{set:?}");
}

#[tokio::test]
async fn without_the_piece_the_range_runs_as_written() {
    for recovery in [Recovery::SMALL_MODEL.date_ranges(false), Recovery::NEUTRAL] {
        let (stay, set) = run(recovery, ("2027-03-14", "2027-03-14")).await;
        assert_eq!(stay, range("2027-03-14", "2027-03-14"));
        assert!(set.is_empty(), "{set:?}");
    }
}
