//! Finding the value inside what a model wrapped around it: tool-call tags, markdown fences,
//! prose before and after.

use super::cursor::{find, find2, invisible_len};
use crate::fix::FixKind;
use smallvec::SmallVec;

/// A byte range of the input to search for a value, and the fixes that narrowing to it implies.
/// The fixes of a [`Region`].
pub(crate) type RegionFixes = SmallVec<[(FixKind, usize); 3]>;

/// The fenced regions of a text: rarely more than one or two.
pub(crate) type Regions = SmallVec<[Region; 2]>;

pub(crate) struct Region {
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// What narrowing to the region implies (a wrapper, a fence, reasoning skipped): a few at
    /// most, kept inline.
    pub(crate) fixes: RegionFixes,
    /// For a fence's contents: how far a value cut off by the closing marker may run on.
    pub(crate) extend: Option<Extend>,
}

impl Region {
    /// `input[start..end]`, with no fixes.
    pub(crate) fn plain(start: usize, end: usize) -> Self {
        Self {
            start,
            end,
            fixes: RegionFixes::new(),
            extend: None,
        }
    }
}

/// A fence whose closing marker may have been content: a fence line inside a string value
/// (a file's markdown with its own fences). A value still open at the marker is read again
/// up to `end`.
pub(crate) struct Extend {
    /// The end of the region around the fence.
    pub(crate) end: usize,
    /// Just past the closing marker: the value is read again only if text follows it.
    pub(crate) after_close: usize,
    /// The fence's marker byte (`` ` `` or `~`) and length, to find the real closing line.
    pub(crate) marker: u8,
    pub(crate) len: usize,
}

/// A tool-call wrapper: its opening marker, and the markers that may close it.
struct Wrapper {
    open: &'static str,
    /// The opening marker ends at the next `>` (as in `<function=name>`).
    open_to_gt: bool,
    close: &'static [&'static str],
}

const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        open: "<tool_call>",
        open_to_gt: false,
        close: &["</tool_call>"],
    },
    Wrapper {
        open: "<function=",
        open_to_gt: true,
        close: &["</function>"],
    },
    Wrapper {
        open: "<function>",
        open_to_gt: false,
        close: &["</function>"],
    },
    Wrapper {
        open: "<|python_tag|>",
        open_to_gt: false,
        close: &["<|eom_id|>", "<|eot_id|>"],
    },
    Wrapper {
        open: "[TOOL_CALLS]",
        open_to_gt: false,
        close: &["</s>"],
    },
    Wrapper {
        open: "<tool_code>",
        open_to_gt: false,
        close: &["</tool_code>"],
    },
    Wrapper {
        open: "<|tool_call|>",
        open_to_gt: false,
        close: &["<|/tool_call|>", "<|end|>"],
    },
    Wrapper {
        open: "<arguments>",
        open_to_gt: false,
        close: &["</arguments>"],
    },
];

/// For each byte, whether some wrapper's opening marker has it second. Most `<` and `[` in
/// text (`[1, 2]`, `['a']`, `<b>`) are ruled out on that one byte instead of being compared with
/// every marker (0.2% of the repair of 2,000 records that each hold an array; see
/// docs/PERFORMANCE.md).
const SECOND_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < WRAPPERS.len() {
        table[WRAPPERS[i].open.as_bytes()[1] as usize] = true;
        i += 1;
    }
    table
};

/// The wrapper whose opening marker starts `head`, if any.
#[inline]
fn wrapper_at(head: &[u8]) -> Option<&'static Wrapper> {
    if !head.get(1).is_some_and(|&b| SECOND_BYTES[usize::from(b)]) {
        return None;
    }
    WRAPPERS
        .iter()
        .find(|w| head.starts_with(w.open.as_bytes()))
}

/// Index of the first byte that is neither whitespace nor an invisible character.
#[inline]
pub(crate) fn first_visible(input: &str) -> Option<usize> {
    let bytes = input.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => i += 1,
            _ => match invisible_len(&bytes[i..]) {
                0 => return Some(i),
                n => i += n,
            },
        }
    }
    None
}

