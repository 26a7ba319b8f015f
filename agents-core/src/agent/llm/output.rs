//! Reading the model's final answer into the agent's output type.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{DeserializationError, InvalidArgs, ToolError};
use crate::model::FINAL_ANSWER_TOOL;
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
/// The error is the tool errors' own, about the pseudo-tool
/// [`FINAL_ANSWER_TOOL`](crate::model::FINAL_ANSWER_TOOL): not JSON (`InvalidArgs`), or JSON
/// that does not fit `T` (`Deserialization`), which the `answer_error` chain receives.
/// (Boxed: a tool error is large, and most answers read.)
pub(crate) fn read_output<T: Output>(text: &str, is_text: bool) -> Result<T, Box<ToolError>> {
    let schema = || schema_for::<T>();
    let misfit = |value: Value, field_path: String, message: String| {
        Box::new(ToolError::Deserialization(DeserializationError {
            tool: FINAL_ANSWER_TOOL.to_owned(),
            value,
            target_type: std::any::type_name::<T>().to_owned(),
            field_path,
            message,
            schema: schema(),
            violations: Vec::new(),
        }))
    };
    if is_text {
        let value = Value::String(text.to_owned());
        return serde_json::from_value(value.clone())
            .map_err(|e| misfit(value, String::new(), e.to_string()));
    }
    let repaired = crate::json::repair(text).map_err(|e| {
        // The repair's reason, kept as the message (it says more than a strict parse would).
        let depth_limit = match &e {
            agents_json::RepairError::DepthLimit { limit, .. } => Some(*limit),
            _ => None,
        };
        Box::new(ToolError::InvalidArgs(InvalidArgs {
            tool: FINAL_ANSWER_TOOL.to_owned(),
            raw: text.to_owned(),
            parse_error: crate::error::ParseError {
                message: e.to_string(),
                position: None,
                depth_limit,
            },
            schema: schema(),
        }))
    })?;
    let value = crate::json::coerce(repaired.value.clone(), &schema())
        .map_err(|e| misfit(repaired.value, String::new(), e.to_string()))?
        .value;
    // The same read as tool arguments, depth check included.
    crate::tool::deserialize_args(value.clone()).map_err(|e| match e {
        crate::tool::ToolCallError::InvalidInput {
            field_path,
            message,
            ..
        } => misfit(value, field_path, message),
        other => misfit(value, String::new(), format!("{other:?}")),
    })
}

/// What was wrong with an answer, as the model and the operator read it.
pub(crate) fn answer_problem(error: &ToolError) -> String {
    match error {
        ToolError::InvalidArgs(e) => e.parse_error.to_string(),
        ToolError::Deserialization(e) if e.field_path.is_empty() => e.message.clone(),
        ToolError::Deserialization(e) => format!("at `{}`: {}", e.field_path, e.message),
        other => other.model_reason(),
    }
}
