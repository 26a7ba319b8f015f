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

mod convert;
mod wire;

use agents_core::model::{ModelRequest, ModelResponse};
use serde_json::Value;

pub use self::convert::MaxTokensField;
use self::convert::{ChunkAccumulator, WireOptions, from_wire, to_wire};
use self::wire::ChatResponse;
use crate::client::{ClientSettings, settings_methods};
use crate::error::ProviderError;
use crate::parts::{Parts, Sse};
use crate::transport::{Auth, Transport};

const PROVIDER: &str = "openai";

/// OpenAI's own endpoint.
pub const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";

/// A chat completions client. Implements [`Model`](agents_core::Model).
#[derive(Debug, Clone)]
pub struct OpenAi {
    model: String,
    transport: Transport,
    options: WireOptions,
}

/// Builds an [`OpenAi`] client.
#[derive(Debug, Clone)]
#[must_use = "a builder does nothing until it is built"]
pub struct OpenAiBuilder {
    model: String,
    settings: ClientSettings,
    options: WireOptions,
}

impl OpenAi {
    /// A builder for `model` at OpenAI's endpoint, without a key (set one, or use a local server).
    pub fn builder(model: impl Into<String>) -> OpenAiBuilder {
        OpenAiBuilder {
            model: model.into(),
            settings: ClientSettings::new(DEFAULT_BASE_URL),
            options: WireOptions {
                include_usage: true,
                stream: true,
                ..WireOptions::default()
            },
        }
    }

    /// A client for `model` with the key in `OPENAI_API_KEY` (required) and the base URL in
    /// `OPENAI_BASE_URL` (optional).
    pub fn from_env(model: impl Into<String>) -> Result<Self, ProviderError> {
        let mut b = OpenAi::builder(model).api_key_from_env("OPENAI_API_KEY")?;
        b.settings.base_url_from_env("OPENAI_BASE_URL");
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
        self.open(request, false).await?.collect().await
    }

    /// Sends one request; the response's parts are handed out as they arrive when `streaming`.
    async fn open(
        &self,
        request: &ModelRequest,
        streaming: bool,
    ) -> Result<Parts<Sse<ChunkAccumulator>>, ProviderError> {
        crate::constraint::allowed(PROVIDER, request)?;
        let body = to_wire(request, &self.model, &self.options);
        if !self.options.stream {
            let response = self.transport.post_json("/chat/completions", &body).await?;
            let wire: ChatResponse = response.json(PROVIDER)?;
            let mut whole = from_wire(wire).map_err(|e| response.adopt(e))?;
            response.settle_usage(&mut whole);
            return Ok(Parts::whole(whole, streaming));
        }
        let stream = self
            .transport
            .post_stream("/chat/completions", &body)
            .await?;
        Parts::stream(stream, Sse(ChunkAccumulator::new()), streaming)
            .start()
            .await
    }
}

crate::client::impl_model!(OpenAi, chat, parts: open,
    capabilities: |_, _| agents_core::model::Capabilities::new()
        .constraint(agents_core::model::ConstraintSupport::Schema)
        .answer(agents_core::model::ConstraintSupport::Schema));

impl OpenAiBuilder {
    settings_methods!(PROVIDER, streaming: options.stream);

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

    /// Builds the client.
    pub fn build(self) -> Result<OpenAi, ProviderError> {
        Ok(OpenAi {
            model: self.model,
            transport: self.settings.transport(PROVIDER, Auth::Bearer)?,
            options: self.options,
        })
    }
}
