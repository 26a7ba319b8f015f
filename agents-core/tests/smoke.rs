mod common;
use agents_core::testing::ScriptedModel;
use agents_core::{AgentExt, LlmAgent, Message, ModelResponse};
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
