//! How error feedback is worded for a model: in full (what was wrong and the expected JSON
//! Schema), or short and shaped like the call to write, for small models that write their calls
//! as text.
//!
//! A small model copies what it reads. Shown a schema dump, it writes `"additionalProperties":
//! true` into its arguments; shown every tool again after an error, it calls the decoys among
//! them. So the short text says what was wrong in a few words, then shows the one call to write
//! with types in place of values (`add: {"a": number, "b": number}`), and names no other tool.

use serde_json::Value;

use super::{ToolError, argument_of};
use crate::model::{ArgumentShapes, argument_shapes, call_shape};

pub use crate::model::FeedbackStyle;

/// How every argument error's text starts, in both styles: `ERROR: the arguments for tool 'add'`.
/// A prompted client recognises an argument error by it (to prefill the call's start).
pub const ARGUMENT_ERROR_PREFIX: &str = "ERROR: the arguments for tool '";

impl ToolError {
    /// The text a model reads about this error, in `style`. [`FeedbackStyle::Full`] is
    /// [`model_text`](Self::model_text). [`FeedbackStyle::Short`] words argument errors as what
    /// was wrong and the call to write; a tool's failure and an escalation read the same in
    /// both styles (their text is the tool's or the escalating party's own).
    pub fn model_text_in(&self, style: FeedbackStyle) -> String {
        if style == FeedbackStyle::Full {
            return self.model_text();
        }
        let (tool, what, write) = match self {
            ToolError::InvalidArgs(e) if e.parse_error.depth_limit.is_some() => (
                &e.tool,
                "nest too deep".to_owned(),
                call_shape(&e.tool, &e.schema),
            ),
            ToolError::InvalidArgs(e) => (
                &e.tool,
                format!("are not valid JSON ({})", e.parse_error.message),
                call_shape(&e.tool, &e.schema),
            ),
            ToolError::Deserialization(e) => match e.value.as_object() {
                None => (
                    &e.tool,
                    "must be one JSON object".to_owned(),
                    call_shape(&e.tool, &e.schema),
                ),
                Some(sent) => {
                    let at = if e.field_path == "." {
                        String::new()
                    } else {
                        format!(" at \"{}\"", e.field_path)
                    };
                    let mut faults = vec![argument_of(&e.field_path)];
                    faults.extend(e.violations.iter().map(|v| argument_of(&v.field_path)));
                    (
                        &e.tool,
                        format!("are wrong{at}: {}", short_message(&e.message)),
                        call_filled(&e.tool, &e.schema, sent, &faults),
                    )
                }
            },
            _ => return self.model_text(),
        };
        format!("{ARGUMENT_ERROR_PREFIX}{tool}' {what}. Write: {write}")
    }
}

/// The call to write after an argument error, from the model's own call: each argument it sent
/// that the tool declares, with its own value, except the ones at `faults` (every argument a
/// violation names); a type in place of the value for those and for each required argument it
/// left out; the arguments the tool does not declare dropped. A small model copies the line it
/// is shown, so the line keeps what it got right and marks only what it must change.
fn call_filled(
    tool: &str,
    schema: &Value,
    sent: &serde_json::Map<String, Value>,
    faults: &[&str],
) -> String {
    let ArgumentShapes { required, optional } = argument_shapes(schema);
    let field = |(k, shape): &(String, String)| -> Option<String> {
        let value = sent
            .get(k)
            .filter(|v| !faults.contains(&k.as_str()) && !v.is_null())
            .map(Value::to_string);
        Some(format!(
            "{}: {}",
            Value::String(k.clone()),
            value.unwrap_or_else(|| shape.clone())
        ))
    };
    let mut fields: Vec<String> = required.iter().filter_map(field).collect();
    fields.extend(
        optional
            .iter()
            .filter(|(k, _)| sent.contains_key(k))
            .filter_map(field),
    );
    let rest: Vec<String> = optional
        .iter()
        .filter(|(k, _)| !sent.contains_key(k))
        .map(|(k, t)| format!("{}: {t}", Value::String(k.clone())))
        .collect();
    let mut out = format!("{tool}: {{{}}}", fields.join(", "));
    if !rest.is_empty() {
        out.push_str(&format!(" (optional: {})", rest.join(", ")));
    }
    out
}

/// The feedback for a call to a tool that does not exist, in the short style: the closest
/// tool's call to write when one is clearly meant, else a pointer to the list the model was
/// given. It never lists the tools again: a small model reads a list as a menu and calls a
/// decoy from it, and the runtime cannot know which tool fits the user's request.
pub fn unknown_tool_short(called: &str, suggestion: Option<(&str, &Value)>) -> String {
    match suggestion {
        Some((name, schema)) => format!(
            "ERROR: there is no tool '{called}'. Did you mean {}",
            call_shape(name, schema)
        ),
        None => format!(
            "ERROR: there is no tool '{called}'. Call one of the tools listed above, or answer."
        ),
    }
}

/// serde's message without the Rust type names a model cannot act on (`expected f64` reads as
/// `expected a number`).
fn short_message(message: &str) -> String {
    let mut m = message.to_owned();
    for (rust, said) in [
        ("expected f64", "expected a number"),
        ("expected f32", "expected a number"),
        ("expected u64", "expected a whole number"),
        ("expected u32", "expected a whole number"),
        ("expected u16", "expected a whole number"),
        ("expected u8", "expected a whole number"),
        ("expected i64", "expected a whole number"),
        ("expected i32", "expected a whole number"),
        ("expected usize", "expected a whole number"),
        ("expected a sequence", "expected a list"),
    ] {
        m = m.replace(rust, said);
    }
    m
}
