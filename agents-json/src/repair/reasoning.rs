//! Reasoning blocks: what a model thinks aloud before it answers (`<think>…</think>`, text
//! before a lone `</think>`, a harmony `analysis` channel). Drafts of the answer inside them
//! are not the answer, so the search for a value skips them.

use super::cursor::{find, find2};
use super::extract::first_visible;
use smallvec::{SmallVec, smallvec};

/// The closing tags of the reasoning blocks recognised (`<think>` closes only with `</think>`).
const CLOSERS: &[&str] = &["</think>", "</thinking>", "</reasoning>", "</reflection>"];

/// At most this many reasoning blocks are skipped; text after the last is searched as it is.
const MAX_BLOCKS: usize = 16;

/// A stretch of the input to search for the value.
pub(crate) struct Part {
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// How many of [`Answer::skipped`] come before this part.
    pub(crate) blocks_before: usize,
}

/// The input with its reasoning set apart.
pub(crate) struct Answer {
    /// The text outside reasoning, in input order; last, a reasoning block the output ended in
    /// before any block closed (cut off while thinking), since a draft beats nothing when the
    /// model never got to answer.
    pub(crate) parts: SmallVec<[Part; 2]>,
    /// The offset of each reasoning block skipped.
    pub(crate) skipped: SmallVec<[usize; 2]>,
}

/// The parts of `input[start..]` to search: the text outside reasoning blocks, or all of it
/// when there are none. One pass over the `<` bytes, plus a search for each block's closing
/// tag from where it opens.
///
/// Tags are recognised only where a model puts them, so that a tag inside the answer (a
/// string value about tags) is left alone: an opening tag at the start of a line (or of the
/// text, or right after a block); a closing tag with no opening one (the prompt opened the
/// block) only outside quotes, with the end of its line, the end of the text or the start of
/// an answer (`{`, `[`, `<`, a fence) after it, and only in text that does not itself open as
/// an answer does; harmony markers only where the text opens with one.
pub(crate) fn answer(input: &str, start: usize, steps: &mut u64) -> Answer {
    let bytes = input.as_bytes();
    // Most text holds no `<` at all: no tag, nothing to set aside.
    let lt = find2(&bytes[start..], b'<', b'<');
    *steps += lt.map_or(bytes.len() - start, |p| p + 1) as u64;
    let found = match (lt, first_visible(&input[start..])) {
        (None, _) | (_, None) => None,
        (Some(_), Some(first)) if is_harmony(&bytes[start + first..]) => {
            harmony(input, start, steps)
        }
        (Some(lt), Some(first)) => blocks(input, start, start + first, start + lt, steps),
    };
    found.unwrap_or_else(|| Answer {
        parts: smallvec![Part {
            start,
            end: input.len(),
            blocks_before: 0,
        }],
        skipped: SmallVec::new(),
    })
}

/// Tagged reasoning blocks; `first` is the first visible byte, `lt` the first `<`.
fn blocks(input: &str, start: usize, first: usize, lt: usize, steps: &mut u64) -> Option<Answer> {
    let bytes = input.as_bytes();
    let end = bytes.len();
    let lone_ok = !matches!(bytes[first], b'`' | b'~' | b'<' | b'{' | b'[');
    let mut out = Answer {
        parts: SmallVec::new(),
        skipped: SmallVec::new(),
    };
    let mut from = start;
    let mut pos = lt;
    while out.skipped.len() < MAX_BLOCKS {
        let Some(p) = find2(&bytes[pos..end], b'<', b'<') else {
            *steps += (end - pos) as u64;
            break;
        };
        *steps += p as u64 + 1;
        let at = pos + p;
        let Some((closing, closer, len)) = tag_at(bytes, at) else {
            pos = at + 1;
            continue;
        };
        pos = at + len;
        if !closing {
            if !(at == first || opens_line(bytes, at, from)) {
                continue;
            }
            out.push_part(input, from, at);
            let body = at + len;
            match find(&bytes[body..end], closer.as_bytes()) {
                Some(c) => {
                    *steps += (c + closer.len()) as u64;
                    out.skipped.push(at);
                    from = body + c + closer.len();
                    pos = from;
                }
                None => {
                    *steps += (end - body) as u64;
                    if out.skipped.is_empty() {
                        out.push_part(input, at, end);
                    }
                    return Some(out);
                }
            }
        } else if lone_ok && out.skipped.is_empty() && ends_reasoning(bytes, at, len) {
            out.skipped.push(first);
            from = at + len;
        }
    }
    if out.skipped.is_empty() {
        return None;
    }
    out.push_part(input, from, end);
    Some(out)
}

