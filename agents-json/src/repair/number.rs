//! Numbers: JSON numbers read as serde_json reads them (64-bit integers exactly, others as the
//! nearest `f64`), the malformed ones models write (`+5`, `.5`, `5.`, `007`, `1_000`, `1,000`)
//! normalised, and numbers beyond any `f64` (`1e999`) kept as their text.

use super::cursor::{Cursor, invisible_len};
use super::exact::is_big_integer;
use super::string::Slot;
use crate::fix::FixKind;
use serde_json::{Number, Value};

/// What the bytes at the cursor turned out to be.
pub(crate) enum Lexed {
    /// A number, normalised if needed.
    Number(Value),
    /// Not a number after all (`10px`, `2024-01-01`): the caller reads a bare word from the
    /// original position.
    Word,
    /// The input ended inside the number before any digit (`-`).
    Truncated,
}

/// Reads a number at the cursor (on a digit, sign or dot).
#[inline]
pub(crate) fn lex_number(cur: &mut Cursor<'_>, slot: Slot) -> Lexed {
    if let Some(n) = plain_integer(cur).or_else(|| plain_number(cur)) {
        return Lexed::Number(Value::Number(n));
    }
    let start = cur.pos;
    let mut text = String::new();
    let mut changed = false;
    let mut i = start;
    match cur.byte_at(i) {
        Some(b'-') => {
            text.push('-');
            i += 1;
        }
        Some(b'+') => {
            changed = true;
            i += 1;
        }
        _ => {}
    }
    let int_start = text.len();
    i = digits(cur, i, &mut text, &mut changed);
    let int_digits = text.len() - int_start;
    if int_digits > 0 && int_digits <= 3 {
        i = thousands(cur, i, &mut text, &mut changed, slot);
    }
    let int_len = text.len() - int_start;
    if cur.byte_at(i) == Some(b'.') && cur.byte_at(i + 1).is_some_and(|b| b.is_ascii_digit()) {
        if int_len == 0 {
            text.push('0');
            changed = true;
        }
        text.push('.');
        i = digits(cur, i + 1, &mut text, &mut changed);
    } else if cur.byte_at(i) == Some(b'.') && int_len > 0 && cur.byte_at(i + 1) != Some(b'.') {
        // `5.` : drop the dot.
        i += 1;
        changed = true;
    }
    if int_len == 0 && !text.contains('.') {
        return if cur.byte_at(i).is_none() {
            Lexed::Truncated
        } else {
            Lexed::Word
        };
    }
    if matches!(cur.byte_at(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        let mut exp = String::from("e");
        if let Some(sign @ (b'+' | b'-')) = cur.byte_at(j) {
            exp.push(char::from(sign));
            j += 1;
        }
        let before = exp.len();
        let after = digits(cur, j, &mut exp, &mut changed);
        if exp.len() > before {
            text.push_str(&exp);
            i = after;
        } else if cur.byte_at(after).is_none() {
            // Truncated exponent: keep the mantissa.
            i = after;
            changed = true;
        }
    }
    if !may_end_number(cur, i) {
        return Lexed::Word;
    }
    if strip_leading_zeros(&mut text) {
        changed = true;
    }
    cur.steps += (i - start) as u64;
    cur.pos = i;
    match text.parse::<Number>() {
        Ok(n) => {
            if changed {
                cur.fix(FixKind::Number, start);
            }
            if n.is_f64() && int_len >= 19 && !text.contains(['.', 'e', 'E']) {
                note_big_integer(cur, text);
            }
            Lexed::Number(Value::Number(n))
        }
        // `1e999`: a number beyond any f64. Kept as written, for coercion to refuse where a
        // number is expected (an infinity must not reach a tool) and to keep where text is.
        Err(_) if text.parse::<f64>().is_ok_and(f64::is_infinite) => {
            cur.fix(FixKind::NonFiniteNumber, start);
            Lexed::Number(Value::String(text))
        }
        Err(_) => Lexed::Word,
    }
}

/// Records the digits of an integer that no 64-bit integer holds (the value holds the nearest
/// `f64`), for the scanner to file under its pointer.
#[cold]
#[inline(never)]
fn note_big_integer(cur: &mut Cursor<'_>, digits: String) {
    if is_big_integer(&digits) {
        // Filed under its pointer by the scanner, which knows where it is.
        cur.exact.push_with(&digits, |_| {});
    }
}

/// The common case without building any text: a JSON integer that fits in 64 bits, written the
/// way JSON writes it (no sign but `-`, no leading zero, not `-0`) and followed by something
/// that cannot continue a number. Anything else takes the general path.
#[inline]
fn plain_integer(cur: &mut Cursor<'_>) -> Option<Number> {
    let start = cur.pos;
    let bytes = &cur.bytes[start..cur.end];
    let negative = bytes.first() == Some(&b'-');
    let digits = &bytes[usize::from(negative)..];
    let n = digits.iter().take_while(|b| b.is_ascii_digit()).count();
    if n == 0 || n > 18 || (n > 1 && digits[0] == b'0') {
        return None;
    }
    let after = start + usize::from(negative) + n;
    match digits.get(n) {
        // `1,000`: the thousands rule decides.
        Some(b',') if digits.get(n + 1).is_some_and(u8::is_ascii_digit) => return None,
        Some(b',' | b'}' | b']' | b' ') | None => {}
        // A fraction, an exponent, digit groups, or a word (`10px`, `2024-01-01`, `50%`).
        Some(_) if !may_end_number(cur, after) => return None,
        _ => {}
    }
    let magnitude = digits[..n]
        .iter()
        .fold(0u64, |acc, &d| acc * 10 + u64::from(d - b'0'));
    let len = usize::from(negative) + n;
    let number = if negative {
        if magnitude == 0 {
            return None;
        }
        // At most 18 digits: fits in an i64.
        Number::from(-i64::try_from(magnitude).ok()?)
    } else {
        Number::from(magnitude)
    };
    cur.steps += len as u64;
    cur.pos = start + len;
    Some(number)
}

/// Any other number written the way JSON writes it (`0.875`, `-1.5e-3`) and followed by
/// something that cannot continue it: parsed from the input as it stands, without building
/// its text. Anything else takes the general path.
#[inline]
fn plain_number(cur: &mut Cursor<'_>) -> Option<Number> {
    let start = cur.pos;
    let bytes = &cur.bytes[start..];
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut i = usize::from(bytes.first() == Some(&b'-'));
    let int = digits(i);
    if int == 0 || (int > 1 && bytes[i] == b'0') {
        return None;
    }
    i += int;
    if bytes.get(i) == Some(&b'.') {
        let frac = digits(i + 1);
        if frac == 0 {
            return None;
        }
        i += 1 + frac;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(bytes.get(i + 1), Some(b'+' | b'-')));
        let exp = digits(i + 1 + sign);
        if exp == 0 {
            return None;
        }
        i += 1 + sign + exp;
    }
    // `1,000` and `1.5,5` go to the general path, where the thousands rule decides.
    if bytes.get(i) == Some(&b',') && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    if !may_end_number(cur, start + i) {
        return None;
    }
    let number = cur.src[start..start + i].parse::<Number>().ok()?;
    if int >= 19 && i == int + usize::from(bytes[0] == b'-') && number.is_f64() {
        note_big_integer(cur, cur.src[start..start + i].to_owned());
    }
    cur.steps += i as u64;
    cur.pos = start + i;
    Some(number)
}

