//! A name taken with the `the` before it, set to the name
//! ([`Recovery::names_without_the`], a piece of the small-model profile).
//!
//! "Prices on the Chicago Board of Trade" asked for a `market` came back as `"the Chicago
//! Board of Trade"`: the model takes the user's words from the article on. A name that owns
//! its article writes it in capitals (`The Hague`); a lower-case `the` before capitals is the
//! sentence's, not the name's. Where a free string argument starts with a lower-case `the `
//! followed by a capital, and the user wrote those words so, it takes the words after `the`.
//! Anything else (`The Hague`, `the blue one`, words nobody wrote) is left as it is.
//!
//! [`Recovery::names_without_the`]: crate::model::Recovery::names_without_the

use serde_json::Value;

use super::narrowed::{Narrowed, narrow_free_strings};

/// The name `value` holds after a lower-case `the`, where `told` writes it so.
fn without_the<'v>(value: &'v str, told: &str) -> Option<&'v str> {
    let name = value.strip_prefix("the ")?;
    let capital = name.chars().next().is_some_and(char::is_uppercase);
    (capital && super::told::has_token(told, value)).then_some(name)
}

/// Sets every top-level free string of `args` (a call to a tool with parameters `schema`) that
/// holds a name with the sentence's `the` before it to the name, as the module says. Returns
/// what was set, in argument order.
pub(crate) fn drop_the(args: &mut Value, schema: &Value, told: &str) -> Vec<Narrowed> {
    narrow_free_strings(args, schema, |_, text| {
        without_the(text, told).map(str::to_owned)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "market": {"type": "string"},
            "size": {"type": "string", "enum": ["the Large", "Large"]}
        }})
    }

    #[test]
    fn a_name_loses_the_sentences_the() {
        let user = "What do soybeans trade at on the Chicago Board of Trade today?";
        let mut args = json!({"market": "the Chicago Board of Trade"});
        let out = drop_the(&mut args, &schema(), user);
        assert_eq!(args, json!({"market": "Chicago Board of Trade"}));
        assert_eq!(out[0].value, "the Chicago Board of Trade");
    }

    #[test]
    fn a_name_that_owns_its_article_or_words_nobody_wrote_stay() {
        for (user, args) in [
            ("Flights to The Hague", json!({"market": "The Hague"})),
            ("Give me the blue one", json!({"market": "the blue one"})),
            (
                "What trades on the board in Chicago?",
                json!({"market": "the Chicago Board"}),
            ),
            ("Buy the Large one", json!({"size": "the Large"})),
        ] {
            let before = args.clone();
            let mut after = args;
            let out = drop_the(&mut after, &schema(), user);
            assert_eq!(after, before, "{user}");
            assert!(out.is_empty(), "{user}");
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any request and any value: dropping never panics, and only ever takes `the `
            /// off the front of a value.
            #[test]
            fn only_the_leading_the_is_taken_off(
                user in "[a-zA-Zé ,.]{0,60}",
                value in "(the )?[a-zA-Zé ]{0,20}",
            ) {
                let mut args = json!({"market": value.clone()});
                for n in drop_the(&mut args, &schema(), &user) {
                    prop_assert_eq!(format!("the {}", n.to), value.clone());
                }
            }
        }
    }
}
