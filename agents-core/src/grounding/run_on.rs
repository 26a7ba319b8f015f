//! A free text that runs on into another argument's value, cut before it
//! ([`Recovery::cut_other_values`], a piece of the small-model profile).
//!
//! Held to the user's words, a small model takes a run of them that goes past its value into
//! the next one: "the Eredivisie for the 2026-27 season" called with `{"league": "Eredivisie",
//! "season": "Eredivisie for the 2026-27"}`, "a playlist Morning Run with the tracks TRK-1 and
//! TRK-2" with `{"name": "Morning Run with the tracks TRK-1 and TRK-2", "track_ids": ["TRK-1",
//! "TRK-2"]}`. Where a free string is a run of the user's words (in their order) that opens or
//! ends with another argument's value (a text, or the items of a list of texts), and a framing
//! word (`for`, `with`, `the`, …) stands between that value and the rest, the value and the
//! words that join it (framing words, words of the other argument's name) are cut off. The
//! rest is kept as the user wrote it. A value that is not a run of the user's words, one joined
//! to the other value by no framing word ("10 Main St, Springfield"), nothing left, or an
//! argument whose name says it takes prose (`note`, `message`, `description`, `title`,
//! `reason`, …), where other values belong: as it is.
//!
//! [`Recovery::cut_other_values`]: crate::model::Recovery::cut_other_values

use serde_json::Value;

use super::own_name::{name_stems, stem};
use super::retold::word;

/// A text cut before the other argument's value it ran on into.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RunOnCut {
    /// The argument.
    pub argument: String,
    /// The text it held, as written.
    pub value: String,
    /// The argument whose value it ran on into.
    pub other: String,
    /// The text it now holds.
    pub to: String,
}

impl From<RunOnCut> for crate::event::ArgumentChange {
    fn from(c: RunOnCut) -> Self {
        crate::event::ArgumentChange::RunOnCut {
            argument: c.argument,
            value: c.value,
            other: c.other,
            to: c.to,
        }
    }
}

/// Words of a name, beside free text's (`note`, `message`, `description`), that say its
/// argument is a sentence of its own, which may well name other arguments' values ("Review of
/// Q3 with Bob" as the `title` of a meeting Bob attends).
const SENTENCE_WORDS: &[&str] = &[
    "title", "subject", "reason", "request", "summary", "headline",
];

/// Whether an argument named `name` takes prose, in which other values belong.
fn takes_prose(name: &str) -> bool {
    let words = crate::text::words(name);
    super::other_kind::any_of(&words, super::other_kind::TEXT_WORDS)
        || super::other_kind::any_of(&words, SENTENCE_WORDS)
}

/// The tokens of `text` that hold a word, each with its word.
fn tokens(text: &str) -> Vec<(&str, String)> {
    text.split_whitespace()
        .map(|t| (t, word(t)))
        .filter(|(_, w)| !w.is_empty())
        .collect()
}

/// Whether `run` stands in `user` word for word, in order.
pub(super) fn is_run_of(run: &[String], user: &[String]) -> bool {
    !run.is_empty() && user.windows(run.len()).any(|w| w == run)
}

/// The texts another argument holds: its string, or its list's strings.
fn texts(value: &Value) -> Vec<Vec<String>> {
    let one = |v: &Value| {
        v.as_str()
            .map(|s| tokens(s).into_iter().map(|(_, w)| w).collect::<Vec<_>>())
            .filter(|w| w.iter().map(|w| w.chars().count()).sum::<usize>() >= 2)
    };
    match value {
        Value::Array(items) => items.iter().filter_map(one).collect(),
        v => one(v).into_iter().collect(),
    }
}

/// Cuts each free string of `args` (a call to a tool with parameters `schema`) that runs on
/// into another argument's value, as the module says.
pub(crate) fn cut_run_ons(args: &mut Value, schema: &Value, told: &str) -> Vec<RunOnCut> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let user: Vec<String> = tokens(told).into_iter().map(|(_, w)| w).collect();
    let mut out = Vec::new();
    for (name, value) in members.iter() {
        let Some(text) = value.as_str() else {
            continue;
        };
        let own = tokens(text);
        let words: Vec<String> = own.iter().map(|(_, w)| w.clone()).collect();
        if own.len() < 3
            || takes_prose(name)
            || !super::narrowed::is_free_string_argument(schema, name)
            || !is_run_of(&words, &user)
        {
            continue;
        }
        for (other, other_value) in members.iter().filter(|(o, _)| *o != name) {
            let Some((from, to)) = kept(&words, &texts(other_value), &name_stems(other)) else {
                continue;
            };
            let rest: Vec<&str> = own[from..to].iter().map(|(t, _)| *t).collect();
            let rest = rest.join(" ").trim_end_matches([',', ';', ':']).to_owned();
            out.push(RunOnCut {
                argument: name.clone(),
                value: text.to_owned(),
                other: other.clone(),
                to: rest,
            });
            break;
        }
    }
    for c in &out {
        members.insert(c.argument.clone(), Value::String(c.to.clone()));
    }
    out
}

