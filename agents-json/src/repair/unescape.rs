//! JSON written with escaped quotes but no enclosing string (`{\"a\": 1}`), as copied out of a
//! JSON-encoded field: one level of escaping is decoded, keeping a map from the decoded text
//! back to the input so fixes found in it point into the input.

use super::cursor::find2;

/// How far past a candidate bracket to look for the escaped quote that marks escaped JSON.
const LOOKAHEAD: usize = 64;

/// Whether the `{` or `[` at `at` opens JSON written with escaped quotes: after it, past
/// whitespace, literal `\n`, `\r` and `\t` escapes and further opening brackets, comes `\"`.
/// Looks at most [`LOOKAHEAD`] bytes ahead.
pub(crate) fn escaped_at(bytes: &[u8], at: usize, end: usize, steps: &mut u64) -> bool {
    let limit = end.min(at + LOOKAHEAD);
    let mut i = at + 1;
    while i < limit {
        *steps += 1;
        match bytes[i] {
            b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'[' => i += 1,
            b'\\' if i + 1 < end => match bytes[i + 1] {
                b'n' | b'r' | b't' => i += 2,
                b'"' => return true,
                _ => return false,
            },
            _ => return false,
        }
    }
    false
}

/// Text with one level of escaping removed.
pub(crate) struct Decoded {
    pub(crate) text: String,
    /// `(offset in text, offset in input)` where each stretch copied as it stands begins; the
    /// first is `(0, start)`.
    marks: Vec<(usize, usize)>,
    /// The input's length, the bound of every mapped offset.
    input_len: usize,
}

impl Decoded {
    /// The input offset of byte `at` of the decoded text (inside an escape that became one
    /// character, the escape's end); never beyond the input.
    pub(crate) fn input_offset(&self, at: usize) -> usize {
        let i = self.marks.partition_point(|&(d, _)| d <= at).max(1);
        let (d, o) = self.marks[i - 1];
        (o + (at - d)).min(self.input_len)
    }
}

/// Decodes `input[start..end]`: `\"`, `\\`, `\/`, `\n`, `\t`, `\r`, `\b`, `\f` and `\uXXXX`
/// (surrogate pairs joined) become the character they stand for; any other backslash is
/// kept as it is. One pass.
pub(crate) fn decode(input: &str, start: usize, end: usize, steps: &mut u64) -> Decoded {
    let bytes = input.as_bytes();
    let mut text = String::with_capacity(end - start);
    let mut marks = vec![(0, start)];
    let mut run = start;
    let mut pos = start;
    while let Some(p) = find2(&bytes[pos..end], b'\\', b'\\') {
        let at = pos + p;
        text.push_str(&input[run..at]);
        let (ch, len) = escape(bytes, at, end).unwrap_or(('\\', 1));
        text.push(ch);
        pos = at + len;
        run = pos;
        if len > 1 {
            marks.push((text.len(), pos));
        }
    }
    text.push_str(&input[run..end]);
    *steps += (end - start) as u64;
    Decoded {
        text,
        marks,
        input_len: input.len(),
    }
}

/// The character an escape at `at` (a backslash) stands for, and the escape's length.
fn escape(bytes: &[u8], at: usize, end: usize) -> Option<(char, usize)> {
    let ch = match *bytes.get(at + 1).filter(|_| at + 1 < end)? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'n' => '\n',
        b't' => '\t',
        b'r' => '\r',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'u' => return unicode(bytes, at, end),
        _ => return None,
    };
    Some((ch, 2))
}

/// A `\uXXXX` escape at `at`, joined with a following low surrogate; a lone surrogate is kept
/// as written (the scanner reports it inside a string).
fn unicode(bytes: &[u8], at: usize, end: usize) -> Option<(char, usize)> {
    let unit = hex4(bytes, at + 2, end)?;
    if (0xd800..0xdc00).contains(&unit) {
        if bytes.get(at + 6) == Some(&b'\\') && bytes.get(at + 7) == Some(&b'u') {
            let low = hex4(bytes, at + 8, end)?;
            if (0xdc00..0xe000).contains(&low) {
                let c = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
                return char::from_u32(c).map(|c| (c, 12));
            }
        }
        return None;
    }
    char::from_u32(unit).map(|c| (c, 6))
}

fn hex4(bytes: &[u8], at: usize, end: usize) -> Option<u32> {
    if at + 4 > end {
        return None;
    }
    bytes[at..at + 4].iter().try_fold(0, |acc, &b| {
        let digit = char::from(b).to_digit(16)?;
        Some(acc << 4 | digit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_escaped_openings() {
        let mut steps = 0;
        for (text, want) in [
            (r#"{\"a\": 1}"#, true),
            (r#"{\n  \"a\": 1}"#, true),
            (r#"[{\"a\": 1}]"#, true),
            (r#"{"a": 1}"#, false),
            (r#"{a: \"x\"}"#, false),
            (r#"{\"#, false),
            ("{", false),
        ] {
            assert_eq!(
                escaped_at(text.as_bytes(), 0, text.len(), &mut steps),
                want,
                "{text}"
            );
        }
    }

    #[test]
    fn decodes_one_level_and_maps_back() {
        let mut steps = 0;
        let input = r#"x {\"a\": \"\u00e9\\\"q\\\" \ud83d\ude00\", \"p\": \"C:\\d\"} \z"#;
        let d = decode(input, 2, input.len(), &mut steps);
        assert_eq!(
            d.text,
            "{\"a\": \"\u{e9}\\\"q\\\" \u{1f600}\", \"p\": \"C:\\d\"} \\z"
        );
        // `{` maps to itself, `a` to the input's `a`, every offset stays inside the input.
        assert_eq!(d.input_offset(0), 2);
        assert_eq!(&input[d.input_offset(2)..d.input_offset(2) + 1], "a");
        for at in 0..=d.text.len() {
            assert!(d.input_offset(at) <= input.len());
        }
        let d = decode(r"\ud800 \u12", 0, 11, &mut steps);
        assert_eq!(d.text, r"\ud800 \u12");
    }
}
