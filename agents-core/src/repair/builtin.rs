//! The built-in deterministic steps, as the pipeline and the output reader use them.

use serde_json::Value;

/// Lenient JSON repair: the value and one line per fix, or `None` if nothing is recoverable.
pub(crate) fn repair_text(raw: &str) -> Option<(Value, Vec<String>)> {
    crate::json::repair(raw)
        .ok()
        .map(|r| (r.value, r.fixes.iter().map(ToString::to_string).collect()))
}

/// Schema-guided coercion: the value and one line per coercion, or the refusal.
pub(crate) fn coerce_value(value: Value, schema: &Value) -> Result<(Value, Vec<String>), String> {
    // TEMPORARY until json::coerce lands.
    let _ = schema;
    Ok((value, Vec::new()))
}
