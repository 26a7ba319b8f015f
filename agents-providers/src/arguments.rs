//! Tool-call arguments on the wire of APIs that carry them as a JSON object (Gemini's `args`,
//! Ollama's `arguments`): read as the raw text the provider sent, and sent back as an object.

use serde::{Deserialize, Deserializer};
use serde_json::Value;
use serde_json::value::RawValue;

/// Reads a call's arguments as the exact JSON text the provider sent: an object (or any value)
/// as written, a string as its content, `null` as `{}`. The value is skipped over, not parsed
/// into a tree, so arguments nested deeper than serde_json's recursion limit still reach the
/// runtime as a call (whose repair chain judges them) instead of failing the whole response.
pub(crate) fn raw_arguments<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let Some(raw) = Option::<Box<RawValue>>::deserialize(d)? else {
        return Ok(no_arguments());
    };
    let text = raw.get();
    if text.starts_with('"') {
        return serde_json::from_str::<String>(text).map_err(serde::de::Error::custom);
    }
    Ok(text.to_owned())
}

/// The arguments of a call that carries none: `{}` (serde's `default` for a field read with
/// [`raw_arguments`]).
pub(crate) fn no_arguments() -> String {
    "{}".to_owned()
}

/// The object sent back for a call the runtime kept as raw text: the text itself when it is a
/// JSON object; otherwise (these APIs take only an object) the text under `_raw_arguments`, so
/// the conversation still shows what the model wrote.
pub(crate) fn arguments_object(raw: &str) -> Value {
    match serde_json::from_str::<Value>(raw) {
        Ok(v @ Value::Object(_)) => v,
        _ => serde_json::json!({"_raw_arguments": raw}),
    }
}
