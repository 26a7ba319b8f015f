//! A currency the user never wrote (issue 28): under the small-model profile a call whose
//! `currency` holds a code of the model's habit (`"USD"`) where the user wrote `€` runs with
//! `EUR`; with the piece off, or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Donation {
    /// The amount given.
    amount: f64,
    /// ISO 4217 currency code.
    currency: String,
}

/// The currency `record_donation` ran with, and the steps reported as `told_currencies`.
async fn run(recovery: Recovery) -> (String, Vec<String>) {
    let arguments = r#"{"amount": 150, "currency": "USD"}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "record_donation", arguments),
        ModelResponse::text("Recorded."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("record_donation", "Record a donation.", "recorded");
    let request = "Record a monthly donation of €150 from Harriet.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Recorded.");
    let seen: Vec<Donation> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].currency.clone(), rec.repaired("told_currencies"))
}

#[tokio::test]
async fn the_currency_takes_the_one_the_user_wrote() {
    let (currency, set) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(currency, "EUR");
    assert!(
        set[0].contains("set `currency` to \"EUR\" (was \"USD\")"),
        "{set:?}"
    );
}

#[tokio::test]
async fn without_the_piece_the_code_runs_as_written() {
    for recovery in [
        Recovery::SMALL_MODEL.told_currencies(false),
        Recovery::NEUTRAL,
    ] {
        let (currency, set) = run(recovery).await;
        assert_eq!(currency, "USD");
        assert!(set.is_empty());
    }
}
