//! A byte cursor over one region of the input: whitespace, invisible characters and comments,
//! the fixes recorded so far, and a step counter that proves the scanner linear.

use crate::fix::{FixKind, JsonFix, push_fix};

/// Reads `src[pos..end]`; offsets stay offsets into the whole original input.
pub(crate) struct Cursor<'a> {
    pub(crate) src: &'a str,
    /// `src`'s bytes up to `end`, so that reading a byte checks one bound.
    pub(crate) bytes: &'a [u8],
    pub(crate) pos: usize,
    pub(crate) end: usize,
    pub(crate) fixes: Vec<JsonFix>,
    /// Bytes examined, lookahead included. Only the complexity tests read it.
    pub(crate) steps: u64,
    /// Set once a string read as embedded JSON had to be read again: later strings are read
    /// plainly, so no stretch of the input is read more than twice.
    pub(crate) no_embedded: bool,
    /// The last look for the quote that ends a bare value's line: searched from, stopped at (a
    /// `"`, a line end or the end), and whether that quote closes the line.
    pub(crate) line_quote: Option<(usize, usize, bool)>,
    /// The kinds of the containers open around the cursor, for the string reader to tell
    /// which closers fit where a closing quote was left out. The scanner keeps it.
    pub(crate) nest: Nest,
    /// `NaN` and `Infinity` are kept as the text written instead of read as `null`
    /// ([`NonFinite::Text`](crate::NonFinite::Text)).
    pub(crate) non_finite_text: bool,
    /// The integers beyond 64 bits read so far, under their JSON Pointers (the number lexer
    /// records the digits, the scanner fills in the pointer).
    pub(crate) exact: super::exact::ExactIntegers,
}

/// The kinds of the innermost (up to 64) open containers, and how many are open.
#[derive(Clone, Copy, Default)]
pub(crate) struct Nest {
    /// Bit `i` set: the `i`-th container from the innermost (0) is an object.
    objects: u64,
    depth: usize,
}

impl Nest {
    /// A container opens.
    #[inline]
    pub(crate) fn push(&mut self, object: bool) {
        self.objects = (self.objects << 1) | u64::from(object);
        self.depth += 1;
    }

    /// The innermost container closes; `deeper` says whether the container that now becomes
    /// the 64th from the innermost is an object (it fell out of the window when it was pushed
    /// under 64 others).
    #[inline]
    pub(crate) fn pop(&mut self, deeper: impl FnOnce(usize) -> bool) {
        self.objects >>= 1;
        self.depth = self.depth.saturating_sub(1);
        if self.depth >= 64 {
            self.objects |= u64::from(deeper(self.depth - 64)) << 63;
        }
    }

    /// Whether the `i`-th container from the innermost is an object; `None` when fewer are
    /// open (or it is beyond the window).
    #[inline]
    pub(crate) fn is_object(&self, i: usize) -> Option<bool> {
        (i < self.depth.min(64)).then(|| self.objects >> i & 1 == 1)
    }
}

impl<'a> Cursor<'a> {
    /// A cursor at `start`, with the fixes already recorded before it.
    pub(crate) fn new(src: &'a str, start: usize, end: usize, fixes: Vec<JsonFix>) -> Self {
        Self {
            src,
            bytes: &src.as_bytes()[..end],
            pos: start,
            end,
            fixes,
            steps: 0,
            no_embedded: false,
            line_quote: None,
            nest: Nest::default(),
            non_finite_text: false,
            exact: super::exact::ExactIntegers::default(),
        }
    }

    /// Records a fix; one right after another of the same kind extends that run.
    #[inline]
    pub(crate) fn fix(&mut self, kind: FixKind, offset: usize) {
        push_fix(&mut self.fixes, kind, offset);
    }

    #[inline]
    pub(crate) fn peek(&self) -> Option<u8> {
        self.byte_at(self.pos)
    }

