//! An optional text that retells the request, left out of the call
//! ([`Recovery::leave_out_retold`], a piece of the small-model profile).
//!
//! A small model fills an optional free-text argument (`note`, `reason`, `comment`) with the
//! request itself: "Employee EMP-40217 needs sick leave from the 3rd of May 2027 until the…"
//! as the `note` of a call whose `employee_id` is `EMP-40217`, "I can't make it anymore,
//! please cancel appointment APT-77812" as the `reason` of a call whose `appointment_id` is
//! `APT-77812`. The user asked for no note; the tool stores their request as one. Where an
//! optional free string of at least four words opens with the four words a message of the
//! user's opens with, and holds, as a whole token, a value another argument of the call holds,
//! it is the request retold, not a value of its own, and it is left out (the tool's default
//! applies). A required argument, a text the user quoted, a short value, a text that starts
//! elsewhere than the user's message (a message they dictate: "tell Maria the dinner with
//! Maria moved"), or one that holds no other argument's value is left as it is.
//!
//! [`Recovery::leave_out_retold`]: crate::model::Recovery::leave_out_retold

use serde_json::Value;

use super::told::token_starts;

/// An optional argument left out because it retold the request.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Retold {
    /// The argument left out.
    pub argument: String,
    /// The text it held.
    pub value: String,
    /// The argument whose value the text holds.
    pub holds: String,
}

impl From<Retold> for crate::event::ArgumentChange {
    fn from(r: Retold) -> Self {
        crate::event::ArgumentChange::RetellingLeftOut {
            argument: r.argument,
            value: r.value,
            holds: r.holds,
        }
    }
}

/// A retelling is at least this many words, and opens with this many of a message's opening.
const RUN_WORDS: usize = 4;
/// Quoted texts up to this long are the user's values (a note they dictate).
const MAX_QUOTED_CHARS: usize = 500;

/// A word as compared: lowercased, punctuation at its ends trimmed (`quote_in_retelling.rs`
/// and `run_on.rs` compare runs of the user's words the same way).
pub(super) fn word(token: &str) -> String {
    token
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase()
}

/// Words as compared ([`word`]), empty ones dropped.
pub(super) fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(word)
        .filter(|w| !w.is_empty())
        .collect()
}

