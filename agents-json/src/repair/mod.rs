//! [`repair`]: from what a model emitted to a [`serde_json::Value`], or a reason why not.
//!
//! The pipeline: a strict parse first (valid JSON costs one `serde_json::from_str`), unless the
//! [`precheck`] of its ends and first member rules valid JSON out; otherwise scan text
//! that opens with a bracket where it stands, then set [`reasoning`] blocks aside and narrow
//! what remains to a tool-call wrapper and markdown fences ([`extract`]), try each `{` or `[`
//! in order with the lenient [`scanner`] ([`search`]), and take the first that yields a value.

mod cursor;
mod exact;
mod extract;
mod lookahead;
mod members;
mod number;
mod precheck;
mod reasoning;
mod scanner;
mod search;
mod string;
mod unescape;
mod word;

use self::extract::Region;
pub use self::members::{Member, ObjectMembers, object_members};
use self::search::search_region;
use crate::MAX_DEPTH;
use crate::error::RepairError;
use crate::fix::{FixKind, JsonFix, push_fix};
use serde_json::Value;

/// A value recovered from model output, with every change made to get it.
#[derive(Debug, Clone, PartialEq)]
pub struct Repaired {
    /// The recovered value.
    ///
    /// An integer beyond 64 bits (a 30-digit ID) is held here as the nearest `f64`, since
    /// serde_json without `arbitrary_precision` has no other number; [`Repaired::to_json`]
    /// writes it with the digits the model wrote.
    pub value: Value,
    /// What was changed, in input order, a run of same-kind changes in a row as one [`JsonFix`]
    /// with a count; empty when the input was valid JSON.
    pub fixes: Vec<JsonFix>,
    /// The integers beyond 64 bits, digit for digit, under their JSON Pointers.
    exact: exact::ExactIntegers,
}

impl Repaired {
    /// The value as compact JSON text, every integer exactly as the model wrote it: an integer
    /// that no 64-bit integer holds (which [`value`](Self::value) keeps as the nearest `f64`)
    /// comes out with its own digits, so that valid JSON keeps its numbers, and a type that
    /// takes such integers (`u128`, a big-number type) can be read from this text with
    /// `serde_json::from_str`.
    ///
    /// ```
    /// use agents_json::repair;
    ///
    /// let out = repair(r#"{"account": 123456789012345678901234567890}"#).unwrap();
    /// assert!(out.value["account"].is_f64());
    /// assert_eq!(out.to_json(), r#"{"account":123456789012345678901234567890}"#);
    /// #[derive(serde::Deserialize)]
    /// struct Args { account: u128 }
    /// let args: Args = serde_json::from_str(&out.to_json()).unwrap();
    /// assert_eq!(args.account, 123456789012345678901234567890);
    /// ```
    pub fn to_json(&self) -> String {
        exact::to_json(&self.value, &self.exact)
    }

    /// The value and no fixes, for valid JSON, with the digits of its integers beyond 64 bits
    /// (`exact`, from [`exact_in_valid_json`]).
    #[inline]
    fn unchanged(value: Value, exact: exact::ExactIntegers) -> Self {
        Self {
            value,
            fixes: Vec::new(),
            exact,
        }
    }
}

/// The integers beyond 64 bits of `text`, which is valid JSON: kept (as the text, read when
/// [`Repaired::to_json`] asks) only when a skip-scan finds a run of digits that long, which is
/// rare.
#[inline]
fn exact_in_valid_json(text: &str) -> exact::ExactIntegers {
    if exact::may_hold_big_integer(text) {
        exact::ExactIntegers::in_source(text)
    } else {
        exact::ExactIntegers::default()
    }
}

