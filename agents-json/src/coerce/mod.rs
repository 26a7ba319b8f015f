//! [`coerce`]: bend a value towards a JSON Schema where no information is lost.

mod date;
mod number;
mod walk;
mod words;

pub use self::date::{DateForm, calendar_date, described_date_form, read_described_dates};
pub use self::number::non_finite;
pub use self::words::{TENS as NUMBER_TENS, UNITS as NUMBER_UNITS};

/// The JSON number text of a number as people write it: digits with separators (`1,000`) or
/// words (`twelve`, `1.5 million`). `None` if `raw` is not all one number.
pub fn numeric_text(raw: &str) -> Option<String> {
    number::parse_numeric(raw).or_else(|| words::number_in_words(raw))
}

use crate::error::CoerceError;
use serde_json::Value;
use std::fmt;

/// A value after [`coerce`], with every coercion applied to get it.
#[derive(Debug, Clone, PartialEq)]
pub struct Coerced {
    /// The coerced value.
    pub value: Value,
    /// What was changed, in document order; empty when the value already fit the schema.
    pub fixes: Vec<Coercion>,
}

/// One change made by [`coerce`]: what was done and where (a JSON Pointer).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Coercion {
    /// What was changed.
    pub kind: CoercionKind,
    /// JSON Pointer of the changed field: `""` for the root, `/items/0/count` for a nested one.
    pub path: String,
}

/// What kind of change [`coerce`] made.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CoercionKind {
    /// A numeric string (`"42"`, `"1,000"`, `" 1_000 "`) or a number in words (`"twelve"`,
    /// `"1.5 million"`) became a number.
    StringToNumber,
    /// A number written with a zero fraction or an exponent (`3.0`, `1e3`) became an integer.
    WholeNumberToInteger,
    /// A number became its decimal text where a string is expected.
    NumberToString,
    /// `"true"` or `"false"`, in any case, became a boolean.
    StringToBoolean,
    /// An enum (or `const`) value matched ignoring case and surrounding space, replaced by the
    /// canonical spelling.
    CanonicalEnum {
        /// The value as given, as JSON text (`"celsius"` with its quotes, or `5`).
        from: String,
        /// The schema's spelling, as JSON text.
        to: String,
    },
    /// A single value was wrapped in an array.
    WrappedInArray,
    /// A string holding a JSON object or array was parsed.
    ParsedEmbeddedJson,
    /// A missing property was filled with the schema's `default`.
    FilledDefault,
    /// A key the schema does not declare was dropped ([`UnknownKeys::Drop`]).
    DroppedUnknownKey,
    /// A date written as people write it (`March 12, 2026`, `the 2nd of June 2026`,
    /// `2026/3/5`) became the `YYYY-MM-DD` a `format: "date"` string asks for. Only a date
    /// with one reading: no year, `03/04/2026` or `next Friday` stay as they are.
    NormalizedDate {
        /// The date as given.
        from: String,
        /// The same date as `YYYY-MM-DD`.
        to: String,
    },
}

impl fmt::Display for CoercionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::StringToNumber => f.write_str("converted numeric string to number"),
            Self::WholeNumberToInteger => f.write_str("converted whole number to integer"),
            Self::NumberToString => f.write_str("converted number to string"),
            Self::StringToBoolean => f.write_str("converted string to boolean"),
            // `from` and `to` are JSON text already (`"celsius"`, `5`): print them as they are.
            Self::CanonicalEnum { from, to } => write!(f, "matched enum value {from} as {to}"),
            Self::WrappedInArray => f.write_str("wrapped single value in array"),
            Self::ParsedEmbeddedJson => f.write_str("parsed JSON held in a string"),
            Self::FilledDefault => f.write_str("filled in schema default"),
            Self::DroppedUnknownKey => f.write_str("dropped unknown key"),
            Self::NormalizedDate { from, to } => write!(f, "read date {from:?} as {to}"),
        }
    }
}

impl fmt::Display for Coercion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at {}",
            self.kind,
            crate::error::display_path(&self.path)
        )
    }
}

/// What to do with object keys the schema does not declare (neither in `properties` nor through
/// an `additionalProperties` schema).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UnknownKeys {
    /// Keep them as they are, unless the schema says `additionalProperties: false`, which is
    /// then refused with the key's path. The default.
    #[default]
    Keep,
    /// Drop them, recording a [`CoercionKind::DroppedUnknownKey`].
    Drop,
    /// Refuse the value with a [`CoerceRule::UnknownKey`](crate::CoerceRule::UnknownKey).
    Refuse,
}

