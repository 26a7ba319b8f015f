//! The readings of a call's values on prevention's held turn (issue 28): after a copied value
//! is refused, prevention holds the next turn's arguments to the user's words (their schemas
//! replaced by the word spans for that turn). The call that turn writes is read against the
//! schema its tool declares, not the held one: `"VIN for me: 1HGCM82633A004352 thx"` for `vin`
//! runs as the VIN (`bare_codes`), where read against the held spans, no free string, it ran
//! as written.

use crate::common::Recorder;
use agents_core::model::{ConstraintSupport, FINAL_ANSWER_TOOL, Recovery};
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{ExecutionFailure, LlmAgent, ModelResponse};
use serde_json::json;
use std::sync::{Arc, Mutex};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Decode {
    /// The vehicle identification number.
    vin: String,
}

#[tokio::test]
async fn the_held_turns_call_is_read_against_the_declared_schema() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "decode_vin", r#"{"vin": "VIN"}"#),
        ModelResponse::tool_call(
            "c2",
            "decode_vin",
            r#"{"vin": "VIN for me: 1HGCM82633A004352 thx"}"#,
        ),
        ModelResponse::tool_call("c3", FINAL_ANSWER_TOOL, r#"{"answer": "A 2003 Honda."}"#),
    ])
    .with_constraint_support(ConstraintSupport::Schema)
    .with_examples([json!({"vin": "VIN"})])
    .with_recovery(Recovery::SMALL_MODEL.ask_values(false));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let ran = seen.clone();
    let rec = Recorder::default();
    let report = LlmAgent::<String, String>::builder("cars")
        .model(model.clone())
        .tool(tool_fn("decode_vin", "Decodes a VIN.", move |d: Decode| {
            let ran = ran.clone();
            async move {
                ran.lock().unwrap().push(d.vin);
                Ok::<_, ExecutionFailure>("A 2003 Honda".to_owned())
            }
        }))
        .constrained(true)
        .on_event(rec.hook())
        .build()
        .unwrap()
        // Two codes: `lone_codes` gives the copied `"VIN"` neither, the echo check refuses it,
        // and the next turn is held.
        .run("can u decode this VIN for me: 1HGCM82633A004352 thx, plate KV21 XLM".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "A 2003 Honda.");
    // The second turn was held: its schema for `vin` is no free string.
    let held = &model.requests()[1].tools[0].parameters["properties"]["vin"];
    assert!(
        held.get("enum").is_some() || held.get("anyOf").is_some(),
        "{held}"
    );
    assert_eq!(*seen.lock().unwrap(), ["1HGCM82633A004352"]);
}