/// Whether the visible text starting at `at` opens a JSON container: `{`, or `[` that does not
/// begin a wrapper such as `[TOOL_CALLS]`.
pub(crate) fn opens_value(input: &str, at: usize) -> bool {
    let head = &input.as_bytes()[at..];
    match head.first() {
        Some(b'{') => true,
        Some(b'[') => wrapper_at(head).is_none(),
        _ => false,
    }
}

/// Whether the text at `at` opens an HTML document.
#[inline]
pub(crate) fn is_html(input: &str, at: usize) -> bool {
    let head = &input.as_bytes()[at..];
    head.first() == Some(&b'<')
        && ["<!doctype", "<html", "<head", "<body", "<?xml"]
            .iter()
            .any(|p| head.len() >= p.len() && head[..p.len()].eq_ignore_ascii_case(p.as_bytes()))
}

/// The first tool-call wrapper opening in `input[start..end]`: one pass over the bytes,
/// stopping only at `<` and `[`.
fn first_wrapper(input: &str, start: usize, end: usize) -> Option<(usize, &'static Wrapper)> {
    let bytes = &input.as_bytes()[..end];
    let mut from = start;
    while let Some(p) = find2(&bytes[from..], b'<', b'[') {
        let at = from + p;
        if let Some(w) = wrapper_at(&bytes[at..]) {
            return Some((at, w));
        }
        from = at + 1;
    }
    None
}

/// The outer region of `input[start..end]`: inside the first tool-call wrapper if there is
/// one, else all of it.
#[inline]
pub(crate) fn outer_region(input: &str, start: usize, end: usize) -> Region {
    let Some((at, wrapper)) = first_wrapper(input, start, end) else {
        return Region::plain(start, end);
    };
    let bytes = &input.as_bytes()[..end];
    let mut inner = at + wrapper.open.len();
    if wrapper.open_to_gt {
        match find2(&bytes[inner..], b'>', b'>') {
            Some(gt) => inner += gt + 1,
            None => inner = end,
        }
    }
    // Mistral's `[TOOL_CALLS]name[ARGS]{...}` form.
    if wrapper.open == "[TOOL_CALLS]"
        && let Some(args) = find(&bytes[inner..], b"[ARGS]")
    {
        inner += args + "[ARGS]".len();
    }
    let close = wrapper
        .close
        .iter()
        .filter_map(|c| find(&bytes[inner..], c.as_bytes()))
        .min()
        .map_or(end, |p| inner + p);
    let name = if wrapper.open_to_gt {
        input[at..inner].to_owned()
    } else {
        wrapper.open.to_owned()
    };
    Region {
        start: inner,
        end: close,
        fixes: smallvec::smallvec![(FixKind::StrippedWrapper(name), at)],
        extend: None,
    }
}

/// The contents of each markdown fence (a run of three or more `` ` `` or `~` at the start of
/// a line) inside `outer`, in order. A fence closes at a line holding only a run of its
/// marker at least as long as the opening one (CommonMark: no info string, so ```` ```bash ````
/// opens a nested block rather than closing); failing such a line, at the first run of three
/// markers anywhere (```` ```{"a": 1}``` ````); failing that, it runs to the end of `outer`.
#[inline]
pub(crate) fn fenced_regions(input: &str, outer: &Region, steps: &mut u64) -> Regions {
    let bytes = input.as_bytes();
    let mut found = Regions::new();
    let mut i = outer.start;
    while i + 3 <= outer.end && found.len() < 8 {
        let Some(p) = find_fence(bytes, i, outer.end) else {
            *steps += (outer.end - i) as u64;
            break;
        };
        let marker = bytes[p];
        let len = run_len(bytes, p, outer.end);
        // Skip the info string (`json`, `tool_code`, ...) up to the end of the line.
        let content = bytes[p..outer.end]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(outer.end, |n| p + n);
        let close = closing_line(bytes, marker, len, content, outer.end)
            .or_else(|| first_marker(bytes, marker, content, outer.end));
        let end = close.map_or(outer.end, |(c, _)| c);
        *steps += (end - i) as u64;
        let mut fixes = outer.fixes.clone();
        fixes.push((FixKind::StrippedFence, p));
        found.push(Region {
            start: content,
            end,
            fixes,
            extend: close.map(|(c, n)| Extend {
                end: outer.end,
                after_close: c + n,
                marker,
                len,
            }),
        });
        i = close.map_or(outer.end, |(c, n)| c + n);
    }
    found
}