/// Settings for [`coerce_with`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoerceOptions {
    /// Policy for undeclared object keys. Default [`UnknownKeys::Keep`].
    pub unknown_keys: UnknownKeys,
    /// Fill missing properties that have a schema `default`. Default on.
    pub fill_defaults: bool,
    /// Deepest schema nesting (`$ref` hops included) followed before refusing. Default 256.
    pub max_depth: usize,
    /// Read a number written in English words where a number is wanted (`"twelve"`,
    /// `"1.5 million"`). Default on; off, only digits are read (`"1,000"` still is).
    pub number_words: bool,
    /// Read a date written as people write it (`"March 12, 2026"`), or a timestamp's date
    /// (`"2026-03-12T10:00:00Z"`), where a `format: "date"` string is wanted, as `YYYY-MM-DD`.
    /// Default on.
    pub natural_dates: bool,
}

impl Default for CoerceOptions {
    fn default() -> Self {
        Self {
            unknown_keys: UnknownKeys::Keep,
            fill_defaults: true,
            max_depth: 256,
            number_words: true,
            natural_dates: true,
        }
    }
}

/// Coerces `value` towards `schema` with the default [`CoerceOptions`]. See [`coerce_with`].
///
/// ```
/// use agents_json::coerce;
/// use serde_json::json;
///
/// let schema = json!({
///     "type": "object",
///     "properties": {
///         "count": {"type": "integer"},
///         "unit": {"enum": ["Celsius", "Fahrenheit"]},
///         "tags": {"type": "array", "items": {"type": "string"}},
///         "verbose": {"type": "boolean", "default": false}
///     },
///     "required": ["count"]
/// });
/// let out = coerce(json!({"count": "1,000", "unit": " celsius ", "tags": "x"}), &schema).unwrap();
/// assert_eq!(out.value, json!({"count": 1000, "unit": "Celsius", "tags": ["x"], "verbose": false}));
/// assert_eq!(out.fixes[0].to_string(), "converted numeric string to number at /count");
/// let unit = r#"matched enum value " celsius " as "Celsius" at /unit"#;
/// assert!(out.fixes.iter().any(|c| c.to_string() == unit));
///
/// // Lossy coercions are refused, naming the field.
/// let err = coerce(json!({"count": "1.5"}), &schema).unwrap_err();
/// assert_eq!(err.path, "/count");
/// ```
pub fn coerce(value: Value, schema: &Value) -> Result<Coerced, CoerceError> {
    coerce_with(value, schema, &CoerceOptions::default())
}

/// Coerces `value` towards the JSON Schema `schema`, changing only what can be changed without
/// losing information, and recording each change with its JSON Pointer.
///
/// Follows `type` (a name or a list, `"null"` included), `properties`, `required`,
/// `additionalProperties`, `items`, `prefixItems`, `enum`, `const`, `default`, `anyOf`, `oneOf`,
/// `allOf` and `$ref` into the same document (`#/$defs/...`, `#/definitions/...`). Other
/// keywords (`minimum`, `pattern`, ...) are validation, not coercion, and are left to the
/// validator.
pub fn coerce_with(
    value: Value,
    schema: &Value,
    options: &CoerceOptions,
) -> Result<Coerced, CoerceError> {
    walk::Walker::new(schema, options).run(value)
}

