//! What a violation says: its field path (`items[0].count`, `.` for the root), the keyword that
//! failed, and a short text in words a model can act on (no schema keywords in it).

use serde_json::{Map, Value};

use super::MAX_VIOLATIONS;
use super::node::{Bound, Check, NodeId};
use crate::error::SchemaViolation;

/// What is wrong at one place of the instance.
pub(super) enum Fault<'a> {
    /// A check that stands for itself (`type`, `enum`, `minimum`, `anyOf`, ...).
    Failed(&'a Check),
    /// The `false` schema.
    False,
    /// Deeper than the walk goes.
    TooDeep,
    /// `oneOf`, more than one match.
    OneOfMany,
    /// `maxContains` exceeded.
    TooManyContained,
    /// A required member is absent (`because`: the member whose presence requires it).
    Missing {
        name: &'a str,
        because: Option<&'a str>,
    },
    /// A member `additionalProperties: false` refuses, with the declared names for a hint.
    Unexpected {
        key: &'a str,
        declared: &'a [(String, NodeId)],
        given: &'a Map<String, Value>,
    },
    /// A member name `propertyNames` refuses, with what the name broke.
    KeyName { key: &'a str, inner: String },
}

/// One step of the path from the root of the arguments.
enum Step<'v> {
    Key(&'v str),
    Index(usize),
}

/// The violations found so far (at most [`MAX_VIOLATIONS`], no two the same) and where the walk
/// is.
pub(super) struct Report<'v> {
    pub out: Vec<SchemaViolation>,
    path: Vec<Step<'v>>,
}

impl<'v> Report<'v> {
    /// An empty report, at the root of `_instance`.
    pub fn new(_instance: &'v Value) -> Self {
        Report {
            out: Vec::new(),
            path: Vec::new(),
        }
    }

    pub fn is_full(&self) -> bool {
        self.out.len() >= MAX_VIOLATIONS
    }

    pub fn enter_key(&mut self, key: &'v str) {
        self.path.push(Step::Key(key));
    }

    pub fn enter_index(&mut self, i: usize) {
        self.path.push(Step::Index(i));
    }

    pub fn leave(&mut self) {
        self.path.pop();
    }

    /// The text of the first violation found (for a key name, which has no path of its own).
    pub fn first_message(&self) -> String {
        self.out
            .first()
            .map(|v| v.message.clone())
            .unwrap_or_default()
    }

    /// Records `fault` of `v`, the value at the current place.
    pub fn add(&mut self, fault: Fault<'_>, v: &Value) {
        if self.is_full() {
            return;
        }
        let (child, keyword, message) = describe(fault, v);
        let violation = SchemaViolation {
            field_path: self.field_path(child),
            keyword: keyword.to_owned(),
            message,
        };
        if !self.out.contains(&violation) {
            self.out.push(violation);
        }
    }

    /// `items[0].count`, with `child` appended; `.` for the root.
    fn field_path(&self, child: Option<&str>) -> String {
        let mut out = String::new();
        let child = child.map(Step::Key);
        for step in self.path.iter().chain(child.as_ref()) {
            match step {
                Step::Index(i) => {
                    out.push('[');
                    out.push_str(&i.to_string());
                    out.push(']');
                }
                Step::Key(k) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(k);
                }
            }
        }
        if out.is_empty() { ".".to_owned() } else { out }
    }
}

/// The member a fault is about (if it is about one below the current place), the keyword, and
/// the text.
fn describe<'a>(fault: Fault<'a>, v: &Value) -> (Option<&'a str>, &'static str, String) {
    match fault {
        Fault::Failed(check) => (None, keyword(check), message(check, v)),
        Fault::False => (None, "falseSchema", "is not allowed here".to_owned()),
        Fault::TooDeep => (None, "depth", "is nested too deeply to check".to_owned()),
        Fault::OneOfMany => (
            None,
            "oneOf",
            "matches more than one of the allowed forms".to_owned(),
        ),
        Fault::TooManyContained => (
            None,
            "maxContains",
            "has too many items of one form".to_owned(),
        ),
        Fault::Missing { name, because } => {
            let message = match because {
                None => "is missing; the tool needs it".to_owned(),
                Some(b) => format!("is missing; the tool needs it when `{b}` is given"),
            };
            let keyword = if because.is_some() {
                "dependentRequired"
            } else {
                "required"
            };
            (Some(name), keyword, message)
        }
        Fault::Unexpected {
            key,
            declared,
            given,
        } => {
            let free = declared
                .iter()
                .map(|(n, _)| n.as_str())
                .filter(|n| !given.contains_key(*n));
            let hint = crate::similar::did_you_mean(key, free);
            let message = if hint.is_empty() {
                "is not an argument of this tool; leave it out".to_owned()
            } else {
                format!("is not an argument of this tool{hint}")
            };
            (Some(key), "additionalProperties", message)
        }
        Fault::KeyName { key, inner } => (
            None,
            "propertyNames",
            format!(
                "has a field named `{}` that is not allowed: the name {inner}",
                crate::text::shorten(key, 60)
            ),
        ),
    }
}

