//! Reading a tool's argument schema ([`ToolSpec::parameters`](super::ToolSpec)): the one-line
//! form the model is shown, the argument names it declares, and the noise schemars adds.

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
    serde_json::to_string(&s).unwrap_or_default()
}

/// The argument names an object schema declares, in schema order.
pub(crate) fn argument_names(schema: &Value) -> Option<Vec<&str>> {
    let props = schema.get("properties")?.as_object()?;
    Some(props.keys().map(String::as_str).collect())
}
