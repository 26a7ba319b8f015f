//! The search of one region: each `{` or `[` in turn with the lenient [`scanner`], a fence's
//! value read on past a closing marker that was its content, and JSON written with escaped
//! quotes decoded once.

use super::cursor::{Cursor, find, find2};
use super::extract::{self, Extend, Region};
use super::scanner::{self, Failure};
use super::unescape;
use super::{NonFinite, RepairOptions, Repaired};
use crate::error::RepairError;
use crate::fix::{FixKind, JsonFix, push_fix};
use serde_json::Value;

/// Tries each `{` or `[` in the region in turn; the first that parses wins.
pub(crate) fn search_region(
    input: &str,
    region: &Region,
    options: &RepairOptions,
    budget: &mut usize,
    steps: &mut u64,
) -> Result<Option<Repaired>, RepairError> {
    search(input, region, options, budget, steps, true)
}

fn search(
    input: &str,
    region: &Region,
    options: &RepairOptions,
    budget: &mut usize,
    steps: &mut u64,
    unescape: bool,
) -> Result<Option<Repaired>, RepairError> {
    let bytes = input.as_bytes();
    let mut from = region.start;
    let mut first = true;
    // A value found first but set aside in case an object follows (see `defer_to_object`).
    let mut set_aside: Option<Repaired> = None;
    // At most one read past a fence's closing marker, one decoding of escaped JSON.
    let mut extended = false;
    let mut unescaped = !unescape;
    while *budget > 0 {
        let Some(rel) = find2(&bytes[from..region.end], b'{', b'[') else {
            *steps += (region.end - from) as u64;
            break;
        };
        *steps += rel as u64;
        let at = from + rel;
        if let Some(after) = commented_out(input, region, from, at, steps) {
            // `// {"a": 0}` before the real value: a comment, not a candidate.
            from = after;
            continue;
        }
        *budget -= 1;
        let was_first = std::mem::replace(&mut first, false);
        let fixes = lead_fixes(input, region, at, was_first, steps);
        let mut cur = Cursor::new(input, at, region.end, fixes);
        cur.non_finite_text = options.non_finite == NonFinite::Text;
        let outcome = scanner::parse(&mut cur, options.max_depth);
        *steps += cur.steps;
        match outcome {
            Ok(value) if set_aside.is_some() && !value.is_object() => from = cur.pos.max(at + 1),
            Ok(value) => {
                let end = cur.pos;
                let found = finish(input, region.end, value, cur);
                // A fence's value cut off by its closing marker: that marker was content.
                if let Some(ext) = region.extend.as_ref().filter(|_| !extended)
                    && truncated(&found.fixes)
                {
                    extended = true;
                    if let Some(longer) = read_on(input, region, ext, at, was_first, options, steps)
                    {
                        return Ok(Some(longer));
                    }
                }
                if set_aside.is_none() && defer_to_object(input, region, at, end, &found, options) {
                    set_aside = Some(found);
                    from = end.max(at + 1);
                } else if citation_in_prose(input, region, at, end)
                    || empty_says_nothing(input, region, at, end, &found.value)
                {
                    // `Paris is the capital [1].`: a marker in prose, not a value; `returns []
                    // when`, `{...}`: empty brackets that are not an answer.
                    from = end.max(at + 1);
                } else {
                    return Ok(Some(found));
                }
            }
            // Too deep: what was set aside still stands.
            Err(Failure::Depth(_)) if set_aside.is_some() => break,
            Err(Failure::Depth(offset)) => {
                return Err(RepairError::DepthLimit {
                    limit: options.max_depth,
                    offset,
                });
            }
            Err(Failure::Reject) => {
                if !unescaped && unescape::escaped_at(bytes, at, region.end, steps) {
                    unescaped = true;
                    if let Some(found) =
                        search_unescaped(input, region, at, was_first, options, budget, steps)?
                        && (set_aside.is_none() || found.value.is_object())
                    {
                        return Ok(Some(found));
                    }
                }
                from = at + 1;
            }
        }
    }
    Ok(set_aside)
}

