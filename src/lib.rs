//! # agents
//!
//! LLM agents whose tool calls survive the real world.
pub use agents_core::*;
