//! Schema violations: what the validator found wrong with a call's arguments, one entry per
//! field, and the short model-facing text that lists them all (kept in its own function so the
//! model-facing wording of other errors can change without touching it).

use std::fmt;

use super::DeserializationError;
use crate::model::compact_schema;

/// One way a call's arguments break the tool's JSON Schema, as the runtime's validator found
/// it (see [`DeserializationError::violations`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaViolation {
    /// Path to the field, in the form of [`DeserializationError::field_path`]: `.` for the
    /// root, `unit`, `items[0].count`. For a missing or an undeclared argument, the path of
    /// that argument.
    pub field_path: String,
    /// The schema keyword that failed (`enum`, `minimum`, `additionalProperties`, `required`,
    /// `type`, `pattern`, `format`, ...): for handlers and operators, never shown to the model.
    pub keyword: String,
    /// What is wrong, short and model-safe ("must be at least 1", "unknown argument").
    pub message: String,
}

impl fmt::Display for SchemaViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "at {}: {} ({})",
            self.field_path, self.message, self.keyword
        )
    }
}

/// The argument a field path is in: `items` of `items[0].count`, `from` of `from`.
pub(crate) fn argument_of(path: &str) -> &str {
    path.split(['.', '[']).next().unwrap_or_default()
}

/// The model-facing reason for a validation failure: every violation with its field path, then
/// the schema, in the frame of the other argument errors (`ERROR: the arguments for tool '…'`
/// is added by [`ToolError::model_text`](crate::ToolError::model_text)).
pub(crate) fn model_reason(e: &DeserializationError) -> String {
    let listed: Vec<String> = e
        .violations
        .iter()
        .map(|v| format!("`{}` {}", v.field_path, v.message))
        .collect();
    // Undeclared keys of an open schema break nothing, so the validator does not name them;
    // they are often a misspelt argument, so the model hears of them all the same.
    let reported = e.violations.iter().any(|v| {
        matches!(
            v.keyword.as_str(),
            "additionalProperties" | "unevaluatedProperties"
        )
    });
    let unknown = if reported {
        String::new()
    } else {
        super::tool_error::unknown_arguments(&e.value, &e.schema)
    };
    let all = if listed.len() > 1 {
        " Fix all of them in one call."
    } else {
        ""
    };
    format!(
        "do not match its schema: {}.{unknown}{all} Expected schema: {}",
        listed.join("; "),
        compact_schema(&e.schema)
    )
}

/// The operator-facing rendering: every violation with its path and keyword.
pub(crate) fn operator_text(e: &DeserializationError) -> String {
    let listed: Vec<String> = e.violations.iter().map(ToString::to_string).collect();
    format!(
        "arguments for tool '{}' break its JSON Schema: {}",
        e.tool,
        listed.join("; ")
    )
}
