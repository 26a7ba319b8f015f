//! The structural rules of `agent!`, checked before any code is generated: known keys, each at
//! most once; the required ones present; `on_error` naming only this agent's tools and known
//! error kinds, each once; and, under `exhaustive`, every tool × kind covered.
//!
//! What the compiler can check better (types, which step handles which kind, budget field names)
//! is left to it, through spanned helper calls in the expansion.

use proc_macro2::Span;
use syn::{Expr, Ident, Path, Type};

use super::ast::{AgentInput, BudgetBlock, OnError, ToolItem, Value};
use super::kw::{AGENT_KINDS, DEFAULTS, KEYS, REQUIRED, TOOL_KINDS};
use crate::util::errors::{Errors, Keys, did_you_mean, one_of, unknown};
use crate::util::paths::check_crate_path;

/// A checked `agent!` invocation.
#[derive(Default)]
pub(crate) struct Agent {
    /// `name:`.
    pub name: Option<Expr>,
    /// `model:`.
    pub model: Option<Expr>,
    /// `input:` (default `String`).
    pub input: Option<Type>,
    /// `output:` (default `String`).
    pub output: Option<Type>,
    /// `budget:`, as fields.
    pub budget_fields: Option<BudgetBlock>,
    /// `budget:`, as an expression.
    pub budget_expr: Option<Expr>,
    /// `tools:`.
    pub tools: Vec<ToolItem>,
    /// `on_error:`.
    pub on_error: Option<OnError>,
    /// `skills:`.
    pub skills: Vec<Expr>,
    /// `crate:`.
    pub krate: Option<Path>,
    /// `deps:`: the agent's dependencies, whose type each `#[tool]` is checked against.
    pub deps: Option<Expr>,
    /// Every other key, mapped to the builder method of the same name: `(key, value)`.
    pub settings: Vec<(Ident, Expr)>,
}

/// Checks `input`; the errors found go to `errors`, and the result is meaningful only if there
/// were none.
pub(crate) fn validate(input: AgentInput, errors: &mut Errors) -> Agent {
    let mut agent = Agent::default();
    let mut keys = Keys::new(&KEYS);
    let first_key = input.entries.first().map(|entry| entry.key.span());
    for entry in input.entries {
        let key = entry.key.to_string();
        if !keys.accept(
            errors,
            &entry.key,
            &key,
            format_args!("key `{key}` in `agent!`"),
        ) {
            continue;
        }
        match (key.as_str(), entry.value) {
            ("name", Value::Expr(e)) => agent.name = Some(e),
            ("model", Value::Expr(e)) => agent.model = Some(e),
            ("input", Value::Type(t)) => agent.input = Some(t),
            ("output", Value::Type(t)) => agent.output = Some(t),
            ("budget", Value::Budget(b)) => agent.budget_fields = Some(b),
            ("budget", Value::Expr(e)) => agent.budget_expr = Some(e),
            ("tools", Value::Tools(t)) => agent.tools = t,
            ("skills", Value::List(s)) => agent.skills = s,
            ("on_error", Value::OnError(o)) => agent.on_error = Some(o),
            ("deps", Value::Expr(e)) => agent.deps = Some(e),
            ("crate", Value::Path(p)) => match check_crate_path(&p) {
                Ok(()) => agent.krate = Some(p),
                Err(e) => errors.push(e),
            },
            (_, Value::Expr(e)) => agent.settings.push((entry.key, e)),
            _ => unreachable!("the parser gives each key its value's shape"),
        }
    }
    for required in REQUIRED {
        if !keys.given(required) {
            // On the first key rather than the whole invocation, which would underline every
            // line of it; an empty `agent! {}` has only the invocation to point at.
            errors.span(
                first_key.unwrap_or_else(Span::call_site),
                format!(
                    "`agent!` needs `{required}: ...`{}",
                    if required == "model" {
                        " (a provider client, or `agents::testing::ScriptedModel` in tests)"
                    } else {
                        " (the agent's name, as in `name: \"file-manager\"`)"
                    }
                ),
            );
        }
    }
    check_tools(&agent.tools, errors);
    if let Some(on_error) = &agent.on_error {
        check_on_error(on_error, &agent.tools, errors);
    }
    agent
}