    #[inline]
    pub(crate) fn byte_at(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    /// Ends the region at the cursor: what follows is not part of the value.
    pub(crate) fn end_here(&mut self) {
        self.end = self.pos;
        self.bytes = &self.bytes[..self.pos];
    }

    pub(crate) fn starts_with(&self, at: usize, needle: &str) -> bool {
        at + needle.len() <= self.end && self.bytes[at..].starts_with(needle.as_bytes())
    }

    /// The character starting at byte `at`, if `at` is inside the region and on a char boundary.
    pub(crate) fn char_at(&self, at: usize) -> Option<char> {
        if at >= self.end {
            return None;
        }
        self.src.get(at..self.end)?.chars().next()
    }

    /// Skips whitespace, invisible characters and comments, recording a fix for the latter two.
    /// Always inlined, with the slow path never: left to LLVM, a build with one codegen unit
    /// merged the two into one function the scanner called before every token (see
    /// docs/PERFORMANCE.md).
    #[inline(always)]
    pub(crate) fn skip_ws(&mut self) {
        // Most tokens follow no space or a single one: settle those without a call.
        if self.peek() == Some(b' ') {
            self.pos += 1;
            self.steps += 1;
        }
        match self.peek() {
            Some(b) if b > b' ' && !matches!(b, b'/' | b'#' | b'<' | 0xc2 | 0xe2 | 0xe3 | 0xef) => {
            }
            None => {}
            Some(_) => self.skip_ws_slow(),
        }
    }

    #[inline(never)]
    fn skip_ws_slow(&mut self) {
        while let Some(b) = self.peek() {
            self.steps += 1;
            match b {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                b'/' if self.byte_at(self.pos + 1) == Some(b'/') => self.skip_line_comment(),
                // `# note`, not `#1` (a value such as a rank or a colour).
                b'#' if !self
                    .byte_at(self.pos + 1)
                    .is_some_and(|n| n.is_ascii_alphanumeric()) =>
                {
                    self.skip_line_comment()
                }
                b'<' if self.starts_with(self.pos, "<!--") => self.skip_delimited_comment(4, "-->"),
                b'/' if self.byte_at(self.pos + 1) == Some(b'*') => {
                    self.skip_delimited_comment(2, "*/")
                }
                0xc2 | 0xe2 | 0xe3 | 0xef => match invisible_len(&self.bytes[self.pos..self.end]) {
                    0 => return,
                    n => {
                        self.fix(FixKind::IgnoredInvisibleChar, self.pos);
                        self.pos += n;
                    }
                },
                _ => return,
            }
        }
    }

    /// Like [`skip_ws`](Self::skip_ws) but records nothing and leaves the cursor alone:
    /// the position of the next significant byte.
    #[inline]
    pub(crate) fn next_significant(&mut self, mut at: usize) -> usize {
        // Most often the next byte, or the one after a single space, is significant.
        if self.byte_at(at) == Some(b' ') {
            self.steps += 1;
            at += 1;
        }
        match self.byte_at(at) {
            Some(b) if b > b' ' && !matches!(b, 0xc2 | 0xe2 | 0xe3 | 0xef) => {
                self.steps += 1;
                at
            }
            _ => self.next_significant_slow(at),
        }
    }

    fn next_significant_slow(&mut self, mut at: usize) -> usize {
        while at < self.end {
            self.steps += 1;
            match self.bytes[at] {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => at += 1,
                0xc2 | 0xe2 | 0xe3 | 0xef => match invisible_len(&self.bytes[at..self.end]) {
                    0 => return at,
                    n => at += n,
                },
                _ => return at,
            }
        }
        at
    }

    fn skip_line_comment(&mut self) {
        self.fix(FixKind::RemovedComment, self.pos);
        while let Some(b) = self.peek() {
            self.steps += 1;
            if b == b'\n' {
                break;
            }
            self.pos += 1;
        }
    }

    /// Skips a comment from its opening marker (`open` bytes long) to `close` (or the end).
    fn skip_delimited_comment(&mut self, open: usize, close: &str) {
        self.fix(FixKind::RemovedComment, self.pos);
        self.pos += open;
        while self.pos < self.end {
            self.steps += 1;
            if self.starts_with(self.pos, close) {
                self.pos += close.len();
                return;
            }
            self.pos += 1;
        }
    }
}

/// Length in bytes of the invisible character (BOM, zero-width space/joiners, word joiner,
/// no-break spaces, ideographic space) at the start of `bytes`, or 0.
pub(crate) fn invisible_len(bytes: &[u8]) -> usize {
    match bytes {
        [0xc2, 0xa0, ..] => 2,
        [0xef, 0xbb, 0xbf, ..] => 3,
        // En and em spaces, thin and hair spaces, zero-width characters, narrow no-break space.
        [0xe2, 0x80, 0x80..=0x8d | 0xaf, ..] => 3,
        [0xe2, 0x81, 0x9f, ..] => 3,
        [0xe2, 0x81, 0xa0, ..] => 3,
        [0xe3, 0x80, 0x80, ..] => 3,
        _ => 0,
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// A word with the high bit set in (at least) the lowest byte of `word` that is zero, and no
/// bit set below it: bytes above the first zero may be flagged falsely, never bytes below.
#[inline]
fn zero_bytes(word: u64) -> u64 {
    word.wrapping_sub(ONES) & !word & HIGHS
}

/// Like [`zero_bytes`], for bytes below `n` (`n` at most 128).
#[inline]
fn bytes_below(word: u64, n: u8) -> u64 {
    word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS
}

/// Index of the first byte of `bytes` that `hits` flags, eight bytes at a time (SWAR), with
/// `slow` deciding the last few bytes one by one.
#[inline]
fn scan(bytes: &[u8], hits: impl Fn(u64) -> u64, slow: impl Fn(u8) -> bool) -> Option<usize> {
    let mut i = 0;
    while i + 8 <= bytes.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[i..i + 8]);
        let mask = hits(u64::from_le_bytes(word));
        if mask != 0 {
            return Some(i + (mask.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    bytes[i..].iter().position(|&b| slow(b)).map(|p| i + p)
}

/// Index of the first `a` or `b` in `bytes`. `memchr` reads 16 or 32 bytes a step with SIMD
/// where the CPU has it: the searches for `<`, `[`, fences and closing tags run over the whole
/// input, and on a large document eight bytes a step (SWAR) cost 5% of its repair. Below 16
/// bytes (the rest of a short answer after a find) a plain loop costs less than the call; eight
/// bytes a step up to 64 bytes cost more than `memchr` (see docs/PERFORMANCE.md).
#[inline]
pub(crate) fn find2(bytes: &[u8], a: u8, b: u8) -> Option<usize> {
    if bytes.len() < 16 {
        return bytes.iter().position(|&x| x == a || x == b);
    }
    if a == b {
        memchr::memchr(a, bytes)
    } else {
        memchr::memchr2(a, b, bytes)
    }
}

/// Index of the first byte that interrupts a run of string text: `quote`, a backslash or a
/// control character.
#[inline]
pub(crate) fn find_string_stop(bytes: &[u8], quote: u8) -> Option<usize> {
    let (wq, wb) = (ONES * u64::from(quote), ONES * u64::from(b'\\'));
    scan(
        bytes,
        |w| zero_bytes(w ^ wq) | zero_bytes(w ^ wb) | bytes_below(w, 0x20),
        |x| x == quote || x == b'\\' || x < 0x20,
    )
}

/// Index of the first occurrence of `needle` in `hay`.
pub(crate) fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let mut from = 0;
    while let Some(p) = find2(&hay[from..], first, first) {
        let at = from + p;
        if hay[at + 1..].starts_with(rest) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// True for the bytes that may appear in an unquoted key or bare word.
pub(crate) fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'-' | b'.' | b'@') || b >= 0x80
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_scans_agree_with_byte_scans() {
        let samples: &[&[u8]] = &[
            b"",
            b"abc",
            b"abcdefgh\"",
            b"0123456789abcdef\\xyz",
            b"\x01",
            b"\xff\xfe\x80 text with \x1f control",
            b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'",
            "caf\u{e9} \u{201c}smart\u{201d} [TOOL_CALLS]<tool_call>".as_bytes(),
        ];
        // Longer than the 32 bytes `memchr` reads a step with AVX2 from most starts, and shorter
        // than the 16 bytes it is handed from the last ones.
        let long = format!(
            "{}<b> ``~ [1]{}\u{2014} ```{}\"\\\x1f",
            "x".repeat(70),
            "a".repeat(90),
            "y".repeat(65)
        );
        let samples = samples.iter().copied().chain([long.as_bytes()]);
        for s in samples {
            for start in 0..s.len() {
                let s = &s[start..];
                for q in [b'"', b'\'', 0xe2] {
                    let naive = s.iter().position(|&b| b == q || b == b'\\' || b < 0x20);
                    assert_eq!(find_string_stop(s, q), naive, "{s:?} {q}");
                }
                for (a, b) in [(b'<', b'['), (b'`', b'~'), (b'a', b'a'), (0xe2, 0x80)] {
                    let naive = s.iter().position(|&x| x == a || x == b);
                    assert_eq!(find2(s, a, b), naive, "{s:?} {a} {b}");
                }
                let naive = s.windows(3).position(|w| w == b"```");
                assert_eq!(find(s, b"```"), naive);
            }
        }
    }
}
