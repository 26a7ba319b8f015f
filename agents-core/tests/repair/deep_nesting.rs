//! Deeply nested model output never overflows the stack: one depth limit (`json::MAX_DEPTH`)
//! holds from the text to the tool's types and the agent's output, and the model is told it.
//!
//! Every run is spawned onto a worker of a multi-thread tokio runtime, whose threads have the
//! default 2 MiB stack: the place where the overflow used to abort the process.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use agents_core::json::{self, MAX_DEPTH, RepairError};
use agents_core::testing::ScriptedModel;
use agents_core::tool::{Tool, ToolCallError, deserialize_args, tool_fn};
use agents_core::{ExecutionFailure, LlmAgent, Message, ModelResponse};
use proptest::prelude::*;
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize, schemars::JsonSchema)]
struct AnyArgs {
    #[serde(default)]
    data: Option<Value>,
}

/// The depths the issue names, from where the old overflow began to far beyond it.
const DEPTHS: [usize; 5] = [1_000, 2_000, 10_000, 50_000, 100_000];

/// The argument texts for one depth: arrays and objects, bare and inside an object, closed
/// (valid JSON) and cut off.
fn shapes(depth: usize) -> Vec<(String, String)> {
    let arrays_open = "[".repeat(depth);
    let arrays = format!("{arrays_open}{}", "]".repeat(depth));
    let objects_open = "{\"a\":".repeat(depth);
    let objects = format!("{objects_open}1{}", "}".repeat(depth));
    vec![
        ("bare arrays, valid".into(), arrays.clone()),
        ("bare arrays, truncated".into(), arrays_open.clone()),
        (
            "arrays in an object, valid".into(),
            format!("{{\"data\": {arrays}}}"),
        ),
        (
            "arrays in an object, truncated".into(),
            format!("{{\"data\": {arrays_open}"),
        ),
        ("objects, valid".into(), objects),
        ("objects, truncated".into(), objects_open),
    ]
}

/// `store(data?)`: renders what arrived, as a tool might (this too must not recurse without
/// bound), and counts its runs.
fn store(calls: Arc<AtomicU32>) -> impl Tool {
    tool_fn("store", "Stores data.", move |a: AnyArgs| {
        let calls = calls.clone();
        async move {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok::<_, ExecutionFailure>(a.data.map(|d| d.to_string()).unwrap_or_default())
        }
    })
}

/// One tool call with `args`, then a plain answer; returns what the model was told about the
/// call, whether as an error, and how often the tool ran.
async fn run_call(args: String) -> (String, bool, u32) {
    let calls = Arc::new(AtomicU32::new(0));
    let tool = store(calls.clone());
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "store", args),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::<String, String>::builder("deep")
        .model(model.clone())
        .tool(tool)
        .build()
        .unwrap();
    let out = agent.run("go".into()).await.expect("the run goes on");
    assert_eq!(out, "done");
    let requests = model.requests();
    let Some(Message::Tool(result)) = requests[1].messages.last().cloned() else {
        panic!("the call's result must be the last message");
    };
    (
        result.content,
        result.is_error,
        calls.load(Ordering::SeqCst),
    )
}

/// Tool arguments nested 1,000 to 100,000 deep, valid or cut off, bare or inside an object, go
/// through the whole loop on a 2 MiB worker stack: the tool never runs and the model is told
/// the nesting is too deep and what the limit is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deep_tool_arguments_are_refused_with_the_limit() {
    for depth in DEPTHS {
        for (shape, args) in shapes(depth) {
            let (told, is_error, ran) = tokio::spawn(run_call(args))
                .await
                .expect("no abort, no panic");
            assert_eq!(ran, 0, "{shape} at {depth}: the tool must not run");
            assert!(is_error, "{shape} at {depth}: {told}");
            assert!(
                told.contains("deeper than") && told.contains(&MAX_DEPTH.to_string()),
                "{shape} at {depth}: the model must be told the limit, got: {told}"
            );
            assert!(
                !told.contains("not valid JSON"),
                "{shape} at {depth}: valid JSON is too deep, not invalid: {told}"
            );
        }
    }
}

