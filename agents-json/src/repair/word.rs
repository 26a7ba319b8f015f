//! Words outside quotes: JSON, Python and JavaScript literals, `NaN`/`Infinity`, literals cut
//! short by the end of the input, unquoted keys, bare-word values and `...` placeholders.

use super::cursor::{Cursor, invisible_len, is_word_byte};
use crate::fix::FixKind;
use serde_json::Value;

/// The literal spelled by `word`, with the fix that converting it needs (if any).
pub(crate) fn literal(word: &str) -> Option<(Value, Option<FixKind>)> {
    let found = match word {
        "true" => (Value::Bool(true), None),
        "false" => (Value::Bool(false), None),
        "null" => (Value::Null, None),
        "True" | "TRUE" => (Value::Bool(true), Some(FixKind::ForeignLiteral)),
        "False" | "FALSE" => (Value::Bool(false), Some(FixKind::ForeignLiteral)),
        "None" | "NULL" | "Null" | "undefined" | "nil" => {
            (Value::Null, Some(FixKind::ForeignLiteral))
        }
        "NaN" | "nan" | "-NaN" | "+NaN" | "Infinity" | "-Infinity" | "+Infinity" | "inf"
        | "-inf" => (
            Value::String(word.to_owned()),
            Some(FixKind::NonFiniteNumber),
        ),
        _ => return None,
    };
    Some(found)
}

/// Reads the identifier-like word at the cursor without consuming it; returns its end.
pub(crate) fn word_end(cur: &mut Cursor<'_>, from: usize) -> usize {
    let mut i = from;
    while let Some(b) = cur.byte_at(i) {
        if !is_word_byte(b) || (b >= 0xc0 && stops_word(cur, i)) {
            break;
        }
        cur.steps += 1;
        i += 1;
    }
    i
}

/// Non-ASCII characters that end a word: quotes of any kind and invisible spaces.
fn stops_word(cur: &Cursor<'_>, at: usize) -> bool {
    if invisible_len(&cur.bytes[at..cur.end]) > 0 {
        return true;
    }
    matches!(
        cur.char_at(at),
        Some('\u{201c}' | '\u{201d}' | '\u{2018}' | '\u{2019}' | '\u{2026}')
    )
}

/// A literal at the cursor, consumed if found. A proper prefix of `true`, `false` or `null` that
/// runs to the end of the input is completed.
pub(crate) fn lex_literal(cur: &mut Cursor<'_>) -> Option<Value> {
    let start = cur.pos;
    let signed = matches!(cur.peek(), Some(b'+' | b'-'));
    let end = word_end(cur, start + usize::from(signed));
    let word = &cur.src[start..end];
    if let Some((mut value, mut fix)) = literal(word) {
        if fix == Some(FixKind::NonFiniteNumber) && !cur.non_finite_text {
            // No JSON number holds it; `null` is how serde_json and JavaScript write one.
            value = Value::Null;
            fix = Some(FixKind::NonFiniteAsNull);
        }
        if let Some(fix) = fix {
            cur.fix(fix, start);
        }
        cur.pos = end;
        return Some(value);
    }
    if end == cur.end && !word.is_empty() && !signed {
        let completed = [
            ("true", Value::Bool(true)),
            ("false", Value::Bool(false)),
            ("null", Value::Null),
        ]
        .into_iter()
        .find(|(full, _)| full.starts_with(word));
        if let Some((_, value)) = completed {
            cur.fix(FixKind::CompletedLiteral, start);
            cur.pos = end;
            return Some(value);
        }
    }
    None
}

