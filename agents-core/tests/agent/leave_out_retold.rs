//! An optional text that retells the request (issue 28): under the small-model profile a
//! `note` holding the user's message from its start, with the employee ID another argument
//! holds, is left out of the call; with the piece off, or under the neutral profile, the call
//! runs with it.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Leave {
    /// The employee's ID.
    employee_id: String,
    /// The first day off, YYYY-MM-DD.
    start_date: String,
    /// A note for the approver, if the employee gave one.
    note: Option<String>,
}

/// The note `request_leave` ran with, and the steps reported as `leave_out_retold`.
async fn run(recovery: Recovery) -> (Option<String>, Vec<String>) {
    let arguments = r#"{"employee_id": "EMP-40217", "start_date": "2027-05-03",
                        "note": "Employee EMP-40217 needs sick leave from 2027-05-03"}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "request_leave", arguments),
        ModelResponse::text("Requested."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("request_leave", "Request leave.", "requested");
    let request = "Employee EMP-40217 needs sick leave from 2027-05-03.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Requested.");
    let seen: Vec<Leave> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].note.clone(), rec.repaired("leave_out_retold"))
}

#[tokio::test]
async fn a_note_retelling_the_request_is_left_out() {
    let (note, left) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(note, None);
    assert!(left[0].contains("left out `note`"), "{left:?}");
    assert!(left[0].contains("`employee_id`"), "{left:?}");
}

#[tokio::test]
async fn without_the_piece_the_note_runs_as_written() {
    for recovery in [
        Recovery::SMALL_MODEL.leave_out_retold(false),
        Recovery::NEUTRAL,
    ] {
        let (note, left) = run(recovery).await;
        assert_eq!(
            note.as_deref(),
            Some("Employee EMP-40217 needs sick leave from 2027-05-03")
        );
        assert!(left.is_empty());
    }
}
