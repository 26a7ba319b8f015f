//! A currency the user never wrote, set to the one they did ([`Recovery::told_currencies`], a
//! piece of the small-model profile).
//!
//! A small model fills a currency code from its habits, not from the request: "total 4,750
//! GBP" became `{"currency": "USD"}`, "€150" `{"currency": "150"}`, and a conversion "from
//! Swiss francs (CHF) to US dollars (USD)" `{"from_currency": "USD", "to_currency": "USD"}`.
//! The user's currencies are read as they write them: a code (`GBP`, `chf`), a name the
//! standard-code tables know (`Swiss francs`, `japanese yen`) or a symbol that stands for one
//! currency (`€`, `£`, `₹`, `US$`, `C$`); a bare `$`, which several currencies use, stands for
//! none, though it lets a dollar code stand. Where a string's description asks for an ISO 4217
//! code (as `standard_codes` reads descriptions), free or with choices (`enum`, which must hold
//! the user's currency):
//!
//! - a value that is no currency the user wrote takes the one currency of theirs that no other
//!   such argument holds;
//! - a range's two ends (`from_currency`/`to_currency`, `base`/`quote`, named as `date_ranges`
//!   names ranges) holding one currency, where the user wrote exactly two and that one is of
//!   them, take the two in the order the user wrote them.
//!
//! Nothing else is guessed: a user who wrote no currency, or two that no argument holds, leaves
//! the value as it is; so do two ends that differ (the user may have written the target first,
//! "how many euros is 10,000 yen").
//!
//! [`Recovery::told_currencies`]: crate::model::Recovery::told_currencies

use serde_json::{Map, Value};

use super::{Standard, asked, currencies::CURRENCIES};
use crate::grounding::date_ranges::is_range;
use crate::grounding::narrowed::{argument_schema, is_free_string_argument};

/// A currency argument set to a currency the user wrote.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CurrencyTold {
    /// The argument.
    pub argument: String,
    /// The value it held.
    pub value: String,
    /// The code it now holds.
    pub code: String,
    /// How the user wrote the currency (`€`, `Swiss francs`, `GBP`).
    pub written: String,
}

impl From<CurrencyTold> for crate::event::ArgumentChange {
    fn from(c: CurrencyTold) -> Self {
        crate::event::ArgumentChange::CurrencyTold {
            argument: c.argument,
            value: c.value,
            code: c.code,
            written: c.written,
        }
    }
}

/// Symbols that each stand for one currency. Those holding letters are read only where no
/// letter or digit comes before them (`US$`, not the `S$` inside it).
const SYMBOLS: [(&str, &str); 13] = [
    ("€", "EUR"),
    ("£", "GBP"),
    ("₹", "INR"),
    ("₩", "KRW"),
    ("₺", "TRY"),
    ("₽", "RUB"),
    ("₪", "ILS"),
    ("US$", "USD"),
    ("C$", "CAD"),
    ("A$", "AUD"),
    ("NZ$", "NZD"),
    ("HK$", "HKD"),
    ("S$", "SGD"),
];

/// The codes a bare `$` may stand for: a value holding one of them is one the user wrote.
const DOLLARS: [&str; 8] = ["USD", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD", "MXN"];

/// Codes that are also English words, read as codes only in capitals.
const WORDS: [&str; 2] = ["try", "mad"];

/// A currency the user wrote: its code and the words they wrote it in.
#[derive(Debug, Clone, PartialEq)]
struct Written {
    code: String,
    written: String,
}

/// Sets every top-level free string of `args` (a call to a tool with parameters `schema`) whose
/// description asks for a currency's ISO 4217 code to the currency the user wrote (in `told`),
/// as the module says. Returns what was set, in argument order.
pub(crate) fn set_told_currencies(
    args: &mut Value,
    schema: &Value,
    told: &str,
) -> Vec<CurrencyTold> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let names: Vec<String> = members
        .iter()
        .filter(|(name, value)| value.is_string() && asks_currency(schema, name))
        .map(|(name, _)| name.clone())
        .collect();
    if names.is_empty() {
        return Vec::new();
    }
    let written = written_currencies(told);
    if written.is_empty() {
        return Vec::new();
    }
    let dollar = told.contains('$');
    let mut out = Vec::new();
    set_range_ends(members, schema, &names, &written, &mut out);
    for name in &names {
        let held = held_code(members, name);
        let was_written = held.as_deref().is_some_and(|code| {
            written.iter().any(|w| w.code == code) || (dollar && DOLLARS.contains(&code))
        });
        if was_written {
            continue;
        }
        let others: Vec<String> = names
            .iter()
            .filter(|other| *other != name)
            .filter_map(|other| held_code(members, other))
            .collect();
        let mut left = written
            .iter()
            .filter(|w| !others.contains(&w.code) && allowed(schema, name, &w.code).is_some());
        let (Some(only), None) = (left.next(), left.next()) else {
            continue;
        };
        set(members, schema, name, only, &mut out);
    }
    out
}

