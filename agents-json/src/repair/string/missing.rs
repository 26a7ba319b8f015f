//! Where a string whose closing quote was left out ends: before closers (and a comma) that fit
//! the containers open around it, judged by what follows them.

use super::Slot;
use super::end::{token_then, token_then_more};
use crate::repair::cursor::{Cursor, Nest};
use crate::repair::lookahead;

/// How far back from a quote the separator before the next member is looked for.
const LOOKBACK: usize = 64;

/// Most closers read in a run.
const RUN: usize = 64;

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// A quote at `quote` inside the string whose text starts at `content` is about to be kept as
/// text. Is it rather the opening quote of the next member, the string's own closing quote
/// left out before the separator? The bytes just before it must read `text` + closers that
/// close the innermost open containers in order + `,` (+ a `{` or `[` opening the next
/// element), and the token at the quote must be what that container takes next: a key and its
/// colon in an object, an element followed by `,` or `]` in an array.
///
/// `{"q": "Rome, "max": 3}`, `["red", "green, "blue"]`, `{"tags": ["a", "b], "n": 1}`,
/// `[{"id": "x}, {"id": "y"}]`. A string that ends in a quote before the comma
/// (`"say "a", "b" and c"`) is left to the quote rules: that quote was judged already.
///
/// Returns where the string ends (the first closer, or the comma). Reads at most
/// [`LOOKBACK`] bytes back and one short token ahead.
pub(super) fn member_after_separator(
    cur: &mut Cursor<'_>,
    content: usize,
    quote: usize,
) -> Option<usize> {
    let lo = content.max(quote.saturating_sub(LOOKBACK));
    let bytes = cur.bytes;
    let mut i = quote;
    let back = |mut i: usize| {
        while i > lo && is_space(bytes[i - 1]) {
            i -= 1;
        }
        i
    };
    i = back(i);
    // The next element opens a container: `}, {"id": ...`.
    let opener = match i.checked_sub(1).map(|p| bytes[p]) {
        Some(b @ (b'{' | b'[')) if i > lo => {
            i = back(i - 1);
            Some(b == b'{')
        }
        _ => None,
    };
    if i <= lo || bytes[i - 1] != b',' {
        return None;
    }
    let comma = i - 1;
    i = back(comma);
    // Closers before the comma, read backwards.
    let mut run = [false; RUN];
    let mut len = 0;
    let mut first = comma;
    while i > lo && matches!(bytes[i - 1], b'}' | b']') && len < RUN {
        run[len] = bytes[i - 1] == b'}';
        len += 1;
        first = i - 1;
        i = back(i - 1);
    }
    // Text must come before: not a quote (judged already), not an escape, not nothing.
    if i <= content || matches!(bytes[i - 1], b'"' | b'\'' | b'\\' | b'`') {
        return None;
    }
    cur.steps += (quote - i) as u64;
    let nest = cur.nest;
    // In input order the closers close the innermost containers one by one.
    let fits = (0..len).all(|k| nest.is_object(k) == Some(run[len - 1 - k]));
    if !fits {
        return None;
    }
    let then: &[u8] = match (nest.is_object(len)?, opener) {
        (true, None) | (false, Some(true)) => b":",
        (false, None | Some(false)) => b",]",
        (true, Some(_)) => return None,
    };
    let next_member = token_then(cur, quote, then)
        || (opener.is_none() && then == b",]" && cut_element_then_closers(cur, quote));
    next_member.then_some(first)
}

/// Most bytes of an element read by [`cut_element_then_closers`].
const ELEMENT_LOOKAHEAD: usize = 128;

/// Whether the quote at `quote` opens a short last element whose own closing quote was left out
/// too: text on one line (no quote, comma or backslash), then only closers that close the
/// innermost open containers up to the end of the region (`["a", "b, "c]`).
fn cut_element_then_closers(cur: &mut Cursor<'_>, quote: usize) -> bool {
    let limit = cur.end.min(quote + 1 + ELEMENT_LOOKAHEAD);
    let Some(n) = cur.bytes[quote + 1..limit]
        .iter()
        .position(|&b| matches!(b, b'"' | b'\'' | b',' | b'\\' | b'\n' | b'}' | b']'))
    else {
        cur.steps += (limit - quote) as u64;
        return false;
    };
    cur.steps += n as u64 + 1;
    let at = quote + 1 + n;
    if n == 0 || !matches!(cur.bytes[at], b'}' | b']') {
        return false;
    }
    if only_closers_after(cur, at).is_some() {
        return true;
    }
    // `{"days": ["mon", "tue, "wed], "n": 3}`: the array closes, and its object goes on with
    // the next key.
    let nest = cur.nest;
    if cur.bytes[at] != b']' || nest.is_object(0) != Some(false) || nest.is_object(1) != Some(true)
    {
        return false;
    }
    let comma = cur.next_significant(at + 1);
    cur.byte_at(comma) == Some(b',') && lookahead::quoted_key_follows(cur, comma + 1)
}

