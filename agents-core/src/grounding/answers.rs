//! Questions about the user's words, and reading their answers held to those words: what the
//! `ask_values` repair step asks (the argument's shape and choices, in words) and takes (a
//! value the user's words hold, read as the schema wants it).

use serde_json::Value;

use super::Told;
use super::numbers::number_runs;
use crate::model::{MAX_LISTED_CHOICES, concrete, main_type};

/// What an answer says when the text does not give the value (the question's instructions).
pub(crate) const NONE: &str = "none";

/// The choices of an `enum` argument as they are written (strings as they are, others as JSON),
/// without `null` (an optional argument's "not given", which an answer says as `none`).
pub(crate) fn choices_of(root: &Value, property: &Value) -> Option<Vec<String>> {
    let choices = concrete(root, property).get("enum")?.as_array()?;
    Some(
        choices
            .iter()
            .filter(|c| !c.is_null())
            .map(|c| c.as_str().map_or_else(|| c.to_string(), str::to_owned))
            .collect(),
    )
}

/// What a value of `property` is, in words for the question; `None` for an object (asked
/// for as a whole it would be JSON, which is what the call already failed at).
pub(crate) fn shape_words(root: &Value, property: &Value) -> Option<String> {
    let schema = concrete(root, property);
    let shape = if let Some(listed) = choices_of(root, property) {
        if listed.len() <= MAX_LISTED_CHOICES {
            format!("one of {}", listed.join(", "))
        } else {
            "text".to_owned()
        }
    } else {
        match main_type(schema) {
            Some("integer" | "number") => "a number".to_owned(),
            Some("boolean") => "yes or no".to_owned(),
            Some("array") => {
                let items = schema.get("items").map(|i| concrete(root, i));
                match items.and_then(main_type) {
                    Some("integer" | "number") => "a list of numbers".to_owned(),
                    Some("object") | Some("array") => return None,
                    _ => "a list".to_owned(),
                }
            }
            Some("object") => return None,
            _ => match schema.get("format").and_then(Value::as_str) {
                Some("date") => "a date, YYYY-MM-DD".to_owned(),
                Some("time") => "a time, HH:MM".to_owned(),
                Some("date-time") => "a date and time".to_owned(),
                _ => "text".to_owned(),
            },
        }
    };
    let description = property
        .get("description")
        .or_else(|| schema.get("description"))
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|d| !d.is_empty() && d.len() <= 120);
    Some(match description {
        Some(d) => format!("{shape}: {d}"),
        None => shape,
    })
}

/// The answer as a value of `property`: a number read out of the answer's words
/// (`42 km` → 42, `fifty dollars` → 50, `$1,200` → 1200), a list split at its commas and
/// `and`s, `yes`/`no` as a boolean, a choice of an `enum` as the schema writes it, anything
/// else as text (coercion and validation then judge it like any argument). `None` when the
/// answer gives no such value, a number the argument cannot take (not whole for an integer,
/// out of its bounds), or one the user's words do not hold (a choice is held to its
/// list instead: asked which unit, a small model may answer with the number).
pub(crate) fn value_for(
    root: &Value,
    property: &Value,
    answer: &str,
    told: &Told,
) -> Option<Value> {
    let schema = concrete(root, property);
    if schema.get("enum").is_some() {
        // Matched to a choice as coercion matches any argument's (ignoring case), else none.
        return longest_part(answer, |part| {
            crate::json::coerce(Value::String(part.to_owned()), schema)
                .ok()
                .map(|c| c.value)
        });
    }
    match main_type(schema) {
        Some("integer" | "number") => {
            let (number, written) = leading_number(answer)?;
            let x = number.as_f64()?;
            // A number the argument cannot take (`9.8` for an integer, one out of its bounds)
            // is no answer: taken, the call would fail on a value the model never wrote.
            let given = told.has(written) || told.has_number(x);
            (given && agents_json::schema::takes_number(schema, x)).then_some(Value::Number(number))
        }
        Some("boolean") => match answer.to_ascii_lowercase().as_str() {
            "yes" | "true" => Some(Value::Bool(true)),
            "no" | "false" => Some(Value::Bool(false)),
            _ => None,
        },
        Some("array") => {
            let item = schema.get("items").unwrap_or(&Value::Null);
            let items: Option<Vec<Value>> = list_items(answer)
                .into_iter()
                .map(|i| value_for(root, item, i, told))
                .collect();
            items.filter(|items| !items.is_empty()).map(Value::Array)
        }
        _ => longest_part(answer, |part| {
            told.has(part).then(|| Value::String(part.to_owned()))
        }),
    }
}

