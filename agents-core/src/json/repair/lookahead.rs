//! Bounded looks at what comes next, for the scanner's decisions between two readings of
//! broken input. Each look reads a short, capped stretch, so the scan stays linear.

use super::cursor::{Cursor, is_word_byte};

/// How far a look reads.
const LIMIT: usize = 64;

/// Whether a key (a quoted or bare token followed by `:`) starts at `at`, after whitespace.
pub(crate) fn key_follows(cur: &mut Cursor<'_>, at: usize) -> bool {
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
    } else if is_word_byte(b) {
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

/// Whether the `(` just before `at` opens a tuple: a number, a string, a bracket or `)`
/// follows, not prose such as `(see below)`.
pub(crate) fn opens_tuple(cur: &mut Cursor<'_>, at: usize) -> bool {
    let at = cur.next_significant(at);
    matches!(
        cur.byte_at(at),
        Some(b'0'..=b'9' | b'-' | b'"' | b'\'' | b'[' | b'{' | b')')
    )
}
