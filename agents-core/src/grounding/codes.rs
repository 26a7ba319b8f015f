//! A number the user named in words, through the codes its argument's description lists
//! ([`Recovery::described_codes`], a piece of the small-model profile).
//!
//! Many tools take a code where people say a word: `"service_id": 2` where the user asked for
//! ironing, because the description says `"1 for cleaning, 2 for ironing, 3 for massage"`. A
//! small model does not read that mapping: it copies the made-up example's number (`7`), or
//! writes one of its own. The echo check refuses the copy, and rightly, but no later turn can
//! do better: the user wrote no number for the model to transcribe, and asked for the value, the
//! model reads "ironing" where a number is wanted. The description did say which number the
//! user meant, so the call takes it, and the echo check counts a code whose words the user
//! named as a number the user gave.
//!
//! A description lists codes when it maps two or more distinct numbers to a few words each,
//! in any of the ways people write that: `1 for cleaning`, `1 = cleaning`, `1: cleaning`,
//! `1 - cleaning`, `1 means cleaning`, `cleaning (1)`, `cleaning = 1`, one to a line as
//! `1. cleaning` or `1) cleaning`. The user names a code when their words hold its words (a
//! word and its plural or `-ing` form count alike, and articles and prepositions do not
//! count): the code whose words they hold the most of, all of them before some, and exactly
//! one such code. None named, or two alike, nothing is set.
//!
//! [`Recovery::described_codes`]: crate::model::Recovery::described_codes

use std::collections::HashSet;

use serde_json::Value;

use super::Told;

/// The most words a code's label is read from: more is a sentence, not a name.
const MAX_LABEL_WORDS: usize = 6;

/// Read back from a code written after its words (`deep cleaning (1)`), at most this many
/// words: the words before them are the sentence the list sits in.
const MAX_WORDS_BEFORE: usize = 3;

/// A number a description maps to words.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Code {
    /// The number.
    pub number: f64,
    /// Its words, lowercased, as written.
    pub label: Vec<String>,
}

/// A top-level number argument set to the code whose words the user named.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Coded {
    /// The argument.
    pub argument: String,
    /// Its value, as written.
    pub value: String,
    /// The code it now holds.
    pub code: String,
    /// The code's words, as the description writes them.
    pub words: String,
}

impl From<Coded> for crate::event::ArgumentChange {
    fn from(c: Coded) -> Self {
        crate::event::ArgumentChange::CodeNamed {
            argument: c.argument,
            value: c.value,
            code: c.code,
            words: c.words,
        }
    }
}

/// Sets every top-level number argument of `args` (a call to a tool with parameters `schema`)
/// whose value the user never gave, and whose description lists codes, to the code whose words
/// what the model was told names. Returns what was set, in argument order.
pub(crate) fn set_described_codes(args: &mut Value, schema: &Value, told: &Told) -> Vec<Coded> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (name, slot) in members.iter_mut() {
        let Some(x) = slot.as_f64() else {
            continue;
        };
        if told.has_number(x) {
            continue;
        }
        let Some((code, property)) = named_code(schema, name, told) else {
            continue;
        };
        if super::told::same_number(code.number, x) {
            continue;
        }
        let Some(value) = super::numbers::number_value(code.number, Some(property)) else {
            continue;
        };
        if !agents_json::schema::takes_number(property, code.number) {
            continue;
        }
        out.push(Coded {
            argument: name.clone(),
            value: slot.to_string(),
            code: value.to_string(),
            words: code.label.join(" "),
        });
        *slot = value;
    }
    out
}

/// Whether `x`, the value of the top-level argument `name`, is the code whose words what the
/// model was told names: a number the user gave in words.
pub(crate) fn is_named_code(schema: &Value, name: &str, x: f64, told: &Told) -> bool {
    named_code(schema, name, told).is_some_and(|(code, _)| super::told::same_number(code.number, x))
}

/// Whether `told` names one of the codes the description of the number argument `name` lists:
/// a number the user gave in words, whichever the call holds.
pub(crate) fn names_a_code(schema: &Value, name: &str, told: &Told) -> bool {
    named_code(schema, name, told).is_some()
}

/// The code of the number argument `name` whose words `told` names, with the argument's
/// schema; `None` where its description lists no codes, or names none or two alike.
fn named_code<'s>(schema: &'s Value, name: &str, told: &Told) -> Option<(Code, &'s Value)> {
    let property = super::narrowed::argument_schema(schema, name)?;
    if !matches!(
        agents_json::schema::main_type(property),
        Some("integer" | "number")
    ) {
        return None;
    }
    let description = property.get("description")?.as_str()?;
    let codes = codes(description);
    if codes.is_empty() {
        return None;
    }
    let said: HashSet<String> = words(told.lower()).map(|w| stem(&w)).collect();
    named(codes, &said).map(|code| (code, property))
}

