//! Streamed runs: events as they happen, at the consumer's pace, the same repair path for
//! streamed calls, and cancellation that leaves a valid transcript and no work running.
use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use agents_core::conversation::Conversation;
use agents_core::testing::ScriptedModel;
use agents_core::tool::{Tool, tool_fn};
use agents_core::{Event, ExecutionFailure, LlmAgent, Message, ModelResponse, RunEvent};
use common::*;
use futures_util::StreamExt;

fn name(item: &RunEvent<String>) -> String {
    match item {
        RunEvent::Event(e) => serde_json::to_value(e).unwrap()["event"]
            .as_str()
            .unwrap()
            .to_owned(),
        RunEvent::Finished(_) => "finished".to_owned(),
        _ => "other".to_owned(),
    }
}

/// The run's events arrive in order, the model's text as deltas, a broken streamed call is
/// repaired as any call is, and the report comes last.
#[tokio::test]
async fn events_arrive_in_order_and_streamed_calls_are_repaired() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", "{city: 'Oslo',}"),
        ModelResponse::text("Sunny in Oslo."),
    ]);
    let agent = LlmAgent::builder("s")
        .model(model)
        .tool(weather(counter()))
        .build()
        .unwrap();
    let items: Vec<RunEvent<String>> = agent.run_stream("Oslo?".to_owned()).collect().await;
    let names: Vec<String> = items.iter().map(name).collect();
    let at = |n: &str| {
        names
            .iter()
            .position(|x| x == n)
            .unwrap_or_else(|| panic!("{n} in {names:?}"))
    };
    assert!(at("run_started") < at("repaired"));
    assert!(at("repaired") < at("tool_started"));
    assert!(at("tool_finished") < at("text_delta"));
    assert_eq!(names.last().unwrap(), "finished");
    let Some(RunEvent::Finished(report)) = items.last() else {
        unreachable!()
    };
    assert_eq!(report.output.as_deref().unwrap(), "Sunny in Oslo.");
}

/// A slow consumer holds the run: when it reads that a call started, no later call has run.
/// (Without the pace, a scripted model and a quick tool finish the whole run in one poll.)
#[tokio::test]
async fn the_run_waits_for_the_consumer() {
    let executed = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("1", "weather", r#"{"city": "A"}"#),
        ModelResponse::tool_call("2", "weather", r#"{"city": "B"}"#),
        ModelResponse::tool_call("3", "weather", r#"{"city": "C"}"#),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::builder("s")
        .model(model)
        .tool(weather(executed.clone()))
        .build()
        .unwrap();
    let mut stream = agent.run_stream("go".to_owned());
    let mut started = 0;
    while let Some(item) = stream.next().await {
        if let RunEvent::Event(Event::ToolStarted { .. }) = item {
            started += 1;
            assert!(
                count(&executed) <= started,
                "call {started} reported while {} had run",
                count(&executed)
            );
        }
    }
    assert_eq!(started, 3);
    assert_eq!(count(&executed), 3);
}

/// A tool that never finishes, and says when its future is dropped.
fn stuck(dropped: Arc<AtomicBool>) -> impl Tool {
    tool_fn("stuck", "Never returns.", move |_: NoArgs| {
        let guard = DropFlag(dropped.clone());
        async move {
            let _guard = guard;
            std::future::pending::<()>().await;
            Ok::<_, ExecutionFailure>("unreachable".to_owned())
        }
    })
}

struct DropFlag(Arc<AtomicBool>);

impl Drop for DropFlag {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// Cancelling mid-call drops the tool's work and returns a valid transcript: the call in
/// flight and the one after it are answered as cancelled.
#[tokio::test]
async fn cancelling_drops_work_in_flight_and_keeps_the_transcript_valid() {
    let dropped = Arc::new(AtomicBool::new(false));
    let model = ScriptedModel::new([
        ModelResponse::tool_call("1", "stuck", "{}").and_tool_call("2", "stuck", "{}")
    ]);
    let agent = LlmAgent::builder("s")
        .model(model)
        .tool(stuck(dropped.clone()))
        .build()
        .unwrap();
    let mut stream = agent.run_stream("go".to_owned());
    loop {
        match stream.next().await {
            Some(RunEvent::Event(Event::ToolStarted { .. })) => break,
            Some(_) => {}
            None => panic!("the run ended"),
        }
    }
    assert!(!dropped.load(Ordering::SeqCst));
    let transcript = stream.cancel();
    assert!(
        dropped.load(Ordering::SeqCst),
        "the tool's future was dropped"
    );
    let results: Vec<&str> = transcript
        .iter()
        .filter_map(|m| match m {
            Message::Tool(r) => Some(r.content.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(results.len(), 2, "{transcript:?}");
    assert!(
        results.iter().all(|r| r.starts_with("Cancelled")),
        "{results:?}"
    );
}

/// A chat stream dropped mid-run still leaves its conversation valid, with what was said.
#[tokio::test]
async fn a_dropped_chat_stream_leaves_its_conversation_valid() {
    let dropped = Arc::new(AtomicBool::new(false));
    let model = ScriptedModel::new([ModelResponse::tool_call("1", "stuck", "{}")]);
    let agent = LlmAgent::builder("s")
        .model(model)
        .tool(stuck(dropped))
        .build()
        .unwrap();
    let mut conversation = Conversation::new();
    {
        let mut stream = agent.chat_stream(&mut conversation, "go".to_owned());
        while let Some(item) = stream.next().await {
            if let RunEvent::Event(Event::ToolStarted { .. }) = item {
                break;
            }
        }
    }
    assert_eq!(
        conversation.messages().len(),
        3,
        "{:?}",
        conversation.messages()
    );
    assert!(conversation.problems().is_empty());
}
