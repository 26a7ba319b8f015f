//! A single pass that finds, with certainty, input the strict parser would reject, so the
//! failed `serde_json::from_str` (which builds a partial value and drops it) can be skipped.
//!
//! It never calls valid JSON malformed: every transition of the automaton below holds for every
//! prefix of valid JSON, and where it cannot tell (a `\u` escape's digits, bracket matching,
//! which literal a run of letters spells) it says nothing. One table load per byte.

/// States of the checking automaton: the last token read, or where inside a token it is.
/// Start, or after `{`, `[` or `:`: a value, a key or a close may follow.
const OPEN: u8 = 0;
/// After `,`: a value or key; not a close, `,` or `:`.
const COMMA: u8 = 1;
/// After a complete value: `,`, `:`, a close or whitespace.
const VALUE: u8 = 2;
/// Inside a string.
const STRING: u8 = 3;
/// After a backslash inside a string.
const ESCAPE: u8 = 4;
/// Inside a number that did not start with `0`, or past its integer part.
const NUMBER: u8 = 5;
/// Right after a leading `0` (`-0` too): another digit would be a leading zero.
const ZERO: u8 = 6;
/// After a leading `-`: a digit must follow.
const MINUS: u8 = 7;
/// Inside `true`, `false` or `null` (any run of their letters: the strict parse settles which).
const LITERAL: u8 = 8;
/// Certainly malformed; never left.
const ERR: u8 = 9;

/// The automaton: `STEP[state << 8 | byte]` is the next state. Sixteen rows of 256 so that a
/// masked index needs no bounds check. Every transition holds for every prefix of valid JSON;
/// anything else leads to [`ERR`].
static STEP: [u8; 16 * 256] = {
    let mut t = [ERR; 16 * 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let ws = matches!(c, b' ' | b'\t' | b'\n' | b'\r');
        // What a value may start with, from a state that expects one.
        let starts = match c {
            b'"' => STRING,
            b'1'..=b'9' => NUMBER,
            b'0' => ZERO,
            b'-' => MINUS,
            b't' | b'f' | b'n' => LITERAL,
            b'{' | b'[' => OPEN,
            _ => ERR,
        };
        // What may follow a complete value.
        let ends = match c {
            b' ' | b'\t' | b'\n' | b'\r' | b'}' | b']' => VALUE,
            b',' => COMMA,
            b':' => OPEN,
            _ => ERR,
        };
        t[OPEN as usize * 256 + b] = if ws {
            OPEN
        } else if matches!(c, b'}' | b']') {
            VALUE
        } else {
            starts
        };
        t[COMMA as usize * 256 + b] = if ws { COMMA } else { starts };
        t[VALUE as usize * 256 + b] = ends;
        t[STRING as usize * 256 + b] = match c {
            b'"' => VALUE,
            b'\\' => ESCAPE,
            0..=0x1f => ERR,
            _ => STRING,
        };
        t[ESCAPE as usize * 256 + b] = match c {
            // `\u` is not followed up: four hex digits are the strict parse's business.
            b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' | b'u' => STRING,
            _ => ERR,
        };
        t[NUMBER as usize * 256 + b] = match c {
            b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-' => NUMBER,
            _ => ends,
        };
        t[ZERO as usize * 256 + b] = match c {
            b'.' | b'e' | b'E' => NUMBER,
            _ => ends,
        };
        t[MINUS as usize * 256 + b] = match c {
            b'0' => ZERO,
            b'1'..=b'9' => NUMBER,
            _ => ERR,
        };
        t[LITERAL as usize * 256 + b] = match c {
            b't' | b'r' | b'u' | b'e' | b'f' | b'a' | b'l' | b's' | b'n' => LITERAL,
            _ => ends,
        };
        b += 1;
    }
    t
};

/// How many bytes [`certainly_malformed`] reads. On valid input the check is pure overhead
/// (about seven instructions a byte, against serde_json's ninety-odd for short tool arguments),
/// so it reads only the start, where a malformation of short arguments most often shows: the
/// first member or two. 16 bytes cost 1.105x serde_json on the valid corpus, 32 bytes 1.127x,
/// 64 bytes 1.139x; the failed strict parses they save on the malformed corpus are worth 1.2%
/// and 1.3% more at 32 and 64 than at 16 (measured with callgrind, see docs/PERFORMANCE.md).
const PREFIX: usize = 32;

/// Whether `input` is certainly not JSON that `serde_json::from_str` accepts, judged by its
/// first [`PREFIX`] bytes. `false` means "may be valid", never "is valid": every rule holds for
/// every prefix of valid JSON.
pub(crate) fn certainly_malformed(input: &[u8]) -> bool {
    certainly_malformed_prefix(&input[..input.len().min(PREFIX)])
}

/// [`certainly_malformed`] on all of `bytes`.
fn certainly_malformed_prefix(bytes: &[u8]) -> bool {
    let mut state = OPEN;
    for &b in bytes {
        state = STEP[usize::from(state & 15) << 8 | usize::from(b)];
    }
    state == ERR
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
        let late = format!(r#"{{"{}": 1, 'b': 2}}"#, "k".repeat(super::PREFIX));
        assert!(!certainly_malformed(late.as_bytes()));
        assert!(whole(late.as_bytes()));
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
