//! Reading arguments into typed parameters and writing typed results back to JSON.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_path_to_error::{Path, Segment};

use super::ToolCallError;
use crate::error::{ExecutionFailure, IntoExecutionFailure};

/// Reads `args` into `T`, reporting the path of the first field that does not fit.
///
/// ```
/// #[derive(serde::Deserialize, Debug)]
/// struct Args { city: String, days: u8 }
/// let err = agents_core::tool::deserialize_args::<Args>(serde_json::json!({"city": "Oslo", "days": "many"})).unwrap_err();
/// match err {
///     agents_core::tool::ToolCallError::InvalidInput { field_path, .. } => assert_eq!(field_path, "days"),
///     _ => unreachable!(),
/// }
/// ```
///
/// A value nested deeper than [`json::MAX_DEPTH`](crate::json::MAX_DEPTH) is refused before
/// serde recurses over it, whoever built it.
pub fn deserialize_args<T: DeserializeOwned>(args: Value) -> Result<T, ToolCallError> {
    if crate::json::deeper_than_limit(&args) {
        return Err(ToolCallError::InvalidInput {
            target_type: std::any::type_name::<T>().to_owned(),
            field_path: String::new(),
            message: crate::json::depth_message(),
        });
    }
    if let Some((field_path, number)) = beyond_f64(&args) {
        let rule = crate::json::CoerceRule::NonFiniteNumber { text: number };
        return Err(ToolCallError::InvalidInput {
            target_type: std::any::type_name::<T>().to_owned(),
            field_path,
            message: rule.to_string(),
        });
    }
    // Read without tracking the path first: arguments nearly always fit, and the tracking
    // wrapper costs about as much again as the read (callgrind: some 800 instructions for two
    // small fields). Only when they do not fit are they read again, tracking the path, which
    // fails the same way (the same deserializer over the same value) and says where.
    if let Ok(read) = <T as serde::Deserialize>::deserialize(&args) {
        return Ok(read);
    }
    serde_path_to_error::deserialize(&args).map_err(|e| {
        let path = e.path().to_string();
        let serde_message = e.inner().to_string();
        // Only where a string was refused for its type: "NaN" may be a valid enum variant.
        let message = serde_message
            .starts_with("invalid type: string")
            .then(|| non_finite_at(&args, e.path()))
            .flatten()
            .unwrap_or(serde_message);
        ToolCallError::InvalidInput {
            target_type: std::any::type_name::<T>().to_owned(),
            field_path: path,
            message,
        }
    })
}

/// The first number in `args` that no `f64` holds (`1e999`, `-1e999`), with its path (as
/// serde_path_to_error writes it: `values[1]`) and its text.
///
/// serde_json refuses such a number, unless a crate of the user's build turns on its
/// `arbitrary_precision` feature (cargo unifies features): then it parses, keeping its text,
/// and reads into an `f64` as infinity. So the typed read looks for one, in such builds only
/// (without the feature a `Value` cannot hold one, and the look costs nothing).
fn beyond_f64(args: &Value) -> Option<(String, String)> {
    static NUMBERS_KEEP_TEXT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if !*NUMBERS_KEEP_TEXT.get_or_init(|| serde_json::from_str::<Value>("1e999").is_ok()) {
        return None;
    }
    /// The number's text, `path` left at it; else `path` as it was.
    fn walk(value: &Value, path: &mut String) -> Option<String> {
        match value {
            Value::Number(n) => n
                .as_f64()
                .is_none_or(|f| !f.is_finite())
                .then(|| n.to_string()),
            Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                inside(item, path, len)
            }),
            Value::Object(fields) => fields.iter().find_map(|(key, item)| {
                let len = path.len();
                if len > 0 {
                    path.push('.');
                }
                path.push_str(key);
                inside(item, path, len)
            }),
            _ => None,
        }
    }
    /// `walk` one level down, `path` cut back to `len` when nothing is found there.
    fn inside(item: &Value, path: &mut String, len: usize) -> Option<String> {
        let found = walk(item, path);
        if found.is_none() {
            path.truncate(len);
        }
        found
    }
    let mut path = String::new();
    let number = walk(args, &mut path)?;
    Some((
        if path.is_empty() {
            ".".to_owned()
        } else {
            path
        },
        number,
    ))
}

/// What to say when the value refused at `path` is a string holding a number no `f64` holds
/// (`NaN`, `1e999`, as repair keeps them) where a number was expected: that, rather than
/// serde's "invalid type: string".
fn non_finite_at(args: &Value, path: &Path) -> Option<String> {
    let mut value = args;
    for segment in path {
        value = match segment {
            Segment::Seq { index } => value.get(index)?,
            Segment::Map { key } => value.get(key)?,
            _ => return None,
        };
    }
    non_finite_refusal(value)
}

/// What to say of `value` where a number was expected, if it is a string holding a number no
/// `f64` holds (`NaN`, `1e999`): that it is not finite, rather than that it is a string.
pub(crate) fn non_finite_refusal(value: &Value) -> Option<String> {
    let text = value.as_str().filter(|t| crate::json::non_finite(t))?;
    let rule = crate::json::CoerceRule::NonFiniteNumber {
        text: text.to_owned(),
    };
    Some(rule.to_string())
}

/// Serialises a tool's output; a failure is a permanent execution failure (a bug in the tool).
pub fn output_to_value<T: Serialize>(output: &T) -> Result<Value, ToolCallError> {
    serde_json::to_value(output).map_err(|e| {
        ToolCallError::Failed(
            ExecutionFailure::new(format!("the tool's output could not be serialised: {e}"))
                .permanent(),
        )
    })
}

/// The result of a tool function returning `Result<T, E>`.
pub fn tool_result<T, E>(result: Result<T, E>) -> Result<serde_json::Value, ToolCallError>
where
    T: serde::Serialize,
    E: IntoExecutionFailure,
{
    match result {
        Ok(out) => output_to_value(&out),
        Err(e) => Err(ToolCallError::Failed(
            crate::error::IntoExecutionFailure::into_execution_failure(e),
        )),
    }
}

/// The JSON Schema of `T`'s arguments, as sent to the model (an object schema).
pub fn schema_for<T: schemars::JsonSchema>() -> Value {
    let schema = schemars::SchemaGenerator::new(
        schemars::generate::SchemaSettings::draft2020_12().with(|s| {
            s.inline_subschemas = true;
        }),
    )
    .into_root_schema_for::<T>();
    let mut v = serde_json::to_value(schema).unwrap_or(Value::Null);
    crate::model::strip_noise(&mut v);
    v
}
