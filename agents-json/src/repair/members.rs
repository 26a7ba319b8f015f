//! The members of an object as spans of the text they were read from, by the same lenient
//! scanner as [`repair`](super::repair): for callers that keep each value's text as written
//! (the prompted tool-call parser cuts a call's arguments out of a model's output this way).

use super::cursor::Cursor;
use super::scanner::{self, Failure};
use crate::MAX_DEPTH;
use std::ops::Range;

/// One member of an object read by [`object_members`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The key, decoded (quotes removed, escapes read, an unquoted key as written).
    pub key: String,
    /// Where the member's value is in the text: from its first byte to just after its last
    /// (a closing quote or bracket, or the end of the text for a value cut off).
    pub value: Range<usize>,
}

/// The top-level members of the object a text opens with, and where that object ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectMembers {
    /// The members in the order written (duplicate keys included).
    pub members: Vec<Member>,
    /// Where the object ends in the text: just after its closing brace, or where the scanner
    /// stopped (the end of a text that cut it off, or text that cannot continue it).
    pub end: usize,
}

/// Reads the object that `text` opens with (its first byte must be `{`) the way
/// [`repair`](super::repair) reads it (quotes of any kind, keys without quotes, commas, quotes
/// and closers left out, text cut off), and returns its top-level members as spans of `text`,
/// so that a caller can keep each value's text exactly as written. `None` when `text` does not
/// open with `{` or the scanner reads no object there (prose in braces, `{name}`), or nests
/// deeper than [`MAX_DEPTH`].
///
/// ```
/// use agents_json::object_members;
///
/// let text = r#"{'tool': "add", "arguments": {"a": 1, 'b': 2,}} and then"#;
/// let object = object_members(text).unwrap();
/// let spans: Vec<_> = object
///     .members
///     .iter()
///     .map(|m| (m.key.as_str(), &text[m.value.clone()]))
///     .collect();
/// assert_eq!(spans, [("tool", r#""add""#), ("arguments", r#"{"a": 1, 'b': 2,}"#)]);
/// assert_eq!(&text[object.end..], " and then");
///
/// // Cut off: the last value runs to the end.
/// let cut = r#"{"query": "Paris", "limit": 10"#;
/// let object = object_members(cut).unwrap();
/// assert_eq!(&cut[object.members[1].value.clone()], "10");
/// assert_eq!(object.end, cut.len());
/// assert!(object_members("{see here}").is_none());
/// ```
pub fn object_members(text: &str) -> Option<ObjectMembers> {
    if !text.starts_with('{') {
        return None;
    }
    let mut cur = Cursor::new(text, 0, text.len(), Vec::new());
    match scanner::parse_members(&mut cur, MAX_DEPTH) {
        Ok((_, members)) => Some(ObjectMembers {
            members: members
                .into_iter()
                .map(|(key, start, end)| Member {
                    key,
                    value: start..end,
                })
                .collect(),
            end: cur.pos,
        }),
        Err(Failure::Reject | Failure::Depth(_)) => None,
    }
}
