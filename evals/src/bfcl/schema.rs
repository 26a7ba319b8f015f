//! BFCL's function specs as JSON Schema.
//!
//! BFCL writes parameters in a JSON-Schema-like dialect with Python's type names: `dict` for an
//! object, `float` for a number, `tuple` for an array, `any` for a value of any type, and an
//! `optional` flag beside `required`. The conversion maps those names, drops `optional` (a
//! parameter is optional when `required` does not name it, as in JSON Schema) and keeps every
//! other keyword (`description`, `enum`, `default`, `format`, `maximum`, …) as it is.

use serde_json::{Map, Value};

/// The JSON Schema of a function's parameters written in BFCL's dialect.
///
/// The top-level object is closed (`additionalProperties: false`): a BFCL function is a Python
/// function with a fixed parameter list, which refuses a keyword it does not declare (and
/// BFCL's checker counts one as wrong). A nested `dict` stays open, as the spec leaves it.
///
/// ```
/// use serde_json::json;
/// let schema = agents_evals::bfcl::schema::parameters(&json!({
///     "type": "dict",
///     "properties": {"x": {"type": "float"}, "point": {"type": "tuple", "items": {"type": "float"}}},
///     "required": ["x"]
/// }));
/// assert_eq!(schema["type"], "object");
/// assert_eq!(schema["properties"]["x"]["type"], "number");
/// assert_eq!(schema["properties"]["point"]["items"]["type"], "number");
/// assert_eq!(schema["additionalProperties"], false);
/// ```
pub fn parameters(spec: &Value) -> Value {
    let mut schema = convert(spec);
    if let Value::Object(o) = &mut schema {
        o.entry("type").or_insert_with(|| "object".into());
        o.entry("properties")
            .or_insert_with(|| Value::Object(Map::new()));
        o.insert("additionalProperties".into(), false.into());
    }
    schema
}

/// One schema of the dialect (and every schema inside it) as JSON Schema.
fn convert(spec: &Value) -> Value {
    let Value::Object(spec) = spec else {
        return spec.clone();
    };
    let mut out = Map::new();
    for (key, value) in spec {
        match key.as_str() {
            "type" => {
                if let Some(t) = json_type(value) {
                    out.insert("type".into(), t);
                }
            }
            "optional" => {}
            "properties" => {
                let properties = match value {
                    Value::Object(p) => p.iter().map(|(k, v)| (k.clone(), convert(v))).collect(),
                    _ => Map::new(),
                };
                out.insert(key.clone(), Value::Object(properties));
            }
            "items" => {
                out.insert(key.clone(), convert(value));
            }
            _ => {
                out.insert(key.clone(), value.clone());
            }
        }
    }
    move_list_choices_to_items(&mut out);
    Value::Object(out)
}

/// A list whose `enum` names single values (`"metrics": {"type": "array", "enum": ["trust",
/// "view"]}`) means its items are those values: in JSON Schema an `enum` on the array itself
/// would accept only an array equal to one of them, so no list at all.
fn move_list_choices_to_items(schema: &mut Map<String, Value>) {
    let is_list = schema.get("type").and_then(Value::as_str) == Some("array");
    let scalar_choices = match schema.get("enum") {
        Some(Value::Array(choices)) => choices.iter().all(|c| !c.is_array() && !c.is_object()),
        _ => false,
    };
    if !is_list || !scalar_choices {
        return;
    }
    let Some(choices) = schema.remove("enum") else {
        return;
    };
    let items = schema
        .entry("items")
        .or_insert_with(|| Value::Object(Map::new()));
    if let Value::Object(items) = items {
        items.entry("enum").or_insert(choices);
    }
}

/// The JSON Schema type of one of BFCL's type names; `None` for `any` (no type constraint).
fn json_type(name: &Value) -> Option<Value> {
    let mapped = match name.as_str()? {
        "dict" => "object",
        "float" => "number",
        "tuple" => "array",
        "any" => return None,
        other => other,
    };
    Some(mapped.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_lists_choices_are_its_items_choices() {
        let schema = parameters(&json!({"type": "dict", "properties": {
            "metrics": {"type": "array", "items": {"type": "string"}, "enum": ["trust", "view"]},
            "pair": {"type": "array", "enum": [[1, 2], [3, 4]]}}}));
        let metrics = &schema["properties"]["metrics"];
        assert_eq!(metrics.get("enum"), None);
        assert_eq!(
            metrics["items"],
            json!({"type": "string", "enum": ["trust", "view"]})
        );
        // Choices that are lists themselves are whole values of the list: left as they are.
        assert_eq!(
            schema["properties"]["pair"]["enum"],
            json!([[1, 2], [3, 4]])
        );
    }

    #[test]
    fn python_type_names_become_json_schema_types() {
        let spec = json!({
            "type": "dict",
            "properties": {
                "count": {"type": "integer", "description": "How many."},
                "ratio": {"type": "float"},
                "name": {"type": "string", "enum": ["a", "b"], "default": "a"},
                "flag": {"type": "boolean", "optional": true, "default": true},
                "pair": {"type": "tuple", "items": {"type": "float"}},
                "rows": {"type": "array", "items": {"type": "dict", "properties": {"k": {"type": "float"}}}},
                "data": {"type": "any", "description": "Anything."},
                "when": {"type": "string", "format": "date"},
                "fee": {"type": "integer", "maximum": 400}
            },
            "required": ["count", "ratio"]
        });
        assert_eq!(
            parameters(&spec),
            json!({
                "type": "object",
                "properties": {
                    "count": {"type": "integer", "description": "How many."},
                    "ratio": {"type": "number"},
                    "name": {"type": "string", "enum": ["a", "b"], "default": "a"},
                    "flag": {"type": "boolean", "default": true},
                    "pair": {"type": "array", "items": {"type": "number"}},
                    "rows": {"type": "array", "items": {"type": "object", "properties": {"k": {"type": "number"}}}},
                    "data": {"description": "Anything."},
                    "when": {"type": "string", "format": "date"},
                    "fee": {"type": "integer", "maximum": 400}
                },
                "required": ["count", "ratio"],
                "additionalProperties": false
            })
        );
    }

    #[test]
    fn a_function_without_parameters_takes_an_empty_closed_object() {
        assert_eq!(
            parameters(&json!({"type": "dict", "properties": {}})),
            json!({"type": "object", "properties": {}, "additionalProperties": false})
        );
        assert_eq!(
            parameters(&json!({})),
            json!({"type": "object", "properties": {}, "additionalProperties": false})
        );
    }

    #[test]
    fn a_converted_schema_compiles_and_checks_what_the_spec_says() {
        let schema = parameters(&json!({
            "type": "dict",
            "properties": {
                "x": {"type": "float"},
                "coords": {"type": "tuple", "items": {"type": "float"}},
                "opts": {"type": "dict", "properties": {"deep": {"type": "boolean"}}}
            },
            "required": ["x"]
        }));
        let v = jsonschema::options()
            .offline()
            .build(&schema)
            .expect("compiles");
        assert!(
            v.is_valid(&json!({"x": 1.5, "coords": [1, 2.5], "opts": {"deep": true, "more": 1}}))
        );
        assert!(
            v.is_valid(&json!({"x": 2})),
            "an integer is a float's value"
        );
        assert!(!v.is_valid(&json!({})), "x is required");
        assert!(!v.is_valid(&json!({"x": "1.5"})));
        assert!(
            !v.is_valid(&json!({"x": 1, "y": 2})),
            "no undeclared parameter"
        );
    }
}
