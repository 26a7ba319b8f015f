use crate::common;
use agents_core::testing::ScriptedModel;
use agents_core::{LlmAgent, Message, ModelResponse};
use common::*;

/// A malformed call is repaired deterministically and the tool runs once, with no extra turn.
#[tokio::test]
async fn repaired_call_runs_once_without_extra_turn() {
    let calls = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", "```json\n{'city': 'Oslo', days: 2,}\n```"),
        ModelResponse::text("Sunny in Oslo."),
    ]);
    let rec = Recorder::default();
    let agent = LlmAgent::<String, String>::builder("forecaster")
        .model(model.clone())
        .tool(weather(calls.clone()))
        .on_event(rec.hook())
        .build()
        .unwrap();
    let out = agent.run("Weather in Oslo?".into()).await.unwrap();
    assert_eq!(out, "Sunny in Oslo.");
    assert_eq!(count(&calls), 1);
    let reqs = model.requests();
    assert_eq!(reqs.len(), 2);
    let Message::Tool(result) = reqs[1].messages.last().unwrap() else {
        panic!("last message must be the tool result")
    };
    assert_eq!(result.content, "Oslo: sunny for 2 day(s)");
    assert!(!result.is_error);
    assert!(
        rec.names().contains(&"repaired".to_owned()),
        "{:?}",
        rec.names()
    );
}

/// Tool arguments are objects: prose that cites an array before the call does not win.
#[tokio::test]
async fn argument_repair_prefers_the_object() {
    let calls = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call(
            "c1",
            "weather",
            "Tried [\"Bergen\", \"Oslo\", \"Rome\", \"Lima\"] first; now: {\"city\": \"Oslo\"}",
        ),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(calls.clone()))
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    assert_eq!(count(&calls), 1);
    let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert_eq!(r.content, "Oslo: sunny for 1 day(s)");
}

/// A first agent needs no type annotations (text in, text out); `output::<T>()` types the
/// answer; called after a setting whose type names the output, `build` says so instead of
/// silently dropping that setting.
#[test]
fn the_builder_defaults_to_text_and_output_comes_before_typed_settings() {
    let text: agents_core::LlmAgent = LlmAgent::builder("a")
        .model(ScriptedModel::new([]))
        .build()
        .unwrap();
    drop(text);
    let typed = LlmAgent::builder("a")
        .output::<u32>()
        .model(ScriptedModel::new([]))
        .build();
    assert!(typed.is_ok());
    let late = LlmAgent::builder("a")
        .model(ScriptedModel::new([]))
        .on_llm_error(|_, _| agents_core::agent::LlmErrorDecision::Rethrow)
        .output::<u32>()
        .build();
    let err = late.unwrap_err().to_string();
    assert!(err.contains("must come before"), "{err}");
}
