//! OpenAI chat completions, and every server that speaks it: DeepSeek, OpenRouter, Kimi,
//! Perplexity, vLLM, llama.cpp's server, Ollama's `/v1`. Point the base URL at any of them.
//!
//! ```no_run
//! use agents_providers::openai::OpenAi;
//! # fn main() -> Result<(), agents_providers::ProviderError> {
//! let gpt = OpenAi::from_env("gpt-4o-mini")?; // OPENAI_API_KEY, optional OPENAI_BASE_URL
//! let local = OpenAi::builder("qwen2.5:7b").base_url("http://127.0.0.1:11434/v1").build()?;
//! let deepseek = OpenAi::builder("deepseek-chat")
//!     .base_url("https://api.deepseek.com/v1")
//!     .api_key_from_env("DEEPSEEK_API_KEY")?
//!     .build()?;
//! # Ok(()) }
//! ```

pub mod convert;
pub mod wire;

use std::ops::ControlFlow;
use std::sync::Arc;

use agents_core::ModelErrorKind;
use agents_core::model::{Model, ModelError, ModelRequest, ModelResponse};
use futures_util::future::BoxFuture;
use serde_json::Value;

use self::convert::{ChunkAccumulator, MaxTokensField, WireOptions, from_wire, to_wire};
use self::wire::ChatResponse;
use crate::error::ProviderError;
use crate::secret::Secret;
use crate::transport::{Auth, RetryBudget, RetryPolicy, Transport, TransportConfig};

const PROVIDER: &str = "openai";

/// OpenAI's own endpoint.
pub const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";

/// A chat completions client. Implements [`Model`].
#[derive(Debug, Clone)]
pub struct OpenAi {
    model: String,
    transport: Transport,
    options: WireOptions,
}

/// Builds an [`OpenAi`] client.
#[derive(Debug, Clone)]
pub struct OpenAiBuilder {
    model: String,
    base_url: String,
    key: Option<Secret>,
    config: TransportConfig,
    options: WireOptions,
    headers: Vec<(String, String)>,
}

impl OpenAi {
    /// A builder for `model` at OpenAI's endpoint, without a key (set one, or use a local server).
    pub fn builder(model: impl Into<String>) -> OpenAiBuilder {
        OpenAiBuilder {
            model: model.into(),
            base_url: DEFAULT_BASE_URL.to_owned(),
            key: None,
            config: TransportConfig::default(),
            options: WireOptions {
                include_usage: true,
                stream: true,
                ..WireOptions::default()
            },
            headers: Vec::new(),
        }
    }

    /// A client for `model` with the key in `OPENAI_API_KEY` (required) and the base URL in
    /// `OPENAI_BASE_URL` (optional).
    pub fn from_env(model: impl Into<String>) -> Result<Self, ProviderError> {
        let mut b = OpenAi::builder(model).api_key_from_env("OPENAI_API_KEY")?;
        if let Ok(url) = std::env::var("OPENAI_BASE_URL")
            && !url.trim().is_empty()
        {
            b = b.base_url(url.trim());
        }
        b.build()
    }

    /// The model id sent in requests.
    pub fn model(&self) -> &str {
        &self.model
    }

    /// The transport (for its cooldown and settings).
    pub fn transport(&self) -> &Transport {
        &self.transport
    }