/// The next fence marker at or after `from` that starts a line (only spaces before it, or a
/// `:` as in `Here it is: ```json`).
fn find_fence(bytes: &[u8], from: usize, end: usize) -> Option<usize> {
    let mut i = from;
    while i + 3 <= end {
        i += find2(&bytes[i..end], b'`', b'~')?;
        if i + 3 > end {
            return None;
        }
        let b = bytes[i];
        if bytes[i + 1] == b && bytes[i + 2] == b && at_line_start(bytes, i, true) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Length of the run of the byte at `at`, up to `end`.
fn run_len(bytes: &[u8], at: usize, end: usize) -> usize {
    let b = bytes[at];
    bytes[at..end].iter().take_while(|&&x| x == b).count()
}

/// The first closing fence line in `bytes[from..end]`: at least `len` of `marker` at the start
/// of a line, then only spaces or tabs up to the line's end. Its offset and run length.
pub(crate) fn closing_line(
    bytes: &[u8],
    marker: u8,
    len: usize,
    from: usize,
    end: usize,
) -> Option<(usize, usize)> {
    let needle = [marker; 3];
    let mut i = from;
    while i < end {
        let q = i + find(&bytes[i..end], &needle)?;
        let run = run_len(bytes, q, end);
        let rest = &bytes[q + run..end];
        let blank = rest
            .iter()
            .position(|&b| !matches!(b, b' ' | b'\t'))
            .is_none_or(|n| matches!(rest[n], b'\n' | b'\r'));
        if run >= len && blank && at_line_start(bytes, q, false) {
            return Some((q, run));
        }
        i = q + run;
    }
    None
}

/// The first run of three `marker` bytes in `bytes[from..end]`, wherever it stands.
fn first_marker(bytes: &[u8], marker: u8, from: usize, end: usize) -> Option<(usize, usize)> {
    if from >= end {
        return None;
    }
    find(&bytes[from..end], &[marker; 3]).map(|p| (from + p, 3))
}

/// Only spaces or tabs between the previous newline (or the start) and `at`, or, when
/// `after_colon`, a `:` right before (as in `Here it is: ```json`).
fn at_line_start(bytes: &[u8], at: usize, after_colon: bool) -> bool {
    let mut i = at;
    while i > 0 {
        match bytes[i - 1] {
            b' ' | b'\t' => i -= 1,
            b'\n' => return true,
            b':' => return after_colon,
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every wrapper in the table is found after `<` and `[` that open none (which the
    /// second-byte filter passes over), and a marker cut short or misspelled in its second
    /// byte is not one.
    #[test]
    fn every_wrapper_is_found_past_brackets_that_open_none() {
        for w in WRAPPERS {
            let text = format!("[1, ['a'], <b>, [T], <t, <|x|>] {}{{\"k\": 1}}", w.open);
            let at = text.find(w.open).unwrap();
            let found = first_wrapper(&text, 0, text.len()).map(|(at, w)| (at, w.open));
            assert_eq!(found, Some((at, w.open)), "{text}");
            assert!(
                !opens_value(&text, at) || !w.open.starts_with('['),
                "{text}"
            );
            let cut = &w.open[..w.open.len() - 1];
            assert_eq!(first_wrapper(cut, 0, cut.len()).map(|(at, _)| at), None);
            let mut other = w.open.as_bytes().to_vec();
            other[1] = b'#';
            let other = String::from_utf8(other).unwrap();
            assert_eq!(
                first_wrapper(&other, 0, other.len()).map(|(at, _)| at),
                None
            );
        }
        assert!(opens_value("[TOOL_CALLX]", 0));
        assert!(!opens_value("[TOOL_CALLS]", 0));
    }
}