/// Leaves out of `args` (a call to a tool with parameters `schema`) every optional free string
/// that retells `told` (what the model was told), as the module says. Returns what was left
/// out, in argument order.
pub(crate) fn leave_out_retold(args: &mut Value, schema: &Value, told: &str) -> Vec<Retold> {
    let Some(members) = args.as_object() else {
        return Vec::new();
    };
    let required = agents_json::schema::required(schema);
    // How each message (each line) of the user's opens: a retelling starts where they did.
    let openings: Vec<Vec<String>> = told
        .lines()
        .map(words)
        .filter(|w| w.len() >= RUN_WORDS)
        .map(|mut w| {
            w.truncate(RUN_WORDS);
            w
        })
        .collect();
    let quoted: Vec<String> = super::quotes::quoted(told, MAX_QUOTED_CHARS)
        .into_iter()
        .map(|q| q.to_lowercase())
        .collect();
    let mut out = Vec::new();
    for (name, value) in members {
        let Some(text) = value.as_str() else {
            continue;
        };
        let free = super::narrowed::is_free_string_argument(schema, name);
        if required.contains(&name.as_str()) || !free {
            continue;
        }
        let own = words(text);
        let lower = text.to_lowercase();
        let retells = own.len() >= RUN_WORDS
            && openings.iter().any(|o| o[..] == own[..RUN_WORDS])
            && !quoted.iter().any(|q| q.contains(lower.trim()));
        if !retells {
            continue;
        }
        let holds = members.iter().find(|(other, v)| {
            // A number of any length; a text of two letters or digits at least (not `a`).
            let held = match v {
                Value::String(s) => s.trim().to_lowercase(),
                Value::Number(n) => n.to_string(),
                _ => return false,
            };
            let long_enough =
                v.is_number() || held.chars().filter(|c| c.is_alphanumeric()).count() >= 2;
            *other != name && long_enough && token_starts(&lower, &held).next().is_some()
        });
        if let Some((holds, _)) = holds {
            out.push(Retold {
                argument: name.clone(),
                value: text.to_owned(),
                holds: holds.clone(),
            });
        }
    }
    super::narrowed::leave_out(args, out.iter().map(|r| r.argument.as_str()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "employee_id": {"type": "string"},
            "days": {"type": "integer"},
            "note": {"type": "string", "description": "An optional note."},
            "kind": {"type": "string", "enum": ["sick", "annual"]},
            "summary": {"type": "string"}
        }, "required": ["employee_id", "summary"]})
    }

    fn left(user: &str, mut args: Value) -> (Value, Vec<Retold>) {
        let out = leave_out_retold(&mut args, &schema(), user);
        (args, out)
    }

    #[test]
    fn an_optional_text_retelling_the_request_is_left_out() {
        let user = "Employee EMP-40217 needs sick leave from the 3rd of May 2027 until the 7th.";
        let (args, out) = left(
            user,
            json!({"employee_id": "EMP-40217", "summary": "sick leave",
                   "note": "Employee EMP-40217 needs sick leave from the 3rd of May 2027 until the"}),
        );
        assert_eq!(
            args,
            json!({"employee_id": "EMP-40217", "summary": "sick leave"})
        );
        assert_eq!(out[0].holds, "employee_id");
        // A number another argument holds marks a retelling too.
        let user = "Please book 3 days off for me, I need a rest before the move.";
        let (args, _) = left(
            user,
            json!({"employee_id": "E-1", "summary": "leave", "days": 3,
                   "note": "Please book 3 days off for me"}),
        );
        assert!(args.get("note").is_none(), "{args}");
    }

    #[test]
    fn nothing_else_is_left_out() {
        let retelling = "Employee EMP-40217 needs sick leave from May 3";
        for (user, args) in [
            // A required argument stays whatever it holds.
            (
                retelling,
                json!({"employee_id": "EMP-40217", "summary": retelling}),
            ),
            // The user quoted the note.
            (
                "Log leave for EMP-40217 with the note 'Employee EMP-40217 needs sick leave from May 3'",
                json!({"employee_id": "EMP-40217", "summary": "leave", "note": retelling}),
            ),
            // It holds no other argument's value.
            (
                "Employee Jo Park needs sick leave from May 3",
                json!({"employee_id": "EMP-40217", "summary": "absence",
                       "note": "Employee Jo Park needs sick leave from May 3"}),
            ),
            // Short.
            (
                "Employee EMP-40217 needs sick leave",
                json!({"employee_id": "EMP-40217", "summary": "leave", "note": "EMP-40217 sick"}),
            ),
            // A text from the middle of the request: a message the user dictates.
            (
                "Please text Maria that the dinner with Maria moved to 8 pm",
                json!({"employee_id": "Maria", "summary": "text",
                       "note": "the dinner with Maria moved to 8 pm"}),
            ),
            // Words of the model's own, not the user's run.
            (
                "Employee EMP-40217 needs sick leave from May 3",
                json!({"employee_id": "EMP-40217", "summary": "leave",
                       "note": "leave requested by EMP-40217 today"}),
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
            /// Any request and any note: leaving out never panics, and takes out only the
            /// optional note, never a required argument.
            #[test]
            fn only_an_optional_text_is_left_out(
                user in "[a-zA-Z0-9é ,.'-]{0,80}",
                note in "[a-zA-Z0-9é ,.'-]{0,60}",
                id in "[A-Z0-9-]{0,8}",
            ) {
                let mut args = json!({"employee_id": id, "summary": note.clone(), "note": note});
                for r in leave_out_retold(&mut args, &schema(), &user) {
                    prop_assert_eq!(r.argument.as_str(), "note");
                }
                prop_assert!(args.get("employee_id").is_some() && args.get("summary").is_some());
            }
        }
    }
}
