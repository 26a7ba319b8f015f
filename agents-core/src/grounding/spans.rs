//! Holding a call's values to the user's words: what `regenerate()` asks again for when a call
//! copied an example's values, and what prevention mode's next turn allows (where the recovery
//! profile has [`user_words`](crate::model::Recovery::user_words) on).

use std::collections::HashSet;

use serde_json::Value;

use super::echo::is_ungrounded;
use super::own_name::{is_framed_by_name_words, is_own_name, is_tool_words, last_name, name_words};
use crate::error::SchemaViolation;
use crate::model::{Message, ModelRequest, Recovery, is_free_number, is_free_string, main_type};

/// A required argument a call the token cap cut off never reached (prevention mode's
/// [`hold_cut_off`](crate::model::Recovery::hold_cut_off)): held like a copied value. Internal,
/// never shown to the model.
pub(crate) const CUT_OFF_KEYWORD: &str = "cut_off";

/// Holds the values of `tool`'s arguments in `request` that `refused` names (copied from an
/// example, or a number nobody gave, or an argument the token cap cut off, [`CUT_OFF_KEYWORD`];
/// an argument or a value inside one, a struct's field or a list's items, through `$ref`s) to
/// what the user said: a free string may only be one of the
/// word spans of the user's messages ([`user_spans`]); a number only one of the numbers the
/// user's messages and the tools' results give, every way they read, whole ones only where the
/// schema wants an integer, within its bounds. A call asked for under this schema cannot copy
/// the example again, and a small model, which copies what it reads, copies from the request
/// instead. Values with choices of their own (`enum`, `const`, `format`, `pattern`), other
/// types, and those the user's words hold nothing for are left as they are. A string is never
/// offered its argument's own name; with `recovery`'s `user_phrases`, the spans leave out the
/// words that frame the request ([`user_spans`]); with its `skip_tool_words`, those made only
/// of words of the tool's name or starting or ending with one in lower case; with its
/// `date_spans`, an argument named as a date is offered only the spans that read as a date,
/// where any does. Returns whether anything was held.
pub(crate) fn hold_to_user_words(
    request: &mut ModelRequest,
    tool: &str,
    refused: &[SchemaViolation],
    recovery: Recovery,
) -> bool {
    let Some(spec) = request.tools.iter().find(|t| t.name == tool) else {
        return false;
    };
    // Where each refused value's schema is: an argument's own, or one inside it (a struct
    // argument's field, a list's items), through `$ref`s; each once.
    let mut pointers: Vec<(String, &str)> = Vec::new();
    for v in refused
        .iter()
        .filter(|v| is_ungrounded(v) || v.keyword == CUT_OFF_KEYWORD)
    {
        if let Some(p) = agents_json::schema::pointer_at(&spec.parameters, &v.field_path)
            && !p.is_empty()
            && !pointers.iter().any(|(q, _)| *q == p)
        {
            pointers.push((p, &v.field_path));
        }
    }
    if pointers.is_empty() {
        return false;
    }
    let spans: Vec<Value> = user_spans(&request.messages, recovery.user_phrases)
        .into_iter()
        .map(Value::String)
        .collect();
    let numbers = told_numbers(&request.messages);
    let Some(spec) = request.tools.iter_mut().find(|t| t.name == tool) else {
        return false;
    };
    let declared = undeclared_copy(&request.declared_tools, spec);
    let mut held = false;
    for (pointer, path) in pointers {
        let Some(schema) = spec.parameters.pointer_mut(&pointer) else {
            continue;
        };
        // A whole list named: its items are what is held.
        let target = if main_type(schema) == Some("array") {
            schema.get_mut("items")
        } else {
            Some(schema)
        };
        let Some(target) = target else { continue };
        // A value of any type (`{}`) is held like free text: the user's words are values of it.
        let allowed: Vec<Value> =
            if is_free_string(target) || agents_json::schema::is_any_value(target) {
                // Not the argument's own name: that is the placeholder the call copied. Not the
                // tool's name's words: they name what the tool does. Nor a span framed by a word
                // of either name: the value is the rest ("Edgar Wright" of "directed by Edgar
                // Wright" for `directed_by`).
                let offered: Vec<Value> = spans
                    .iter()
                    .filter(|s| {
                        !s.as_str().is_some_and(|s| {
                            is_own_name(s, path)
                                || (recovery.skip_tool_words
                                    && (is_tool_words(s, tool)
                                        || is_framed_by_name_words(s, tool)
                                        || is_framed_by_name_words(s, last_name(path))))
                        })
                    })
                    .cloned()
                    .collect();
                if recovery.date_spans && names_a_date(path) {
                    only_dates(offered)
                } else {
                    offered
                }
            } else if is_free_number(target) {
                let whole = main_type(target) == Some("integer");
                numbers
                    .iter()
                    .filter(|&&x| agents_json::schema::takes_number(target, x))
                    .filter_map(|&x| number_value(x, whole))
                    .collect()
            } else {
                continue;
            };
        // A tool that wants its names qualified (`"Berkeley, CA"`) gets the user's names with
        // a qualifier the model writes.
        let qualified = if recovery.qualified_spans && is_free_string(target) {
            super::qualified::described_qualifier(target)
                .and_then(|q| super::qualified::qualified_hold(&allowed, q))
        } else {
            None
        };
        if let (false, Some(target)) = (allowed.is_empty(), target.as_object_mut()) {
            match qualified {
                Some(Value::Object(schema)) => target.extend(schema),
                _ => {
                    target.insert("enum".to_owned(), Value::Array(allowed));
                }
            }
            held = true;
        }
    }
    // The tool as declared, for what shows it (a made-up example).
    if let (true, Some(declared)) = (held, declared) {
        request.declared_tools.push(declared);
    }
    held
}

