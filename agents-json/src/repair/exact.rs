//! Integers beyond 64 bits, kept digit for digit beside the value.
//!
//! serde_json without `arbitrary_precision` (which the workspace never turns on: cargo unifies
//! features, and that one changes every crate's numbers in a user's build) holds a number as a
//! `u64`, an `i64` or an `f64`. An integer with more digits (a 30-digit account number) becomes
//! the nearest `f64`, and written out again it is no longer the integer the model wrote. Repair
//! records each such integer's digits under its JSON Pointer, and
//! [`Repaired::to_json`](super::Repaired::to_json) writes them back in place of the `f64`.

use serde_json::Value;
use smallvec::SmallVec;
use std::fmt::Write as _;

/// The integers of one repaired value that no 64-bit integer holds, each with its JSON
/// Pointer: recorded as repair meets them, or (for valid JSON, where the strict parse met
/// them) the text itself, read only when asked.
///
/// Records are one string: per record `digits:pointer:len` and a newline, `len` the pointer's
/// length in bytes (so that a pointer may hold any character; digits hold no `:` and no
/// newline), read from the end. Two allocations for all of them (more only as the string
/// grows), and a drop without a loop; a boxed `Vec` of string pairs cost four allocations an
/// integer, and with one codegen unit its drop was a call of its own in the drop glue of
/// `Repaired` that callers compile. Boxed, so that `Repaired` (moved through every step of
/// repair) grows by one word only; `None` for nearly every input.
#[derive(Clone, Default)]
pub(crate) struct ExactIntegers(Option<Box<Store>>);

/// Where an [`ExactIntegers`] keeps its integers.
#[derive(Clone)]
enum Store {
    /// The records, as repair wrote them.
    Records(String),
    /// Valid JSON in which the skip-scan saw a run of digits long enough: its records are
    /// read from it by [`in_valid_json`] when asked ([`Repaired::to_json`](super::Repaired::to_json)),
    /// not on every parse; the runtime never asks.
    Source(Box<str>),
}

/// The same records, whether kept as text or as records, and whether or not a text emptied
/// again is still allocated.
impl PartialEq for ExactIntegers {
    fn eq(&self, other: &Self) -> bool {
        self.resolved().text() == other.resolved().text()
    }
}

impl ExactIntegers {
    /// For valid JSON `text` whose skip-scan found a long run of digits: read when asked.
    pub(crate) fn in_source(text: &str) -> Self {
        Self(Some(Box::new(Store::Source(text.into()))))
    }

