//! An optional switch turned on that the user never named, left out of the call
//! ([`Recovery::unnamed_flags`], a piece of the small-model profile).
//!
//! A made-up example shows every boolean as `true`, and a small model copies it: `"audio_guide":
//! true` for a museum ticket the user asked nothing about, `"notify_household": true`,
//! `"green_only": true`. The user's words name none of the switch, so nothing they said turns
//! it on. Where an optional boolean argument holds `true` and no word of the user's shares a
//! stem with a word of its name (`audio`, `guide`; four letters in common at the start, so
//! "guided" names `guide` and "notifications" names `notify`), it is left out and the tool's
//! default applies. A required switch, `false`, or a switch whose name the user's words touch
//! at all stays as written.
//!
//! [`Recovery::unnamed_flags`]: crate::model::Recovery::unnamed_flags

use serde_json::Value;

/// An optional switch left out.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FlagLeftOut {
    /// The argument left out.
    pub argument: String,
}

impl From<FlagLeftOut> for crate::event::ArgumentChange {
    fn from(f: FlagLeftOut) -> Self {
        crate::event::ArgumentChange::FlagLeftOut {
            argument: f.argument,
        }
    }
}

/// Words of a switch's name that say nothing of what it switches.
const GENERIC: &[&str] = &[
    "is",
    "has",
    "have",
    "include",
    "includes",
    "including",
    "allow",
    "allowed",
    "enable",
    "enabled",
    "use",
    "with",
    "show",
    "only",
    "flag",
    "mode",
    "auto",
    "add",
    "want",
    "should",
    "do",
    "be",
    "can",
    "to",
    "of",
    "the",
    "a",
    "an",
    "and",
    "or",
    "for",
    "in",
    "on",
    "by",
    "at",
    "set",
    "get",
    "send",
    "as",
    "if",
    "no",
    "not",
];

/// Letters two words must share from their start to be one word for this piece.
const STEM: usize = 4;

/// The words of a switch's name that say what it switches.
fn name_words(name: &str) -> Vec<String> {
    let mut words = crate::text::words(name);
    words.retain(|w| !GENERIC.contains(&w.as_str()));
    words
}

/// Whether two words are one for this piece: equal, or the same first [`STEM`] letters.
fn same_stem(a: &str, b: &str) -> bool {
    a == b || {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        a.len() >= STEM && b.len() >= STEM && a[..STEM] == b[..STEM]
    }
}

/// Leaves out of `args` (a call to a tool with parameters `schema`) every optional boolean
/// holding `true` whose name `told` (what the model was told) never touches, as the module
/// says. Returns what was left out, in argument order.
pub(crate) fn leave_out_unnamed_flags(
    args: &mut Value,
    schema: &Value,
    told: &str,
) -> Vec<FlagLeftOut> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    let required = agents_json::schema::required(schema);
    let told_words = crate::text::words(told);
    let unnamed: Vec<String> = members
        .iter()
        .filter(|(name, value)| {
            let boolean = properties
                .get(name.as_str())
                .map(|p| agents_json::schema::concrete(schema, p))
                .and_then(agents_json::schema::main_type)
                == Some("boolean");
            let words = name_words(name);
            boolean
                && **value == Value::Bool(true)
                && !required.contains(&name.as_str())
                && !words.is_empty()
                && !words
                    .iter()
                    .any(|w| told_words.iter().any(|t| same_stem(w, t)))
        })
        .map(|(name, _)| name.clone())
        .collect();
    super::narrowed::leave_out(args, unnamed.iter().map(String::as_str));
    unnamed
        .into_iter()
        .map(|argument| FlagLeftOut { argument })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "museum": {"type": "string"},
            "audio_guide": {"type": "boolean"},
            "includeParking": {"type": "boolean"},
            "notify_household": {"type": "boolean"},
            "confirm": {"type": "boolean"}
        }, "required": ["museum", "confirm"]})
    }

    fn left(user: &str, mut args: Value) -> (Value, Vec<FlagLeftOut>) {
        let out = leave_out_unnamed_flags(&mut args, &schema(), user);
        (args, out)
    }

    #[test]
    fn a_switch_turned_on_that_nobody_named_is_left_out() {
        let (args, out) = left(
            "Two tickets for the Rijksmuseum on 2027-05-04, please.",
            json!({"museum": "Rijksmuseum", "audio_guide": true, "includeParking": true,
                   "confirm": true}),
        );
        assert_eq!(args, json!({"museum": "Rijksmuseum", "confirm": true}));
        let names: Vec<&str> = out.iter().map(|f| f.argument.as_str()).collect();
        assert_eq!(names, ["audio_guide", "includeParking"]);
    }

    #[test]
    fn a_switch_the_user_touches_required_or_off_stays() {
        for (user, args) in [
            (
                "Tickets for the Rijksmuseum with the guided tour",
                json!({"museum": "R", "audio_guide": true, "confirm": true}),
            ),
            (
                "Tickets for the Rijksmuseum, and send notifications to everyone at home",
                json!({"museum": "R", "notify_household": true, "confirm": true}),
            ),
            (
                "Tickets for the Rijksmuseum, and I'll need a parking spot",
                json!({"museum": "R", "includeParking": true, "confirm": true}),
            ),
            (
                "Tickets for the Rijksmuseum",
                json!({"museum": "R", "audio_guide": false, "confirm": true}),
            ),
        ] {
            let before = args.clone();
            let (after, out) = left(user, args);
            assert_eq!(after, before, "{user}");
            assert!(out.is_empty(), "{user}");
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any request and any values: leaving out never panics, and takes out only
            /// optional switches that held `true`.
            #[test]
            fn only_an_optional_switch_held_on_is_left_out(
                user in "\\PC{0,60}",
                guide in any::<bool>(),
                confirm in any::<bool>(),
            ) {
                let mut args = json!({"museum": "R", "audio_guide": guide, "confirm": confirm});
                for f in leave_out_unnamed_flags(&mut args, &schema(), &user) {
                    prop_assert_eq!(f.argument.as_str(), "audio_guide");
                    prop_assert!(guide);
                }
                prop_assert_eq!(&args["confirm"], &json!(confirm));
            }
        }
    }
}
