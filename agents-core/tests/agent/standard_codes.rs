//! A name where the description asks for its standard code (issue 28): under the
//! small-model profile a call that copies the user's "Germany" and "Swiss francs" into
//! arguments whose descriptions ask for ISO codes runs with `DE` and `CHF`; with the piece off,
//! or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Transfer {
    /// Two-letter ISO 3166 code of the country to send to.
    country: String,
    /// Three-letter ISO 4217 code of the currency to send.
    currency: String,
}

/// The call `send_money` ran with, and the steps reported as `standard_codes`.
async fn run(recovery: Recovery) -> (Transfer, Vec<String>) {
    let arguments = r#"{"country": "Germany", "currency": "Swiss francs"}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "send_money", arguments),
        ModelResponse::text("Sent."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("send_money", "Send money abroad.", "sent");
    let request = "Send 200 Swiss francs to my sister in Germany.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Sent.");
    let seen: Vec<Transfer> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].clone(), rec.repaired("standard_codes"))
}

#[tokio::test]
async fn names_run_as_the_codes_their_descriptions_ask_for() {
    let (transfer, set) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(transfer.country, "DE");
    assert_eq!(transfer.currency, "CHF");
    assert!(set[0].contains("set `country` to \"DE\""), "{set:?}");
}

#[tokio::test]
async fn without_the_piece_the_names_run_as_written() {
    for recovery in [
        Recovery::SMALL_MODEL.standard_codes(false),
        Recovery::NEUTRAL,
    ] {
        let (transfer, set) = run(recovery).await;
        assert_eq!(transfer.country, "Germany");
        assert!(set.is_empty());
    }
}
