//! The built-in deterministic steps: lenient JSON repair (`invalid_args`) and schema-guided
//! coercion (`deserialization_error`), at zero model calls.

use crate::error::ToolError;
use crate::repair::pipeline::{Cursor, Run, StepResult};

/// Repairs the raw text leniently; passes when nothing can be recovered.
pub(crate) fn json_repair(
    run: &mut Run<'_, '_>,
    error: &ToolError,
    cursor: &mut Cursor,
) -> StepResult {
    match crate::repair::builtin::repair_text(&run.raw) {
        Some((value, fixes)) => {
            cursor.advance();
            run.emit_repaired(error.kind(), "json_repair", fixes);
            run.raw = value.to_string();
            StepResult::Again
        }
        None => StepResult::Pass,
    }
}

/// Bends the parsed value towards the schema; passes when nothing changed.
pub(crate) fn coerce(run: &mut Run<'_, '_>, error: &ToolError, cursor: &mut Cursor) -> StepResult {
    let ToolError::Deserialization(e) = error else {
        return StepResult::Pass;
    };
    match crate::repair::builtin::coerce_value(e.value.clone(), run.schema()) {
        Ok((value, fixes)) if !fixes.is_empty() => {
            cursor.advance();
            run.emit_repaired(error.kind(), "coerce", fixes);
            run.raw = value.to_string();
            StepResult::Again
        }
        _ => StepResult::Pass,
    }
}
