//! Validation of a call's arguments against its tool's JSON Schema, before the tool reads them
//! into its own types: one compiled validator per tool (built once, when the agent is built),
//! and every violation of a call found at once, each with its field path and a short text.
//!
//! Our own validator (it replaced the `jsonschema` crate, whose dependencies were most of what
//! a user's build compiled for us beyond what rig's does): the schema is compiled once into a
//! tree of nodes ([`node`]), by [`compile`]; every call walks it ([`check`]), in a pass that
//! stops at the first failure and allocates nothing, and only a call that fails takes the
//! second pass that collects every violation with its place ([`describe`]).
//!
//! Checked: `type` (`integer` is a number without a fractional part; lists of types),
//! `enum`, `const` (numbers by value: `1` equals `1.0`), `minimum`, `maximum`,
//! `exclusiveMinimum`, `exclusiveMaximum` (numbers, and the draft-04 booleans in a document that
//! declares an older draft), `multipleOf` (exact for integers, within a relative 1e-9 for
//! floats), `minLength`/`maxLength` (in characters), `pattern`, `format` (see [`formats`];
//! unknown formats are not checked), `properties`, `patternProperties`,
//! `additionalProperties`, `required`, `propertyNames`, `minProperties`/`maxProperties`,
//! `dependentRequired`, `dependentSchemas` (and `dependencies`, their draft-07 form), `items`,
//! `prefixItems` (and the draft-07 `items` list with `additionalItems`), `contains` with
//! `minContains`/`maxContains`, `minItems`/`maxItems`, `uniqueItems`, `allOf`, `anyOf`,
//! `oneOf`, `not`, `if`/`then`/`else`, `true`/`false` schemas, `$ref` to a JSON Pointer inside
//! the document (`#/$defs/..`, `#/definitions/..`, `#`, any other; recursive schemas work).
//! Numbers compare exactly where both are integers (`u64`/`i64`), as `f64` otherwise.
//!
//! Not checked (ignored, as unknown keywords are): `unevaluatedProperties`,
//! `unevaluatedItems`, `$dynamicRef`/`$dynamicAnchor`, `contentEncoding`,
//! `contentMediaType`, `contentSchema`. Refused at compile (the tool then goes unvalidated, with
//! a warning, or `schema_tool` returns the error): a `$ref` outside the document (nothing is
//! ever fetched) or to an anchor (`#name`), a `pattern` that is not a regular expression, and a
//! `patternProperties` key with look-around or a back-reference. A `pattern` with look-around or
//! a back-reference (valid, but beyond `regex-lite`) is not checked, with a `tracing` warning.

#[cfg(test)]
mod cases;
mod check;
mod compile;
mod describe;
#[cfg(test)]
mod differential;
mod formats;
mod node;
mod number;

use std::fmt;

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
    tree: node::Tree,
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
    /// `int64`, ...) ignored. Nothing is fetched: a `$ref` outside the schema fails here.
    pub(crate) fn compile(tool: &str, schema: &Value) -> Result<ArgsValidator, SchemaError> {
        let refused = |message: String| SchemaError {
            tool: tool.to_owned(),
            message,
        };
        if !schema.is_object() {
            return Err(refused(format!(
                "an argument schema must be a JSON object, not {}",
                crate::text::shorten(&schema.to_string(), 100)
            )));
        }
        compile::compile(schema)
            .map(|tree| ArgsValidator { tree })
            .map_err(|e| refused(crate::text::shorten(&e, 300)))
    }

    /// Compiles the validator a tool's calls are checked with: `schema` as the tool declares
    /// it, except where a subschema's `enum` holds no value of its own `type` (`{"type":
    /// "integer", "enum": ["1", "2"]}`, as generated and hand-written schemas sometimes have):
    /// such a schema admits nothing, and every call of the tool would be refused, so its
    /// choices alone are checked there ([`agents_json::schema::untype_contradicted_choices`]),
    /// with a warning. [`compile`](Self::compile) stays JSON Schema as specified.
    pub(crate) fn for_tool(tool: &str, schema: &Value) -> Result<ArgsValidator, SchemaError> {
        let mut checked = schema.clone();
        let dropped = agents_json::schema::untype_contradicted_choices(&mut checked);
        if dropped > 0 {
            tracing::warn!(
                target: "agents",
                tool,
                dropped,
                "an `enum` of the tool's schema holds no value of its `type`; its choices are checked and its type is not"
            );
        }
        Self::compile(tool, &checked)
    }

    /// Every way `args` breaks the schema (at most [`MAX_VIOLATIONS`]), or none. The common case,
    /// valid arguments, costs one pass that allocates nothing.
    pub(crate) fn violations(&self, args: &Value) -> Vec<SchemaViolation> {
        let walk = check::Walk::new(&self.tree);
        if check::valid_root(&walk, args) {
            return Vec::new();
        }
        let mut report = describe::Report::new(args);
        check::collect(&walk, 0, args, 0, &mut report);
        if report.out.is_empty() {
            // Refused for its depth under a `not`, which the second pass does not report; or
            // the two passes disagree, which they must not: refused with a reason either way,
            // never let through.
            debug_assert!(walk.too_deep.get(), "a failed check without a violation");
            report.add(describe::Fault::TooDeep, args);
        }
        report.out
    }

    /// Whether `args` fit the schema (the first pass of [`ArgsValidator::violations`]).
    #[cfg(test)]
    pub(crate) fn is_valid(&self, args: &Value) -> bool {
        check::valid_root(&check::Walk::new(&self.tree), args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn paths(schema: &Value, args: &Value) -> Vec<(String, String)> {
        let v = ArgsValidator::compile("t", schema).unwrap();
        v.violations(args)
            .into_iter()
            .map(|v| (v.field_path, v.keyword))
            .collect()
    }

    #[test]
    fn paths_read_like_serde_paths() {
        let schema = json!({
            "type": "object",
            "properties": {
                "items": {"type": "array", "items": {
                    "type": "object",
                    "properties": {"count": {"type": "integer"}},
                    "additionalProperties": false
                }},
                "0": {"type": "object", "properties": {"a": {"type": "string"}}},
                "a/b": {"type": "string"}
            },
            "required": ["a/b"]
        });
        let p = |path: &str, keyword: &str| (path.to_owned(), keyword.to_owned());
        assert_eq!(paths(&schema, &json!(1)), [p(".", "type")]);
        assert_eq!(
            paths(
                &schema,
                &json!({"items": [{"count": 1.5, "extra": 1}], "0": {"a": 1}, "a/b": "x"})
            ),
            [
                p("0.a", "type"),
                p("items[0].count", "type"),
                p("items[0].extra", "additionalProperties")
            ]
        );
        assert_eq!(paths(&schema, &json!({})), [p("a/b", "required")]);
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
        let found =
            v.violations(&json!({"unit": "kelvin", "days": 0, "cty": "oslo", "on": "tomorrow"}));
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
        assert!(v.violations(&json!({"city": "Oslo"})).is_empty());
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
