//! Reading the model's final answer into the agent's output type.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{DeserializationError, InvalidArgs, ToolError};
use crate::event::ArgumentChange;
use crate::json::{FixKind, JsonFix};
use crate::model::FINAL_ANSWER_TOOL;
use crate::tool::schema_for;

/// A type an agent can return: anything `DeserializeOwned + JsonSchema`.
///
/// A `String` output (any type whose schema is an unconstrained string) takes the answer text
/// as it is. Any other type, a string enum or a number included, is read from the answer as
/// JSON through the same deterministic repair (lenient JSON, then schema-guided coercion) as
/// tool arguments; an answer that still does not fit is sent back to the model with the error.
pub trait Output: DeserializeOwned + schemars::JsonSchema + Send + 'static {}

impl<T: DeserializeOwned + schemars::JsonSchema + Send + 'static> Output for T {}

/// The keys a string schema may carry and still take any text: annotations, none a constraint.
const ANNOTATIONS: &[&str] = &[
    "type",
    "$schema",
    "$id",
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
];

/// Whether `T` is read as plain text: its schema is a string and nothing else (`String`,
/// `&str`, `Cow<str>`, `Box<str>`). A constrained string (an `enum` of strings, a `const`, a
/// `pattern`, a `format`, a length) is data, read and held like any typed answer.
pub(crate) fn is_text<T: schemars::JsonSchema>() -> bool {
    is_text_schema(&schema_for::<T>())
}

fn is_text_schema(schema: &Value) -> bool {
    let Some(map) = schema.as_object() else {
        return false;
    };
    map.get("type").and_then(Value::as_str) == Some("string")
        && map.keys().all(|k| ANNOTATIONS.contains(&k.as_str()))
}

/// One deterministic repair an answer took: the step's name (`json_repair`, `coerce`, as for
/// tool arguments) and what it changed.
pub(crate) type AnswerRepair = (&'static str, Vec<ArgumentChange>);

/// Reads `text` into `T`: the text itself for string outputs, else repaired and coerced JSON.
/// The error is the tool errors' own, about the pseudo-tool
/// [`FINAL_ANSWER_TOOL`](crate::model::FINAL_ANSWER_TOOL): not JSON (`InvalidArgs`), or JSON
/// that does not fit `T` (`Deserialization`), which the `answer_error` chain receives.
/// (Boxed: a tool error is large, and most answers read.)
pub(crate) fn read_output<T: Output>(text: &str, is_text: bool) -> Result<T, Box<ToolError>> {
    read_output_repaired(text, is_text).map(|(out, _)| out)
}

/// [`read_output`], with the repairs the answer took to read (none when it read as written),
/// for the runtime to report as `Repaired` events.
pub(crate) fn read_output_repaired<T: Output>(
    text: &str,
    is_text: bool,
) -> Result<(T, Vec<AnswerRepair>), Box<ToolError>> {
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
            .map(|out| (out, Vec::new()))
            .map_err(|e| misfit(value, String::new(), e.to_string()));
    }
    let error = match read_json::<T>(text, &schema(), &misfit) {
        Ok(read) => return Ok(read),
        Err(error) => error,
    };
    // A scalar written bare (`billing`, `Billing.`): the word as a JSON string, for coercion to
    // match to the schema's value; the first error stands when it does not. Only where the
    // answer cannot be a list or a record: a sentence is no one-item list (the model is sent
    // back instead).
    let schema_value = schema();
    if admits_container(&schema_value, &schema_value, 0) {
        return Err(error);
    }
    match bare_word(text) {
        Some((value, fixes)) => match fit::<T>(value, &schema(), &misfit) {
            Ok((out, coerced)) => {
                let mut repairs = vec![("json_repair", fixes)];
                repairs.extend(coerced);
                Ok((out, repairs))
            }
            Err(_) => Err(error),
        },
        None => Err(error),
    }
}

/// The answer's text as JSON: leniently repaired, then coerced and read.
fn read_json<T: Output>(
    text: &str,
    schema: &Value,
    misfit: &impl Fn(Value, String, String) -> Box<ToolError>,
) -> Result<(T, Vec<AnswerRepair>), Box<ToolError>> {
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
            schema: schema.clone(),
        }))
    })?;
    let (out, coerced) = fit::<T>(repaired.value, schema, misfit)?;
    let mut repairs = Vec::new();
    if !repaired.fixes.is_empty() {
        let fixes = repaired.fixes.into_iter().map(ArgumentChange::Json);
        repairs.push(("json_repair", fixes.collect()));
    }
    repairs.extend(coerced);
    Ok((out, repairs))
}

