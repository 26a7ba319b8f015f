//! Each provider's client against an in-process server speaking its wire format: requests,
//! responses, streams, errors, retries, redirects, redaction, cassettes and constraint. One test
//! binary for all of them (each file a module, compiled where its providers are), so the
//! dependency tree is linked once.

#[path = "../common/mod.rs"]
mod common;

#[cfg(feature = "openai")]
mod agent_loop;
#[cfg(feature = "anthropic")]
mod anthropic;
#[cfg(feature = "openai")]
mod cassette;
#[cfg(all(
    feature = "openai",
    feature = "anthropic",
    feature = "gemini",
    feature = "ollama"
))]
mod constraint;
#[cfg(all(
    feature = "openai",
    feature = "anthropic",
    feature = "gemini",
    feature = "ollama"
))]
mod fault_matrix;
#[cfg(feature = "gemini")]
mod gemini;
#[cfg(feature = "ollama")]
mod ollama;
#[cfg(feature = "openai")]
mod openai_stream;
#[cfg(feature = "prompted")]
mod prompted;
#[cfg(feature = "prompted")]
mod prompted_recovery;
#[cfg(all(feature = "openai", feature = "anthropic"))]
mod redaction;
#[cfg(all(
    feature = "openai",
    feature = "anthropic",
    feature = "gemini",
    feature = "ollama"
))]
mod redirect;
#[cfg(all(
    feature = "openai",
    feature = "anthropic",
    feature = "gemini",
    feature = "ollama"
))]
mod stream_parts;
#[cfg(feature = "openai")]
mod transport;
#[cfg(all(
    feature = "openai",
    feature = "anthropic",
    feature = "gemini",
    feature = "ollama"
))]
mod transport_matrix;