    /// The records, read from the source first if that is what is kept.
    fn resolved(&self) -> std::borrow::Cow<'_, Self> {
        match self.0.as_deref() {
            Some(Store::Source(text)) => std::borrow::Cow::Owned(in_valid_json(text)),
            _ => std::borrow::Cow::Borrowed(self),
        }
    }

    /// The records' text (empty for a source not yet read: callers read [`resolved`](Self::resolved)).
    fn text(&self) -> &str {
        match self.0.as_deref() {
            Some(Store::Records(text)) => text,
            _ => "",
        }
    }

    /// The records' text to write to: a source is read into records first.
    fn records_mut(&mut self) -> Option<&mut String> {
        if let Some(Store::Source(_)) = self.0.as_deref() {
            *self = self.resolved().into_owned();
        }
        match self.0.as_deref_mut() {
            Some(Store::Records(text)) => Some(text),
            _ => None,
        }
    }

    /// Whether there are no records, judged without reading a source: a source is kept only
    /// where the skip-scan saw a long run of digits, so it counts as not empty.
    pub(crate) fn is_empty(&self) -> bool {
        match self.0.as_deref() {
            Some(Store::Source(_)) => false,
            _ => self.text().is_empty(),
        }
    }

    /// Where the records end now, to [`truncate`](Self::truncate) back to.
    pub(crate) fn mark(&mut self) -> usize {
        self.records_mut().map_or(0, |text| text.len())
    }

    pub(crate) fn truncate(&mut self, mark: usize) {
        if let Some(text) = self.records_mut() {
            text.truncate(mark);
        }
    }

    /// Records `digits` under the pointer that `pointer` writes.
    pub(crate) fn push_with(&mut self, digits: &str, pointer: impl FnOnce(&mut String)) {
        if self.records_mut().is_none() {
            self.0 = Some(Box::new(Store::Records(String::with_capacity(
                digits.len() + 32,
            ))));
        }
        let Some(text) = self.records_mut() else {
            return;
        };
        text.push_str(digits);
        text.push(':');
        end_record(text, pointer);
    }

    /// Files the last record, recorded under the empty pointer, under the pointer that
    /// `pointer` writes.
    pub(crate) fn set_last_pointer(&mut self, pointer: impl FnOnce(&mut String)) {
        if let Some(text) = self.records_mut() {
            debug_assert!(text.ends_with("::0\n"));
            text.truncate(text.len().saturating_sub(3));
            end_record(text, pointer);
        }
    }

    /// The records, last first: (pointer, digits). Of records only: callers resolve a source.
    fn records_rev(&self) -> impl Iterator<Item = (&str, &str)> {
        let mut rest = self.text();
        std::iter::from_fn(move || {
            let body = rest.strip_suffix('\n')?;
            let colon = body.rfind(':')?;
            let len: usize = body[colon + 1..].parse().ok()?;
            let start = colon.checked_sub(len)?;
            let pointer = body.get(start..colon)?;
            let head = body.get(..start)?.strip_suffix(':')?;
            let digits_at = head.rfind('\n').map_or(0, |i| i + 1);
            rest = &head[..digits_at];
            Some((pointer, &head[digits_at..]))
        })
    }

    /// The digits recorded at `pointer` (the last record for it, as the last of duplicate keys
    /// wins). Of records only: callers resolve a source.
    fn at(&self, pointer: &str) -> Option<&str> {
        self.records_rev()
            .find(|&(p, _)| p == pointer)
            .map(|(_, d)| d)
    }

    /// The records in the order recorded: (pointer, digits).
    fn pairs(&self) -> Vec<(String, String)> {
        let mut pairs: Vec<_> = self
            .resolved()
            .records_rev()
            .map(|(p, d)| (p.to_owned(), d.to_owned()))
            .collect();
        pairs.reverse();
        pairs
    }
}

/// Writes a record's pointer (its digits and their `:` written) and its end.
fn end_record(text: &mut String, pointer: impl FnOnce(&mut String)) {
    let from = text.len();
    pointer(text);
    let len = text.len() - from;
    text.push(':');
    push_decimal(text, len);
    text.push('\n');
}

/// Appends `n` in decimal (`write!` costs more than the rest of a record).
fn push_decimal(out: &mut String, n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[at..].iter().map(|&d| char::from(d)));
}

impl std::fmt::Debug for ExactIntegers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.pairs()).finish()
    }
}

/// Whether `text`, the digits of a number as a JSON number writes them, is an integer that
/// neither `u64` nor `i64` holds.
pub(crate) fn is_big_integer(text: &str) -> bool {
    let negative = text.starts_with('-');
    let digits = &text.as_bytes()[usize::from(negative)..];
    if digits.len() < RUN || !digits.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let first = digits
        .iter()
        .position(|&b| b != b'0')
        .unwrap_or(digits.len());
    beyond_limit(&digits[first..], negative)
}

/// The fewest digits an integer that no `u64` or `i64` holds is written with (`-2^63 - 1`).
const RUN: usize = 19;

/// The digits, a table: one load tells, where a range test takes three instructions.
static DIGIT: [bool; 256] = {
    let mut table = [false; 256];
    let mut digit = b'0';
    while digit <= b'9' {
        table[digit as usize] = true;
        digit += 1;
    }
    table
};

/// Whether `b` is an ASCII digit.
#[inline(always)]
fn digit(b: u8) -> bool {
    DIGIT[usize::from(b)]
}

/// How many probes [`may_hold_big_integer`] tests with one branch.
const STEP: usize = 4;

/// The bytes a step of probes reads: from 9 before its first probe to 9 after its last, so
/// that a probe's two neighbours are in the same array.
const STEP_LEN: usize = STEP * RUN;

