//! Values copied from a worked example instead of taken from the user.
//!
//! A small model that does not know what to write copies the example it was shown: asked to book
//! a table at Nonna Rosa, it writes `{"restaurant": "text"}` because a made-up example showed
//! `"text"`, or it sends the example's `{"phone": "555-0142", "message": "I'm running late"}`
//! again for a request that names neither. Such a call is valid against the schema and would
//! run with values nobody gave. This check finds them: a value is *echoed* when it is one of the
//! values the model was shown in worked examples (or a schema's `examples`), and it appears
//! nowhere in what the model was told (the system prompt, the user's messages, tool results).
//! Values the schema itself lists (`enum`, `const`) are choices, not echoes, in a required
//! argument: the model must pick one, and the user's words seldom name it as the schema spells
//! it (`km` for `kilometers`). But in a call that copies the example elsewhere, the example's
//! choice is suspect too: `{"value": 2.5, "from": "kilometers", "to": "kilometers"}` for "how many
//! miles is 42 km" copied all three, so all three are reported. In an optional argument the user
//! did not ask for, the example's choice is a copy like any other (`"cabin": "economy"` for a
//! request that names no cabin), and leaving the argument out is always possible.
//!
//! An echoed value is reported like a schema violation (keyword `echo`), so the argument error's
//! chain handles it: the model hears which value it copied and writes the call again. A strict
//! agent does not check (strict means no recovery).
//!
//! Under constraint, where the values are then asked for (`ask_values`), a number the user
//! never gave is reported too (keyword `not_given`), shown or not: a grammar lets a model write
//! `10,000`, `fifty` or `1 million` only as JSON digits, and a small model transcribes them
//! wrong (`10`, `25`, `1000000000000000`).

use std::collections::HashSet;

use serde_json::Value;

use crate::error::{SchemaViolation, argument_of};
use crate::model::{Message, ModelRequest};

/// The violation keyword of an echoed value.
pub(crate) const ECHO_KEYWORD: &str = "echo";

/// The violation keyword of a number the user never gave (checked under constraint only).
pub(crate) const NOT_GIVEN_KEYWORD: &str = "not_given";

/// The values shown to the model in examples, and the text a value must come from.
#[derive(Debug, Clone)]
pub(crate) struct EchoCheck {
    /// Shown strings, trimmed and lowercased.
    strings: HashSet<String>,
    /// Shown numbers.
    numbers: Vec<f64>,
    /// What the model was told.
    told: Told,
    /// Whether every number must be one the model was told, shown or not.
    numbers_told: bool,
}

