//! The typed record of every change [`repair`](super::repair) makes.

use std::fmt;

/// What kind of change the repairer made to the input.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FixKind {
    /// A markdown code fence (```` ``` ```` or `~~~`) around the value was removed.
    StrippedFence,
    /// A tool-call wrapper such as `<tool_call>` or `[TOOL_CALLS]` was removed; holds the wrapper's name.
    StrippedWrapper(String),
    /// Text before the value (prose, a ReAct `Action Input:` label) was skipped.
    SkippedLeadingText,
    /// Text after the complete value was ignored.
    IgnoredTrailingText,
    /// A second JSON value followed the first one (emitted twice or concatenated); only the first was kept.
    DroppedConcatenatedValue,
    /// The whole input was a JSON string that itself held an object or array; it was decoded.
    DecodedDoubleEncoded,
    /// A byte-order mark, zero-width or no-break space was treated as whitespace.
    IgnoredInvisibleChar,
    /// A comment (`//`, `/* */` or `#`) was removed.
    RemovedComment,
    /// A comma right before a closing bracket was removed.
    TrailingComma,
    /// A comma right after an opening bracket was removed.
    LeadingComma,
    /// A repeated comma was removed.
    DoubledComma,
    /// A missing comma between two members or elements was inserted.
    MissingComma,
    /// A missing colon between a key and its value was inserted.
    MissingColon,
    /// A key had no value; `null` was put in its place.
    MissingValue,
    /// A key without a value at the very end of the input was dropped.
    DroppedDanglingKey,
    /// A string delimited by single quotes (or a JavaScript template literal's backticks) was
    /// read as a JSON string.
    SingleQuotes,
    /// A string delimited by typographic (smart) quotes was read as a JSON string.
    SmartQuotes,
    /// An object key without quotes was quoted.
    UnquotedKey,
    /// A bare word in value position was read as a string.
    BareWord,
    /// A Python or JavaScript literal (`True`, `False`, `None`, `undefined`, a tuple, a `u''`
    /// string prefix) was converted.
    ForeignLiteral,
    /// A number beyond any `f64` (`1e999`), or `NaN` or `Infinity` under
    /// [`NonFinite::Text`](crate::NonFinite::Text), has no JSON number form and was kept as its
    /// text: coercion refuses it where a number is expected, naming the field.
    NonFiniteNumber,
    /// `NaN`, `Infinity` or `-Infinity` (also `nan`, `inf`) has no JSON number form and was read
    /// as `null`, as serde_json and JavaScript write such a number
    /// ([`NonFinite::Null`](crate::NonFinite::Null), the default).
    NonFiniteAsNull,
    /// A malformed number (leading zeros, `+5`, `.5`, `1_000`, `1,000`, `5.`) was normalised.
    Number,
    /// A quote inside a string that did not end it was kept as a literal quote.
    UnescapedQuote,
    /// A raw newline, tab or other control character inside a string was kept as that character.
    UnescapedControl,
    /// A backslash not starting a valid escape (a regex `\d`, a Windows path) was kept as a
    /// backslash; before a single quote in a double-quoted string (`\'`) it was dropped.
    InvalidEscape,
    /// A `\u` escape naming a lone surrogate was replaced by U+FFFD.
    LoneSurrogate,
    /// A `...` placeholder was removed.
    RemovedPlaceholder,
    /// A closing bracket of the wrong kind closed the brackets opened after its match.
    MismatchedBracket,
    /// A closing bracket with nothing to close was dropped.
    ExtraBracket,
    /// The input ended early; the open strings, arrays and objects were closed.
    ClosedTruncated,
    /// A literal cut short at the end of the input (`tr`, `nul`) was completed.
    CompletedLiteral,
    /// A reasoning block (`<think>…</think>`, text before a lone `</think>`, a harmony
    /// `analysis` channel) was skipped: drafts inside it are not the answer.
    SkippedReasoning,
    /// JSON written with escaped quotes but no enclosing string (`{\"a\": 1}`) was unescaped.
    UnescapedJson,
    /// A doubled brace from a format-string template (`{{"a": 1}}`) was read as one.
    DoubledBrace,
    /// A closing bracket that was left out (an array still open when a key follows) was inserted.
    MissingBracket,
    /// Full-width punctuation (`：`, `，`) or `=` between a key and its value was read as JSON's.
    ForeignPunctuation,
    /// A string cut by unescaped quotes around embedded JSON or a quoted phrase was kept whole.
    EmbeddedQuotes,
    /// A string value left without its closing quote was closed where it ends: at the end of a
    /// line whose next line holds the next key, or before the closers, comma or next member
    /// that fit the containers open around it.
    MissingQuote,
}

