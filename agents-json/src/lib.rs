//! Deterministic repair of model-emitted JSON and schema-guided coercion.
//!
//! Two steps, no model call:
//! - [`repair`] turns what a model emitted as tool arguments (fenced, wrapped, truncated,
//!   single-quoted, commented, ...) into a [`serde_json::Value`], recording each [`JsonFix`] with
//!   its byte offset, or refuses with a [`RepairError`] when there is no JSON to recover.
//! - [`coerce`] bends a value towards the tool's JSON Schema where that loses nothing
//!   (`"42"` → `42`, `"TRUE"` → `true`, `"x"` → `["x"]`), recording each [`Coercion`] with its
//!   JSON Pointer, or refuses with a [`CoerceError`] naming the field and the rule.
//!
//! One nesting limit, [`MAX_DEPTH`], holds wherever model text becomes a value, so no later step
//! (rendering, coercion, reading into a type, dropping) can recurse deep enough to overflow a stack.
//!
//! This crate is a leaf of the `agents` workspace (it depends on no other crate of it), so that
//! the fuzz targets and benchmarks build it alone. Users reach it as `agents::json` (or
//! `agents_core::json`); the paths are the same items.
//!
//! See `docs/repair.md` for the full list of repairs and the rules for ambiguous input.
#![warn(missing_docs)]

mod coerce;
mod depth;
mod error;
mod fix;
mod repair;
pub mod schema;

pub use self::coerce::{
    CoerceOptions, Coerced, Coercion, CoercionKind, DateForm, NUMBER_TENS, NUMBER_UNITS,
    UnknownKeys, calendar_date, coerce, coerce_lenient, coerce_with, described_date_form,
    non_finite, numeric_text, read_described_dates,
};
pub use self::depth::{MAX_DEPTH, deeper_than_limit, depth_message, parse_strict};
pub use self::error::{CoerceError, CoerceRule, ParseError, RepairError};
pub use self::fix::{FixKind, JsonFix};
#[doc(hidden)]
pub use self::repair::repair_counting;
pub use self::repair::{
    Member, NonFinite, ObjectMembers, RepairOptions, Repaired, object_members, repair, repair_with,
};
