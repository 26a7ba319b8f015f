//! The runtime's `tracing` spans exported over OTLP (HTTP/protobuf) to Phoenix, an LLM trace
//! viewer (`scripts/phoenix.sh start`). Shared by `examples/phoenix.rs` and `tests/phoenix.rs`;
//! docs/events.md ("Seeing runs in a trace viewer") walks through it.

use opentelemetry::KeyValue;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::{SpanExporter, WithExportConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::Layer;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;

/// A tracer provider that batches spans to Phoenix at `phoenix` (`http://127.0.0.1:16006`)
/// under the project `project`, and a subscriber that feeds it the runtime's spans and events
/// (target `agents`). Call [`SdkTracerProvider::shutdown`] before the program ends: it sends
/// what is still batched.
///
/// Build it outside an async runtime: the exporter's blocking HTTP client runs on the batch
/// processor's own thread.
pub fn export_to_phoenix(
    phoenix: &str,
    project: &str,
) -> Result<(SdkTracerProvider, impl tracing::Subscriber + Send + Sync), Box<dyn std::error::Error>>
{
    let exporter = SpanExporter::builder()
        .with_http()
        .with_endpoint(format!("{}/v1/traces", phoenix.trim_end_matches('/')))
        .build()?;
    let resource = Resource::builder()
        .with_service_name("agents")
        // Phoenix files the spans under this project (else under `default`).
        .with_attribute(KeyValue::new(
            "openinference.project.name",
            project.to_owned(),
        ))
        .build();
    let provider = SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(resource)
        .build();
    // The runtime's spans are INFO; DEBUG keeps its events (`tool finished`, `model responded`)
    // as span events, TRACE (every streamed text delta) is left out.
    let spans = tracing_opentelemetry::layer()
        .with_tracer(provider.tracer("agents"))
        .with_filter(Targets::new().with_target("agents", tracing::Level::DEBUG));
    Ok((provider, tracing_subscriber::registry().with(spans)))
}
