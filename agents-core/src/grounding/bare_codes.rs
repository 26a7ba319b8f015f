//! An identifier holding the user's words around its code, set to the code alone
//! ([`Recovery::bare_codes`], a piece of the small-model profile).
//!
//! A small model asked for an identifier copies the words around it along with it: `"VIN for
//! me: 1HGCM82633A004352 thx"` for `vin`, `"4471093 - the standard extension is fine"` for
//! `card_number`. Where a free string argument whose name says it is an identifier (`id`,
//! `number`, `code`, `sku`, `vin`, `zip`, `postcode`, `barcode`, `reference`, `tracking`,
//! `plate`, `registration`, `serial`, `isbn`, `iban`, `pin`) holds exactly one word with a
//! digit that the user wrote as a whole word (letters, digits and `-/._#` only: `1HGCM82633A004352`,
//! `4471093`, `PH-118`, not `12,000`), and lower-case words beside it or a label that names
//! the argument (`SKU TX-5512-BLK` for `sku`), it takes that word alone. A code of two words the user wrote (`KV21 XLM`) is widened again by `whole_codes`,
//! which runs after. Labels in capitals (`ZIP 94110`), a value of one word, two words with
//! digits, a word nobody wrote, or an argument whose name says no identifier are left as they
//! are.
//!
//! [`Recovery::bare_codes`]: crate::model::Recovery::bare_codes

use serde_json::Value;

use super::narrowed::{Narrowed, narrow_free_strings};
use super::told::token_starts;

/// Words of an argument's name that say it holds an identifier.
const IDENTIFIER_WORDS: [&str; 17] = [
    "id",
    "number",
    "code",
    "sku",
    "vin",
    "zip",
    "postcode",
    "barcode",
    "ref",
    "reference",
    "tracking",
    "plate",
    "registration",
    "serial",
    "isbn",
    "iban",
    "pin",
];

/// Whether `name` (`card_number`, `orderId`, `VIN`) names an identifier.
pub(super) fn names_identifier(name: &str) -> bool {
    crate::text::words(name)
        .iter()
        .any(|w| IDENTIFIER_WORDS.contains(&w.as_str()))
}

/// A word that could be a code: a digit in it, and letters, digits and `-/._#` only.
fn is_code_word(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_digit())
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '/' | '.' | '_' | '#'))
}

/// The one code word of `value`, where the value is that word and lower-case words of the
/// user's around it, as the module says.
fn bare_code<'v>(value: &'v str, name: &str, told_lower: &str) -> Option<&'v str> {
    let words: Vec<&str> = value
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect();
    let mut codes = words
        .iter()
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()));
    let (Some(&code), None) = (codes.next(), codes.next()) else {
        return None;
    };
    // Lower-case words beside the code, or a label that names the argument (`SKU` of
    // `SKU TX-5512-BLK` for `sku`).
    let name_words = crate::text::words(name);
    let chatter = words.iter().any(|w| {
        *w != code
            && (w.chars().all(char::is_lowercase)
                || name_words.iter().any(|n| n.eq_ignore_ascii_case(w)))
    });
    let written = token_starts(told_lower, &code.to_lowercase())
        .next()
        .is_some();
    (is_code_word(code) && chatter && written).then_some(code)
}

/// Sets every top-level free string of `args` (a call to a tool with parameters `schema`)
/// whose name names an identifier and that holds the user's words around one code of theirs
/// to that code, as the module says. Returns what was set, in argument order.
pub(crate) fn set_bare_codes(args: &mut Value, schema: &Value, told: &str) -> Vec<Narrowed> {
    let told_lower = told.to_lowercase();
    narrow_free_strings(args, schema, |name, text| {
        names_identifier(name)
            .then(|| bare_code(text, name, &told_lower))
            .flatten()
            .map(str::to_owned)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "vin": {"type": "string"},
            "card_number": {"type": "string"},
            "postcode": {"type": "string"},
            "note": {"type": "string"},
            "plate": {"type": "string", "pattern": "^[A-Z0-9]+$"}
        }})
    }

    fn set(user: &str, mut args: Value) -> (Value, Vec<Narrowed>) {
        let out = set_bare_codes(&mut args, &schema(), user);
        (args, out)
    }

    #[test]
    fn an_identifier_takes_its_code_without_the_words_around_it() {
        let user = "can you decode this VIN for me: 1HGCM82633A004352 thx";
        let (args, out) = set(user, json!({"vin": "VIN for me: 1HGCM82633A004352 thx"}));
        assert_eq!(args, json!({"vin": "1HGCM82633A004352"}));
        assert_eq!(out[0].value, "VIN for me: 1HGCM82633A004352 thx");
        let user = "Renew with library card 4471093 - the standard extension is fine.";
        let (args, _) = set(
            user,
            json!({"card_number": "4471093 - the standard extension is fine"}),
        );
        assert_eq!(args, json!({"card_number": "4471093"}));
        // A label that names the argument, without lower-case words.
        let user = "Is SKU TX-5512-BLK in stock?";
        let (args, _) = set(user, json!({"card_number": "CARD TX-5512-BLK"}));
        assert_eq!(args, json!({"card_number": "TX-5512-BLK"}));
    }

    #[test]
    fn names_say_whether_an_argument_is_an_identifier() {
        for name in [
            "vin",
            "card_number",
            "orderId",
            "VIN",
            "tracking_no_ref",
            "zip",
        ] {
            assert!(names_identifier(name), "{name}");
        }
        for name in ["note", "identity", "title", "description", "city"] {
            assert!(!names_identifier(name), "{name}");
        }
    }

    #[test]
    fn nothing_else_is_narrowed() {
        for (user, args) in [
            // A label in capitals, no words around it.
            ("Ship to ZIP 94110", json!({"postcode": "ZIP 94110"})),
            // Two words with digits.
            (
                "Card 4471093 or 4471094, thanks",
                json!({"card_number": "4471093 or 4471094"}),
            ),
            // A code nobody wrote.
            (
                "Renew my library card please",
                json!({"card_number": "4471093 please"}),
            ),
            // A number, not a code.
            (
                "Yield of 12,000 litres per hectare",
                json!({"card_number": "12,000 litres per hectare"}),
            ),
            // Not an identifier.
            (
                "Flat 4B needs a plumber",
                json!({"note": "flat 4B needs a plumber"}),
            ),
            // An identifier with a pattern of its own.
            ("Plate AB12 is mine", json!({"plate": "AB12 is mine"})),
        ] {
            let before = args.clone();
            let (after, out) = set(user, args);
            assert_eq!(after, before, "{user}");
            assert!(out.is_empty(), "{user}");
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any request and any value: narrowing never panics, and a narrowed value is a
            /// word of the value it held that the user wrote.
            #[test]
            fn a_narrowed_value_is_a_word_of_the_value_the_user_wrote(
                user in "[a-zA-Z0-9é ,.:#-]{0,80}",
                value in "[a-zA-Z0-9é ,.:#-]{0,40}",
            ) {
                let mut args = json!({"vin": value.clone()});
                for n in set_bare_codes(&mut args, &schema(), &user) {
                    prop_assert!(value.contains(&n.to));
                    prop_assert!(user.to_lowercase().contains(&n.to.to_lowercase()));
                }
            }
        }
    }
}
