//! A value that is only its argument's own name (`"location": "location"`,
//! `"room_type": "room"`): a placeholder, not a value.
//!
//! The prompted client's made-up example writes each argument's name in capitals where a value
//! goes (`"location": "LOCATION"`), so that the model sees the call's shape without a value it
//! could copy. A small model still copies it, and held to the user's words it writes the word of
//! the request nearest the placeholder: "I want to find 5 restaurants nearby my location,
//! Manhattan" became `"location": "location"`. On BFCL's development questions (docs/EVAL.md),
//! 4 of 124 prevention calls ran with such a value, all wrong. The echo check refuses it
//! (`echo.rs`), and a value held to the user's words is not offered such a span (`spans.rs`).
//!
//! The called tool's name is no value either (`"location": "grocery"` for
//! `grocery_store.find_best`, `"location": "temperature"` for `average_temperature`): held to
//! the user's words after copying a placeholder, a small model writes the word of the request
//! that names the tool. On BFCL's development questions 40 of 606 logged runs' first calls held
//! such a value (36 of them in prevention mode), none right. With the small-model profile's
//! [`skip_tool_words`](crate::model::Recovery::skip_tool_words), a held string is not offered
//! a span made only of the tool's name's words (`spans.rs`). The echo check does not refuse
//! such a value: the user did write the word.

/// The lowercased words of an argument's name ([`crate::text::words`]: `roomType`,
/// `ESRB_rating`).
pub(super) fn name_words(name: &str) -> Vec<String> {
    crate::text::words(name)
}

/// The stemmed words of a name ([`name_words`], each through [`stem`]).
pub(super) fn name_stems(name: &str) -> Vec<String> {
    name_words(name).iter().map(|w| stem(w)).collect()
}

/// A plural's `s` dropped (`years`, `bedrooms`): enough to match a name's word to the text's.
pub(super) fn stem(word: &str) -> String {
    match word.strip_suffix('s') {
        Some(stem) if stem.len() >= 3 && !stem.ends_with('s') => stem.to_owned(),
        _ => word.to_owned(),
    }
}

/// Whether `value` is made only of words of `tool`'s name, plurals alike (`"grocery"` and
/// `"grocery store"` for `grocery_store.find_best`, `"concerts"` for `concert.find_nearby`),
/// and has at least one.
pub(crate) fn is_tool_words(value: &str, tool: &str) -> bool {
    let tool = name_stems(tool);
    let words = name_stems(value);
    !words.is_empty() && words.iter().all(|w| tool.contains(w))
}

/// Whether the span `span` of the user's words starts or ends with a word of `name` (a tool's
/// name, or an argument's) written in lower case (`"specs ACHD"` for `raptor.mpn.specs`,
/// `"grocery store closest to Berkeley"` for `grocery_store.find_best`, `"directed by Edgar
/// Wright"` for `directed_by`, `"model vikhyatk/moondream2"` for `model`): held to the spans, a
/// small model writes the word that names the tool or the argument and goes on with the value
/// after it. A word written with a capital is a name (`"Hotel Paradise"` for `book_hotel`).
pub(crate) fn is_framed_by_name_words(span: &str, name: &str) -> bool {
    let name = name_stems(name);
    let lower_name_word = |w: &str| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        w.starts_with(char::is_lowercase) && name.contains(&stem(&w.to_lowercase()))
    };
    let mut words = span.split_whitespace();
    let first = words.next();
    let last = words.next_back();
    first.is_some_and(lower_name_word) || last.is_some_and(lower_name_word)
}

/// The argument a field path names last: `trip.from` is `from`, `songs[1]` is `songs`.
pub(super) fn last_name(field_path: &str) -> &str {
    let last = field_path.rsplit('.').next().unwrap_or(field_path);
    last.split('[').next().unwrap_or(last)
}

/// Whether `value` is made only of words of the name of the argument at `field_path`
/// (`"location"` at `location`, `"Room"` at `hotel.room_type`), and has at least one.
pub(crate) fn is_own_name(value: &str, field_path: &str) -> bool {
    let name = name_words(last_name(field_path));
    let mut words = value
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .peekable();
    words.peek().is_some() && words.all(|w| name.contains(&w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_of_words_of_its_own_name_is_the_name() {
        for (value, path) in [
            ("location", "location"),
            ("Location", "location"),
            ("room", "room_type"),
            ("room type", "room_type"),
            ("fuel", "fuelType"),
            ("ESRB", "ESRB_rating"),
            ("detail", "report.detail_level"),
            ("tag", "tag[2]"),
        ] {
            assert!(is_own_name(value, path), "{value} at {path}");
        }
    }

    #[test]
    fn a_value_of_words_of_its_tools_name_is_the_tool() {
        for (value, tool) in [
            ("grocery", "grocery_store.find_best"),
            ("Grocery Store", "grocery_store.find_best"),
            ("concerts", "concert.find_nearby"),
            ("find", "find_restaurant"),
            ("Time", "get_current_time"),
            ("fMRI", "fMRI.analyze"),
            ("stocks", "getStockInfo"),
        ] {
            assert!(is_tool_words(value, tool), "{value} for {tool}");
        }
        for (value, tool) in [
            ("Berkeley", "grocery_store.find_best"),
            ("grocery in Berkeley", "grocery_store.find_best"),
            ("jazz concerts", "concert.find_nearby"),
            ("", "find_restaurant"),
            ("- ", "find_restaurant"),
            ("weather", "forecast"),
        ] {
            assert!(!is_tool_words(value, tool), "{value} for {tool}");
        }
    }

    #[test]
    fn a_span_that_starts_or_ends_with_a_lower_case_word_of_a_name_is_framed_by_it() {
        for (span, tool) in [
            ("specs ACHD", "raptor.mpn.specs"),
            (
                "grocery store closest to Berkeley",
                "grocery_store.find_best",
            ),
            ("jazz concerts", "concert.find_nearby"),
            ("todo", "todo"),
            ("directed by Edgar Wright", "directed_by"),
            ("model vikhyatk/moondream2", "model"),
            ("content go", "Content"),
        ] {
            assert!(is_framed_by_name_words(span, tool), "{span} for {tool}");
        }
        for (span, tool) in [
            ("ACHD", "raptor.mpn.specs"),
            ("Hotel Paradise", "book_hotel"),
            ("Hilton Hotel", "book_hotel"),
            (
                "closest grocery store in Berkeley",
                "grocery_store.find_best",
            ),
            ("", "todo"),
            ("Edgar Wright", "directed_by"),
            ("go to sleep at 9 pm", "content"),
        ] {
            assert!(!is_framed_by_name_words(span, tool), "{span} for {tool}");
        }
    }

    #[test]
    fn a_value_with_a_word_of_its_own_is_a_value() {
        for (value, path) in [
            ("Manhattan", "location"),
            ("my location", "location"),
            ("luxury room", "room_type"),
            ("", "location"),
            ("  ", "location"),
            ("12", "location"),
            ("types", "room_type"),
            ("diesel", "fuel_type"),
        ] {
            assert!(!is_own_name(value, path), "{value} at {path}");
        }
    }
}
