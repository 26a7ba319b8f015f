//! A user's text put where the user's words put it ([`Recovery::place_strings`], a piece of
//! the small-model profile): the strings' counterpart of `placement.rs`.
//!
//! A small model writes one value of the request into two string arguments: "a result set
//! controller `mapController` and a composite UI element `mapArea`" became `{"controller":
//! "mapController", "parent": "mapController"}`, and asked for each argument alone
//! (`ask_values`) it answers the same value twice. A text the user wrote once and a call
//! uses twice is wrong at least once. When the word nearest the user's text names one of the
//! arguments holding it, that argument keeps it; each other holder takes a text the user set in
//! quotes, or a code the user wrote once (`P-20931`, read as `whole_codes` reads codes), that no
//! argument holds: the one whose nearest word names that argument, or, when none names any
//! argument and one alone is left, that one. "Refill for patient P-20931 at pharmacy PH-118"
//! called as `{"patient_id": "118", "pharmacy_id": "118"}` keeps `118` in `pharmacy_id` and
//! gives `patient_id` `P-20931`. Nothing else is touched: a text the user wrote twice, words
//! that do not decide, a request with nothing quoted and no code, a code the call holds (or a
//! piece of it), an argument with choices or a shape of its own.
//!
//! [`Recovery::place_strings`]: crate::model::Recovery::place_strings

use std::ops::Range;

use serde_json::{Map, Value};

use super::placement::Occurrence;
use super::told::token_starts;

/// An argument whose text was replaced by one the user quoted.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StringPlaced {
    /// The argument.
    pub argument: String,
    /// The text it held, which another argument keeps.
    pub from: String,
    /// The argument that keeps it.
    pub kept_in: String,
    /// The text it now holds.
    pub to: String,
}

impl From<StringPlaced> for crate::event::ArgumentChange {
    fn from(p: StringPlaced) -> Self {
        crate::event::ArgumentChange::TextPlaced {
            argument: p.argument,
            from: p.from,
            kept_in: p.kept_in,
            to: p.to,
        }
    }
}

/// Quoted texts longer than this are not a value (a sentence the user quotes).
const MAX_QUOTED_CHARS: usize = 200;

/// A request split at whitespace, each token with where it starts.
struct Tokens<'t> {
    starts: Vec<usize>,
    tokens: Vec<&'t str>,
}

impl<'t> Tokens<'t> {
    fn new(text: &'t str) -> Self {
        let (starts, tokens) = text
            .split_whitespace()
            .map(|t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
            .unzip();
        Tokens { starts, tokens }
    }

    /// The text at `range` of the request, with the words around it.
    fn occurrence(&self, range: Range<usize>) -> Option<Occurrence> {
        let token_of = |at: usize| self.starts.partition_point(|&s| s <= at).checked_sub(1);
        let first = token_of(range.start)?;
        let last = token_of(range.end.saturating_sub(1).max(range.start))?;
        Some(Occurrence::at(&self.tokens, first, last, Vec::new()))
    }
}

/// A code the user wrote once, with the argument of a tool its label (the word nearest it)
/// names.
pub(super) struct Labelled<'a> {
    pub(super) code: String,
    pub(super) label: Option<&'a str>,
}

/// The codes `text` writes once (as `whole_codes` reads them), each with the argument of
/// `declared` its nearest word names.
pub(super) fn labelled_once<'a>(text: &str, declared: &[&'a str]) -> Vec<Labelled<'a>> {
    let lower = text.to_lowercase();
    let tokens = Tokens::new(&lower);
    super::whole_codes::codes(text)
        .into_iter()
        .filter_map(|code| {
            let needle = code.to_lowercase();
            let mut at = token_starts(&lower, &needle);
            let (Some(start), None) = (at.next(), at.next()) else {
                return None;
            };
            let label = tokens
                .occurrence(start..start + needle.len())
                .and_then(|o| o.nearest_named(declared));
            Some(Labelled { code, label })
        })
        .collect()
}

