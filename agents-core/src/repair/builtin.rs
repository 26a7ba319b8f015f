//! The built-in deterministic steps, as the pipeline and the output reader use them.

use serde_json::Value;

use crate::event::ArgumentChange;

/// Lenient JSON repair of tool arguments (which are objects, so an object later in the text is
/// preferred to an earlier array or scalar): the value and what was changed, or `None` if nothing
/// is recoverable. `NaN` and `Infinity` stay text, so that the model is told the field's number
/// is not finite rather than that it sent `null`.
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

/// Schema-guided coercion: the value and what was changed, or the refusal (which names the field
/// path and the rule).
pub(crate) fn coerce_value(
    value: Value,
    schema: &Value,
) -> Result<(Value, Vec<ArgumentChange>), String> {
    crate::json::coerce(value, schema)
        .map(coerced_changes)
        .map_err(|e| e.to_string())
}

/// Schema-guided coercion of tool arguments, lenient: every member that can be coerced is,
/// the others stay as they were for the validator (or serde) to name. The value and what was
/// changed.
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
    coerced_changes(crate::json::coerce_lenient(value, schema, &options))
}

fn coerced_changes(c: crate::json::Coerced) -> (Value, Vec<ArgumentChange>) {
    let changes = c.fixes.into_iter().map(ArgumentChange::Coerced).collect();
    (c.value, changes)
}
