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

/// Runs `run` on a current-thread runtime with `layer` as the only `tracing` subscriber.
fn traced<L>(layer: L, run: impl std::future::Future<Output = ()>)
where
    L: Layer<tracing_subscriber::Registry> + Send + Sync + 'static,
{
    let subscriber = tracing_subscriber::registry().with(layer);
    tracing::subscriber::with_default(subscriber, || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(run)
    });
}

#[test]
fn runs_and_tool_calls_are_spans_with_genai_attributes() {
    let capture = Capture::default();
    traced(capture.clone(), async {
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

/// Every span with the fields it was opened with and those recorded later, and its parent's name.
#[derive(Clone, Default)]
struct Spans(Arc<Mutex<Vec<SpanSeen>>>);

#[derive(Clone, Debug)]
struct SpanSeen {
    name: &'static str,
    parent: Option<&'static str>,
    fields: std::collections::BTreeMap<String, String>,
}

impl SpanSeen {
    fn get(&self, field: &str) -> Option<&str> {
        self.fields.get(field).map(String::as_str)
    }
}

struct FieldMap<'a>(&'a mut std::collections::BTreeMap<String, String>);
impl Visit for FieldMap<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.insert(
            field.name().to_owned(),
            format!("{value:?}").trim_matches('"').to_owned(),
        );
    }
}

impl<S: tracing::Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Spans {
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        let mut fields = std::collections::BTreeMap::new();
        attrs.record(&mut FieldMap(&mut fields));
        let parent = ctx.span(id).and_then(|s| s.parent()).map(|p| p.name());
        let mut spans = self.0.lock().unwrap();
        // The span id is the index + 1: spans are never closed before the test reads them.
        ctx.span(id).unwrap().extensions_mut().insert(spans.len());
        spans.push(SpanSeen {
            name: attrs.metadata().name(),
            parent,
            fields,
        });
    }
    fn on_record(&self, id: &Id, values: &tracing::span::Record<'_>, ctx: Context<'_, S>) {
        let index = *ctx.span(id).unwrap().extensions().get::<usize>().unwrap();
        values.record(&mut FieldMap(&mut self.0.lock().unwrap()[index].fields));
    }
}

fn answer(response: ModelResponse, input_tokens: u64, output_tokens: u64) -> ModelResponse {
    ModelResponse {
        usage: agents_core::model::Usage {
            input_tokens,
            output_tokens,
        },
        finish_reason: if response.tool_calls.is_empty() {
            agents_core::model::FinishReason::Stop
        } else {
            agents_core::model::FinishReason::ToolCalls
        },
        ..response
    }
}

/// A tool `broken` whose every call fails for good: the disk is full.
fn disk_full() -> impl agents_core::Tool {
    flaky(
        "broken",
        u32::MAX,
        false,
        || agents_core::ExecutionFailure::new("the disk is full").permanent(),
        counter(),
    )
}