fn check_tools(tools: &[ToolItem], errors: &mut Errors) {
    let mut keys: Vec<String> = Vec::new();
    for ident in tools.iter().filter_map(ToolItem::key) {
        let key = ident.to_string();
        if key == DEFAULTS {
            errors.at(
                ident,
                "`defaults` is reserved for the handlers shared by every tool; give this tool another key, as in `default_tool = defaults {}`",
            );
        } else if keys.contains(&key) {
            errors.at(ident, format!("tool `{key}` is listed twice"));
        }
        keys.push(key);
    }
}

fn check_on_error(on_error: &OnError, tools: &[ToolItem], errors: &mut Errors) {
    let tool_keys: Vec<String> = tools
        .iter()
        .filter_map(ToolItem::key)
        .map(ToString::to_string)
        .collect();
    let mut seen_targets: Vec<String> = Vec::new();
    for target in &on_error.targets {
        let name = target.name.to_string();
        if name != DEFAULTS && !tool_keys.contains(&name) {
            let candidates = tool_keys.iter().map(String::as_str).chain([DEFAULTS]);
            let listed = if tool_keys.is_empty() {
                "this agent has no tools".to_owned()
            } else {
                format!(
                    "its tools are {}",
                    one_of(tool_keys.iter().map(String::as_str))
                )
            };
            errors.at(
                &target.name,
                format!(
                    "`{name}` is not one of this agent's tools{}; {listed} (or `defaults`, for all of them)",
                    did_you_mean(&name, candidates)
                ),
            );
        } else if seen_targets.contains(&name) {
            errors.at(
                &target.name,
                format!("`{name}` has two `on_error` blocks; merge them into one"),
            );
        }
        seen_targets.push(name);
        let mut seen_kinds: Vec<String> = Vec::new();
        for handler in &target.handlers {
            let kind = handler.kind.to_string();
            let all: Vec<&str> = TOOL_KINDS.iter().chain(&AGENT_KINDS).copied().collect();
            if !all.contains(&kind.as_str()) {
                // The kinds this block may name: a tool's cannot name the agent's own.
                let here: &[&str] = if target.name == DEFAULTS {
                    &all
                } else {
                    &TOOL_KINDS
                };
                errors.at(
                    &handler.kind,
                    unknown(format_args!("error kind `{kind}`"), &kind, here),
                );
            } else if AGENT_KINDS.contains(&kind.as_str()) && target.name != DEFAULTS {
                errors.at(
                    &handler.kind,
                    format!(
                        "`{kind}` is handled under `defaults` only: a call to a tool that is not offered belongs to no tool; move it to `defaults => {{ {kind} => .. }}`"
                    ),
                );
            } else if seen_kinds.contains(&kind) {
                errors.at(
                    &handler.kind,
                    format!(
                        "`{kind}` is handled twice for `{}`; chain the steps instead: `first.or(second)`",
                        target.name
                    ),
                );
            }
            seen_kinds.push(kind);
        }
    }
    if let Some(marker) = &on_error.exhaustive {
        let covered = |target: &str, kind: &str| {
            on_error
                .targets
                .iter()
                .any(|t| t.name == target && t.handlers.iter().any(|h| h.kind == kind))
        };
        let mut missing = Vec::new();
        for tool in &tool_keys {
            let kinds: Vec<&str> = TOOL_KINDS
                .iter()
                .copied()
                .filter(|k| !covered(tool, k) && !covered(DEFAULTS, k))
                .collect();
            if !kinds.is_empty() {
                missing.push(format!("`{tool}`: {}", kinds.join(", ")));
            }
        }
        if !missing.is_empty() {
            errors.at(
                marker,
                format!(
                    "`on_error` is `exhaustive`, but these tools have error kinds with no handler: {}; add them to the tool's block or to `defaults`",
                    missing.join("; ")
                ),
            );
        }
    }
}