impl EchoCheck {
    /// The check for calls answering `request`, given the values the model was shown: the
    /// argument objects of its worked examples, and the called tool's [`schema_examples`].
    /// With `numbers_told`, every number of a call must also be one the model was told (for a
    /// constrained turn whose values are then asked for). `None` when there is nothing to check.
    pub(crate) fn new<'v>(
        shown: impl IntoIterator<Item = &'v Value>,
        request: &ModelRequest,
        numbers_told: bool,
    ) -> Option<EchoCheck> {
        // The common case, a model shown no examples, returns before any set is made.
        let mut shown = shown.into_iter().peekable();
        if shown.peek().is_none() && !numbers_told {
            return None;
        }
        let mut strings = HashSet::new();
        let mut numbers = Vec::new();
        for v in shown {
            collect_leaves(v, &mut strings, &mut numbers, 0);
        }
        if strings.is_empty() && numbers.is_empty() && !numbers_told {
            return None;
        }
        let mut told = String::new();
        let mut add = |text: &str| {
            told.push_str(text);
            told.push('\n');
        };
        if let Some(s) = &request.system {
            add(s);
        }
        for m in &request.messages {
            match m {
                Message::User { content } => add(content),
                // An error result is the runtime's or the tool's complaint, not a source of
                // values: the echo feedback itself quotes the copied value.
                Message::Tool(r) if !r.is_error => add(&r.content),
                Message::Tool(_) | Message::Assistant { .. } => {}
            }
        }
        Some(EchoCheck {
            strings,
            numbers,
            told: Told::new(&told),
            numbers_told,
        })
    }

    /// Every echoed value of `args` (at most `limit`), as violations naming its path.
    pub(crate) fn violations(
        &self,
        args: &Value,
        schema: &Value,
        limit: usize,
    ) -> Vec<SchemaViolation> {
        let mut choices = HashSet::new();
        collect_choices(schema, &mut choices);
        let required: HashSet<&str> = crate::model::required_arguments(schema)
            .into_iter()
            .collect();
        let mut found = Vec::new();
        let walk = Walk {
            choices: &choices,
            required: &required,
            limit,
        };
        self.walk(args, &mut String::new(), 0, &walk, &mut found);
        // A required argument's copied choice counts only in a call that copies something else.
        if found.iter().all(|f| f.choice) {
            return Vec::new();
        }
        found.into_iter().map(|f| f.violation).collect()
    }

    /// `at` is the field path so far (`songs[1]`, `trip.from`; empty for the root).
    fn walk(
        &self,
        v: &Value,
        at: &mut String,
        depth: usize,
        walk: &Walk<'_>,
        out: &mut Vec<Found>,
    ) {
        if out.len() >= walk.limit || depth > MAX_DEPTH {
            return;
        }
        let len = at.len();
        match v {
            Value::Object(m) => {
                for (k, item) in m {
                    if !at.is_empty() {
                        at.push('.');
                    }
                    at.push_str(k);
                    self.walk(item, at, depth + 1, walk, out);
                    at.truncate(len);
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    at.push_str(&format!("[{i}]"));
                    self.walk(item, at, depth + 1, walk, out);
                    at.truncate(len);
                }
            }
            Value::String(s) => {
                let key = s.trim().to_lowercase();
                if !key.is_empty() && self.strings.contains(&key) && !self.told.has(&key) {
                    // A choice of a required argument may be the model's own pick.
                    let choice =
                        walk.choices.contains(&key) && walk.required.contains(argument_of(at));
                    out.push(Found {
                        violation: echoed(at, v),
                        choice,
                    });
                }
            }
            Value::Number(n) => {
                let Some(x) = n.as_f64() else { return };
                if self.told.has_number(x) {
                    return;
                }
                let violation = if self.numbers.contains(&x) {
                    echoed(at, v)
                } else if self.numbers_told {
                    not_given(at, v)
                } else {
                    return;
                };
                out.push(Found {
                    violation,
                    choice: false,
                });
            }
            Value::Bool(_) | Value::Null => {}
        }
    }
}

/// A value of the call the check reports: shown in an example, or (under `numbers_told`) a
/// number nobody gave.
struct Found {
    violation: SchemaViolation,
    /// A choice of a required argument: reported only beside another finding.
    choice: bool,
}

/// What one check of a call's arguments walks with.
struct Walk<'a> {
    /// The schema's `enum` and `const` strings, lowercased.
    choices: &'a HashSet<String>,
    /// The arguments the schema requires.
    required: &'a HashSet<&'a str>,
    /// At most this many violations.
    limit: usize,
}

/// Holds the arguments of `tool` in `request` that `echoed` names (copied from an example) to
/// what the user said: each such string argument (or list of strings) may only be one of the
/// word spans of the user's messages ([`user_spans`]). A regeneration under this schema cannot
/// copy the example again, and a small model, which copies what it reads, copies from the
/// request instead. Arguments with a schema of their own choices (`enum`, `const`, `format`,
/// `pattern`) and non-string ones are left as they are. Returns whether anything was held.
pub(crate) fn hold_to_user_words(
    request: &mut ModelRequest,
    tool: &str,
    echoed: &[SchemaViolation],
) -> bool {
    let fields: HashSet<&str> = echoed
        .iter()
        .filter(|v| v.keyword == ECHO_KEYWORD)
        .map(|v| argument_of(&v.field_path))
        .collect();
    if fields.is_empty() {
        return false;
    }
    let spans: Vec<Value> = user_spans(&request.messages)
        .into_iter()
        .map(Value::String)
        .collect();
    if spans.is_empty() {
        return false;
    }
    let Some(spec) = request.tools.iter_mut().find(|t| t.name == tool) else {
        return false;
    };
    let Some(props) = spec
        .parameters
        .get_mut("properties")
        .and_then(Value::as_object_mut)
    else {
        return false;
    };
    let mut held = false;
    for field in fields {
        let Some(schema) = props.get_mut(field) else {
            continue;
        };
        let target = if is_free_string(schema) {
            Some(schema)
        } else if schema.get("type").and_then(Value::as_str) == Some("array") {
            schema.get_mut("items").filter(|i| is_free_string(i))
        } else {
            None
        };
        if let Some(target) = target.and_then(Value::as_object_mut) {
            target.insert("enum".to_owned(), Value::Array(spans.clone()));
            held = true;
        }
    }
    held
}