/// Whether one of a step's probes (at 9, 28, 47 and 66 of `step`) is a digit with a digit 9
/// bytes to one side: a run of 19 digits over a probe reaches that far.
#[inline(always)]
fn step_may_hold_run(step: &[u8; STEP_LEN]) -> bool {
    let any_digit =
        digit(step[9]) | digit(step[9 + RUN]) | digit(step[9 + 2 * RUN]) | digit(step[9 + 3 * RUN]);
    // Short numbers (`12345`) put a digit at a probe in one step of five on number-heavy text.
    any_digit
        && (0..STEP).any(|k| {
            let at = 9 + k * RUN;
            digit(step[at]) && (digit(step[at - 9]) || digit(step[at + 9]))
        })
}

/// Whether `text` may hold an integer beyond 64 bits: a run of 19 digits or more, not part of
/// a fraction or an exponent, larger than a 64-bit integer holds (anywhere, strings included;
/// [`in_valid_json`] then tells). Reads one byte in 19: a run that long covers one of them.
/// Inlined into the strict path, which runs it on every valid input: text long enough for a
/// step of [`STEP`] probes goes out of line to [`long_may_hold_big_integer`], short text (tool
/// arguments) is probed here, and a digit at a probe (usually a short number) is looked at
/// further out of line.
#[inline]
pub(crate) fn may_hold_big_integer(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() >= RUN - 1 + STEP_LEN {
        return long_may_hold_big_integer(bytes);
    }
    probe_until(bytes, RUN - 1, bytes.len()).is_ok()
}

/// The probes from `probe` on, 19 bytes apart, before `stop`: `Ok` at an integer beyond 64
/// bits, else `Err` with the next probe (a run measured at a probe may end beyond `stop`).
#[inline(always)]
fn probe_until(bytes: &[u8], mut probe: usize, stop: usize) -> Result<(), usize> {
    while probe < stop {
        // A run of 19 digits over `probe` reaches 9 bytes to one side of it: a short number
        // (`12345`) is passed over on these two reads.
        let digit_at = |i: Option<usize>| i.and_then(|i| bytes.get(i)).is_some_and(|&b| digit(b));
        if digit(bytes[probe]) && (digit_at(Some(probe + 9)) || digit_at(probe.checked_sub(9))) {
            match run_at(bytes, probe) {
                Ok(()) => return Ok(()),
                Err(next) => probe = next,
            }
        } else {
            probe += RUN;
        }
    }
    Err(probe)
}

/// [`may_hold_big_integer`] for text long enough for a step of probes: [`STEP`] probes a
/// step with one branch for all of them (nearly always none is on a digit); the step that has
/// a digit with a digit 9 bytes to one side, and the last few probes, one at a time.
#[inline(never)]
fn long_may_hold_big_integer(bytes: &[u8]) -> bool {
    let mut probe = RUN - 1;
    while probe < bytes.len() {
        if bytes.len() - probe >= STEP_LEN - 9 {
            // The text in steps from 9 before `probe` on, each step's probes and their
            // neighbours at the same offsets of its array (no bounds to check).
            let (steps, _) = bytes[probe - 9..].as_chunks::<STEP_LEN>();
            let passed = steps
                .iter()
                .position(step_may_hold_run)
                .unwrap_or(steps.len());
            probe += passed * STEP_LEN;
        }
        match probe_until(bytes, probe, bytes.len().min(probe + STEP_LEN)) {
            Ok(()) => return true,
            Err(next) => probe = next,
        }
    }
    false
}

