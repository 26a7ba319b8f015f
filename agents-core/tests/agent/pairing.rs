//! The pairing invariant: every tool call in an assistant message gets exactly one result with its
//! id, in order, whatever happens (success, repair, escalation, timeout, panic, budget stop,
//! throw, invented names). Checked over random failure scripts.
use crate::common;

use agents_core::repair::{Handlers, escalate, no_backoff, retry, throw};
use agents_core::testing::ScriptedModel;
use agents_core::{
    Budget, ExecutionFailure, LlmAgent, Message, ModelResponse, Severity, agent::UnhandledPolicy,
};
use common::*;
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum CallScript {
    Good,
    Malformed,
    WrongType,
    Unknown,
    Transient,
    Panic,
    Escalate,
    Throw,
}

fn call_strategy() -> impl Strategy<Value = CallScript> {
    prop_oneof![
        4 => Just(CallScript::Good),
        2 => Just(CallScript::Malformed),
        1 => Just(CallScript::WrongType),
        1 => Just(CallScript::Unknown),
        1 => Just(CallScript::Transient),
        1 => Just(CallScript::Panic),
        1 => Just(CallScript::Escalate),
        1 => Just(CallScript::Throw),
    ]
}

fn policy_strategy() -> impl Strategy<Value = UnhandledPolicy> {
    prop_oneof![
        Just(UnhandledPolicy::FeedBack),
        Just(UnhandledPolicy::Propagate),
        Just(UnhandledPolicy::Omit)
    ]
}