/// A copy of `spec` as declared, to keep in a held request's `declared_tools` (for what shows
/// the tool: a made-up example), unless `declared` has it already: a tool held twice keeps its
/// first, own schema.
pub(super) fn undeclared_copy(
    declared: &[crate::model::ToolSpec],
    spec: &crate::model::ToolSpec,
) -> Option<crate::model::ToolSpec> {
    (!declared.iter().any(|t| t.name == spec.name)).then(|| spec.clone())
}

/// Whether the argument a field path names last is named as a date (`date`, `start_date`,
/// `birthDate`): a word of its name is `date`.
fn names_a_date(field_path: &str) -> bool {
    name_words(last_name(field_path))
        .iter()
        .any(|w| w == "date")
}

/// The spans of `spans` that read as a calendar date ([`agents_json::calendar_date`]), or all
/// of them where none does.
fn only_dates(spans: Vec<Value>) -> Vec<Value> {
    let dates: Vec<Value> = spans
        .iter()
        .filter(|s| {
            s.as_str()
                .is_some_and(|s| agents_json::calendar_date(s).is_some())
        })
        .cloned()
        .collect();
    if dates.is_empty() { spans } else { dates }
}

/// `x` as the JSON number a schema allows: for an integer schema only a whole number in the
/// `i64` range.
fn number_value(x: f64, whole: bool) -> Option<Value> {
    if !whole {
        return serde_json::Number::from_f64(x).map(Value::Number);
    }
    // Whole and well inside i64's range: the cast below is exact.
    let exact = x.fract() == 0.0 && x.abs() < 9.0e15;
    exact.then(|| Value::from(x as i64))
}

/// Every number the user's messages and the tools' successful results give (what the echo
/// check counts as told, but for the system prompt, whose numbers are the application's), each
/// once, at most [`MAX_SPANS`].
fn told_numbers(messages: &[Message]) -> Vec<f64> {
    let mut out: Vec<f64> = Vec::new();
    for text in super::told::told_texts(messages).rev() {
        for x in super::numbers::readings(&text.to_lowercase()) {
            if x.is_finite() && !out.contains(&x) {
                out.push(x);
                if out.len() >= MAX_SPANS {
                    return out;
                }
            }
        }
    }
    out
}

/// At most this many spans are offered (a constraint's grammar grows with them).
const MAX_SPANS: usize = 400;
/// Spans are at most this many words long.
const SPAN_WORDS: usize = 6;

