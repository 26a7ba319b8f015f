//! Validation of a call's arguments against its tool's JSON Schema, before the tool reads them
//! into its own types: one compiled validator per tool (built once, when the agent is built),
//! and every violation of a call found at once, each with its field path and a short text.

use std::fmt;

use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::{ValidationError, Validator};
use serde_json::Value;

use crate::error::SchemaViolation;

/// At most this many violations are reported for one call: enough for a model to fix a call in
/// one turn, bounded for an array of a thousand bad items.
pub(crate) const MAX_VIOLATIONS: usize = 10;

/// A tool's schema that the validator cannot compile (not a JSON Schema, a pattern that is not
/// a regular expression, a `$ref` to a document it does not have).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the JSON Schema of tool '{tool}' is not usable: {message}")]
pub struct SchemaError {
    /// The tool whose schema it is.
    pub tool: String,
    /// What the validator said.
    pub message: String,
}

/// A tool's argument schema, compiled once.
pub(crate) struct ArgsValidator {
    validator: Validator,
}

impl fmt::Debug for ArgsValidator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ArgsValidator")
    }
}

impl ArgsValidator {
    /// Compiles `schema` for tool `tool`.
    ///
    /// Formats (`date`, `email`, `uuid`, ...) are checked, unknown ones (schemars' `uint8`,
    /// `int64`, ...) ignored. Nothing is fetched: a `$ref` outside the schema fails here,
    /// whatever features another crate of the build turns on for `jsonschema`.
    pub(crate) fn compile(tool: &str, schema: &Value) -> Result<ArgsValidator, SchemaError> {
        let refused = |message: String| SchemaError {
            tool: tool.to_owned(),
            message,
        };
        if !schema.is_object() {
            return Err(refused(format!(
                "an argument schema must be a JSON object, not {schema}"
            )));
        }
        jsonschema::options()
            .should_validate_formats(true)
            .offline()
            .build(schema)
            .map(|validator| ArgsValidator { validator })
            .map_err(|e| refused(crate::text::shorten(&e.to_string(), 300)))
    }

    /// Every way `args` breaks the schema (at most [`MAX_VIOLATIONS`]), or none. The common case,
    /// valid arguments, costs one pass that allocates nothing for the report.
    pub(crate) fn violations(&self, args: &Value, schema: &Value) -> Vec<SchemaViolation> {
        if self.validator.is_valid(args) {
            return Vec::new();
        }
        let mut out: Vec<SchemaViolation> = Vec::new();
        for error in self.validator.iter_errors(args) {
            for v in describe(&error, args, schema) {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
            if out.len() >= MAX_VIOLATIONS {
                out.truncate(MAX_VIOLATIONS);
                break;
            }
        }
        out
    }
}

/// The violations one validator error stands for: one, or one per undeclared key.
fn describe(error: &ValidationError<'_>, args: &Value, schema: &Value) -> Vec<SchemaViolation> {
    let at = error.instance_path().as_str();
    let keyword = error.kind().keyword().to_owned();
    let one = |field_path: String, message: String| SchemaViolation {
        field_path,
        keyword: keyword.clone(),
        message,
    };
    match error.kind() {
        ValidationErrorKind::AdditionalProperties { unexpected }
        | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            let declared = declared_at(schema, error.schema_path().as_str());
            let given = object_at(args, at);
            unexpected
                .iter()
                .map(|key| {
                    let free = declared
                        .iter()
                        .copied()
                        .filter(|n| given.is_none_or(|g| !g.contains_key(*n)));
                    let hint = crate::similar::did_you_mean(key, free);
                    let message = if hint.is_empty() {
                        "is not an argument of this tool; leave it out".to_owned()
                    } else {
                        format!("is not an argument of this tool{hint}")
                    };
                    one(field_path(args, at, Some(key)), message)
                })
                .collect()
        }
        ValidationErrorKind::Required { property } => {
            let name = property
                .as_str()
                .map_or_else(|| property.to_string(), str::to_owned);
            vec![one(
                field_path(args, at, Some(&name)),
                "is missing; the tool needs it".to_owned(),
            )]
        }
        kind => vec![one(field_path(args, at, None), message(kind, error))],
    }
}

