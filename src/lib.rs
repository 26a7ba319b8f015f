//! # agents
//!
//! LLM agents whose tool calls survive the real world.
pub use agents_core::*;

/// Turns a free `fn` or `async fn` into a tool the model can call; see [`tool`](macro@tool) docs
/// in `docs/macros.md` and the examples below.
#[cfg(feature = "macros")]
pub use agents_macros::tool;

/// Builds an [`LlmAgent`] from a declarative description, with its error handlers checked at
/// compile time.
#[cfg(feature = "macros")]
pub use agents_macros::agent;