/// The range of `words` kept when the other argument's values (`others`, each a text's words)
/// open or end it, joined by a framing word: `None` when they do not, or nothing is left.
fn kept(words: &[String], others: &[Vec<String>], other_name: &[String]) -> Option<(usize, usize)> {
    let joins = |w: &str| super::spans::is_framing(w) || other_name.contains(&stem(w));
    let framing = |w: &str| super::spans::is_framing(w);
    // Opens with one of them: skip it and the joining words after.
    for o in others {
        if words.len() > o.len() && words[..o.len()] == o[..] {
            let mut at = o.len();
            let mut framed = false;
            while at < words.len() && joins(&words[at]) {
                framed |= framing(&words[at]);
                at += 1;
            }
            if framed && at < words.len() {
                return Some((at, words.len()));
            }
        }
    }
    // Ends with them: the tail made only of their words and `and`s/`or`s, from the first
    // place one of them opens; then the joining words before it.
    let opens_at = (1..words.len()).find(|&i| {
        others
            .iter()
            .any(|o| words.len() >= i + o.len() && words[i..i + o.len()] == o[..])
    })?;
    let tail_is_theirs = words[opens_at..]
        .iter()
        .all(|w| matches!(w.as_str(), "and" | "or") || others.iter().any(|o| o.contains(w)));
    if !tail_is_theirs {
        return None;
    }
    let mut end = opens_at;
    let mut framed = false;
    while end > 0 && joins(&words[end - 1]) {
        framed |= framing(&words[end - 1]);
        end -= 1;
    }
    (framed && end > 0).then_some((0, end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "league": {"type": "string"},
            "season": {"type": "string"},
            "name": {"type": "string"},
            "track_ids": {"type": "array", "items": {"type": "string"}},
            "address": {"type": "string"},
            "message": {"type": "string"},
            "city": {"type": "string"}
        }})
    }

    fn cut(user: &str, mut args: Value) -> (Value, Vec<RunOnCut>) {
        let out = cut_run_ons(&mut args, &schema(), user);
        (args, out)
    }

    #[test]
    fn a_text_opening_with_another_value_keeps_what_follows_it() {
        let user = "Show the standings of the Eredivisie for the 2026-27 season.";
        let (args, out) = cut(
            user,
            json!({"league": "Eredivisie", "season": "Eredivisie for the 2026-27"}),
        );
        assert_eq!(args, json!({"league": "Eredivisie", "season": "2026-27"}));
        assert_eq!(out[0].other, "league");
    }

    #[test]
    fn a_text_ending_with_a_lists_items_keeps_what_comes_before() {
        let user = "Make a playlist Morning Run with the tracks TRK-1 and TRK-2.";
        let (args, _) = cut(
            user,
            json!({"name": "Morning Run with the tracks TRK-1 and TRK-2",
                   "track_ids": ["TRK-1", "TRK-2"]}),
        );
        assert_eq!(args["name"], json!("Morning Run"));
    }

    #[test]
    fn nothing_else_is_cut() {
        for (user, args) in [
            // Joined by a comma, not a framing word.
            (
                "Ship it to 10 Main St, Springfield today.",
                json!({"address": "10 Main St, Springfield", "city": "Springfield"}),
            ),
            // Not a run of the user's words.
            (
                "Show the Eredivisie table, season 2026-27.",
                json!({"league": "Eredivisie", "season": "Eredivisie for the 2026-27"}),
            ),
            // Nothing left after the other value and its joining words.
            (
                "Show the Eredivisie for the season.",
                json!({"league": "Eredivisie", "season": "Eredivisie for the"}),
            ),
            // Prose, where other values belong.
            (
                "Tell them the Eredivisie for the 2026-27 season starts.",
                json!({"league": "Eredivisie", "message": "Eredivisie for the 2026-27"}),
            ),
            // The other value in the middle.
            (
                "Make a playlist Run with TRK-1 for Sunday mornings.",
                json!({"name": "Run with TRK-1 for Sunday", "track_ids": ["TRK-1"]}),
            ),
        ] {
            let before = args.clone();
            let (after, out) = cut(user, args);
            assert_eq!(after, before, "{user}");
            assert!(out.is_empty(), "{user}");
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any request and values: never panics, and what is kept is a run of the value's
            /// own tokens, shorter than it.
            #[test]
            fn what_is_kept_is_part_of_the_value(
                user in "[a-zA-Zé0-9 ,.'-]{0,80}",
                season in "[a-zA-Zé0-9 ,.'-]{0,40}",
                league in "[a-zA-Zé0-9 -]{0,12}",
            ) {
                let mut args = json!({"league": league, "season": season.clone()});
                for c in cut_run_ons(&mut args, &schema(), &user) {
                    prop_assert!(c.to.len() < c.value.len(), "{c:?}");
                    prop_assert!(!c.to.is_empty(), "{c:?}");
                }
            }
        }
    }
}
