//! A name where the description asks for its standard code, set to the code
//! ([`Recovery::standard_codes`], a piece of the small-model profile).
//!
//! A description asks for `"Two-letter ISO 3166 country code"`, `"Two-letter US state
//! abbreviation"`, `"Three-letter ISO 4217 currency code"`, `"Two-letter ISO 639-1 language
//! code"`; the user writes the name ("to Germany", "in Oregon", "in Swiss francs", "into
//! German"), and a small model copies the name: `"GERMANY"`, `"Oregon"`. Where a free string's
//! description asks for one of these four codes and its value is a name of one country, state,
//! currency or language (any case, a leading `the` aside), it takes the code, written as the
//! standard writes it (capitals; a language's in lower case). A value that is already a code
//! of that length, a name not in the tables (`dollars`, which several countries use), or a
//! description that asks for no such code is left as it is. The tables
//! (`countries.rs`, `states.rs`, `currencies.rs`, `languages.rs`) hold the names people use,
//! not every code of the standards.
//!
//! [`Recovery::standard_codes`]: crate::model::Recovery::standard_codes

mod countries;
mod currencies;
mod languages;
mod states;
mod told;

pub(crate) use told::set_told_currencies;

use serde_json::Value;

use super::narrowed::{Narrowed, narrow_free_strings};

/// A standard code a description asks for.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Standard {
    /// ISO 3166-1 alpha-2.
    Country,
    /// A US state's postal abbreviation.
    State,
    /// ISO 4217.
    Currency,
    /// ISO 639-1.
    Language,
}

impl Standard {
    /// The code this standard gives the name `name`, as the standard writes it.
    fn code_of(self, name: &str) -> Option<String> {
        let table = match self {
            Standard::Country => countries::COUNTRIES,
            Standard::State => states::STATES,
            Standard::Currency => currencies::CURRENCIES,
            Standard::Language => languages::LANGUAGES,
        };
        let name = name.trim().to_lowercase();
        let name = name.strip_prefix("the ").unwrap_or(&name).trim();
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        table
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, code)| (*code).to_owned())
    }

    /// How long this standard's codes are.
    fn code_len(self) -> usize {
        match self {
            Standard::Currency => 3,
            _ => 2,
        }
    }
}

/// The standard code `description` asks for, if any: it names the thing and the standard, or
/// the thing and its code's length (`two-letter`, `2-letter`, `alpha-2`, `three-letter`).
fn asked(description: &str) -> Option<Standard> {
    let d = description.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| d.contains(w));
    let two = has(&[
        "two-letter",
        "2-letter",
        "two letter",
        "2 letter",
        "alpha-2",
        "alpha 2",
    ]);
    let three = has(&[
        "three-letter",
        "3-letter",
        "three letter",
        "3 letter",
        "alpha-3",
    ]);
    if has(&["iso 4217", "iso-4217"]) || (has(&["currency"]) && three) {
        return Some(Standard::Currency);
    }
    if has(&["iso 639", "iso-639"]) || (has(&["language"]) && two) {
        return Some(Standard::Language);
    }
    if has(&["state"]) && (two || has(&["abbreviation", "postal code"])) && !has(&["country"]) {
        return Some(Standard::State);
    }
    if (has(&["iso 3166", "iso-3166"]) || (has(&["country"]) && two)) && !three {
        return Some(Standard::Country);
    }
    None
}

/// A name set to the standard code its description asks for.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Coded(Narrowed);

impl From<Coded> for crate::event::ArgumentChange {
    fn from(Coded(n): Coded) -> Self {
        crate::event::ArgumentChange::StandardCode {
            argument: n.argument,
            value: n.value,
            code: n.to,
        }
    }
}

/// Sets every top-level free string of `args` (a call to a tool with parameters `schema`)
/// whose description asks for a standard code and that holds a name the standard codes, to
/// that code, as the module says. Returns what was set, in argument order.
pub(crate) fn set_standard_codes(args: &mut Value, schema: &Value) -> Vec<Coded> {
    let set = narrow_free_strings(args, schema, |name, text| {
        let property = super::narrowed::argument_schema(schema, name)?;
        let standard = asked(property.get("description")?.as_str()?)?;
        let trimmed = text.trim();
        let is_code = trimmed.len() == standard.code_len()
            && trimmed.chars().all(|c| c.is_ascii_alphabetic());
        if is_code {
            return None;
        }
        standard.code_of(trimmed)
    });
    set.into_iter().map(Coded).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "country": {"type": "string", "description": "Two-letter ISO 3166 country code, e.g. 'FR'."},
            "state": {"type": "string", "description": "Two-letter US state abbreviation."},
            "from_currency": {"type": "string", "description": "Three-letter ISO 4217 code of the source currency."},
            "language": {"type": "string", "description": "Two-letter ISO 639-1 code of the language."},
            "city": {"type": "string", "description": "The city."}
        }})
    }

    fn set(args: Value) -> (Value, Vec<Coded>) {
        let mut args = args;
        let out = set_standard_codes(&mut args, &schema());
        (args, out)
    }

    #[test]
    fn a_name_takes_the_code_its_description_asks_for() {
        let (args, out) = set(json!({
            "country": "GERMANY", "state": "Oregon", "from_currency": "Swiss francs",
            "language": "German", "city": "Portland"
        }));
        assert_eq!(
            args,
            json!({"country": "DE", "state": "OR", "from_currency": "CHF",
                   "language": "de", "city": "Portland"})
        );
        assert_eq!(out.len(), 4);
        let (args, _) = set(json!({"country": "the Netherlands", "state": "new  york"}));
        assert_eq!(args, json!({"country": "NL", "state": "NY"}));
    }

    #[test]
    fn codes_unknown_names_and_other_descriptions_stay() {
        for args in [
            json!({"country": "de", "state": "TX", "from_currency": "eur", "language": "EN"}),
            json!({"from_currency": "dollars", "country": "Atlantis"}),
            json!({"city": "Germany"}),
        ] {
            let (after, out) = set(args.clone());
            assert_eq!(after, args);
            assert!(out.is_empty());
        }
    }

    #[test]
    fn descriptions_say_which_code_they_ask_for() {
        for (description, standard) in [
            ("Two-letter ISO 3166 country code", Some(Standard::Country)),
            (
                "ISO 3166-1 alpha-2 country code of the destination",
                Some(Standard::Country),
            ),
            (
                "Two-letter US state abbreviation, e.g. 'CA'",
                Some(Standard::State),
            ),
            ("ISO 4217 currency code", Some(Standard::Currency)),
            ("Three-letter currency code", Some(Standard::Currency)),
            (
                "Two-letter ISO 639-1 language code",
                Some(Standard::Language),
            ),
            ("Three-letter country code (alpha-3)", None),
            ("The state of the order", None),
            ("Country name in English", None),
        ] {
            assert_eq!(asked(description), standard, "{description}");
        }
    }

    #[test]
    fn every_table_writes_its_codes_as_its_standard_does() {
        for (standard, table) in [
            (Standard::Country, countries::COUNTRIES),
            (Standard::State, states::STATES),
            (Standard::Currency, currencies::CURRENCIES),
            (Standard::Language, languages::LANGUAGES),
        ] {
            for (name, code) in table {
                assert_eq!(code.len(), standard.code_len(), "{name}");
                let case = if standard == Standard::Language {
                    code.chars().all(|c| c.is_ascii_lowercase())
                } else {
                    code.chars().all(|c| c.is_ascii_uppercase())
                };
                assert!(case, "{name}: {code}");
                assert_eq!(*name, name.to_lowercase(), "{name}");
            }
        }
    }
}
