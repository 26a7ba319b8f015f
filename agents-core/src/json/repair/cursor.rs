//! A byte cursor over one region of the input: whitespace, invisible characters and comments,
//! the fixes recorded so far, and a step counter that proves the scanner linear.

use crate::json::fix::{Fix, FixKind};

/// Reads `src[pos..end]`; offsets stay offsets into the whole original input.
pub(crate) struct Cursor<'a> {
    pub(crate) src: &'a str,
    pub(crate) bytes: &'a [u8],
    pub(crate) pos: usize,
    pub(crate) end: usize,
    pub(crate) fixes: Vec<Fix>,
    /// Bytes examined, lookahead included. Only the complexity tests read it.
    pub(crate) steps: u64,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(src: &'a str, start: usize, end: usize) -> Self {
        Self {
            src,
            bytes: src.as_bytes(),
            pos: start,
            end,
            fixes: Vec::new(),
            steps: 0,
        }
    }

    pub(crate) fn fix(&mut self, kind: FixKind, offset: usize) {
        self.fixes.push(Fix::new(kind, offset));
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        self.byte_at(self.pos)
    }

    pub(crate) fn byte_at(&self, at: usize) -> Option<u8> {
        if at < self.end {
            Some(self.bytes[at])
        } else {
            None
        }
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
    pub(crate) fn skip_ws(&mut self) {
        while let Some(b) = self.peek() {
            self.steps += 1;
            match b {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                b'/' if self.byte_at(self.pos + 1) == Some(b'/') => self.skip_line_comment(),
                b'#' => self.skip_line_comment(),
                b'/' if self.byte_at(self.pos + 1) == Some(b'*') => self.skip_block_comment(),
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
    pub(crate) fn next_significant(&mut self, mut at: usize) -> usize {
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

    fn skip_block_comment(&mut self) {
        self.fix(FixKind::RemovedComment, self.pos);
        self.pos += 2;
        while self.pos < self.end {
            self.steps += 1;
            if self.starts_with(self.pos, "*/") {
                self.pos += 2;
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
        [0xe2, 0x80, 0x8b..=0x8d | 0xaf, ..] => 3,
        [0xe2, 0x81, 0xa0, ..] => 3,
        [0xe3, 0x80, 0x80, ..] => 3,
        _ => 0,
    }
}

/// True for the bytes that may appear in an unquoted key or bare word.
pub(crate) fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'-' | b'.' | b'@') || b >= 0x80
}
