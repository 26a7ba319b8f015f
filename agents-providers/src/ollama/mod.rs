//! Ollama's native `/api/chat`, with NDJSON streaming and native tools.
//!
//! When a model rejects native tools (Ollama answers `{"error": "... does not support tools"}`),
//! the client falls back to [prompted tool calling](crate::prompted) for that model and
//! remembers it for the whole process, so later requests go prompted at once. A body
//! `{"error": "unexpected EOF"}` (the server lost the model runner) is sent again, up to the
//! transport's attempt count, as long as no output has arrived.
//!
//! ```no_run
//! use agents_providers::ollama::Ollama;
//! # fn main() -> Result<(), agents_providers::ProviderError> {
//! let qwen = Ollama::from_env("qwen2.5:7b")?; // OLLAMA_HOST, default http://127.0.0.1:11434
//! # Ok(()) }
//! ```

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::{Mutex, OnceLock};

use agents_core::ModelErrorKind;
use agents_core::model::{ModelRequest, ModelResponse};
use serde_json::Value;

use crate::client::{ClientSettings, settings_methods};
use crate::error::ProviderError;
use crate::prompted::{PromptFormat, read_generation};
use crate::transport::{Auth, Transport};
use convert::{Accumulator, to_wire};

mod convert;

const PROVIDER: &str = "ollama";

/// Ollama's default address.
pub const DEFAULT_HOST: &str = "http://127.0.0.1:11434";

/// Models (per base URL) that rejected native tools in this process.
fn no_native_tools() -> &'static Mutex<HashSet<String>> {
    static SET: OnceLock<Mutex<HashSet<String>>> = OnceLock::new();
    SET.get_or_init(Mutex::default)
}

/// An Ollama client. Implements [`Model`].
#[derive(Debug, Clone)]
pub struct Ollama {
    model: String,
    transport: Transport,
    stream: bool,
    format: PromptFormat,
}

/// Builds an [`Ollama`] client.
#[derive(Debug, Clone)]
pub struct OllamaBuilder {
    model: String,
    settings: ClientSettings,
    stream: bool,
    format: PromptFormat,
}

impl Ollama {
    /// A builder for `model` at [`DEFAULT_HOST`].
    pub fn builder(model: impl Into<String>) -> OllamaBuilder {
        OllamaBuilder {
            model: model.into(),
            settings: ClientSettings::new(DEFAULT_HOST),
            stream: true,
            format: PromptFormat::new().force_call(false),
        }
    }

    /// A client for `model` at `OLLAMA_HOST` (a URL, or `host:port`), else [`DEFAULT_HOST`].
    pub fn from_env(model: impl Into<String>) -> Result<Self, ProviderError> {
        let mut b = Ollama::builder(model);
        if let Ok(host) = std::env::var("OLLAMA_HOST")
            && !host.trim().is_empty()
        {
            let host = host.trim();
            b.settings.base_url = if host.contains("://") {
                host.to_owned()
            } else {
                format!("http://{host}")
            };
        }
        b.build()
    }

    /// The model id.
    pub fn model(&self) -> &str {
        &self.model
    }

    /// The transport.
    pub fn transport(&self) -> &Transport {
        &self.transport
    }

    fn key(&self) -> String {
        format!("{} {}", self.transport.base_url(), self.model)
    }

    /// Whether this model is known (in this process) not to take native tools.
    pub fn uses_prompted_tools(&self) -> bool {
        no_native_tools()
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(&self.key())
    }

    /// Sends one request: native tools, or prompted ones for a model that rejected them.
    pub async fn chat(&self, request: &ModelRequest) -> Result<ModelResponse, ProviderError> {
        if request.tools.is_empty() || !self.uses_prompted_tools() {
            match self.send_with_eof_retry(request).await {
                Err(e) if !request.tools.is_empty() && rejects_tools(&e) => {
                    tracing::info!(model = %self.model, "model rejects native tools; prompting them instead");
                    no_native_tools()
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .insert(self.key());
                }
                other => return other,
            }
        }
        let chat = self.format.chat_request(request);
        let r = self.send_with_eof_retry(&chat).await?;
        read_generation(
            PROVIDER,
            r.text.as_deref().unwrap_or_default(),
            r.finish_reason,
            r.usage,
            request,
        )
    }