/// A string schema that lists no choices and no shape of its own.
fn is_free_string(schema: &Value) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("string")
        && ["enum", "const", "format", "pattern"]
            .iter()
            .all(|k| schema.get(*k).is_none())
}

/// At most this many spans are offered (a constraint's grammar grows with them).
const MAX_SPANS: usize = 400;
/// Spans are at most this many words long.
const SPAN_WORDS: usize = 6;

/// The runs of up to six consecutive words of the user's messages, newest message first,
/// without the punctuation around them (`"Nonna Rosa"`, `"2026-03-14"`, `"rent share"` from
/// `note: 'rent share'`), each once.
pub(crate) fn user_spans(messages: &[Message]) -> Vec<String> {
    let trim = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_owned();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for m in messages.iter().rev() {
        let Message::User { content } = m else {
            continue;
        };
        let words: Vec<&str> = content.split_whitespace().collect();
        for start in 0..words.len() {
            for end in start + 1..=(start + SPAN_WORDS).min(words.len()) {
                let span = trim(&words[start..end].join(" "));
                if !span.is_empty() && seen.insert(span.clone()) {
                    out.push(span);
                    if out.len() >= MAX_SPANS {
                        return out;
                    }
                }
            }
        }
    }
    out
}

/// Nesting deeper than this is not looked into (the JSON parser bounds it already; this keeps
/// the walk bounded on its own).
const MAX_DEPTH: usize = 32;

fn echoed(at: &str, v: &Value) -> SchemaViolation {
    violation(at, ECHO_KEYWORD, v, "is copied from an example")
}

fn not_given(at: &str, v: &Value) -> SchemaViolation {
    violation(at, NOT_GIVEN_KEYWORD, v, "is not a number the user gave")
}

fn violation(at: &str, keyword: &str, v: &Value, what: &str) -> SchemaViolation {
    SchemaViolation {
        field_path: if at.is_empty() {
            ".".to_owned()
        } else {
            at.to_owned()
        },
        keyword: keyword.to_owned(),
        message: format!(
            "{} {what}; write the value the user gave",
            crate::text::shorten(&v.to_string(), 60)
        ),
    }
}

fn collect_leaves(v: &Value, strings: &mut HashSet<String>, numbers: &mut Vec<f64>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match v {
        Value::Object(m) => m
            .values()
            .for_each(|x| collect_leaves(x, strings, numbers, depth + 1)),
        Value::Array(a) => a
            .iter()
            .for_each(|x| collect_leaves(x, strings, numbers, depth + 1)),
        Value::String(s) => {
            let s = s.trim().to_lowercase();
            if !s.is_empty() {
                strings.insert(s);
            }
        }
        Value::Number(n) => {
            if let Some(x) = n.as_f64()
                && !numbers.contains(&x)
            {
                numbers.push(x);
            }
        }
        Value::Bool(_) | Value::Null => {}
    }
}

/// The values of every `examples` keyword in a tool's argument schema (collected once per tool).
pub(crate) fn schema_examples(schema: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    visit_keywords(schema, 0, &mut |keyword, v| match (keyword, v) {
        ("examples", Value::Array(items)) => {
            out.extend(items.iter().cloned());
            true
        }
        _ => false,
    });
    out
}

/// The strings a schema offers as choices (`enum` and `const` values, anywhere in it).
fn collect_choices(schema: &Value, out: &mut HashSet<String>) {
    let lower = |s: &str| s.trim().to_lowercase();
    visit_keywords(schema, 0, &mut |keyword, v| match (keyword, v) {
        ("enum", Value::Array(items)) => {
            out.extend(items.iter().filter_map(Value::as_str).map(lower));
            true
        }
        ("const", Value::String(s)) => {
            out.insert(lower(s));
            true
        }
        _ => false,
    });
}

