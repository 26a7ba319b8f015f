//! Ollama's native `/api/chat`, with NDJSON streaming and native tools.
//!
//! When a model rejects native tools (Ollama answers `{"error": "... does not support tools"}`),
//! the client falls back to [prompted tool calling](crate::prompted) for that model and
//! remembers it for the whole process, so later requests go prompted at once. A body
//! `{"error": "unexpected EOF"}` (the server lost the model runner), with any status or inside a
//! 200, is sent again by the transport's retry loop, under its policy and budget (the body is
//! read inside that loop: all of it for `complete`, and up to the first part for `stream`, after
//! which an error ends the stream instead).
//!
//! Layout as for every provider: the client here, the typed bodies in the private `wire`
//! module, the conversions and the NDJSON reading in `convert`.
//!
//! ```no_run
//! use agents_providers::ollama::Ollama;
//! # fn main() -> Result<(), agents_providers::ProviderError> {
//! let qwen = Ollama::from_env("qwen2.5:7b")?; // OLLAMA_HOST, default http://127.0.0.1:11434
//! # Ok(()) }
//! ```

mod convert;
mod wire;

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

use agents_core::model::{ModelRequest, ModelResponse};

use self::convert::{Accumulator, read_whole, to_wire};
use crate::client::{ClientSettings, settings_methods};
use crate::error::ProviderError;
use crate::parts::Parts;
use crate::prompted::{PromptFormat, read_generation};
use crate::transport::{Auth, Reply, Transport};

const PROVIDER: &str = "ollama";

/// Ollama's default address.
pub const DEFAULT_HOST: &str = "http://127.0.0.1:11434";

/// Models (per base URL) that rejected native tools in this process.
fn no_native_tools() -> &'static Mutex<HashSet<String>> {
    static SET: OnceLock<Mutex<HashSet<String>>> = OnceLock::new();
    SET.get_or_init(Mutex::default)
}

/// An Ollama client. Implements [`Model`](agents_core::Model).
#[derive(Debug, Clone)]
pub struct Ollama {
    model: String,
    transport: Transport,
    stream: bool,
    format: PromptFormat,
    prompted: bool,
}

/// Builds an [`Ollama`] client.
#[derive(Debug, Clone)]
#[must_use = "a builder does nothing until it is built"]
pub struct OllamaBuilder {
    model: String,
    settings: ClientSettings,
    stream: bool,
    format: PromptFormat,
    prompted: bool,
}