    /// Sends one request and returns the whole response, streaming internally when configured.
    pub async fn chat(&self, request: &ModelRequest) -> Result<ModelResponse, ProviderError> {
        let body = to_wire(request, &self.model, &self.options);
        if !self.options.stream {
            let response = self.transport.post_json("/chat/completions", &body).await?;
            let wire: ChatResponse = response.json(PROVIDER)?;
            return from_wire(wire).map_err(|mut e| {
                e.attempts = response.attempts;
                e.request_id = response.request_id.clone();
                e
            });
        }
        let mut stream = self
            .transport
            .post_stream("/chat/completions", &body)
            .await?;
        let mut acc = ChunkAccumulator::new();
        let mut stream_error = None;
        let mut skipped = 0usize;
        let read = stream
            .read_sse(|event| {
                let data = event.data.trim();
                if data.is_empty() {
                    return Ok(ControlFlow::Continue(()));
                }
                if event.event.as_deref() == Some("error") || is_error_payload(data) {
                    stream_error = Some(data.to_owned());
                    return Ok(ControlFlow::Break(()));
                }
                if let Err(e) = acc.push_json(data) {
                    skipped += 1;
                    tracing::warn!(error = %e, "skipping a stream chunk that is not a chat chunk");
                }
                Ok(if acc.is_done() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                })
            })
            .await;
        if let Some(payload) = stream_error {
            return Err(stream.stream_error(&payload));
        }
        match read {
            Err(e) if !acc.is_complete() => return Err(e),
            Err(e) => tracing::debug!(error = %e, "stream broke after the response was complete"),
            Ok(()) if !acc.is_complete() => {
                return Err(stream.error(
                    ModelErrorKind::Connection,
                    "the stream ended before a finish reason or [DONE]",
                ));
            }
            Ok(()) => {}
        }
        if skipped > 0 {
            tracing::warn!(skipped, "stream chunks skipped");
        }
        acc.finish().map_err(|mut e| {
            e.attempts = stream.attempts();
            e.request_id = stream.request_id().map(str::to_owned);
            e
        })
    }
}

fn is_error_payload(data: &str) -> bool {
    data.contains("\"error\"")
        && serde_json::from_str::<Value>(data)
            .ok()
            .is_some_and(|v| v.get("error").is_some_and(|e| !e.is_null()))
}

impl Model for OpenAi {
    fn name(&self) -> &str {
        &self.model
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(async move { self.chat(request).await.map_err(ModelError::from) })
    }
}

impl OpenAiBuilder {
    /// The base URL, up to and including `/v1` (`http://127.0.0.1:8080/v1`).
    pub fn base_url(mut self, url: impl Into<String>) -> Self {
        self.base_url = url.into();
        self
    }

    /// The API key.
    pub fn api_key(mut self, key: impl Into<Secret>) -> Self {
        self.key = Some(key.into());
        self
    }

    /// The API key from the environment variable `var`; an error naming the variable (never its
    /// value) if it is unset or empty.
    pub fn api_key_from_env(mut self, var: &str) -> Result<Self, ProviderError> {
        let key = Secret::from_env(var)
            .ok_or_else(|| ProviderError::config(PROVIDER, format!("{var} is not set")))?;
        self.key = Some(key);
        Ok(self)
    }

    /// Whether `complete` streams internally (default on). The runtime sees whole calls either way.
    pub fn streaming(mut self, on: bool) -> Self {
        self.options.stream = on;
        self
    }

    /// Whether to send `stream_options.include_usage` (default on; some servers reject it).
    pub fn include_usage(mut self, on: bool) -> Self {
        self.options.include_usage = on;
        self
    }

    /// Which field carries the token cap (default `max_tokens`).
    pub fn max_tokens_field(mut self, field: MaxTokensField) -> Self {
        self.options.max_tokens_field = field;
        self
    }

    /// `tool_choice`, sent with tools (`"auto"`, `"required"`, or a named function).
    pub fn tool_choice(mut self, choice: Value) -> Self {
        self.options.tool_choice = Some(choice);
        self
    }

    /// A header sent with every request (`OpenAI-Organization`, `HTTP-Referer` for OpenRouter).
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// The transport settings (timeouts, retries, budget, clock).
    pub fn transport(mut self, config: TransportConfig) -> Self {
        self.config = config;
        self
    }

    /// The retry rules.
    pub fn retry(mut self, policy: RetryPolicy) -> Self {
        self.config.retry = policy;
        self
    }

    /// A retry budget shared with other layers.
    pub fn retry_budget(mut self, budget: Arc<RetryBudget>) -> Self {
        self.config.budget = Some(budget);
        self
    }

    /// Builds the client.
    pub fn build(self) -> Result<OpenAi, ProviderError> {
        let auth = self.key.map_or(Auth::None, Auth::Bearer);
        let mut transport = Transport::new(PROVIDER, self.base_url, auth, self.config)?;
        for (name, value) in &self.headers {
            transport = transport.with_header(name, value)?;
        }
        Ok(OpenAi {
            model: self.model,
            transport,
            options: self.options,
        })
    }
}