/// A JSON value coerced to `schema` and read as `T`, with the coercion's changes if it made any.
fn fit<T: Output>(
    value: Value,
    schema: &Value,
    misfit: &impl Fn(Value, String, String) -> Box<ToolError>,
) -> Result<(T, Option<AnswerRepair>), Box<ToolError>> {
    let coerced = crate::json::coerce(value.clone(), schema)
        .map_err(|e| misfit(value, String::new(), e.to_string()))?;
    let value = coerced.value;
    // The same read as tool arguments, depth check included.
    let out = crate::tool::deserialize_args(value.clone()).map_err(|e| match e {
        crate::tool::ToolCallError::InvalidInput {
            field_path,
            message,
            ..
        } => misfit(value, field_path, message),
        other => misfit(value, String::new(), format!("{other:?}")),
    })?;
    let changes: Vec<ArgumentChange> = coerced
        .fixes
        .into_iter()
        .map(ArgumentChange::Coerced)
        .collect();
    Ok((out, (!changes.is_empty()).then_some(("coerce", changes))))
}

/// Whether `schema` admits an object or an array (or anything: no `type`, `enum` or
/// alternatives to say otherwise), `$ref`s into `root` followed.
fn admits_container(schema: &Value, root: &Value, depth: usize) -> bool {
    let Some(map) = schema.as_object() else {
        return schema != &Value::Bool(false);
    };
    if depth > 16 {
        return true;
    }
    if let Some(target) = map
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix('#'))
    {
        return root
            .pointer(target)
            .is_none_or(|t| admits_container(t, root, depth + 1));
    }
    let container = |t: &Value| matches!(t.as_str(), Some("object" | "array"));
    if let Some(t) = map.get("type") {
        return match t {
            Value::Array(types) => types.iter().any(container),
            other => container(other),
        };
    }
    if let Some(values) = map.get("enum").and_then(Value::as_array) {
        return values.iter().any(|v| v.is_object() || v.is_array());
    }
    if let Some(value) = map.get("const") {
        return value.is_object() || value.is_array();
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(alts) = map.get(key).and_then(Value::as_array) {
            return alts.iter().any(|a| admits_container(a, root, depth + 1));
        }
    }
    true
}

/// Quotes and sentence punctuation a bare answer may come wrapped in.
const WRAPPERS: &[char] = &['`', '\'', '"', '*'];
const CLOSING: &[char] = &['.', '!', ',', ';'];

/// A one-line answer that is not JSON, read as the string it says (`billing`, `` `Billing` ``,
/// ` billing.`): the words between the quotes and closing punctuation it came in, and the
/// repairs that reading is. `None` for text over several lines, or with nothing left.
fn bare_word(text: &str) -> Option<(Value, Vec<ArgumentChange>)> {
    let start = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.contains('\n') {
        return None;
    }
    let unclosed = trimmed.trim_end_matches(CLOSING);
    let word = unclosed.trim_matches(WRAPPERS).trim();
    if word.is_empty() {
        return None;
    }
    let lead = unclosed.len() - unclosed.trim_start_matches(WRAPPERS).len();
    let mut fixes = Vec::new();
    if lead > 0 {
        fixes.push(JsonFix::new(FixKind::SkippedLeadingText, start));
    }
    fixes.push(JsonFix::new(FixKind::BareWord, start + lead));
    let end = start + lead + word.len();
    if end < start + trimmed.len() {
        fixes.push(JsonFix::new(FixKind::IgnoredTrailingText, end));
    }
    let fixes = fixes.into_iter().map(ArgumentChange::Json).collect();
    Some((Value::String(word.to_owned()), fixes))
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

#[cfg(test)]
mod tests {
    use super::{bare_word, is_text, is_text_schema};
    use serde_json::json;

    #[test]
    fn only_an_unconstrained_string_is_text() {
        assert!(is_text::<String>());
        assert!(is_text::<Box<str>>());
        assert!(is_text::<std::borrow::Cow<'static, str>>());
        assert!(!is_text::<u32>());
        assert!(!is_text::<bool>());
        assert!(!is_text::<Option<String>>());
        assert!(!is_text::<Vec<String>>());
        assert!(is_text_schema(
            &json!({"type": "string", "title": "Note", "description": "free text"})
        ));
        for constrained in [
            json!({"type": "string", "enum": ["billing", "technical"]}),
            json!({"type": "string", "const": "billing"}),
            json!({"type": "string", "pattern": "^[A-Z]{3}$"}),
            json!({"type": "string", "format": "date"}),
            json!({"type": "string", "maxLength": 3}),
        ] {
            assert!(!is_text_schema(&constrained), "{constrained}");
        }
    }

    #[test]
    fn a_bare_word_is_the_string_between_its_quotes_and_closing_punctuation() {
        let word = |t: &str| bare_word(t).map(|(v, _)| v);
        assert_eq!(word(" billing."), Some(json!("billing")));
        assert_eq!(word("`Billing`!"), Some(json!("Billing")));
        assert_eq!(word("'out of stock'"), Some(json!("out of stock")));
        assert_eq!(word("billing\ntechnical"), None);
        assert_eq!(word(" ... "), None);
        let (_, fixes) = bare_word("`billing`.").unwrap();
        let fixes: Vec<String> = fixes.iter().map(ToString::to_string).collect();
        assert_eq!(fixes.len(), 3, "{fixes:?}");
    }
}
