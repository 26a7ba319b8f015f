//! The start of the next call, written for the model after a failed one, so that it only has to
//! write values.
//!
//! A base model that reads an ERROR mostly writes its previous line again, byte for byte (87 of
//! 312 follow-up turns in issue 16's runs), wrong name or missing argument and all. Writing the
//! start of the call for it breaks the copy where it went wrong:
//!
//! - after a call to a tool that does not exist, when the closest allowed tool is clear: that
//!   tool's call up to its first argument's key (a tool without a worked example is known only
//!   from its signature, so the key sets the pattern);
//! - after an argument error on an offered tool: that tool's call up to the key at fault (the
//!   first required argument the call left out, else the field the error names, else the first
//!   argument). This holds the model to the tool it chose, which may be the wrong one; measured
//!   on the held-out suite (docs/EVAL.md), a model whose first call named another of the offered
//!   tools never reached the right one through feedback (it turned to the decoys instead), so
//!   the hold costs nothing measurable, and the key at fault is what the model kept getting
//!   wrong.
//!
//! Nothing is written after a tool ran and failed (its own message says what to do).

use agents_core::error::ARGUMENT_ERROR_PREFIX;
use agents_core::model::{Message, ModelRequest, ToolCall, ToolSpec, argument_shapes};
use serde_json::Value;

/// The prefill for the last batch of `request`, if one of its calls failed as above.
pub(super) fn prefill(request: &ModelRequest) -> Option<String> {
    let at = request
        .messages
        .iter()
        .rposition(|m| matches!(m, Message::Assistant { .. }))?;
    let Message::Assistant { tool_calls, .. } = &request.messages[at] else {
        return None;
    };
    let results = &request.messages[at + 1..];
    let spec = |name: &str| request.tools.iter().find(|t| t.name == name);
    tool_calls.iter().find_map(|c| match spec(&c.name) {
        None => {
            let names = request.tools.iter().map(|t| t.name.as_str());
            let tool = spec(agents_core::closest_name(&c.name, names)?)?;
            Some(start(tool, required(tool).into_iter().next()))
        }
        Some(tool) => {
            let error = results.iter().find_map(|m| match m {
                Message::Tool(r)
                    if r.call_id == c.id
                        && r.is_error
                        && r.content.starts_with(ARGUMENT_ERROR_PREFIX) =>
                {
                    Some(r.content.as_str())
                }
                _ => None,
            })?;
            Some(start(tool, key_at_fault(tool, c, error)))
        }
    })
}

/// ` {"tool": "<tool>", "arguments": {"<key>": ` (no key: up to the `{`), with the opening
/// quote when the key takes a string: a small model prefilled up to the colon writes a date or
/// a name bare (`"date": 2026-03-14"`), and the repaired value then keeps the stray quote.
fn start(tool: &ToolSpec, key: Option<String>) -> String {
    let key = key
        .map(|k| {
            let quote = if takes_string(tool, &k) { "\"" } else { "" };
            format!("{}: {quote}", Value::String(k))
        })
        .unwrap_or_default();
    format!(
        " {{\"tool\": {}, \"arguments\": {{{key}",
        Value::String(tool.name.clone())
    )
}

/// Whether argument `key` of `tool` is a string (or one of listed strings).
fn takes_string(tool: &ToolSpec, key: &str) -> bool {
    let shapes = argument_shapes(&tool.parameters);
    shapes
        .required
        .iter()
        .chain(&shapes.optional)
        .find(|(k, _)| k == key)
        .is_some_and(|(_, shape)| shape == "string" || shape.starts_with('"'))
}

fn required(tool: &ToolSpec) -> Vec<String> {
    argument_shapes(&tool.parameters)
        .required
        .into_iter()
        .map(|(k, _)| k)
        .collect()
}

/// The first required argument `call` left out; else the argument the error text names
/// (`at "from"`, `at "items[0].count"` names `items`); else the first required argument.
fn key_at_fault(tool: &ToolSpec, call: &ToolCall, error: &str) -> Option<String> {
    let required = required(tool);
    let sent = agents_core::json::repair(&call.arguments)
        .ok()
        .and_then(|r| r.value.as_object().cloned())
        .unwrap_or_default();
    if let Some(missing) = required.iter().find(|k| !sent.contains_key(*k)) {
        return Some(missing.clone());
    }
    let named = error
        .split_once("at \"")
        .and_then(|(_, rest)| rest.split(['"', '.', '[']).next())
        .filter(|k| {
            argument_shapes(&tool.parameters)
                .optional
                .iter()
                .any(|(o, _)| o == k)
                || required.iter().any(|r| r == k)
        });
    named
        .map(str::to_owned)
        .or_else(|| required.into_iter().next())
}
