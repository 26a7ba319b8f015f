//! `json_repair`, the built-in step of `invalid_args` at zero model calls: the raw text repaired
//! leniently.

use serde_json::Value;

use crate::error::ToolError;
use crate::event::ArgumentChange;
use crate::repair::call::{CallRepair, Cursor, StepResult};

/// Repairs the raw text leniently; passes when nothing can be recovered.
pub(crate) fn handle(
    run: &mut CallRepair<'_, '_>,
    error: &ToolError,
    cursor: &mut Cursor,
) -> StepResult {
    match repair_text(&run.raw) {
        Some((value, fixes)) => {
            cursor.advance();
            run.emit_repaired(error.kind(), "json_repair", fixes);
            run.raw = value.to_string();
            StepResult::Again
        }
        None => StepResult::Pass,
    }
}

/// Lenient JSON repair of tool arguments (which are objects, so an object later in the text is
/// preferred to an earlier array or scalar): the value and what was changed, or `None` if nothing
/// is recoverable (also how `fix_with` reads its fixer's answer).
pub(crate) fn repair_text(raw: &str) -> Option<(Value, Vec<ArgumentChange>)> {
    let options = crate::json::RepairOptions {
        expect_object: true,
        non_finite: crate::json::NonFinite::Text,
        ..Default::default()
    };
    crate::json::repair_with(raw, &options).ok().map(|r| {
        let changes = r.fixes.into_iter().map(ArgumentChange::Json).collect();
        (r.value, changes)
    })
}