/// At most this many words of an answer are looked through for a part: an answer is a value,
/// and the search is quadratic in its words.
const MAX_ANSWER_WORDS: usize = 16;

/// What `take` makes of the whole answer, else of its longest run of whole words that it
/// takes (the first of the longest), trimmed of punctuation at its ends, neither starting nor
/// ending with a word that frames a request ([`is_framing`](super::spans::is_framing)).
///
/// Asked for one value, a small model says more than the value: a city with the state the
/// description's example shows (`Seattle, WA` for a user who wrote "Seattle"), a choice with
/// the words around it (`violin lessons in Nashville`). Taken whole, such an answer is not the
/// user's words and is no answer; its part that is, is (measured in docs/small-models.md).
fn longest_part<T>(answer: &str, mut take: impl FnMut(&str) -> Option<T>) -> Option<T> {
    let whole = answer.trim();
    if let Some(value) = take(whole) {
        return Some(value);
    }
    let words: Vec<(usize, &str)> = whole
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - whole.as_ptr() as usize, w))
        .take(MAX_ANSWER_WORDS)
        .collect();
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_owned();
    for len in (1..=words.len()).rev() {
        for run in words.windows(len) {
            let (Some(&(start, _)), Some(&(last, last_word))) = (run.first(), run.last()) else {
                continue;
            };
            let part =
                whole[start..last + last_word.len()].trim_matches(|c: char| !c.is_alphanumeric());
            let framed = [run[0].1, last_word]
                .iter()
                .any(|w| super::spans::is_framing(&bare(w)));
            if part.is_empty() || part == whole || framed {
                continue;
            }
            if let Some(value) = take(part) {
                return Some(value);
            }
        }
    }
    None
}

/// The items of a list as written: split at `,` followed by a space (`1,200` is one number),
/// `;`, and `and`.
fn list_items(answer: &str) -> Vec<&str> {
    let mut items = Vec::new();
    for part in answer.split(';') {
        for piece in split_comma_space(part) {
            for item in piece.split(" and ") {
                let item = item.trim().trim_start_matches("and ").trim();
                let item = item.trim_matches(|c| matches!(c, '"' | '\'' | '.'));
                if !item.is_empty() {
                    items.push(item);
                }
            }
        }
    }
    items
}

fn split_comma_space(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        if *b == b',' && bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()) {
            out.push(&text[start..i]);
            start = i + 1;
        }
    }
    out.push(&text[start..]);
    out
}