/// Two ends of a range holding one currency of the two the user wrote: set in the order the
/// user wrote them.
fn set_range_ends(
    members: &mut Map<String, Value>,
    schema: &Value,
    names: &[String],
    written: &[Written],
    out: &mut Vec<CurrencyTold>,
) {
    let [first, second] = written else {
        return;
    };
    for start in names {
        for end in names.iter().filter(|end| is_range(start, end)) {
            let (Some(a), Some(b)) = (held_code(members, start), held_code(members, end)) else {
                continue;
            };
            if a != b || (a != first.code && a != second.code) {
                continue;
            }
            if a != first.code {
                set(members, schema, start, first, out);
            } else {
                set(members, schema, end, second, out);
            }
        }
    }
}

/// Sets `name` to the currency `to`, as its choices write it, noting it in `out`; not where
/// its choices (`enum`) leave it out.
fn set(
    members: &mut Map<String, Value>,
    schema: &Value,
    name: &str,
    to: &Written,
    out: &mut Vec<CurrencyTold>,
) {
    let Some(code) = allowed(schema, name, &to.code) else {
        return;
    };
    let value = members
        .get(name)
        .and_then(Value::as_str)
        .unwrap_or_default();
    out.push(CurrencyTold {
        argument: name.to_owned(),
        value: value.to_owned(),
        code: code.clone(),
        written: to.written.clone(),
    });
    members.insert(name.to_owned(), Value::String(code));
}

/// The currency `code` as the argument `name` takes it: as written where its schema lists no
/// choices, else the choice that is `code` (any case), if any.
fn allowed(schema: &Value, name: &str, code: &str) -> Option<String> {
    let property = argument_schema(schema, name)?;
    match property.get("enum").and_then(Value::as_array) {
        None => Some(code.to_owned()),
        Some(choices) => choices
            .iter()
            .filter_map(Value::as_str)
            .find(|c| c.eq_ignore_ascii_case(code))
            .map(str::to_owned),
    }
}

/// Whether the argument `name` is a string, free or with choices (`enum`) but no other shape,
/// whose description asks for an ISO 4217 code.
fn asks_currency(schema: &Value, name: &str) -> bool {
    let Some(property) = argument_schema(schema, name) else {
        return false;
    };
    let description = property.get("description").and_then(Value::as_str);
    let string = property.get("type").and_then(Value::as_str) == Some("string");
    let shaped = ["const", "format", "pattern"]
        .iter()
        .any(|k| property.get(*k).is_some());
    (is_free_string_argument(schema, name) || (string && !shaped))
        && description.and_then(asked) == Some(Standard::Currency)
}

/// The currency the argument `name` holds, as a code: its value in capitals where it is three
/// letters, else the code of the currency it names.
fn held_code(members: &Map<String, Value>, name: &str) -> Option<String> {
    let text = members.get(name)?.as_str()?.trim();
    if text.len() == 3 && text.chars().all(|c| c.is_ascii_alphabetic()) {
        return Some(text.to_ascii_uppercase());
    }
    Standard::Currency.code_of(text)
}

/// The currencies `told` writes, each once, in the order first written.
fn written_currencies(told: &str) -> Vec<Written> {
    let mut found: Vec<(usize, Written)> = Vec::new();
    let mut note = |at: usize, code: &str, written: &str| {
        found.push((
            at,
            Written {
                code: code.to_owned(),
                written: written.to_owned(),
            },
        ));
    };
    for (symbol, code) in SYMBOLS {
        for (at, _) in told.match_indices(symbol) {
            let after_word = told[..at]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric);
            let lettered = symbol.chars().any(char::is_alphabetic);
            if !(lettered && after_word) {
                note(at, code, symbol);
            }
        }
    }
    let words = words_at(told);
    for &(at, word) in &words {
        let upper = word.to_ascii_uppercase();
        let capitals = word == upper;
        let is_code = word.len() == 3 && CURRENCIES.iter().any(|(_, code)| *code == upper);
        if is_code && (capitals || !WORDS.contains(&word)) {
            note(at, &upper, word);
        }
    }
    // Names, as runs of whole words (`swiss francs`, `yen`).
    let lower: Vec<String> = words.iter().map(|(_, w)| w.to_lowercase()).collect();
    for (name, code) in CURRENCIES {
        let name_words: Vec<&str> = name.split(' ').collect();
        for start in 0..lower.len() {
            let run = lower.get(start..start + name_words.len());
            if run.is_some_and(|run| run.iter().zip(&name_words).all(|(a, b)| a == b)) {
                let (at, _) = words[start];
                let (last_at, last) = words[start + name_words.len() - 1];
                note(at, code, &told[at..last_at + last.len()]);
            }
        }
    }
    found.sort_by_key(|(at, _)| *at);
    let mut out: Vec<Written> = Vec::new();
    for (_, w) in found {
        if !out.iter().any(|o| o.code == w.code) {
            out.push(w);
        }
    }
    out
}