/// Puts the texts of `text` where its words put them in `args`, a call to a tool with
/// parameters `schema` (see the module's documentation). Returns what was replaced.
pub(crate) fn place_strings(args: &mut Value, schema: &Value, text: &str) -> Vec<StringPlaced> {
    let Some(members) = args.as_object() else {
        return Vec::new();
    };
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    let lower = text.to_lowercase();
    // Lowercasing keeps whitespace where it was, so both splits number their tokens alike.
    let (tokens, lower_tokens) = (Tokens::new(text), Tokens::new(&lower));
    let free = |k: &str| {
        properties
            .get(k)
            .is_some_and(agents_json::schema::is_free_string)
    };
    let held: Vec<(&str, String)> = members
        .iter()
        .filter_map(|(k, v)| Some((k.as_str(), v.as_str()?.trim().to_lowercase())))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    let declared: Vec<&str> = properties.keys().map(String::as_str).collect();
    let missing_required = agents_json::schema::required(schema)
        .iter()
        .any(|r| !members.contains_key(*r));
    // The texts the user quoted that no argument holds, each with the argument its nearest
    // word names.
    let mut quoted: Vec<(String, Option<&str>)> = Vec::new();
    for range in super::quotes::quoted_ranges(text, MAX_QUOTED_CHARS) {
        let value = text[range.clone()].trim().to_owned();
        let lowered = value.to_lowercase();
        if value.is_empty()
            || held.iter().any(|(_, v)| *v == lowered)
            || quoted.iter().any(|(q, _)| q.to_lowercase() == lowered)
        {
            continue;
        }
        let named = tokens
            .occurrence(range)
            .and_then(|o| o.nearest_named(&declared));
        quoted.push((value, named));
    }
    // The codes the user wrote once (`P-20931`), read as quoted: a code is a value as plainly
    // as a quoted text is. Not one an argument holds, whole or a piece of it.
    for Labelled { code, label } in labelled_once(text, &declared) {
        let lowered = code.to_lowercase();
        if held
            .iter()
            .any(|(_, v)| *v == lowered || super::whole_codes::is_piece_of(v, &code))
            || quoted.iter().any(|(q, _)| q.to_lowercase() == lowered)
        {
            continue;
        }
        quoted.push((code, label));
    }
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (_, value) in &held {
        if seen.contains(&value.as_str()) {
            continue;
        }
        seen.push(value);
        let holders: Vec<&str> = held
            .iter()
            .filter(|(k, v)| v == value && free(k))
            .map(|(k, _)| *k)
            .collect();
        if holders.len() < 2 {
            continue;
        }
        // Written once by the user, or the call's repeat is not the user's.
        let mut written = token_starts(&lower, value);
        let (Some(at), None) = (written.next(), written.next()) else {
            continue;
        };
        let named_keeper = lower_tokens
            .occurrence(at..at + value.len())
            .and_then(|o| o.nearest_named(&holders));
        let others_of = |keeper: &str| -> Vec<&str> {
            holders.iter().copied().filter(|k| *k != keeper).collect()
        };
        // The keeper the nearest word names, where another holder has a text to take;
        // else the one the others' own texts leave.
        let takes_any = |keeper: &str| {
            let others = others_of(keeper);
            others
                .iter()
                .any(|a| pick(a, others.len(), &quoted, missing_required).is_some())
        };
        let Some(keeper) = named_keeper
            .filter(|k| takes_any(k))
            .or_else(|| left_by_the_others(&holders, &quoted))
        else {
            continue;
        };
        let others = others_of(keeper);
        for argument in &others {
            let Some(pick) = pick(argument, others.len(), &quoted, missing_required) else {
                continue;
            };
            let (to, _) = quoted.remove(pick);
            out.push(StringPlaced {
                argument: (*argument).to_owned(),
                from: members[*argument].as_str().unwrap_or_default().to_owned(),
                kept_in: keeper.to_owned(),
                to,
            });
        }
    }
    if let Some(members) = args.as_object_mut() {
        set(members, &out);
    }
    out
}

