//! Gemini `generateContent`: `functionDeclarations`, `functionCall` / `functionResponse`,
//! `systemInstruction`, `usageMetadata`, and SSE streaming (`:streamGenerateContent?alt=sse`)
//! reassembled into one response.
//!
//! Gemini sends calls without ids: results are paired with calls by name, in order, and each
//! call gets a stable synthesised id (see `convert::Accumulator`). Its arguments arrive as a
//! JSON object; [`ToolCall::arguments`](agents_core::model::ToolCall) holds that object's JSON text as
//! Gemini sent it. The bodies are typed in the private `wire` module.
//!
//! ```no_run
//! use agents_providers::gemini::Gemini;
//! # fn main() -> Result<(), agents_providers::ProviderError> {
//! let flash = Gemini::from_env("gemini-2.5-flash")?; // GEMINI_API_KEY, sent as x-goog-api-key
//! # Ok(()) }
//! ```

mod convert;
mod wire;

use agents_core::model::{Deltas, ModelRequest, ModelResponse};
use serde_json::Value;

use self::convert::{Accumulator, to_wire, turn_of};
use self::wire::GenerateContentResponse;
use crate::client::{ClientSettings, SseAccumulator, settings_methods};
use crate::error::ProviderError;
use crate::parts::{Parts, Sse};
use crate::transport::{Auth, SseEvent, Transport};

const PROVIDER: &str = "gemini";

/// Google's endpoint for the Gemini API.
pub const DEFAULT_BASE_URL: &str = "https://generativelanguage.googleapis.com/v1beta";

/// A Gemini client. Implements [`Model`](agents_core::Model).
#[derive(Debug, Clone)]
pub struct Gemini {
    model: String,
    transport: Transport,
    stream: bool,
}

/// Builds a [`Gemini`] client.
#[derive(Debug, Clone)]
#[must_use = "a builder does nothing until it is built"]
pub struct GeminiBuilder {
    model: String,
    settings: ClientSettings,
    stream: bool,
}

impl Gemini {
    /// A builder for `model` (`gemini-2.5-flash`, ...) at Google's endpoint, without a key.
    pub fn builder(model: impl Into<String>) -> GeminiBuilder {
        GeminiBuilder {
            model: model.into(),
            settings: ClientSettings::new(DEFAULT_BASE_URL),
            stream: true,
        }
    }

    /// A client for `model` with the key in `GEMINI_API_KEY` (required) and the base URL in
    /// `GEMINI_BASE_URL` (optional).
    pub fn from_env(model: impl Into<String>) -> Result<Self, ProviderError> {
        let mut b = Gemini::builder(model).api_key_from_env("GEMINI_API_KEY")?;
        b.settings.base_url_from_env("GEMINI_BASE_URL");
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

    /// Sends one request and returns the whole response, streaming internally when configured.
    pub async fn generate(&self, request: &ModelRequest) -> Result<ModelResponse, ProviderError> {
        self.open(request, false).await?.collect().await
    }

    /// Sends one request; the response's parts are handed out as they arrive when `streaming`.
    async fn open(
        &self,
        request: &ModelRequest,
        streaming: bool,
    ) -> Result<Parts<Sse<StreamAccumulator>>, ProviderError> {
        crate::constraint::allowed(PROVIDER, request)?;
        let body = to_wire(request);
        let model = self.model.trim_start_matches("models/");
        let turn = turn_of(request);
        if !self.stream {
            let path = format!("/models/{model}:generateContent");
            let response = self.transport.post_json(&path, &body).await?;
            let wire: GenerateContentResponse = response.json(PROVIDER)?;
            let mut acc = Accumulator::new(turn);
            acc.push(wire);
            let mut whole = acc.finish().map_err(|e| response.adopt(e))?;
            response.settle_usage(&mut whole);
            return Ok(Parts::whole(whole, streaming));
        }
        let path = format!("/models/{model}:streamGenerateContent?alt=sse");
        let stream = self.transport.post_stream(&path, &body).await?;
        let acc = Sse(StreamAccumulator(Accumulator::new(turn)));
        Parts::stream(stream, acc, streaming).start().await
    }
}

/// The stream decoder: every `data:` payload is a whole `GenerateContentResponse` chunk.
struct StreamAccumulator(Accumulator);

impl SseAccumulator for StreamAccumulator {
    fn is_error(event: &SseEvent) -> bool {
        event.data.contains("\"error\"")
            && serde_json::from_str::<Value>(&event.data)
                .ok()
                .is_some_and(|v| v.get("error").is_some_and(Value::is_object))
    }
    fn push_data(&mut self, data: &str) -> Result<(), serde_json::Error> {
        self.0.push(serde_json::from_str(data)?);
        Ok(())
    }
    fn is_complete(&self) -> bool {
        self.0.is_complete()
    }
    fn is_done(&self) -> bool {
        // Usage may follow the finish reason in a later chunk: read to the end of the body.
        false
    }
    fn report(&mut self, deltas: &mut Deltas) {
        self.0.report(deltas);
    }
    fn finish(self) -> Result<ModelResponse, ProviderError> {
        self.0.finish()
    }
}

crate::client::impl_model!(Gemini, generate, parts: open,
    capabilities: |_, _| agents_core::model::Capabilities::new()
        .constraint(agents_core::model::ConstraintSupport::ToolChoice)
        .answer(agents_core::model::ConstraintSupport::Schema));

impl GeminiBuilder {
    settings_methods!(PROVIDER, streaming: stream);

    /// Builds the client; the key is sent in the `x-goog-api-key` header.
    pub fn build(self) -> Result<Gemini, ProviderError> {
        Ok(Gemini {
            model: self.model,
            transport: self
                .settings
                .transport(PROVIDER, |k| Auth::Header("x-goog-api-key", k))?,
            stream: self.stream,
        })
    }
}
