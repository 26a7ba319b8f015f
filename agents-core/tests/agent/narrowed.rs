//! A value set to the user's part of it (issue 28): under the small-model profile an
//! identifier holding the user's words around its code runs as the code (`bare_codes`), and a
//! name taken with the sentence's `the` runs as the name (`names_without_the`); with the piece
//! off, or under the neutral profile, the call runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Quote {
    /// The vehicle identification number.
    vin: String,
    /// The market to price it on.
    market: String,
}

const REQUEST: &str = "what's my car worth on the Chicago Board of Trade? VIN for you: \
                       1HGCM82633A004352 thx";

/// The call `quote_car` ran with, and the steps reported as `bare_codes` and
/// `names_without_the`, for a model that copies the words around both values.
async fn run(recovery: Recovery) -> (Quote, Vec<String>, Vec<String>) {
    let arguments = r#"{"vin": "VIN for you: 1HGCM82633A004352 thx",
                        "market": "the Chicago Board of Trade"}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "quote_car", arguments),
        ModelResponse::text("Quoted."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("quote_car", "Price a car.", "quoted");
    let (report, rec) = run_recorded(model, tool, REQUEST).await;
    assert_eq!(report.output().unwrap(), "Quoted.");
    let seen: Vec<Quote> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    let codes = rec.repaired("bare_codes");
    (seen[0].clone(), codes, rec.repaired("names_without_the"))
}

#[tokio::test]
async fn the_code_and_the_name_run_without_the_words_around_them() {
    let (quote, codes, names) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(quote.vin, "1HGCM82633A004352");
    assert_eq!(quote.market, "Chicago Board of Trade");
    assert!(
        codes[0].contains("set `vin` to \"1HGCM82633A004352\""),
        "{codes:?}"
    );
    assert_eq!(names.len(), 1, "{names:?}");
}

#[tokio::test]
async fn each_piece_off_leaves_its_value_as_written() {
    let (quote, codes, names) = run(Recovery::SMALL_MODEL.bare_codes(false)).await;
    assert_eq!(quote.vin, "VIN for you: 1HGCM82633A004352 thx");
    assert_eq!(quote.market, "Chicago Board of Trade");
    assert!(codes.is_empty() && names.len() == 1);
    let (quote, _, names) = run(Recovery::SMALL_MODEL.names_without_the(false)).await;
    assert_eq!(quote.vin, "1HGCM82633A004352");
    assert_eq!(quote.market, "the Chicago Board of Trade");
    assert!(names.is_empty());
    let (quote, codes, names) = run(Recovery::NEUTRAL).await;
    assert_eq!(quote.market, "the Chicago Board of Trade");
    assert!(codes.is_empty() && names.is_empty());
}
