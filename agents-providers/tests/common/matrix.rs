//! The provider × mode cells the fault tables run over: building each provider's client, its
//! successful and in-200 error responses on the wire, and running a table cell by cell.

use std::future::Future;
use std::sync::Arc;

use agents_core::Model;
use agents_providers::TransportConfig;
use agents_providers::anthropic::Anthropic;
use agents_providers::gemini::Gemini;
use agents_providers::ollama::Ollama;
use agents_providers::openai::OpenAi;
use serde_json::json;
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

/// A provider under test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Provider {
    OpenAi,
    Anthropic,
    Gemini,
    Ollama,
}

pub const PROVIDERS: [Provider; 4] = [
    Provider::OpenAi,
    Provider::Anthropic,
    Provider::Gemini,
    Provider::Ollama,
];

/// One cell of the matrix: a provider and a mode.
#[derive(Debug, Clone, Copy)]
pub struct Cell {
    /// The provider.
    pub provider: Provider,
    /// Whether the client streams (SSE, or NDJSON for Ollama).
    pub streaming: bool,
}

/// Every provider, whole-body and streaming.
pub fn cells() -> impl Iterator<Item = Cell> {
    PROVIDERS.into_iter().flat_map(|provider| {
        [false, true].map(|streaming| Cell {
            provider,
            streaming,
        })
    })
}

impl Cell {
    /// The cell's client for a server at `base`.
    pub fn model(&self, base: &str, key: &str, config: TransportConfig) -> Arc<dyn Model> {
        // The four builders share their method names but no trait.
        macro_rules! build {
            ($client:ident, $model:literal) => {
                Arc::new(
                    $client::builder($model)
                        .base_url(base)
                        .api_key(key)
                        .streaming(self.streaming)
                        .transport(config)
                        .build()
                        .unwrap(),
                )
            };
        }
        match self.provider {
            Provider::OpenAi => build!(OpenAi, "gpt-4o-mini"),
            Provider::Anthropic => build!(Anthropic, "claude-sonnet-4-5"),
            Provider::Gemini => build!(Gemini, "gemini-2.5-flash"),
            Provider::Ollama => build!(Ollama, "qwen2.5:7b"),
        }
    }

    /// A successful 200 reporting `usage` tokens in every count the provider has.
    pub fn ok_with_usage(&self, n: u64) -> ResponseTemplate {
        let (body, content_type) = self.ok_body(n);
        ResponseTemplate::new(200).set_body_raw(body, content_type)
    }

