//! Reading a tool's argument schema ([`ToolSpec::parameters`](super::ToolSpec)): the one-line
//! form the model is shown, the argument names it declares, the noise schemars adds. The
//! keyword readers and the walk over subschemas are `agents_json::schema`'s.

use serde_json::Value;

/// Removes what schemars adds that tells the model nothing (`$schema`, `title`).
pub(crate) fn strip_noise(schema: &mut Value) {
    if let Value::Object(m) = schema {
        m.remove("$schema");
        m.remove("title");
    }
}

/// A schema as one line for the model, with the noise schemars adds removed.
pub(crate) fn compact_schema(schema: &Value) -> String {
    let mut s = schema.clone();
    strip_noise(&mut s);
    declared_order_text(&s)
}

/// The argument names an object schema declares, in their declared order ([`property_order`]).
pub(crate) fn argument_names(schema: &Value) -> Option<Vec<&str>> {
    schema.get("properties")?.as_object()?;
    Some(property_order(schema).into_iter().map(|(k, _)| k).collect())
}

/// A value's type as a model is shown it, from its schema: `string`, `number`, `list of string`,
/// `"celsius" or "fahrenheit"`, with `$ref`s resolved against `root` (the tool's whole schema).
/// Nothing in it is a JSON-Schema keyword a model could copy into its arguments.
///
/// ```
/// use agents_core::model::value_shape;
/// use serde_json::json;
/// let root = json!({"$defs": {"Unit": {"enum": ["celsius", "fahrenheit"]}}});
/// assert_eq!(value_shape(&root, &json!({"$ref": "#/$defs/Unit"})), r#""celsius" or "fahrenheit""#);
/// assert_eq!(value_shape(&root, &json!({"type": "array", "items": {"type": "number"}})), "list of number");
/// ```
pub fn value_shape(root: &Value, v: &Value) -> String {
    shape_at(root, v, 0)
}

// The schema keyword readers and the one walk over a schema's subschemas live with the JSON
// crate (`agents_json::schema`), one place for coercion, the prompts, the constraint rewrites,
// the echo check and the questions; named here as before.
pub use agents_json::schema::resolve_ref;
pub(crate) use agents_json::schema::{
    concrete, each_subschema_mut, is_free_number, is_free_string, main_type,
    required as required_arguments, schema_choices, schema_examples,
};
pub use agents_json::schema::{declared_order_text, property_order};

/// An `enum` of more choices than this reads as its type (`string`): a list of hundreds would
/// fill a small model's prompt, and a constraint enforces it anyway.
pub(crate) const MAX_LISTED_CHOICES: usize = 12;

fn shape_at(root: &Value, v: &Value, depth: usize) -> String {
    let v = resolve_ref(root, v);
    if depth > 3 {
        return "any".into();
    }
    if let Some(e) = v.get("enum").and_then(Value::as_array)
        && e.len() <= MAX_LISTED_CHOICES
    {
        return e
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(" or ");
    }
    if let Some(c) = v.get("const") {
        return c.to_string();
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(alts) = v.get(key).and_then(Value::as_array) {
            let parts: Vec<String> = alts
                .iter()
                .filter(|a| a.get("type").and_then(Value::as_str) != Some("null"))
                .map(|a| shape_at(root, a, depth + 1))
                .collect();
            return parts.join(" or ");
        }
    }
    match v.get("type") {
        Some(Value::String(t)) => match t.as_str() {
            "array" => match v.get("items") {
                Some(i) => format!("list of {}", shape_at(root, i, depth + 1)),
                None => "list".into(),
            },
            other => other.to_owned(),
        },
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .filter(|t| *t != "null")
            .collect::<Vec<_>>()
            .join(" or "),
        _ => "any".into(),
    }
}

/// An object schema's arguments, each as `(name, value_shape)`, in their declared order
/// ([`property_order`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArgumentShapes {
    /// The required arguments (all of them when the schema lists none as required).
    pub required: Vec<(String, String)>,
    /// The others.
    pub optional: Vec<(String, String)>,
}

/// The arguments of an object schema with their [`value_shape`]s.
pub fn argument_shapes(schema: &Value) -> ArgumentShapes {
    let required = required_arguments(schema);
    let mut out = ArgumentShapes::default();
    for (k, v) in property_order(schema) {
        let entry = (k.to_owned(), value_shape(schema, v));
        if required.is_empty() || required.contains(&k) {
            out.required.push(entry);
        } else {
            out.optional.push(entry);
        }
    }
    out
}

/// A call of `tool` as a model should write it, types in place of values:
/// `add: {"a": number, "b": number}`, optional arguments after it
/// (` (optional: "note": string)`). Short, and with no JSON-Schema keyword in it: the error
/// feedback for a model that writes its calls as text
/// ([`FeedbackStyle::Short`](crate::error::FeedbackStyle)).
///
/// ```
/// use agents_core::model::call_shape;
/// use serde_json::json;
/// let schema = json!({"type": "object", "additionalProperties": false, "required": ["city"],
///     "properties": {"city": {"type": "string"}, "days": {"type": "integer", "minimum": 1}}});
/// assert_eq!(call_shape("forecast", &schema), r#"forecast: {"city": string} (optional: "days": integer)"#);
/// ```
pub fn call_shape(tool: &str, schema: &Value) -> String {
    let ArgumentShapes { required, optional } = argument_shapes(schema);
    let fields = |list: &[(String, String)]| {
        list.iter()
            .map(|(k, t)| format!("{}: {t}", Value::String(k.clone())))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = format!("{tool}: {{{}}}", fields(&required));
    if !optional.is_empty() {
        out.push_str(&format!(" (optional: {})", fields(&optional)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_short_enum_is_listed_and_a_long_one_reads_as_its_type() {
        let short = json!({"type": "string", "enum": ["celsius", "fahrenheit"]});
        assert_eq!(value_shape(&short, &short), r#""celsius" or "fahrenheit""#);
        let spans: Vec<String> = (0..40).map(|i| format!("word {i}")).collect();
        let long = json!({"type": "string", "enum": spans});
        assert_eq!(value_shape(&long, &long), "string");
    }
}
