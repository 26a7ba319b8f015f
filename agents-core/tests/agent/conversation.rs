//! Conversations through the agent loop: a run continues a stored transcript, appends to it, mends
//! a transcript a crash left with a dangling call, never re-executes a call that has a result, and
//! sends only what the history policy keeps.
use crate::common;

use agents_core::conversation::{Conversation, KeepLastTurns};
use agents_core::testing::ScriptedModel;
use agents_core::{Event, LlmAgent, Message, ModelResponse, model::ToolCall};
use common::*;
use std::sync::Arc;
use std::sync::atomic::AtomicU32;

fn agent(
    model: &ScriptedModel,
    recorder: &Recorder,
    calls: &Arc<AtomicU32>,
) -> LlmAgent<String, String> {
    LlmAgent::<String, String>::builder("chat")
        .model(model.clone())
        .tool(weather(calls.clone()))
        .on_event(recorder.hook())
        .build()
        .unwrap()
}

/// Two runs on one conversation: the second request carries the first run's messages, and the
/// stored conversation holds both runs in order, valid.
#[tokio::test]
async fn a_second_run_sees_and_extends_the_first() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"city": "Oslo"}"#),
        ModelResponse::text("Sunny in Oslo."),
        ModelResponse::text("You asked about Oslo."),
    ]);
    let agent = agent(&model, &Recorder::default(), &counter());
    let mut conversation = Conversation::new();
    let first = agent
        .run("Weather in Oslo?".into())
        .conversation(&mut conversation)
        .await;
    assert_eq!(first.unwrap(), "Sunny in Oslo.");
    assert_eq!(conversation.messages().len(), 4);

    // Stored and loaded between the runs, as an application would.
    let stored = serde_json::to_string(&conversation).unwrap();
    let mut conversation: Conversation = serde_json::from_str(&stored).unwrap();
    let second = agent
        .run("Which city?".into())
        .conversation(&mut conversation)
        .await;
    assert_eq!(second.unwrap(), "You asked about Oslo.");

    let requests = model.requests();
    let last = &requests[2].messages;
    assert_eq!(last.len(), 5, "history (4) and the new question: {last:?}");
    assert_eq!(last[0], Message::user("Weather in Oslo?"));
    assert_eq!(last[4], Message::user("Which city?"));
    assert_eq!(conversation.messages().len(), 6);
    assert_eq!(conversation.user_turns(), 2);
    assert!(conversation.problems().is_empty());
}

/// A transcript stored between a call and its result (the process died there) is mended before
/// it is sent: the call gets a "no result recorded" result, an event says so, and the tool is not run
/// for it.
#[tokio::test]
async fn a_dangling_call_is_mended_not_re_executed() {
    let model = ScriptedModel::new([ModelResponse::text("Ask me again.")]);
    let recorder = Recorder::default();
    let calls = counter();
    let agent = agent(&model, &recorder, &calls);
    let mut conversation = Conversation::from_messages(vec![
        Message::user("Weather in Oslo?"),
        Message::Assistant {
            content: None,
            tool_calls: vec![ToolCall {
                id: "c1".into(),
                name: "weather".into(),
                arguments: r#"{"city": "Oslo"}"#.into(),
            }],
        },
    ]);
    assert_eq!(conversation.problems().len(), 1);
    agent
        .run("Still there?".into())
        .conversation(&mut conversation)
        .await
        .unwrap();

    assert_eq!(
        count(&calls),
        0,
        "a stored call is never run again by a later run"
    );
    let sent = &model.requests()[0].messages;
    let Message::Tool(result) = &sent[2] else {
        panic!("the call is answered before anything else: {sent:?}")
    };
    assert!(result.is_error && result.content.starts_with("No result recorded"));
    assert!(conversation.problems().is_empty());
    let mended = recorder
        .events()
        .into_iter()
        .find(|e| matches!(e, Event::TranscriptMended { .. }));
    assert!(mended.is_some(), "{:?}", recorder.names());
}

/// The history policy decides what the model sees; the stored conversation keeps everything.
#[tokio::test]
async fn the_history_policy_trims_the_request_not_the_store() {
    let model = ScriptedModel::new([
        ModelResponse::text("1"),
        ModelResponse::text("2"),
        ModelResponse::text("3"),
    ]);
    let agent = LlmAgent::<String, String>::builder("chat")
        .model(model.clone())
        .history(KeepLastTurns(1))
        .build()
        .unwrap();
    let mut conversation = Conversation::new();
    for q in ["one", "two", "three"] {
        agent
            .run(q.into())
            .conversation(&mut conversation)
            .await
            .unwrap();
    }
    let sent = &model.requests()[2].messages;
    assert_eq!(
        sent.len(),
        3,
        "the last kept turn and the new question: {sent:?}"
    );
    assert_eq!(conversation.messages().len(), 6);
}

/// A call id a provider reuses in a later run (Gemini numbers calls per response) is made
/// unique, so each result answers exactly one call.
#[tokio::test]
async fn call_ids_stay_unique_across_runs() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c0", "weather", r#"{"city": "Oslo"}"#),
        ModelResponse::text("ok"),
        ModelResponse::tool_call("c0", "weather", r#"{"city": "Rome"}"#),
        ModelResponse::text("ok"),
    ]);
    let agent = agent(&model, &Recorder::default(), &counter());
    let mut conversation = Conversation::new();
    agent
        .run("Oslo?".into())
        .conversation(&mut conversation)
        .await
        .unwrap();
    agent
        .run("Rome?".into())
        .conversation(&mut conversation)
        .await
        .unwrap();
    assert!(
        conversation.problems().is_empty(),
        "{:?}",
        conversation.problems()
    );
    let ids: Vec<&str> = conversation
        .messages()
        .iter()
        .filter_map(|m| match m {
            Message::Tool(r) => Some(r.call_id.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(ids.len(), 2);
    assert_ne!(ids[0], ids[1]);
}
