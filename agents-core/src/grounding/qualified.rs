//! A held string whose tool wants it qualified: `"Berkeley, CA"` where the user said
//! "Berkeley" ([`Recovery::qualified_spans`](crate::model::Recovery::qualified_spans)).
//!
//! Many tool specs say, in an argument's description, that its values are a name followed by a
//! comma and a short qualifier (`"in the format of 'City, State', such as 'Berkeley, CA'"`). A
//! user names the city and leaves the state to whoever reads it. Held to the spans of the
//! user's words, a call can only say `"Berkeley"`; the model, asked to write the qualifier
//! after the user's name, knows it (the local model wrote the state of eight cities of eight).
//! So where the description's examples show qualified values, a held span that names something
//! may be followed by `, ` and a qualifier the model writes, and must be where every example
//! is qualified.

use serde_json::Value;

/// What an argument's examples say of a qualifier after a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Qualifier {
    /// Every example that names something is qualified (`'City, State'`, `'Berkeley, CA'`).
    Required,
    /// Some are, some are not (`'New York, NY' or 'Paris'`).
    Optional,
}

/// Quoted texts longer than this are not examples of a value.
const MAX_EXAMPLE_CHARS: usize = 60;

/// What `property`'s examples (its `examples`, and the texts its description quotes) say of a
/// qualifier: `None` where none is qualified.
pub(super) fn described_qualifier(property: &Value) -> Option<Qualifier> {
    let mut examples: Vec<String> = crate::model::schema_examples(property)
        .iter()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect();
    if let Some(d) = property.get("description").and_then(Value::as_str) {
        examples.extend(super::quotes::quoted(d, MAX_EXAMPLE_CHARS));
    }
    let qualified = examples.iter().filter(|e| is_qualified(e)).count();
    let plain = examples.iter().filter(|e| is_name(e)).count();
    match (qualified, plain) {
        (0, _) => None,
        (_, 0) => Some(Qualifier::Required),
        _ => Some(Qualifier::Optional),
    }
}

/// Whether `s` reads as a name and a qualifier: `Berkeley, CA`, `New York, NY`, `Paris,
/// France`, `City, State` (one comma, a capitalised name of at most four words before it, a
/// capitalised qualifier of at most three after).
fn is_qualified(s: &str) -> bool {
    match s.split_once(", ") {
        Some((name, qualifier)) => {
            is_name(name)
                && name.split_whitespace().count() <= 4
                && is_name(qualifier)
                && qualifier.split_whitespace().count() <= 3
        }
        None => false,
    }
}

/// Whether `s` reads as a name: words that each start with a capital letter, but for joining
/// words of up to three letters inside (`Rio de Janeiro`), and no comma.
fn is_name(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    !words.is_empty()
        && !s.contains(',')
        && capital(words[0])
        && capital(words[words.len() - 1])
        && words.iter().all(|w| {
            (capital(w) || w.chars().count() <= 3)
                && w.chars()
                    .all(|c| c.is_alphabetic() || matches!(c, '.' | '\'' | '-'))
        })
}

/// The schema a held string takes under `qualifier`, from the user's `spans`: the spans that
/// name something ([`is_name`]) followed by `, ` and a qualifier the model writes (a `pattern`,
/// which llama.cpp's JSON-schema grammar holds generation to), beside the other spans as they
/// are where the qualifier is optional, or beside only the spans already qualified where it is
/// required. `None` where no span names something (the spans are then held as they are).
pub(super) fn qualified_hold(spans: &[Value], qualifier: Qualifier) -> Option<Value> {
    let names: Vec<&str> = spans
        .iter()
        .filter_map(Value::as_str)
        .filter(|s| is_name(s))
        .collect();
    if names.is_empty() {
        return None;
    }
    let alternatives: Vec<String> = names.iter().map(|n| escaped(n)).collect();
    // A qualifier of one to three capitalised words (`CA`, `France`, `New Zealand`, `D.C.`).
    let pattern = format!(
        "^({}), [A-Z][A-Za-z.]*( [A-Z][A-Za-z.]*)?( [A-Z][A-Za-z.]*)?$",
        alternatives.join("|")
    );
    let named = serde_json::json!({"type": "string", "pattern": pattern});
    let others: Vec<Value> = match qualifier {
        Qualifier::Optional => spans.to_vec(),
        Qualifier::Required => spans
            .iter()
            .filter(|s| s.as_str().is_some_and(is_qualified))
            .cloned()
            .collect(),
    };
    Some(if others.is_empty() {
        serde_json::json!({"anyOf": [named]})
    } else {
        serde_json::json!({"anyOf": [{"enum": others}, named]})
    })
}