/// The run of digits around the probe at `probe`: `Ok` when it is an integer beyond 64 bits,
/// else `Err` with the next probe (the next run that long starts after this one, and covers
/// that probe or a later one).
#[inline(never)]
fn run_at(bytes: &[u8], probe: usize) -> Result<(), usize> {
    // Eight bytes a step: the first word that is not all digits tells how many of its bytes
    // nearest the probe are; the last few bytes before the text's start or end one at a time.
    let mut start = probe;
    loop {
        if start < 8 {
            while start > 0 && bytes[start - 1].is_ascii_digit() {
                start -= 1;
            }
            break;
        }
        // The word's last byte is the one just before `start`.
        let others = non_digits(word_at(bytes, start - 8));
        start -= (others.leading_zeros() / 8) as usize;
        if others != 0 {
            break;
        }
    }
    let mut end = probe + 1;
    loop {
        if end + 8 > bytes.len() {
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            break;
        }
        let others = non_digits(word_at(bytes, end));
        end += (others.trailing_zeros() / 8) as usize;
        if others != 0 {
            break;
        }
    }
    if end - start >= RUN && beyond_64_bits(bytes, start, end) {
        Ok(())
    } else {
        Err(end + RUN)
    }
}

/// The eight bytes of `bytes` from `at`, the first one lowest.
fn word_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// A word with the high bit set in each byte of `word` that is not an ASCII digit, and no
/// other bit: with the digits mapped to 0 to 9, a byte is no digit when its high bit is set,
/// or when adding 0x76 to its low seven bits sets it (no carry crosses into the next byte).
fn non_digits(word: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let x = word ^ 0x3030_3030_3030_3030;
    (((x & LOW7) + 0x7676_7676_7676_7676) | x) & HIGH
}

/// Whether the digits at `start..end` (19 or more) are an integer no `u64` or `i64` holds: not
/// a fraction's or an exponent's digits, and larger than `u64::MAX` (or, after a `-`, than
/// `i64::MIN`).
fn beyond_64_bits(bytes: &[u8], start: usize, end: usize) -> bool {
    let before = start.checked_sub(1).map(|i| bytes[i]);
    if matches!(before, Some(b'.' | b'e' | b'E' | b'+'))
        || matches!(bytes.get(end), Some(b'.' | b'e' | b'E'))
    {
        return false;
    }
    beyond_limit(&bytes[start..end], before == Some(b'-'))
}

/// Whether `digits` (ASCII digits) are more than `u64::MAX`, or with `negative` more than the
/// magnitude of `i64::MIN`. Same length: compared as text; JSON numbers have no leading zeros,
/// and a run with them (in a string) is only read again for nothing.
fn beyond_limit(digits: &[u8], negative: bool) -> bool {
    let limit: &[u8] = if negative {
        b"9223372036854775808"
    } else {
        b"18446744073709551615"
    };
    digits.len() > limit.len() || (digits.len() == limit.len() && digits > limit)
}

/// One step of a JSON Pointer while reading valid JSON: a key as written (quotes and escapes
/// included, decoded only for a pointer that is needed), or an index.
enum Step<'t> {
    Key(&'t str),
    Index(usize),
}