/// What a trace viewer needs is on the spans: a `chat` span per model call with its usage and
/// finish reason, inside the run's span; an `execute_tool` span per call whose `error.type` says
/// what was repaired or what it failed with.
#[test]
fn model_calls_and_tool_outcomes_are_recorded_on_their_spans() {
    let spans = Spans::default();
    traced(spans.clone(), async {
        let model = ScriptedModel::new([
            // A trailing comma: repaired without a model turn.
            answer(
                ModelResponse::tool_call("c1", "weather", r#"{"city":"Oslo",}"#),
                30,
                7,
            ),
            answer(ModelResponse::tool_call("c2", "broken", "{}"), 50, 4),
            answer(ModelResponse::text("sunny"), 70, 2),
        ]);
        let agent = LlmAgent::<String, String>::builder("forecaster")
            .model(model)
            .tool(weather(counter()))
            .tool(disk_full())
            .build()
            .unwrap();
        assert_eq!(agent.run("go".into()).await.unwrap(), "sunny");
    });
    let spans = spans.0.lock().unwrap().clone();
    let named = |name: &str| {
        spans
            .iter()
            .filter(|s| s.name == name)
            .cloned()
            .collect::<Vec<_>>()
    };

    let runs = named("invoke_agent");
    assert_eq!(runs.len(), 1, "{spans:#?}");
    let run = &runs[0];
    assert_eq!(run.get("otel.name"), Some("invoke_agent forecaster"));
    // Usage is on the model calls only: a viewer sums a span's descendants.
    assert_eq!(run.get("gen_ai.usage.input_tokens"), None, "{run:?}");
    assert_eq!(run.get("error.type"), None, "{run:?}");

    let chats = named("chat");
    assert_eq!(chats.len(), 3, "one span per model call: {spans:#?}");
    for (chat, (input, output, reason)) in chats.iter().zip([
        ("30", "7", "tool_calls"),
        ("50", "4", "tool_calls"),
        ("70", "2", "stop"),
    ]) {
        assert_eq!(chat.parent, Some("invoke_agent"));
        assert_eq!(chat.get("gen_ai.operation.name"), Some("chat"));
        assert_eq!(chat.get("gen_ai.request.model"), Some("scripted"));
        assert_eq!(chat.get("otel.name"), Some("chat scripted"));
        assert_eq!(chat.get("otel.kind"), Some("client"));
        assert_eq!(
            chat.get("gen_ai.usage.input_tokens"),
            Some(input),
            "{chat:?}"
        );
        assert_eq!(
            chat.get("gen_ai.usage.output_tokens"),
            Some(output),
            "{chat:?}"
        );
        assert_eq!(
            chat.get("gen_ai.response.finish_reasons"),
            Some(reason),
            "{chat:?}"
        );
    }

    let tools = named("execute_tool");
    assert_eq!(tools.len(), 2, "{spans:#?}");
    let repaired = &tools[0];
    assert_eq!(repaired.parent, Some("invoke_agent"));
    assert_eq!(repaired.get("otel.name"), Some("execute_tool weather"));
    assert_eq!(repaired.get("gen_ai.tool.call.id"), Some("c1"));
    assert_eq!(
        repaired.get("error.type"),
        Some("invalid_args"),
        "{repaired:?}"
    );
    assert_eq!(repaired.get("agents.outcome"), Some("recovered"));
    assert_eq!(repaired.get("agents.repair.steps"), Some("json_repair"));
    assert_eq!(
        repaired.get("otel.status_code"),
        None,
        "a repaired call succeeded"
    );

    let failed = &tools[1];
    assert_eq!(failed.get("gen_ai.tool.name"), Some("broken"));
    assert_eq!(
        failed.get("error.type"),
        Some("execution_error"),
        "{failed:?}"
    );
    assert_eq!(failed.get("agents.outcome"), Some("failed"));
    assert_eq!(failed.get("otel.status_code"), Some("error"));
    assert!(
        failed
            .get("otel.status_description")
            .is_some_and(|d| d.contains("the disk is full")),
        "{failed:?}"
    );
}

/// A model call that fails has `error.type` (the error's kind) and an error status; so has the
/// run it ended.
#[test]
fn a_failed_model_call_records_its_error_type() {
    let spans = Spans::default();
    traced(spans.clone(), async {
        let model = ScriptedModel::new([]);
        model.push_error(agents_core::model::ModelError::new(
            agents_core::model::ModelErrorKind::ContextOverflow,
            "the prompt is too long",
        ));
        let agent = LlmAgent::<String, String>::builder("forecaster")
            .model(model)
            .build()
            .unwrap();
        assert!(agent.run("go".into()).await.is_err());
    });
    let spans = spans.0.lock().unwrap().clone();
    let chat = spans
        .iter()
        .find(|s| s.name == "chat")
        .expect("a chat span");
    assert_eq!(chat.get("error.type"), Some("context_overflow"), "{chat:?}");
    assert_eq!(chat.get("otel.status_code"), Some("error"));
    assert_eq!(chat.get("gen_ai.usage.input_tokens"), None);
    let run = spans.iter().find(|s| s.name == "invoke_agent").unwrap();
    assert_eq!(run.get("error.type"), Some("context_overflow"), "{run:?}");
}

/// Under a subscriber that leaves the tool calls' spans out (a global filter on span names: the
/// spans are disabled), how a call ended is recorded nowhere: not on the run's span, which is
/// current while the call runs. A failed call must not mark a run that went on to succeed as
/// failed.
#[test]
fn a_call_whose_span_is_filtered_out_records_nothing_on_the_run() {
    let spans = Spans::default();
    let no_tool_spans = tracing_subscriber::filter::filter_fn(|meta| meta.name() != "execute_tool");
    traced(no_tool_spans.and_then(spans.clone()), async {
        let model = ScriptedModel::new([
            ModelResponse::tool_call("c1", "broken", "{}"),
            ModelResponse::text("sunny"),
        ]);
        let agent = LlmAgent::<String, String>::builder("forecaster")
            .model(model)
            .tool(disk_full())
            .build()
            .unwrap();
        assert_eq!(agent.run("go".into()).await.unwrap(), "sunny");
    });
    let spans = spans.0.lock().unwrap().clone();
    assert!(spans.iter().all(|s| s.name != "execute_tool"), "{spans:#?}");
    let run = spans.iter().find(|s| s.name == "invoke_agent").unwrap();
    assert_eq!(run.get("error.type"), None, "{run:?}");
    assert_eq!(run.get("otel.status_code"), None, "{run:?}");
    assert_eq!(run.get("otel.status_description"), None, "{run:?}");
}
