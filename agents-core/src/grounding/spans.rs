//! Holding a call's strings to the user's words: what `regenerate()` asks again for when a call
//! copied an example's values (where the recovery profile has
//! [`user_words`](crate::model::Recovery::user_words) on).

use std::collections::HashSet;

use serde_json::Value;

use super::echo::ECHO_KEYWORD;
use crate::error::{SchemaViolation, argument_of};
use crate::model::{Message, ModelRequest, is_free_string};

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
                    "unit": {"enum": ["metric", "imperial"]}},
                    "required": ["restaurant", "people", "unit"]}),
            }],
            ..ModelRequest::default()
        }
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

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
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

        }
    }
}
