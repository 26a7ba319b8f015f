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

/// The lowercased words of an argument's name: split at `_`, `-`, blanks and where a lower case
/// letter meets an upper case one (`roomType`, `ESRB_rating`).
pub(super) fn name_words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        prev_lower = c.is_lowercase() || c.is_numeric();
        word.extend(c.to_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// The argument a field path names last: `trip.from` is `from`, `songs[1]` is `songs`.
fn last_name(field_path: &str) -> &str {
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
