//! The lenient parser: one pass, an explicit stack instead of recursion, every deviation from
//! JSON recorded as a [`JsonFix`](crate::JsonFix).

use super::cursor::{Cursor, is_word_byte};
use super::extract;
use super::lookahead;
use super::number::{self, lex_number};
use super::string::{Slot, lex_string, quote_at};
use super::word::{lex_bare_value, lex_literal, lex_unquoted_key, placeholder_len};
use crate::fix::FixKind;
use serde_json::{Map, Value};
use smallvec::SmallVec;

/// Why a candidate start did not lead to a value.
pub(crate) enum Failure {
    /// Not JSON from here (prose, `[object Object]`): try the next candidate.
    Reject,
    /// Nesting deeper than the limit at this byte: give up.
    Depth(usize),
}

/// An open container.
enum Frame {
    Object {
        map: Map<String, Value>,
        key: Option<(String, usize)>,
        /// Opened by a doubled `{{` (a format-string template): a `}}` closes it.
        doubled: bool,
    },
    Array {
        items: Vec<Value>,
    },
}

impl Frame {
    fn is_object(&self) -> bool {
        matches!(self, Self::Object { .. })
    }
}

/// What the parser expects next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// A key or `}` (just after `{` or a comma).
    Key,
    /// The `:` after a key.
    Colon,
    /// A value: after `:` in an object, or an element of an array.
    Value,
    /// A comma or the closing bracket after a value.
    After,
}

/// Writes the JSON Pointer of the value about to be delivered into the innermost container of
/// `stack`.
fn write_pointer(stack: &[Frame], out: &mut String) {
    for frame in stack {
        match frame {
            Frame::Object { key, .. } => {
                super::exact::push_key(out, key.as_ref().map_or("", |(k, _)| k));
            }
            Frame::Array { items } => {
                use std::fmt::Write as _;
                let _ = write!(out, "/{}", items.len());
            }
        }
    }
}

/// The outermost object's members as spans of the input: (key, where its value starts, where
/// it ends).
pub(crate) type MemberSpans = Vec<(String, usize, usize)>;

/// A parse in progress; `MEMBERS`: also record the outermost object's members as spans
/// ([`parse_members`]), a second instance of the parser so that repair pays nothing for it.
struct Parser<'c, 'a, 's, const MEMBERS: bool> {
    cur: &'c mut Cursor<'a>,
    stack: SmallVec<[Frame; 8]>,
    max_depth: usize,
    /// Whether the last separator seen was a comma (for trailing/leading/doubled commas).
    after_comma: bool,
    /// Whether the pending key was written without quotes (`{word word}` is prose, not a member).
    bare_key: bool,
    /// The finished value, once the outermost container is closed.
    done: Option<Value>,
    /// Where the outermost container opened.
    start: usize,
    /// The outermost object's members as spans of the input, when `MEMBERS`: (key, where its
    /// value starts, where it ends).
    spans: Option<&'s mut MemberSpans>,
    /// Where the outermost object's current value started.
    value_at: usize,
}

/// Parses the container whose opening bracket is at the cursor. On success the cursor is just
/// past the value (or at the end of the region, if the input was truncated).
pub(crate) fn parse(cur: &mut Cursor<'_>, max_depth: usize) -> Result<Value, Failure> {
    parser::<false>(cur, max_depth, None).run()
}

/// [`parse`], also returning the outermost object's members as spans of the input: each key
/// (decoded) with where its value's text starts and ends, in input order, as the parse read
/// them (a value cut off by the end runs to the end).
pub(crate) fn parse_members(
    cur: &mut Cursor<'_>,
    max_depth: usize,
) -> Result<(Value, MemberSpans), Failure> {
    let mut spans = Vec::new();
    let value = parser::<true>(cur, max_depth, Some(&mut spans)).run()?;
    Ok((value, spans))
}

fn parser<'c, 'a, 's, const MEMBERS: bool>(
    cur: &'c mut Cursor<'a>,
    max_depth: usize,
    spans: Option<&'s mut MemberSpans>,
) -> Parser<'c, 'a, 's, MEMBERS> {
    let start = cur.pos;
    Parser {
        cur,
        stack: SmallVec::new(),
        max_depth,
        after_comma: false,
        bare_key: false,
        done: None,
        start,
        spans,
        value_at: start,
    }
}