/// A bare-word value inside an object: everything up to `,`, `}`, `]` or the end of the line,
/// trimmed. Returns `None` when there is no text.
///
/// In an object, a comma followed by a word that is not a key (no `:` after it) goes on with
/// the value: `Portland, Oregon`, `$1,250.00`.
pub(crate) fn lex_bare_value(cur: &mut Cursor<'_>, in_object: bool) -> Option<String> {
    let start = cur.pos;
    if let Some(close) = unopened_string_end(cur, start) {
        // `"desc": The talk was long, and dull.",`: a string whose opening quote was left out
        // runs to the quote that ends the line, commas and all.
        cur.fix(FixKind::BareWord, start);
        cur.pos = close + 1;
        return Some(cur.src[start..close].trim().to_owned());
    }
    let mut i = start;
    while let Some(b) = cur.byte_at(i) {
        if b == b',' && in_object && comma_continues_value(cur, i) {
            cur.steps += 1;
            i += 1;
            continue;
        }
        if matches!(b, b',' | b'}' | b']' | b'\n' | b'\r') {
            break;
        }
        cur.steps += 1;
        i += 1;
    }
    let text = cur.src[start..i].trim();
    if text.is_empty() {
        return None;
    }
    cur.fix(FixKind::BareWord, start);
    cur.pos = i;
    Some(text.to_owned())
}

/// Whether the comma at `at`, inside a bare value, is part of it: a word follows on the same
/// line (after spaces) and then `,`, `}` or the end of the input, not a `:` (which makes the
/// word the next key) or a quote.
fn comma_continues_value(cur: &mut Cursor<'_>, at: usize) -> bool {
    let mut i = at + 1;
    while matches!(cur.byte_at(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    let word = i;
    while i - word < 64 && cur.byte_at(i).is_some_and(|b| is_word_byte(b) || b == b' ') {
        i += 1;
    }
    cur.steps += (i - at) as u64;
    i > word && matches!(cur.byte_at(i), None | Some(b',' | b'}'))
}

/// The quote that closes a string opened without its quote at `start`: the first `"` on the
/// line, if the line ends right after it but for a `,`, `}` or `]`.
///
/// Bare values on one long line all look ahead to the same quote, so the answer for a quote is
/// kept in the cursor ([`Cursor::line_quote`]) and each byte is examined once overall.
fn unopened_string_end(cur: &mut Cursor<'_>, start: usize) -> Option<usize> {
    let (stop, closes) = match cur.line_quote {
        Some((from, stop, closes)) if from <= start && start <= stop => (stop, closes),
        _ => {
            let stop = cur.bytes[start..]
                .iter()
                .position(|&b| matches!(b, b'"' | b'\n' | b'\r'))
                .map_or(cur.end, |p| start + p);
            let closes = cur.byte_at(stop) == Some(b'"') && quote_ends_line(cur, stop + 1);
            cur.steps += (stop - start) as u64;
            cur.line_quote = Some((start, stop, closes));
            (stop, closes)
        }
    };
    (closes && stop > start).then_some(stop)
}

/// Whether only whitespace, then one of `,`, `}`, `]`, then whitespace and closers follow `at`
/// up to the end of its line.
fn quote_ends_line(cur: &mut Cursor<'_>, at: usize) -> bool {
    let rest = &cur.bytes[at..];
    let mut seen_separator = false;
    for (i, &b) in rest.iter().enumerate() {
        cur.steps += 1;
        match b {
            b'\n' | b'\r' => return seen_separator || i == 0,
            b' ' | b'\t' => {}
            b'}' | b']' => seen_separator = true,
            b',' if !seen_separator => seen_separator = true,
            _ => return false,
        }
    }
    true
}

/// An unquoted key at the cursor, consumed if there is one.
pub(crate) fn lex_unquoted_key(cur: &mut Cursor<'_>) -> Option<String> {
    let start = cur.pos;
    let end = word_end(cur, start);
    if end == start {
        return None;
    }
    cur.fix(FixKind::UnquotedKey, start);
    cur.pos = end;
    Some(cur.src[start..end].to_owned())
}

/// Length of a `...` or `…` placeholder at the cursor, or 0.
#[inline]
pub(crate) fn placeholder_len(cur: &Cursor<'_>) -> usize {
    if !matches!(cur.peek(), Some(b'.' | 0xe2)) {
        0
    } else if cur.starts_with(cur.pos, "...") {
        let mut n = 3;
        while cur.byte_at(cur.pos + n) == Some(b'.') {
            n += 1;
        }
        n
    } else if cur.starts_with(cur.pos, "\u{2026}") {
        3
    } else {
        0
    }
}
