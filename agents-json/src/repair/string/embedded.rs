//! JSON inside a string with its own quotes left unescaped, as when a model writes a tool's
//! arguments as a string or a file's content is a JSON document: `"{"city": "Paris"}"`.

use super::Quote;
use super::end::token_then;
use crate::repair::cursor::Cursor;

/// Does the text of a string, starting at `at`, hold JSON with its quotes left unescaped: `{`
/// and a quoted key with its colon, or `[` and a quoted element with its comma or `]` (after any
/// more opening brackets: `[{"a": ...`)? A string that is only `{` or `[` (`"{", "b": 1`) does
/// not: the quote after it is followed by a member.
pub(super) fn opens_embedded_json(cur: &mut Cursor<'_>, at: usize, quote: Quote) -> bool {
    let mut then: &[u8] = b"";
    let mut q = at;
    for _ in 0..MAX_OPENERS {
        then = match cur.byte_at(q) {
            Some(b'{') => b":",
            Some(b'[') => b",]",
            _ => break,
        };
        q = cur.next_significant(q + 1);
    }
    !then.is_empty() && quote.closer_len(cur, q) > 0 && token_then(cur, q, then)
}

/// How many opening brackets [`opens_embedded_json`] looks past.
const MAX_OPENERS: usize = 8;

/// JSON inside a string with its own quotes left unescaped (`"{"city": "Paris"}"`): while its
/// brackets are open, its quotes do not end the string.
#[derive(Default, Clone, Copy)]
pub(super) struct Embedded {
    depth: usize,
    /// Inside one of the embedded JSON's own strings, where brackets do not count.
    in_string: bool,
    /// Whether the fix was recorded (once per string).
    pub(super) noted: bool,
}

/// What a quote inside embedded JSON is.
pub(super) enum Inner {
    /// One of the embedded JSON's quotes, kept.
    Quote,
    /// The last quote of the input: it ends the string.
    End,
    /// A quote that neither opens nor closes a JSON string (`{"b": 1", ...`): the text is not
    /// embedded JSON after all.
    NotJson,
}

impl Embedded {
    /// Counts the brackets in a run of text; false once the outermost one has closed.
    pub(super) fn count(&mut self, run: &[u8], steps: &mut u64) -> bool {
        if self.in_string {
            return true;
        }
        *steps += run.len() as u64;
        for &b in run {
            match b {
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return false;
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// Judges a quote that ends just before `after`, with `text` read so far.
    pub(super) fn quote(&mut self, cur: &mut Cursor<'_>, text: &str, after: usize) -> Inner {
        let next = cur.next_significant(after);
        let Some(b) = cur.byte_at(next) else {
            return Inner::End;
        };
        if self.in_string {
            // It closes the inner string only where a key or a value may end; any other quote
            // is a quote inside it, left unescaped twice over.
            self.in_string = !matches!(b, b',' | b':' | b'}' | b']');
            return Inner::Quote;
        }
        // It opens an inner string only where a key or a value may start. Each stretch of
        // whitespace is looked at once: the next quote is after it.
        let before = text.bytes().rev().position(|b| !b.is_ascii_whitespace());
        cur.steps += before.map_or(text.len(), |n| n + 1) as u64;
        let prev = before.map(|n| text.as_bytes()[text.len() - 1 - n]);
        if matches!(prev, Some(b'{' | b'[' | b',' | b':')) {
            self.in_string = true;
            Inner::Quote
        } else {
            Inner::NotJson
        }
    }
}
