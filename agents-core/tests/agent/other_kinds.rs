//! A value of another kind than its argument's (issue 28): with `other_kinds` on (opt in, over
//! the small-model profile) a call whose `room` holds the user's temperature is refused with
//! the echo check, and the model writes it again; with the piece off, as the profile has it,
//! it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;
use serde_json::json;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Thermostat {
    /// The room the thermostat is in.
    room: String,
    /// The temperature to hold, in degrees Celsius.
    celsius: f64,
}

/// The rooms `set_thermostat` ran with and the error results the model read, for a model that
/// writes `first` and then the right call.
async fn run(recovery: Recovery, first: &str) -> (Vec<String>, Vec<String>) {
    let right = r#"{"room": "living room", "celsius": 21.5}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "set_thermostat", first),
        ModelResponse::tool_call("c2", "set_thermostat", right),
        ModelResponse::text("Set."),
    ])
    .with_examples([json!({"room": "text", "celsius": 20.0})])
    .with_recovery(recovery.ask_values(false));
    let (tool, seen) = recording("set_thermostat", "Set a thermostat.", "set");
    let request = "Set the living room thermostat to 21.5 degrees.";
    let (report, _) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Set.");
    let seen: Vec<Thermostat> = seen.lock().unwrap().clone();
    let rooms = seen.into_iter().map(|t| t.room).collect();
    (rooms, crate::common::error_results(&report.transcript))
}

#[tokio::test]
async fn a_temperature_for_a_room_is_refused_and_written_again() {
    let first = r#"{"room": "21.5 degrees", "celsius": 21.5}"#;
    let (rooms, errors) = run(Recovery::SMALL_MODEL.other_kinds(true), first).await;
    assert_eq!(rooms, ["living room"]);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("is a quantity, and the argument asks for none"),
        "{errors:?}"
    );
}

#[tokio::test]
async fn with_the_piece_off_the_call_runs_as_written() {
    let first = r#"{"room": "21.5 degrees", "celsius": 21.5}"#;
    let (rooms, errors) = run(Recovery::SMALL_MODEL, first).await;
    assert_eq!(rooms, ["21.5 degrees", "living room"]);
    assert!(errors.is_empty(), "{errors:?}");
}
