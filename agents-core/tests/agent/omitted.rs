//! One property of the `Omit` policy over rounds of good and failing calls: the transcript keeps
//! every call with its result, and every request the model receives is exactly the transcript
//! so far with the omitted calls and their results left out (the run keeps one list for both
//! until a call is omitted, two from then on).
use crate::common;

use std::collections::HashSet;

use agents_core::conversation::{check, without_calls};
use agents_core::testing::ScriptedModel;
use agents_core::{Event, Message, ModelResponse};
use common::*;
use proptest::prelude::*;

/// Round `turn`'s response: a call per entry, good (`true`, a city) or failing (`false`, the
/// city missing), each with arguments of its own so that no repeat guard merges them.
fn round(turn: usize, calls: &[bool]) -> ModelResponse {
    let mut response = ModelResponse::text("");
    for (i, good) in calls.iter().enumerate() {
        let args = if *good {
            format!(r#"{{"city": "C{turn}x{i}"}}"#)
        } else {
            format!(r#"{{"days": {}}}"#, turn * 10 + i + 1)
        };
        response = response.and_tool_call(format!("t{turn}c{i}"), "weather", args);
    }
    response.text = None;
    response
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn each_request_is_the_transcript_without_the_omitted_calls(
        rounds in prop::collection::vec(prop::collection::vec(any::<bool>(), 1..4), 1..5),
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let mut script: Vec<ModelResponse> =
                rounds.iter().enumerate().map(|(i, calls)| round(i, calls)).collect();
            script.push(ModelResponse::text("done"));
            let model = ScriptedModel::new(script);
            let rec = Recorder::default();
            let agent = crate::policies::omitting(&model, &rec);
            // A loop guard may end the run early: the property holds for whatever was said.
            let report = agent.run("go".into()).report().await;
            let transcript = &report.transcript;
            let problems = check(transcript);
            assert!(problems.is_empty(), "{problems:?} in {transcript:?}");
            let omitted: HashSet<String> = rec
                .events()
                .iter()
                .filter_map(|e| match e {
                    Event::ToolFailed { call_id, outcome: "omitted", .. } => Some(call_id.clone()),
                    _ => None,
                })
                .collect();
            // Request k was sent before the transcript's k-th assistant message.
            let asked_at: Vec<usize> = transcript
                .iter()
                .enumerate()
                .filter(|(_, m)| matches!(m, Message::Assistant { .. }))
                .map(|(at, _)| at)
                .collect();
            let requests = model.requests();
            assert_eq!(requests.len(), asked_at.len());
            for (k, at) in asked_at.into_iter().enumerate() {
                assert_eq!(
                    requests[k].messages,
                    without_calls(&transcript[..at], &omitted),
                    "request {k} of {rounds:?}"
                );
            }
        });
    }
}
