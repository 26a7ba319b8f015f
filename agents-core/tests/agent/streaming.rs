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
    let items: Vec<RunEvent<String>> = agent.run("Oslo?".to_owned()).stream().collect().await;
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
    assert_eq!(report.output().unwrap(), "Sunny in Oslo.");
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
    let mut stream = agent.run("go".to_owned()).stream();
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
    let mut stream = agent.run("go".to_owned()).stream();
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
        let mut stream = agent
            .run("go".to_owned())
            .conversation(&mut conversation)
            .stream();
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

/// A model that streams its one answer in small pieces.
struct Trickle(&'static str);

impl agents_core::Model for Trickle {
    fn name(&self) -> &str {
        "trickle"
    }

    fn complete<'a>(
        &'a self,
        _: &'a agents_core::model::ModelRequest,
    ) -> futures_util::future::BoxFuture<'a, Result<ModelResponse, agents_core::model::ModelError>>
    {
        Box::pin(async { Ok(ModelResponse::text(self.0)) })
    }

    fn stream<'a>(
        &'a self,
        _: &'a agents_core::model::ModelRequest,
    ) -> futures_util::stream::BoxStream<
        'a,
        Result<agents_core::model::StreamPart, agents_core::model::ModelError>,
    > {
        use agents_core::model::StreamPart;
        let pieces: Vec<_> = self
            .0
            .as_bytes()
            .chunks(6)
            .map(|c| {
                Ok(StreamPart::TextDelta(
                    String::from_utf8_lossy(c).into_owned(),
                ))
            })
            .chain([Ok(StreamPart::Done(ModelResponse::text(self.0)))])
            .collect();
        Box::pin(futures_util::stream::iter(pieces))
    }
}

/// A typed answer streams as partial values that grow towards it; the report holds the typed
/// answer.
#[tokio::test]
async fn a_typed_answer_streams_as_growing_partial_values() {
    #[derive(Debug, PartialEq, serde::Deserialize, schemars::JsonSchema)]
    struct Invoice {
        customer: String,
        total: f64,
        items: Vec<String>,
    }
    let answer = r#"{"customer": "Ada Lovelace", "total": 12.5, "items": ["tea", "jam", "bread"]}"#;
    let agent = LlmAgent::builder("clerk")
        .output::<Invoice>()
        .model(Trickle(answer))
        .build()
        .unwrap();
    let mut partials = Vec::new();
    let mut finished = None;
    let mut stream = agent.run("Invoice?".to_owned()).stream();
    while let Some(item) = stream.next().await {
        match item {
            RunEvent::Event(Event::PartialAnswer { value, .. }) => partials.push(value),
            RunEvent::Finished(report) => finished = Some(report),
            _ => {}
        }
    }
    assert!(partials.len() >= 5, "{partials:?}");
    // Each partial is an object; the customer's name grows, the items fill in.
    assert!(
        partials.iter().all(serde_json::Value::is_object),
        "{partials:?}"
    );
    let last = partials.last().unwrap();
    assert_eq!(
        last,
        &serde_json::from_str::<serde_json::Value>(answer).unwrap()
    );
    assert!(
        partials
            .iter()
            .any(|p| p["customer"].as_str().is_some_and(|c| c.len() < 12)),
        "a partial name was seen: {partials:?}"
    );
    let report = finished.expect("the report comes last");
    assert_eq!(report.output().unwrap().items, vec!["tea", "jam", "bread"]);
}

/// A text answer streams as text only: no partial values.
#[tokio::test]
async fn a_text_answer_has_no_partial_values() {
    let agent = LlmAgent::builder("greeter")
        .model(Trickle("Hello there, how are you?"))
        .build()
        .unwrap();
    let mut stream = agent.run("hi".to_owned()).stream();
    while let Some(item) = stream.next().await {
        assert!(
            !matches!(item, RunEvent::Event(Event::PartialAnswer { .. })),
            "{item:?}"
        );
    }
}