/// Whether a number may end just before `at`: the end of the input, whitespace, a separator,
/// a closing bracket, a quote or a comment follows. Anything else (`%`, `°C`, `.3`, `/10`,
/// `:30`, letters) makes the whole word text: `50%` is `"50%"`, not `50` and lost text.
fn may_end_number(cur: &Cursor<'_>, at: usize) -> bool {
    match cur.byte_at(at) {
        None => true,
        Some(
            b' ' | b'\t' | b'\n' | b'\r' | b',' | b'{' | b'}' | b'[' | b']' | b')' | b'"' | b'\''
            | b'#' | b';',
        ) => true,
        Some(b'/') => matches!(cur.byte_at(at + 1), Some(b'/' | b'*')),
        Some(b'.') => cur.starts_with(at, "..."),
        Some(0xc2 | 0xe2 | 0xe3 | 0xef) => {
            invisible_len(&cur.bytes[at..]) > 0
                || matches!(
                    cur.char_at(at),
                    Some(
                        '\u{201c}' | '\u{201d}' | '\u{2018}' | '\u{2019}' | '\u{2026}' | '\u{ff0c}'
                    )
                )
        }
        Some(_) => false,
    }
}

/// Appends the digits at `i` (allowing `_` between digits) and returns the index after them.
fn digits(cur: &Cursor<'_>, mut i: usize, out: &mut String, changed: &mut bool) -> usize {
    while let Some(b) = cur.byte_at(i) {
        if b.is_ascii_digit() {
            out.push(char::from(b));
        } else if b == b'_'
            && !out.is_empty()
            && out.as_bytes()[out.len() - 1].is_ascii_digit()
            && cur.byte_at(i + 1).is_some_and(|n| n.is_ascii_digit())
        {
            *changed = true;
        } else {
            break;
        }
        i += 1;
    }
    i
}

/// Joins thousands groups `,ddd` after an integer part of one to three digits.
///
/// In an object value, a comma followed by exactly three digits and then the end of the value is
/// a thousands separator (`"n": 1,000` is 1000), since a key cannot follow there. In an array a
/// comma separates elements unless the group starts with `0` and so could not be an element on
/// its own: `[1,000]` is `[1000]` but `[1,500]` stays `[1, 500]`.
fn thousands(
    cur: &Cursor<'_>,
    mut i: usize,
    out: &mut String,
    changed: &mut bool,
    slot: Slot,
) -> usize {
    loop {
        if cur.byte_at(i) != Some(b',') {
            return i;
        }
        let group: Option<[u8; 3]> = (0..3)
            .map(|k| cur.byte_at(i + 1 + k).filter(u8::is_ascii_digit))
            .collect::<Option<Vec<u8>>>()
            .map(|v| [v[0], v[1], v[2]]);
        let Some(group) = group else { return i };
        let after = cur.byte_at(i + 4);
        let ends = match after {
            None => true,
            Some(b) => matches!(b, b',' | b'}' | b']' | b'.' | b' ' | b'\n' | b'\r' | b'\t'),
        };
        let allowed = match slot {
            Slot::ObjectValue => true,
            Slot::ArrayElement => group[0] == b'0',
            Slot::Key => false,
        };
        if !ends || !allowed {
            return i;
        }
        out.extend(group.iter().map(|&b| char::from(b)));
        *changed = true;
        i += 4;
    }
}

/// `007` → `7`, `-00.5` → `-0.5`. Returns whether anything was removed.
fn strip_leading_zeros(text: &mut String) -> bool {
    let sign = usize::from(text.starts_with('-'));
    let digits_end = text[sign..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(text.len(), |p| p + sign);
    let int = &text[sign..digits_end];
    if int.len() > 1 && int.starts_with('0') {
        let keep = int.trim_start_matches('0');
        let keep = if keep.is_empty() { "0" } else { keep };
        let rebuilt = format!("{}{}{}", &text[..sign], keep, &text[digits_end..]);
        *text = rebuilt;
        true
    } else {
        false
    }
}
