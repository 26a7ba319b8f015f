//! A single pass that finds, with certainty, input the strict parser would reject, so the
//! failed `serde_json::from_str` (which builds a partial value and drops it) can be skipped.
//!
//! It never calls valid JSON malformed: every rule below is a property of all valid JSON, and
//! when unsure (an unterminated string, a `\u` escape) it says nothing.

/// Byte classes outside strings, as offsets into [`NEXT`]'s rows.
const BAD: u8 = 0;
const WS: u8 = 1;
const OPEN: u8 = 2;
const CLOSE: u8 = 3;
const COMMA: u8 = 4;
const COLON: u8 = 5;
const QUOTE: u8 = 6;
/// Bytes of numbers and of `true`, `false`, `null`.
const WORD: u8 = 7;

/// The class of every byte; anything not listed (quotes other than `"`, `/`, `#`, `_`, letters
/// outside `true`/`false`/`null`/exponents, non-ASCII) never occurs outside a JSON string.
const CLASS: [u8; 256] = {
    let mut t = [BAD; 256];
    t[b' ' as usize] = WS;
    t[b'\t' as usize] = WS;
    t[b'\n' as usize] = WS;
    t[b'\r' as usize] = WS;
    t[b'"' as usize] = QUOTE;
    t[b'{' as usize] = OPEN;
    t[b'[' as usize] = OPEN;
    t[b'}' as usize] = CLOSE;
    t[b']' as usize] = CLOSE;
    t[b',' as usize] = COMMA;
    t[b':' as usize] = COLON;
    let word = b"0123456789-+.eEtruefalsn";
    let mut i = 0;
    while i < word.len() {
        t[word[i] as usize] = WORD;
        i += 1;
    }
    t
};

/// States: what the last significant token was, as a row offset into [`NEXT`].
/// The start, `{`, `[` or `:`: a value, a key or a close may follow; not `,` or `:`.
const AFTER_OPEN: u8 = 0;
/// A `,`: a value or key follows; not a close, `,` or `:`.
const AFTER_COMMA: u8 = 8;
/// A string, number, literal, `}` or `]`: only `,`, `:`, a close or the end may follow.
const AFTER_VALUE: u8 = 16;
/// Flags on a [`NEXT`] entry, above the state: a string or a word starts here, or the input is
/// certainly malformed.
const STRING: u8 = 32;
const WORDS: u8 = 64;
const ERR: u8 = 128;

/// The next state for each state and byte class (columns in class order: bad, whitespace,
/// open, close, comma, colon, quote, word), with the flags above; 32 entries so that the index
/// can be masked instead of bounds-checked.
const NEXT: [u8; 32] = {
    let (o, c, v, e) = (AFTER_OPEN, AFTER_COMMA, AFTER_VALUE, ERR);
    let (s, w) = (AFTER_VALUE | STRING, AFTER_VALUE | WORDS);
    [
        e, o, o, v, e, e, s, w, // after an open bracket, a colon or at the start
        e, c, o, e, e, e, s, w, // after a comma: `,}` `,,` `,:` are errors
        e, v, e, v, c, o, e, e, // after a value: a missing comma (`1 2`, `"a" "b"`, `} {`)
        e, e, e, e, e, e, e, e, // unused
    ]
};

/// Bytes that end a run of string text: `"`, a backslash, a control character.
const STRING_STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = true;
        i += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// How many bytes [`certainly_malformed`] reads. On valid input the check is pure overhead
/// (12-14 instructions a byte), so it reads only the start, where most malformations of short
/// tool arguments show (`{'`, `{a:`, `True`, a missing comma after the first member): 16 keeps
/// the valid corpus within 1.15x `serde_json`; the whole input would cost 1.20x.
const PREFIX: usize = 16;

/// Whether `input` is certainly not JSON that `serde_json::from_str` accepts, judged by its
/// first [`PREFIX`] bytes. `false` means "may be valid", never "is valid": every rule holds for
/// every prefix of valid JSON.
pub(crate) fn certainly_malformed(input: &[u8]) -> bool {
    certainly_malformed_prefix(&input[..input.len().min(PREFIX)])
}