/// How far back a candidate's line is read for a `//` that opens it.
const LINE_LOOKBACK: usize = 256;

/// Whether the bracket at `at` is inside a comment: on a line that opens with `//`, or after a
/// `/*` in the text searched since `from` that no `*/` closes before it. Returns where the
/// search goes on (the end of that line or comment). Reads the text since `from` (each byte
/// once over the search) and at most [`LINE_LOOKBACK`] bytes of the line.
#[inline]
fn commented_out(
    input: &str,
    region: &Region,
    from: usize,
    at: usize,
    steps: &mut u64,
) -> Option<usize> {
    let bytes = input.as_bytes();
    let skipped = &bytes[from..at];
    *steps += skipped.len() as u64;
    if let Some(open) = find(skipped, b"/*")
        && find(&skipped[open + 2..], b"*/").is_none()
    {
        let rest = &bytes[at..region.end];
        let close = find(rest, b"*/")?;
        *steps += close as u64;
        return Some(at + close + 2);
    }
    let low = region.start.max(at.saturating_sub(LINE_LOOKBACK));
    let line_start = match bytes[low..at].iter().rposition(|&b| b == b'\n') {
        Some(p) => low + p + 1,
        None if low == region.start => low,
        None => return None,
    };
    *steps += (at - line_start) as u64;
    let line = input[line_start..at].trim_start();
    if !line.starts_with("//") {
        return None;
    }
    let end = bytes[at..region.end]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(region.end, |p| at + p);
    *steps += (end - at) as u64;
    Some(end)
}

/// The fixes that come before the scanner's for a candidate at `at`: the region's, then the
/// text skipped before `at`. They go in first, so a long list of the scanner's fixes is never
/// copied.
#[inline(always)]
fn lead_fixes(
    input: &str,
    region: &Region,
    at: usize,
    first: bool,
    steps: &mut u64,
) -> Vec<JsonFix> {
    let mut fixes: Vec<JsonFix> = Vec::with_capacity(region.fixes.len() + 8);
    for (kind, offset) in &region.fixes {
        push_fix(&mut fixes, kind.clone(), *offset);
    }
    if !first {
        // The text before `at` holds at least the rejected candidate's bracket.
        push_fix(&mut fixes, FixKind::SkippedLeadingText, region.start);
    } else {
        let lead = &input[region.start..at];
        *steps += lead.len() as u64;
        if extract::first_visible(lead).is_some() {
            push_fix(&mut fixes, FixKind::SkippedLeadingText, region.start);
        } else if let Some(p) = lead.find(|c: char| !c.is_ascii_whitespace()) {
            push_fix(&mut fixes, FixKind::IgnoredInvisibleChar, region.start + p);
        }
    }
    fixes
}

/// Whether the scanner closed what the end of its region left open.
fn truncated(fixes: &[JsonFix]) -> bool {
    fixes.iter().any(|f| f.kind == FixKind::ClosedTruncated)
}

/// Reads the value at `at` again, past the fence's closing marker up to the end of the region
/// around the fence, when text follows the marker. Kept only if the value now completes; the
/// text after it up to the fence's real closing line is what trails it.
#[cold]
fn read_on(
    input: &str,
    region: &Region,
    ext: &Extend,
    at: usize,
    first: bool,
    options: &RepairOptions,
    steps: &mut u64,
) -> Option<Repaired> {
    extract::first_visible(&input[ext.after_close..ext.end])?;
    let fixes = lead_fixes(input, region, at, first, steps);
    let mut cur = Cursor::new(input, at, ext.end, fixes);
    cur.non_finite_text = options.non_finite == NonFinite::Text;
    let outcome = scanner::parse(&mut cur, options.max_depth);
    *steps += cur.steps;
    let value = outcome.ok()?;
    if truncated(&cur.fixes) {
        return None;
    }
    let close = extract::closing_line(input.as_bytes(), ext.marker, ext.len, cur.pos, ext.end)
        .map_or(ext.end, |(c, _)| c);
    *steps += (close - cur.pos) as u64;
    Some(finish(input, close, value, cur))
}

