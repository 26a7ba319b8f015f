//! Whether input can be valid JSON at all, judged cheaply from its two ends and its first
//! member, so that the strict parse (which builds a partial value and drops it when it fails)
//! is skipped for input that certainly fails it.
//!
//! On valid input this check is pure overhead, so it reads a handful of bytes with no loop
//! whose steps depend on each other: a byte-at-a-time automaton over the first 32 bytes was
//! measured at 20% of `serde_json::from_str`'s time on short tool arguments (each step waits
//! for the previous state), against about 3% for these checks (see docs/PERFORMANCE.md).
//! Every rule holds for all valid JSON, so valid input always reaches the strict parse.

use super::cursor::find_string_stop;

/// JSON whitespace.
fn ws(b: &u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// Whether `input` may be valid JSON. `false` means it certainly is not:
///
/// - by its ends: an object must end in `}` and an array in `]`, the byte before the closing
///   bracket must end a value (not a comma, a comment, a single quote), a literal ending there
///   must be spelled `true`, `false` or `null` (not `True`, `None`), a string must end in `"`,
///   and nothing else starts a value (fences, prose, truncation, trailing commas fail here);
/// - by its first member: an object's first key must be a double-quoted string followed by
///   `:`, and the first value (of an object or an array) must start like a JSON value (not
///   `'x'`, `True`, `None`, `NaN`, `.5`, `+5`, `007`, an unquoted word).
#[inline]
pub(crate) fn may_be_json(input: &str) -> bool {
    let bytes = input.as_bytes();
    let (Some(first), Some(last)) = (
        bytes.iter().position(|b| !ws(b)),
        bytes.iter().rposition(|b| !ws(b)),
    ) else {
        return false;
    };
    match bytes[first] {
        b'{' => bytes[last] == b'}' && ends_value(bytes, first, last) && first_member(bytes, first),
        b'[' => bytes[last] == b']' && ends_value(bytes, first, last) && first_member(bytes, first),
        b'"' => bytes[last] == b'"' && last > first,
        // A bare number or literal: `- item` lists and words starting with t, f or n are not.
        _ => starts_value(&bytes[first..]),
    }
}

/// Whether the byte before the closing bracket at `last` ends a value or is the opening
/// bracket at `first`; a literal there must be a JSON literal.
fn ends_value(bytes: &[u8], first: usize, last: usize) -> bool {
    let Some(end) = bytes[first + 1..last].iter().rposition(|b| !ws(b)) else {
        return true; // `{}` or `[]`
    };
    let end = first + 1 + end;
    match bytes[end] {
        b'"' | b'0'..=b'9' | b'}' | b']' => true,
        b'e' => {
            // `true`, `false`, or an exponent cut short (`1e`, which the strict parse rejects
            // anyway): `True`, `False`, `None` fail.
            let head = &bytes[..=end];
            head.ends_with(b"true") || head.ends_with(b"false")
        }
        b'l' => bytes[..=end].ends_with(b"null"),
        _ => false,
    }
}

/// Whether the first member after the opening bracket at `open` starts like valid JSON: a key
/// in double quotes followed by `:` in an object, then (in both) the first byte of a value.
fn first_member(bytes: &[u8], open: usize) -> bool {
    let object = bytes[open] == b'{';
    let mut at = skip_ws(bytes, open + 1);
    if object {
        match bytes.get(at) {
            Some(b'"') => {}
            Some(b'}') => return true,
            _ => return false,
        }
        // The key's closing quote (eight bytes a step); a backslash in the key leaves the
        // question to the parse, a raw control character answers it.
        let Some(len) = find_string_stop(&bytes[at + 1..], b'"') else {
            return false; // the key never ends: cut off
        };
        let close = at + 1 + len;
        match bytes[close] {
            b'"' => {}
            b'\\' => return true,
            _ => return false,
        }
        at = skip_ws(bytes, close + 1);
        if bytes.get(at) != Some(&b':') {
            return false;
        }
        at = skip_ws(bytes, at + 1);
    }
    if !starts_value(&bytes[at..]) {
        return false;
    }
    // Where the first value ends, for a string or a number; other values are left to the parse.
    let end = match bytes[at] {
        b'"' => match first_string_end(bytes, at) {
            StringEnd::At(end) => end,
            StringEnd::Unknown => return true,
            StringEnd::Malformed => return false,
        },
        b'-' | b'0'..=b'9' => match number_end(bytes, at) {
            Some(end) => end,
            None => return false,
        },
        _ => return true,
    };
    separator_follows(bytes, end, object)
}

/// Whether what follows a first value ending at `end` can follow it: the close, or a comma
/// and then the start of the next member (a quoted key in an object, a value in an array).
/// Catches `1,000`, `50%`, `12:30`, `"a" "b"`, `"a",, "b"`, `"a", ...` after the first member.
fn separator_follows(bytes: &[u8], end: usize, object: bool) -> bool {
    let at = skip_ws(bytes, end);
    match bytes.get(at) {
        Some(b'}' | b']') => true,
        Some(b',') => {
            let next = &bytes[skip_ws(bytes, at + 1).min(bytes.len())..];
            if object {
                next.first() == Some(&b'"')
            } else {
                starts_value(next) && next.first() != Some(&b']')
            }
        }
        _ => false,
    }
}

/// How far into a first value that is a string [`first_string_end`] looks.
const STRING_LOOK: usize = 48;

/// How the first value, a string, ends.
enum StringEnd {
    /// Just past its closing quote, at this offset.
    At(usize),
    /// Cannot be told cheaply: a backslash, or longer than [`STRING_LOOK`].
    Unknown,
    /// A raw control character before its closing quote: never valid JSON.
    Malformed,
}

/// How the string value at `at` ends, judged within its first [`STRING_LOOK`] bytes.
fn first_string_end(bytes: &[u8], at: usize) -> StringEnd {
    let text = &bytes[at + 1..bytes.len().min(at + 1 + STRING_LOOK)];
    match find_string_stop(text, b'"') {
        Some(stop) if text[stop] == b'"' => StringEnd::At(at + 2 + stop),
        Some(stop) if text[stop] < 0x20 => StringEnd::Malformed,
        // A backslash: JSON's escapes only (`\d`, `\'`, `C:\Users` are not).
        Some(stop) => match text.get(stop + 1) {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' | b'u') | None => {
                StringEnd::Unknown
            }
            Some(_) => StringEnd::Malformed,
        },
        None => StringEnd::Unknown,
    }
}

