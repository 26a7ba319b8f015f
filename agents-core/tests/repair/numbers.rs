//! Numbers a tool's types cannot hold (`NaN`, `Infinity`, `1e999`) are refused with an error
//! naming the field and saying what is wrong, never turned into `null` or an infinite `f64`.

use std::sync::{Arc, Mutex};

use agents_core::json::{CoerceRule, coerce};
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{ExecutionFailure, LlmAgent, Message, ModelResponse};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize, schemars::JsonSchema)]
struct Reading {
    /// A measurement.
    value: f64,
}

/// Calls `record(value)` with `args`; returns what the model was told and the values the tool
/// received.
async fn call_with(args: &str) -> (String, Vec<f64>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    let tool = tool_fn("record", "Records a reading.", move |r: Reading| {
        let sink = sink.clone();
        async move {
            sink.lock().unwrap().push(r.value);
            Ok::<_, ExecutionFailure>("recorded")
        }
    });
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "record", args),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::<String, String>::builder("meter")
        .model(model.clone())
        .tool(tool)
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    let Some(Message::Tool(result)) = model.requests()[1].messages.last().cloned() else {
        panic!("the call's result must be the last message");
    };
    let values = seen.lock().unwrap().clone();
    (result.content, values)
}

/// `1e999` (beyond the largest `f64`) and `NaN`/`Infinity` never reach an `f64` parameter: the
/// tool does not run and the model is told the field and that the number is not finite.
#[tokio::test]
async fn non_finite_numbers_are_refused_for_a_float_field() {
    for args in [
        r#"{"value": 1e999}"#,
        r#"{"value": -1e400}"#,
        r#"{"value": NaN}"#,
        r#"{"value": Infinity}"#,
        r#"{"value": -Infinity}"#,
    ] {
        let (told, values) = call_with(args).await;
        assert!(values.is_empty(), "{args}: the tool ran with {values:?}");
        assert!(
            told.contains("`value`") && told.contains("not a finite number"),
            "{args}: {told}"
        );
        assert!(!told.contains("null"), "{args}: no null was sent: {told}");
    }
}

/// Finite numbers, however written, still arrive.
#[tokio::test]
async fn finite_numbers_arrive() {
    let (_, values) = call_with(r#"{"value": 1.5e300}"#).await;
    assert_eq!(values, [1.5e300]);
    let (_, values) = call_with(r#"{'value': 0.1,}"#).await;
    assert_eq!(values, [0.1]);
}

/// Coercion refuses a non-finite number for a number or integer schema with its own rule and
/// the field's path.
#[test]
fn coercion_names_the_field_of_a_non_finite_number() {
    let schema = json!({"type": "object", "properties": {"n": {"type": "number"}, "i": {"type": "integer"}}});
    for (value, path) in [
        (json!({"n": "NaN"}), "/n"),
        (json!({"n": "1e999"}), "/n"),
        (json!({"i": "-inf"}), "/i"),
    ] {
        let err = coerce(value.clone(), &schema).unwrap_err();
        assert_eq!(err.path, path, "{value}");
        assert!(
            matches!(err.rule, CoerceRule::NonFiniteNumber { .. }),
            "{value}: {err}"
        );
        assert!(err.to_string().contains("not a finite number"), "{err}");
    }
}

/// Where text is expected, the number as written is kept as text: `1e999` always, and `NaN`
/// and `Infinity` with `NonFinite::Text` (as the tool-argument repair reads them).
///
/// Issue 30.6 re-decided the default: `repair` reads `NaN` and `Infinity` as `null`, as
/// serde_json and JavaScript write a number that is not finite.
#[test]
fn non_finite_numbers_are_kept_as_written_where_text_is_expected() {
    use agents_core::json::{NonFinite, RepairOptions, repair_with};
    let input = r#"{"a": NaN, "b": 1e999, "c": -Infinity}"#;
    let text = RepairOptions {
        non_finite: NonFinite::Text,
        ..RepairOptions::default()
    };
    let out = repair_with(input, &text).unwrap();
    assert_eq!(
        out.value,
        json!({"a": "NaN", "b": "1e999", "c": "-Infinity"})
    );
    let out = agents_core::json::repair(input).unwrap();
    assert_eq!(out.value, json!({"a": null, "b": "1e999", "c": null}));
}
