//! The one code of the user's no argument holds, given to the one identifier holding none
//! ([`Recovery::lone_codes`], a piece of the small-model profile).
//!
//! A small model fills an identifier with a word of the request instead of the code the user
//! wrote for it: "Cancel order ORD-55871 because it was ordered by mistake" became
//! `{"order_id": "ordered"}`, "for booking HX-90213" `{"confirmation_number": "hiya"}`, "the
//! title TT-88310 on profile PR-1" `{"title_id": "1", "profile_id": "PR-1"}`. Where exactly one
//! free string argument whose name says it is an identifier (as `bare_codes` reads names) holds
//! no code of the user's (nor a piece of one that no argument holds, which `whole_codes`
//! widens), and the user wrote exactly one code (as `whole_codes` reads codes) that no argument
//! holds, whole, in part or among other words (`bare_codes` narrows those), that argument takes
//! the code. Two identifiers without a code, two
//! codes left, or none, or an identifier the call leaves out (the code may be its): nothing is
//! guessed.
//!
//! [`Recovery::lone_codes`]: crate::model::Recovery::lone_codes

use serde_json::Value;

use super::whole_codes::{codes, is_piece_of};

/// An identifier set to the one code no argument held.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LoneCode {
    /// The argument.
    pub argument: String,
    /// The value it held.
    pub value: String,
    /// The code it now holds.
    pub code: String,
}

impl From<LoneCode> for crate::event::ArgumentChange {
    fn from(l: LoneCode) -> Self {
        crate::event::ArgumentChange::LoneCode {
            argument: l.argument,
            value: l.value,
            code: l.code,
        }
    }
}

/// Sets the one identifier of `args` (a call to a tool with parameters `schema`) that holds no
/// code of `told`'s (what the model was told) to the one code of `told`'s no argument holds, as
/// the module says.
pub(crate) fn give_lone_code(args: &mut Value, schema: &Value, told: &str) -> Vec<LoneCode> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let written = codes(told);
    if written.is_empty() {
        return Vec::new();
    }
    // Every text and number of the call, its lists' items too, as `whole_codes` reads them.
    let texts: Vec<String> = super::whole_codes::slots(members, schema)
        .1
        .into_iter()
        .map(|slot| slot.value)
        .collect();
    // Held: whole, in part, or among other words (`bare_codes`' to narrow).
    let held = |code: &str| {
        let code_lower = code.to_lowercase();
        texts.iter().any(|t| {
            t.eq_ignore_ascii_case(code)
                || is_piece_of(t, code)
                || super::told::has_token(&t.to_lowercase(), &code_lower)
        })
    };
    let unheld: Vec<&String> = written.iter().filter(|c| !held(c)).collect();
    let [code] = unheld[..] else {
        return Vec::new();
    };
    let targets: Vec<String> = members
        .iter()
        .filter(|(name, value)| {
            let Some(text) = value.as_str().map(str::trim) else {
                return false;
            };
            // A piece of a code no argument holds is `whole_codes`' to widen.
            let of_users = written
                .iter()
                .any(|c| c.eq_ignore_ascii_case(text) || (is_piece_of(text, c) && !held(c)));
            super::bare_codes::names_identifier(name)
                && super::narrowed::is_free_string_argument(schema, name)
                && !of_users
        })
        .map(|(name, _)| name.clone())
        .collect();
    let [target] = &targets[..] else {
        return Vec::new();
    };
    // An identifier the call leaves out may be the code's (`"user_id": "jdoe"` written, the
    // code the user gave for a `coupon_code` the model left out).
    let left_out = schema
        .get("properties")
        .and_then(Value::as_object)
        .is_some_and(|p| {
            p.keys().any(|name| {
                !members.contains_key(name)
                    && super::bare_codes::names_identifier(name)
                    && super::narrowed::is_free_string_argument(schema, name)
            })
        });
    if left_out {
        return Vec::new();
    }
    let value = members[target].as_str().unwrap_or_default().to_owned();
    members.insert(target.clone(), Value::String(code.clone()));
    vec![LoneCode {
        argument: target.clone(),
        value,
        code: code.clone(),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grounding::narrowed::free_strings as schema;
    use serde_json::json;

    /// Gives `args` a lone code, its tool declaring the arguments it holds.
    fn give(user: &str, mut args: Value) -> (Value, Vec<LoneCode>) {
        let names: Vec<String> = args.as_object().unwrap().keys().cloned().collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let out = give_lone_code(&mut args, &schema(&names), user);
        (args, out)
    }

    #[test]
    fn the_identifier_without_a_code_takes_the_code_nobody_holds() {
        let (args, out) = give(
            "Cancel order ORD-55871 because it was ordered by mistake.",
            json!({"order_id": "ordered", "reason": "mistake"}),
        );
        assert_eq!(args, json!({"order_id": "ORD-55871", "reason": "mistake"}));
        assert_eq!(out[0].value, "ordered");
        // A piece of a code another argument holds is no code of the identifier's own.
        let (args, _) = give(
            "Rate the title TT-88310 four stars on profile PR-1.",
            json!({"title_id": "1", "profile_id": "PR-1"}),
        );
        assert_eq!(args, json!({"title_id": "TT-88310", "profile_id": "PR-1"}));
    }

    #[test]
    fn nothing_is_guessed() {
        for (user, args) in [
            // Every identifier holds a code of the user's.
            (
                "Rate TT-88310 on profile PR-1.",
                json!({"title_id": "TT-88310", "profile_id": "PR-1"}),
            ),
            // Two identifiers without one.
            (
                "Rate TT-88310 on profile PR-1.",
                json!({"title_id": "x", "profile_id": "y"}),
            ),
            // Two codes nobody holds.
            (
                "Cancel ORD-1A or ORD-2B, whichever shipped.",
                json!({"order_id": "shipped"}),
            ),
            // A piece of the one code: `whole_codes` widens it.
            ("Cancel order ORD-55871.", json!({"order_id": "55871"})),
            // The code among other words: `bare_codes` narrows it.
            (
                "Cancel order ORD-55871.",
                json!({"order_id": "order ORD-55871 pls"}),
            ),
            // No identifier.
            ("Cancel order ORD-55871.", json!({"reason": "mistake"})),
        ] {
            let before = args.clone();
            let (after, out) = give(user, args);
            assert_eq!(after, before, "{user}");
            assert!(out.is_empty(), "{user}");
        }
    }

    #[test]
    fn an_identifier_the_call_leaves_out_may_be_the_codes() {
        let mut args = json!({"profile_id": "kids"});
        let schema = schema(&["profile_id", "coupon_code"]);
        let user = "Apply coupon SAVE-20 to the kids profile.";
        assert!(give_lone_code(&mut args, &schema, user).is_empty());
        assert_eq!(args, json!({"profile_id": "kids"}));
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any request and any values: giving never panics, and a code given is one the
            /// user wrote.
            #[test]
            fn a_given_code_is_one_the_user_wrote(
                user in "[a-zA-Z0-9 ,.-]{0,60}",
                a in "[a-zA-Z0-9 -]{0,10}",
                b in "[a-zA-Z0-9 -]{0,10}",
            ) {
                let mut args = json!({"order_id": a, "reason": b});
                for g in give_lone_code(&mut args, &schema(&["order_id", "reason"]), &user) {
                    prop_assert!(codes(&user).contains(&g.code));
                }
            }
        }
    }
}
