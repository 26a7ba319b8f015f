//! Backslashes inside a string: JSON escapes, and text whose backslashes were never escaped
//! (a Windows path, LaTeX, a regex), where they are kept as written.

use super::Quote;
use crate::fix::FixKind;
use crate::repair::cursor::{Cursor, find2};

/// How far [`Backslashes`] looks ahead from a backslash for the rest of its stretch.
const ESCAPE_LOOKAHEAD: usize = 1 << 14;

/// How one string's backslashes are read.
///
/// A backslash that starts no JSON escape (`\s`, `\p`, `\d`, `\ `, or `\b`/`\f` before a letter,
/// as in `\beta`, `\frac`) says that the string's author did not escape backslashes at all, so
/// every backslash is literal from the first one of its stretch (the text since the last quote)
/// to the end of the string, except in `\\` and `\"` (and `\'` in a single-quoted string):
/// `"\frac{a}{b} + \sqrt{x}"` keeps its `\f`, `"D:\projects\new"` its `\n`. Escapes are decoded
/// optimistically, and the lexer reads the stretch again when it turns out raw (once per string
/// at most); a string with only valid escapes is read once.
///
/// A string that shows an escape only JSON-aware writers use (`\n`, `\r` or `\t` before
/// something other than a letter, `\u00e9`), in its stretch or before, stays decoded: it is
/// escaped text with a slip, like code whose regex `\d` lost its second backslash.
pub(super) struct Backslashes {
    raw: bool,
    escaped: bool,
}

/// What [`Backslashes::lex`] did.
pub(super) enum Escape {
    /// Read one escape (or a literal backslash).
    Read,
    /// The input ended inside the escape.
    Truncated,
    /// The string turned out raw: read the stretch again from its first backslash.
    Reread,
}

impl Backslashes {
    /// For a string whose text starts at the cursor.
    pub(super) fn new(cur: &Cursor<'_>) -> Self {
        Self {
            raw: looks_like_windows_path(cur),
            escaped: false,
        }
    }

    /// Whether a backslash may still turn the string raw (and so ask for a [`Escape::Reread`]).
    #[inline]
    pub(super) fn undecided(&self) -> bool {
        !self.raw && !self.escaped
    }

    /// Reads the escape at the cursor (on the backslash) into `text`.
    pub(super) fn lex(&mut self, cur: &mut Cursor<'_>, text: &mut String, quote: Quote) -> Escape {
        if self.undecided() && not_json_escape(cur, cur.pos) {
            if real_escape_ahead(cur, cur.pos, quote) {
                self.escaped = true;
            } else {
                self.raw = true;
                return Escape::Reread;
            }
        }
        match lex_escape(cur, text, self.raw, quote, self.escaped) {
            Lexed::Truncated => Escape::Truncated,
            Lexed::Real => {
                self.escaped = true;
                Escape::Read
            }
            Lexed::Other => Escape::Read,
        }
    }
}

/// A string whose text starts like `C:\` or `\\server` is raw from its first byte: in
/// `C:\new\table` every escape would be valid, and wrong.
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

/// Is the backslash at `at` one that no JSON writer means: not an escape at all, or a backspace
/// or form feed before a letter (`\beta`, `\bword\b`, `\frac`)? `\'` is not counted: that is
/// escaping too much, not too little.
fn not_json_escape(cur: &Cursor<'_>, at: usize) -> bool {
    match cur.byte_at(at + 1) {
        None | Some(b'"' | b'\\' | b'/' | b'n' | b'r' | b't' | b'\'') => false,
        Some(b'b' | b'f') => cur.byte_at(at + 2).is_some_and(|b| b.is_ascii_alphabetic()),
        Some(b'u') => matches!(hex4(cur, at + 2), Hex::Invalid),
        Some(_) => true,
    }
}

/// Is the escape at `at` one that only JSON-aware writers use: `\n`, `\r` or `\t` before
/// anything but a letter (`"a\n"`, `"\n\n- item"`, `"\tx = 1"` is not), or a `\u` escape?
fn real_escape(cur: &Cursor<'_>, at: usize) -> bool {
    match cur.byte_at(at + 1) {
        Some(b'n' | b'r' | b't') => !cur.byte_at(at + 2).is_some_and(|b| b.is_ascii_alphabetic()),
        Some(b'u') => matches!(hex4(cur, at + 2), Hex::Value(_)),
        _ => false,
    }
}

/// Is there a [`real_escape`] from the backslash at `from` to the end of its stretch (the next
/// quote no backslash escapes, the end of the input, or the lookahead bound)?
fn real_escape_ahead(cur: &mut Cursor<'_>, from: usize, quote: Quote) -> bool {
    let limit = cur.end.min(from.saturating_add(ESCAPE_LOOKAHEAD));
    let lead = quote.closer_lead();
    let mut i = from;
    while i < limit {
        let Some(p) = find2(&cur.bytes[i..limit], b'\\', lead) else {
            cur.steps += (limit - i) as u64;
            return false;
        };
        let at = i + p;
        cur.steps += p as u64 + 1;
        if cur.bytes[at] == b'\\' {
            if real_escape(cur, at) {
                return true;
            }
            i = at + 2;
        } else if quote.closer_len(cur, at) > 0 {
            return false;
        } else {
            i = at + 1;
        }
    }
    false
}

/// What [`lex_escape`] read.
enum Lexed {
    /// A [`real_escape`], decoded.
    Real,
    /// Any other escape, or a literal backslash.
    Other,
    /// The input ended inside the escape.
    Truncated,
}

/// Reads one escape at the cursor (on the backslash) into `text`; in a `raw` string only `\\`
/// and the string's own quote are escapes. Tells a [`real_escape`] apart unless `escaped` says
/// the string has shown one already.
fn lex_escape(
    cur: &mut Cursor<'_>,
    text: &mut String,
    raw: bool,
    quote: Quote,
    escaped: bool,
) -> Lexed {
    let at = cur.pos;
    let Some(next) = cur.byte_at(at + 1) else {
        cur.pos += 1;
        return Lexed::Truncated;
    };
    let simple = match next {
        b'"' => Some('"'),
        b'\\' => Some('\\'),
        b'/' if !raw => Some('/'),
        b'b' if !raw => Some('\u{8}'),
        b'f' if !raw => Some('\u{c}'),
        b'n' if !raw => Some('\n'),
        b'r' if !raw => Some('\r'),
        b't' if !raw => Some('\t'),
        b'\'' if quote != Quote::Double => Some('\''),
        _ => None,
    };
    if next == b'\'' && quote == Quote::Double && !raw {
        // `\'` in a double-quoted string escapes what needs no escape (Python's habit): the
        // quote was meant, not the backslash.
        cur.fix(FixKind::InvalidEscape, at);
        text.push('\'');
        cur.pos += 2;
        return Lexed::Other;
    }
    if let Some(c) = simple {
        let real = !raw && !escaped && real_escape(cur, at);
        text.push(c);
        cur.pos += 2;
        return if real { Lexed::Real } else { Lexed::Other };
    }
    if next == b'u' && !raw {
        match hex4(cur, at + 2) {
            Hex::Truncated => {
                cur.pos = cur.end;
                return Lexed::Truncated;
            }
            Hex::Value(unit) => {
                lex_unicode(cur, text, unit);
                return Lexed::Real;
            }
            Hex::Invalid => {}
        }
    }
    // Not an escape: keep the backslash, read the next character as text.
    cur.fix(FixKind::InvalidEscape, at);
    text.push('\\');
    cur.pos += 1;
    Lexed::Other
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
