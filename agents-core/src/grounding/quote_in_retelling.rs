//! A retelling of the request that holds a text the user quoted, set to the quoted text
//! ([`Recovery::quotes_over_retold`], a piece of the small-model profile).
//!
//! A small model fills a free-text argument with a run of the request instead of the value the
//! user set in quotes: "for booking HX-90213 could you add a 'late checkout' to it" called with
//! `{"request": "for booking HX-90213 could you add a 'late checkout' to it"}`. The quotes
//! say which words are the value. Where a free string of at least four words opens with four
//! words the user wrote in a row (it retells their message), holds exactly one text the user
//! quoted, and at least two words besides it, and no other argument holds that text, the
//! argument takes the quoted text. A value of the model's own words, a retelling with no quote
//! or two, or a quote another argument holds: left as it is. It runs before
//! `leave_out_retold`, which would leave such an optional text out.
//!
//! [`Recovery::quotes_over_retold`]: crate::model::Recovery::quotes_over_retold

use serde_json::Value;

use super::retold::words;

/// A retelling set to the one text of the user's quoted in it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct QuoteInRetelling {
    /// The argument.
    pub argument: String,
    /// The retelling it held.
    pub value: String,
    /// The quoted text it now holds.
    pub quoted: String,
}

impl From<QuoteInRetelling> for crate::event::ArgumentChange {
    fn from(q: QuoteInRetelling) -> Self {
        crate::event::ArgumentChange::QuoteInRetelling {
            argument: q.argument,
            value: q.value,
            quoted: q.quoted,
        }
    }
}

/// A retelling opens with this many words the user wrote in a row.
const RUN_WORDS: usize = 4;
/// Words the retelling holds besides the quote, at least.
const OTHER_WORDS: usize = 2;
/// Quoted texts up to this long are the user's values.
const MAX_QUOTED_CHARS: usize = 200;

/// Sets each free string of `args` (a call to a tool with parameters `schema`) that retells
/// `told` (what the model was told) around one text the user quoted to that text, as the
/// module says.
pub(crate) fn take_quotes_from_retellings(
    args: &mut Value,
    schema: &Value,
    told: &str,
) -> Vec<QuoteInRetelling> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let quoted: Vec<String> = super::quotes::quoted(told, MAX_QUOTED_CHARS)
        .into_iter()
        .map(|q| q.trim().to_owned())
        .filter(|q| !words(q).is_empty())
        .collect();
    if quoted.is_empty() {
        return Vec::new();
    }
    let user = words(told);
    let opens_a_run = |own: &[String]| {
        own.len() >= RUN_WORDS && super::run_on::is_run_of(&own[..RUN_WORDS], &user)
    };
    let holds = |value: &str, quote: &str| {
        super::told::token_starts(&value.to_lowercase(), &quote.to_lowercase())
            .next()
            .is_some()
    };
    let mut out = Vec::new();
    for (name, value) in members.iter() {
        let Some(text) = value.as_str() else {
            continue;
        };
        let own = words(text);
        if !super::narrowed::is_free_string_argument(schema, name) || !opens_a_run(&own) {
            continue;
        }
        let mut inside = quoted.iter().filter(|q| holds(text, q));
        let (Some(quote), None) = (inside.next(), inside.next()) else {
            continue;
        };
        let held_elsewhere = members
            .iter()
            .any(|(other, v)| other != name && v.as_str().is_some_and(|v| holds(v, quote)));
        if held_elsewhere || own.len() < words(quote).len() + OTHER_WORDS {
            continue;
        }
        out.push(QuoteInRetelling {
            argument: name.clone(),
            value: text.to_owned(),
            quoted: quote.clone(),
        });
    }
    for q in &out {
        members.insert(q.argument.clone(), Value::String(q.quoted.clone()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "booking_id": {"type": "string"},
            "request": {"type": "string"},
            "kind": {"type": "string", "enum": ["late checkout", "early check-in"]}
        }, "required": ["booking_id", "request"]})
    }

    fn taken(user: &str, mut args: Value) -> (Value, Vec<QuoteInRetelling>) {
        let out = take_quotes_from_retellings(&mut args, &schema(), user);
        (args, out)
    }

    #[test]
    fn a_retelling_around_a_quoted_text_takes_the_text() {
        let user = "Hi there, for booking HX-90213 could you add a 'late checkout' to it? Thanks";
        let (args, out) = taken(
            user,
            json!({"booking_id": "HX-90213",
                   "request": "for booking HX-90213 could you add a 'late checkout' to it"}),
        );
        assert_eq!(
            args,
            json!({"booking_id": "HX-90213", "request": "late checkout"})
        );
        assert_eq!(out[0].argument, "request");
    }

    #[test]
    fn nothing_else_is_taken() {
        for (user, args) in [
            // The model's own words around the quote.
            (
                "For booking HX-90213 please add a 'late checkout' to it.",
                json!({"booking_id": "HX-90213", "request": "guest wants a late checkout soon"}),
            ),
            // Two quotes in the retelling: which one is the value is not said.
            (
                "For booking HX-90213 please add 'late checkout' and 'extra towels' to it.",
                json!({"booking_id": "HX-90213",
                       "request": "For booking HX-90213 please add 'late checkout' and 'extra towels'"}),
            ),
            // The quote alone, or with one word: not a retelling.
            (
                "For booking HX-90213 please add a 'late checkout' to it.",
                json!({"booking_id": "HX-90213", "request": "a late checkout"}),
            ),
            // Another argument holds the quoted text.
            (
                "For booking HX-90213 please add a 'late checkout' to it.",
                json!({"booking_id": "HX-90213", "kind": "late checkout",
                       "request": "For booking HX-90213 please add a 'late checkout'"}),
            ),
            // Nothing quoted.
            (
                "For booking HX-90213 please add a late checkout to it.",
                json!({"booking_id": "HX-90213",
                       "request": "For booking HX-90213 please add a late checkout"}),
            ),
        ] {
            let before = args.clone();
            let (after, out) = taken(user, args);
            assert_eq!(after, before, "{user}");
            assert!(out.is_empty(), "{user}");
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any request and value: never panics, and a text taken is one the user quoted.
            #[test]
            fn a_text_taken_is_one_the_user_quoted(
                user in "[a-zA-Zé0-9 ,.'\"-]{0,80}",
                request in "[a-zA-Zé0-9 ,.'\"-]{0,60}",
            ) {
                let mut args = json!({"booking_id": "B-1", "request": request});
                let quoted = crate::grounding::quotes::quoted(&user, MAX_QUOTED_CHARS);
                for q in take_quotes_from_retellings(&mut args, &schema(), &user) {
                    prop_assert!(quoted.iter().any(|t| t.trim() == q.quoted), "{q:?}");
                }
            }
        }
    }
}