/// The end of the number at `at`, written the way JSON writes it: a sign only first or after
/// the exponent mark, one fraction point before the exponent, one exponent. `None` for `1.2.3`,
/// `2024-01-31`, `1e5e5`. (Leading zeros were ruled out before.)
fn number_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut i = at + usize::from(bytes[at] == b'-');
    let (mut point, mut exponent) = (false, false);
    while let Some(&b) = bytes.get(i) {
        match b {
            b'0'..=b'9' => {}
            b'.' if !point && !exponent => point = true,
            b'e' | b'E' if !exponent => {
                exponent = true;
                if matches!(bytes.get(i + 1), Some(b'+' | b'-')) {
                    i += 1;
                }
            }
            b'.' | b'e' | b'E' | b'+' | b'-' => return None,
            _ => break,
        }
        i += 1;
    }
    Some(i)
}

/// Whether `rest` starts like a JSON value (or closes an empty array). Inlined: a call to it
/// cost more than its few compares (and LLVM left it a call in `first_member`).
#[inline(always)]
fn starts_value(rest: &[u8]) -> bool {
    match rest {
        [b'"' | b'{' | b'[' | b']', ..] => true,
        [b'0', b'0'..=b'9', ..] | [b'-', b'0', b'0'..=b'9', ..] => false, // `007`
        [b'0'..=b'9', ..] | [b'-', b'0'..=b'9', ..] => true,
        [b't', ..] => rest.starts_with(b"true"),
        [b'f', ..] => rest.starts_with(b"false"),
        [b'n', ..] => rest.starts_with(b"null"),
        _ => false,
    }
}

/// The index of the first byte at or after `at` that is not JSON whitespace. Compact JSON has
/// none between tokens: the byte at `at` is looked at first, without setting up the loop.
#[inline(always)]
fn skip_ws(bytes: &[u8], at: usize) -> usize {
    match bytes.get(at) {
        Some(b) if !ws(b) => at,
        _ => bytes
            .get(at..)
            .and_then(|rest| rest.iter().position(|b| !ws(b)))
            .map_or(bytes.len(), |p| at + p),
    }
}

#[cfg(test)]
mod tests {
    use super::may_be_json;

    #[test]
    fn valid_json_may_be_json() {
        for s in [
            r#"{"a": 1}"#,
            r#"{"a": [1, 2.5e-3, -0, 0.5, -12E+2, true, false, null], "b": {}}"#,
            "[]",
            "{}",
            "[ ]",
            r#"[[], {}, "x\"y\\z\/\b\f\n\r\t\u00e9", "é \u2028"]"#,
            "\t{ \"k\" :\r\n \"v\" }\n",
            r#""just a string""#,
            "-0.0e0",
            "true",
            r#"{"a":{"b":[{"c":null}]},"d":3}"#,
            r#"{"k\"ey": 1}"#,
            r#"[-1, 0, 0.5]"#,
            r#"{"a": false}"#,
            r#"[null]"#,
            r#"{"a": 1e5}"#,
            r#"{"a": -1.5E+10, "b": 2}"#,
            r#"{"a": 0.5e-3}"#,
            r#"{"a": "\u00e9\n", "b": 1}"#,
            r#"{"a": "x\"y", "b": 1}"#,
            r#"{"a": 1, "b": "say \"hi\""}"#,
            r#"{"a": 1, "b": "x\\"}"#,
            r#"["a\\", "b"]"#,
            r#"{"a": [], "b": ""}"#,
            r#"{"a" : "x" , "b": 1}"#,
            r#"["x"]"#,
        ] {
            assert!(may_be_json(s), "{s}");
        }
    }

    #[test]
    fn common_malformations_are_found() {
        for s in [
            "{'a': 1}",
            "{a: 1}",
            r#"{"a": 1,}"#,
            "[1, 2,]",
            r#"{"a": 1 // c
            }"#,
            r#"{"a": 1} # c"#,
            r#"{"a": True}"#,
            r#"{"a": None}"#,
            r#"{"ok": True, "n": 1}"#,
            r#"{"a": 'x', "b": 1}"#,
            "[NaN, 1]",
            r#"{"a": undefined, "b": 1}"#,
            r#"{"a": .5, "b": 1}"#,
            r#"{"a": +5, "b": 1}"#,
            r#"{"a": 007, "b": 1}"#,
            r#"{"a" 1}"#,
            r#"{"ip": 192.168.1.1}"#,
            r#"{"date": 2024-01-31}"#,
            r#"{"p": "\d+"}"#,
            r#"{"path": "C:\Users\me"}"#,
            r#"{"text": "He said "hello" to me"}"#,
            "{\"text\": \"line1\nline2\"}",
            r#"{"a": "x""#,
            "```json\n{\"a\": 1}\n```",
            "Sure: {\"a\": 1}",
            "",
            "  ",
        ] {
            assert!(!may_be_json(s), "{s}");
        }
    }
}
