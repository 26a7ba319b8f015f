//! The pairing invariant: every tool call in an assistant message gets exactly one result with its
//! id, in order, whatever happens (success, repair, escalation, timeout, panic, budget stop,
//! throw, invented names). Checked over random failure scripts.
mod common;

use agents_core::repair::{Handlers, escalate, no_backoff, retry, throw};
use agents_core::testing::ScriptedModel;
use agents_core::{
    Budget, ExecutionFailure, LlmAgent, Message, ModelResponse, Severity, UnhandledPolicy,
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
            let report = agent.run_report("go".into()).await;
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
