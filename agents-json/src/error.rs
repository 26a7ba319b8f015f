//! Why [`parse_strict`](crate::parse_strict), [`repair`](crate::repair) or
//! [`coerce`](crate::coerce) gave up.

use std::fmt;

/// Why argument text could not be parsed as strict JSON, and where ([`parse_strict`](crate::parse_strict)).
///
/// Also reachable as `agents_core::error::ParseError`, the type the tool error taxonomy carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What was wrong.
    pub message: String,
    /// Byte offset into the raw text where parsing failed, if known.
    pub position: Option<usize>,
    /// Set to the limit when the text nests arrays and objects deeper than
    /// [`MAX_DEPTH`](crate::MAX_DEPTH): it may be valid JSON, but is refused.
    pub depth_limit: Option<usize>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some(p) => write!(f, "{} (at byte {p})", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// Why nothing could be recovered from the input, and where.
///
/// Every variant names a byte offset into the original input so that an event can point at it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RepairError {
    /// The input was empty or held only whitespace and invisible characters.
    #[error("empty input")]
    Empty,
    /// No `{` or `[` that starts a recoverable value was found: prose, a refusal, a placeholder
    /// such as `[object Object]`.
    #[error("no JSON value found (searched from byte {offset})")]
    NoJsonValue {
        /// Where the search started (after any fence or wrapper).
        offset: usize,
    },
    /// The input is an HTML page (an error page from a proxy), not JSON.
    #[error("input is an HTML document, not JSON (at byte {offset})")]
    Html {
        /// Where the markup starts.
        offset: usize,
    },
    /// Nesting went deeper than [`RepairOptions::max_depth`](super::RepairOptions::max_depth).
    #[error("nesting deeper than {limit} levels at byte {offset}")]
    DepthLimit {
        /// The configured limit.
        limit: usize,
        /// The byte offset of the bracket that exceeded it.
        offset: usize,
    },
    /// The input is larger than [`RepairOptions::max_len`](super::RepairOptions::max_len).
    #[error("input of {len} bytes exceeds the limit of {limit} bytes")]
    TooLarge {
        /// The input's length in bytes.
        len: usize,
        /// The configured limit.
        limit: usize,
    },
}

impl RepairError {
    /// The byte offset the error points at (0 for errors about the whole input).
    pub fn offset(&self) -> usize {
        match self {
            Self::Empty | Self::TooLarge { .. } => 0,
            Self::NoJsonValue { offset }
            | Self::Html { offset }
            | Self::DepthLimit { offset, .. } => *offset,
        }
    }
}

/// The rule of [`coerce`](super::coerce) that refused a value.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CoerceRule {
    /// The value has a JSON type the schema does not allow, and no lossless conversion exists.
    TypeMismatch {
        /// The type(s) the schema expects, e.g. `integer` or `string|null`.
        expected: String,
        /// The JSON type found.
        found: &'static str,
    },
    /// A string is not a number (`"12abc"`).
    NotANumber {
        /// The offending text.
        text: String,
    },
    /// A number that no `f64` holds (`NaN`, `Infinity`, `1e999`, which repair keeps as the
    /// text written) where a number or integer is expected.
    NonFiniteNumber {
        /// The offending text.
        text: String,
    },
    /// A number or numeric string has a fraction where an integer is expected (`"1.5"`).
    LossyInteger {
        /// The offending text.
        text: String,
    },
    /// A string is not `true` or `false` (in any case) where a boolean is expected.
    NotABoolean {
        /// The offending text.
        text: String,
    },
    /// The value matches none of the enum's (or `const`'s) values.
    NotInEnum {
        /// The value as JSON text.
        value: String,
        /// The allowed values as JSON text.
        allowed: Vec<String>,
    },
    /// An object key is not declared and the policy is [`UnknownKeys::Refuse`](super::UnknownKeys::Refuse)
    /// (or the schema says `additionalProperties: false` and the policy keeps nothing unknown).
    UnknownKey {
        /// The key.
        key: String,
    },
    /// A required key is absent and the schema has no default for it.
    MissingRequired {
        /// The key.
        key: String,
    },
    /// No branch of an `anyOf`/`oneOf` accepted the value.
    NoVariantMatched {
        /// How many branches were tried.
        variants: usize,
    },
    /// A `$ref` points nowhere in the root schema.
    UnresolvedRef {
        /// The reference.
        reference: String,
    },
    /// The schema is nested (or references itself) deeper than the configured limit.
    DepthLimit {
        /// The configured limit.
        limit: usize,
    },
}

impl fmt::Display for CoerceRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TypeMismatch { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            Self::NotANumber { text } => write!(f, "{text:?} is not a number"),
            Self::NonFiniteNumber { text } => write!(
                f,
                "{text:?} is not a finite number; send a number between -1.8e308 and 1.8e308"
            ),
            Self::LossyInteger { text } => {
                write!(f, "{text:?} is not a whole number; refusing to round")
            }
            Self::NotABoolean { text } => write!(f, "{text:?} is not true or false"),
            Self::NotInEnum { value, allowed } => {
                write!(f, "{value} is not one of [{}]", allowed.join(", "))
            }
            Self::UnknownKey { key } => write!(f, "unknown key {key:?}"),
            Self::MissingRequired { key } => write!(f, "required key {key:?} is missing"),
            Self::NoVariantMatched { variants } => {
                write!(f, "no anyOf/oneOf branch of {variants} accepted the value")
            }
            Self::UnresolvedRef { reference } => write!(f, "unresolved $ref {reference:?}"),
            Self::DepthLimit { limit } => write!(f, "schema nesting deeper than {limit}"),
        }
    }
}

/// A value [`coerce`](super::coerce) refused: the JSON Pointer of the field and the rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("at {}: {rule}", display_path(.path))]
pub struct CoerceError {
    /// JSON Pointer of the refused field (`""` is the root, `/items/0/count` a nested field).
    pub path: String,
    /// The rule that refused.
    pub rule: CoerceRule,
}

/// How a JSON Pointer is shown in messages: the root as `/`.
pub(crate) fn display_path(path: &str) -> &str {
    if path.is_empty() { "/" } else { path }
}
