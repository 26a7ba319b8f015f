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

/// Bends the parsed value towards the schema wherever that loses nothing, keeping what it
/// cannot bend (the validator, or serde, then names it with the rest); passes when nothing
/// changed. It runs on what the validator (or serde) refused, before either decides again.
pub(crate) fn coerce(run: &mut Run<'_, '_>, error: &ToolError, cursor: &mut Cursor) -> StepResult {
    let ToolError::Deserialization(e) = error else {
        return StepResult::Pass;
    };
    let (value, fixes) = crate::repair::builtin::coerce_arguments(
        e.value.clone(),
        run.schema(),
        &run.setup.recovery,
    );
    if fixes.is_empty() {
        return StepResult::Pass;
    }
    cursor.advance();
    run.emit_repaired(error.kind(), "coerce", fixes);
    run.raw = value.to_string();
    StepResult::Again
}
