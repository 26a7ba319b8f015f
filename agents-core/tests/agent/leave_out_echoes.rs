//! An optional argument copied from an example, left out (issue 28): under the small-model
//! profile a call whose optional argument holds a value of an example the user never gave runs
//! without it (the tool's default applies) on its first turn; with the piece off, the echo check
//! refuses the call and the model must write it again. An optional field of a struct argument
//! is left out of its object the same way.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;
use serde_json::json;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Find {
    /// The platform the game runs on.
    platform: String,
    /// The lowest rating, out of 5.
    rating: f64,
    /// The genre (any when left out).
    genre: Option<String>,
}

/// What `find_game` ran with, the `leave_out_echoes` repairs and the error results the model
/// read, for a model that copies the example's genre once and then writes the call without it.
async fn run(recovery: Recovery) -> (Vec<Find>, Vec<String>, Vec<String>) {
    let copied = r#"{"platform": "Windows 10", "rating": 4.5, "genre": "Action"}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "find_game", copied),
        ModelResponse::tool_call(
            "c2",
            "find_game",
            r#"{"platform": "Windows 10", "rating": 4.5}"#,
        ),
        ModelResponse::text("Stellar Rally"),
    ])
    .with_examples([json!({"platform": "PS5", "rating": 4.0, "genre": "Action"})])
    .with_recovery(recovery);
    let (tool, seen) = recording("find_game", "Find a multiplayer game.", "Stellar Rally");
    let request = "Find me a multiplayer game rated above 4.5 for Windows 10.";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Stellar Rally");
    let seen = seen.lock().unwrap().clone();
    let errors = crate::common::error_results(&report.transcript);
    (seen, rec.repaired("leave_out_echoes"), errors)
}

#[tokio::test]
async fn an_optional_argument_copied_from_an_example_is_left_out_and_the_call_runs() {
    // Questions off: with them, the refused call of the second case would be asked about.
    let (seen, left_out, errors) = run(Recovery::SMALL_MODEL.ask_values(false)).await;
    let wanted = Find {
        platform: "Windows 10".into(),
        rating: 4.5,
        genre: None,
    };
    // The first call ran without the genre (the model's repeat of it was not run again).
    assert_eq!(seen, [wanted]);
    assert!(
        errors.is_empty(),
        "the first call was not refused: {errors:?}"
    );
    assert_eq!(left_out.len(), 1, "{left_out:?}");
    assert!(
        left_out[0].contains(r#"left out `genre` ("Action"): copied from an example"#),
        "{left_out:?}"
    );
}

#[tokio::test]
async fn with_the_piece_off_the_copy_is_refused_and_written_again() {
    let (seen, left_out, errors) = run(Recovery::SMALL_MODEL
        .ask_values(false)
        .leave_out_echoes(false))
    .await;
    assert_eq!(
        seen,
        [Find {
            platform: "Windows 10".into(),
            rating: 4.5,
            genre: None,
        }],
        "only the second call ran"
    );
    assert!(left_out.is_empty(), "{left_out:?}");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("genre"), "{errors:?}");
}

/// A device's settings, a struct argument whose fields are all but one optional.
#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Settings {
    /// What the unit does.
    mode: Mode,
    /// How hard the fan blows (the unit's own when left out).
    wind: Option<Wind>,
    /// The target temperature in degrees Celsius (the unit's own when left out).
    target: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
enum Mode {
    Cool,
    Dry,
}

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
enum Wind {
    Low,
    High,
}

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Command {
    /// The settings to send.
    body: Settings,
}

/// A model that copies the example's whole settings object but for the mode the user named:
/// the optional fields nobody gave are left out of the object, and the call runs at once.
#[tokio::test]
async fn an_optional_field_of_a_struct_argument_copied_from_an_example_is_left_out() {
    let copied = r#"{"body": {"mode": "DRY", "wind": "LOW", "target": 7}}"#;
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "send_command", copied),
        ModelResponse::text("Done."),
    ])
    .with_examples([json!({"body": {"mode": "COOL", "wind": "LOW", "target": 7}})])
    .with_recovery(Recovery::SMALL_MODEL.ask_values(false));
    let (tool, seen) = recording(
        "send_command",
        "Send settings to the air conditioner.",
        "ok",
    );
    let (report, rec) = run_recorded(model, tool, "Switch the air conditioner to dry mode.").await;
    assert_eq!(report.output().unwrap(), "Done.");
    let seen: Vec<Command> = seen.lock().unwrap().clone();
    assert_eq!(
        seen,
        [Command {
            body: Settings {
                mode: Mode::Dry,
                wind: None,
                target: None,
            }
        }]
    );
    let left_out = rec.repaired("leave_out_echoes").join("; ");
    for field in ["`body.wind`", "`body.target`"] {
        assert!(left_out.contains(field), "{left_out}");
    }
    assert!(crate::common::error_results(&report.transcript).is_empty());
}

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Forecast {
    /// The city.
    location: String,
    /// How many days to forecast (7 when left out).
    days: Option<u32>,
}

/// A copied optional number where the user's words name the argument with a number of theirs
/// ("a 5 day forecast"): the call runs with the user's number, not without the argument.
#[tokio::test]
async fn a_copied_optional_number_the_user_gave_runs_as_the_users() {
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "forecast", r#"{"location": "Edinburgh", "days": 7}"#),
        ModelResponse::text("Rain."),
    ])
    .with_examples([json!({"location": "Lisbon", "days": 7})])
    .with_recovery(Recovery::SMALL_MODEL);
    let (tool, seen) = recording("forecast", "The weather forecast.", "rain");
    let (report, rec) = run_recorded(model, tool, "5 day forecast for Edinburgh please").await;
    assert_eq!(report.output().unwrap(), "Rain.");
    let seen: Vec<Forecast> = seen.lock().unwrap().clone();
    assert_eq!(
        seen,
        [Forecast {
            location: "Edinburgh".into(),
            days: Some(5)
        }]
    );
    let named = rec.repaired("leave_out_echoes");
    assert!(
        named.iter().any(|c| c.contains("set `days` to 5 (was 7)")),
        "{named:?}"
    );
}
