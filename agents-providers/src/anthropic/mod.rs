//! Anthropic messages: the `system` field, `tool_use` / `tool_result` blocks, SSE streaming with
//! `input_json_delta`, `x-api-key` and `anthropic-version` headers. An `overloaded_error` (529)
//! is retried by the transport like any 5xx.
//!
//! ```no_run
//! use agents_providers::anthropic::Anthropic;
//! # fn main() -> Result<(), agents_providers::ProviderError> {
//! let claude = Anthropic::from_env("claude-sonnet-4-5")?; // ANTHROPIC_API_KEY
//! # Ok(()) }
//! ```

mod convert;
mod wire;

use agents_core::model::{ModelRequest, ModelResponse};
use serde_json::Value;

use self::convert::{EventAccumulator, WireOptions, from_wire, to_wire};
use self::wire::MessagesResponse;
use crate::client::{ClientSettings, settings_methods};
use crate::error::ProviderError;
use crate::parts::{Parts, Sse};
use crate::transport::{Auth, Transport};

const PROVIDER: &str = "anthropic";

/// Anthropic's own endpoint (the client appends `/v1/messages`).
pub const DEFAULT_BASE_URL: &str = "https://api.anthropic.com";

/// The `anthropic-version` header sent by default.
pub const API_VERSION: &str = "2023-06-01";

/// An Anthropic messages client. Implements [`Model`](agents_core::Model).
#[derive(Debug, Clone)]
pub struct Anthropic {
    model: String,
    transport: Transport,
    options: WireOptions,
}

/// Builds an [`Anthropic`] client.
#[derive(Debug, Clone)]
#[must_use = "a builder does nothing until it is built"]
pub struct AnthropicBuilder {
    model: String,
    settings: ClientSettings,
    options: WireOptions,
    version: String,
}

impl Anthropic {
    /// A builder for `model` at Anthropic's endpoint, without a key.
    pub fn builder(model: impl Into<String>) -> AnthropicBuilder {
        AnthropicBuilder {
            model: model.into(),
            settings: ClientSettings::new(DEFAULT_BASE_URL),
            options: WireOptions {
                stream: true,
                ..WireOptions::default()
            },
            version: API_VERSION.to_owned(),
        }
    }

    /// A client for `model` with the key in `ANTHROPIC_API_KEY` (required) and the base URL in
    /// `ANTHROPIC_BASE_URL` (optional).
    pub fn from_env(model: impl Into<String>) -> Result<Self, ProviderError> {
        let mut b = Anthropic::builder(model).api_key_from_env("ANTHROPIC_API_KEY")?;
        b.settings.base_url_from_env("ANTHROPIC_BASE_URL");
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
    pub async fn messages(&self, request: &ModelRequest) -> Result<ModelResponse, ProviderError> {
        self.open(request, false).await?.collect().await
    }

    /// Sends one request; the response's parts are handed out as they arrive when `streaming`.
    async fn open(
        &self,
        request: &ModelRequest,
        streaming: bool,
    ) -> Result<Parts<Sse<EventAccumulator>>, ProviderError> {
        crate::constraint::allowed(PROVIDER, request)?;
        let body = to_wire(request, &self.model, &self.options);
        if !self.options.stream {
            let response = self.transport.post_json("/v1/messages", &body).await?;
            let wire: MessagesResponse = response.json(PROVIDER)?;
            let mut whole = from_wire(wire).map_err(|e| response.adopt(e))?;
            response.settle_usage(&mut whole);
            return Ok(Parts::whole(whole, streaming));
        }
        let stream = self.transport.post_stream("/v1/messages", &body).await?;
        Parts::stream(stream, Sse(EventAccumulator::new()), streaming)
            .start()
            .await
    }
}

crate::client::impl_model!(Anthropic, messages, parts: open,
    capabilities: |_, _| agents_core::model::Capabilities::new()
        .constraint(agents_core::model::ConstraintSupport::ToolChoice)
        .answer(agents_core::model::ConstraintSupport::ToolChoice));

impl AnthropicBuilder {
    settings_methods!(PROVIDER, streaming: options.stream);

    /// The token cap when a request sets none (default 4096; the API requires one).
    pub fn default_max_tokens(mut self, max: u32) -> Self {
        self.options.default_max_tokens = max;
        self
    }

    /// `tool_choice`, sent with tools (`{"type": "any"}`, `{"type": "tool", "name": ...}`).
    pub fn tool_choice(mut self, choice: Value) -> Self {
        self.options.tool_choice = Some(choice);
        self
    }

    /// The `anthropic-version` header (default [`API_VERSION`]).
    pub fn api_version(mut self, version: impl Into<String>) -> Self {
        self.version = version.into();
        self
    }

    /// Builds the client.
    pub fn build(mut self) -> Result<Anthropic, ProviderError> {
        self.settings
            .headers
            .push(("anthropic-version".to_owned(), self.version));
        Ok(Anthropic {
            model: self.model,
            transport: self
                .settings
                .transport(PROVIDER, |k| Auth::Header("x-api-key", k))?,
            options: self.options,
        })
    }
}
