//! Strings: any quote style, escapes valid or not, quotes and control characters left
//! unescaped by the model, and strings cut off by the end of the input.

use super::cursor::{Cursor, find_string_stop, is_word_byte};
use crate::json::fix::FixKind;

/// Where a string stands; decides whether a quote inside it ends it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// An object key.
    Key,
    /// A value inside an object.
    ObjectValue,
    /// An element of an array.
    ArrayElement,
}

/// A string as read, and whether the input ended before its closing quote.
pub(crate) struct Lexed {
    pub(crate) text: String,
    pub(crate) truncated: bool,
}

/// The closing delimiters for an opening quote at the cursor, and its byte length; `None` if
/// the cursor is not on a quote.
#[inline]
pub(crate) fn quote_at(cur: &Cursor<'_>) -> Option<(Quote, usize)> {
    match cur.peek()? {
        b'"' => Some((Quote::Double, 1)),
        b'\'' => Some((Quote::Single, 1)),
        0xe2 => match cur.char_at(cur.pos)? {
            '\u{201c}' | '\u{201d}' | '\u{201e}' => Some((Quote::SmartDouble, 3)),
            '\u{2018}' | '\u{2019}' => Some((Quote::SmartSingle, 3)),
            _ => None,
        },
        _ => None,
    }
}

/// The quoting style of a string.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Quote {
    Double,
    Single,
    SmartDouble,
    SmartSingle,
}

impl Quote {
    /// Byte length of a closing delimiter of this style at `at`, or 0.
    fn closer_len(self, cur: &Cursor<'_>, at: usize) -> usize {
        match self {
            Self::Double => usize::from(cur.byte_at(at) == Some(b'"')),
            Self::Single => usize::from(cur.byte_at(at) == Some(b'\'')),
            Self::SmartDouble => match cur.char_at(at) {
                Some('\u{201c}' | '\u{201d}') => 3,
                _ => 0,
            },
            Self::SmartSingle => match cur.char_at(at) {
                Some('\u{2018}' | '\u{2019}') => 3,
                _ => 0,
            },
        }
    }

    /// The first byte of any closing delimiter.
    fn closer_lead(self) -> u8 {
        match self {
            Self::Double => b'"',
            Self::Single => b'\'',
            Self::SmartDouble | Self::SmartSingle => 0xe2,
        }
    }
}

/// Reads the string whose opening quote is at the cursor.
pub(crate) fn lex_string(cur: &mut Cursor<'_>, slot: Slot) -> Lexed {
    let start = cur.pos;
    let (quote, open_len) = quote_at(cur).expect("lex_string called on a quote");
    match quote {
        Quote::Double => {}
        Quote::Single => cur.fix(FixKind::SingleQuotes, start),
        Quote::SmartDouble | Quote::SmartSingle => cur.fix(FixKind::SmartQuotes, start),
    }
    cur.pos += open_len;
    let raw_path = looks_like_windows_path(cur);
    let lead = quote.closer_lead();
    let mut text = String::new();
    let mut noted_control = false;
    loop {
        // Copy the run of ordinary bytes in one go.
        let run_start = cur.pos;
        cur.pos = find_string_stop(&cur.bytes[run_start..cur.end], lead)
            .map_or(cur.end, |p| run_start + p);
        cur.steps += (cur.pos - run_start) as u64;
        let run = &cur.src[run_start..cur.pos];
        if text.is_empty() {
            // Usually the whole string: one exact allocation, no growth path.
            text = String::from(run);
        } else {
            text.push_str(run);
        }
        let Some(b) = cur.peek() else {
            cur.fix(FixKind::ClosedTruncated, cur.pos);
            return Lexed {
                text,
                truncated: true,
            };
        };
        cur.steps += 1;
        if b == b'\\' {
            if lex_escape(cur, &mut text, raw_path, quote) {
                cur.fix(FixKind::ClosedTruncated, cur.pos);
                return Lexed {
                    text,
                    truncated: true,
                };
            }
        } else if b < 0x20 {
            if !noted_control {
                cur.fix(FixKind::UnescapedControl, cur.pos);
                noted_control = true;
            }
            text.push(char::from(b));
            cur.pos += 1;
        } else {
            let len = quote.closer_len(cur, cur.pos);
            if len == 0 {
                // A lead byte of some other multi-byte character.
                let c = cur.char_at(cur.pos).unwrap_or('\u{fffd}');
                text.push(c);
                cur.pos += c.len_utf8();
            } else if ends_string(cur, cur.pos + len, slot) {
                cur.pos += len;
                return Lexed {
                    text,
                    truncated: false,
                };
            } else {
                cur.fix(FixKind::UnescapedQuote, cur.pos);
                text.push_str(&cur.src[cur.pos..cur.pos + len]);
                cur.pos += len;
            }
        }
    }
}

/// A string whose text starts like `C:\` or `\\server` keeps every backslash that does not
/// escape a backslash or a quote, so `C:\new\table` stays a path.
fn looks_like_windows_path(cur: &Cursor<'_>) -> bool {
    let at = cur.pos;
    let drive = cur.byte_at(at).is_some_and(|b| b.is_ascii_alphabetic())
        && cur.byte_at(at + 1) == Some(b':')
        && cur.byte_at(at + 2) == Some(b'\\')
        && cur.byte_at(at + 3) != Some(b'\\');
    let unc = cur.starts_with(at, "\\\\")
        && cur
            .byte_at(at + 2)
            .is_some_and(|b| b.is_ascii_alphanumeric());
    drive || unc
}

