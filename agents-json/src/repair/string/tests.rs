use super::*;
use crate::repair::repair;
use serde_json::{Value, json};

/// Lexes the string at the start of `src` in `slot`: its text, whether it was cut off, and the
/// rest of the input after it.
fn lex_at(src: &str, slot: Slot) -> (String, bool, &str) {
    let mut cur = Cursor::new(src, 0, src.len(), Vec::new());
    let lexed = lex_string(&mut cur, slot);
    (lexed.text, lexed.truncated, &src[cur.pos..])
}

fn repaired(input: &str) -> Value {
    repair(input)
        .unwrap_or_else(|e| panic!("{input}: {e}"))
        .value
}

fn kinds(input: &str) -> Vec<FixKind> {
    repair(input)
        .unwrap_or_else(|e| panic!("{input}: {e}"))
        .fixes
        .into_iter()
        .map(|f| f.kind)
        .collect()
}

#[test]
fn a_colon_after_an_element_ends_it() {
    // The array's `]` was left out before a key of the enclosing object.
    let (text, truncated, rest) = lex_at(r#""count": 2}"#, Slot::ArrayElement);
    assert_eq!((text.as_str(), truncated, rest), ("count", false, ": 2}"));
    // In an object value a colon after a quote is text, as before.
    let (text, _, _) = lex_at(r#""note: "x": y", "b": 1}"#, Slot::ObjectValue);
    assert_eq!(text, r#"note: "x": y"#);
}

#[test]
fn a_literal_after_an_element_is_the_next_element() {
    let (text, _, rest) = lex_at(r#""x", null, "y"]"#, Slot::ArrayElement);
    assert_eq!((text.as_str(), rest), ("x", r#", null, "y"]"#));
    assert_eq!(repaired("['x', None, 'y']"), json!(["x", null, "y"]));
    assert_eq!(repaired(r#"["x", nu"#), json!(["x", null]));
    // Any other word after the comma is prose, as before; so is a longer word.
    let (text, _, _) = lex_at(r#""a "b", nullable c", "d"]"#, Slot::ArrayElement);
    assert_eq!(text, r#"a "b", nullable c"#);
}

#[test]
fn embedded_json_keeps_its_quotes() {
    let (text, truncated, rest) = lex_at(
        r#""{"q": "x", "n": [1, "]"]}", "name": "f"}"#,
        Slot::ObjectValue,
    );
    assert_eq!(text, r#"{"q": "x", "n": [1, "]"]}"#);
    assert!(!truncated);
    assert_eq!(rest, r#", "name": "f"}"#);
    let (text, _, _) = lex_at(r#""[{"a": 1}, {"a": 2}]"]"#, Slot::ArrayElement);
    assert_eq!(text, r#"[{"a": 1}, {"a": 2}]"#);
    // Cut off inside: the string holds what there is.
    let (text, truncated, _) = lex_at(r#""{"city": "Par"#, Slot::ObjectValue);
    assert_eq!((text.as_str(), truncated), (r#"{"city": "Par"#, true));
    assert!(kinds(r#"{"a": "{"b": "c"}", "d": 1}"#).contains(&FixKind::EmbeddedQuotes));
}

#[test]
fn a_lone_bracket_is_not_embedded_json() {
    let (text, _, rest) = lex_at(r#""{", "b": "}"}"#, Slot::ObjectValue);
    assert_eq!((text.as_str(), rest), ("{", r#", "b": "}"}"#));
    let (text, _, _) = lex_at(r#""[", "b"]"#, Slot::ArrayElement);
    assert_eq!(text, "[");
    assert_eq!(
        repaired("{'open': '{', 'close': '}', 'n': 1}"),
        json!({"open": "{", "close": "}", "n": 1})
    );
}

#[test]
fn embedded_json_that_does_not_balance_gives_way() {
    // A quote after `1` opens no JSON string: the text was not embedded JSON.
    assert_eq!(
        repaired(r#"{"a": "{"b": 1", "c": 2}"#),
        json!({"a": r#"{"b": 1"#, "c": 2})
    );
    // Read as embedded JSON the string would run to the end of a finished object: read again.
    assert_eq!(
        repaired(r#"{"args": "{"q": "x"", "name": "f"}"#),
        json!({"args": r#"{"q": "x""#, "name": "f"})
    );
    let out = repair(r#"{"args": "{"q": "x"", "name": "f"}"#).expect("repairs");
    assert!(!out.fixes.iter().any(|f| f.kind == FixKind::EmbeddedQuotes));
    assert!(!out.fixes.iter().any(|f| f.kind == FixKind::ClosedTruncated));
}

#[test]
fn a_quoted_list_in_prose_stays_in_the_string() {
    let (text, _, rest) = lex_at(
        r#""Say "yes", "no", or "maybe".", "lang": "en"}"#,
        Slot::ObjectValue,
    );
    assert_eq!(text, r#"Say "yes", "no", or "maybe"."#);
    assert_eq!(rest, r#", "lang": "en"}"#);
    // Keys cut off by the end of the input still end it.
    for input in [r#""say "a", "b"#, r#""say "a", "b""#, r#""say "a", "b":"#] {
        let (text, _, _) = lex_at(input, Slot::ObjectValue);
        assert_eq!(text, r#"say "a"#, "{input}");
    }
}

#[test]
fn backslashes_of_unescaped_text_are_kept() {
    for (input, want) in [
        (
            r#"{"f": "\frac{a}{b} + \sqrt{x}"}"#,
            r"\frac{a}{b} + \sqrt{x}",
        ),
        (r#"{"f": "\alpha + \beta"}"#, r"\alpha + \beta"),
        (
            r#"{"c": "cd D:\projects\new && dir"}"#,
            r"cd D:\projects\new && dir",
        ),
        // `\\` and `\"` stay escapes.
        (r#"{"c": "a \\ \"b\" \d"}"#, r#"a \ "b" \d"#),
        // `\b` or `\f` before a letter is a sign too.
        (r#"{"r": "\bword\b \d", }"#, r"\bword\b \d"),
        (r#"{"u": "\u00e9 \x"}"#, "\u{e9} \\x"),
    ] {
        assert_eq!(
            repaired(input),
            json!({input[2..3].to_owned(): want}),
            "{input}"
        );
    }
    // Single-quoted: `\'` is an escape there.
    assert_eq!(repaired(r"{'p': 'it\'s \p'}"), json!({"p": r"it's \p"}));
}

#[test]
fn valid_escapes_are_decoded() {
    assert_eq!(
        repaired("{\"a\": \"line\\nbreak\",}"),
        json!({"a": "line\nbreak"})
    );
    // An escape only JSON-aware writers use (`\n` before a non-letter) keeps the string
    // decoded despite a slip elsewhere.
    assert_eq!(
        repaired(r#"{"code": "import re\n    x = re.compile('\d+')\n"}"#),
        json!({"code": "import re\n    x = re.compile('\\d+')\n"})
    );
    // Each string decides for itself.
    assert_eq!(
        repaired(r#"{"a": "\new \d", "b": "x\ty",}"#),
        json!({"a": r"\new \d", "b": "x\ty"})
    );
}

#[test]
fn reading_a_stretch_again_takes_its_fixes_back() {
    let out = repair("{'a': 'x', 'b': 'see\t\\new\\p', 'c': 'y'}").expect("repairs");
    assert_eq!(out.value, json!({"a": "x", "b": "see\t\\new\\p", "c": "y"}));
    let fixes: Vec<(FixKind, u32)> = out
        .fixes
        .iter()
        .map(|f| (f.kind.clone(), f.count))
        .collect();
    assert_eq!(
        fixes,
        vec![
            (FixKind::SingleQuotes, 4),
            (FixKind::UnescapedControl, 1),
            (FixKind::InvalidEscape, 2),
            (FixKind::SingleQuotes, 2),
        ]
    );
}

/// The kinds of open containers that a left-out closing quote is judged by stay right after
/// more than 64 levels opened and closed (the window of kinds the cursor keeps refills).
#[test]
fn missing_quote_sees_the_container_past_a_deep_array() {
    let input = format!(
        "{{\"deep\": {}1{}, \"b\": \"x}}",
        "[".repeat(70),
        "]".repeat(70)
    );
    let mut deep = json!(1);
    for _ in 0..70 {
        deep = json!([deep]);
    }
    assert_eq!(repaired(&input), json!({"deep": deep, "b": "x"}));
    assert!(kinds(&input).contains(&FixKind::MissingQuote));
}