/// Decodes one level of escaping from the candidate at `at` to the end of the region and
/// searches the decoded text; its fixes are mapped back into the input.
#[cold]
fn search_unescaped(
    input: &str,
    region: &Region,
    at: usize,
    first: bool,
    options: &RepairOptions,
    budget: &mut usize,
    steps: &mut u64,
) -> Result<Option<Repaired>, RepairError> {
    let decoded = unescape::decode(input, at, region.end, steps);
    let inner = Region::plain(0, decoded.text.len());
    let found = match search(&decoded.text, &inner, options, budget, steps, false) {
        Ok(Some(found)) => found,
        Ok(None) => return Ok(None),
        Err(RepairError::DepthLimit { limit, offset }) => {
            return Err(RepairError::DepthLimit {
                limit,
                offset: decoded.input_offset(offset),
            });
        }
        Err(e) => return Err(e),
    };
    let mut fixes = lead_fixes(input, region, at, first, steps);
    push_fix(&mut fixes, FixKind::UnescapedJson, at);
    fixes.extend(found.fixes.into_iter().map(|fix| JsonFix {
        offset: decoded.input_offset(fix.offset),
        ..fix
    }));
    Ok(Some(Repaired {
        value: found.value,
        fixes,
        exact: found.exact,
    }))
}

/// Whether the value found at `at..end` should give way to an object later in the region:
/// always when the caller expects an object and this is not one; otherwise only for what reads
/// as a citation or list marker in prose (`see [1]: {...}`, `[2, 3] below {...}`): a closed
/// array of at most three integers, with prose (not a value, not the end) right after it.
fn defer_to_object(
    input: &str,
    region: &Region,
    at: usize,
    end: usize,
    found: &Repaired,
    options: &RepairOptions,
) -> bool {
    if found.value.is_object() {
        return false;
    }
    if options.expect_object {
        return true;
    }
    let Value::Array(items) = &found.value else {
        return false;
    };
    let citation = !items.is_empty()
        && items.len() <= 3
        && items
            .iter()
            .all(|v| v.as_number().is_some_and(|n| n.is_u64() || n.is_i64()));
    let closed = end > at && input.as_bytes()[end - 1] == b']';
    let rest = &input[end..region.end];
    let prose_after = extract::first_visible(rest)
        .is_some_and(|off| !matches!(rest.as_bytes()[off], b'{' | b'['));
    citation && closed && prose_after && rest.contains('{')
}

/// Whether the bracket at `at..end` is a citation or step marker in running prose (`Paris [1].`,
/// `cutoff in [2023], I`, `Step [1/3]: ...`, `[1] Smith, J.`): at most three numbers (digits
/// and `,`, `/`, `-` only), right after a word on its line or right before one. Such text is
/// not an answer, so it is refused rather than returned as an array of numbers. A value a
/// label introduces (`JSON: [1, 2, 3]`) or that stands alone on its line is kept.
fn citation_in_prose(input: &str, region: &Region, at: usize, end: usize) -> bool {
    let text = &input.as_bytes()[at..end];
    let inner = &text[1..text.len().saturating_sub(1).max(1)];
    let marker = text.len() <= 16
        && text.first() == Some(&b'[')
        && text.last() == Some(&b']')
        && inner.iter().any(u8::is_ascii_digit)
        && inner
            .iter()
            .all(|b| b.is_ascii_digit() || matches!(b, b',' | b'/' | b'-' | b' '))
        && inner.iter().filter(|&&b| b == b',').count() <= 2;
    if !marker {
        return false;
    }
    let before = input[region.start..at].trim_end_matches([' ', '\t']);
    let after = input[end..region.end].trim_start_matches([' ', '\t']);
    // A word, or the marker before it (`[1][2]`).
    let word_before = before
        .chars()
        .next_back()
        .is_some_and(|c| c.is_alphanumeric() || c == ']');
    let word_after = after.chars().next().is_some_and(char::is_alphabetic);
    word_before || word_after
}

