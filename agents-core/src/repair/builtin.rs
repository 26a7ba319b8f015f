//! The built-in deterministic steps, as the pipeline and the output reader use them.

use serde_json::Value;

/// Lenient JSON repair of tool arguments (which are objects, so an object later in the text is
/// preferred to an earlier array or scalar): the value and one line per fix, or `None` if nothing
/// is recoverable.
pub(crate) fn repair_text(raw: &str) -> Option<(Value, Vec<String>)> {
    let options = crate::json::RepairOptions {
        expect_object: true,
        ..Default::default()
    };
    crate::json::repair_with(raw, &options)
        .ok()
        .map(|r| (r.value, lines(&r.fixes)))
}

/// Schema-guided coercion: the value and one line per coercion, or the refusal (which names the
/// field path and the rule).
pub(crate) fn coerce_value(value: Value, schema: &Value) -> Result<(Value, Vec<String>), String> {
    crate::json::coerce(value, schema)
        .map(|c| (c.value, lines(&c.fixes)))
        .map_err(|e| e.to_string())
}

fn lines<T: ToString>(items: &[T]) -> Vec<String> {
    items.iter().map(ToString::to_string).collect()
}
