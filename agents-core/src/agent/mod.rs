//! Agents: the implementations of [`Agent<In, Out>`]: a plain function, a model loop, the
//! compositions, and an agent offered as a tool.

mod as_tool;
pub mod compose;
mod function;
pub(crate) mod llm;
pub(crate) mod policy;
pub(crate) mod skill;

pub use crate::path::AgentPath;
pub use crate::run::{Agent, AgentExt, AgentRun, RunContext};
pub use as_tool::{AgentTool, INPUT_FIELD};
pub use compose::{
    Compose, FirstOf, LoopExhausted, LoopUntil, RaceFailed, RaceSettled, Racer, Route, Speculative,
    first_of, loop_until,
};
pub use function::{FnAgent, from_fn, from_fn_with_context};
pub use llm::DEFAULT_PARALLEL_CALLS;
pub use llm::{Checked, Rejection, ToolUse};
pub use policy::{EscalationDecision, LlmErrorDecision, UnhandledPolicy};
pub use policy::{MAX_RETRY_WAIT, budget_llm_error_policy};
pub use skill::Skill;