fn call_for(script: &CallScript, id: String) -> (String, String, String) {
    match script {
        CallScript::Good => (id, "weather".into(), r#"{"city":"Oslo"}"#.into()),
        CallScript::Malformed => (id, "weather".into(), "{city: 'Oslo',".into()),
        CallScript::WrongType => (id, "weather".into(), r#"{"city": ["a", "b"]}"#.into()),
        CallScript::Unknown => (id, "get_weather".into(), "{}".into()),
        CallScript::Transient => (id, "flaky".into(), "{}".into()),
        CallScript::Panic => (id, "explode".into(), "{}".into()),
        CallScript::Escalate => (id, "esc".into(), "{}".into()),
        CallScript::Throw => (id, "stop".into(), "{}".into()),
    }
}

fn check_pairing(messages: &[Message]) -> Result<(), String> {
    let mut i = 0;
    while i < messages.len() {
        if let Message::Assistant { tool_calls, .. } = &messages[i] {
            for (k, call) in tool_calls.iter().enumerate() {
                match messages.get(i + 1 + k) {
                    Some(Message::Tool(r)) if r.call_id == call.id => {}
                    other => {
                        return Err(format!(
                            "call {} at message {i} is paired with {other:?}",
                            call.id
                        ));
                    }
                }
            }
            i += 1 + tool_calls.len();
            if let Some(Message::Tool(r)) = messages.get(i) {
                return Err(format!("extra tool result {} at message {i}", r.call_id));
            }
        } else {
            if let Message::Tool(r) = &messages[i] {
                return Err(format!("orphan tool result {} at message {i}", r.call_id));
            }
            i += 1;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
    #[test]
    fn every_call_gets_exactly_one_result(
        rounds in prop::collection::vec(prop::collection::vec(call_strategy(), 1..4), 1..5),
        policy in policy_strategy(),
        max_tool_calls in prop::option::of(1u64..8),
    ) {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().start_paused(true).build().unwrap();
        rt.block_on(async {
            let mut script: Vec<ModelResponse> = Vec::new();
            for (r, calls) in rounds.iter().enumerate() {
                let mut resp = ModelResponse::default();
                for (c, s) in calls.iter().enumerate() {
                    let (id, name, args) = call_for(s, format!("r{r}c{c}"));
                    resp = resp.and_tool_call(id, name, args);
                }
                script.push(resp);
            }
            script.push(ModelResponse::text("final"));
            let model = ScriptedModel::new(script);
            let agent = LlmAgent::<String, String>::builder("a")
                .model(model.clone())
                .tool(weather(counter()))
                .tool_with(flaky("flaky", 1, true, || ExecutionFailure::transient("busy"), counter()), Handlers::new().execution_error(retry(2, no_backoff())))
                .tool(panicking())
                .tool_with(flaky("esc", 99, true, || ExecutionFailure::new("nope"), counter()), Handlers::new().execution_error(escalate("cannot", Severity::Low)))
                .tool_with(flaky("stop", 99, true, || ExecutionFailure::new("bad"), counter()), Handlers::new().execution_error(throw("unsafe")))
                .unhandled(policy)
                .loop_guards(10, 10)
                .budget(Budget { max_tool_calls, ..Default::default() })
                .build()
                .unwrap();
            let report = agent.run("go".into()).report().await;
            if let Err(e) = check_pairing(&report.transcript) {
                panic!("final transcript: {e}\n{:#?}", report.transcript);
            }
            let calls_made: usize = report.transcript.iter().map(|m| match m {
                Message::Assistant { tool_calls, .. } => tool_calls.len(),
                _ => 0,
            }).sum();
            let results = report.transcript.iter().filter(|m| matches!(m, Message::Tool(_))).count();
            assert_eq!(results, calls_made, "one result per call");
            // Each turn's assistant message is in the transcript (a round stopped midway included).
            let assistant_turns = report.transcript.iter().filter(|m| matches!(m, Message::Assistant { .. })).count();
            assert!(assistant_turns as u32 <= report.turns);
            // Every request the model received must have been a valid history.
            for (n, req) in model.requests().iter().enumerate() {
                if let Err(e) = check_pairing(&req.messages) {
                    panic!("request {n}: {e}\n{:#?}", req.messages);
                }
            }
        });
    }
}

/// Every tool call id and result id in `messages`, in order of appearance.
fn ids(messages: &[Message]) -> (Vec<String>, Vec<String>) {
    let mut calls = Vec::new();
    let mut results = Vec::new();
    for m in messages {
        match m {
            Message::Assistant { tool_calls, .. } => {
                calls.extend(tool_calls.iter().map(|c| c.id.clone()))
            }
            Message::Tool(r) => results.push(r.call_id.clone()),
            _ => {}
        }
    }
    (calls, results)
}

/// A model that names 50 calls `call_0` (and does it again next turn) gets unique ids in the
/// next request, the same in each call and its result, so providers that require unique ids
/// accept it.
#[tokio::test]
async fn duplicate_call_ids_are_made_unique_in_call_and_result() {
    let calls = counter();
    let many = |n: usize| ModelResponse {
        tool_calls: (0..n)
            .map(|i| agents_core::model::ToolCall {
                id: "call_0".into(),
                name: "weather".into(),
                arguments: format!(r#"{{"city": "C{i}"}}"#),
            })
            .collect(),
        ..ModelResponse::default()
    };
    let model = ScriptedModel::new([many(50), many(2), ModelResponse::text("done")]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(calls.clone()))
        .budget(Budget {
            max_identical_calls: None,
            ..Budget::default()
        })
        .build()
        .unwrap();
    let report = agent.run("go".into()).report().await;
    assert_eq!(report.output().unwrap(), "done");
    assert_eq!(count(&calls), 52);
    let last = model.requests().pop().unwrap();
    let (call_ids, result_ids) = ids(&last.messages);
    assert_eq!(call_ids.len(), 52);
    assert_eq!(call_ids, result_ids, "each result answers its own call");
    let unique: std::collections::HashSet<_> = call_ids.iter().collect();
    assert_eq!(unique.len(), 52, "{call_ids:?}");
    assert_eq!(call_ids[0], "call_0", "the first keeps its id");
    assert_eq!(ids(&report.transcript), (call_ids.clone(), call_ids));
}

/// A 1 MB invented tool name is not echoed back to the model at full length: not in the error
/// text, not in the result's name, not in the assistant message that records the call.
#[tokio::test]
async fn an_enormous_invented_tool_name_is_capped_wherever_it_is_echoed() {
    let huge = "x".repeat(1 << 20);
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", huge.clone(), "{}"),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(counter()))
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    let next = serde_json::to_string(&model.requests()[1].messages).unwrap();
    assert!(next.len() < 16 * 1024, "{} bytes", next.len());
    assert!(next.contains("is unknown"), "{next}");
}