/// The runs of up to six consecutive words of the user's messages, newest message first,
/// without the punctuation around them (`"Nonna Rosa"`, `"2026-03-14"`, `"rent share"` from
/// `note: 'rent share'`), each once.
///
/// With `skip_framing`, a span may not start or end with a word that frames the request rather
/// than names something: the first word of a message of three words or more (its verb or its
/// question word: `Find`, `Who`, `I`), and, anywhere, an English article, preposition, pronoun,
/// conjunction, auxiliary or question word ([`is_framing`]; a word in capitals, `US`, is a name).
/// Held to every span, a small model writes the request's first word. When every span frames,
/// they are all kept.
pub(crate) fn user_spans(messages: &[Message], skip_framing: bool) -> Vec<String> {
    let trim = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_owned();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut framing = Vec::new();
    for m in messages.iter().rev() {
        let Message::User { content } = m else {
            continue;
        };
        let words: Vec<&str> = content.split_whitespace().collect();
        let frames = |i: usize| {
            skip_framing && ((i == 0 && words.len() >= 3) || is_framing(&trim(words[i])))
        };
        for start in 0..words.len() {
            for end in start + 1..=(start + SPAN_WORDS).min(words.len()) {
                let span = trim(&words[start..end].join(" "));
                if span.is_empty() || !seen.insert(span.clone()) {
                    continue;
                }
                if frames(start) || frames(end - 1) {
                    framing.push(span);
                } else {
                    out.push(span);
                }
                if out.len() >= MAX_SPANS {
                    return out;
                }
            }
        }
    }
    if out.is_empty() {
        framing.truncate(MAX_SPANS);
        return framing;
    }
    out
}

