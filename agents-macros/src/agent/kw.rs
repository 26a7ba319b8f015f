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

/// The error kinds a tool's `on_error` block handles, by their DSL names. They name both a marker
/// type and a constant in the runtime's `kinds` module, so a name here that the runtime lacks does
/// not compile. The macro needs the list itself only for what it checks before any type exists
/// (an unknown kind with "did you mean", and `exhaustive`'s missing pairs); the pass test
/// `on_error_all_kinds` fails if these, [`AGENT_KINDS`] and the runtime's `ErrorKind::HANDLED`
/// drift apart.
pub(crate) const KINDS: [&str; 3] = ["invalid_args", "deserialization_error", "execution_error"];

/// The error kinds only `defaults` handles: no tool owns such a call (a call to a tool that is
/// not offered).
pub(crate) const AGENT_KINDS: [&str; 1] = ["unknown_tool"];
