//! Bounded looks at what comes next, for the scanner's decisions between two readings of
//! broken input. Each look reads a short, capped stretch, so the scan stays linear.

use super::cursor::{Cursor, is_word_byte};

/// How far a look reads.
const LIMIT: usize = 64;

/// Whether a key (a quoted or bare token followed by `:`) starts at `at`, after whitespace.
pub(crate) fn key_follows(cur: &mut Cursor<'_>, at: usize) -> bool {
    key_at(cur, at, true)
}

/// Whether a quoted key (a quoted token followed by `:`) starts at `at`, after whitespace.
pub(crate) fn quoted_key_follows(cur: &mut Cursor<'_>, at: usize) -> bool {
    key_at(cur, at, false)
}

fn key_at(cur: &mut Cursor<'_>, at: usize, bare: bool) -> bool {
    let at = cur.next_significant(at);
    let Some(b) = cur.byte_at(at) else {
        return false;
    };
    let end = if matches!(b, b'"' | b'\'') {
        let Some(close) =
            (at + 1..cur.end.min(at + LIMIT)).find(|&i| cur.bytes[i] == b || cur.bytes[i] == b'\n')
        else {
            return false;
        };
        cur.steps += (close - at) as u64;
        if cur.bytes[close] != b {
            return false;
        }
        close + 1
    } else if bare && is_word_byte(b) {
        let n = cur.bytes[at..cur.end.min(at + LIMIT)]
            .iter()
            .position(|&x| !is_word_byte(x))
            .unwrap_or(cur.end.min(at + LIMIT) - at);
        cur.steps += n as u64;
        at + n
    } else {
        return false;
    };
    let colon = cur.next_significant(end);
    cur.byte_at(colon) == Some(b':')
}

/// Whether a lone bare word at `at` is an array element: a word (letters, digits, `_`, `-`,
/// `.`, `@`; at most [`LIMIT`] bytes) and then one of `then` (`,` or `]`), as in
/// `[red, green]`.
pub(crate) fn word_element_at(cur: &mut Cursor<'_>, at: usize, then: &[u8]) -> bool {
    let limit = cur.end.min(at + LIMIT);
    let n = cur.bytes[at.min(limit)..limit]
        .iter()
        .position(|&b| !is_word_byte(b))
        .unwrap_or(limit.saturating_sub(at));
    cur.steps += n as u64;
    if n == 0 {
        return false;
    }
    let next = cur.next_significant(at + n);
    cur.byte_at(next).is_some_and(|b| then.contains(&b))
}

/// Whether the `(` just before `at` opens a tuple: a number, a string, a bracket or `)`
/// follows, not prose such as `(see below)`.
pub(crate) fn opens_tuple(cur: &mut Cursor<'_>, at: usize) -> bool {
    let at = cur.next_significant(at);
    matches!(
        cur.byte_at(at),
        Some(b'0'..=b'9' | b'-' | b'"' | b'\'' | b'[' | b'{' | b')')
    )
}

/// Most closers in a run that [`closers_swapped`] reads, and open containers it looks at.
const RUN: usize = 32;

/// A closer of the wrong kind at `at` meets open containers of kinds `open` (innermost last;
/// `true` for an object). Two readings: each closer stands for its match, the containers
/// opened after the match left unclosed (`[{"a": 1]`); or the closers are swapped or mistyped
/// and each closes the innermost container (`{"a": [1, 2}, "b": 3}`, `[{"a": [{}}]}, {...}]`).
/// Reads the run of closers from `at` and what follows it, and says whether only the second
/// reading fits: after the run, a comma must leave a container open that can take the item
/// after it (a key needs an object, a value an array); anything else, all closed. `deeper`:
/// more containers are open below `open`.
pub(crate) fn closers_swapped(
    cur: &mut Cursor<'_>,
    at: usize,
    window: &[bool],
    deeper: bool,
) -> bool {
    let mut run = [false; RUN];
    let mut len = 0;
    let mut i = at;
    while len < RUN {
        match cur.byte_at(i) {
            Some(b @ (b'}' | b']')) => {
                run[len] = b == b'}';
                len += 1;
                i = cur.next_significant(i + 1);
            }
            _ => break,
        }
    }
    let run = &run[..len];
    let next = cur.byte_at(i);
    let wants_object = next == Some(b',') && key_follows(cur, i + 1);
    // The containers left open by each reading: (how many of the window, any deeper).
    let fits = |left: usize, deeper: bool| {
        if next == Some(b',') {
            left > 0 && window[left - 1] == wants_object
        } else {
            left == 0 && !deeper
        }
    };
    let mut matched = window.len();
    let matched_deeper = deeper;
    for &object in run {
        match window[..matched].iter().rposition(|&k| k == object) {
            Some(d) => matched = d,
            None if matched_deeper => {
                // The match lies below the window: everything in it is closed.
                matched = 0;
            }
            None => {} // Nothing to close: an extra closer, dropped.
        }
    }
    let swapped = window.len().saturating_sub(run.len());
    let swapped_deeper = deeper && run.len() <= window.len();
    fits(swapped, swapped_deeper) && !fits(matched, matched_deeper)
}

/// Whether text follows a number or literal that ends at `at`, so that the two are one bare
/// value, never a number cut short (`true story` is text too): a unit or words (`19.99 USD`, `750 Canadian
/// dollars`, `1.5 million yen`), an expression (`12 + 3`, `100 - 20`), more numbers after a
/// comma (`12,000, 3,450`). What may follow a value ends it instead: the end of the member or
/// the line, a comment, a `...` placeholder, the next key (quoted, or a word and its colon: a
/// comma left out), a literal. Anything but a comma must be set off by a space.
pub(crate) fn text_follows_scalar(cur: &mut Cursor<'_>, at: usize) -> bool {
    let mut i = at;
    while matches!(cur.byte_at(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    cur.steps += (i - at) as u64;
    let Some(b) = cur.byte_at(i) else {
        return false;
    };
    if b == b',' {
        // `12,000, 3,450`: a number after the comma, not a key.
        let next = cur.next_significant(i + 1);
        return cur.byte_at(next).is_some_and(|c| c.is_ascii_digit()) && !key_follows(cur, next);
    }
    if i == at {
        return false;
    }
    match b {
        b'}' | b']' | b'\n' | b'\r' | b';' | b'"' | b'\'' | b'`' => false,
        // `[{"a": 1 {"a": 2}]`: the next element, its object's `}` and the comma left out.
        b'{' => false,
        b'/' => !matches!(cur.byte_at(i + 1), Some(b'/' | b'*')),
        b'#' => cur
            .byte_at(i + 1)
            .is_some_and(|n| n.is_ascii_alphanumeric()),
        b'.' => !cur.starts_with(i, "..."),
        b'<' => !cur.starts_with(i, "<!--"),
        // Smart quotes, invisible characters, full-width punctuation: left to the scanner.
        0x80.. => false,
        _ if is_word_byte(b) => {
            let literal = ["true", "false", "null"]
                .iter()
                .any(|l| cur.starts_with(i, l));
            !literal && !key_follows(cur, i)
        }
        _ => true,
    }
}