/// Whether `word` (trimmed of punctuation) is an English word that frames a request rather than
/// names something a tool could take: an article, a preposition, a pronoun, a conjunction, an
/// auxiliary, a question word, `please`. A word written in capitals of two letters or more is
/// a name (`US`, `IT`), not the pronoun.
pub(super) fn is_framing(word: &str) -> bool {
    const FRAMING: &[&str] = &[
        "a", "about", "after", "am", "an", "and", "any", "are", "as", "at", "be", "been", "before",
        "between", "but", "by", "can", "could", "did", "do", "does", "for", "from", "had", "has",
        "have", "he", "her", "him", "his", "how", "i", "if", "in", "into", "is", "it", "its", "me",
        "my", "of", "on", "or", "our", "please", "she", "should", "so", "some", "than", "that",
        "the", "their", "them", "then", "there", "these", "they", "this", "those", "to", "us",
        "was", "we", "were", "what", "when", "where", "which", "who", "whom", "whose", "why",
        "will", "with", "would", "you", "your",
    ];
    let acronym = word.chars().count() >= 2 && word.chars().all(|c| c.is_uppercase());
    !acronym && FRAMING.contains(&word.to_lowercase().as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grounding::echo::{ECHO_KEYWORD, NOT_GIVEN_KEYWORD};
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
                    "unit": {"enum": ["metric", "imperial"]}},
                    "required": ["restaurant", "people", "unit"]}),
            }],
            ..ModelRequest::default()
        }
    }

    /// Held to every span of "I want a seafood restaurant in Seattle…", a small model wrote
    /// `"I"` for the location: the first word of a request, and spans that start or end with
    /// an article, a preposition, a pronoun or a question word, frame the request; they name
    /// nothing a tool could take. Measured on BFCL's development questions (docs/EVAL.md), 15
    /// of 120 prevention calls held such a word (`Find`, `I`, `What`, `Who`), all wrong.
    #[test]
    fn framing_words_are_left_out_of_the_spans_unless_nothing_else_remains() {
        let request = [Message::user(
            "I want a seafood restaurant in Seattle for the US team that can seat 5.",
        )];
        let spans = user_spans(&request, true);
        for want in [
            "Seattle",
            "seafood restaurant",
            "restaurant in Seattle",
            "US team",
            "US",
        ] {
            assert!(spans.iter().any(|s| s == want), "{want} in {spans:?}");
        }
        for framing in [
            "I",
            "I want",
            "a seafood restaurant",
            "in Seattle",
            "Seattle for",
            "the",
            "that",
        ] {
            assert!(
                !spans.iter().any(|s| s == framing),
                "{framing} in {spans:?}"
            );
        }
        let all = user_spans(&request, false);
        assert!(all.iter().any(|s| s == "I") && all.iter().any(|s| s == "in Seattle"));
        // A short answer's first word is its value; a message of framing words alone keeps them.
        assert_eq!(user_spans(&[Message::user("Paris")], true), ["Paris"]);
        assert!(
            user_spans(&[Message::user("Find me the Louvre")], true).contains(&"Louvre".to_owned())
        );
        assert_eq!(
            user_spans(&[Message::user("to the")], true),
            user_spans(&[Message::user("to the")], false)
        );
    }

    #[test]
    fn spans_are_the_users_words_without_punctuation() {
        let spans = user_spans(
            &[Message::user("Book Nonna Rosa, note: 'rent share'.")],
            false,
        );
        for want in ["Nonna Rosa", "rent share", "Book", "note"] {
            assert!(spans.iter().any(|s| s == want), "{want} in {spans:?}");
        }
        assert!(
            spans.iter().all(|s| !s.ends_with(['.', ',', '\''])),
            "{spans:?}"
        );
    }

    /// Held to "… nearby my location, Manhattan", a small model wrote `"location": "location"`:
    /// the placeholder it copied, in the user's case. The argument's own name is not offered,
    /// nor (with `skip_tool_words`) a span it frames.
    #[test]
    fn a_held_string_is_not_offered_its_own_argument_name() {
        let mut r = request("Find a restaurant nearby my location, Manhattan");
        assert!(holds_copied(&mut r, "restaurant"));
        let held = r.tools[0].parameters["properties"]["restaurant"]["enum"]
            .as_array()
            .unwrap()
            .clone();
        assert!(held.contains(&json!("Manhattan")), "{held:?}");
        assert!(held.contains(&json!("nearby my location")), "{held:?}");
        assert!(!held.contains(&json!("restaurant")), "{held:?}");
        assert!(!held.contains(&json!("restaurant nearby")), "{held:?}");
    }

    /// Held to every span of "Find the grocery store closest to Berkeley", a small model wrote
    /// `"my_location": "grocery"` for `grocery_store.find_best`: the word that names the tool.
    /// With `skip_tool_words`, spans made only of the tool's name's words are not offered.
    #[test]
    fn a_held_string_is_not_offered_the_words_of_its_tools_name() {
        let echoed = SchemaViolation {
            field_path: "restaurant".to_owned(),
            keyword: ECHO_KEYWORD.to_owned(),
            message: String::new(),
        };
        let held = |recovery: Recovery| {
            let mut r = request("Please reserve tables at Nonna Rosa, book it");
            assert!(hold_to_user_words(
                &mut r,
                "book_table",
                std::slice::from_ref(&echoed),
                recovery
            ));
            r.tools[0].parameters["properties"]["restaurant"]["enum"]
                .as_array()
                .unwrap()
                .clone()
        };
        let on = held(Recovery::SMALL_MODEL);
        assert!(on.contains(&json!("Nonna Rosa")), "{on:?}");
        assert!(!on.contains(&json!("tables at Nonna Rosa")), "{on:?}");
        assert!(!on.contains(&json!("tables")), "{on:?}");
        assert!(!on.contains(&json!("book")), "{on:?}");
        let off = held(Recovery::SMALL_MODEL.skip_tool_words(false));
        assert!(off.contains(&json!("tables")), "{off:?}");
        assert!(off.contains(&json!("book")), "{off:?}");
    }

    /// The user names a city, the tool wants `'City, State'` (its description's examples):
    /// with `qualified_spans`, the held city is one of the user's names followed by a
    /// qualifier the model writes, and no bare name; off, the spans as they are.
    #[test]
    fn a_held_name_the_tool_wants_qualified_takes_a_qualifier() {
        let copied = SchemaViolation {
            field_path: "city".to_owned(),
            keyword: ECHO_KEYWORD.to_owned(),
            message: String::new(),
        };
        let held = |recovery: Recovery| {
            let mut r = request("I'm planning a trip to Austin, find me a table");
            r.tools[0].parameters["properties"]["city"] = json!({"type": "string",
                "description": "The city, in the format of 'City, State', such as 'Berkeley, CA'."});
            assert!(hold_to_user_words(
                &mut r,
                "book_table",
                std::slice::from_ref(&copied),
                recovery
            ));
            r.tools[0].parameters["properties"]["city"].clone()
        };
        let on = held(Recovery::SMALL_MODEL);
        assert!(on.get("enum").is_none(), "{on}");
        let pattern = on["anyOf"][0]["pattern"].as_str().expect("a pattern");
        assert!(pattern.starts_with("^(Austin), "), "{pattern}");
        assert_eq!(on["anyOf"].as_array().map(Vec::len), Some(1), "{on}");
        let off = held(Recovery::SMALL_MODEL.qualified_spans(false));
        assert!(
            off["enum"].as_array().unwrap().contains(&json!("Austin")),
            "{off}"
        );
        assert!(off.get("anyOf").is_none(), "{off}");
    }

    /// Held to every span of "Who won the game … on Jan 28, 2021?", a small model wrote
    /// `"date": "won"`. With `date_spans`, an argument named as a date is offered the spans that
    /// read as a calendar date; where none does, every span stays.
    #[test]
    fn a_held_date_is_offered_the_users_dates() {
        let copied = |field: &str| SchemaViolation {
            field_path: field.to_owned(),
            keyword: ECHO_KEYWORD.to_owned(),
            message: String::new(),
        };
        let held = |user: &str, field: &str, recovery: Recovery| {
            let mut r = request(user);
            r.tools[0].parameters["properties"][field] = json!({"type": "string"});
            assert!(hold_to_user_words(
                &mut r,
                "book_table",
                &[copied(field)],
                recovery
            ));
            r.tools[0].parameters["properties"][field]["enum"]
                .as_array()
                .unwrap()
                .clone()
        };
        let ask = "Who won the game between the Lakers and the Clippers on Jan 28, 2021?";
        assert_eq!(
            held(ask, "date", Recovery::SMALL_MODEL),
            [json!("Jan 28, 2021")]
        );
        assert_eq!(
            held(ask, "game_startDate", Recovery::SMALL_MODEL),
            [json!("Jan 28, 2021")]
        );
        let off = held(ask, "date", Recovery::SMALL_MODEL.date_spans(false));
        assert!(off.contains(&json!("won")), "{off:?}");
        // Not named as a date, or no date given: every span.
        assert!(held(ask, "winner", Recovery::SMALL_MODEL).contains(&json!("won")));
        let none = held(
            "Who won the game last night?",
            "date",
            Recovery::SMALL_MODEL,
        );
        assert!(none.contains(&json!("won")), "{none:?}");
    }

    /// Whether `book_table`'s value at `field_path`, refused as copied, is held.
    fn holds_copied(r: &mut ModelRequest, field_path: &str) -> bool {
        let copied = SchemaViolation {
            field_path: field_path.to_owned(),
            keyword: ECHO_KEYWORD.to_owned(),
            message: String::new(),
        };
        hold_to_user_words(r, "book_table", &[copied], Recovery::SMALL_MODEL)
    }

    /// A span that starts or ends with a lower-case word of the argument's own name is not
    /// offered: the value is the rest of it.
    #[test]
    fn a_span_framed_by_the_arguments_own_name_is_not_offered() {
        let mut r = request("Find a comedy directed by Edgar Wright");
        r.tools[0].parameters["properties"]["directed_by"] = json!({"type": "string"});
        assert!(holds_copied(&mut r, "directed_by"));
        let held = &r.tools[0].parameters["properties"]["directed_by"]["enum"];
        let held: Vec<&str> = held
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert!(held.contains(&"Edgar Wright"), "{held:?}");
        assert!(
            !held
                .iter()
                .any(|s| s.starts_with("directed") || s.starts_with("by ")),
            "{held:?}"
        );
    }

    /// An argument of any type (`{}`, a value to reverse) copied from an example is held like
    /// free text: "Reverse say hi" offers "say hi".
    #[test]
    fn a_value_of_any_type_is_held_to_the_users_words() {
        let mut r = request("Reverse say hi");
        r.tools[0].parameters["properties"]["input_value"] = json!({"description": "Anything."});
        assert!(holds_copied(&mut r, "input_value"));
        let held = &r.tools[0].parameters["properties"]["input_value"]["enum"];
        assert!(
            held.as_array().unwrap().contains(&json!("say hi")),
            "{held}"
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
            &[echoed("restaurant"), echoed("songs[0]"), echoed("unit")],
            Recovery::SMALL_MODEL
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
        assert!(!hold_to_user_words(
            &mut r,
            "book_table",
            &[],
            Recovery::SMALL_MODEL
        ));
    }

    /// A copied number (the made-up example's `7`) or one nobody gave is held to the numbers
    /// the user's words give, whole ones only for an integer; a number argument nothing
    /// refused, and one the user's words give no number for, stay as they were.
    #[test]
    fn refused_numbers_are_held_to_the_numbers_the_user_gave() {
        let refused = |field: &str, keyword: &str| SchemaViolation {
            field_path: field.to_owned(),
            keyword: keyword.to_owned(),
            message: String::new(),
        };
        let mut r = request("Book Nonna Rosa for 2,500 guests at 7.5% off, or twelve");
        r.tools[0].parameters["properties"]["share"] = json!({"type": "number"});
        r.tools[0].parameters["properties"]["counts"] =
            json!({"type": "array", "items": {"type": "integer"}});
        assert!(hold_to_user_words(
            &mut r,
            "book_table",
            &[
                refused("people", NOT_GIVEN_KEYWORD),
                refused("share", ECHO_KEYWORD),
                refused("counts[1]", ECHO_KEYWORD)
            ],
            Recovery::SMALL_MODEL
        ));
        let props = &r.tools[0].parameters["properties"];
        let people = props["people"]["enum"].as_array().expect("held");
        for want in [json!(2500), json!(12)] {
            assert!(people.contains(&want), "{want} in {people:?}");
        }
        assert!(
            people.iter().all(Value::is_i64),
            "whole numbers: {people:?}"
        );
        let share = props["share"]["enum"].as_array().expect("held");
        assert!(share.contains(&json!(7.5)), "{share:?}");
        assert!(props["counts"]["items"]["enum"].is_array());

        let mut bounded = request("Book it for 3 or 12 guests");
        bounded.tools[0].parameters["properties"]["people"]["minimum"] = json!(5);
        assert!(hold_to_user_words(
            &mut bounded,
            "book_table",
            &[refused("people", NOT_GIVEN_KEYWORD)],
            Recovery::SMALL_MODEL
        ));
        assert_eq!(
            bounded.tools[0].parameters["properties"]["people"]["enum"],
            json!([12]),
            "a number the schema's bounds refuse is not offered"
        );

        let mut none = request("Book Nonna Rosa");
        assert!(!hold_to_user_words(
            &mut none,
            "book_table",
            &[refused("people", NOT_GIVEN_KEYWORD)],
            Recovery::SMALL_MODEL
        ));
        assert!(
            none.tools[0].parameters["properties"]["people"]
                .get("enum")
                .is_none()
        );
    }

    /// A copied value inside a struct argument (`exclusion.type`, the struct behind a `$ref`)
    /// is held where its schema is, the rest of the struct as it was.
    #[test]
    fn a_refused_field_of_a_struct_argument_is_held_where_its_schema_is() {
        let mut r = request("Paint the wall but not the window");
        r.tools[0].parameters["properties"]["exclusion"] = json!({"$ref": "#/$defs/Exclusion"});
        r.tools[0].parameters["$defs"] = json!({"Exclusion": {"type": "object", "properties": {
            "type": {"type": "string"}, "area": {"type": "number"}}}});
        assert!(holds_copied(&mut r, "exclusion.type"));
        let exclusion = &r.tools[0].parameters["$defs"]["Exclusion"]["properties"];
        let spans = exclusion["type"]["enum"].as_array().expect("held");
        assert!(spans.contains(&json!("window")), "{spans:?}");
        assert!(exclusion["area"].get("enum").is_none());
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any text, any script: spans never panic, are the message's own words, bounded
            /// in number, and carry no punctuation at their ends.
            #[test]
            fn spans_are_words_of_the_message(text in "\\PC{0,200}") {
                let spans = user_spans(&[Message::user(text.clone())], true);
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

            /// Any text, any tool name, any argument: holding never panics, a held string is
            /// offered only spans of the user's words, none made only of the tool's name's
            /// words, and a date argument's spans all read as dates or are all the spans.
            #[test]
            fn held_spans_are_the_users_and_never_the_tools_name(
                text in "\\PC{0,120}",
                tool in "[a-zA-Z_.]{1,24}",
                field in prop::sample::select(vec!["city", "start_date", "date", "note"]),
            ) {
                let mut r = request(&text);
                r.tools[0].name = tool.clone();
                r.tools[0].parameters["properties"][field] = json!({"type": "string"});
                let copied = SchemaViolation {
                    field_path: field.to_owned(),
                    keyword: ECHO_KEYWORD.to_owned(),
                    message: String::new(),
                };
                let all = user_spans(&[Message::user(text.clone())], true);
                if !hold_to_user_words(&mut r, &tool, &[copied], Recovery::SMALL_MODEL) {
                    return Ok(());
                }
                let held = r.tools[0].parameters["properties"][field]["enum"].clone();
                let held: Vec<&str> = held.as_array().unwrap().iter().filter_map(Value::as_str).collect();
                prop_assert!(!held.is_empty());
                for span in &held {
                    prop_assert!(all.iter().any(|s| s == span), "{span:?}");
                    prop_assert!(!is_tool_words(span, &tool), "{span:?} for {tool:?}");
                    prop_assert!(!is_framed_by_name_words(span, &tool), "{span:?} for {tool:?}");
                    prop_assert!(!is_framed_by_name_words(span, field), "{span:?} for {field:?}");
                }
                if field.ends_with("date") && held.iter().any(|s| agents_json::calendar_date(s).is_some()) {
                    prop_assert!(held.iter().all(|s| agents_json::calendar_date(s).is_some()));
                }
            }

        }
    }
}