/// The keyword a check stands for.
fn keyword(check: &Check) -> &'static str {
    match check {
        Check::Type(_) => "type",
        Check::Enum(_) => "enum",
        Check::Const(_) => "const",
        Check::Bound(bound, _) => bound.keyword(),
        Check::MultipleOf(_) => "multipleOf",
        Check::MinLength(_) => "minLength",
        Check::MaxLength(_) => "maxLength",
        Check::Pattern(_) => "pattern",
        Check::Format(_) => "format",
        Check::Object(_) => "properties",
        Check::Required(_) => "required",
        Check::PropertyNames(_) => "propertyNames",
        Check::MinProperties(_) => "minProperties",
        Check::MaxProperties(_) => "maxProperties",
        Check::DependentRequired(_) => "dependentRequired",
        Check::DependentSchemas(_) => "dependentSchemas",
        Check::Items { .. } => "items",
        Check::Contains { min, .. } if *min != 1 => "minContains",
        Check::Contains { .. } => "contains",
        Check::MinItems(_) => "minItems",
        Check::MaxItems(_) => "maxItems",
        Check::UniqueItems => "uniqueItems",
        Check::AllOf(_) => "allOf",
        Check::AnyOf(_) => "anyOf",
        Check::OneOf(_) => "oneOf",
        Check::Not(_) => "not",
        Check::If { .. } => "if",
        Check::Ref(_) => "$ref",
    }
}

/// What is wrong with `v` against one check, short, in words a model can act on.
fn message(check: &Check, v: &Value) -> String {
    match check {
        Check::Type(types) => {
            let numeric = types.names().any(|n| matches!(n, "number" | "integer"));
            if let Some(refusal) = numeric
                .then(|| crate::tool::args::non_finite_refusal(v))
                .flatten()
            {
                return refusal;
            }
            let named: Vec<String> = types.names().map(with_article).collect();
            format!("must be {}", named.join(" or "))
        }
        Check::Enum(options) => {
            let listed = options
                .iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            format!("must be one of {}", crate::text::shorten(&listed, 200))
        }
        Check::Const(expected) => {
            format!(
                "must be {}",
                crate::text::shorten(&expected.to_string(), 100)
            )
        }
        Check::Bound(bound, limit) => {
            let words = match bound {
                Bound::Minimum => "at least",
                Bound::Maximum => "at most",
                Bound::ExclusiveMinimum => "greater than",
                Bound::ExclusiveMaximum => "less than",
            };
            format!("must be {words} {limit}")
        }
        Check::MultipleOf(m) => match m.as_f64() {
            Some(f) if !m.is_f64() || f.fract() != 0.0 => format!("must be a multiple of {m}"),
            // `2.0` reads as `2`.
            Some(f) => format!("must be a multiple of {f}"),
            None => format!("must be a multiple of {m}"),
        },
        Check::MinLength(n) => size("be at least", *n, "character", " long"),
        Check::MaxLength(n) => size("be at most", *n, "character", " long"),
        Check::MinItems(n) => size("have at least", *n, "item", ""),
        Check::MaxItems(n) => size("have at most", *n, "item", ""),
        Check::MinProperties(n) => size("have at least", *n, "field", ""),
        Check::MaxProperties(n) => size("have at most", *n, "field", ""),
        Check::UniqueItems => "must not repeat an item".to_owned(),
        Check::Pattern(p) => format!("must match the regular expression {}", p.source),
        Check::Format(f) => format!("must be {}", format_words(f.name())),
        Check::AnyOf(_) | Check::OneOf(_) => "matches none of the allowed forms".to_owned(),
        Check::Not(_) => "is not allowed here".to_owned(),
        Check::Contains { min, .. } if *min > 1 => {
            format!("must include at least {min} items of the required form")
        }
        Check::Contains { .. } => "must include an item of the required form".to_owned(),
        // The applicators report what failed below them, never themselves.
        Check::Object(_)
        | Check::Required(_)
        | Check::PropertyNames(_)
        | Check::DependentRequired(_)
        | Check::DependentSchemas(_)
        | Check::Items { .. }
        | Check::AllOf(_)
        | Check::If { .. }
        | Check::Ref(_) => "does not match the schema".to_owned(),
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