impl<const MEMBERS: bool> Parser<'_, '_, '_, MEMBERS> {
    fn run(&mut self) -> Result<Value, Failure> {
        // The first byte is `{` or `[`.
        let mut expect = self.open()?;
        loop {
            self.cur.skip_ws();
            let done = match expect {
                Expect::Key => self.key(&mut expect)?,
                Expect::Colon => self.colon(&mut expect)?,
                Expect::Value => self.value(&mut expect)?,
                Expect::After => self.after(&mut expect)?,
            };
            if done {
                // Only a delivery with nothing left open says done, and it leaves the value.
                return self.done.take().ok_or(Failure::Reject);
            }
        }
    }

    /// Opens the container at the cursor.
    fn open(&mut self) -> Result<Expect, Failure> {
        if self.stack.len() >= self.max_depth {
            return Err(Failure::Depth(self.cur.pos));
        }
        let b = self.cur.peek();
        self.cur.pos += 1;
        self.cur.steps += 1;
        self.after_comma = false;
        self.cur.nest.push(b == Some(b'{'));
        if b == Some(b'{') {
            self.stack.push(Frame::Object {
                map: Map::new(),
                key: None,
                doubled: false,
            });
            Ok(Expect::Key)
        } else {
            self.stack.push(Frame::Array { items: Vec::new() });
            Ok(Expect::Value)
        }
    }

    /// Hands a finished value to the enclosing container; when there is none, keeps it as the
    /// result and says the parse is done.
    fn deliver(&mut self, value: Value, expect: &mut Expect) -> bool {
        self.after_comma = false;
        *expect = Expect::After;
        if MEMBERS && self.stack.len() == 1 {
            self.record_member();
        }
        match self.stack.last_mut() {
            None => {
                self.done = Some(value);
                true
            }
            Some(Frame::Object { map, key, .. }) => {
                if let Some((k, _)) = key.take() {
                    map.insert(k, value);
                }
                false
            }
            Some(Frame::Array { items }) => {
                items.push(value);
                false
            }
        }
    }

    /// Pops the innermost container and delivers it.
    fn close_one(&mut self, expect: &mut Expect) -> bool {
        let Some(frame) = self.stack.pop() else {
            return false;
        };
        let stack = &self.stack;
        self.cur.nest.pop(|i| stack[i].is_object());
        let value = match frame {
            Frame::Object { map, .. } => Value::Object(map),
            Frame::Array { items } => Value::Array(items),
        };
        self.deliver(value, expect)
    }

    /// The input ended: drop a key without a value, close everything open.
    fn close_all(&mut self, expect: &mut Expect) -> bool {
        let at = self.cur.pos;
        if let Some(Frame::Object {
            key: Some((_, key_at)),
            ..
        }) = self.stack.last_mut()
        {
            let key_at = *key_at;
            if let Some(Frame::Object { key, .. }) = self.stack.last_mut() {
                *key = None;
            }
            self.cur.fix(FixKind::DroppedDanglingKey, key_at);
        }
        self.cur.fix(FixKind::ClosedTruncated, at);
        while !self.stack.is_empty() {
            if self.close_one(expect) {
                return true;
            }
        }
        false
    }

    /// A closing bracket at the cursor: closes its match (and whatever was opened after it), or
    /// is dropped when nothing open matches.
    fn closer(&mut self, expect: &mut Expect) -> bool {
        let at = self.cur.pos;
        let object = self.cur.peek() == Some(b'}');
        self.cur.pos += 1;
        self.cur.steps += 1;
        let mut depth = match self.stack.iter().rposition(|f| f.is_object() == object) {
            Some(depth) => depth,
            None if self.typo_with_items_after(at) => {
                // `[1, [2, 3}, 4]`: nothing of its kind is open, and the items after it belong
                // to the container around the innermost one.
                self.cur.fix(FixKind::MismatchedBracket, at);
                self.stack.len() - 1
            }
            None => {
                self.cur.fix(FixKind::ExtraBracket, at);
                return false;
            }
        };
        if self.after_comma {
            self.cur.fix(FixKind::TrailingComma, at);
        }
        if depth + 1 < self.stack.len() {
            self.cur.fix(FixKind::MismatchedBracket, at);
            if self.typo_for_innermost(depth) {
                depth = self.stack.len() - 1;
            }
        }
        if let Some(Frame::Object { key, .. }) = self.stack.last_mut()
            && let Some((_, key_at)) = key.take()
        {
            self.cur.fix(FixKind::DroppedDanglingKey, key_at);
        }
        while self.stack.len() > depth + 1 {
            self.close_one(expect);
        }
        if let Some(Frame::Object { doubled: true, .. }) = self.stack.last()
            && self.cur.peek() == Some(b'}')
        {
            self.cur.pos += 1;
        }
        self.close_one(expect)
    }

    /// A closer of the wrong kind (its match at `depth` is not the innermost container): does
    /// it stand for the innermost one's closer instead? See [`lookahead::closers_swapped`].
    fn typo_for_innermost(&mut self, depth: usize) -> bool {
        debug_assert!(depth + 1 < self.stack.len());
        let from = self.stack.len().saturating_sub(64);
        let open: SmallVec<[bool; 64]> = self.stack[from..].iter().map(Frame::is_object).collect();
        let at = self.cur.pos - 1;
        lookahead::closers_swapped(self.cur, at, &open, from > 0)
    }

    /// A closer at `at` that matches no open container: does it stand for the innermost one's
    /// closer? Only when a comma follows and then an item that the container around the
    /// innermost one takes (a key for an object, anything else for an array): dropping the
    /// closer would pull those items into the innermost container (`[1, [2, 3}, 4]`,
    /// `{"a": {"b": 1], "c": 2}`). Before anything else it is dropped, as an extra closer.
    fn typo_with_items_after(&mut self, at: usize) -> bool {
        let len = self.stack.len();
        if len < 2 {
            return false;
        }
        let comma = self.cur.next_significant(at + 1);
        if self.cur.byte_at(comma) != Some(b',') {
            return false;
        }
        let key = lookahead::key_follows(self.cur, comma + 1);
        key == self.stack[len - 2].is_object()
    }

    /// Skips a `...` placeholder at the cursor, if there is one.
    fn skip_placeholder(&mut self) -> bool {
        let n = placeholder_len(self.cur);
        if n > 0 {
            self.cur.fix(FixKind::RemovedPlaceholder, self.cur.pos);
            self.cur.pos += n;
        }
        n > 0
    }

    /// A comma where a key or element should start: leading or doubled.
    fn stray_comma(&mut self) {
        let at = self.cur.pos;
        let kind = if self.after_comma {
            FixKind::DoubledComma
        } else {
            FixKind::LeadingComma
        };
        self.cur.fix(kind, at);
        self.cur.pos += 1;
        self.after_comma = true;
    }

    fn key(&mut self, expect: &mut Expect) -> Result<bool, Failure> {
        let at = self.cur.pos;
        let Some(b) = self.cur.peek() else {
            return Ok(self.close_all(expect));
        };
        match b {
            b'"' => {}
            b'}' | b']' => return Ok(self.closer(expect)),
            b',' => {
                self.stray_comma();
                return Ok(false);
            }
            b'{' => return self.brace_for_key(expect),
            _ => {
                if self.skip_placeholder() {
                    return Ok(false);
                }
                self.skip_string_prefix();
            }
        }
        self.bare_key = false;
        let key = if quote_at(self.cur).is_some() {
            let lexed = lex_string(self.cur, Slot::Key);
            if lexed.truncated {
                self.cur.fix(FixKind::DroppedDanglingKey, at);
                return Ok(self.close_all(expect));
            }
            lexed.text
        } else if is_word_byte(b) {
            self.bare_key = true;
            match lex_unquoted_key(self.cur) {
                Some(k) => k,
                None => return Err(Failure::Reject),
            }
        } else {
            return Err(Failure::Reject);
        };
        if let Some(Frame::Object { key: slot, .. }) = self.stack.last_mut() {
            *slot = Some((key, at));
        }
        self.after_comma = false;
        // The usual `"key": ` settled here, without a turn of the loop for the colon.
        if self.cur.peek() == Some(b':') {
            self.cur.pos += 1;
            *expect = Expect::Value;
            return Ok(false);
        }
        *expect = Expect::Colon;
        Ok(false)
    }

    /// A `{` where a key should be. Right after the `{` that opened an empty object: a
    /// format-string template's doubled brace, `{{"a": 1}}`, read as one (its `}}` closes it).
    ///
    /// After a comma in an object that is an array's element, a `{` is the array's next
    /// element: the object's `}` was left out (`[{"a": 1, {"a": 2}]`). Anything else is not
    /// an object.
    fn brace_for_key(&mut self, expect: &mut Expect) -> Result<bool, Failure> {
        let at = self.cur.pos;
        let len = self.stack.len();
        let in_array = len >= 2 && !self.stack[len - 2].is_object();
        match self.stack.last_mut() {
            Some(Frame::Object { map, doubled, .. })
                if !*doubled && map.is_empty() && self.cur.bytes[at - 1] == b'{' =>
            {
                *doubled = true;
                self.cur.fix(FixKind::DoubledBrace, at);
                self.cur.pos += 1;
                Ok(false)
            }
            Some(Frame::Object { map, key: None, .. })
                if in_array && self.after_comma && !map.is_empty() =>
            {
                self.cur.fix(FixKind::MissingBracket, at);
                self.close_one(expect);
                self.after_comma = true;
                *expect = Expect::Value;
                Ok(false)
            }
            _ => Err(Failure::Reject),
        }
    }

    fn colon(&mut self, expect: &mut Expect) -> Result<bool, Failure> {
        let at = self.cur.pos;
        match self.cur.peek() {
            None => Ok(self.close_all(expect)),
            Some(b':') => {
                self.cur.pos += 1;
                *expect = Expect::Value;
                Ok(false)
            }
            // `{"a": 1, "b"}`: a key whose value was left out; dropped.
            Some(b'}') if !self.bare_key && self.members() > 0 => Ok(self.closer(expect)),
            // `{word}` or `{word, ...}`: a set or prose in braces, not an object.
            Some(b',' | b'}' | b']') => Err(Failure::Reject),
            // `{real time data}`: words in braces are prose, not a key and a bare value.
            Some(b) if self.bare_key && b.is_ascii_alphabetic() => Err(Failure::Reject),
            Some(b'=') => {
                // `"a" = 1`, `"a" => 1`
                let len = if self.cur.byte_at(at + 1) == Some(b'>') {
                    2
                } else {
                    1
                };
                self.cur.fix(FixKind::ForeignPunctuation, at);
                self.cur.pos += len;
                *expect = Expect::Value;
                Ok(false)
            }
            Some(0xef) if self.cur.starts_with(at, "\u{ff1a}") => {
                self.cur.fix(FixKind::ForeignPunctuation, at);
                self.cur.pos += 3;
                *expect = Expect::Value;
                Ok(false)
            }
            Some(_) => {
                self.cur.fix(FixKind::MissingColon, self.cur.pos);
                *expect = Expect::Value;
                Ok(false)
            }
        }
    }

    fn value(&mut self, expect: &mut Expect) -> Result<bool, Failure> {
        let at = self.cur.pos;
        if MEMBERS && self.stack.len() == 1 {
            self.value_at = at;
        }
        let in_object = self.stack.last().is_some_and(Frame::is_object);
        let slot = if in_object {
            Slot::ObjectValue
        } else {
            Slot::ArrayElement
        };
        let Some(b) = self.cur.peek() else {
            return Ok(self.close_all(expect));
        };
        match b {
            // The usual case first: a double-quoted string.
            b'"' => {
                let lexed = lex_string(self.cur, slot);
                return Ok(self.deliver(Value::String(lexed.text), expect));
            }
            b'{' | b'[' => {
                *expect = self.open()?;
                return Ok(false);
            }
            b',' | b'}' | b']' if in_object => {
                self.cur.fix(FixKind::MissingValue, at);
                return Ok(self.deliver(Value::Null, expect));
            }
            b']' | b'}' => return Ok(self.closer(expect)),
            b')' if !in_object => return Ok(self.closer(expect)),
            b',' => {
                self.stray_comma();
                return Ok(false);
            }
            b':' if in_object => {
                // `"a":: 1`
                self.cur.fix(FixKind::ForeignPunctuation, at);
                self.cur.pos += 1;
                return Ok(false);
            }
            b'(' if lookahead::opens_tuple(self.cur, at + 1) => {
                // A Python tuple, `(1, 2)`: an array.
                self.cur.fix(FixKind::ForeignLiteral, at);
                *expect = self.open()?;
                return Ok(false);
            }
            _ => {}
        }
        if self.skip_placeholder() {
            // `"key": ...` : the member is a placeholder as a whole.
            if let Some(Frame::Object { key, .. }) = self.stack.last_mut() {
                *key = None;
            }
            self.after_comma = false;
            *expect = Expect::After;
            return Ok(false);
        }
        self.skip_string_prefix();
        if quote_at(self.cur).is_some() {
            let lexed = lex_string(self.cur, slot);
            return Ok(self.deliver(Value::String(lexed.text), expect));
        }
        // A word that starts like a number (`50%`, `1.2.3`, `8/10`) is text, in arrays too.
        let mut numeric_word = false;
        let mark = (
            self.cur.fixes.len(),
            self.cur.fixes.last().map_or(0, |f| f.count),
        );
        if b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.') {
            let exact_before = self.cur.exact.mark();
            match lex_number(self.cur, slot) {
                number::Lexed::Number(v) => {
                    // `"price": 19.99 USD`, `"a": 12 + 3`: a number with text after it is
                    // text, never the number alone.
                    if in_object
                        && lookahead::text_follows_scalar(self.cur, self.cur.pos)
                        && let Some(text) = self.reread_as_text(at, mark)
                    {
                        self.cur.exact.truncate(exact_before);
                        return Ok(self.deliver(Value::String(text), expect));
                    }
                    if self.cur.exact.mark() > exact_before {
                        self.file_big_integer();
                    }
                    return Ok(self.deliver(v, expect));
                }
                number::Lexed::Truncated => {
                    self.cur.pos = self.cur.end;
                    return Ok(self.close_all(expect));
                }
                number::Lexed::Word => numeric_word = b.is_ascii_digit(),
            }
        }
        if let Some(v) = lex_literal(self.cur) {
            // `"k": true story`, `"k": null pointer`: words, not a literal and a stray key.
            // (`NaN` and `Infinity` keep their own handling.)
            let non_finite = self.cur.fixes.last().is_some_and(|f| {
                matches!(f.kind, FixKind::NonFiniteNumber | FixKind::NonFiniteAsNull)
                    && (self.cur.fixes.len() > mark.0 || f.count != mark.1)
            });
            if in_object
                && !non_finite
                && lookahead::text_follows_scalar(self.cur, self.cur.pos)
                && let Some(text) = self.reread_as_text(at, mark)
            {
                return Ok(self.deliver(Value::String(text), expect));
            }
            return Ok(self.deliver(v, expect));
        }
        // Bare words are values in an object, and in an array that is an object's value
        // (`"fields": [id, name]`); a top-level `[see here]` is prose.
        let words_allowed =
            in_object || numeric_word || self.in_object_value_array() || self.word_list(at);
        if words_allowed && let Some(text) = lex_bare_value(self.cur, in_object) {
            return Ok(self.deliver(Value::String(text), expect));
        }
        Err(Failure::Reject)
    }

    fn after(&mut self, expect: &mut Expect) -> Result<bool, Failure> {
        let Some(b) = self.cur.peek() else {
            return Ok(self.close_all(expect));
        };
        let in_object = self.stack.last().is_some_and(Frame::is_object);
        let next_item = if in_object {
            Expect::Key
        } else {
            Expect::Value
        };
        match b {
            b',' => {
                self.cur.pos += 1;
                self.after_comma = true;
                *expect = next_item;
                Ok(false)
            }
            b';' => {
                // `{"a": 1; "b": 2}`
                self.cur.fix(FixKind::ForeignPunctuation, self.cur.pos);
                self.cur.pos += 1;
                self.after_comma = true;
                *expect = next_item;
                Ok(false)
            }
            b'}' | b']' => Ok(self.closer(expect)),
            b')' if !in_object => Ok(self.closer(expect)),
            b':' if !in_object && self.key_in_array(expect) => Ok(false),
            0xef if self.cur.starts_with(self.cur.pos, "\u{ff0c}") => {
                // A full-width comma.
                self.cur.fix(FixKind::ForeignPunctuation, self.cur.pos);
                self.cur.pos += 3;
                self.after_comma = true;
                *expect = next_item;
                Ok(false)
            }
            _ if self.skip_placeholder() => Ok(false),
            b'{' if in_object && self.object_element_of_array() => {
                // `[{"i": 1{"i": 2}]`: the element's `}` and the comma after it were left out;
                // the `{` opens the array's next element.
                self.cur.fix(FixKind::MissingBracket, self.cur.pos);
                self.close_one(expect);
                *expect = Expect::Value;
                Ok(false)
            }
            _ if self.starts_item(b, in_object) => {
                self.cur.fix(FixKind::MissingComma, self.cur.pos);
                *expect = next_item;
                Ok(false)
            }
            // Something that cannot continue the value: the rest is not ours.
            _ => {
                self.cur.fix(FixKind::IgnoredTrailingText, self.cur.pos);
                self.cur.end_here();
                Ok(self.close_all(expect))
            }
        }
    }

    /// A colon after a string element of an array that is an object's value: the array's `]`
    /// was left out and the string is the object's next key (`{"a": [1, 2], "b": 3}` written
    /// `{"a": [1, 2, "b": 3}`). Closes the array and makes the string the pending key.
    fn key_in_array(&mut self, expect: &mut Expect) -> bool {
        let len = self.stack.len();
        let parent_is_object = len >= 2 && self.stack[len - 2].is_object();
        let Some(Frame::Array { items }) = self.stack.last_mut() else {
            return false;
        };
        if !parent_is_object || !matches!(items.last(), Some(Value::String(_))) {
            return false;
        }
        let Some(Value::String(key)) = items.pop() else {
            return false;
        };
        let at = self.cur.pos;
        self.cur.fix(FixKind::MissingBracket, at);
        self.close_one(expect);
        if let Some(Frame::Object { key: slot, .. }) = self.stack.last_mut() {
            *slot = Some((key, at));
        }
        *expect = Expect::Colon;
        true
    }

    /// Skips a Python string prefix (`u'…'`, `r"…"`, `b'…'`, `f"…"`) at the cursor.
    fn skip_string_prefix(&mut self) {
        let at = self.cur.pos;
        if matches!(
            self.cur.peek(),
            Some(b'u' | b'r' | b'b' | b'f' | b'U' | b'R' | b'B' | b'F')
        ) && matches!(self.cur.byte_at(at + 1), Some(b'\'' | b'"'))
        {
            self.cur.fix(FixKind::ForeignLiteral, at);
            self.cur.pos += 1;
        }
    }

    /// Records the outermost object's member whose value is about to be delivered (for
    /// [`parse_members`]).
    #[cold]
    #[inline(never)]
    fn record_member(&mut self) {
        let at = self.value_at;
        let end = self.cur.pos;
        if let (
            Some(spans),
            Some(Frame::Object {
                key: Some((k, _)), ..
            }),
        ) = (self.spans.as_mut(), self.stack.last())
        {
            spans.push((k.clone(), at, end));
        }
    }

    /// Fills in the pointer of the integer beyond 64 bits the number lexer just recorded.
    #[cold]
    #[inline(never)]
    fn file_big_integer(&mut self) {
        let stack = &self.stack;
        self.cur
            .exact
            .set_last_pointer(|out| write_pointer(stack, out));
    }

    /// Whether the innermost container is an object that is an element of an array.
    fn object_element_of_array(&self) -> bool {
        let len = self.stack.len();
        len >= 2 && self.stack[len - 1].is_object() && !self.stack[len - 2].is_object()
    }

    /// Whether the innermost container is an array that is the value of an object's key.
    fn in_object_value_array(&self) -> bool {
        let len = self.stack.len();
        len >= 2 && !self.stack[len - 1].is_object() && self.stack[len - 2].is_object()
    }

    /// Reads the object value at `at` again as one bare value (a number or literal with text
    /// after it), taking back the fixes recorded since `mark` (`1,000` read as 1000 no longer
    /// holds).
    fn reread_as_text(&mut self, at: usize, mark: (usize, u32)) -> Option<String> {
        self.cur.fixes.truncate(mark.0);
        if let Some(last) = self.cur.fixes.last_mut() {
            last.count = mark.1;
        }
        self.cur.pos = at;
        lex_bare_value(self.cur, true)
    }

    /// Whether a bare word at `at` is an element of a list of words: a single word, followed by
    /// `,` or `]`, after a string in the array (`["red", green]`), or followed by `,` as the
    /// first element of the outermost array where that array opens the text
    /// (`[red, green, blue]`). `[object Object]`, `[see here]` or `[sorry, cannot help]` stays
    /// refused.
    fn word_list(&mut self, at: usize) -> bool {
        let Some(Frame::Array { items }) = self.stack.last() else {
            return false;
        };
        if items.last().is_some_and(Value::is_string) {
            return lookahead::word_element_at(self.cur, at, b",]");
        }
        if self.stack.len() != 1 || !items.is_empty() {
            return false;
        }
        if !lookahead::word_element_at(self.cur, at, b",") {
            return false;
        }
        // Only the first candidate can have nothing visible before it: linear overall.
        let visible = extract::first_visible(&self.cur.src[..self.start]);
        self.cur.steps += visible.unwrap_or(self.start) as u64;
        visible.is_none()
    }

    /// How many members the innermost object holds (0 for an array).
    fn members(&self) -> usize {
        match self.stack.last() {
            Some(Frame::Object { map, .. }) => map.len(),
            _ => 0,
        }
    }

    /// Can a member (in an object) or an element (in an array) start with this byte?
    fn starts_item(&self, b: u8, in_object: bool) -> bool {
        if quote_at(self.cur).is_some() {
            return true;
        }
        if in_object {
            b.is_ascii_alphabetic() || b == b'_'
        } else {
            b.is_ascii_digit() || matches!(b, b'-' | b'{' | b'[' | b't' | b'f' | b'n')
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::repair;
    use serde_json::{Map, Value};

    /// The map that inserting `members` one by one builds: what an object read by the lenient
    /// parser must equal, key order included (serde_json's `preserve_order` keeps a key's
    /// first place).
    fn inserted(members: &[(&str, Value)]) -> Value {
        let mut map = Map::new();
        for (k, v) in members {
            map.insert((*k).to_owned(), v.clone());
        }
        Value::Object(map)
    }

    #[test]
    fn duplicate_keys_keep_the_last_value_as_inserting_one_by_one_does() {
        // Malformed (single quotes, a trailing comma), so the lenient parser reads them.
        let out = repair("{'a': 1, 'b': 2, 'a': 3,}").unwrap();
        assert_eq!(
            out.value,
            inserted(&[("a", 1.into()), ("b", 2.into()), ("a", 3.into())])
        );
        assert_eq!(out.value.to_string(), r#"{"a":3,"b":2}"#);

        // Nested, and more members than a short sort handles in place (keys out of order, a
        // key written three times).
        let keys = [
            "k", "c", "x", "a", "q", "c", "m", "b", "z", "d", "y", "e", "c", "w", "f", "v", "g",
            "u", "h", "t", "i", "s", "j", "r",
        ];
        let members: Vec<(&str, Value)> = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, Value::from(i)))
            .collect();
        let body: Vec<String> = members.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        let text = format!(
            "{{'outer': {{{}}}, 'outer': {{{},}}",
            body.join(", "),
            body[0]
        );
        let out = repair(&text).unwrap();
        let expected = inserted(&[
            ("outer", inserted(&members)),
            ("outer", inserted(&members[..1])),
        ]);
        assert_eq!(out.value, expected);
        let text = format!("{{'outer': {{{},}}}}", body.join(", "));
        let out = repair(&text).unwrap();
        assert_eq!(
            out.value.to_string(),
            inserted(&[("outer", inserted(&members))]).to_string()
        );
        assert_eq!(out.value["outer"]["c"], Value::from(12));
    }
}
