//! An e-mail argument holding no address (issue 28): under the small-model profile a call
//! whose `emails` holds the user's name for a person (`["LIWEI"]`) runs with the addresses the
//! user wrote; with the piece off, or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Share {
    /// The file's ID.
    file_id: String,
    /// Email addresses to share with.
    emails: Vec<String>,
}

/// The addresses `share_file` ran with, and the steps reported as `told_emails`.
async fn run(recovery: Recovery) -> (Vec<String>, Vec<String>) {
    let arguments = r#"{"file_id": "FL-12", "emails": ["LIWEI"]}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "share_file", arguments),
        ModelResponse::text("Shared."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("share_file", "Share a file.", "shared");
    let request = "Share file FL-12 with ana.c@example.com and li.wei@example.com.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Shared.");
    let seen: Vec<Share> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].emails.clone(), rec.repaired("told_emails"))
}

#[tokio::test]
async fn the_list_takes_the_addresses_the_user_wrote() {
    let (emails, set) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(emails, ["ana.c@example.com", "li.wei@example.com"]);
    assert!(set[0].contains("set `emails` to"), "{set:?}");
}

#[tokio::test]
async fn without_the_piece_the_name_runs_as_written() {
    for recovery in [Recovery::SMALL_MODEL.told_emails(false), Recovery::NEUTRAL] {
        let (emails, set) = run(recovery).await;
        assert_eq!(emails, ["LIWEI"]);
        assert!(set.is_empty());
    }
}