/// The one code `said` (stemmed words) names best: the most of its words said, all of them
/// before some; `None` for none, or two alike.
fn named(codes: Vec<Code>, said: &HashSet<String>) -> Option<Code> {
    let mut best: Option<((usize, bool), Code)> = None;
    let mut tied = false;
    for code in codes {
        let content: Vec<String> = code
            .label
            .iter()
            .filter(|w| !frames(w))
            .map(|w| stem(w))
            .collect();
        let hits = content.iter().filter(|w| said.contains(*w)).count();
        if hits == 0 {
            continue;
        }
        let score = (hits, hits == content.len());
        match &best {
            Some((top, _)) if score < *top => {}
            Some((top, _)) if score == *top => tied = true,
            _ => {
                best = Some((score, code));
                tied = false;
            }
        }
    }
    best.filter(|_| !tied).map(|(_, code)| code)
}

/// Whether a label's word (lowercased) frames it rather than names it: a word that frames a
/// request ([`is_framing`](super::spans::is_framing): articles, prepositions, conjunctions…),
/// or what a description's `e.g.`, `i.e.` and `such as` leave.
fn frames(word: &str) -> bool {
    matches!(word, "e" | "g" | "eg" | "ie" | "such") || super::spans::is_framing(word)
}

/// A word and its plural, `-ing` and `-ed` forms alike: `cleaning`, `cleaned` and `cleans`
/// are `clean`; `massages` and `massage` are `massag`.
fn stem(word: &str) -> String {
    let mut w = word;
    for suffix in ["ing", "ed", "es", "s"] {
        if w.len() > suffix.len() + 2
            && let Some(base) = w.strip_suffix(suffix)
        {
            w = base;
            break;
        }
    }
    let w = if w.len() > 3 {
        w.strip_suffix('e').unwrap_or(w)
    } else {
        w
    };
    w.to_owned()
}

/// The words of `text` (runs of letters and digits that start with a letter), lowercased.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    tokens(text).into_iter().filter_map(|t| match t {
        Token::Word(w) => Some(w.to_lowercase()),
        Token::Number(_) | Token::Mark(_) => None,
    })
}

/// A piece of a description.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Token<'t> {
    /// Letters and digits starting with a letter, or digits followed by letters (`4k`).
    Word(&'t str),
    /// Digits, with a decimal point between digits.
    Number(f64),
    /// Any other character but a blank or a quote; a line break is `'\n'`.
    Mark(char),
}

fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if c.is_alphanumeric() {
            let mut end = start + c.len_utf8();
            let mut digits = c.is_ascii_digit();
            let mut point = false;
            while let Some(&(i, d)) = chars.peek() {
                let decimal = digits
                    && !point
                    && d == '.'
                    && text[i + 1..].starts_with(|n: char| n.is_ascii_digit());
                if !(d.is_alphanumeric() || d == '_' || decimal) {
                    break;
                }
                point |= decimal;
                digits &= d.is_ascii_digit() || decimal;
                end = i + d.len_utf8();
                chars.next();
            }
            let piece = &text[start..end];
            out.push(match digits.then(|| piece.parse::<f64>().ok()).flatten() {
                Some(x) => Token::Number(x),
                None => Token::Word(piece),
            });
        } else if is_quote(c) {
            // `'1' for "cleaning"`: quotes set words apart, they do not end a label.
        } else if c == '\n' || !c.is_whitespace() {
            out.push(Token::Mark(c));
        }
    }
    out
}

fn is_quote(c: char) -> bool {
    matches!(c, '\'' | '"' | '`' | '‘' | '’' | '“' | '”')
}

/// Whether a mark ends a label or a clause.
fn is_boundary(t: Option<&Token<'_>>) -> bool {
    match t {
        None => true,
        Some(Token::Mark(c)) => matches!(
            c,
            ',' | ';' | '.' | '(' | ')' | '[' | ']' | '\n' | '|' | '/'
        ),
        Some(Token::Number(_)) => true,
        Some(Token::Word(w)) => w.eq_ignore_ascii_case("and") || w.eq_ignore_ascii_case("or"),
    }
}

/// Words joining a code to the words after it (`1 for cleaning`, `1 means cleaning`).
const JOINING_WORDS: &[&str] = &["for", "means", "represents", "indicates", "denotes", "is"];

/// Marks joining a code to the words after it (`1 = cleaning`, `1: cleaning`, `1 -> cleaning`).
fn is_joining_mark(c: char) -> bool {
    matches!(c, '=' | ':' | '-' | '–' | '—' | '→' | '>')
}