impl fmt::Display for FixKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Self::StrippedFence => "stripped code fence",
            Self::StrippedWrapper(name) => return write!(f, "stripped wrapper {name}"),
            Self::SkippedLeadingText => "skipped text before the value",
            Self::IgnoredTrailingText => "ignored text after the value",
            Self::DroppedConcatenatedValue => "kept the first of several concatenated values",
            Self::DecodedDoubleEncoded => "decoded double-encoded JSON string",
            Self::IgnoredInvisibleChar => "ignored invisible character",
            Self::RemovedComment => "removed comment",
            Self::TrailingComma => "removed trailing comma",
            Self::LeadingComma => "removed leading comma",
            Self::DoubledComma => "removed doubled comma",
            Self::MissingComma => "inserted missing comma",
            Self::MissingColon => "inserted missing colon",
            Self::MissingValue => "put null for missing value",
            Self::DroppedDanglingKey => "dropped key without value",
            Self::SingleQuotes => "converted single-quoted string",
            Self::SmartQuotes => "converted smart-quoted string",
            Self::UnquotedKey => "quoted unquoted key",
            Self::BareWord => "quoted bare word",
            Self::ForeignLiteral => "converted Python/JavaScript literal",
            Self::NonFiniteNumber => "kept non-finite number as text",
            Self::NonFiniteAsNull => "read NaN/Infinity as null",
            Self::Number => "normalised malformed number",
            Self::UnescapedQuote => "kept unescaped quote inside string",
            Self::UnescapedControl => "escaped control character inside string",
            Self::InvalidEscape => "kept backslash of invalid escape",
            Self::LoneSurrogate => "replaced lone surrogate",
            Self::RemovedPlaceholder => "removed ... placeholder",
            Self::MismatchedBracket => "closed mismatched bracket",
            Self::ExtraBracket => "removed extra closing bracket",
            Self::ClosedTruncated => "closed truncated input",
            Self::CompletedLiteral => "completed truncated literal",
            Self::SkippedReasoning => "skipped reasoning block",
            Self::UnescapedJson => "unescaped JSON written with escaped quotes",
            Self::DoubledBrace => "read doubled template brace as one",
            Self::MissingBracket => "inserted missing closing bracket",
            Self::ForeignPunctuation => "read foreign punctuation as JSON's",
            Self::EmbeddedQuotes => "kept quotes of embedded JSON inside string",
            Self::MissingQuote => "closed string whose closing quote was left out",
        };
        f.write_str(text)
    }
}

/// One change made by [`repair`](super::repair), or a run of changes of the same kind made one
/// right after the other: what was done, the byte offset in the original input where the
/// (first) change applied, and how many there were.
///
/// Runs keep the order of the list meaningful: only fixes that would have been adjacent in it
/// are merged, so `single quotes, trailing comma, single quotes` stays three entries.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct JsonFix {
    /// What was changed.
    pub kind: FixKind,
    /// Byte offset into the original input of the first change of the run.
    pub offset: usize,
    /// How many changes of this kind were made in a row; at least 1.
    pub count: u32,
}

impl JsonFix {
    /// A single fix of `kind` at byte `offset`.
    pub fn new(kind: FixKind, offset: usize) -> Self {
        Self::repeated(kind, offset, 1)
    }

    /// A run of `count` fixes of `kind` in a row, the first at byte `offset`.
    pub fn repeated(kind: FixKind, offset: usize, count: u32) -> Self {
        Self {
            kind,
            offset,
            count,
        }
    }
}

impl fmt::Display for JsonFix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count > 1 {
            write!(
                f,
                "{} ({} times in a row, first at byte {})",
                self.kind, self.count, self.offset
            )
        } else {
            write!(f, "{} at byte {}", self.kind, self.offset)
        }
    }
}

/// Appends a fix of `kind` at `offset` to `fixes`, or counts it into the last entry when that is
/// a run of the same kind.
#[inline]
pub(crate) fn push_fix(fixes: &mut Vec<JsonFix>, kind: FixKind, offset: usize) {
    if let Some(last) = fixes.last_mut()
        && last.kind == kind
        && last.count < u32::MAX
    {
        last.count += 1;
        return;
    }
    fixes.push(JsonFix::new(kind, offset));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_kind_and_offset() {
        let fix = JsonFix::new(FixKind::TrailingComma, 17);
        assert_eq!(fix.to_string(), "removed trailing comma at byte 17");
        let fix = JsonFix::new(FixKind::StrippedWrapper("<tool_call>".into()), 0);
        assert_eq!(fix.to_string(), "stripped wrapper <tool_call> at byte 0");
        let fix = JsonFix::repeated(FixKind::SingleQuotes, 12, 44_000);
        assert_eq!(
            fix.to_string(),
            "converted single-quoted string (44000 times in a row, first at byte 12)"
        );
    }

    #[test]
    fn adjacent_fixes_of_one_kind_merge() {
        let mut fixes = Vec::new();
        push_fix(&mut fixes, FixKind::SingleQuotes, 1);
        push_fix(&mut fixes, FixKind::SingleQuotes, 5);
        push_fix(&mut fixes, FixKind::TrailingComma, 9);
        push_fix(&mut fixes, FixKind::SingleQuotes, 12);
        assert_eq!(
            fixes,
            vec![
                JsonFix::repeated(FixKind::SingleQuotes, 1, 2),
                JsonFix::new(FixKind::TrailingComma, 9),
                JsonFix::new(FixKind::SingleQuotes, 12),
            ]
        );
    }
}
