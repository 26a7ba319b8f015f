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
mod deps;
pub mod error;
mod escalation;
pub mod event;
mod grounding;
pub mod journal;
pub use agents_json as json;
pub mod model;
mod path;
pub mod repair;
pub mod retry;
pub mod run;
mod similar;
mod telemetry;
pub mod testing;
mod text;
pub mod tool;

// The root holds what most programs name; everything else is reached through its module
// (`error::ErrorKind`, `model::ToolSpec`, `agent::Skill`, `budget::BudgetKind`, ...), and
// [`prelude`] is what a first program imports.
pub use agent::llm::{
    LlmAgent, LlmAgentBuilder, Outcome, Output, RunEvent, RunReport, RunRequest, RunStream,
};
pub use agent::{Agent, AgentExt};
pub use budget::Budget;
pub use error::{AgentError, ExecutionFailure, Severity, ToolError};
pub use event::Event;
pub use model::{Message, Model, ModelResponse};
pub use run::Deps;
// Shared with agents-providers (tool-name hints of prompted tool calling); not part of the
// documented API.
#[doc(hidden)]
pub use grounding::{request_words_in_tools, required_numbers_not_given};
pub use similar::{closest_name, did_you_mean};
pub use tool::Tool;

/// What a first program names, in one import: `use agents::prelude::*;`.
///
/// ```
/// use agents_core::prelude::*;
/// # fn _f(_: Option<(LlmAgent, AgentError, ExecutionFailure, Severity, Event, Budget)>) {}
/// ```
pub mod prelude {
    pub use crate::agent::{Compose, RunContext};
    pub use crate::{
        Agent, AgentError, AgentExt, Budget, Deps, Event, ExecutionFailure, LlmAgent, Outcome,
        RunEvent, Severity, Tool,
    };
}

/// Implementation details used by the code the macros generate. Not a public API: it may change in
/// any release.
#[doc(hidden)]
pub mod __private;
