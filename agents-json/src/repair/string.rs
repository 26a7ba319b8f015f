//! Strings: any quote style, escapes valid or not, quotes and control characters left
//! unescaped by the model, and strings cut off by the end of the input.

mod embedded;
mod end;
mod escape;
mod missing;
#[cfg(test)]
mod tests;

use self::embedded::{Embedded, Inner, opens_embedded_json};
use self::end::ends_string;
use self::escape::{Backslashes, Escape};
use super::cursor::{Cursor, find_string_stop};
use super::lookahead;
use crate::fix::{FixKind, JsonFix};

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
    quote_style_at(cur, cur.pos)
}

/// Like [`quote_at`], at byte `at`.
#[inline]
fn quote_style_at(cur: &Cursor<'_>, at: usize) -> Option<(Quote, usize)> {
    match cur.byte_at(at)? {
        b'"' => Some((Quote::Double, 1)),
        b'\'' => Some((Quote::Single, 1)),
        b'`' => Some((Quote::Backtick, 1)),
        0xe2 => match cur.char_at(at)? {
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
    /// A JavaScript template literal's backticks.
    Backtick,
    SmartDouble,
    SmartSingle,
}

impl Quote {
    /// Byte length of a closing delimiter of this style at `at`, or 0.
    fn closer_len(self, cur: &Cursor<'_>, at: usize) -> usize {
        match self {
            Self::Double => usize::from(cur.byte_at(at) == Some(b'"')),
            Self::Single => usize::from(cur.byte_at(at) == Some(b'\'')),
            Self::Backtick => usize::from(cur.byte_at(at) == Some(b'`')),
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
            Self::Backtick => b'`',
            Self::SmartDouble | Self::SmartSingle => 0xe2,
        }
    }
}

/// Reads the string whose opening quote is at the cursor.
#[inline]
pub(crate) fn lex_string(cur: &mut Cursor<'_>, slot: Slot) -> Lexed {
    let (quote, open_len) = quote_at(cur).expect("lex_string called on a quote");
    if slot != Slot::Key
        && !cur.no_embedded
        && matches!(cur.byte_at(cur.pos + open_len), Some(b'{' | b'['))
    {
        return lex_bracketed(cur, slot, quote, open_len);
    }
    lex_plain(cur, slot, quote, open_len)
}

/// A string whose text opens with a bracket: maybe JSON with its own quotes left unescaped.
#[inline(never)]
fn lex_bracketed(cur: &mut Cursor<'_>, slot: Slot, quote: Quote, open_len: usize) -> Lexed {
    let start = cur.pos;
    let mark = FixMark::new(&cur.fixes);
    let (lexed, embedded) = lex(cur, slot, quote, open_len, true);
    if !(embedded && lexed.truncated && ends_with_closer(cur)) {
        return lexed;
    }
    // Read as embedded JSON, the string ran to the end of an input that ends like a finished
    // object or array: the embedded brackets misled. Read it again as plain text, and the
    // strings after it too (each of them would run to the end the same way).
    cur.no_embedded = true;
    mark.restore(&mut cur.fixes);
    cur.pos = start;
    lex_plain(cur, slot, quote, open_len)
}

/// A string read without looking for embedded JSON.
#[inline(never)]
fn lex_plain(cur: &mut Cursor<'_>, slot: Slot, quote: Quote, open_len: usize) -> Lexed {
    lex(cur, slot, quote, open_len, false).0
}

/// Reads a string whose opening quote (`open_len` bytes) is at the cursor; also says whether it
/// was read as embedded JSON.
#[inline(always)]
fn lex(
    cur: &mut Cursor<'_>,
    slot: Slot,
    quote: Quote,
    open_len: usize,
    embedded_allowed: bool,
) -> (Lexed, bool) {
    let start = cur.pos;
    match quote {
        Quote::Double => {}
        Quote::Single | Quote::Backtick => cur.fix(FixKind::SingleQuotes, start),
        Quote::SmartDouble | Quote::SmartSingle => cur.fix(FixKind::SmartQuotes, start),
    }
    cur.pos += open_len;
    let content = cur.pos;
    let mut backslashes = Backslashes::new(cur);
    let mut embedded = (embedded_allowed && opens_embedded_json(cur, cur.pos, quote))
        .then_some(Embedded::default());
    let was_embedded = embedded.is_some();
    // Whether a quote was kept inside the string so far.
    let mut kept_quote = false;
    // Whether the last quote kept opened a quotation inside the text (`said "stop`).
    let mut quotation_open = false;
    let lead = quote.closer_lead();
    let src = cur.src;
    let mut text = String::new();
    let mut noted_control = false;
    // Where the current stretch of escapes (up to the next quote) began, to read it again.
    let mut stretch: Option<Stretch> = None;
    // The closing quote's length, or `None` when the input ended first.
    let closer = loop {
        // Copy the run of ordinary bytes in one go.
        let run_start = cur.pos;
        cur.pos = find_string_stop(&cur.bytes[run_start..cur.end], lead)
            .map_or(cur.end, |p| run_start + p);
        cur.steps += (cur.pos - run_start) as u64;
        let run = &src[run_start..cur.pos];
        if let Some(open) = &mut embedded
            && !open.count(run.as_bytes(), &mut cur.steps)
        {
            embedded = None;
        }
        if text.is_empty() {
            // Usually the whole string: one exact allocation, no growth path.
            text = String::from(run);
        } else {
            text.push_str(run);
        }
        let Some(b) = cur.peek() else {
            break None;
        };
        cur.steps += 1;
        if b == b'\\' {
            if stretch.is_none() && backslashes.undecided() {
                stretch = Some(Stretch {
                    pos: cur.pos,
                    text_len: text.len(),
                    fixes: FixMark::new(&cur.fixes),
                    embedded,
                    noted_control,
                });
            }
            match backslashes.lex(cur, &mut text, quote) {
                Escape::Read => {}
                Escape::Truncated => break None,
                Escape::Reread => {
                    let Some(at) = &stretch else {
                        unreachable!("a string is read again only from a stretch's start")
                    };
                    cur.pos = at.pos;
                    text.truncate(at.text_len);
                    at.fixes.restore(&mut cur.fixes);
                    embedded = at.embedded;
                    noted_control = at.noted_control;
                }
            }
            continue;
        }
        if b < 0x20 {
            if b == b'\n'
                && slot == Slot::ObjectValue
                && !kept_quote
                && embedded.is_none()
                && lookahead::quoted_key_follows(cur, cur.pos + 1)
            {
                // `"plan": "Fiber,⏎  "email": ...`: the closing quote was left out; a comma
                // before the line end is the member separator, left for the scanner.
                cur.fix(FixKind::MissingQuote, cur.pos);
                let kept = text.trim_end_matches([' ', '\t', '\r']);
                if let Some(before) = kept.strip_suffix(',') {
                    cur.pos -= text.len() - before.len();
                    text.truncate(before.len());
                } else {
                    text.truncate(kept.len());
                }
                break Some(0);
            }
            if !noted_control {
                cur.fix(FixKind::UnescapedControl, cur.pos);
                noted_control = true;
            }
            text.push(char::from(b));
            cur.pos += 1;
            continue;
        }
        let len = quote.closer_len(cur, cur.pos);
        if len == 0 {
            // A lead byte of some other multi-byte character.
            let c = cur.char_at(cur.pos).unwrap_or('\u{fffd}');
            text.push(c);
            cur.pos += c.len_utf8();
            continue;
        }
        let after = cur.pos + len;
        stretch = None;
        if let Some(open) = &mut embedded {
            match open.quote(cur, &text, after) {
                Inner::End => break Some(len),
                Inner::Quote => {
                    kept_quote = true;
                    if !open.noted {
                        cur.fix(FixKind::EmbeddedQuotes, cur.pos);
                        open.noted = true;
                    }
                    text.push_str(&src[cur.pos..after]);
                    cur.pos = after;
                    continue;
                }
                // Not JSON after all: the quote is judged like any other.
                Inner::NotJson => embedded = None,
            }
        }
        if ends_string(cur, after, slot, kept_quote, noted_control) {
            // `"He said "stop"}`, `"say "hi","x": 1`: the quotation opened inside closes here,
            // and the string's own closing quote was left out right after it.
            if quotation_open
                && slot != Slot::Key
                && !cur.bytes[cur.pos - 1].is_ascii_whitespace()
                && missing::whole_member_or_end_after(cur, after, slot)
            {
                cur.fix(FixKind::UnescapedQuote, cur.pos);
                text.push_str(&src[cur.pos..after]);
                cur.pos = after;
                cur.fix(FixKind::MissingQuote, after);
                break Some(0);
            }
            break Some(len);
        }
        if let Some(end) = missing::member_after_separator(cur, content, cur.pos)
            && end_before(cur, content, &mut text, end)
        {
            break Some(0);
        }
        // A kept quote after a space (or first) opens a quotation; after text, closes it.
        quotation_open = cur.pos == content
            || matches!(cur.bytes[cur.pos - 1], b' ' | b'\t' | b'\n' | b'(' | b'[');
        kept_quote = true;
        cur.fix(FixKind::UnescapedQuote, cur.pos);
        text.push_str(&src[cur.pos..after]);
        cur.pos = after;
    };
    // Run to the end: closers there may be the string's container's, its quote left out.
    let closer = match closer {
        // A string read as embedded JSON is read again as plain text first (`lex_bracketed`).
        None if slot != Slot::Key
            && !was_embedded
            && cur.pos == cur.end
            && let Some(end) = missing::closers_at_end(cur, content)
            && end_before(cur, content, &mut text, end) =>
        {
            Some(0)
        }
        closer => closer,
    };
    match closer {
        Some(len) => cur.pos += len,
        None => cur.fix(FixKind::ClosedTruncated, cur.pos),
    }
    let truncated = closer.is_none();
    (Lexed { text, truncated }, was_embedded)
}

/// Ends the string at `end`, before the cursor, its closing quote left out: the bytes from
/// `end` to the cursor (separators and closers, read as they stand) leave the text, with the
/// raw whitespace before them, and a control character noted among those is no longer a fix.
/// False, changing nothing, if the text does not end with those bytes.
fn end_before(cur: &mut Cursor<'_>, content: usize, text: &mut String, end: usize) -> bool {
    debug_assert!(content <= end && end <= cur.pos);
    let mut from = end;
    while from > content && matches!(cur.bytes[from - 1], b' ' | b'\t' | b'\r' | b'\n') {
        from -= 1;
    }
    let tail = &cur.src[from..cur.pos];
    if !text.ends_with(tail) {
        return false;
    }
    text.truncate(text.len() - tail.len());
    if cur
        .fixes
        .last()
        .is_some_and(|f| f.kind == FixKind::UnescapedControl && f.offset >= from && f.count == 1)
    {
        cur.fixes.pop();
    }
    cur.pos = end;
    cur.fix(FixKind::MissingQuote, end);
    true
}

/// Does the input end (but for whitespace) with `}` or `]`?
fn ends_with_closer(cur: &mut Cursor<'_>) -> bool {
    let last = cur.bytes.iter().rposition(|b| !b.is_ascii_whitespace());
    cur.steps += (cur.end - last.unwrap_or(0)) as u64;
    last.is_some_and(|at| matches!(cur.bytes[at], b'}' | b']'))
}

/// The state of [`lex`] at the first backslash after a quote (or the string's start), to read
/// the text from there again.
struct Stretch {
    pos: usize,
    text_len: usize,
    fixes: FixMark,
    embedded: Option<Embedded>,
    noted_control: bool,
}

/// Where the list of fixes stood, so that a reading that is redone takes its fixes back.
struct FixMark {
    len: usize,
    last_count: u32,
}

impl FixMark {
    fn new(fixes: &[JsonFix]) -> Self {
        Self {
            len: fixes.len(),
            last_count: fixes.last().map_or(0, |f| f.count),
        }
    }

    fn restore(&self, fixes: &mut Vec<JsonFix>) {
        fixes.truncate(self.len);
        if let Some(last) = fixes.last_mut() {
            last.count = self.last_count;
        }
    }
}
