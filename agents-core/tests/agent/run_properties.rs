//! One property over the ways an application drives a run: streamed chats dropped at random
//! points, calls held for approval and then approved, denied or left undecided, tools that fail
//! or panic, resumes from the pause. Every transcript the application can store is valid: each
//! call has exactly one result, right after the message that made it.
use crate::common;

use std::time::Duration;

use agents_core::conversation::{Conversation, check};
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{ExecutionFailure, LlmAgent, Message, ModelResponse, Outcome, RunEvent};
use common::*;
use futures_util::StreamExt;
use proptest::prelude::*;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Nap {
    ms: u64,
}

/// The tools: `nap` (waits, so a drop can land mid-call), `pay` (needs approval), `flaky` and
/// `explode` (fail transiently, panic).
fn agent(model: &ScriptedModel) -> LlmAgent {
    LlmAgent::builder("app")
        .model(model.clone())
        .tool(
            tool_fn("nap", "Waits.", |a: Nap| async move {
                tokio::time::sleep(Duration::from_millis(a.ms)).await;
                Ok::<_, ExecutionFailure>("rested".to_owned())
            })
            .idempotent(),
        )
        .tool(tool_fn("pay", "Pays.", |_: NoArgs| async move {
            Ok::<_, ExecutionFailure>("paid".to_owned())
        }))
        .approval("pay")
        .tool(flaky(
            "flaky",
            1,
            true,
            || ExecutionFailure::transient("busy"),
            counter(),
        ))
        .tool(panicking())
        .build()
        .unwrap()
}

#[derive(Debug, Clone)]
enum Call {
    Nap,
    Pay,
    Flaky,
    Explode,
    Broken,
}

#[derive(Debug, Clone, Copy)]
enum Decide {
    Approve,
    Deny,
    Leave,
}

fn response(turn: usize, calls: &[Call]) -> ModelResponse {
    let mut r = ModelResponse::text(format!("answer {turn}"));
    for (i, c) in calls.iter().enumerate() {
        let id = format!("t{turn}c{i}");
        let (name, args) = match c {
            Call::Nap => ("nap", r#"{"ms": 30}"#),
            Call::Pay => ("pay", "{}"),
            Call::Flaky => ("flaky", "{}"),
            Call::Explode => ("explode", "{}"),
            Call::Broken => ("nap", "{ms: 'ten',"),
        };
        r = r.and_tool_call(id, name, args);
    }
    if !calls.is_empty() {
        r.text = None;
    }
    r
}

fn calls() -> impl Strategy<Value = Vec<Call>> {
    prop::collection::vec(
        prop_oneof![
            Just(Call::Nap),
            Just(Call::Pay),
            Just(Call::Flaky),
            Just(Call::Explode),
            Just(Call::Broken),
        ],
        0..3,
    )
}

fn assert_valid(messages: &[Message], what: &str) {
    let problems = check(messages);
    assert!(problems.is_empty(), "{what}: {problems:?} in {messages:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_stored_transcript_is_valid(
        script in prop::collection::vec(calls(), 1..5),
        drops in prop::collection::vec(prop::option::of(0usize..12), 1..4),
        decisions in prop::collection::vec(prop_oneof![Just(Decide::Approve), Just(Decide::Deny), Just(Decide::Leave)], 1..6),
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .start_paused(true)
            .build()
            .unwrap();
        runtime.block_on(async {
            let responses: Vec<ModelResponse> =
                script.iter().enumerate().map(|(i, c)| response(i, c)).collect();
            let model = ScriptedModel::new(responses);
            let agent = agent(&model);
            let mut conversation = Conversation::new();
            let mut decisions = decisions.iter().cycle();
            for (turn, drop_after) in drops.iter().enumerate() {
                let mut paused = None;
                {
                    let mut stream = agent.run(format!("request {turn}")).conversation(&mut conversation).stream();
                    let mut taken = 0;
                    while let Some(item) = stream.next().await {
                        if let RunEvent::Finished(report) = item {
                            assert_valid(&report.transcript, "a report");
                            if let Ok(Outcome::Paused(p)) = report.outcome {
                                paused = Some(p);
                            }
                            break;
                        }
                        taken += 1;
                        if drop_after.is_some_and(|d| taken > d) {
                            break; // the consumer goes away mid-run
                        }
                    }
                }
                assert_valid(conversation.messages(), "a conversation after a stream");
                // A person decides, possibly several times, and the run resumes each time.
                while let Some(mut p) = paused.take() {
                    for call in p.calls.clone() {
                        match decisions.next().copied().unwrap_or(Decide::Leave) {
                            Decide::Approve => { p.approve(&call.call_id); }
                            Decide::Deny => { p.deny(&call.call_id, "no"); }
                            Decide::Leave => {}
                        }
                    }
                    let stored = serde_json::to_string(&p).unwrap();
                    let p: agents_core::conversation::Paused = serde_json::from_str(&stored).unwrap();
                    let undecided = p.checkpoint.decisions.len() < p.calls.len();
                    let report = agent.resume(p.into_checkpoint()).report().await;
                    assert_valid(&report.transcript, "a resumed report");
                    conversation = Conversation::from_messages(report.transcript);
                    if let Ok(Outcome::Paused(next)) = report.outcome {
                        if undecided && decisions.clone().take(8).all(|d| matches!(d, Decide::Leave)) {
                            break;
                        }
                        paused = Some(next);
                    }
                }
                assert_valid(conversation.messages(), "a conversation after resume");
            }
        });
    }
}
