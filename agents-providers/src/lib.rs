//! Provider clients for the agents framework, on one resilient transport.
//!
//! - [`openai::OpenAi`]: OpenAI chat completions, and every server that speaks it (DeepSeek,
//!   OpenRouter, vLLM, llama.cpp, Ollama's `/v1`) through a configurable base URL.
//! - [`anthropic::Anthropic`]: Anthropic messages.
//! - [`gemini::Gemini`]: Gemini `generateContent`, streamed over SSE.
//! - [`ollama::Ollama`]: Ollama's native `/api/chat`, streamed as NDJSON, falling back to
//!   prompted tool calling for models without native tools.
//! - [`prompted`]: tool calling through the prompt, for any model without native tools.
//! - [`transport`]: the shared HTTP layer (timeouts, retries, `Retry-After`, a cooldown shared per
//!   provider account, one [`RetryBudget`] across layers, typed [`ProviderError`]s, the SSE and
//!   NDJSON stream readers).
//! - `mcp` (feature `mcp`): tools from MCP servers, as ordinary tools.
//! - [`cassette`]: record any [`Model`](agents_core::Model) to a JSONL cassette and replay it offline.
//!
//! The four providers share one layout: the module (`openai`, `anthropic`, `gemini`, `ollama`)
//! holds the client and its builder; a private `wire` module holds its bodies as serde structs,
//! exactly as the API defines them; a private `convert` module holds the pure conversions to and
//! from the [`agents_core`] types and the accumulator that puts a streamed response together. The
//! body shapes are no part of the public API. Sending, retrying and reading streams is the
//! transport's, for all four.
//!
//! Every client implements [`agents_core::Model`], `stream` included: the four providers hand out
//! text and tool-call deltas as the wire delivers them, read through the same accumulator as
//! `complete` (so the last part, `Done`, is exactly the response `complete` gives), and retry
//! only before the first part. Every failure is a
//! [`ModelError`](agents_core::model::ModelError) whose source is the [`ProviderError`], and no error,
//! log line or `Debug` output ever holds an API key.
#![warn(missing_docs)]
// `ProviderError` carries every detail a handler may need (status, code, message, request id,
// retry-after, body); it is only built on the failure path, so its size is not worth boxing.
#![allow(clippy::result_large_err)]

#[cfg(feature = "anthropic")]
pub mod anthropic;
pub mod cassette;
mod client;
#[cfg(any(
    feature = "openai",
    feature = "anthropic",
    feature = "gemini",
    feature = "prompted"
))]
mod constraint;
mod error;
#[cfg(feature = "gemini")]
pub mod gemini;
mod ids;
#[cfg(feature = "mcp")]
pub mod mcp;
#[cfg(feature = "ollama")]
pub mod ollama;
#[cfg(feature = "openai")]
pub mod openai;
mod parts;
#[cfg(feature = "prompted")]
pub mod prompted;
mod secret;
pub mod transport;
#[cfg(any(feature = "gemini", feature = "ollama"))]
mod wire;

pub use client::{ClientSettings, SseAccumulator, collect_sse};
pub use error::{ErrorDetails, ProviderError, QuotaViolation, classify_status};
pub use ids::synthesize_call_id;
pub use secret::Secret;
pub use transport::{RetryBudget, Transport, TransportConfig, TransportRetry};
