//! Whether a quote inside a string ends it, judged by what follows the quote.

use super::{Slot, quote_style_at};
use crate::repair::cursor::{Cursor, find_string_stop, is_word_byte};
use crate::repair::lookahead;
use crate::repair::word::literal;

/// Lookahead bound for a quoted token, so a string full of quotes stays linear.
const TOKEN_LOOKAHEAD: usize = 128;

/// Longer than any literal (`undefined`).
const LITERAL_LOOKAHEAD: usize = 10;

/// Decides whether a quote that ends just before `after` closes the string, by what follows it;
/// `kept_quote` says whether the string has kept a quote already (see [`next_is_member`]), and
/// `multiline` whether it holds a raw line break (text, where a line may start `Note: ...`).
#[inline(always)]
pub(super) fn ends_string(
    cur: &mut Cursor<'_>,
    after: usize,
    slot: Slot,
    kept_quote: bool,
    multiline: bool,
) -> bool {
    if slot == Slot::Key {
        // A key's quote always ends it; what follows is the colon's business.
        return true;
    }
    let next = cur.next_significant(after);
    let Some(b) = cur.byte_at(next) else {
        return true;
    };
    match slot {
        Slot::Key | Slot::ObjectValue => match b {
            // `"Type "}" to close"`: a closer quoted inside text, not the end of the value.
            b'}' | b']' => !quoted_closer_in_text(cur, next),
            b',' | b';' => next_is_member(cur, next + 1, kept_quote),
            // The next key, its comma left out.
            b'"' | b'\'' => token_then(cur, next, b":"),
            0xe2 if quote_style_at(cur, next).is_some() => token_then(cur, next, b":"),
            0xef if full_width_comma(cur, next) => next_is_member(cur, next + 3, kept_quote),
            // A comment: `//` or `/*`, or `#` and a space (not `C#` in text), or either on a
            // line of its own.
            b'/' => {
                cur.bytes[after..next].contains(&b'\n')
                    || matches!(cur.byte_at(next + 1), Some(b'/' | b'*'))
            }
            b'#' => {
                cur.bytes[after..next].contains(&b'\n')
                    || matches!(
                        cur.byte_at(next + 1),
                        None | Some(b' ' | b'\t' | b'\n' | b'\r')
                    )
            }
            // `"pizza"⏎  radius_km: 2`, `"pizza" radius_km: 2`: the next member, on its own line
            // or after a space, comma left out. Not in a string that is text over several lines
            // or has kept a quote already: there `"Login"⏎⏎Expected: no crash` goes on; nor
            // right after the quote (`"Use "key: value" pairs"`).
            _ if is_word_byte(b) && !kept_quote && !multiline && next > after => {
                lookahead::key_follows(cur, next)
            }
            _ => false,
        },
        Slot::ArrayElement => match b {
            // A `:` after an element: a key of the enclosing object, the array's `]` left out.
            b'}' | b']' | b':' | b')' => true,
            // A word after the comma is prose (`"a "b", then c"`), unless it is a literal, or,
            // in a string that kept no quote, a lone word element (`["red", green, "blue"]`).
            b',' => {
                let after_comma = cur.next_significant(next + 1);
                !cur.byte_at(after_comma)
                    .is_some_and(|c| c.is_ascii_alphabetic())
                    || literal_at(cur, after_comma)
                    || (!kept_quote && lookahead::word_element_at(cur, after_comma, b",]"))
            }
            0xef if full_width_comma(cur, next) => true,
            b';' => true,
            // The next element, its comma left out: `["a" "b" "c"]`, one per line or not. In
            // an array that is an object's value, also the object's next key, the array's `]`
            // and the comma left out: `{"a": ["x", "y"⏎"b": 1}`.
            b'"' | b'\'' if cur.nest.is_object(1) == Some(true) => token_then(cur, next, b",]\"':"),
            b'"' | b'\'' => token_then(cur, next, b",]\"'"),
            _ => false,
        },
    }
}

/// Whether the closer at `at` is itself quoted inside text: a quote right after it, then a
/// space and a letter (`"}" at line 3`), which no JSON after a closing bracket looks like.
fn quoted_closer_in_text(cur: &Cursor<'_>, at: usize) -> bool {
    cur.byte_at(at - 1) == Some(b'"')
        && cur.byte_at(at + 1) == Some(b'"')
        && cur.byte_at(at + 2) == Some(b' ')
        && cur.byte_at(at + 3).is_some_and(|b| b.is_ascii_alphabetic())
}

/// A full-width comma (`，`, from a CJK input method) at `at`.
fn full_width_comma(cur: &Cursor<'_>, at: usize) -> bool {
    cur.starts_with(at, "\u{ff0c}")
}