/// The text of `quoted` that `argument`, one of `others` holders of a repeated text, takes:
/// the one its own word names; else, where it is the only one to fill and the call leaves no
/// required argument out (`missing_required`), the only one that names no argument.
fn pick(
    argument: &str,
    others: usize,
    quoted: &[(String, Option<&str>)],
    missing_required: bool,
) -> Option<usize> {
    let named: Vec<usize> = (0..quoted.len())
        .filter(|&i| quoted[i].1 == Some(argument))
        .collect();
    let unnamed: Vec<usize> = (0..quoted.len())
        .filter(|&i| quoted[i].1.is_none())
        .collect();
    match (named.as_slice(), unnamed.as_slice()) {
        ([i], _) => Some(*i),
        ([], [i]) if others == 1 && !missing_required => Some(*i),
        _ => None,
    }
}

/// The holder that keeps a repeated text no word near it names: the one left when every other
/// holder has exactly one text of `quoted` its own word names ("show TT-40912 (profile PR-3)"
/// called with both `profile_id` and `title_id` as `TT-40912`: `profile_id` takes `PR-3`, so
/// `title_id` keeps it).
fn left_by_the_others<'a>(
    holders: &[&'a str],
    quoted: &[(String, Option<&str>)],
) -> Option<&'a str> {
    let named_once = |h: &str| quoted.iter().filter(|(_, n)| *n == Some(h)).count() == 1;
    let mut left = holders.iter().copied().filter(|h| !named_once(h));
    match (left.next(), left.next()) {
        (Some(keeper), None) => Some(keeper),
        _ => None,
    }
}