    async fn send_with_eof_retry(
        &self,
        request: &ModelRequest,
    ) -> Result<ModelResponse, ProviderError> {
        let max = self.transport.config().retry.max_attempts.max(1);
        let mut attempt = 1;
        loop {
            match self.send(request).await {
                // The transport already retried a retryable status; this loop covers the
                // others (Ollama sends the EOF as a 400, or inside a 200 stream), and draws on
                // the shared retry budget, so layers do not multiply.
                Err(e)
                    if attempt < max
                        && says_unexpected_eof(&e)
                        && !transport_retried(&e)
                        && self
                            .transport
                            .config()
                            .budget
                            .as_ref()
                            .is_none_or(|b| b.try_acquire()) =>
                {
                    tracing::debug!(
                        attempt,
                        "ollama lost its runner (unexpected EOF); sending again"
                    );
                    let delay = self.transport.config().retry.backoff(attempt);
                    self.transport.config().clock.sleep(delay).await;
                    attempt += 1;
                }
                Err(mut e) => {
                    e.attempts = e.attempts.max(attempt);
                    return Err(e);
                }
                ok => return ok,
            }
        }
    }

    async fn send(&self, request: &ModelRequest) -> Result<ModelResponse, ProviderError> {
        let body = to_wire(request, &self.model, self.stream);
        let mut acc = Accumulator::default();
        if !self.stream {
            let response = self.transport.post_json("/api/chat", &body).await?;
            let v: Value = response.json(PROVIDER)?;
            if let Some(e) = line_error(&v) {
                return Err(response.error(ModelErrorKind::Server, e));
            }
            acc.push(&v);
            return acc.finish().map_err(|e| response.adopt(e));
        }
        let mut stream = self.transport.post_stream("/api/chat", &body).await?;
        let mut failure = None;
        let mut skipped = 0usize;
        let read = stream
            .read_lines(|line| {
                let Ok(v) = serde_json::from_str::<Value>(&line) else {
                    skipped += 1;
                    return Ok(ControlFlow::Continue(()));
                };
                if let Some(e) = line_error(&v) {
                    failure = Some(e);
                    return Ok(ControlFlow::Break(()));
                }
                acc.push(&v);
                Ok(if acc.done {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                })
            })
            .await;
        if skipped > 0 {
            tracing::warn!(skipped, "stream lines that are not JSON skipped");
        }
        if let Some(message) = failure {
            // Nothing arrived before the error: a retry may help (the caller decides).
            return Err(stream.error(ModelErrorKind::Server, message));
        }
        match read {
            Err(e) if !acc.done => return Err(e),
            // The body ended cleanly but held lines that are not Ollama's, or no message at all:
            // a malformed response, as in whole-body mode (sending it again will not help).
            Ok(()) if !acc.done && (skipped > 0 || !acc.saw_message) => {
                return Err(stream.error(
                    ModelErrorKind::MalformedResponse,
                    format!(
                        "the stream ended without a response this API defines ({skipped} lines not JSON)"
                    ),
                ));
            }
            Ok(()) if !acc.done => {
                return Err(stream.error(
                    ModelErrorKind::Connection,
                    "the stream ended before the response was done",
                ));
            }
            _ => {}
        }
        acc.finish().map_err(|e| stream.adopt(e))
    }
}

fn line_error(v: &Value) -> Option<String> {
    match v.get("error")? {
        Value::String(s) => Some(s.clone()),
        Value::Null => None,
        other => Some(other.to_string()),
    }
}

fn rejects_tools(e: &ProviderError) -> bool {
    e.message
        .to_ascii_lowercase()
        .contains("does not support tools")
}

/// Whether the transport treats this status as retryable (and so already sent it again).
fn transport_retried(e: &ProviderError) -> bool {
    e.status
        .is_some_and(|s| crate::error::classify_status(s, &crate::error::ErrorDetails::default()).1)
}

fn says_unexpected_eof(e: &ProviderError) -> bool {
    e.message.to_ascii_lowercase().contains("unexpected eof")
}

// Short feedback once the model is prompted (it writes its calls as text).
crate::client::impl_model!(Ollama, chat, feedback: |o| if o.uses_prompted_tools() {
    agents_core::error::FeedbackStyle::Short
} else {
    agents_core::error::FeedbackStyle::Full
});

impl OllamaBuilder {
    settings_methods!(PROVIDER);

    /// Whether `complete` streams internally (default on).
    pub fn streaming(mut self, on: bool) -> Self {
        self.stream = on;
        self
    }

    /// The prompt layout used when the model does not take native tools.
    pub fn prompt_format(mut self, format: PromptFormat) -> Self {
        self.format = format;
        self
    }

    /// Builds the client (a key, if set, is sent as a bearer token, for proxies).
    pub fn build(self) -> Result<Ollama, ProviderError> {
        Ok(Ollama {
            model: self.model,
            transport: self.settings.transport(PROVIDER, Auth::Bearer)?,
            stream: self.stream,
            format: self.format,
        })
    }
}