impl Answer {
    /// Adds `input[start..end]` as a part, unless it is blank.
    fn push_part(&mut self, input: &str, start: usize, end: usize) {
        if start < end && first_visible(&input[start..end]).is_some() {
            self.parts.push(Part {
                start,
                end,
                blocks_before: self.skipped.len(),
            });
        }
    }
}

/// The reasoning tag at `at` (a `<`): whether it closes, the closing tag of its block, and its
/// length in bytes.
fn tag_at(bytes: &[u8], at: usize) -> Option<(bool, &'static str, usize)> {
    let rest = &bytes[at..];
    let closing = rest.get(1) == Some(&b'/');
    // Every name starts with `t` or `r`: most `<` bytes stop here.
    if !matches!(rest.get(1 + usize::from(closing)), Some(b't' | b'r')) {
        return None;
    }
    CLOSERS.iter().find_map(|&closer| {
        let matched = if closing {
            rest.starts_with(closer.as_bytes())
        } else {
            // `<name>`: after the `<`, the closer's bytes past its `</`.
            rest[1..].starts_with(&closer.as_bytes()[2..])
        };
        matched.then_some((closing, closer, closer.len() - usize::from(!closing)))
    })
}

/// Whether only spaces or tabs stand between `at` and the start of its line, or between `at`
/// and `from` (the end of the previous block).
fn opens_line(bytes: &[u8], at: usize, from: usize) -> bool {
    let mut i = at;
    while i > from {
        match bytes[i - 1] {
            b' ' | b'\t' | b'\r' => i -= 1,
            b'\n' => return true,
            _ => return false,
        }
    }
    true
}

/// Whether the closing tag at `at` (`len` bytes) ends reasoning rather than being text about
/// the tag: no quote right before or after it (`"</think>"`), and after it, past spaces, the
/// end of the line or of the text, or what opens an answer.
fn ends_reasoning(bytes: &[u8], at: usize, len: usize) -> bool {
    if at > 0 && matches!(bytes[at - 1], b'"' | b'\'' | b'`') {
        return false;
    }
    let after = bytes[at + len..]
        .iter()
        .take(64)
        .find(|&&b| !matches!(b, b' ' | b'\t'));
    matches!(
        after,
        None | Some(b'\n' | b'\r' | b'{' | b'[' | b'<' | b'`' | b'~')
    )
}

/// Whether `rest` starts with a marker of OpenAI's harmony format (gpt-oss).
fn is_harmony(rest: &[u8]) -> bool {
    [b"<|channel|>".as_slice(), b"<|message|>", b"<|start|>"]
        .iter()
        .any(|m| rest.starts_with(m))
}

const MESSAGE: &[u8] = b"<|message|>";
const ANALYSIS: &[u8] = b"<|channel|>analysis";
/// What ends a harmony message's content.
const TERMINATORS: &[&[u8]] = &[b"<|end|>", b"<|call|>", b"<|return|>", b"<|start|>"];

/// Harmony output: each message is a header (`<|start|>assistant<|channel|>commentary
/// to=functions.f <|constrain|>json`) then `<|message|>` and its content up to `<|end|>`,
/// `<|call|>` or `<|return|>`. The `analysis` channel is reasoning; every other message is a
/// part, from its header on (the header is text skipped before the value). `None` when there
/// is no `<|message|>` at all.
fn harmony(input: &str, start: usize, steps: &mut u64) -> Option<Answer> {
    let bytes = input.as_bytes();
    let end = bytes.len();
    let mut out = Answer {
        parts: SmallVec::new(),
        skipped: SmallVec::new(),
    };
    // Where the next message's header starts; `end` once a message ran to the end.
    let mut header = start;
    while out.skipped.len() < MAX_BLOCKS && out.parts.len() < MAX_BLOCKS {
        let Some(m) = find(&bytes[header..end], MESSAGE) else {
            *steps += (end - header) as u64;
            break;
        };
        let m = header + m;
        let content = m + MESSAGE.len();
        *steps += (content - header) as u64;
        let analysis = find(&bytes[header..m], ANALYSIS).is_some();
        let term = terminator(bytes, content, end, steps);
        let cut_while_thinking = analysis && term.is_none() && out.parts.is_empty();
        if analysis && !cut_while_thinking {
            out.skipped.push(header);
        } else {
            out.push_part(input, header, term.map_or(end, |(t, _)| t));
        }
        header = term.map_or(end, |(t, len)| t + len);
    }
    if out.parts.is_empty() && out.skipped.is_empty() {
        return None;
    }
    // The text after the last message (normally nothing) is searched too.
    out.push_part(input, header, end);
    Some(out)
}

