//! Runs and tool calls are `tracing` spans with OpenTelemetry GenAI attribute names, and events
//! are emitted inside them.
mod common;

use std::sync::{Arc, Mutex};

use agents_core::testing::ScriptedModel;
use agents_core::{LlmAgent, ModelResponse};
use common::*;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id};
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;

#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<String>>>);

struct Fields(Vec<String>);
impl Visit for Fields {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.push(format!("{}={:?}", field.name(), value));
    }
}

impl<S: tracing::Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Capture {
    fn on_new_span(&self, attrs: &Attributes<'_>, _: &Id, _: Context<'_, S>) {
        let mut f = Fields(Vec::new());
        attrs.record(&mut f);
        self.0.lock().unwrap().push(format!(
            "span {} {}",
            attrs.metadata().name(),
            f.0.join(" ")
        ));
    }
    fn on_event(&self, event: &tracing::Event<'_>, ctx: Context<'_, S>) {
        let parent = ctx
            .event_span(event)
            .map(|s| s.name().to_owned())
            .unwrap_or_default();
        let mut f = Fields(Vec::new());
        event.record(&mut f);
        let message =
            f.0.iter()
                .find(|s| s.starts_with("message="))
                .cloned()
                .unwrap_or_default();
        self.0
            .lock()
            .unwrap()
            .push(format!("event in {parent}: {message}"));
    }
}

#[test]
fn runs_and_tool_calls_are_spans_with_genai_attributes() {
    let capture = Capture::default();
    let subscriber = tracing_subscriber::registry().with(capture.clone());
    tracing::subscriber::with_default(subscriber, || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let model = ScriptedModel::new([
                ModelResponse::tool_call("c1", "weather", r#"{"city":"Oslo"}"#),
                ModelResponse::text("ok"),
            ]);
            let agent = LlmAgent::<String, String>::builder("forecaster")
                .model(model)
                .tool(weather(counter()))
                .build()
                .unwrap();
            agent.run("go".into()).await.unwrap();
        });
    });
    let lines = capture.0.lock().unwrap().clone();
    let joined = lines.join("\n");
    assert!(
        joined.contains(r#"span invoke_agent gen_ai.operation.name="invoke_agent" gen_ai.agent.name=forecaster gen_ai.request.model=scripted"#),
        "{joined}"
    );
    assert!(
        joined.contains(r#"span execute_tool gen_ai.operation.name="execute_tool" gen_ai.tool.name=weather gen_ai.tool.call.id=c1"#),
        "{joined}"
    );
    assert!(
        joined.contains("event in execute_tool: message=tool finished"),
        "{joined}"
    );
    assert!(
        joined.contains("event in invoke_agent: message=run finished"),
        "{joined}"
    );
}