/// Nesting up to the limit is accepted and reaches the tool whole.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nesting_at_the_limit_reaches_the_tool() {
    // The object holding `data` is one level, so `data` may nest MAX_DEPTH - 1 deep.
    let inner = MAX_DEPTH - 1;
    let args = format!("{{\"data\": {}{}}}", "[".repeat(inner), "]".repeat(inner));
    let (told, is_error, ran) = tokio::spawn(run_call(args)).await.unwrap();
    assert!(!is_error, "{told}");
    assert_eq!(ran, 1);
}

/// A final answer read into a typed output is held to the same limit: the model is told, and
/// a flat answer afterwards is accepted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deep_final_answer_is_refused_with_the_limit() {
    for depth in DEPTHS {
        for (shape, text) in shapes(depth) {
            let model = ScriptedModel::new([
                ModelResponse::text(text),
                ModelResponse::text("{\"data\": [1]}"),
            ]);
            let agent = LlmAgent::builder("deep")
                .output::<AnyArgs>()
                .model(model.clone())
                .build()
                .unwrap();
            let out = tokio::spawn(async move { agent.run("go".into()).await })
                .await
                .expect("no abort, no panic")
                .expect("the second answer fits");
            assert_eq!(out.data, Some(serde_json::json!([1])));
            let requests = model.requests();
            let told = format!("{:?}", requests[1].messages.last());
            assert!(
                told.contains("deeper than") && told.contains(&MAX_DEPTH.to_string()),
                "{shape} at {depth}: {told}"
            );
        }
    }
}

/// Reading a value into the tool's types checks the depth first, whoever built the value.
#[test]
fn reading_arguments_refuses_a_value_deeper_than_the_limit() {
    let mut value = Value::Null;
    for _ in 0..MAX_DEPTH + 1 {
        value = Value::Array(vec![value]);
    }
    let value = serde_json::json!({ "data": value });
    match deserialize_args::<AnyArgs>(value) {
        Err(ToolCallError::InvalidInput { message, .. }) => {
            assert!(message.contains(&MAX_DEPTH.to_string()), "{message}");
        }
        Err(other) => panic!("expected invalid input, got {other:?}"),
        Ok(_) => panic!("a value deeper than the limit must be refused"),
    }
}

/// The depth of a value, without recursion.
fn depth_of(value: &Value) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 1)];
    while let Some((v, d)) = stack.pop() {
        match v {
            Value::Array(items) => {
                deepest = deepest.max(d);
                stack.extend(items.iter().map(|i| (i, d + 1)));
            }
            Value::Object(map) => {
                deepest = deepest.max(d);
                stack.extend(map.values().map(|i| (i, d + 1)));
            }
            _ => {}
        }
    }
    deepest
}

/// Text built from a random sequence of openers (`[`, `{"k":`, `{'k':`, `[1,`), optionally
/// closed, wrapped in prose or a fence.
fn nested_text() -> impl Strategy<Value = String> {
    let opener = prop_oneof![
        Just("[".to_owned()),
        Just("{\"k\":".to_owned()),
        Just("{'k':".to_owned()),
        Just("[1,".to_owned()),
        Just("{k: ".to_owned()),
    ];
    (
        proptest::collection::vec(opener, 1..3_000),
        any::<bool>(),
        0..3usize,
    )
        .prop_map(|(openers, close, wrap)| {
            let mut text: String = openers.concat();
            text.push('0');
            if close {
                for o in openers.iter().rev() {
                    text.push(if o.starts_with('[') { ']' } else { '}' });
                }
            }
            match wrap {
                1 => format!("Here you go: {text} hope it helps"),
                2 => format!("```json\n{text}\n```"),
                _ => text,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the nesting, repair either refuses (with the depth limit when that is the
    /// reason) or gives a value no deeper than it, which can be rendered, coerced, read and dropped without overflow.
    #[test]
    fn repair_never_builds_a_value_deeper_than_the_limit(text in nested_text()) {
        match json::repair(&text) {
            Ok(out) => {
                prop_assert!(depth_of(&out.value) <= MAX_DEPTH);
                let _ = out.value.to_string();
                let _ = json::coerce(out.value.clone(), &serde_json::json!({}));
                let _ = deserialize_args::<Value>(out.value);
            }
            Err(RepairError::DepthLimit { limit, .. }) => prop_assert_eq!(limit, MAX_DEPTH),
            // Prose around a cut-off object may hold no value at all: a refusal, not a crash.
            Err(_) => {}
        }
    }
}
