//! Events, the on_tool_use hook, skills and the scripted model's request log.
use crate::common;

use std::sync::{Arc, Mutex};

use agents_core::repair::{Handlers, fix_in_context};
use agents_core::testing::ScriptedModel;
use agents_core::{AgentError, Event, LlmAgent, Message, ModelResponse, agent::Skill};
use common::*;

/// A run emits typed events in order: started, model responded, repaired, tool started,
/// finished, hallucinated, run finished. (Calls one after another: with calls at once, the
/// unknown tool is answered before the tool runs; see `parallel.rs`.)
#[tokio::test]
async fn events_arrive_in_order() {
    let rec = Recorder::default();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", "{city: 'Oslo'}")
            .and_tool_call("c2", "wether", "{}")
            .with_usage(10, 5),
        ModelResponse::text("done").with_usage(20, 2),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model)
        .tool(weather(counter()))
        .on_event(rec.hook())
        .parallel_calls(1)
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    assert_eq!(
        rec.names(),
        [
            "run_started",
            "model_responded",
            "repaired",
            "tool_started",
            "tool_finished",
            "tool_hallucinated",
            "model_responded",
            "run_finished"
        ]
    );
    let Some(Event::RunFinished {
        usage,
        turns,
        success,
        ..
    }) = rec.events().last().cloned()
    else {
        panic!()
    };
    assert_eq!(
        (usage.input_tokens, usage.output_tokens, turns, success),
        (30, 7, 2, true)
    );
}

/// on_tool_use sees the arguments the model sent and the repaired ones.
#[tokio::test]
async fn on_tool_use_sees_sent_and_repaired_arguments() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", "{'city': 'Oslo'}"),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model)
        .tool(weather(counter()))
        .on_tool_use(move |u| {
            s.lock().unwrap().push((
                u.name.to_owned(),
                u.sent.to_owned(),
                u.repaired.cloned(),
                u.result.to_owned(),
            ))
        })
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    assert_eq!(
        *seen.lock().unwrap(),
        vec![(
            "weather".to_owned(),
            "{'city': 'Oslo'}".to_owned(),
            Some(serde_json::json!({"city": "Oslo"})),
            "Oslo: sunny for 1 day(s)".to_owned()
        )]
    );
}

/// A skill restricts the tools the model sees, and the allowed list in an invented-tool error is
/// the skill's.
#[tokio::test]
async fn skills_restrict_tools_and_name_them_in_errors() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "flaky", "{}"),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(counter()))
        .tool(flaky("flaky", 0, true, || unreachable!(), counter()))
        .skill(
            Skill::new("forecast", "Weather questions")
                .prompt("Only forecasts.")
                .tools(["weather"]),
        )
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    let req = &model.requests()[0];
    assert_eq!(
        req.tools
            .iter()
            .map(|t| t.name.as_str())
            .collect::<Vec<_>>(),
        ["weather"]
    );
    assert!(req.system.as_deref().unwrap().contains("Only forecasts."));
    let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert!(
        r.content.starts_with(
            "ERROR: Tool 'flaky' is unknown for skill 'forecast'. Allowed tools: weather."
        ),
        "{}",
        r.content
    );
}

/// With several skills the model chooses one by name (leniently matched); a skill may be a plain
/// function that needs no further model call.
#[tokio::test]
async fn the_model_chooses_a_skill_and_plain_function_skills_need_no_model() {
    let model = ScriptedModel::new([ModelResponse::text("  Shout ")]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .skill(
            Skill::new("whisper", "Lower-case the text")
                .implemented_by(|s: String| async move { Ok(s.to_lowercase()) }),
        )
        .skill(
            Skill::new("shout", "Upper-case the text")
                .implemented_by(|s: String| async move { Ok(s.to_uppercase()) }),
        )
        .build()
        .unwrap();
    assert_eq!(agent.run("hello".into()).await.unwrap(), "HELLO");
    assert_eq!(model.requests().len(), 1, "one routing call, no loop");
    let root = agents_core::agent::RunContext::top();
    assert_eq!(
        agent
            .run("HeLLo".into())
            .skill("whisper")
            .within(&root)
            .await
            .unwrap(),
        "hello"
    );
    match agent.run("x".into()).skill("wisper").within(&root).await {
        Err(AgentError::Config(m)) => assert!(m.contains("did you mean `whisper`"), "{m}"),
        other => panic!("unexpected {other:?}"),
    }
}

/// A fix can fill a missing argument from an earlier turn of the conversation.
#[tokio::test]
async fn fixes_see_the_conversation() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", "{}"),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(counter()))
        .on_error(Handlers::new().deserialization_error(fix_in_context(
            |_raw: &str, cx: &agents_core::repair::RepairContext<'_>| {
                let city = cx.conversation.iter().find_map(|m| match m {
                    Message::User { content } => {
                        content.strip_prefix("I live in ").map(str::to_owned)
                    }
                    _ => None,
                })?;
                Some(serde_json::json!({ "city": city }).to_string())
            },
        )))
        .build()
        .unwrap();
    agent.run("I live in Bergen".into()).await.unwrap();
    let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert_eq!(r.content, "Bergen: sunny for 1 day(s)");
}

/// Configuration mistakes are typed errors with "did you mean".
#[test]
fn build_rejects_unknown_tool_names_and_missing_model() {
    let err = LlmAgent::<String, String>::builder("a")
        .model(ScriptedModel::new([]))
        .tool(weather(counter()))
        .on_tool_error("wheather", Handlers::new())
        .build()
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("`wheather` is not one of this agent's tools (did you mean `weather`?)"),
        "{err}"
    );
    let err = LlmAgent::<String, String>::builder("a")
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("no model"), "{err}");
}

/// `Event::Repaired` carries typed changes (a subscriber can match on a lenient-JSON fix) that
/// still print and serialise as the operator's one-line sentences.
#[tokio::test]
async fn repaired_events_carry_typed_changes() {
    use agents_core::event::ArgumentChange;
    use agents_core::json::FixKind;

    let rec = Recorder::default();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"city": "Rome",}"#),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("main")
        .model(model)
        .tool(weather(counter()))
        .on_event(rec.hook())
        .build()
        .unwrap();
    agent.run("go".to_owned()).await.unwrap();
    let fixes = rec
        .events()
        .into_iter()
        .find_map(|e| match e {
            Event::Repaired { fixes, .. } => Some(fixes),
            _ => None,
        })
        .expect("a Repaired event");
    assert!(
        matches!(&fixes[..], [ArgumentChange::Json(fix)] if fix.kind == FixKind::TrailingComma),
        "{fixes:?}"
    );
    let line = fixes[0].to_string();
    assert!(line.contains("trailing comma"), "{line}");
    assert_eq!(
        serde_json::to_value(&fixes).unwrap(),
        serde_json::json!([line])
    );
}