/// Every code `description` lists (see the module's documentation); empty unless it lists two
/// or more distinct numbers. A number given two labels is left out.
pub(crate) fn codes(description: &str) -> Vec<Code> {
    let tokens = tokens(description);
    let mut found: Vec<Code> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let Token::Number(number) = *t else { continue };
        let label = label_after(&tokens, i).or_else(|| label_before(&tokens, i));
        if let Some(label) = label {
            found.push(Code { number, label });
        }
    }
    // A number with two labels says nothing certain.
    let mut codes: Vec<Code> = Vec::new();
    let mut dropped: Vec<f64> = Vec::new();
    for code in found {
        if dropped.contains(&code.number) {
            continue;
        }
        if let Some(at) = codes.iter().position(|c| c.number == code.number) {
            if codes[at].label != code.label {
                dropped.push(code.number);
                codes.remove(at);
            }
            continue;
        }
        codes.push(code);
    }
    if codes.len() < 2 { Vec::new() } else { codes }
}

/// The words after the number at `i` that a joining word or mark names (`1 for cleaning
/// service`, `1: cleaning`), up to the next boundary; or after `1.` / `1)` that opens a line.
fn label_after(tokens: &[Token<'_>], i: usize) -> Option<Vec<String>> {
    let mut j = i + 1;
    let opens_line = i == 0 || matches!(tokens[i - 1], Token::Mark('\n'));
    match tokens.get(j)? {
        Token::Mark(c) if is_joining_mark(*c) => {
            while matches!(tokens.get(j), Some(Token::Mark(c)) if is_joining_mark(*c)) {
                j += 1;
            }
        }
        Token::Mark('.' | ')') if opens_line => j += 1,
        Token::Word(w) if JOINING_WORDS.iter().any(|k| w.eq_ignore_ascii_case(k)) => {
            j += 1;
        }
        Token::Word(w) if w.eq_ignore_ascii_case("stands") => {
            j += 1;
            if matches!(tokens.get(j), Some(Token::Word(f)) if f.eq_ignore_ascii_case("for")) {
                j += 1;
            }
        }
        _ => return None,
    }
    let mut label = Vec::new();
    while let Some(Token::Word(w)) = tokens.get(j) {
        // `1 for cleaning and 2 for ironing`: a joining `and` before the next code ends it.
        if is_boundary(tokens.get(j)) && matches!(tokens.get(j + 1), Some(Token::Number(_))) {
            break;
        }
        label.push(w.to_lowercase());
        j += 1;
    }
    let ends = match tokens.get(j) {
        None | Some(Token::Word(_)) => true,
        t @ Some(_) => is_boundary(t),
    };
    (ends && !label.is_empty() && label.len() <= MAX_LABEL_WORDS).then_some(label)
}

/// The words before the number at `i` that it follows in parentheses or after `=` / `:`
/// (`deep cleaning (1)`, `cleaning = 1`), where the number ends its clause: at most
/// [`MAX_WORDS_BEFORE`] words back, up to the previous boundary or a word that frames a label.
fn label_before(tokens: &[Token<'_>], i: usize) -> Option<Vec<String>> {
    let before = i.checked_sub(1)?;
    let (joined, after_ok) = match tokens[before] {
        Token::Mark('(') => (true, matches!(tokens.get(i + 1), Some(Token::Mark(')')))),
        Token::Mark('=' | ':') => (true, is_boundary(tokens.get(i + 1))),
        _ => (false, false),
    };
    if !(joined && after_ok) {
        return None;
    }
    let mut label = Vec::new();
    let mut k = before;
    while k > 0 && label.len() < MAX_WORDS_BEFORE {
        k -= 1;
        match tokens[k] {
            Token::Word(w) if !is_boundary(Some(&tokens[k])) => {
                let w = w.to_lowercase();
                // `such as deep cleaning (1)`: the sentence's words are not the label's.
                if frames(&w) {
                    break;
                }
                label.push(w);
            }
            _ => break,
        }
    }
    label.reverse();
    (!label.is_empty()).then_some(label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn listed(description: &str) -> Vec<(f64, String)> {
        codes(description)
            .into_iter()
            .map(|c| (c.number, c.label.join(" ")))
            .collect()
    }

    #[test]
    fn codes_are_read_every_way_a_description_writes_them() {
        let two = |a: &str, b: &str| vec![(1.0, a.to_owned()), (2.0, b.to_owned())];
        for (description, want) in [
            (
                "The kind of job: 1 for window washing, 2 for lawn mowing.",
                two("window washing", "lawn mowing"),
            ),
            (
                "Job kind. 1 = window washing; 2 = lawn mowing",
                two("window washing", "lawn mowing"),
            ),
            ("Job kind (1: windows, 2: lawn)", two("windows", "lawn")),
            (
                "Job kind, e.g. 1 - windows, 2 - lawn",
                two("windows", "lawn"),
            ),
            ("1 means windows and 2 means lawn", two("windows", "lawn")),
            (
                "1 stands for windows or 2 stands for lawn",
                two("windows", "lawn"),
            ),
            ("Job kind: windows (1), lawn (2).", two("windows", "lawn")),
            ("Job kind: windows = 1, lawn = 2", two("windows", "lawn")),
            (
                "Job kind, such as window washing (1) or lawn mowing (2)",
                two("window washing", "lawn mowing"),
            ),
            ("Job kind:\n1. Windows\n2. Lawn", two("windows", "lawn")),
            ("Job kind:\n1) Windows\n2) Lawn", two("windows", "lawn")),
            ("1 -> windows, 2 -> lawn", two("windows", "lawn")),
            (
                "'1' for 'window washing', '2' for \"lawn mowing\"",
                two("window washing", "lawn mowing"),
            ),
            (
                "Job kind: “windows” (1), “lawn” (2)",
                two("windows", "lawn"),
            ),
        ] {
            assert_eq!(listed(description), want, "{description}");
        }
    }

    #[test]
    fn a_description_that_maps_no_two_numbers_lists_no_codes() {
        for description in [
            "The number of guests. Default is 2.",
            "How many rooms, from 1 to 5.",
            "A rating between 1 and 10, 10 for the best.",
            "The year, e.g. 2024.",
            // A label as long as a sentence is prose, not a name.
            "Use 1 for the first of the two things that were named just now, and 2 for the other",
            "Version 2.5 of the protocol: 2.5 is the default",
            // One number, two labels: nothing certain.
            "1 for windows, 1 for lawn",
            "",
        ] {
            assert_eq!(listed(description), vec![], "{description}");
        }
    }

    fn schema(description: &str) -> Value {
        json!({
            "type": "object",
            "properties": {
                "job": {"type": "integer", "description": description},
                "hours": {"type": "integer"}
            },
            "required": ["job"]
        })
    }

    const JOBS: &str = "Job: 1 for window washing, 2 for lawn mowing, 3 for gutter cleaning, 4 for deep gutter cleaning";

    fn set(user: &str, args: Value) -> (Value, Vec<Coded>) {
        let mut args = args;
        let set = set_described_codes(&mut args, &schema(JOBS), &Told::new(user));
        (args, set)
    }

    #[test]
    fn a_number_nobody_gave_takes_the_code_the_user_named() {
        for (user, code) in [
            ("Someone to mow my lawn on Friday please", 2),
            ("My windows need washing", 1),
            ("Please clean the gutters", 3),
            // All of a code's words before some of another's.
            ("A deep gutter clean", 4),
        ] {
            let (args, set) = set(user, json!({"job": 7}));
            assert_eq!(args, json!({"job": code}), "{user}");
            assert_eq!(set.len(), 1, "{user}");
            assert_eq!(set[0].value, "7");
        }
    }

    #[test]
    fn a_number_the_user_gave_or_no_code_named_or_two_is_left_alone() {
        for (user, args) in [
            // The user wrote the number.
            ("Job 7, lawn mowing", json!({"job": 7})),
            // Two codes named alike.
            ("Windows and lawn", json!({"job": 7})),
            // None named.
            ("Something for the garden", json!({"job": 7})),
            // Already the named code.
            ("Mow the lawn", json!({"job": 2})),
            // A string is coercion's, not this step's.
            ("Mow the lawn", json!({"job": "7"})),
            // No codes in the description of `hours`.
            ("Mow the lawn", json!({"job": 2, "hours": 9})),
        ] {
            let (after, set) = set(user, args.clone());
            assert_eq!(after, args, "{user}");
            assert!(set.is_empty(), "{user}: {set:?}");
        }
    }

    #[test]
    fn a_named_code_counts_as_given() {
        let told = Told::new("Someone to mow my lawn");
        assert!(is_named_code(&schema(JOBS), "job", 2.0, &told));
        assert!(!is_named_code(&schema(JOBS), "job", 1.0, &told));
        assert!(!is_named_code(&schema(JOBS), "hours", 2.0, &told));
    }

    #[test]
    fn a_code_the_property_refuses_is_not_set() {
        let mut args = json!({"job": 7});
        let schema = json!({
            "type": "object",
            "properties": {"job": {"type": "integer", "maximum": 1, "description": JOBS}}
        });
        let set = set_described_codes(&mut args, &schema, &Told::new("Mow the lawn"));
        assert!(set.is_empty());
        assert_eq!(args, json!({"job": 7}));
    }

    proptest::proptest! {
        /// Any text: reading codes never panics, and every code read has distinct numbers and
        /// a short label.
        #[test]
        fn any_description_reads_without_panic(description in "\\PC{0,200}") {
            let codes = codes(&description);
            for (i, c) in codes.iter().enumerate() {
                proptest::prop_assert!(!c.label.is_empty() && c.label.len() <= MAX_LABEL_WORDS);
                proptest::prop_assert!(codes[..i].iter().all(|d| d.number != c.number));
            }
        }
    }
}