/// Calls `take` with every member of every object in `schema`, and looks into the member's
/// value unless `take` took it. (Under `properties` the keys are names, not keywords; their
/// values are schemas, looked into like any other, and a property named `enum` is an object,
/// which `take` does not take.)
fn visit_keywords(schema: &Value, depth: usize, take: &mut dyn FnMut(&str, &Value) -> bool) {
    if depth > MAX_DEPTH {
        return;
    }
    match schema {
        Value::Object(m) => {
            for (k, v) in m {
                if !take(k, v) {
                    visit_keywords(v, depth + 1, take);
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| visit_keywords(x, depth + 1, take)),
        _ => {}
    }
}

/// Text a value must come from (what the model was told, or the user's message), with the two
/// ways of finding a value in it: shared by the echo check and the `ask_values` repair step,
/// so that a value counts as given by the same rule in both.
#[derive(Debug, Clone)]
pub(crate) struct Told {
    /// The text, lowercased.
    lower: String,
    /// The same without commas, where `2,500` reads as `2500`.
    plain: String,
    /// The numbers the text gives in words or with a scale (`fifty`, `1 million`), read when
    /// first needed.
    spelled: std::sync::OnceLock<Vec<f64>>,
}

impl Told {
    pub(crate) fn new(text: &str) -> Self {
        let lower = text.to_lowercase();
        let plain = lower.replace(',', "");
        Told {
            lower,
            plain,
            spelled: std::sync::OnceLock::new(),
        }
    }

    /// Whether `words` occur in the text as a whole token, ignoring case.
    pub(crate) fn has(&self, words: &str) -> bool {
        let words = words.trim().to_lowercase();
        !words.is_empty() && has_token(&self.lower, &words)
    }

    /// Whether the number `x` occurs in the text (see [`told_number`]), or a run of its words
    /// reads as it (`fifty dollars`, `1 million yen`, `three hundred and five`).
    pub(crate) fn has_number(&self, x: f64) -> bool {
        told_number(&self.lower, &self.plain, x)
            || self
                .spelled
                .get_or_init(|| {
                    number_runs(&self.lower)
                        .filter_map(|(n, _)| n.as_f64())
                        .collect()
                })
                .contains(&x)
    }
}

/// The most words one number is read from (`three hundred and fifty thousand` is five).
const MAX_NUMBER_WORDS: usize = 8;

/// Every number `text` gives, in order, with the words that give it: from each word on, the
/// longest run of at most [`MAX_NUMBER_WORDS`] words that reads as one number, in digits (with
/// separators or a currency sign) or in words (`42 km` gives 42, `fifty dollars` 50, `$1,200`
/// 1200, `1.5 million yen` 1500000). A run's words are not read again.
pub(crate) fn number_runs(text: &str) -> impl Iterator<Item = (serde_json::Number, &str)> {
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| "$£€¥,;:()'\"?!".contains(c)))
        .filter(|w| !w.is_empty())
        .collect();
    let mut start = 0;
    std::iter::from_fn(move || {
        while start < words.len() {
            let longest = (start + 1..=words.len().min(start + MAX_NUMBER_WORDS))
                .rev()
                .find_map(|end| {
                    let candidate = words[start..end].join(" ");
                    let number = crate::json::numeric_text(&candidate)?.parse().ok()?;
                    // The run as it stands in the text, from its first word to its last.
                    let (first, last) = (words[start], words[end - 1]);
                    let from = first.as_ptr() as usize - text.as_ptr() as usize;
                    let to = last.as_ptr() as usize + last.len() - text.as_ptr() as usize;
                    Some((end, number, &text[from..to]))
                });
            match longest {
                Some((end, number, written)) => {
                    start = end;
                    return Some((number, written));
                }
                None => start += 1,
            }
        }
        None
    })
}

/// Whether the number `x` appears in `told`: in digits (a whole token, with or without
/// thousands separators), or, for a whole number up to a hundred, in words.
fn told_number(told: &str, told_plain: &str, x: f64) -> bool {
    let digits = if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    };
    if has_token(told_plain, &digits) || has_token(told, &digits) {
        return true;
    }
    x.fract() == 0.0
        && (0.0..=100.0).contains(&x)
        && number_words(x as u32).is_some_and(|w| has_token(told, &w))
}

