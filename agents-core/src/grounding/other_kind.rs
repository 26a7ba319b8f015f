//! A value of another kind than its argument's: a date or a quantity where the argument names
//! neither ([`Recovery::other_kinds`], a piece of the small-model profile, checked with the
//! echo check).
//!
//! A small model fills the wrong argument with a value of the request: `"room": "21.5
//! degrees"`, `"station_id": "2027-07-19"`, `"deployment": "6 replicas"`, `"ticker":
//! "118.50"`, `"trigger_date": "30 days"`. Each is the user's, so no check of copied values
//! refuses it, and each is valid against a schema that asks for a string. But a date is no
//! room and a quantity is no ticker: where a free string argument (no `enum`, `format`,
//! `pattern`) holds a whole date (`2027-07-19`, `4 October 2027`) and neither its name nor
//! its description has a word of dates or times, or holds a quantity (a number with a unit,
//! `21.5 degrees`, `250 GBP`, or written with a separator or decimals, `2,500`, `118.50`) and
//! neither names a measure, or holds a quantity where its description asks for a date, or a
//! date where it asks for a time of day, the value is refused as the echo check refuses a copy
//! (the argument's error chain then asks for it again, or leaves an optional one out). Plain
//! digits (`9414290`, an identifier), ordinals (`3rd`), codes (`14C`, `7a`) and free-text
//! arguments (`query`, `message`, `note`) are never refused.
//!
//! [`Recovery::other_kinds`]: crate::model::Recovery::other_kinds

use std::sync::OnceLock;

use agents_json::DateForm;
use regex_lite::Regex;
use serde_json::Value;

/// Words of a name that say it may hold a date or a time.
#[rustfmt::skip]
const DATE_NAME_WORDS: &[&str] = &[
    "date", "dates", "time", "times", "day", "days", "when", "start", "end", "from", "to",
    "since", "until", "till", "deadline", "due", "period", "year", "month", "week", "datetime",
    "timestamp", "at", "on", "by", "begin", "check", "in", "out", "departure", "depart",
    "arrival", "arrive", "return", "birth", "birthday", "dob", "schedule", "scheduled",
    "expiry", "expires", "expiration", "valid", "after", "before", "effective", "publish",
    "published", "created", "updated", "modified", "window", "slot", "anniversary", "holiday",
    "season", "term", "semester", "quarter", "night", "nights", "morning", "evening",
];

/// Words of a description that say its argument may hold a date or a time.
#[rustfmt::skip]
const DATE_DESCRIPTION_WORDS: &[&str] = &[
    "date", "dates", "day", "days", "time", "when", "year", "month", "week", "deadline",
    "period", "timestamp", "datetime", "schedule", "birthday", "expiry", "anniversary",
];

/// Words of a name or a description that say its argument may hold a measure.
#[rustfmt::skip]
const MEASURE_WORDS: &[&str] = &[
    "amount", "quantity", "qty", "count", "number", "num", "total", "sum", "value", "measure",
    "measurement", "reading", "size", "dimension", "dimensions", "area", "volume", "capacity",
    "weight", "mass", "height", "width", "length", "depth", "distance", "radius", "altitude",
    "elevation", "duration", "time", "timeout", "delay", "ttl", "interval", "period", "age",
    "retention", "span", "window", "temperature", "temp", "setpoint", "humidity", "pressure",
    "power", "voltage", "current", "energy", "fuel", "mileage", "range", "speed", "pace",
    "rate", "frequency", "dose", "dosage", "strength", "concentration", "portion", "serving",
    "servings", "budget", "price", "cost", "fee", "tip", "discount", "tax", "salary", "pay",
    "wage", "balance", "limit", "cap", "quota", "threshold", "goal", "target", "increment",
    "step", "tolerance", "precision", "level", "score", "rating", "grade", "percent",
    "percentage", "ratio", "share", "stake", "margin", "padding", "offset", "spacing",
    "resolution", "storage", "memory", "disk", "ram", "bandwidth", "zoom", "money", "payment",
    "income", "revenue", "sales", "loan", "principal", "deposit", "withdrawal", "transfer",
    "bid", "offer", "estimate", "spec", "specs", "expression", "formula", "equation",
];

/// Words of a name that say its argument is free text, which may hold anything the user wrote.
#[rustfmt::skip]
pub(super) const TEXT_WORDS: &[&str] = &[
    "query", "text", "message", "content", "note", "notes", "body", "comment", "comments",
    "search", "prompt", "question", "keyword", "keywords", "answer", "string", "data",
    "instructions", "details", "description", "remarks", "memo", "caption", "phrase", "term",
];

pub(super) fn any_of(words: &[String], set: &[&str]) -> bool {
    words.iter().any(|w| set.contains(&w.as_str()))
}

/// Whether `value` is a quantity: a number with a unit (`21.5 degrees`, `250 GBP`, `30 days`,
/// `12,000 litres per hectare`, `$250`, `15%`), or written with a thousands separator or
/// decimals (`2,500`, `118.50`). Plain digits, ordinals and codes (`14C`, `7a`) are none.
fn is_quantity(value: &str) -> bool {
    static QUANTITY: OnceLock<Regex> = OnceLock::new();
    let quantity = QUANTITY.get_or_init(|| {
        Regex::new(
            r"^[$€£]?\s?[-+]?(?<int>\d{1,3}(?:,\d{3})+|\d+)(?<dec>\.\d+)?(?:\s*(?<sym>%|°[CF]?|[$€£])|\s?(?<unit>[A-Za-z]{2,})(?:\s+(?:per|a|an)\s+[A-Za-z]+)?)?$",
        )
        .expect("the quantity pattern is valid")
    });
    let value = value.trim();
    let Some(c) = quantity.captures(value) else {
        return false;
    };
    let ordinal = c
        .name("unit")
        .is_some_and(|u| matches!(u.as_str(), "st" | "nd" | "rd" | "th"));
    let separated = c.name("int").is_some_and(|i| i.as_str().contains(','));
    let unit =
        c.name("sym").is_some() || c.name("unit").is_some() || value.starts_with(['$', '€', '£']);
    !ordinal && (unit || separated || c.name("dec").is_some())
}

