//! A date the description asks for (issue 28): under the small-model profile a string whose
//! description asks for `YYYY-MM-DD` takes the date of the timestamp the model wrote, before
//! the call runs; under the neutral profile the string runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Forecast {
    /// The city.
    city: String,
    /// The day of the forecast, in the format of 'YYYY-MM-DD'.
    date: String,
}

/// The date `forecast` ran with, and the coercions the run reported, for a model that writes a
/// timestamp where the description asks for a date.
async fn run(recovery: Recovery) -> (String, Vec<String>) {
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call(
            "c1",
            "forecast",
            r#"{"city": "Campbell", "date": "2023-03-04T10:00:00Z"}"#,
        ),
        ModelResponse::text("Sunny."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("forecast", "The weather of a day.", "sunny");
    let (report, rec) =
        run_recorded(model, tool, "The weather in Campbell on March 4, 2023?").await;
    assert_eq!(report.output().unwrap(), "Sunny.");
    let seen: Vec<Forecast> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].date.clone(), rec.repaired("described_dates"))
}

#[tokio::test]
async fn a_timestamp_where_the_description_asks_for_a_date_runs_as_the_date() {
    let (date, coerced) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(date, "2023-03-04");
    assert!(
        coerced.iter().any(|c| c.contains("2023-03-04T10:00:00Z")),
        "{coerced:?}"
    );
}

#[tokio::test]
async fn the_neutral_profile_leaves_the_string_as_written() {
    let (date, coerced) = run(Recovery::NEUTRAL).await;
    assert_eq!(date, "2023-03-04T10:00:00Z");
    assert!(coerced.is_empty(), "{coerced:?}");
}