/// `s` with every character a regular expression reads specially outside a class escaped.
/// Not `regex_lite::escape`: it escapes `-` and `#` too, which a name may hold, and the pattern
/// is read by the server's grammar converter, not by a Rust regex; these escapes are the ones
/// every reader takes.
fn escaped(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if "\\^$.|?*+()[]{}".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn described(d: &str) -> Option<Qualifier> {
        described_qualifier(&json!({"type": "string", "description": d}))
    }

    #[test]
    fn a_description_that_shows_qualified_values_asks_for_a_qualifier() {
        for d in [
            "The city, in the format of 'City, State', such as 'Berkeley, CA' or 'New York, NY'.",
            "The city, in the format 'City, State' (e.g., 'San Francisco, CA').",
            "City or town, as 'City, State' or 'City, Country'; for example, 'Paris, France'.",
            "The city, e.g. \"Austin, TX\".",
        ] {
            assert_eq!(described(d), Some(Qualifier::Required), "{d}");
        }
        assert_eq!(
            described(
                "Formatted as 'City, State' or 'City'. For example, 'New York, NY' or 'Paris'."
            ),
            Some(Qualifier::Optional)
        );
        assert_eq!(
            described_qualifier(&json!({"examples": ["Lyon, France"]})),
            Some(Qualifier::Required)
        );
    }

    #[test]
    fn other_descriptions_ask_for_nothing() {
        for d in [
            "The city, e.g. Paris",
            "The user's city, in the user's words",
            "A date in the format 'YYYY-MM-DD'.",
            "The address, formatted as '134 Springoak St, Chicago'.",
            "Words 'a, b' in lower case",
            "",
        ] {
            assert_eq!(described(d), None, "{d}");
        }
    }

    #[test]
    fn names_are_capitalised_words_without_a_comma() {
        for s in [
            "Berkeley",
            "New York",
            "NEW YORK",
            "Rio de Janeiro",
            "St. Louis",
            "LA",
        ] {
            assert!(is_name(s), "{s}");
        }
        for s in [
            "planning",
            "trip to Austin",
            "Austin please",
            "Berkeley, CA",
            "42nd Street",
            "",
        ] {
            assert!(!is_name(s), "{s}");
        }
    }

    #[test]
    fn a_required_qualifier_follows_every_name_span() {
        let spans = json!(["planning", "Austin", "San Lorenzo", "Austin, TX", "trip"]);
        let held = qualified_hold(spans.as_array().unwrap(), Qualifier::Required).unwrap();
        assert_eq!(held["anyOf"][0]["enum"], json!(["Austin, TX"]));
        let pattern = held["anyOf"][1]["pattern"].as_str().unwrap();
        assert!(pattern.starts_with("^(Austin|San Lorenzo), "), "{pattern}");
        let optional = qualified_hold(spans.as_array().unwrap(), Qualifier::Optional).unwrap();
        assert_eq!(optional["anyOf"][0]["enum"], spans);
        assert!(qualified_hold(&[json!("planning")], Qualifier::Required).is_none());
    }

    #[test]
    fn a_name_is_escaped_in_the_pattern() {
        let held = qualified_hold(&[json!("St. Louis")], Qualifier::Required).unwrap();
        assert_eq!(
            held,
            json!({"anyOf": [{"type": "string", "pattern":
            "^(St\\. Louis), [A-Z][A-Za-z.]*( [A-Z][A-Za-z.]*)?( [A-Z][A-Za-z.]*)?$"}]})
        );
    }
}
