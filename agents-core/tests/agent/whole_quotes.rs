//! A piece of a text the user quoted (issue 28): under the small-model profile a free string
//! holding a few words of the one quote in the request runs as the whole quote; without the
//! piece, or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Sms {
    /// The phone number.
    to: String,
    /// The text of the message.
    message: String,
}

/// The message `send_sms` ran with, and the repairs reported as `whole_quotes`, for a model
/// that writes one word of the quoted message.
async fn run(recovery: Recovery) -> (String, Vec<String>) {
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call(
            "c1",
            "send_sms",
            r#"{"to": "+14155550132", "message": "running"}"#,
        ),
        ModelResponse::text("Sent."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("send_sms", "Send a text message.", "sent");
    let request = "text +14155550132: \"Running 10 minutes late, start without me.\"";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Sent.");
    let seen: Vec<Sms> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].message.clone(), rec.repaired("whole_quotes"))
}

#[tokio::test]
async fn a_piece_of_the_quoted_message_runs_as_the_whole_quote() {
    let (message, widened) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(message, "Running 10 minutes late, start without me.");
    assert!(widened.iter().any(|c| c.contains("running")), "{widened:?}");
}

#[tokio::test]
async fn without_the_piece_the_message_runs_as_written() {
    let (message, widened) = run(Recovery::SMALL_MODEL.whole_quotes(false)).await;
    assert_eq!(message, "running");
    assert!(widened.is_empty(), "{widened:?}");
    let (message, _) = run(Recovery::NEUTRAL).await;
    assert_eq!(message, "running");
}