/// What is wrong with one value, short, in words a model can act on (no schema keywords).
fn message(kind: &ValidationErrorKind, error: &ValidationError<'_>) -> String {
    match kind {
        ValidationErrorKind::Type { kind } => {
            let names: Vec<&str> = match kind {
                TypeKind::Single(t) => vec![t.as_str()],
                TypeKind::Multiple(ts) => ts.iter().map(|t| t.as_str()).collect(),
            };
            let numeric = names.iter().any(|n| matches!(*n, "number" | "integer"));
            if let Some(refusal) = numeric
                .then(|| super::args::non_finite_refusal(error.instance()))
                .flatten()
            {
                return refusal;
            }
            let named: Vec<String> = names.iter().map(|n| with_article(n)).collect();
            format!("must be {}", named.join(" or "))
        }
        ValidationErrorKind::Enum { options } => {
            let listed = options
                .as_array()
                .map(|o| {
                    o.iter()
                        .map(Value::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_else(|| options.to_string());
            format!("must be one of {}", crate::text::shorten(&listed, 200))
        }
        ValidationErrorKind::Constant { expected_value } => {
            format!(
                "must be {}",
                crate::text::shorten(&expected_value.to_string(), 100)
            )
        }
        ValidationErrorKind::Minimum { limit } => format!("must be at least {limit}"),
        ValidationErrorKind::Maximum { limit } => format!("must be at most {limit}"),
        ValidationErrorKind::ExclusiveMinimum { limit } => format!("must be greater than {limit}"),
        ValidationErrorKind::ExclusiveMaximum { limit } => format!("must be less than {limit}"),
        ValidationErrorKind::MultipleOf { multiple_of } => {
            format!("must be a multiple of {multiple_of}")
        }
        ValidationErrorKind::MinLength { limit } => {
            size("be at least", *limit, "character", " long")
        }
        ValidationErrorKind::MaxLength { limit } => {
            size("be at most", *limit, "character", " long")
        }
        ValidationErrorKind::MinItems { limit } => size("have at least", *limit, "item", ""),
        ValidationErrorKind::MaxItems { limit } => size("have at most", *limit, "item", ""),
        ValidationErrorKind::MinProperties { limit } => size("have at least", *limit, "field", ""),
        ValidationErrorKind::MaxProperties { limit } => size("have at most", *limit, "field", ""),
        ValidationErrorKind::UniqueItems => "must not repeat an item".to_owned(),
        ValidationErrorKind::Pattern { pattern } => {
            format!("must match the regular expression {pattern}")
        }
        ValidationErrorKind::Format { format } => format!("must be {}", format_words(format)),
        ValidationErrorKind::AnyOf { .. } | ValidationErrorKind::OneOfNotValid { .. } => {
            "matches none of the allowed forms".to_owned()
        }
        ValidationErrorKind::OneOfMultipleValid { .. } => {
            "matches more than one of the allowed forms".to_owned()
        }
        ValidationErrorKind::FalseSchema | ValidationErrorKind::Not { .. } => {
            "is not allowed here".to_owned()
        }
        _ => crate::text::shorten(&error.to_string(), 160),
    }
}

/// `an integer`, `a string`, `null`.
fn with_article(type_name: &str) -> String {
    match type_name {
        "null" => "null".to_owned(),
        "integer" | "object" | "array" => format!("an {type_name}"),
        other => format!("a {other}"),
    }
}

/// What a value of a known format looks like, with an example where one helps.
fn format_words(format: &str) -> String {
    match format {
        "date" => "a date like 2024-01-31".to_owned(),
        "date-time" => "a date and time like 2024-01-31T09:30:00Z".to_owned(),
        "time" => "a time like 09:30:00Z".to_owned(),
        "duration" => "a duration like P1DT2H".to_owned(),
        "email" => "an email address like name@example.com".to_owned(),
        "uuid" => "a UUID like 123e4567-e89b-12d3-a456-426614174000".to_owned(),
        "uri" => "an absolute URI like https://example.com/page".to_owned(),
        "ipv4" => "an IPv4 address like 192.0.2.1".to_owned(),
        "ipv6" => "an IPv6 address like 2001:db8::1".to_owned(),
        other => format!("a valid {other}"),
    }
}

/// A bound on a size: `must have at least 1 item`, `must be at most 3 characters long`.
fn size(bound: &str, n: u64, noun: &str, tail: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("must {bound} {n} {noun}{s}{tail}")
}

/// The argument names declared beside the keyword at `keyword_path` (a JSON Pointer into the
/// schema ending in `additionalProperties`), when the schema has them there.
fn declared_at<'s>(schema: &'s Value, keyword_path: &str) -> Vec<&'s str> {
    let parent = keyword_path.rsplit_once('/').map_or("", |(p, _)| p);
    schema
        .pointer(parent)
        .and_then(crate::model::argument_names)
        .unwrap_or_default()
}

fn object_at<'v>(args: &'v Value, pointer: &str) -> Option<&'v serde_json::Map<String, Value>> {
    args.pointer(pointer)?.as_object()
}