/// Reads one escape at the cursor (on the backslash) into `text`. Returns true when the input
/// ends inside the escape.
fn lex_escape(cur: &mut Cursor<'_>, text: &mut String, raw_path: bool, quote: Quote) -> bool {
    let at = cur.pos;
    let Some(next) = cur.byte_at(at + 1) else {
        cur.pos += 1;
        return true;
    };
    let simple = match next {
        b'"' => Some('"'),
        b'\\' => Some('\\'),
        b'/' if !raw_path => Some('/'),
        b'b' if !raw_path => Some('\u{8}'),
        b'f' if !raw_path => Some('\u{c}'),
        b'n' if !raw_path => Some('\n'),
        b'r' if !raw_path => Some('\r'),
        b't' if !raw_path => Some('\t'),
        b'\'' if quote != Quote::Double => Some('\''),
        _ => None,
    };
    if let Some(c) = simple {
        text.push(c);
        cur.pos += 2;
        return false;
    }
    if next == b'u' && !raw_path {
        match hex4(cur, at + 2) {
            Hex::Truncated => {
                cur.pos = cur.end;
                return true;
            }
            Hex::Value(unit) => {
                lex_unicode(cur, text, unit);
                return false;
            }
            Hex::Invalid => {}
        }
    }
    // Not an escape: keep the backslash, read the next character as text.
    cur.fix(FixKind::InvalidEscape, at);
    text.push('\\');
    cur.pos += 1;
    false
}

enum Hex {
    Value(u32),
    Truncated,
    Invalid,
}

fn hex4(cur: &Cursor<'_>, at: usize) -> Hex {
    let mut unit = 0u32;
    for i in 0..4 {
        let Some(b) = cur.byte_at(at + i) else {
            return Hex::Truncated;
        };
        let Some(d) = char::from(b).to_digit(16) else {
            return Hex::Invalid;
        };
        unit = unit * 16 + d;
    }
    Hex::Value(unit)
}

/// Pushes the character of a `\uXXXX` escape (cursor on the backslash), pairing surrogates.
fn lex_unicode(cur: &mut Cursor<'_>, text: &mut String, unit: u32) {
    let at = cur.pos;
    cur.pos += 6;
    if (0xd800..0xdc00).contains(&unit)
        && cur.starts_with(cur.pos, "\\u")
        && let Hex::Value(low) = hex4(cur, cur.pos + 2)
        && (0xdc00..0xe000).contains(&low)
    {
        let c = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
        text.push(char::from_u32(c).unwrap_or('\u{fffd}'));
        cur.pos += 6;
        return;
    }
    match char::from_u32(unit) {
        Some(c) => text.push(c),
        None => {
            cur.fix(FixKind::LoneSurrogate, at);
            text.push('\u{fffd}');
        }
    }
}

/// Decides whether a quote that ends just before `after` closes the string, by what follows it.
fn ends_string(cur: &mut Cursor<'_>, after: usize, slot: Slot) -> bool {
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
            b'}' | b']' => true,
            b',' => next_is_member(cur, next + 1),
            b'"' | b'\'' => quoted_then(cur, next, b":"),
            b'/' | b'#' => {
                cur.bytes[after..next].contains(&b'\n') || cur.byte_at(next + 1) == Some(b'/')
            }
            _ => false,
        },
        Slot::ArrayElement => match b {
            b'}' | b']' => true,
            b',' => {
                let after_comma = cur.next_significant(next + 1);
                !cur.byte_at(after_comma)
                    .is_some_and(|c| c.is_ascii_alphabetic())
            }
            b'"' | b'\'' => quoted_then(cur, next, b",]"),
            _ => false,
        },
    }
}

/// Lookahead bound for [`quoted_then`], so a string full of quotes stays linear.
const QUOTED_LOOKAHEAD: usize = 128;

/// Is there a short quoted token at `at` (on its quote), on one line, followed by one of `then`?
fn quoted_then(cur: &mut Cursor<'_>, at: usize, then: &[u8]) -> bool {
    let quote = cur.bytes[at];
    let mut i = at + 1;
    while i < cur.end && i - at < QUOTED_LOOKAHEAD {
        cur.steps += 1;
        match cur.bytes[i] {
            b'\n' => return false,
            b'\\' => i += 2,
            b if b == quote => {
                let next = cur.next_significant(i + 1);
                return cur.byte_at(next).is_some_and(|b| then.contains(&b));
            }
            _ => i += 1,
        }
    }
    false
}

/// After a comma inside an object: does a member (a quoted key, an unquoted `key:`, or the end
/// of the object) follow?
fn next_is_member(cur: &mut Cursor<'_>, at: usize) -> bool {
    let at = cur.next_significant(at);
    match cur.byte_at(at) {
        None | Some(b'"' | b'\'' | b'}' | b'#') => true,
        Some(b'/') => matches!(cur.byte_at(at + 1), Some(b'/' | b'*')),
        Some(0xe2) => matches!(
            cur.char_at(at),
            Some('\u{201c}' | '\u{201d}' | '\u{2018}' | '\u{2019}')
        ),
        Some(b) if is_word_byte(b) => {
            let mut i = at;
            while i < cur.end && i - at < 64 && is_word_byte(cur.bytes[i]) {
                cur.steps += 1;
                i += 1;
            }
            let colon = cur.next_significant(i);
            cur.byte_at(colon) == Some(b':')
        }
        Some(_) => false,
    }
}
