//! A code of the user's in the identifier its label names, taken out of the one it was not
//! written for ([`Recovery::labelled_codes`], a piece of the small-model profile).
//!
//! A small model puts a code of the request into the wrong identifier: "Book member M-4410
//! into class CL-208 at station ST-12" became `{"station_id": "M-4410", …}`, the member's code
//! where the station's belongs. The user labels each code with a word (`member M-4410`,
//! `station ST-12`), and the word nearest a code (as `place_numbers` reads a number's words:
//! up to two content words each side, within the clause) names the argument it is for. Where
//! an identifier (a free string whose name says it is one, as `bare_codes` reads names) holds
//! a code the user wrote once whose label names another argument of the tool, and the user
//! wrote exactly one code, once, that no argument holds (whole or in part) and whose label
//! names this identifier, the identifier takes that code. Every decision is read from the
//! call as the model wrote it, so two codes swapped are both set right. A code with no label,
//! or a label naming the argument that holds it, or no code for the identifier to take, or two:
//! nothing is guessed. The code taken out is left to the pieces after (`lone_codes` gives it
//! to an identifier holding no code).
//!
//! [`Recovery::labelled_codes`]: crate::model::Recovery::labelled_codes

use serde_json::Value;

use super::string_placement::labelled_once;
use super::whole_codes::is_piece_of;

/// An identifier set to the code the user's word for it names.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CodeByLabel {
    /// The argument.
    pub argument: String,
    /// The code it held, as written.
    pub value: String,
    /// The argument whose word labels the code it held.
    pub labelled_for: String,
    /// The code it now holds.
    pub code: String,
}

impl From<CodeByLabel> for crate::event::ArgumentChange {
    fn from(c: CodeByLabel) -> Self {
        crate::event::ArgumentChange::CodeByLabel {
            argument: c.argument,
            value: c.value,
            labelled_for: c.labelled_for,
            code: c.code,
        }
    }
}

/// Moves the codes of `told` (what the model was told) into the identifiers of `args` (a call to
/// a tool with parameters `schema`) their labels name, as the module says.
pub(crate) fn give_labelled_codes(
    args: &mut Value,
    schema: &Value,
    told: &str,
) -> Vec<CodeByLabel> {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let declared: Vec<&str> = properties.keys().map(String::as_str).collect();
    let labelled = labelled_once(told, &declared);
    // The identifiers holding a code labelled for another argument, with that argument.
    let misplaced: Vec<(&str, &str, &str)> = members
        .iter()
        .filter(|(name, _)| {
            super::bare_codes::names_identifier(name)
                && super::narrowed::is_free_string_argument(schema, name)
        })
        .filter_map(|(name, value)| {
            let text = value.as_str()?.trim();
            let label = labelled
                .iter()
                .find(|l| l.code.eq_ignore_ascii_case(text))?
                .label
                .filter(|label| label != name)?;
            Some((name.as_str(), text, label))
        })
        .collect();
    // Held: whole or in part, by an argument that is not giving it up.
    let held = |code: &str| {
        members.iter().any(|(name, value)| {
            value.as_str().map(str::trim).is_some_and(|t| {
                (t.eq_ignore_ascii_case(code) || is_piece_of(t, code))
                    && !misplaced.iter().any(|(m, _, _)| m == name)
            })
        })
    };
    let mut out = Vec::new();
    for &(name, text, labelled_for) in &misplaced {
        let mut for_this = labelled
            .iter()
            .filter(|l| l.label == Some(name) && !held(&l.code));
        let (Some(code), None) = (for_this.next(), for_this.next()) else {
            continue;
        };
        out.push(CodeByLabel {
            argument: name.to_owned(),
            value: text.to_owned(),
            labelled_for: labelled_for.to_owned(),
            code: code.code.clone(),
        });
    }
    for c in &out {
        members.insert(c.argument.clone(), Value::String(c.code.clone()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grounding::narrowed::free_strings as schema;
    use serde_json::json;

    fn give(user: &str, names: &[&str], mut args: Value) -> (Value, Vec<CodeByLabel>) {
        let out = give_labelled_codes(&mut args, &schema(names), user);
        (args, out)
    }

    #[test]
    fn an_identifier_holding_another_arguments_code_takes_the_one_its_word_labels() {
        let user = "Book member M-4410 into the spin class at station ST-12, please.";
        let names = ["member_id", "station_id"];
        let (args, out) = give(user, &names, json!({"station_id": "M-4410"}));
        assert_eq!(args, json!({"station_id": "ST-12"}));
        assert_eq!(out[0].labelled_for, "member_id");
        // Swapped: both are read from the call as written, so both are set right.
        let (args, out) = give(
            user,
            &names,
            json!({"member_id": "ST-12", "station_id": "M-4410"}),
        );
        assert_eq!(args, json!({"member_id": "M-4410", "station_id": "ST-12"}));
        assert_eq!(out.len(), 2);
    }

    #[test]
    fn nothing_is_guessed_where_the_labels_do_not_decide() {
        let names = ["member_id", "station_id", "note"];
        for (user, args) in [
            // The code held has no label.
            (
                "Book M-4410 into the spin class at station ST-12.",
                json!({"station_id": "M-4410"}),
            ),
            // Its label names the argument holding it.
            (
                "Book station M-4410 for member ST-12.",
                json!({"station_id": "M-4410"}),
            ),
            // No code of the station's to take: the only other one is held.
            (
                "Book member M-4410 at station ST-12.",
                json!({"station_id": "M-4410", "note": "ST-12"}),
            ),
            // Two codes for the station.
            (
                "Book member M-4410 at station ST-12 or station ST-14.",
                json!({"station_id": "M-4410"}),
            ),
            // The held code is written twice.
            (
                "Book member M-4410 at station ST-12 (M-4410 paid).",
                json!({"station_id": "M-4410"}),
            ),
        ] {
            let before = args.clone();
            let (after, out) = give(user, &names, args);
            assert_eq!(after, before, "{user}");
            assert!(out.is_empty(), "{user}");
        }
    }

    #[test]
    fn only_identifiers_named_so_and_free_are_moved() {
        let user = "Send the member M-4410 note to station ST-12.";
        let schema = json!({"type": "object", "properties": {
            "member_id": {"type": "string"},
            "station": {"type": "string", "enum": ["M-4410", "ST-12"]}}});
        let mut args = json!({"station": "M-4410"});
        assert!(give_labelled_codes(&mut args, &schema, user).is_empty());
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any request and values: never panics, and a code given is one the request writes.
            #[test]
            fn a_code_given_is_one_the_user_wrote(
                user in "[a-zA-Zé0-9 ,.-]{0,60}",
                a in "[a-zA-Z0-9-]{1,8}",
                b in "[a-zA-Z0-9-]{1,8}",
            ) {
                let mut args = json!({"member_id": a, "station_id": b});
                let written = crate::grounding::whole_codes::codes(&user);
                for c in give_labelled_codes(&mut args, &schema(&["member_id", "station_id"]), &user) {
                    prop_assert!(written.contains(&c.code), "{c:?}");
                    prop_assert_eq!(&args[c.argument.as_str()], &json!(c.code));
                }
            }
        }
    }
}