/// The big integers of `text`, which is valid JSON: one pass over it, keys decoded only on the
/// way to such an integer's pointer. Rare (the skip-scan found a long run of digits): out of
/// the strict path's way.
#[cold]
#[inline(never)]
pub(crate) fn in_valid_json(text: &str) -> ExactIntegers {
    let bytes = text.as_bytes();
    let mut out = ExactIntegers::default();
    let mut path: SmallVec<[Step; 8]> = SmallVec::new();
    let mut key_next = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => {
                path.push(Step::Key(""));
                key_next = true;
                i += 1;
            }
            b'[' => {
                path.push(Step::Index(0));
                i += 1;
            }
            b'}' | b']' => {
                path.pop();
                i += 1;
            }
            b',' => {
                match path.last_mut() {
                    Some(Step::Index(n)) => *n += 1,
                    Some(Step::Key(_)) => key_next = true,
                    None => {}
                }
                i += 1;
            }
            b'"' => {
                let end = string_end(bytes, i);
                if key_next {
                    if let Some(step) = path.last_mut() {
                        *step = Step::Key(&text[i..end]);
                    }
                    key_next = false;
                }
                i = end;
            }
            b'-' | b'0'..=b'9' => {
                // The integer part once; a fraction or an exponent makes it no integer. Valid
                // JSON writes no leading zeros, so the digits compare with the limits as they
                // stand.
                let start = i;
                let negative = bytes[i] == b'-';
                i += usize::from(negative);
                let digits = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                if matches!(bytes.get(i), Some(b'.' | b'e' | b'E')) {
                    while i < bytes.len()
                        && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                    {
                        i += 1;
                    }
                } else if i - digits >= RUN && beyond_limit(&bytes[digits..i], negative) {
                    out.push_with(&text[start..i], |out| write_pointer(&path, out));
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// The end (after the closing quote) of the valid JSON string whose opening quote is at `at`.
fn string_end(bytes: &[u8], at: usize) -> usize {
    let mut i = at + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// Writes the JSON Pointer of `path` to `out`.
fn write_pointer(path: &[Step], out: &mut String) {
    for step in path {
        match step {
            // A key without escapes is its text between the quotes.
            Step::Key(raw) => match raw.get(1..raw.len().saturating_sub(1)) {
                Some(key) if !key.contains('\\') => push_key(out, key),
                _ => {
                    let key = serde_json::from_str::<String>(raw).unwrap_or_default();
                    push_key(out, &key);
                }
            },
            Step::Index(n) => {
                let _ = write!(out, "/{n}");
            }
        }
    }
}

/// Appends `/key` to a JSON Pointer, escaped (`~` as `~0`, `/` as `~1`).
pub(crate) fn push_key(pointer: &mut String, key: &str) {
    pointer.push('/');
    for c in key.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
}

/// `value` as compact JSON text, each integer of `exact` written with its own digits in place
/// of the `f64` the value holds. Recurses once per level (at most
/// [`MAX_DEPTH`](crate::MAX_DEPTH)).
pub(crate) fn to_json(value: &Value, exact: &ExactIntegers) -> String {
    if exact.is_empty() {
        return value.to_string();
    }
    let exact = exact.resolved();
    let mut out = String::new();
    let mut at = String::new();
    write(value, &exact, &mut at, &mut out);
    out
}

fn write(value: &Value, exact: &ExactIntegers, at: &mut String, out: &mut String) {
    match value {
        // Only digits that are this number: a key written twice keeps its last value, which
        // may be another number than the one recorded for it.
        Value::Number(n) if n.is_f64() => match exact.at(at) {
            Some(digits) if digits.parse::<f64>().ok() == n.as_f64() => out.push_str(digits),
            _ => out.push_str(&value.to_string()),
        },
        Value::Array(items) => {
            out.push('[');
            for (n, item) in items.iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                let len = at.len();
                let _ = write!(at, "/{n}");
                write(item, exact, at, out);
                at.truncate(len);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (n, (key, item)) in map.iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                let len = at.len();
                push_key(at, key);
                write(item, exact, at, out);
                at.truncate(len);
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_integers_are_found_with_their_pointers() {
        // Fractions and exponents with a long integer part are no integers; `-2^63 - 1`, the
        // shortest integer beyond 64 bits, is one, and `u64::MAX` is not.
        let text = concat!(
            r#"{"a~b": [1, {"n/m": 123456789012345678901234567890}], "#,
            r#""s": "99999999999999999999999", "z": -98765432109876543210, "f": 1e30, "#,
            r#""u": 18446744073709551615, "g": -98765432109876543210.5, "#,
            r#""h": 123456789012345678901e2, "i": 123456789012345678901E-2, "#,
            r#""m": -9223372036854775809, "l": -9223372036854775808}"#
        );
        assert_eq!(
            in_valid_json(text).pairs(),
            [
                (
                    "/a~0b/1/n~1m".to_owned(),
                    "123456789012345678901234567890".to_owned()
                ),
                ("/z".to_owned(), "-98765432109876543210".to_owned()),
                ("/m".to_owned(), "-9223372036854775809".to_owned()),
            ]
        );
    }

    /// The records read back as written, whatever their pointers hold (the separators, digits,
    /// newlines, characters of several bytes, nothing), the last of one pointer winning.
    #[test]
    fn records_read_back_whatever_their_pointers_hold() {
        let records = [
            ("/a:1", "123456789012345678901"),
            ("", "-98765432109876543210"),
            ("/k\n:9:\n/é~1", "18446744073709551616"),
            ("/a:1", "99999999999999999999"),
            ("/12:3", "-9223372036854775809"),
        ];
        let mut exact = ExactIntegers::default();
        assert!(exact.is_empty() && exact.mark() == 0);
        for (i, (pointer, digits)) in records.iter().enumerate() {
            if i % 2 == 0 {
                exact.push_with(digits, |out| out.push_str(pointer));
            } else {
                // As the scanner files them: under no pointer, then under their own.
                exact.push_with(digits, |_| {});
                exact.set_last_pointer(|out| out.push_str(pointer));
            }
        }
        let owned = |r: &[(&str, &str)]| -> Vec<(String, String)> {
            r.iter()
                .map(|(p, d)| ((*p).to_owned(), (*d).to_owned()))
                .collect()
        };
        assert_eq!(exact.pairs(), owned(&records));
        assert_eq!(exact.at("/a:1"), Some("99999999999999999999"));
        assert_eq!(exact.at(""), Some("-98765432109876543210"));
        assert_eq!(exact.at("/k\n:9:\n/é~1"), Some("18446744073709551616"));
        assert_eq!(exact.at("/a"), None);
        assert!(format!("{exact:?}").contains(r#""/12:3": "-9223372036854775809""#));

        // Taken back to a mark: the records before it, equal to never having had the rest.
        let mut two = ExactIntegers::default();
        two.push_with(records[0].1, |out| out.push_str(records[0].0));
        let mark = two.mark();
        two.push_with(records[1].1, |_| {});
        two.truncate(mark);
        assert_eq!(two.pairs(), owned(&records[..1]));
        two.truncate(0);
        assert!(two.is_empty());
        assert_eq!(two, ExactIntegers::default());
    }

    #[test]
    fn big_means_no_64_bit_integer_holds_it() {
        // Around the two limits, with leading zeros, signs and lengths from 17 to 22 digits.
        let mut texts = Vec::new();
        for base in [
            "18446744073709551615",
            "9223372036854775808",
            "99999999999999999",
        ] {
            for delta in ["", "0", "1", "9", "00", "000"] {
                for digits in [format!("{base}{delta}"), format!("{delta}{base}")] {
                    let bumped = digits.replace("15", "16").replace("08", "09");
                    for d in [digits.clone(), bumped] {
                        texts.push(d.clone());
                        texts.push(format!("-{d}"));
                    }
                }
            }
        }
        for text in &texts {
            let holds = text.parse::<i64>().is_ok() || text.parse::<u64>().is_ok();
            assert_eq!(is_big_integer(text), !holds, "{text}");
        }
        assert!(!is_big_integer("1234567890123456789012.5"));
        assert!(!is_big_integer("-"));
    }

    /// The skip-scan (probes 19 apart, four a step, two reads before a run is measured, eight
    /// digits a step) agrees with reading every run of digits: on short text made mostly of
    /// digits, and on longer text with a few numbers, where whole steps of probes pass over
    /// nothing.
    #[test]
    fn skip_scan_finds_what_a_full_scan_finds() {
        fn full_scan(bytes: &[u8]) -> bool {
            let mut i = 0;
            while i < bytes.len() {
                if !bytes[i].is_ascii_digit() {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                if i - start >= RUN && beyond_64_bits(bytes, start, i) {
                    return true;
                }
            }
            false
        }
        let alphabet = b"0123456789999999991-.eE+ ,[\"";
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut found, mut sparse_found) = (0, 0);
        for case in 0..40_000 {
            // Every other text is long and mostly not digits.
            let sparse = case % 2 == 1;
            let len = (next() % if sparse { 400 } else { 90 }) as usize;
            let mut text = String::new();
            for _ in 0..len {
                // Long runs of digits, broken now and then, and the shortest run beyond 64
                // bits (19 digits after a `-`), the shortest above `u64::MAX` and the longest
                // that fits, at any alignment.
                let pick = (next() % 100) as usize;
                match pick {
                    99 => text.push_str(" -9223372036854775809"),
                    98 if sparse => text.push_str(",18446744073709551616"),
                    97 if sparse => text.push_str(" -9223372036854775808"),
                    _ if sparse && pick < 90 => text.push(char::from(b"ab ,:\"{}"[pick % 8])),
                    _ => {
                        let i = if pick < 93 {
                            pick % 10
                        } else {
                            pick % alphabet.len()
                        };
                        text.push(char::from(alphabet[i]));
                    }
                }
            }
            let want = full_scan(text.as_bytes());
            found += usize::from(want);
            sparse_found += usize::from(want && sparse);
            assert_eq!(may_hold_big_integer(&text), want, "{text}");
        }
        assert!(
            found > 2_000 && sparse_found > 1_000,
            "{found} {sparse_found}"
        );
    }

    /// Every byte value at every place of a word is flagged exactly when it is no digit, and
    /// the count of digits before the first other byte is right from both ends.
    #[test]
    fn eight_bytes_at_a_time() {
        for b in 0..=255u8 {
            for at in 0..8 {
                let mut word = *b"12345678";
                word[at] = b;
                let others = non_digits(u64::from_le_bytes(word));
                let want = if b.is_ascii_digit() {
                    0
                } else {
                    0x80 << (8 * at)
                };
                assert_eq!(others, want, "{b} at {at}");
                if !b.is_ascii_digit() {
                    assert_eq!(others.trailing_zeros() / 8, at as u32);
                    assert_eq!(others.leading_zeros() / 8, 7 - at as u32);
                }
            }
        }
    }

    /// Valid JSON kept as its text reads as the records a full read writes, compares equal to
    /// them, writes the same JSON, and takes a record after them.
    #[test]
    fn a_source_reads_as_its_records() {
        let text = r#"{"id": 123456789012345678901234567890, "n": [1, -98765432109876543210]}"#;
        let value: Value = serde_json::from_str(text).unwrap();
        let (kept, read) = (ExactIntegers::in_source(text), in_valid_json(text));
        assert!(!kept.is_empty());
        assert_eq!(kept.pairs(), read.pairs());
        assert!(kept == read);
        assert_eq!(to_json(&value, &kept), to_json(&value, &read));
        // A source whose long run is no integer beyond 64 bits reads as no records.
        let text = r#"["12345678901234567890123", {"k": 1.5}]"#;
        let none = ExactIntegers::in_source(text);
        assert!(none == ExactIntegers::default() && none.pairs().is_empty());
        let value: Value = serde_json::from_str(text).unwrap();
        assert_eq!(to_json(&value, &none), value.to_string());
        let mut more = kept.clone();
        more.push_with("18446744073709551616", |p| p.push_str("/x"));
        assert_eq!(more.pairs().len(), 3);
        assert_eq!(more.pairs()[..2], read.pairs()[..]);
    }

    #[test]
    fn written_back_digit_for_digit() {
        let text = r#"{"id": 123456789012345678901234567890, "list": [18446744073709551616, 2.5]}"#;
        let value: Value = serde_json::from_str(text).unwrap();
        assert!(may_hold_big_integer(text));
        let exact = in_valid_json(text);
        assert_eq!(
            to_json(&value, &exact),
            r#"{"id":123456789012345678901234567890,"list":[18446744073709551616,2.5]}"#
        );
        assert!(!may_hold_big_integer(
            r#"{"a": [1.5, 7, -3, 1e3, 123456789012345678]}"#
        ));
        for at in 0..40 {
            let text = format!("{}-9923372036854775808 ", " ".repeat(at));
            assert!(may_hold_big_integer(&text), "{at}");
            assert!(!may_hold_big_integer(&text.replace('5', " ")), "{at}");
            assert!(!may_hold_big_integer(&text.replace("-99", "-92")), "{at}");
        }
        // Fits in 64 bits, or is no integer.
        for text in [
            "[18446744073709551615, -9223372036854775808]",
            "[-98765432109876543210987654321.125, 1.123456789012345678901]",
            "[1e12345678901234567890]",
        ] {
            assert!(!may_hold_big_integer(text), "{text}");
        }
        assert!(may_hold_big_integer("[18446744073709551616]"));
        assert!(may_hold_big_integer("[-9223372036854775809]"));
    }
}
