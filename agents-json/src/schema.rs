//! Readers of JSON Schema keywords: the small questions every part of the runtime asks a tool's
//! schema (what a `$ref` points to, which arguments are required, a property's main type, what
//! an optional property stands for). One place for them, so that coercion, the prompts, the
//! echo check and the questions to the model read a schema the same way.
//!
//! They read; they never validate (the validator does) and never fail: a keyword that is absent
//! or malformed reads as not there.
//!
//! ```
//! use agents_json::schema::{concrete, main_type, required, resolve_ref};
//! use serde_json::json;
//!
//! let root = json!({
//!     "type": "object",
//!     "properties": {
//!         "unit": {"anyOf": [{"$ref": "#/$defs/Unit"}, {"type": "null"}]},
//!         "city": {"type": ["string", "null"]}
//!     },
//!     "required": ["city"],
//!     "$defs": {"Unit": {"type": "string", "enum": ["c", "f"]}}
//! });
//! assert_eq!(required(&root), ["city"]);
//! let unit = &root["properties"]["unit"];
//! assert_eq!(concrete(&root, unit)["enum"], json!(["c", "f"]));
//! assert_eq!(main_type(&root["properties"]["city"]), Some("string"));
//! assert_eq!(resolve_ref(&root, &json!({"$ref": "#/$defs/Unit"}))["type"], "string");
//! ```

use serde_json::{Map, Value};

/// What a local `$ref` (`#/$defs/Unit`, `#` for the root) points to in `root`; `None` for a
/// reference outside the document or to nothing.
pub fn ref_target<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let pointer = reference.strip_prefix('#')?;
    root.pointer(pointer)
}

/// The schema `v` stands for: the definition its local `$ref` points to in `root`, or `v`
/// itself (no `$ref`, or one that points nowhere).
pub fn resolve_ref<'a>(root: &'a Value, v: &'a Value) -> &'a Value {
    match v.get("$ref").and_then(Value::as_str) {
        Some(reference) => ref_target(root, reference).unwrap_or(v),
        None => v,
    }
}

/// The argument names an object schema lists as `required`, in its order.
pub fn required(schema: &Value) -> Vec<&str> {
    schema.as_object().map(required_in).unwrap_or_default()
}

/// [`required`] of a schema already taken as an object.
pub fn required_in(schema: &Map<String, Value>) -> Vec<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The types a schema declares: `["string"]` of `"type": "string"`, every name of a list
/// (`["string", "null"]`); empty when it declares none.
pub fn types(schema: &Map<String, Value>) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// A schema's main type: `string` of `"string"` and of `["string", "null"]`.
pub fn main_type(schema: &Value) -> Option<&str> {
    match schema.get("type")? {
        Value::String(t) => Some(t),
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).find(|t| *t != "null"),
        _ => None,
    }
}

/// The schema a property stands for: its `$ref` resolved, and of an optional one
/// (`anyOf`/`oneOf` of `T` and `null`, as schemars writes an `Option<T>`) the `T`.
pub fn concrete<'s>(root: &'s Value, property: &'s Value) -> &'s Value {
    let property = resolve_ref(root, property);
    let alternatives = property
        .get("anyOf")
        .or_else(|| property.get("oneOf"))
        .and_then(Value::as_array);
    match alternatives {
        Some(alts) => alts
            .iter()
            .map(|a| resolve_ref(root, a))
            .find(|a| a.get("type").and_then(Value::as_str) != Some("null"))
            .unwrap_or(property),
        None => property,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn references_outside_the_document_or_to_nothing_read_as_the_schema_itself() {
        let root = json!({"$defs": {"A": {"type": "integer"}}});
        let remote = json!({"$ref": "https://example.invalid/s.json"});
        let missing = json!({"$ref": "#/$defs/B"});
        assert_eq!(resolve_ref(&root, &remote), &remote);
        assert_eq!(resolve_ref(&root, &missing), &missing);
        assert_eq!(ref_target(&root, "#"), Some(&root));
        assert_eq!(ref_target(&root, "#/$defs/A"), Some(&root["$defs"]["A"]));
    }

    #[test]
    fn malformed_keywords_read_as_absent() {
        assert!(required(&json!({"required": "a"})).is_empty());
        assert_eq!(required(&json!({"required": ["a", 1, "b"]})), ["a", "b"]);
        assert_eq!(main_type(&json!({"type": 3})), None);
        assert_eq!(
            main_type(&json!({"type": ["null", "integer"]})),
            Some("integer")
        );
        let map = json!({"type": ["string", "null"]});
        assert_eq!(types(map.as_object().unwrap()), ["string", "null"]);
    }
}