/// `items[0].count` from the JSON Pointer `/items/0/count` (walking `args`, so that a key made
/// of digits in an object stays a key), with `child` appended; `.` for the root.
fn field_path(args: &Value, pointer: &str, child: Option<&str>) -> String {
    let mut out = String::new();
    let mut value = Some(args);
    let segments = pointer
        .split('/')
        .skip(1)
        .map(|s| s.replace("~1", "/").replace("~0", "~"));
    for segment in segments
        .map(Some)
        .chain(std::iter::once(child.map(str::to_owned)))
    {
        let Some(segment) = segment else { break };
        match value {
            Some(Value::Array(items)) if segment.parse::<usize>().is_ok() => {
                out.push('[');
                out.push_str(&segment);
                out.push(']');
                value = segment.parse::<usize>().ok().and_then(|i| items.get(i));
            }
            _ => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(&segment);
                value = value.and_then(|v| v.get(&segment));
            }
        }
    }
    if out.is_empty() { ".".to_owned() } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_read_like_serde_paths() {
        let args = json!({"items": [{"count": 1}], "0": {"a": 1}});
        assert_eq!(field_path(&args, "", None), ".");
        assert_eq!(field_path(&args, "/items/0/count", None), "items[0].count");
        assert_eq!(
            field_path(&args, "/items/0", Some("extra")),
            "items[0].extra"
        );
        assert_eq!(field_path(&args, "/0/a", None), "0.a");
        assert_eq!(field_path(&args, "", Some("a/b")), "a/b");
    }

    /// Every violation of a call comes back at once, each naming its field.
    #[test]
    fn all_violations_at_once() {
        let schema = json!({
            "type": "object",
            "properties": {
                "unit": {"enum": ["celsius", "fahrenheit"]},
                "days": {"type": "integer", "minimum": 1},
                "city": {"type": "string", "pattern": "^[A-Z]"},
                "on": {"type": "string", "format": "date"}
            },
            "required": ["city"],
            "additionalProperties": false
        });
        let v = ArgsValidator::compile("t", &schema).unwrap();
        let found = v.violations(
            &json!({"unit": "kelvin", "days": 0, "cty": "oslo", "on": "tomorrow"}),
            &schema,
        );
        let paths: Vec<(&str, &str)> = found
            .iter()
            .map(|v| (v.field_path.as_str(), v.keyword.as_str()))
            .collect();
        for expected in [
            ("unit", "enum"),
            ("days", "minimum"),
            ("cty", "additionalProperties"),
            ("city", "required"),
            ("on", "format"),
        ] {
            assert!(paths.contains(&expected), "{expected:?} not in {paths:?}");
        }
        let cty = found.iter().find(|v| v.field_path == "cty").unwrap();
        assert!(
            cty.message.contains("did you mean `city`"),
            "{}",
            cty.message
        );
        assert!(v.violations(&json!({"city": "Oslo"}), &schema).is_empty());
    }

    /// A schema the validator cannot compile is a typed error, not a panic.
    #[test]
    fn uncompilable_schemas_are_errors() {
        for bad in [
            json!({"type": "object", "properties": {"a": {"type": "integr"}}}),
            json!({"type": "string", "pattern": "(unclosed"}),
            json!({"$ref": "https://example.invalid/schema.json"}),
            json!({"$ref": "#/$defs/missing"}),
            json!(null),
        ] {
            let err = ArgsValidator::compile("t", &bad).unwrap_err();
            assert_eq!(err.tool, "t");
            assert!(!err.message.is_empty());
        }
    }
}