/// Whether `needle` occurs in `hay` as a whole token: no letter, digit or decimal point right
/// before or after it (the `3` of `2026-03-14` follows a `0`, so it is not the number 3; the
/// example's `"text"` is not in `context`).
fn has_token(hay: &str, needle: &str) -> bool {
    let bytes = hay.as_bytes();
    let at = |i: Option<usize>| i.and_then(|i| bytes.get(i).copied());
    let digit = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_digit());
    hay.match_indices(needle).any(|(i, _)| {
        let end = i + needle.len();
        let (before, after) = (at(i.checked_sub(1)), at(Some(end)));
        let joins = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'.');
        // A trailing full stop ends a sentence; a decimal point or a thousands separator
        // between digits continues a number (the `10` of `10,000` is not the number 10).
        let after_joins = match after {
            Some(b'.' | b',') => {
                digit(at(Some(end + 1))) && (after == Some(b'.') || digit(at(end.checked_sub(1))))
            }
            other => joins(other),
        };
        let before_joins = match before {
            Some(b',') => digit(at(i.checked_sub(2))) && digit(at(Some(i))),
            other => joins(other),
        };
        !before_joins && !after_joins
    })
}

/// The English word that says `n` (0..=100) was written out: its own word up to nineteen, its
/// tens word above (`forty`; `twenty` for `twenty-one`).
fn number_words(n: u32) -> Option<String> {
    use crate::json::{NUMBER_TENS as TENS, NUMBER_UNITS as SMALL};
    match n {
        0..=19 => Some(SMALL[n as usize].to_owned()),
        // The tens word alone says the number was written out (`forty`, `twenty-one`).
        20..=99 => Some(TENS[(n / 10) as usize].to_owned()),
        100 => Some("hundred".to_owned()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ToolSpec;
    use serde_json::json;

    fn request(user: &str) -> ModelRequest {
        ModelRequest {
            messages: vec![Message::user(user)],
            tools: vec![ToolSpec {
                name: "book_table".into(),
                description: String::new(),
                parameters: json!({"type": "object", "properties": {
                    "restaurant": {"type": "string"}, "people": {"type": "integer"},
                    "unit": {"enum": ["metric", "imperial"]},
                    "seat": {"enum": ["inside", "terrace"]}},
                    "required": ["restaurant", "people", "unit"]}),
            }],
            ..ModelRequest::default()
        }
    }

    fn echoes(shown: Value, user: &str, args: Value) -> Vec<String> {
        let r = request(user);
        let Some(check) = EchoCheck::new([&shown], &r, false) else {
            return Vec::new();
        };
        check
            .violations(&args, &r.tools[0].parameters, 10)
            .into_iter()
            .map(|v| v.field_path)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect()
    }

    #[test]
    fn a_shown_value_the_user_never_gave_is_an_echo() {
        let shown = json!({"restaurant": "text", "people": 3});
        assert_eq!(
            echoes(
                shown.clone(),
                "Book Nonna Rosa for ten",
                json!({"restaurant": "text", "people": 3})
            ),
            ["people", "restaurant"]
        );
        assert!(
            echoes(
                shown,
                "Book Nonna Rosa for ten",
                json!({"restaurant": "Nonna Rosa", "people": 10})
            )
            .is_empty()
        );
    }

    #[test]
    fn a_shown_value_the_user_also_gave_is_not_an_echo() {
        let shown = json!({"restaurant": "Text", "people": 3});
        let args = json!({"restaurant": "text", "people": 3});
        assert!(echoes(shown.clone(), "a table at TEXT for 3", args.clone()).is_empty());
        assert!(echoes(shown.clone(), "a table at text for three", args.clone()).is_empty());
        assert_eq!(
            echoes(shown, "a table at text on 2026-03-14", args),
            ["people"],
            "the 3 inside a date is not the number 3"
        );
    }

    #[test]
    fn numbers_are_found_with_separators_and_decimals() {
        let shown = json!({"people": 2500, "restaurant": 2.5});
        assert!(echoes(shown.clone(), "2,500 of them", json!({"people": 2500})).is_empty());
        assert!(echoes(shown.clone(), "a 2.5 kg cake.", json!({"restaurant": 2.5})).is_empty());
        assert_eq!(
            echoes(shown, "12.55 kg", json!({"restaurant": 2.5})),
            ["restaurant"]
        );
    }

    #[test]
    fn spans_are_the_users_words_without_punctuation() {
        let spans = user_spans(&[Message::user("Book Nonna Rosa, note: 'rent share'.")]);
        for want in ["Nonna Rosa", "rent share", "Book", "note"] {
            assert!(spans.iter().any(|s| s == want), "{want} in {spans:?}");
        }
        assert!(
            spans.iter().all(|s| !s.ends_with(['.', ',', '\''])),
            "{spans:?}"
        );
    }

    #[test]
    fn only_echoed_free_strings_are_held_to_the_users_words() {
        let mut r = request("Book Nonna Rosa");
        r.tools[0].parameters["properties"]["songs"] =
            json!({"type": "array", "items": {"type": "string"}});
        let echoed = |field: &str| SchemaViolation {
            field_path: field.to_owned(),
            keyword: ECHO_KEYWORD.to_owned(),
            message: String::new(),
        };
        assert!(hold_to_user_words(
            &mut r,
            "book_table",
            &[echoed("restaurant"), echoed("songs[0]"), echoed("unit")]
        ));
        let props = &r.tools[0].parameters["properties"];
        assert!(
            props["restaurant"]["enum"]
                .as_array()
                .unwrap()
                .contains(&json!("Nonna Rosa"))
        );
        assert!(props["songs"]["items"]["enum"].is_array());
        assert_eq!(
            props["unit"]["enum"],
            json!(["metric", "imperial"]),
            "its own choices kept"
        );
        assert!(
            props["people"].get("enum").is_none(),
            "not echoed, not held"
        );
        assert!(!hold_to_user_words(&mut r, "book_table", &[]));
    }

    #[test]
    fn a_string_is_found_as_a_whole_word_only() {
        let shown = json!({"restaurant": "text"});
        let args = json!({"restaurant": "text"});
        assert_eq!(
            echoes(shown.clone(), "the context of it", args.clone()),
            ["restaurant"]
        );
        assert!(echoes(shown, "send this text, please", args).is_empty());
    }

    #[test]
    fn a_required_arguments_choice_alone_is_not_an_echo_an_optional_ones_is() {
        let shown = json!({"unit": "metric", "seat": "terrace"});
        assert!(echoes(shown.clone(), "in km please", json!({"unit": "metric"})).is_empty());
        assert_eq!(
            echoes(shown.clone(), "in km please", json!({"seat": "terrace"})),
            ["seat"]
        );
        let args = json!({"unit": "metric", "seat": "terrace"});
        assert!(echoes(shown, "in km please, on the terrace", args).is_empty());
    }

    /// "how many miles is 42 km" answered with the example's whole call: the copied choices go
    /// with the copied number, so each is asked for or fed back, not run.
    #[test]
    fn a_required_arguments_choice_in_a_copied_call_is_an_echo() {
        let shown = json!({"restaurant": "text", "unit": "metric"});
        assert_eq!(
            echoes(
                shown.clone(),
                "Book Nonna Rosa, in km please",
                json!({"restaurant": "text", "unit": "metric"})
            ),
            ["restaurant", "unit"]
        );
        assert!(
            echoes(
                shown,
                "Book Nonna Rosa, in km please",
                json!({"restaurant": "Nonna Rosa", "unit": "metric"})
            )
            .is_empty()
        );
    }

    /// Under constraint, a number nobody gave is reported whether shown or not; one the user
    /// gave in digits, with separators or in words is not. Without it, only shown ones are.
    #[test]
    fn numbers_told_holds_every_number_to_the_users_words() {
        let r = request("wire 10,000 yen to Kenji, fifty for the fee, 1 million in March");
        let schema = &r.tools[0].parameters;
        let check = EchoCheck::new([], &r, true).expect("numbers are checked");
        let found = |args: Value| -> Vec<(String, String)> {
            check
                .violations(&args, schema, 10)
                .into_iter()
                .map(|v| (v.field_path, v.keyword))
                .collect()
        };
        assert_eq!(
            found(json!({"people": 10, "restaurant": "Kenji"})),
            [("people".to_owned(), NOT_GIVEN_KEYWORD.to_owned())]
        );
        for given in [10000, 50, 1000000] {
            assert!(found(json!({ "people": given })).is_empty(), "{given}");
        }
        assert!(EchoCheck::new([], &r, false).is_none());
    }

    #[test]
    fn arrays_and_nested_values_are_named_by_path() {
        let shown = json!({"songs": ["text"]});
        assert_eq!(
            echoes(shown, "songs: Yellow", json!({"songs": ["Yellow", "text"]})),
            ["songs[1]"]
        );
    }

    #[test]
    fn schema_examples_count_as_shown_and_nothing_shown_checks_nothing() {
        let mut r = request("Book it");
        r.tools[0].parameters["properties"]["restaurant"]["examples"] = json!(["Chez Panisse"]);
        let shown = schema_examples(&r.tools[0].parameters);
        assert_eq!(shown, [json!("Chez Panisse")]);
        let check = EchoCheck::new(&shown, &r, false).expect("the schema shows a value");
        let found = check.violations(
            &json!({"restaurant": "chez panisse"}),
            &r.tools[0].parameters,
            10,
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].keyword, ECHO_KEYWORD);
        assert!(EchoCheck::new([], &request("Book it"), false).is_none());
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any text, any script: reading its numbers never panics, and every run a number is
            /// read from is a piece of the text itself.
            #[test]
            fn number_runs_are_pieces_of_the_text(text in "\\PC{0,120}") {
                for (_, written) in number_runs(&text) {
                    prop_assert!(!written.is_empty());
                    prop_assert!(text.contains(written), "{:?} not in {:?}", written, text);
                }
            }

            /// A number written among words, in digits with or without thousands separators,
            /// is one the text holds.
            #[test]
            fn a_number_among_words_is_told(
                n in 0u64..10_000_000,
                separated in any::<bool>(),
                before in "[a-z]{1,8}",
                after in "[a-z]{1,8}",
            ) {
                let digits = n.to_string();
                let written = if separated {
                    let mut out = String::new();
                    for (i, c) in digits.chars().enumerate() {
                        if i > 0 && (digits.len() - i) % 3 == 0 {
                            out.push(',');
                        }
                        out.push(c);
                    }
                    out
                } else {
                    digits
                };
                let told = Told::new(&format!("{before} {written} {after}"));
                prop_assert!(told.has_number(n as f64), "{}", written);
            }

            /// Any text, any script: spans never panic, are the message's own words, bounded
            /// in number, and carry no punctuation at their ends.
            #[test]
            fn spans_are_words_of_the_message(text in "\\PC{0,200}") {
                let spans = user_spans(&[Message::user(text.clone())]);
                prop_assert!(spans.len() <= MAX_SPANS);
                for span in &spans {
                    prop_assert!(!span.is_empty());
                    prop_assert!(span.starts_with(char::is_alphanumeric));
                    prop_assert!(span.ends_with(char::is_alphanumeric));
                    for word in span.split(' ') {
                        prop_assert!(text.contains(word), "{word:?} not in {text:?}");
                    }
                }
            }

            /// A token found is a substring; looking never panics (multi-byte text included).
            #[test]
            fn a_token_found_is_in_the_text(hay in "\\PC{0,80}", needle in "\\PC{1,8}") {
                if has_token(&hay, &needle) {
                    prop_assert!(hay.contains(&needle));
                }
                let _ = told_number(&hay, &hay.replace(',', ""), 3.0);
            }

            /// The check never panics on any string or number, and what it names is a value
            /// the model was shown.
            #[test]
            fn the_check_names_only_shown_values(
                user in "\\PC{0,60}",
                shown in "\\PC{1,12}",
                written in "\\PC{1,12}",
                n in any::<i32>(),
            ) {
                let r = request(&user);
                let shown_args = json!({"restaurant": shown.clone(), "people": 3});
                let check = EchoCheck::new([&shown_args], &r, false).expect("something shown");
                let args = json!({"restaurant": written.clone(), "people": n});
                for v in check.violations(&args, &r.tools[0].parameters, 10) {
                    match v.field_path.as_str() {
                        "restaurant" => prop_assert_eq!(
                            written.trim().to_lowercase(),
                            shown.trim().to_lowercase()
                        ),
                        "people" => prop_assert_eq!(n, 3),
                        other => prop_assert!(false, "unexpected path {other}"),
                    }
                }
            }
        }
    }
}