/// Coerces what can be coerced and keeps the rest as it is: a member that [`coerce`] would
/// refuse (a value outside an enum, an undeclared key under `additionalProperties: false`, a
/// missing required key) stays as it was, and its siblings are still coerced. For the runtime's
/// coercion step, which runs before the validator decides: the validator then names whatever
/// coercion could not fix, every field at once.
pub fn coerce_lenient(value: Value, schema: &Value, options: &CoerceOptions) -> Coerced {
    walk::Walker::new(schema, options).run_lenient(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A number in words is a number where the schema wants one; with a unit after it, it is
    /// not (the unit would be lost), and a spelled fraction of an integer is refused as lossy.
    #[test]
    fn numbers_in_words_become_numbers() {
        let schema = json!({
            "type": "object",
            "properties": {"people": {"type": "integer"}, "amount": {"type": "number"}}
        });
        let out = coerce(
            json!({"people": "twelve", "amount": "1.5 million"}),
            &schema,
        )
        .unwrap();
        assert_eq!(out.value, json!({"people": 12, "amount": 1500000}));
        let err = coerce(json!({"people": "twelve kilos"}), &schema).unwrap_err();
        assert!(
            matches!(err.rule, crate::CoerceRule::NotANumber { .. }),
            "{err}"
        );
    }

    /// Number words and natural dates are switches: off, only digits are numbers and a date
    /// in words stays as it is (and is refused where it must be a date).
    #[test]
    fn number_words_and_natural_dates_can_be_turned_off() {
        let schema = json!({
            "type": "object",
            "properties": {"people": {"type": "integer"}, "on": {"type": "string", "format": "date"}}
        });
        let given = json!({"people": "twelve", "on": "March 12, 2026"});
        let on = coerce(given.clone(), &schema).unwrap();
        assert_eq!(on.value, json!({"people": 12, "on": "2026-03-12"}));
        let off = CoerceOptions {
            number_words: false,
            natural_dates: false,
            ..CoerceOptions::default()
        };
        let err = coerce_with(given.clone(), &schema, &off).unwrap_err();
        assert!(
            matches!(err.rule, crate::CoerceRule::NotANumber { .. }),
            "{err}"
        );
        let digits = coerce_with(
            json!({"people": "1,200", "on": "March 12, 2026"}),
            &schema,
            &off,
        )
        .unwrap();
        assert_eq!(
            digits.value,
            json!({"people": 1200, "on": "March 12, 2026"})
        );
    }

    /// A timestamp where a `format: "date"` string is wanted gives its date, as a date people
    /// write does.
    #[test]
    fn a_timestamp_where_a_date_is_wanted_gives_its_date() {
        let schema =
            json!({"type": "object", "properties": {"on": {"type": "string", "format": "date"}}});
        let read = coerce(json!({"on": "2023-03-05T08:30:00Z"}), &schema).unwrap();
        assert_eq!(read.value, json!({"on": "2023-03-05"}));
    }

    /// An enum value is matched ignoring case only when one value matches: two that differ
    /// only in case leave a third spelling unmatched (refused), and an exact one is taken.
    #[test]
    fn an_enum_match_ignoring_case_must_be_unique() {
        let one = json!({"enum": ["billing", "technical"]});
        assert_eq!(
            coerce(json!(" Billing "), &one).unwrap().value,
            json!("billing")
        );
        let two = json!({"enum": ["Billing", "billing"]});
        assert_eq!(
            coerce(json!("billing"), &two).unwrap().value,
            json!("billing")
        );
        let err = coerce(json!("BILLING"), &two).unwrap_err();
        assert!(
            matches!(err.rule, crate::CoerceRule::NotInEnum { .. }),
            "{err}"
        );
    }

    /// Lenient coercion bends every member it can and keeps the others as they were (for the
    /// validator to name), where `coerce` refuses the whole value at the first.
    #[test]
    fn lenient_coercion_keeps_what_it_cannot_bend() {
        let schema = json!({
            "type": "object",
            "properties": {
                "days": {"type": "integer"},
                "unit": {"enum": ["celsius", "fahrenheit"]},
                "ratio": {"type": "integer"},
                "at": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                "tags": {"type": "array", "items": {"type": "integer"}}
            },
            "required": ["city"],
            "additionalProperties": false
        });
        let given = json!({
            "days": "42", "unit": "kelvin", "ratio": "1.5", "at": "7",
            "tags": ["1", "x"], "colour": "red"
        });
        assert!(coerce(given.clone(), &schema).is_err());
        let out = coerce_lenient(given, &schema, &CoerceOptions::default());
        assert_eq!(
            out.value,
            json!({
                "days": 42, "unit": "kelvin", "ratio": "1.5", "at": 7,
                "tags": [1, "x"], "colour": "red"
            })
        );
        let paths: Vec<&str> = out.fixes.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(paths, ["/at", "/days", "/tags/0"]);
    }

    /// A schema's `default` is filled in only where the property's own `type` and `enum` take
    /// it: a default of another type (`"default": "all"` on an array, as a schema converted
    /// from a Python signature writes) would be refused by validation on every attempt, and
    /// the missing argument is better left to the tool's own default.
    #[test]
    fn a_default_the_property_refuses_is_not_filled_in() {
        let schema = json!({
            "type": "object",
            "properties": {
                "information": {"type": "array", "items": {"type": "string"}, "default": "all"},
                "unit": {"enum": ["celsius", "fahrenheit"], "default": "kelvin"},
                "limit": {"type": "integer", "default": 10},
                "ratio": {"type": "integer", "default": 2.5},
                "scale": {"type": "number", "default": 3},
                "mode": {"type": ["string", "null"], "default": null},
                "colour": {"enum": ["red", "blue"], "default": "blue"},
                "any": {"default": {"x": 1}}
            }
        });
        let out = coerce(json!({}), &schema).unwrap();
        assert_eq!(
            out.value,
            json!({"limit": 10, "scale": 3, "mode": null, "colour": "blue", "any": {"x": 1}})
        );
        assert!(
            out.fixes
                .iter()
                .all(|c| c.kind == CoercionKind::FilledDefault)
        );
        assert_eq!(out.fixes.len(), 5);
    }
}
