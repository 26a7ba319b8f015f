//! `coerce`, the built-in step of `deserialization_error` at zero model calls: the parsed value
//! bent towards the tool's schema wherever that loses nothing.

use serde_json::Value;

use crate::error::ToolError;
use crate::event::ArgumentChange;
use crate::repair::call::{CallRepair, Cursor, StepResult};

/// Bends the parsed value towards the schema wherever that loses nothing, keeping what it
/// cannot bend (the validator, or serde, then names it with the rest); passes when nothing
/// changed. It runs on what the validator (or serde) refused, before either decides again.
pub(crate) fn handle(
    run: &mut CallRepair<'_, '_>,
    error: &ToolError,
    cursor: &mut Cursor,
) -> StepResult {
    let ToolError::Deserialization(e) = error else {
        return StepResult::Pass;
    };
    let (value, fixes) = coerce_arguments(e.value.clone(), run.schema(), &run.setup.recovery);
    if fixes.is_empty() {
        return StepResult::Pass;
    }
    cursor.advance();
    run.emit_repaired(error.kind(), "coerce", fixes);
    run.raw = value.to_string();
    StepResult::Again
}

/// Schema-guided coercion of tool arguments, lenient: every member that can be coerced is,
/// the others stay as they were for the validator (or serde) to name. The value and what was
/// changed (also how `ask_values` reads its answers into the call). Number words and natural
/// dates are read where the agent's recovery profile says so.
pub(crate) fn coerce_arguments(
    value: Value,
    schema: &Value,
    recovery: &crate::model::Recovery,
) -> (Value, Vec<ArgumentChange>) {
    let options = crate::json::CoerceOptions {
        number_words: recovery.number_words,
        natural_dates: recovery.natural_dates,
        ..Default::default()
    };
    let c = crate::json::coerce_lenient(value, schema, &options);
    let changes = c.fixes.into_iter().map(ArgumentChange::Coerced).collect();
    (c.value, changes)
}