/// The words of `text` (runs of letters and digits), each with the byte offset it starts at.
fn words_at(text: &str) -> Vec<(usize, &str)> {
    crate::text::runs(text, char::is_alphanumeric)
        .into_iter()
        .map(|r| (r.start, &text[r]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "amount": {"type": "number", "description": "Amount."},
            "currency": {"type": "string", "description": "ISO 4217 currency code."},
            "from_currency": {"type": "string", "description": "Three-letter ISO 4217 code of the source currency."},
            "to_currency": {"type": "string", "description": "ISO 4217 code of the target currency."},
            "pay_currency": {"type": "string", "description": "ISO 4217 code of the amount.",
                             "enum": ["USD", "EUR", "GBP"]},
            "note": {"type": "string", "description": "A note."}
        }})
    }

    fn set(args: Value, told: &str) -> (Value, Vec<CurrencyTold>) {
        let mut args = args;
        let out = set_told_currencies(&mut args, &schema(), told);
        (args, out)
    }

    #[test]
    fn a_currency_the_user_never_wrote_takes_the_one_they_did() {
        for (held, told, code) in [
            (
                "USD",
                "invoice client CL-8 for the logo, total 4,750 GBP",
                "GBP",
            ),
            ("150", "a monthly gift of €150 from Ann Lee", "EUR"),
            ("USD", "move £2,000 to savings", "GBP"),
            ("JPY", "pay the 300 swiss francs deposit", "CHF"),
            ("dollars", "send 90 NZ$ to Kiri", "NZD"),
        ] {
            let (args, out) = set(json!({"currency": held}), told);
            assert_eq!(args["currency"], code, "{told}");
            assert_eq!(out.len(), 1);
        }
        let (_, out) = set(json!({"currency": "USD"}), "a gift of €150");
        assert_eq!(out[0].written, "€");
        assert_eq!(out[0].value, "USD");
    }

    #[test]
    fn a_currency_with_choices_takes_the_users_where_it_is_one_of_them() {
        let (args, out) = set(json!({"pay_currency": "USD"}), "send €45 to Jonas");
        assert_eq!(args["pay_currency"], "EUR");
        assert_eq!(out.len(), 1);
        let (args, out) = set(json!({"pay_currency": "USD"}), "send 45 CHF to Jonas");
        assert_eq!(args["pay_currency"], "USD");
        assert!(out.is_empty());
    }

    #[test]
    fn range_ends_holding_one_currency_take_the_two_in_written_order() {
        let told = "Convert 15,000 Swiss francs (CHF) to US dollars (USD).";
        let (args, out) = set(json!({"from_currency": "USD", "to_currency": "USD"}), told);
        assert_eq!(args, json!({"from_currency": "CHF", "to_currency": "USD"}));
        assert_eq!(out.len(), 1);
        let told = "How much is 2,450.75 euros in Japanese yen? Please convert EUR to JPY.";
        let (args, _) = set(json!({"from_currency": "EUR", "to_currency": "EUR"}), told);
        assert_eq!(args, json!({"from_currency": "EUR", "to_currency": "JPY"}));
        // One end no currency of the user's: the one no other end holds.
        let (args, _) = set(json!({"from_currency": "USD", "to_currency": "JPY"}), told);
        assert_eq!(args, json!({"from_currency": "EUR", "to_currency": "JPY"}));
    }

    #[test]
    fn nothing_is_guessed() {
        for (args, told) in [
            // Written by the user, as a code, a name or a bare dollar sign.
            (json!({"currency": "gbp"}), "total 4,750 GBP"),
            (json!({"currency": "USD"}), "a $40 gift card"),
            (json!({"currency": "CAD"}), "a $40 gift card, not in euros"),
            // No currency written, or two the argument could take.
            (json!({"currency": "USD"}), "a 40 unit gift card"),
            (json!({"currency": "USD"}), "pay €40 or £35"),
            // Ends that differ: the user may have written the target first.
            (
                json!({"from_currency": "JPY", "to_currency": "EUR"}),
                "how many euros is 10,000 yen",
            ),
            // No currency asked for; a word that is a code only in capitals.
            (json!({"note": "USD"}), "total 4,750 GBP"),
            (json!({"currency": "USD"}), "try the 20 dollar one"),
        ] {
            let (after, out) = set(args.clone(), told);
            assert!(out.is_empty(), "{args} / {told}: {out:?}");
            assert_eq!(after, args);
        }
    }

    #[test]
    fn currencies_are_read_as_people_write_them() {
        let codes = |told: &str| -> Vec<String> {
            written_currencies(told)
                .into_iter()
                .map(|w| w.code)
                .collect()
        };
        assert_eq!(codes("US$ 40 or €35 or 20 chf"), ["USD", "EUR", "CHF"]);
        assert_eq!(codes("40 US$"), ["USD"]);
        assert_eq!(codes("from japanese yen into Euros"), ["JPY", "EUR"]);
        assert_eq!(codes("i'll try TRY"), ["TRY"]);
        assert!(codes("a $40 card").is_empty());
    }

    proptest::proptest! {
        #[test]
        fn no_text_panics(told in "\\PC{0,40}", held in "\\PC{0,6}") {
            let mut args = json!({"currency": held, "from_currency": "EUR", "to_currency": "EUR"});
            set_told_currencies(&mut args, &schema(), &told);
        }
    }
}
