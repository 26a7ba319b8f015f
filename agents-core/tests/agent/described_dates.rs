//! A date the description asks for (issue 28): under the small-model profile a string whose
//! description asks for `YYYY-MM-DD` takes the date of the timestamp the model wrote, or the
//! whole date the user wrote where the model wrote a piece of it, before the call runs; under
//! the neutral profile the string runs as written.

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

/// The date `forecast` ran with, and the repairs the run reported under `step`, for a model
/// that writes `date` where the description asks for `YYYY-MM-DD` and the user asks `question`.
async fn run_with(
    recovery: Recovery,
    date: &str,
    question: &str,
    step: &str,
) -> (String, Vec<String>) {
    let arguments = serde_json::json!({"city": "Campbell", "date": date}).to_string();
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "forecast", &arguments),
        ModelResponse::text("Sunny."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("forecast", "The weather of a day.", "sunny");
    let (report, rec) = run_recorded(model, tool, question).await;
    assert_eq!(report.output().unwrap(), "Sunny.");
    let seen: Vec<Forecast> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].date.clone(), rec.repaired(step))
}

/// A timestamp where a date is asked for.
async fn run(recovery: Recovery) -> (String, Vec<String>) {
    let question = "The weather in Campbell on March 4, 2023?";
    run_with(
        recovery,
        "2023-03-04T10:00:00Z",
        question,
        "described_dates",
    )
    .await
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

/// The year alone, of the one date the user wrote.
async fn run_year(recovery: Recovery) -> (String, Vec<String>) {
    let question = "what's the weather gonna be in campbell on 9 feb 2027";
    run_with(recovery, "2027", question, "whole_dates").await
}

#[tokio::test]
async fn a_piece_of_the_users_date_runs_as_the_whole_date() {
    let (date, widened) = run_year(Recovery::SMALL_MODEL).await;
    assert_eq!(date, "2027-02-09");
    assert!(
        widened.iter().any(|c| c.contains("9 feb 2027")),
        "{widened:?}"
    );
}

#[tokio::test]
async fn a_piece_of_a_date_runs_as_written_without_the_piece() {
    let (date, widened) = run_year(Recovery::SMALL_MODEL.whole_dates(false)).await;
    assert_eq!(date, "2027");
    assert!(widened.is_empty(), "{widened:?}");
    let (date, _) = run_year(Recovery::NEUTRAL).await;
    assert_eq!(date, "2027");
}

/// The user's time of day alone, where the description asks for a date.
async fn run_time(recovery: Recovery) -> (String, Vec<String>) {
    let question = "what's the weather gonna be in campbell at 10am on 9 feb 2027";
    run_with(recovery, "10am", question, "whole_dates").await
}

#[tokio::test]
async fn the_users_time_where_a_date_is_asked_runs_as_their_one_date() {
    let (date, widened) = run_time(Recovery::SMALL_MODEL).await;
    assert_eq!(date, "2027-02-09");
    assert!(!widened.is_empty(), "{widened:?}");
    let (date, widened) = run_time(Recovery::SMALL_MODEL.whole_dates(false)).await;
    assert_eq!(date, "10am");
    assert!(widened.is_empty(), "{widened:?}");
}