/// [`certainly_malformed`] on all of `bytes`.
fn certainly_malformed_prefix(bytes: &[u8]) -> bool {
    let mut state = AFTER_OPEN;
    let mut rest = bytes;
    while let Some((&b, tail)) = rest.split_first() {
        rest = tail;
        let next = NEXT[usize::from(state | CLASS[b as usize]) & 31];
        state = next & 31;
        if next < STRING {
            continue;
        }
        if next & ERR != 0 {
            return true;
        }
        if next & STRING != 0 {
            // Byte by byte: strings in tool arguments are short, and a word-at-a-time scan
            // costs more to set up than it saves on them.
            loop {
                let Some(p) = rest.iter().position(|&x| STRING_STOP[x as usize]) else {
                    return false; // unterminated: leave it to the strict parse
                };
                match rest[p] {
                    b'"' => {
                        rest = &rest[p + 1..];
                        break;
                    }
                    b'\\' => match rest.get(p + 1) {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' | b'u') => {
                            rest = &rest[p + 2..];
                        }
                        Some(_) => return true, // an invalid escape such as `\w` or `\'`
                        None => return false,
                    },
                    _ => return true, // a raw control character in a string
                }
            }
        } else {
            // A run of word bytes in valid JSON is one number or literal.
            let (lead, after) = if b == b'-' {
                (rest.first(), rest.get(1))
            } else {
                (Some(&b), rest.first())
            };
            match lead {
                Some(b'0') if after.is_some_and(u8::is_ascii_digit) => return true, // `007`
                Some(b'0'..=b'9') => {}
                Some(b't' | b'f' | b'n') if b != b'-' => {}
                None => return false, // a `-` at the end of a cut-off prefix
                _ => return true,     // `.5`, `+5`, `e`, `-x`
            }
            let n = rest
                .iter()
                .position(|&x| CLASS[x as usize] != WORD)
                .unwrap_or(rest.len());
            rest = &rest[n..];
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{certainly_malformed, certainly_malformed_prefix as whole};

    #[test]
    fn valid_json_is_never_malformed() {
        for s in [
            r#"{"a": 1}"#,
            r#"{"a": [1, 2.5e-3, -0, 0.5, -12E+2, true, false, null], "b": {}}"#,
            r#"[]"#,
            r#"[[], {}, "x\"y\\z\/\b\f\n\r\t\u00e9", "é \u2028"]"#,
            "\t{ \"k\" :\r\n \"v\" }\n",
            r#""just a string""#,
            "-0.0e0",
            r#"{"a":{"b":[{"c":null}]},"d":3}"#,
            r#"{"long key that goes past the prefix": "a", "b": [1, -2]}"#,
        ] {
            assert!(!whole(s.as_bytes()), "{s}");
            assert!(!certainly_malformed(s.as_bytes()), "{s}");
            for end in 0..=s.len() {
                assert!(!whole(&s.as_bytes()[..end]), "{s} cut at {end}");
            }
        }
    }

    #[test]
    fn only_the_prefix_is_read() {
        assert!(certainly_malformed(b"{'a': 1}"));
        assert!(!certainly_malformed(br#"{"a long key here": 1, 'b': 2}"#));
    }

    #[test]
    fn common_malformations_are_found() {
        for s in [
            "{'a': 1}",
            "{a: 1}",
            r#"{"a": 1,}"#,
            "[1, 2,]",
            "[1,, 2]",
            r#"{"a": 1 // c
            }"#,
            r#"{"a": /* c */ 1}"#,
            r#"{"a": 1} # c"#,
            r#"{"a": True}"#,
            r#"{"a": None}"#,
            "[1, NaN]",
            r#"{"a": undefined}"#,
            r#"{"a": 1 "b": 2}"#,
            "[1 2]",
            r#"{"a": .5}"#,
            r#"{"a": +5}"#,
            r#"{"a": 007}"#,
            r#"{"a": "x\w"}"#,
            "{\"a\": \"x\ny\"}",
            r#"{"a": "say "hi" now"}"#,
            "[1,\u{200d}2]",
        ] {
            assert!(whole(s.as_bytes()), "{s}");
        }
    }
}