impl Ollama {
    /// A builder for `model` at [`DEFAULT_HOST`].
    pub fn builder(model: impl Into<String>) -> OllamaBuilder {
        OllamaBuilder {
            model: model.into(),
            settings: ClientSettings::new(DEFAULT_HOST),
            stream: true,
            format: PromptFormat::new().force_call(false),
            prompted: false,
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
        self.prompted
            || no_native_tools()
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .contains(&self.key())
    }

    /// Sends one request: native tools, or prompted ones for a model that rejected them.
    ///
    /// A constrained request goes only to a prompted model, with the call format as `format`;
    /// native tools have no way to force a call, so a constrained request to a model not (yet)
    /// known to be prompted is refused ([`OllamaBuilder::prompted_tools`] says so up front).
    pub async fn chat(&self, request: &ModelRequest) -> Result<ModelResponse, ProviderError> {
        self.open(request, false).await?.collect().await
    }

    /// Sends one request (native tools, or prompted ones for a model that rejected them); the
    /// response's parts are handed out as they arrive when `streaming`. A prompted answer is read
    /// whole first (its text is the call syntax, parsed into calls), then handed out.
    async fn open(
        &self,
        request: &ModelRequest,
        streaming: bool,
    ) -> Result<Parts<Accumulator>, ProviderError> {
        let constrained = crate::constraint::allowed(PROVIDER, request)?;
        if constrained.is_some() && !self.uses_prompted_tools() {
            crate::constraint::refuse(PROVIDER, request)?;
        }
        if request.tools.is_empty() || !self.uses_prompted_tools() {
            // A typed answer on a turn without tools: `format` holds the reply to its schema.
            let answer = match crate::constraint::held_answer(request) {
                Some(format) => Some(crate::constraint::answer_schema(PROVIDER, format)?),
                None => None,
            };
            match self.send(request, answer, streaming).await {
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
        let format = match constrained {
            Some(tools) => Some(crate::constraint::prompted_call_schema(PROVIDER, &tools)?),
            None => None,
        };
        let r = self.send(&chat, format, false).await?.collect().await?;
        let mut whole = read_generation(
            PROVIDER,
            r.text.as_deref().unwrap_or_default(),
            r.finish_reason,
            r.usage,
            request,
        )?;
        whole.usage_estimated = r.usage_estimated;
        Ok(Parts::whole(whole, streaming))
    }

    /// One request through the transport's retry loop, the body read inside it until the first
    /// part (all of it when not `streaming`), with the reply held to the JSON schema `format`, if
    /// any: an `unexpected EOF` Ollama reports before then (as a status the transport would not
    /// retry, or inside a 200) is sent again under the transport's policy and budget, like any
    /// retry.
    async fn send(
        &self,
        request: &ModelRequest,
        format: Option<crate::constraint::RawSchema>,
        streaming: bool,
    ) -> Result<Parts<Accumulator>, ProviderError> {
        let mut body = to_wire(request, &self.model, self.stream);
        body.format = format;
        self.transport
            .post_then(
                "/api/chat",
                &body,
                self.stream,
                Some(says_unexpected_eof),
                |reply| async move {
                    match reply {
                        Reply::Whole(response) => read_whole(&response).map(|mut r| {
                            response.settle_usage(&mut r);
                            Parts::whole(r, streaming)
                        }),
                        Reply::Stream(stream) => {
                            Parts::stream(stream, Accumulator::default(), streaming)
                                .start()
                                .await
                        }
                    }
                },
            )
            .await
    }
}

fn rejects_tools(e: &ProviderError) -> bool {
    e.message
        .to_ascii_lowercase()
        .contains("does not support tools")
}

/// Ollama lost its model runner: nothing came out, and sending again may help.
fn says_unexpected_eof(e: &ProviderError) -> bool {
    e.message.to_ascii_lowercase().contains("unexpected eof")
}

// Once the model is prompted (it writes its calls as text), it is a prompted client: short
// feedback, constraints through `format`, its examples, and the small-model profile.
crate::client::impl_model!(Ollama, chat, parts: open, capabilities: |o, tools| {
    let capabilities = if o.uses_prompted_tools() {
        crate::prompted::prompted_capabilities(&o.format, tools, agents_core::model::Recovery::SMALL_MODEL)
    } else {
        agents_core::model::Capabilities::new()
    };
    capabilities.answer(agents_core::model::ConstraintSupport::Schema)
});

impl OllamaBuilder {
    settings_methods!(PROVIDER, streaming: stream);

    /// The prompt layout used when the model does not take native tools.
    pub fn prompt_format(mut self, format: PromptFormat) -> Self {
        self.format = format;
        self
    }

    /// Prompts the tools from the first request (`true`), as for a model known not to take
    /// native tools, instead of finding it out from the server's refusal. A prompted model
    /// can be constrained (`format` with the call's JSON schema).
    pub fn prompted_tools(mut self, on: bool) -> Self {
        self.prompted = on;
        self
    }

    /// Builds the client (a key, if set, is sent as a bearer token, for proxies).
    pub fn build(self) -> Result<Ollama, ProviderError> {
        Ok(Ollama {
            model: self.model,
            transport: self.settings.transport(PROVIDER, Auth::Bearer)?,
            stream: self.stream,
            format: self.format,
            prompted: self.prompted,
        })
    }
}