/// The first message terminator at or after `from`, and its length.
fn terminator(bytes: &[u8], from: usize, end: usize, steps: &mut u64) -> Option<(usize, usize)> {
    let mut pos = from;
    while let Some(p) = find2(&bytes[pos..end], b'<', b'<') {
        *steps += p as u64 + 1;
        let at = pos + p;
        if let Some(t) = TERMINATORS.iter().find(|t| bytes[at..].starts_with(t)) {
            return Some((at, t.len()));
        }
        pos = at + 1;
    }
    *steps += (end - pos) as u64;
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parts' text, and the blocks skipped; `None` when the whole text is the one part.
    fn parts(input: &str) -> Option<(Vec<&str>, Vec<usize>)> {
        let mut steps = 0;
        let a = answer(input, 0, &mut steps);
        assert!(
            steps <= 3 * input.len() as u64 + 8,
            "{steps} steps: {input:?}"
        );
        let whole = a.skipped.is_empty()
            && matches!(a.parts.as_slice(), [p] if p.start == 0 && p.end == input.len());
        (!whole).then(|| {
            (
                a.parts.iter().map(|p| &input[p.start..p.end]).collect(),
                a.skipped.to_vec(),
            )
        })
    }

    #[test]
    fn blocks_and_lone_closers() {
        assert_eq!(parts(r#"{"a": 1}"#), None);
        assert_eq!(parts("no tags < here"), None);
        assert_eq!(
            parts("<think>x {1}</think>\n{2}"),
            Some((vec!["\n{2}"], vec![0]))
        );
        assert_eq!(
            parts("  so {1}.\n</think>\n\n{2}"),
            Some((vec!["\n\n{2}"], vec![2]))
        );
        // Interleaved: every block is skipped, every answer kept.
        assert_eq!(
            parts("<think>a</think>{1}\n<thinking>b</thinking>{2}"),
            Some((vec!["{1}\n", "{2}"], vec![0, 20]))
        );
        // A tag closes only with its own name.
        assert_eq!(
            parts("<thinking>a</think>b</thinking>{2}"),
            Some((vec!["{2}"], vec![0]))
        );
        // Cut off while thinking: the block is the draft.
        assert_eq!(
            parts("pre\n<think>args {1}, and"),
            Some((vec!["pre\n", "<think>args {1}, and"], vec![]))
        );
        // Tags inside an answer's text are content: quoted, mid-line, before more words, or
        // after an answer's opening.
        assert_eq!(parts(r#"Say "</think>" then {1}"#), None);
        assert_eq!(parts(r#"Call: {"t": "end </think> here"}"#), None);
        assert_eq!(parts(r#"Call: {"t": "use <think> then </think> x"}"#), None);
        assert_eq!(parts("```json\n{\"a\": \"x </think>\"}\n```"), None);
        assert_eq!(parts("<think"), None);
        // A block right after another, or on its own line after text.
        assert_eq!(
            parts("<think>a</think> <think>b</think>\nok\n  <think>c</think>{1}"),
            Some((vec!["\nok\n  ", "{1}"], vec![0, 17, 39]))
        );
    }

    #[test]
    fn harmony_channels() {
        let input = "<|channel|>analysis<|message|>use {1}?<|end|><|start|>assistant<|channel|>commentary to=functions.f <|constrain|>json<|message|>{2}<|call|>";
        let (p, skipped) = parts(input).expect("harmony");
        assert_eq!(skipped, vec![0]);
        assert_eq!(p.len(), 1);
        assert!(p[0].starts_with("<|start|>assistant") && p[0].ends_with("<|message|>{2}"));
        // Cut off in the analysis channel: searched as it stands.
        assert_eq!(parts("<|channel|>analysis<|message|>use {1}"), None);
        // A call after an analysis cut short is still the answer.
        let (p, skipped) =
            parts("<|channel|>analysis<|message|>a<|end|><|start|>x<|message|>{2}").expect("parts");
        assert_eq!((p, skipped), (vec!["<|start|>x<|message|>{2}"], vec![0]));
        assert_eq!(parts("<|start|>assistant"), None);
        // Harmony markers count only where the text opens with one.
        assert_eq!(parts(r#"Call: {"t": "<|message|> x <|end|>"}"#), None);
    }
}
