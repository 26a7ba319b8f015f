//! Reading the model's final answer into the agent's output type.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::tool::schema_for;

/// A type an agent can return: anything `DeserializeOwned + JsonSchema`.
///
/// A `String` output takes the answer text as it is. Any other type is read from the answer as
/// JSON through the same deterministic repair (lenient JSON, then schema-guided coercion) as tool
/// arguments; an answer that still does not fit is sent back to the model with the error.
pub trait Output: DeserializeOwned + schemars::JsonSchema + Send + 'static {}

impl<T: DeserializeOwned + schemars::JsonSchema + Send + 'static> Output for T {}

pub(crate) fn is_text<T: schemars::JsonSchema>() -> bool {
    schema_for::<T>().get("type").and_then(Value::as_str) == Some("string")
}

/// Reads `text` into `T`: the text itself for string outputs, else repaired and coerced JSON.
pub(crate) fn read_output<T: Output>(text: &str, is_text: bool) -> Result<T, String> {
    if is_text {
        return serde_json::from_value(Value::String(text.to_owned())).map_err(|e| e.to_string());
    }
    let repaired = crate::json::repair(text).map_err(|e| e.to_string())?;
    let value = crate::json::coerce(repaired.value, &schema_for::<T>())
        .map_err(|e| e.to_string())?
        .value;
    // The same read as tool arguments, depth check included.
    crate::tool::deserialize_args(value).map_err(|e| match e {
        crate::tool::ToolCallError::InvalidInput {
            field_path,
            message,
            ..
        } => format!("at `{field_path}`: {message}"),
        other => format!("{other:?}"),
    })
}