/// A string ran to the end of its region without a closing quote. If the region ends (but for
/// whitespace) with closers that close the innermost open containers in order, the string
/// ends before them: `{"city": "Paris}`, `["milk", "eggs]`, `{"a": {"b": "x}}`. Of the run of
/// closers at the end, the longest tail that fits is taken (`{"a": "b]}` keeps the `]`).
///
/// Returns where the string ends, after `content` (where its text starts). Reads the tail of
/// the region only.
pub(super) fn closers_at_end(cur: &mut Cursor<'_>, content: usize) -> Option<usize> {
    let bytes = cur.bytes;
    let mut i = cur.end;
    let mut at = [0usize; RUN];
    let mut closes_object = [false; RUN];
    let mut len = 0;
    loop {
        while i > content && is_space(bytes[i - 1]) {
            i -= 1;
            cur.steps += 1;
        }
        if i <= content || !matches!(bytes[i - 1], b'}' | b']') || len == RUN {
            break;
        }
        i -= 1;
        at[len] = i;
        closes_object[len] = bytes[i] == b'}';
        len += 1;
    }
    // `at` and `closes_object` hold the run from the last closer back; find the longest tail
    // (in input order: the first closers dropped) that closes the innermost containers.
    let nest: Nest = cur.nest;
    let fitting = (1..=len)
        .rev()
        .find(|&n| (0..n).all(|k| nest.is_object(k) == Some(closes_object[n - 1 - k])));
    if len == 0 || fitting == Some(len) {
        return fitting.map(|n| at[n - 1]).filter(|&end| end > content);
    }
    // The whole run closes the containers further out, in order, the innermost ones' own
    // closers left out too (`{"tags": ["x", "y}`, `[{"labels": ["a", "b}]`): the run ends the
    // string, unless the string holds a bracket the closers could be closing instead.
    let first = at[len - 1];
    let skips = (1..=SKIP)
        .any(|skip| (0..len).all(|k| nest.is_object(skip + k) == Some(closes_object[len - 1 - k])));
    if skips && first > content {
        cur.steps += (first - content) as u64;
        let bracketed = cur.bytes[content..first]
            .iter()
            .any(|&b| matches!(b, b'{' | b'['));
        if !bracketed {
            return Some(first);
        }
    }
    fitting.map(|n| at[n - 1]).filter(|&end| end > content)
}

/// Most innermost containers whose closers [`closers_at_end`] lets the input leave out.
const SKIP: usize = 8;

/// After a quote ending at `after`: only whitespace and closers up to the end of the region,
/// the closers closing the innermost open containers in order. Returns where the first closer
/// is. Reads forward, stopping at the first byte that is neither.
pub(super) fn only_closers_after(cur: &mut Cursor<'_>, after: usize) -> Option<usize> {
    let nest = cur.nest;
    let mut i = after;
    let mut first = None;
    let mut n = 0;
    loop {
        while i < cur.end && is_space(cur.bytes[i]) {
            i += 1;
        }
        match cur.byte_at(i) {
            None => break,
            Some(b @ (b'}' | b']')) if n < RUN && nest.is_object(n) == Some(b == b'}') => {
                first.get_or_insert(i);
                n += 1;
                i += 1;
            }
            Some(_) => {
                cur.steps += (i - after) as u64;
                return None;
            }
        }
    }
    cur.steps += (i - after) as u64;
    first
}

/// After a quote ending at `after`: the closers that end the input (see
/// [`only_closers_after`]), or a comma and a whole next member: a quoted key and its colon in
/// an object, a quoted element followed by `,` or `]` in an array, with more input after it. A
/// member cut off by the end of the input (`, "b`, `, "b":`) does not count: there the quote is
/// left to the quote rules.
pub(super) fn whole_member_or_end_after(cur: &mut Cursor<'_>, after: usize, slot: Slot) -> bool {
    let next = cur.next_significant(after);
    if cur.byte_at(next) != Some(b',') {
        return only_closers_after(cur, after).is_some();
    }
    let token = cur.next_significant(next + 1);
    let then: &[u8] = if slot == Slot::ArrayElement {
        b",]"
    } else {
        b":"
    };
    token_then_more(cur, token, then)
}