/// How a short quoted token (a key, a word) ends.
enum Token {
    /// Closed on its line; holds the offset of the next significant byte after it.
    Closed(usize),
    /// The input ends inside it.
    Cut,
    /// Not a short quoted token: too long, or over a line break.
    Other,
}

/// Reads the quoted token whose opening quote is at `at`.
fn quoted_token(cur: &mut Cursor<'_>, at: usize) -> Token {
    let Some((quote, open_len)) = quote_style_at(cur, at) else {
        return Token::Other;
    };
    let limit = cur.end.min(at + TOKEN_LOOKAHEAD);
    let lead = quote.closer_lead();
    let mut i = at + open_len;
    while i < limit {
        let Some(p) = find_string_stop(&cur.bytes[i..limit], lead) else {
            cur.steps += (limit - i) as u64;
            i = limit;
            break;
        };
        let stop = i + p;
        cur.steps += p as u64 + 1;
        match cur.bytes[stop] {
            b'\\' => i = stop + 2,
            b if b < 0x20 => return Token::Other,
            _ => match quote.closer_len(cur, stop) {
                0 => i = stop + 1,
                len => return Token::Closed(cur.next_significant(stop + len)),
            },
        }
    }
    if i >= cur.end {
        Token::Cut
    } else {
        Token::Other
    }
}

/// Like [`token_then`], and after a `:` the input goes on (a key whose value was cut off,
/// `"b":` at the very end, is not a whole member).
pub(super) fn token_then_more(cur: &mut Cursor<'_>, at: usize, then: &[u8]) -> bool {
    match quoted_token(cur, at) {
        Token::Closed(next) => match cur.byte_at(next) {
            Some(b':') if then.contains(&b':') => {
                let more = cur.next_significant(next + 1);
                cur.byte_at(more).is_some()
            }
            Some(b) => then.contains(&b),
            None => false,
        },
        Token::Cut | Token::Other => false,
    }
}

/// Is there a short quoted token at `at` (on its quote), on one line, followed by one of `then`?
pub(super) fn token_then(cur: &mut Cursor<'_>, at: usize, then: &[u8]) -> bool {
    match quoted_token(cur, at) {
        Token::Closed(next) => cur.byte_at(next).is_some_and(|b| then.contains(&b)),
        Token::Cut | Token::Other => false,
    }
}

/// After a comma inside an object: does a member follow? A quoted key, an unquoted `key:`, the
/// end of the object, a comment, or the end of the input.
///
/// In a string that has kept a quote already, a quoted token must also have its colon (or be
/// cut off by the end of the input) to be a key: in `"valid values are "a", "b" and "c""` the
/// quote after `a` is followed by `, "b"`, a list written in prose. A string with no quote kept
/// cannot hold such a list (its first item's opening quote would have been kept), so there the
/// quote alone settles it, with no lookahead.
fn next_is_member(cur: &mut Cursor<'_>, at: usize, kept_quote: bool) -> bool {
    let mut at = cur.next_significant(at);
    // Doubled commas: `"Ana",, "age": 31`.
    while cur.byte_at(at) == Some(b',') {
        at = cur.next_significant(at + 1);
    }
    match cur.byte_at(at) {
        None | Some(b'}' | b'#') => true,
        Some(b'/') => matches!(cur.byte_at(at + 1), Some(b'/' | b'*')),
        // A `...` placeholder for the members left out.
        Some(b'.') => cur.starts_with(at, "..."),
        Some(0xe2) if cur.starts_with(at, "\u{2026}") => true,
        Some(b'"' | b'\'') if !kept_quote => true,
        Some(0xe2) if !kept_quote => quote_style_at(cur, at).is_some(),
        Some(b'"' | b'\'' | 0xe2) => match quoted_token(cur, at) {
            Token::Closed(next) => cur.byte_at(next).is_none_or(|b| b == b':'),
            Token::Cut => true,
            Token::Other => false,
        },
        Some(b) if is_word_byte(b) => lookahead::key_follows(cur, at),
        Some(_) => false,
    }
}

/// Is there a literal at `at` (`null`, `true`, `None`, `NaN`...), or the start of `true`, `false`
/// or `null` cut off by the end of the input?
fn literal_at(cur: &mut Cursor<'_>, at: usize) -> bool {
    let mut i = at;
    while i < cur.end && i - at < LITERAL_LOOKAHEAD && cur.bytes[i].is_ascii_alphabetic() {
        cur.steps += 1;
        i += 1;
    }
    if cur.byte_at(i).is_some_and(is_word_byte) {
        return false;
    }
    let word = &cur.src[at..i];
    literal(word).is_some()
        || (i == cur.end
            && ["true", "false", "null"]
                .iter()
                .any(|l| l.starts_with(word)))
}
