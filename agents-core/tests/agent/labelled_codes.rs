//! A code in the identifier its label names (issue 28): under the small-model profile a call
//! that swapped the codes the user labelled `member` and `station` runs with each where its
//! label puts it; with the piece off, or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Book {
    /// The gym member's ID.
    member_id: String,
    /// The bike station's ID.
    station_id: String,
}

/// The booking `book_station` ran with, and the steps reported as `labelled_codes`.
async fn run(recovery: Recovery) -> (Book, Vec<String>) {
    let arguments = r#"{"member_id": "ST-12", "station_id": "M-4410"}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "book_station", arguments),
        ModelResponse::text("Booked."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("book_station", "Book a spin bike.", "booked");
    let request = "Book member M-4410 into the 7pm spin class at station ST-12.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Booked.");
    let seen: Vec<Book> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].clone(), rec.repaired("labelled_codes"))
}

#[tokio::test]
async fn each_code_goes_to_the_identifier_its_label_names() {
    let (booked, set) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(
        (booked.member_id.as_str(), booked.station_id.as_str()),
        ("M-4410", "ST-12")
    );
    // One step, both changes.
    assert_eq!(set.len(), 1, "{set:?}");
    assert!(set[0].contains("set `station_id` to \"ST-12\""), "{set:?}");
    assert!(set[0].contains("set `member_id` to \"M-4410\""), "{set:?}");
}

#[tokio::test]
async fn without_the_piece_the_swapped_codes_run_as_written() {
    for recovery in [
        Recovery::SMALL_MODEL.labelled_codes(false),
        Recovery::NEUTRAL,
    ] {
        let (booked, set) = run(recovery).await;
        assert_eq!(
            (booked.member_id.as_str(), booked.station_id.as_str()),
            ("ST-12", "M-4410")
        );
        assert!(set.is_empty());
    }
}