    /// The body and content type of a successful 200 answering "ok", reporting `n` tokens in
    /// every count the provider has.
    pub fn ok_body(&self, n: u64) -> (String, &'static str) {
        let body = match (self.provider, self.streaming) {
            (Provider::OpenAi, false) => json!({
                "id": "c1", "object": "chat.completion", "created": 1, "model": "gpt-4o-mini",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"},
                    "finish_reason": "stop"}],
                "usage": {"prompt_tokens": n, "completion_tokens": n, "total_tokens": n}})
            .to_string(),
            (Provider::OpenAi, true) => super::sse(&[
                &json!({"id": "c1", "object": "chat.completion.chunk", "created": 1,
                    "model": "gpt-4o-mini", "choices": [{"index": 0,
                    "delta": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}]})
                .to_string(),
                &json!({"id": "c1", "object": "chat.completion.chunk", "created": 1,
                    "model": "gpt-4o-mini", "choices": [],
                    "usage": {"prompt_tokens": n, "completion_tokens": n, "total_tokens": n}})
                .to_string(),
                "[DONE]",
            ]),
            (Provider::Anthropic, false) => json!({
                "id": "msg_1", "type": "message", "role": "assistant", "model": "claude",
                "content": [{"type": "text", "text": "ok"}], "stop_reason": "end_turn",
                "usage": {"input_tokens": n, "output_tokens": n,
                    "cache_creation_input_tokens": n, "cache_read_input_tokens": n}})
            .to_string(),
            (Provider::Anthropic, true) => super::sse_events(&[
                (
                    "message_start",
                    &json!({"type": "message_start", "message": {
                    "id": "msg_1", "type": "message", "role": "assistant", "model": "claude",
                    "content": [], "stop_reason": null,
                    "usage": {"input_tokens": n, "output_tokens": 1,
                        "cache_creation_input_tokens": n, "cache_read_input_tokens": n}}})
                    .to_string(),
                ),
                (
                    "content_block_start",
                    &json!({"type": "content_block_start", "index": 0,
                    "content_block": {"type": "text", "text": ""}})
                    .to_string(),
                ),
                (
                    "content_block_delta",
                    &json!({"type": "content_block_delta", "index": 0,
                    "delta": {"type": "text_delta", "text": "ok"}})
                    .to_string(),
                ),
                (
                    "content_block_stop",
                    &json!({"type": "content_block_stop", "index": 0}).to_string(),
                ),
                (
                    "message_delta",
                    &json!({"type": "message_delta",
                    "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": n}})
                    .to_string(),
                ),
                ("message_stop", &json!({"type": "message_stop"}).to_string()),
            ]),
            (Provider::Gemini, streaming) => {
                let chunk = json!({"candidates": [{"content": {"role": "model",
                    "parts": [{"text": "ok"}]}, "finishReason": "STOP"}],
                    "usageMetadata": {"promptTokenCount": n, "candidatesTokenCount": n,
                        "thoughtsTokenCount": n, "totalTokenCount": n}})
                .to_string();
                if streaming {
                    super::sse(&[&chunk])
                } else {
                    chunk
                }
            }
            (Provider::Ollama, _) => format!(
                "{}\n",
                json!({"model": "qwen2.5:7b", "created_at": "2025-01-01T00:00:00Z",
                    "message": {"role": "assistant", "content": "ok"}, "done": true,
                    "done_reason": "stop", "prompt_eval_count": n, "eval_count": n})
            ),
        };
        let content_type = match (self.provider, self.streaming) {
            (_, false) => "application/json",
            (Provider::Ollama, true) => "application/x-ndjson",
            (_, true) => "text/event-stream",
        };
        (body, content_type)
    }

    /// The body and content type of a 200 that began answering and stopped half-way: the first
    /// part of a stream (no finish reason, no end marker), or the start of a whole body.
    pub fn partial_body(&self) -> (String, &'static str) {
        let (whole, content_type) = self.ok_body(1);
        let body = match (self.provider, self.streaming) {
            (_, false) => whole[..whole.len() / 2].to_owned(),
            (Provider::OpenAi, true) => super::sse(&[&json!({"id": "c1",
                "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o-mini",
                "choices": [{"index": 0, "delta": {"role": "assistant", "content": "o"},
                    "finish_reason": null}]})
            .to_string()]),
            (Provider::Anthropic, true) => super::sse_events(&[(
                "message_start",
                &json!({"type": "message_start", "message": {"id": "msg_1", "type": "message",
                    "role": "assistant", "model": "claude", "content": [], "stop_reason": null,
                    "usage": {"input_tokens": 1, "output_tokens": 1}}})
                .to_string(),
            )]),
            (Provider::Gemini, true) => super::sse(&[&json!({"candidates": [{"content":
                {"role": "model", "parts": [{"text": "o"}]}}]})
            .to_string()]),
            (Provider::Ollama, true) => format!(
                "{}\n",
                json!({"model": "qwen2.5:7b", "created_at": "2025-01-01T00:00:00Z",
                    "message": {"role": "assistant", "content": "o"}, "done": false})
            ),
        };
        (body, content_type)
    }

    /// An error the provider reports inside a 200 response (an SSE error event, or Ollama's
    /// `{"error": ...}`) saying `message`. `None` where the provider has no such shape.
    pub fn error_in_200(&self, message: &str) -> Option<ResponseTemplate> {
        let (body, content_type) = match (self.provider, self.streaming) {
            (Provider::Ollama, false) => {
                (json!({"error": message}).to_string(), "application/json")
            }
            (Provider::Ollama, true) => (
                format!("{}\n", json!({"error": message})),
                "application/x-ndjson",
            ),
            (_, false) => return None,
            (Provider::Anthropic, true) => (
                super::sse_events(&[(
                    "error",
                    &json!({"type": "error", "error": {"type": "overloaded_error",
                        "message": message}})
                    .to_string(),
                )]),
                "text/event-stream",
            ),
            (_, true) => (
                super::sse(&[&json!({"error": {"code": 500, "message": message,
                    "status": "INTERNAL", "type": "server_error"}})
                .to_string()]),
                "text/event-stream",
            ),
        };
        Some(ResponseTemplate::new(200).set_body_raw(body, content_type))
    }
}

/// A server answering every POST with `response`.
pub async fn serve(response: ResponseTemplate) -> MockServer {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(response)
        .mount(&s)
        .await;
    s
}

/// Runs `cells` as concurrent tasks and fails with the name and message of every failing cell.
pub async fn run_table<F, Fut>(name: &str, cells: Vec<(String, F)>)
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let mut failures = Vec::new();
    let count = cells.len();
    let running: Vec<_> = cells
        .into_iter()
        .map(|(label, cell)| (label, tokio::spawn(cell())))
        .collect();
    for (label, task) in running {
        if let Err(e) = task.await {
            let why = e
                .try_into_panic()
                .ok()
                .and_then(|p| {
                    p.downcast_ref::<String>()
                        .cloned()
                        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                })
                .unwrap_or_default();
            failures.push(format!("{label}: {why}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{name}: {} of {count} cells failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