/// Limits for [`repair_with`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepairOptions {
    /// Deepest nesting of arrays and objects accepted; deeper input is a
    /// [`RepairError::DepthLimit`], never a stack overflow. Default and maximum
    /// [`MAX_DEPTH`](crate::MAX_DEPTH): a larger setting is lowered to it, since the
    /// steps after repair rely on it.
    pub max_depth: usize,
    /// Largest input accepted, in bytes. Default 64 MiB.
    pub max_len: usize,
    /// How many candidate starts (`{` or `[`) to try before giving up. Default 32.
    pub max_candidates: usize,
    /// Decode a JSON string that holds an object or array (double-encoded arguments). Default on.
    pub decode_double_encoded: bool,
    /// The caller expects an object (tool arguments): when the first value found in malformed
    /// text is not an object, an object later in the same text is preferred to it, as in
    /// `Result [1, 2] done. Call: {"a": 1}`. Input that is valid JSON as a whole is never
    /// second-guessed. Default off.
    pub expect_object: bool,
    /// What `NaN` and `Infinity` (which no JSON number holds) become. Default
    /// [`NonFinite::Null`].
    pub non_finite: NonFinite,
}

/// What [`repair`] makes of `NaN`, `Infinity` and `-Infinity` (also `nan`, `inf`), which JSON
/// has no number for.
///
/// ```
/// use agents_json::{repair, repair_with, NonFinite, RepairOptions};
/// use serde_json::json;
///
/// assert_eq!(repair("[1, NaN]").unwrap().value, json!([1, null]));
/// let text = RepairOptions { non_finite: NonFinite::Text, ..RepairOptions::default() };
/// assert_eq!(repair_with("[1, NaN]", &text).unwrap().value, json!([1, "NaN"]));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum NonFinite {
    /// `null`, as serde_json and JavaScript write a number that is not finite: what a reader
    /// of JSON takes it to mean ([`FixKind::NonFiniteAsNull`]).
    #[default]
    Null,
    /// The text as written (`"NaN"`), so that coercion refuses it by name where a number is
    /// expected and the model is told the number is not finite ([`FixKind::NonFiniteNumber`]).
    /// The runtime reads tool arguments this way.
    Text,
}

impl Default for RepairOptions {
    fn default() -> Self {
        Self {
            max_depth: MAX_DEPTH,
            max_len: 64 << 20,
            max_candidates: 32,
            decode_double_encoded: true,
            expect_object: false,
            non_finite: NonFinite::Null,
        }
    }
}

/// Recovers a JSON value from model output, recording every fix. See [`repair_with`].
///
/// ```
/// use agents_json::{repair, FixKind};
///
/// let out = repair("Action Input: {'city': 'Paris', 'days': 3,}").unwrap();
/// assert_eq!(out.value, serde_json::json!({"city": "Paris", "days": 3}));
/// assert!(out.fixes.iter().any(|f| f.kind == FixKind::TrailingComma));
/// println!("{}", out.fixes[0]); // "skipped text before the value at byte 0"
///
/// // Garbage is an error, never an invented `{}`.
/// assert!(repair("I'm sorry, I can't help with that.").is_err());
/// ```
#[inline]
pub fn repair(input: &str) -> Result<Repaired, RepairError> {
    repair_with(input, &RepairOptions::default())
}

/// [`repair`] with explicit limits.
#[inline]
pub fn repair_with(input: &str, options: &RepairOptions) -> Result<Repaired, RepairError> {
    repair_counting(input, options).0
}

/// [`repair_with`], also returning how many bytes the scanner examined (lookahead and retries
/// included). For the complexity tests; not a stable API.
#[doc(hidden)]
#[inline]
pub fn repair_counting(
    input: &str,
    options: &RepairOptions,
) -> (Result<Repaired, RepairError>, u64) {
    // The strict path is kept small and first: valid JSON pays for one cheap pre-check and
    // `serde_json::from_str`, and the code for everything else stays out of its way.
    if input.len() <= options.max_len
        && precheck::may_be_json(input)
        && let Ok(value) = serde_json::from_str::<Value>(input)
    {
        let exact = exact_in_valid_json(input);
        if value.is_string() {
            return (
                Ok(decode_double_encoded(
                    Repaired::unchanged(value, exact),
                    options,
                )),
                input.len() as u64,
            );
        }
        return (Ok(Repaired::unchanged(value, exact)), input.len() as u64);
    }
    not_strict_json(input, options)
}

