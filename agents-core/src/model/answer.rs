//! The schema a typed answer is held to ([`ModelRequest::answer`](super::ModelRequest)).
//!
//! When an agent's output is not text, each request carries its answer's schema, and the client
//! asks its provider for the final answer in the provider's own structured form (see
//! docs/output.md for what each does). The answer is still read through repair and coercion:
//! a provider that holds only part of the schema, or none of it, is caught there.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::constraint::schema::{bounded_integers, closed, strict};

/// The longest schema name OpenAI accepts.
const MAX_NAME: usize = 64;

/// A typed answer's JSON Schema, as a request carries it.
///
/// ```
/// use agents_core::model::AnswerFormat;
/// use serde_json::json;
/// let f = AnswerFormat::new("Invoice total", &json!({
///     "type": "object",
///     "properties": {"total": {"type": "number"}, "note": {"type": "string"}},
///     "required": ["total"]
/// }));
/// assert_eq!(f.name, "Invoice_total");
/// assert!(f.strict);
/// // Strict mode: every property required, the optional one nullable.
/// let s = f.strict_schema().unwrap();
/// assert_eq!(s["required"], json!(["note", "total"]));
/// assert_eq!(s["properties"]["note"]["type"], json!(["string", "null"]));
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnswerFormat {
    /// The schema's name (the output type's): letters, digits, `_` and `-`, at most 64
    /// characters (OpenAI's rule for `json_schema.name`).
    pub name: String,
    /// The answer's schema, closed: every object that lists its properties accepts no others
    /// ([`closed`]), and every sized integer bounded by its range ([`bounded_integers`]).
    pub schema: Value,
    /// Whether the schema can be sent under a strict mode (OpenAI's): an object at its root
    /// and no map type. A client sends a schema that cannot be strict without strict mode, and
    /// the runtime says so with a `Warning` event.
    pub strict: bool,
}

impl AnswerFormat {
    /// The format of an answer whose schema is `schema` (as schemars writes it), named `name`
    /// (made fit for a wire format: other characters become `_`, `answer` when empty).
    pub fn new(name: &str, schema: &Value) -> Self {
        let mut name: String = name
            .chars()
            .map(|c| match c {
                'a'..='z' | 'A'..='Z' | '0'..='9' | '_' | '-' => c,
                _ => '_',
            })
            .take(MAX_NAME)
            .collect();
        if name.is_empty() {
            name.push_str("answer");
        }
        let mut schema = closed(schema);
        bounded_integers(&mut schema);
        let object_root = schema.get("type").and_then(Value::as_str) == Some("object")
            && schema.get("anyOf").is_none()
            && schema.get("oneOf").is_none();
        let strict = object_root && strict(&schema).is_some();
        AnswerFormat {
            name,
            schema,
            strict,
        }
    }

    /// The schema rewritten for strict mode ([`strict`]); `None` when it cannot be strict.
    pub fn strict_schema(&self) -> Option<Value> {
        if !self.strict {
            return None;
        }
        strict(&self.schema)
    }
}
