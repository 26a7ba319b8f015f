//! Feedback a small model can use (issue 16, item 6): short error text shaped like the call to
//! write, no tool list that invites decoys, and a repeated identical failing call that changes
//! the next turn's sampling instead of being sent again unchanged.

use crate::common;

use std::sync::{Arc, Mutex};

use agents_core::error::FeedbackStyle;
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{Event, ExecutionFailure, LlmAgent, ModelResponse};
use common::error_results;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct AddArgs {
    a: f64,
    b: f64,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct StockArgs {
    symbol: String,
}

fn agent(model: ScriptedModel, strict: bool) -> LlmAgent<String, String> {
    LlmAgent::<String, String>::builder("calc")
        .model(model)
        .tool(tool_fn("add", "add two numbers", |a: AddArgs| async move {
            Ok::<_, ExecutionFailure>(format!("{}", a.a + a.b))
        }))
        .tool(tool_fn(
            "get_stock_price",
            "latest price of a stock",
            |a: StockArgs| async move { Ok::<_, ExecutionFailure>(format!("{}: 1", a.symbol)) },
        ))
        .strict(strict)
        // These tests read the feedback; asking the model for the values first
        // (ask_values.rs) would take the scripted answers.
        .ask_values(false)
        .build()
        .unwrap()
}

const SCHEMA_WORDS: &[&str] = &[
    "properties",
    "required",
    "additionalProperties",
    "\"type\"",
    "$schema",
    "$ref",
    "format",
];

/// A prompted (short-feedback) model reads what was wrong and the call to write, with no
/// JSON-Schema keyword it could copy into its arguments: its own good values kept, a type in
/// place of the wrong or missing ones, arguments the tool does not take left out.
#[tokio::test]
async fn short_feedback_is_shaped_like_the_call_to_write() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "add", r#"{"a": "a dozen", "b": 2}"#),
        ModelResponse::tool_call("c2", "add", r#"{"a": 12, "c": 2}"#),
        ModelResponse::tool_call("c3", "add", "a dozen plus two"),
        ModelResponse::text("done"),
    ])
    .with_feedback(FeedbackStyle::Short);
    let report = agent(model, false)
        .run("Add a dozen and 2.".into())
        .report()
        .await;
    let texts = error_results(&report.transcript);
    assert_eq!(texts.len(), 3, "{texts:?}");
    let writes = [
        r#"Write: add: {"a": number, "b": 2}"#,
        r#"Write: add: {"a": 12, "b": number}"#,
        r#"Write: add: {"a": number, "b": number}"#,
    ];
    for (text, write) in texts.iter().zip(writes) {
        assert!(
            text.starts_with("ERROR: the arguments for tool 'add'"),
            "{text}"
        );
        assert!(text.ends_with(write), "{text}");
        assert!(text.len() < 200, "{} bytes: {text}", text.len());
        for w in SCHEMA_WORDS {
            assert!(!text.contains(w), "{w} in {text}");
        }
    }
    assert!(texts[0].contains(r#"at "a""#), "{}", texts[0]);
    // Schema validation (before the typed read) words it.
    assert!(texts[0].contains("must be a number"), "{}", texts[0]);
}

/// A model with native tools keeps the full text (the expected schema).
#[tokio::test]
async fn full_feedback_still_shows_the_schema() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "add", r#"{"a": "a dozen", "b": 2}"#),
        ModelResponse::text("done"),
    ]);
    let report = agent(model, false).run("Add.".into()).report().await;
    assert!(error_results(&report.transcript)[0].contains("Expected schema"));
}

/// After a call to an unknown tool, a short-feedback model reads the closest tool's call to
/// write, or a pointer to the list it was given: never the list again (a small model calls the
/// decoys from it).
#[tokio::test]
async fn short_unknown_tool_feedback_names_no_other_tool() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "functions.add", r#"{"a": 1, "b": 2}"#),
        ModelResponse::tool_call("c2", "multiply", r#"{"x": 1}"#),
        ModelResponse::text("done"),
    ])
    .with_feedback(FeedbackStyle::Short);
    let report = agent(model, false)
        .run("Add 1 and 2.".into())
        .report()
        .await;
    let texts = error_results(&report.transcript);
    assert_eq!(
        texts[0],
        r#"ERROR: there is no tool 'functions.add'. Did you mean add: {"a": number, "b": number}"#
    );
    assert_eq!(
        texts[1],
        "ERROR: there is no tool 'multiply'. Call one of the tools listed above, or answer."
    );
    for text in &texts {
        assert!(!text.contains("get_stock_price"), "{text}");
    }
}

/// Under the small-model profile (`Recovery::resample`), the same failing call twice in a row
/// is not answered by the same request again: the next turn samples hotter (temperature up,
/// seed changed), and a `Warning` says so. A strict agent changes nothing (no recovery), and
/// neither does the neutral profile (native tool calling keeps the sampling it was given).
#[tokio::test]
async fn a_repeated_identical_failing_call_changes_the_sampling() {
    use agents_core::model::Recovery;
    // Without its questions: they would take the scripted responses as answers.
    let small = Recovery::SMALL_MODEL.ask_values(false);
    for (strict, recovery) in [
        (false, small),
        (true, small),
        (false, Recovery::NEUTRAL),
        (false, Recovery::NEUTRAL.resample(true)),
    ] {
        let resamples = !strict && recovery.resample;
        let bad = || ModelResponse::tool_call("c", "add", r#"{"a": "x", "b": 2}"#);
        let model = ScriptedModel::new([bad(), bad(), ModelResponse::text("done")]);
        let events = Arc::new(Mutex::new(Vec::new()));
        let seen = events.clone();
        let agent = LlmAgent::<String, String>::builder("calc")
            .model(model.clone())
            .tool(tool_fn("add", "add two numbers", |a: AddArgs| async move {
                Ok::<_, ExecutionFailure>(format!("{}", a.a + a.b))
            }))
            .sampling(agents_core::model::Sampling {
                temperature: Some(0.2),
                seed: Some(7),
                ..Default::default()
            })
            .strict(strict)
            .recovery(recovery)
            .on_event(move |e| seen.lock().unwrap().push(e.clone()))
            .build()
            .unwrap();
        let _ = agent.run("Add.".into()).report().await;
        let sampling: Vec<_> = model
            .requests()
            .iter()
            .map(|r| r.sampling.clone())
            .collect();
        assert_eq!(sampling.len(), 3);
        assert_eq!(sampling[0], sampling[1], "one failure changes nothing");
        let warned =
            events.lock().unwrap().iter().any(
                |e| matches!(e, Event::Warning { message, .. } if message.contains("repeated")),
            );
        if !resamples {
            assert_eq!(sampling[2], sampling[1], "{strict} {recovery:?}");
            assert!(!warned);
        } else {
            assert!(sampling[2].temperature.unwrap() > 0.2 + 0.4, "{sampling:?}");
            assert_ne!(sampling[2].seed, Some(7));
            assert!(warned);
        }
    }
}