/// [`repair_counting`] for input that is too large or not valid JSON as it stands.
#[cold]
#[inline(never)]
fn not_strict_json(input: &str, options: &RepairOptions) -> (Result<Repaired, RepairError>, u64) {
    if input.len() > options.max_len {
        return (
            Err(RepairError::TooLarge {
                len: input.len(),
                limit: options.max_len,
            }),
            0,
        );
    }
    // The steps after repair recurse over the value: no setting may lift the one limit.
    let clamped;
    let options = if options.max_depth > MAX_DEPTH {
        clamped = RepairOptions {
            max_depth: MAX_DEPTH,
            ..options.clone()
        };
        &clamped
    } else {
        options
    };
    let mut steps = input.len() as u64;
    let result = lenient(input, options, &mut steps).map(|r| decode_double_encoded(r, options));
    (result, steps)
}

/// The lenient path, for input that is not valid JSON as it stands.
fn lenient(input: &str, options: &RepairOptions, steps: &mut u64) -> Result<Repaired, RepairError> {
    let Some(start) = extract::first_visible(input) else {
        return Err(RepairError::Empty);
    };
    if extract::is_html(input, start) {
        return Err(RepairError::Html { offset: start });
    }
    let mut budget = options.max_candidates;
    // Text that opens with a bracket is the value itself: a fence, a wrapper or a reasoning tag
    // further on is most likely its own content (a file's markdown, a prompt template), so it
    // is parsed where it stands, and the rest is looked for only if that finds nothing.
    if extract::opens_value(input, start) {
        let whole = Region::plain(0, input.len());
        if let Some(found) = search_region(input, &whole, options, &mut budget, steps)? {
            return Ok(found);
        }
    }
    // The text outside reasoning blocks, in order; a block the output was cut off in last.
    let answer = reasoning::answer(input, 0, steps);
    let mut search_from = None;
    for part in &answer.parts {
        let mut outer = extract::outer_region(input, part.start, part.end);
        if part.blocks_before > 0 {
            let wrapper = std::mem::take(&mut outer.fixes);
            outer.fixes = answer.skipped[..part.blocks_before]
                .iter()
                .map(|&o| (FixKind::SkippedReasoning, o))
                .chain(wrapper)
                .collect();
        }
        search_from.get_or_insert(outer.start);
        // As for the whole text: a wrapper's content that opens with a bracket is the value,
        // and fences inside it are its content.
        let opens = extract::first_visible(&input[outer.start..outer.end])
            .is_some_and(|at| extract::opens_value(input, outer.start + at));
        if opens {
            if let Some(found) = search_region(input, &outer, options, &mut budget, steps)? {
                return Ok(found);
            }
            if budget == 0 {
                break;
            }
        }
        let mut regions = extract::fenced_regions(input, &outer, steps);
        if !opens {
            regions.push(outer);
        }
        for region in &regions {
            if let Some(found) = search_region(input, region, options, &mut budget, steps)? {
                return Ok(found);
            }
            if budget == 0 {
                break;
            }
        }
        if budget == 0 {
            break;
        }
    }
    Err(RepairError::NoJsonValue {
        // Nothing but reasoning: the search found no text after it.
        offset: search_from.unwrap_or(input.len()),
    })
}

/// A JSON string holding an object or array (arguments encoded twice) is decoded.
fn decode_double_encoded(repaired: Repaired, options: &RepairOptions) -> Repaired {
    let Value::String(text) = &repaired.value else {
        return repaired;
    };
    if !options.decode_double_encoded {
        return repaired;
    }
    // Only a string that is a whole object or array, brackets on both ends: a string that
    // merely starts with `{` is text.
    let trimmed = text.trim();
    let whole = (trimmed.starts_with('{') && trimmed.ends_with('}'))
        || (trimmed.starts_with('[') && trimmed.ends_with(']'));
    if !whole {
        return repaired;
    }
    let inner_options = RepairOptions {
        decode_double_encoded: false,
        ..options.clone()
    };
    match repair_with(text, &inner_options) {
        Ok(inner) if inner.value.is_object() || inner.value.is_array() => {
            let mut fixes = repaired.fixes;
            push_fix(&mut fixes, FixKind::DecodedDoubleEncoded, 0);
            Repaired {
                value: inner.value,
                fixes,
                exact: inner.exact,
            }
        }
        _ => repaired,
    }
}