/// Whether the value read at `at..end` is an empty object or array that says nothing: one
/// closed on more than whitespace and commas that yielded nothing (`{...}`, `{{}}`), or one that prose or code leads to (`It returns [] when`, `function f() {}`, `records
/// {` cut off) rather than a label (`Action Input: {}`, `json` on the line before). An empty
/// value that opens its region (the text, a fence, a wrapper) stands: a tool with no
/// arguments. Refusing it beats inventing `{}` for a sentence.
///
/// Asked of every value found: the test for an empty one is inlined, the rest is not.
#[inline]
fn empty_says_nothing(input: &str, region: &Region, at: usize, end: usize, value: &Value) -> bool {
    let empty = match value {
        Value::Object(map) => map.is_empty(),
        Value::Array(items) => items.is_empty(),
        _ => false,
    };
    empty && empty_value_says_nothing(input, region, at, end)
}

/// [`empty_says_nothing`] for a value that is empty.
#[cold]
#[inline(never)]
fn empty_value_says_nothing(input: &str, region: &Region, at: usize, end: usize) -> bool {
    // Cut off by the end of the input (`{"ke`), it is a value begun: it stands if it opens
    // its region.
    let inner = &input[at + 1..end];
    if let Some(inner) = inner.strip_suffix(['}', ']'])
        && !only_placeholder(inner)
    {
        return true;
    }
    let before = input[region.start..at].trim_end();
    let labelled = before.ends_with(':')
        || before
            .get(before.len().saturating_sub(4)..)
            .is_some_and(|w| w.eq_ignore_ascii_case("json"));
    !labelled && !only_comments(before)
}

/// Whether the text between an empty value's brackets is nothing, whitespace and commas, or
/// a placeholder for the content left out (`[...]`, `{ … }`): the value still stands where an
/// empty one would (it opens its region, or a label leads to it), as the empty container.
fn only_placeholder(inner: &str) -> bool {
    let rest = inner.trim_matches(|c: char| c.is_ascii_whitespace() || c == ',');
    rest.is_empty() || rest == "..." || rest == "\u{2026}"
}

/// Whether `text` holds nothing visible but `//` line comments and `/* */` block comments: a
/// comment before a value (`// no arguments⏎{}`) is no prose leading to it. Stops at the first
/// visible byte outside a comment.
fn only_comments(text: &str) -> bool {
    let mut rest = text;
    loop {
        let Some(at) = extract::first_visible(rest) else {
            return true;
        };
        rest = &rest[at..];
        if let Some(line) = rest.strip_prefix("//") {
            rest = line.split_once('\n').map_or("", |(_, after)| after);
        } else if let Some(block) = rest.strip_prefix("/*") {
            match block.split_once("*/") {
                Some((_, after)) => rest = after,
                None => return false,
            }
        } else {
            return false;
        }
    }
}

/// Completes the fixes of a successful parse (the region's, text skipped before the value and
/// the scanner's are in the cursor already) with text or values after it, up to `end`.
#[inline(always)]
fn finish(input: &str, end: usize, value: Value, cur: Cursor<'_>) -> Repaired {
    let mut fixes = cur.fixes;
    // The scanner stops early (moving its end) only when it met text that cannot continue the
    // value, and has recorded that already.
    let scanner_ended_early = cur.end < end;
    if !scanner_ended_early {
        let rest = &input[cur.pos..end];
        if let Some(off) = extract::first_visible(rest) {
            let kind = match rest.as_bytes()[off] {
                b'{' | b'[' => FixKind::DroppedConcatenatedValue,
                _ => FixKind::IgnoredTrailingText,
            };
            push_fix(&mut fixes, kind, cur.pos + off);
        }
    }
    Repaired {
        value,
        fixes,
        exact: cur.exact,
    }
}
