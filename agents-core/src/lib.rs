//! # agents-core
//!
//! The runtime of the `agents` framework: the error taxonomy, the repair chain, the escalation
//! tree and the agent loop. Users depend on the facade crate `agents`, which re-exports this one.
//!
//! The recovery order, cheapest first:
//! 1. deterministic repair at zero model calls ([`json::repair`], [`json::coerce`]);
//! 2. a repair agent ([`repair::fix_with`], an `Agent<String, String>`);
//! 3. retry with backoff, only for transient failures of tools safe to repeat ([`repair::retry`],
//!    waiting a [`retry::Backoff`], the schedule the agent loop and the transport use too);
//! 4. escalation up the tree of agents ([`repair::escalate`], `on_escalation`);
//! 5. a hard stop ([`repair::throw`]).
//!
//! Every step emits an [`Event`], every run is bounded by a [`Budget`], and every tool call the
//! model makes gets exactly one result.
#![warn(missing_docs)]

pub mod agent;
pub mod budget;
pub mod conversation;
pub mod error;
mod escalation;
pub mod event;
mod grounding;
pub mod journal;
pub mod json;
pub mod model;
mod path;
pub mod repair;
pub mod retry;
mod run;
mod similar;
pub mod testing;
mod text;
pub mod tool;

pub use agent::llm::{LlmAgent, LlmAgentBuilder, Output, RunEvent, RunReport, RunStream, ToolUse};
pub use agent::policy::{EscalationDecision, LlmErrorDecision, UnhandledPolicy};
pub use agent::skill::Skill;
pub use agent::{Agent, AgentExt, Compose, RunContext, first_of, loop_until};
pub use budget::{Budget, BudgetDecision, BudgetExceeded, BudgetKind};
// The error types a caller matches on or builds. Their parts (`error::FailureKind`,
// `error::ParseError`) and the adapter `agent::AgentTool` are reached through their modules.
pub use error::{
    AgentError, Classifier, DeserializationError, ErrorClass, ErrorKind, EscalationError,
    ExecutionError, ExecutionFailure, IntoExecutionFailure, InvalidArgs, Severity, ToolError,
};
pub use event::Event;
pub use model::{
    Message, Model, ModelError, ModelErrorKind, ModelRequest, ModelResponse, ToolCall, ToolSpec,
    Usage,
};
pub use path::AgentPath;
// Shared with agents-providers (tool-name hints of prompted tool calling); not part of the
// documented API.
#[doc(hidden)]
pub use similar::{closest_name, did_you_mean};
pub use tool::{SchemaTool, Tool, schema_tool};

/// Implementation details used by the code the macros generate. Not a public API: it may change in
/// any release.
#[doc(hidden)]
pub mod __private;