/// The first number an answer gives, and the words that give it (`42 km`, `fifty dollars`,
/// `$1,200`, `1.5 million yen`).
fn leading_number(answer: &str) -> Option<(serde_json::Number, &str)> {
    number_runs(answer).next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lists_split_at_their_commas_and_ands_but_not_inside_numbers() {
        assert_eq!(
            list_items("Wonderwall, Creep, Zombie and Torn"),
            ["Wonderwall", "Creep", "Zombie", "Torn"]
        );
        assert_eq!(list_items("1,200, 1,800"), ["1,200", "1,800"]);
        assert_eq!(list_items("'Yellow'"), ["Yellow"]);
        let numbers = json!({"type": "array", "items": {"type": "number"}});
        let told = Told::new("the average of three, five and ten");
        assert_eq!(
            value_for(&json!({}), &numbers, "three, five, and ten", &told),
            Some(json!([3, 5, 10]))
        );
    }

    /// An answer the user's words do not hold is no answer: a small model asked for what the
    /// request does not say answers something all the same.
    #[test]
    fn only_values_from_the_users_words_are_taken() {
        let root = json!({});
        let told = Told::new("Book a table at Nonna Rosa for four, $1,200 budget");
        let text = json!({"type": "string"});
        let number = json!({"type": "integer"});
        let list = json!({"type": "array", "items": {"type": "string"}});
        let value = |p: &Value, a: &str| value_for(&root, p, a, &told);
        assert_eq!(value(&text, "nonna rosa"), Some(json!("nonna rosa")));
        assert_eq!(value(&text, "555-0142"), None);
        assert_eq!(value(&text, "Nonna"), Some(json!("Nonna")));
        assert_eq!(value(&text, "Ros"), None, "a whole token, not part of one");
        assert_eq!(value(&number, "4"), Some(json!(4)), "four, in words");
        assert_eq!(value(&number, "four people"), Some(json!(4)));
        assert_eq!(value(&number, "1200 dollars"), Some(json!(1200)));
        assert_eq!(value(&number, "12"), None);
        assert_eq!(
            value(&text, "BOOK"),
            None,
            "an answer in capitals is a placeholder's form, not the user's \"Book\""
        );
        assert_eq!(
            value(&list, "Nonna Rosa, pizza"),
            None,
            "every item, or none"
        );
    }

    /// A number the user gave that the argument cannot take is no answer: asked for an integer
    /// initial velocity of "started from rest at 9.8 m/s^2 for 5 seconds", a small model answers
    /// `9.8 m/s^2`; taken, the call would fail on a value the model never wrote.
    #[test]
    fn a_number_the_argument_cannot_take_is_no_answer() {
        let told = Told::new("it started from rest at 9.8 m/s^2 for 5 seconds");
        let whole = json!({"type": "integer", "minimum": 1});
        let value = |p: &Value, a: &str| value_for(&json!({}), p, a, &told);
        assert_eq!(value(&whole, "9.8 m/s^2"), None, "not whole");
        assert_eq!(value(&whole, "5 seconds"), Some(json!(5)));
        assert_eq!(value(&json!({"type": "number"}), "9.8"), Some(json!(9.8)));
        assert_eq!(
            value(&json!({"type": "number", "maximum": 5}), "9.8"),
            None,
            "out of its bounds"
        );
    }

    /// An answer that says more than the value (the state after the city the user named, a
    /// choice with the words around it) gives its longest part the user's words hold (or
    /// that is a choice), not framed by an article or a preposition; a part nobody gave is
    /// still no answer.
    #[test]
    fn the_longest_part_of_an_answer_the_users_words_hold_is_taken() {
        let root = json!({});
        let told = Told::new("I want a seafood restaurant in New York that seats 5.");
        let text = json!({"type": "string"});
        let value = |p: &Value, a: &str| value_for(&root, p, a, &told);
        assert_eq!(value(&text, "New York, NY"), Some(json!("New York")));
        assert_eq!(
            value(&text, "a seafood restaurant nearby"),
            Some(json!("seafood restaurant"))
        );
        assert_eq!(
            value(&text, "in New York, NY"),
            Some(json!("New York")),
            "not `in New York`"
        );
        assert_eq!(value(&text, "Boston, MA"), None, "no part given");
        assert_eq!(
            value(&text, "in the"),
            None,
            "framing words alone are no value"
        );
        assert_eq!(
            value(&text, "SEAFOOD RESTAURANT"),
            None,
            "capitals stay a placeholder"
        );
        let lessons = json!({"type": "array", "items": {"type": "string",
            "enum": ["Guitar Lessons", "Violin Lessons"]}});
        let told = Told::new("a local guitar shop that also offers violin lessons in Nashville");
        assert_eq!(
            value_for(&root, &lessons, "violin lessons in Nashville", &told),
            Some(json!(["Violin Lessons"]))
        );
    }

    /// A choice is taken as the schema writes it, and only if it is one.
    #[test]
    fn a_choice_is_one_of_the_list_or_no_answer() {
        let unit = json!({"type": "string", "enum": ["kilometers", "miles"]});
        let told = Told::new("how many miles is 42 km");
        let value = |a: &str| value_for(&json!({}), &unit, a, &told);
        assert_eq!(value("Miles"), Some(json!("miles")));
        assert_eq!(value("kilometers"), Some(json!("kilometers")));
        assert_eq!(value("42"), None);
        assert_eq!(value("km"), None);
    }

    #[test]
    fn shapes_say_what_a_value_is() {
        let root = json!({
            "$defs": {"Cabin": {"type": "string", "enum": ["economy", "business"]}},
        });
        let shape = |p: Value| shape_words(&root, &p);
        assert_eq!(
            shape(json!({"type": "integer"})).as_deref(),
            Some("a number")
        );
        assert_eq!(
            shape(json!({"anyOf": [{"$ref": "#/$defs/Cabin"}, {"type": "null"}]})).as_deref(),
            Some("one of economy, business")
        );
        assert_eq!(
            shape(json!({"type": ["string", "null"], "format": "date"})).as_deref(),
            Some("a date, YYYY-MM-DD")
        );
        assert_eq!(
            shape(json!({"type": "string", "description": "the restaurant's name"})).as_deref(),
            Some("text: the restaurant's name")
        );
        assert_eq!(shape(json!({"type": "object"})), None);
    }
}