/// Whether `value` is a whole date (`2027-07-19`, `4 October 2027`), with or without a time.
fn is_date(value: &str) -> bool {
    let value = value.trim();
    let date_part = value.get(..10).filter(|d| DateForm::Date.holds(d));
    date_part.is_some() || agents_json::calendar_date(value).is_some()
}

/// What is wrong with `value`, held by the argument `name` whose schema is `property`, when it
/// is a value of another kind than the argument's (see the module's documentation): the
/// words the echo check's feedback says after the value.
pub(crate) fn other_kind(value: &str, name: &str, property: &Value) -> Option<&'static str> {
    if !agents_json::schema::is_free_string(property) {
        return None;
    }
    let name_words = crate::text::words(name);
    if any_of(&name_words, TEXT_WORDS) {
        return None;
    }
    let description = property
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let described = crate::text::words(description);
    let quantity = is_quantity(value);
    match agents_json::described_date_form(description) {
        Some(DateForm::Time { .. }) if is_date(value) && !value.contains(':') => {
            return Some("is a date, where a time of day is asked");
        }
        Some(_) if quantity => return Some("is a quantity, where a date is asked"),
        Some(_) => return None,
        None => {}
    }
    if is_date(value) && !any_of(&name_words, DATE_NAME_WORDS) {
        return (!any_of(&described, DATE_DESCRIPTION_WORDS))
            .then_some("is a date, and the argument asks for none");
    }
    if quantity && !any_of(&name_words, MEASURE_WORDS) && !any_of(&described, MEASURE_WORDS) {
        return Some("is a quantity, and the argument asks for none");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn described(description: &str) -> Value {
        json!({"type": "string", "description": description})
    }

    #[test]
    fn a_date_or_a_quantity_where_the_argument_names_neither_is_another_kind() {
        for (name, description, value) in [
            ("room", "Room the thermostat is in.", "21.5 degrees"),
            ("station_id", "Tide station identifier.", "2027-07-19"),
            ("event_id", "Event identifier.", "4 October 2027"),
            ("deployment", "Deployment name.", "6 replicas"),
            ("ticker", "Ticker symbol.", "118.50"),
            ("field_id", "Field identifier.", "12,000 litres per hectare"),
            ("from_account", "Account to debit.", "250 GBP"),
            ("input_path", "Path of the source video.", "2,500"),
            ("food", "Name of the food.", "150 grams"),
            (
                "trigger_date",
                "Date of the event in YYYY-MM-DD format.",
                "30 days",
            ),
            (
                "depart_after",
                "Earliest departure, in 24-hour HH:MM format.",
                "14 march 2027",
            ),
        ] {
            assert!(
                other_kind(value, name, &described(description)).is_some(),
                "{name}: {value}"
            );
        }
    }

    #[test]
    fn a_value_of_the_arguments_own_kind_or_free_text_is_not() {
        for (name, description, value) in [
            // Plain digits are identifiers as often as numbers.
            ("station_id", "Tide station identifier.", "9414290"),
            // Codes and ordinals.
            ("seat", "Seat designator, e.g. '12A'.", "14C"),
            ("grade", "Grade to convert, e.g. '7a'.", "7a"),
            ("floor", "Which floor.", "3rd"),
            // The name or the description names a date or a measure.
            ("sign_by", "Deadline for signing.", "2028-04-30"),
            ("check_in", "Arrival.", "2027-03-14"),
            ("dimensions", "Box size.", "20 cm"),
            ("spec", "The engine's rating.", "410 watts"),
            ("budget_note", "The budget.", "$250"),
            // Free text.
            ("query", "What to search for.", "2027-03-14"),
            ("message", "The message.", "30 days"),
            // A date where a date is asked, a version, an address.
            ("start", "Start in YYYY-MM-DD format.", "2027-03-14"),
            ("version", "Release.", "2.14.3"),
            ("host", "Server.", "203.0.113.45"),
        ] {
            assert_eq!(
                other_kind(value, name, &described(description)),
                None,
                "{name}: {value}"
            );
        }
    }

    #[test]
    fn an_argument_with_choices_or_a_pattern_is_never_refused_here() {
        let property = json!({"type": "string", "enum": ["2 replicas", "3 replicas"]});
        assert_eq!(other_kind("2 replicas", "deployment", &property), None);
        let property = json!({"type": "string", "pattern": "^.*$"});
        assert_eq!(other_kind("2 replicas", "deployment", &property), None);
    }

    #[test]
    fn quantities_are_read_as_people_write_them() {
        for q in [
            "21.5 degrees",
            "250 GBP",
            "2,500",
            "118.50",
            "$250",
            "15%",
            "30 days",
        ] {
            assert!(is_quantity(q), "{q}");
        }
        for q in ["9414290", "1st", "14C", "7a", "2.14.3", "KV21", "two", ""] {
            assert!(!is_quantity(q), "{q}");
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any value, name and description: reading never panics, and free-text names
            /// are never refused.
            #[test]
            fn no_value_panics_and_free_text_holds_anything(
                value in "\\PC{0,40}",
                name in "[a-zA-Z_]{0,16}",
                description in "\\PC{0,60}",
            ) {
                let _ = other_kind(&value, &name, &described(&description));
                prop_assert_eq!(other_kind(&value, "query", &described(&description)), None);
            }
        }
    }
}
