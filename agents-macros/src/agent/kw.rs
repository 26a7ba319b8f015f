//! The words of `agent!`'s grammar.

syn::custom_keyword!(exhaustive);

/// The top-level keys, in the order the docs present them.
pub(crate) const KEYS: [&str; 31] = [
    "name",
    "prompt",
    "model",
    "deps",
    "input",
    "output",
    "budget",
    "tools",
    "on_error",
    "on_llm_error",
    "output_validator",
    "input_guardrail",
    "on_escalation",
    "on_budget_exceeded",
    "on_event",
    "on_tool_use",
    "unhandled",
    "classifier",
    "strict",
    "constrained",
    "recovery",
    "echo_check",
    "ask_values",
    "skills",
    "sampling",
    "output_retries",
    "builtin_tools",
    "history",
    "on_checkpoint",
    "parallel_calls",
    "crate",
];

/// Keys that must be present.
pub(crate) const REQUIRED: [&str; 2] = ["name", "model"];

/// The `on_error` entry that applies to every tool.
pub(crate) const DEFAULTS: &str = "defaults";

/// The error kinds a tool's `on_error` block handles, and those only `defaults` handles (a call
/// to a tool that is not offered belongs to no tool), by their DSL names: the table the runtime
/// generates its `ErrorKind` and its `kinds` from. Each name is both a marker type and a constant
/// in the runtime's `kinds` module, so a lowered block names only kinds that exist; the macro
/// needs the lists for what it checks before any type exists (an unknown kind with "did you
/// mean", `defaults`-only kinds, and `exhaustive`'s missing pairs).
pub(crate) use agents_error_kinds::{AGENT_KINDS, TOOL_KINDS};

/// Why a kind of [`AGENT_KINDS`] belongs to no tool.
pub(crate) fn agent_kind_reason(kind: &str) -> &'static str {
    match kind {
        "answer_error" => "the final answer belongs to no tool",
        _ => "a call to a tool that is not offered belongs to no tool",
    }
}