fn set(members: &mut Map<String, Value>, placed: &[StringPlaced]) {
    for p in placed {
        members.insert(p.argument.clone(), Value::String(p.to.clone()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn strings(names: &[&str]) -> Value {
        let properties: Map<String, Value> = names
            .iter()
            .map(|n| ((*n).to_owned(), json!({"type": "string"})))
            .collect();
        json!({"type": "object", "properties": properties, "required": names})
    }

    fn placed(user: &str, names: &[&str], mut args: Value) -> (Value, Vec<StringPlaced>) {
        let out = place_strings(&mut args, &strings(names), user);
        (args, out)
    }

    #[test]
    fn a_text_in_two_arguments_stays_where_its_word_is_and_the_other_takes_the_quoted_one() {
        let user = "Create a presentation with a result set controller `mapController` and a \
                    composite UI element `mapArea` to display the data.";
        let (args, out) = placed(
            user,
            &["controller", "parent"],
            json!({"controller": "mapController", "parent": "mapController"}),
        );
        assert_eq!(
            args,
            json!({"controller": "mapController", "parent": "mapArea"})
        );
        assert_eq!(out[0].kept_in, "controller");
    }

    #[test]
    fn the_other_holder_takes_the_quoted_text_its_own_word_names() {
        let user = "Set the launcher path '/opt/app/run' and the launcher name 'AppLauncher'.";
        let (args, _) = placed(
            user,
            &["launcher", "name"],
            json!({"launcher": "AppLauncher", "name": "AppLauncher"}),
        );
        assert_eq!(
            args,
            json!({"launcher": "/opt/app/run", "name": "AppLauncher"})
        );
    }

    #[test]
    fn nothing_changes_where_the_words_do_not_decide() {
        for (user, args) in [
            // Written twice by the user: both may be right.
            (
                "Copy 'notes' from folder 'notes' to 'archive'",
                json!({"source": "notes", "target": "notes"}),
            ),
            // No word near the text names either holder.
            (
                "Handle `ioEvent` in `channelContext` now",
                json!({"source": "ioEvent", "target": "ioEvent"}),
            ),
            // Nothing quoted to take.
            (
                "Move the source file report to the target folder",
                json!({"source": "report", "target": "report"}),
            ),
            // Not the user's text at all.
            (
                "Move the source 'a' to the target 'b'",
                json!({"source": "c", "target": "c"}),
            ),
        ] {
            let before = args.clone();
            let (after, out) = placed(user, &["source", "target"], args);
            assert_eq!(after, before, "{user}");
            assert!(out.is_empty(), "{user}");
        }
    }

    #[test]
    fn the_other_holder_takes_the_code_its_own_word_names() {
        let user = "Send the refill for patient P-20931 to pharmacy PH-118, please.";
        let (args, out) = placed(
            user,
            &["patient_id", "pharmacy_id"],
            json!({"patient_id": "118", "pharmacy_id": "118"}),
        );
        // `118` stays where its word (`pharmacy`) is; `whole_codes` widens it afterwards.
        assert_eq!(args, json!({"patient_id": "P-20931", "pharmacy_id": "118"}));
        assert_eq!(out[0].kept_in, "pharmacy_id");
        let user = "Enrol student S-10422 in course HIST-210 for the spring.";
        let (args, _) = placed(
            user,
            &["student_id", "course_code"],
            json!({"student_id": "10422", "course_code": "10422"}),
        );
        assert_eq!(
            args,
            json!({"student_id": "10422", "course_code": "HIST-210"})
        );
    }

    #[test]
    fn with_no_word_for_the_repeated_code_the_holder_left_by_the_others_keeps_it() {
        let user = "Add show TT-40912 to the watchlist (profile PR-3).";
        let (args, out) = placed(
            user,
            &["profile_id", "title_id"],
            json!({"profile_id": "TT-40912", "title_id": "TT-40912"}),
        );
        assert_eq!(args, json!({"profile_id": "PR-3", "title_id": "TT-40912"}));
        assert_eq!(out[0].kept_in, "title_id");
        // Each holder has a code of its own word, so none is left to keep the repeated one.
        let user = "Add show TT-40912 to my list; title TI-7, profile PR-3.";
        let args = json!({"profile_id": "TT-40912", "title_id": "TT-40912"});
        let (after, out) = placed(user, &["profile_id", "title_id"], args.clone());
        assert_eq!((after, out.len()), (args, 0));
    }

    #[test]
    fn a_code_written_twice_or_held_is_not_taken() {
        for (user, args) in [
            // The course code is written twice: which one is meant is not the user's to say here.
            (
                "Enrol student S-10422 in course HIST-210 (HIST-210 is full)",
                json!({"student_id": "10422", "course_code": "10422"}),
            ),
            // The only other code is the one the repeated value is a piece of.
            (
                "Enrol student S-10422 in the course",
                json!({"student_id": "10422", "course_code": "10422"}),
            ),
        ] {
            let before = args.clone();
            let (after, out) = placed(user, &["student_id", "course_code"], args);
            assert_eq!(after, before, "{user}");
            assert!(out.is_empty(), "{user}");
        }
    }

    #[test]
    fn an_argument_with_choices_or_a_shape_is_not_touched() {
        let schema = json!({"type": "object", "properties": {
            "source": {"type": "string"},
            "target": {"type": "string", "enum": ["notes", "archive"]}}});
        let mut args = json!({"source": "notes", "target": "notes"});
        let user = "Move the source `notes` to the target 'archive'";
        assert!(place_strings(&mut args, &schema, user).is_empty());
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any request and any values (multi-byte text, quotes and codes anywhere): placing
            /// never panics, and an argument it changes takes a text the request quotes or a
            /// code it writes.
            #[test]
            fn a_placed_text_is_one_the_user_quoted(
                user in "[a-zA-Zé0-9 ,.'`\"-]{0,60}",
                a in "[a-zA-Zé0-9 -]{1,8}",
                b in "[a-zA-Zé0-9 -]{1,8}",
            ) {
                let mut args = json!({"source": a.clone(), "target": b});
                let quoted = crate::grounding::quotes::quoted(&user, MAX_QUOTED_CHARS);
                let codes = crate::grounding::whole_codes::codes(&user);
                for p in placed_in(&user, &mut args) {
                    prop_assert!(
                        quoted.iter().any(|q| q.trim() == p.to) || codes.contains(&p.to),
                        "{p:?}"
                    );
                    prop_assert_eq!(&args[p.argument.as_str()], &json!(p.to));
                }
            }
        }

        fn placed_in(user: &str, args: &mut Value) -> Vec<StringPlaced> {
            place_strings(args, &strings(&["source", "target"]), user)
        }
    }
}
