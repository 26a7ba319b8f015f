//! The user's numbers, each in the argument its words name
//! ([`Recovery::named_numbers`], a piece of the small-model profile).
//!
//! A small model fills the numbers a request gives in the order it writes its arguments, not
//! where the words put them: "a room 5.5 m long and 4 m wide with 2.7 m ceilings" ran as
//! `{"ceiling_height_m": 5.5, "room_length_m": 4, "room_width_m": 2.7}`, "12.5 mg and the
//! suspension is 1.5 mg/ml" as `{"concentration_mg_per_ml": 12.5, "dose_mg": 1.5}`. Each number
//! the user wrote once and the call uses once is read with the words around it (its unit,
//! `mm` of `95mm`; the content words of its clause on each side, up to an `and`); a word counts
//! for an argument whose name has it, a dimension's adjective for its noun (`long` for
//! `length`, `wide` for `width`, `tall` and `high` for `height`, `deep` for `depth`) and a unit
//! for its spelled-out name (`mins` for `minutes`, `%` for `percent` or `fraction`). Where
//! another way of giving those numbers to those arguments has the words name them strictly
//! better than the call's, and no third way as well, the numbers move. Nothing else is touched:
//! a number written or used twice (`place_numbers` reads those), an argument the schema would
//! not take the number in, fewer than two such numbers, or words that name nothing.
//!
//! [`Recovery::named_numbers`]: crate::model::Recovery::named_numbers

use serde_json::Value;

use super::Told;
use super::own_name::{name_stems, stem};
use super::placement::{Occurrence, Placed, occurrences, top_numbers};
use super::told::same_number;

/// More numbers than this in one call are not rearranged (the ways to give them grow as a
/// factorial).
const MAX_NUMBERS: usize = 6;

/// Words that name what another word names, as far as an argument's name goes: a dimension's
/// adjective and its noun, a unit's short form and its name.
const SAME_SENSE: &[(&str, &str)] = &[
    ("long", "length"),
    ("wide", "width"),
    ("tall", "height"),
    ("high", "height"),
    ("deep", "depth"),
    ("thick", "thickness"),
    ("min", "minute"),
    ("mins", "minute"),
    ("sec", "second"),
    ("secs", "second"),
    ("hr", "hour"),
    ("hrs", "hour"),
    ("litre", "liter"),
    ("metre", "meter"),
    ("%", "percent"),
    ("pct", "percent"),
    ("fraction", "percent"),
    ("percentage", "percent"),
];

/// A word (lowercased, its plural's `s` dropped) as the sense it names.
fn sense(word: &str) -> String {
    let word = stem(word);
    SAME_SENSE
        .iter()
        .find(|(w, _)| *w == word)
        .map_or(word, |(_, s)| (*s).to_owned())
}

/// How well the words around `occurrence` name `argument` (its name's words, as senses): its
/// unit three, the nearest word on either side two, another word of its clause one.
fn score(argument: &[String], occurrence: &Occurrence) -> usize {
    let unit = occurrence
        .unit
        .as_deref()
        .filter(|u| argument.contains(&sense(u)))
        .map_or(0, |_| 3);
    // A word of parts (`mg/ml`) counts once for each part the name has.
    let words: usize = occurrence
        .words
        .iter()
        .zip(&occurrence.distances)
        .zip(&occurrence.across_and)
        .filter(|(_, across)| !**across)
        .map(|((w, d), _)| {
            let parts = w
                .split(['/', '-'])
                .filter(|p| argument.contains(&sense(p)))
                .count();
            parts * if *d == 1 { 2 } else { 1 }
        })
        .sum();
    unit + words
}

/// The best way to give `n` numbers to `n` arguments by `scores[argument][number]`: the
/// number each argument takes, when one way scores strictly highest.
fn best_way(scores: &[Vec<usize>]) -> Option<(Vec<usize>, usize)> {
    fn walk(
        scores: &[Vec<usize>],
        way: &mut Vec<usize>,
        total: usize,
        best: &mut Option<(Vec<usize>, usize)>,
        tied: &mut bool,
    ) {
        let at = way.len();
        if at == scores.len() {
            match best {
                Some((_, b)) if total == *b => *tied = true,
                Some((_, b)) if total < *b => {}
                _ => {
                    *best = Some((way.clone(), total));
                    *tied = false;
                }
            }
            return;
        }
        for number in 0..scores.len() {
            if way.contains(&number) {
                continue;
            }
            way.push(number);
            walk(scores, way, total + scores[at][number], best, tied);
            way.pop();
        }
    }
    let (mut best, mut tied) = (None, false);
    walk(scores, &mut Vec::new(), 0, &mut best, &mut tied);
    best.filter(|_| !tied)
}

/// Gives the numbers of `args` (a call to a tool with parameters `schema`) that `text` (the
/// user's words, as `told`) writes once and the call uses once to the arguments their words
/// name, as the module says. Returns what was replaced, in argument order.
pub(crate) fn place_named_numbers(
    args: &mut Value,
    schema: &Value,
    text: &str,
    told: &Told,
) -> Vec<Placed> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let numbers = top_numbers(members);
    let occurrences = occurrences(text);
    // Each number written once and used once, with the one place the user wrote it.
    let placed: Vec<(&str, f64, &Occurrence)> = numbers
        .iter()
        .filter(|(_, x)| {
            told.times(*x) == 1 && numbers.iter().filter(|(_, y)| same_number(*x, *y)).count() == 1
        })
        .filter_map(|(k, x)| {
            let mut at = occurrences
                .iter()
                .filter(|o| o.values.iter().any(|v| same_number(*v, *x)));
            match (at.next(), at.next()) {
                (Some(o), None) => Some((k.as_str(), *x, o)),
                _ => None,
            }
        })
        .collect();
    if !(2..=MAX_NUMBERS).contains(&placed.len()) {
        return Vec::new();
    }
    let names: Vec<Vec<String>> = placed
        .iter()
        .map(|(k, _, _)| name_stems(k).iter().map(|w| sense(w)).collect())
        .collect();
    let scores: Vec<Vec<usize>> = names
        .iter()
        .map(|name| placed.iter().map(|(_, _, o)| score(name, o)).collect())
        .collect();
    let current: usize = (0..placed.len()).map(|i| scores[i][i]).sum();
    let Some((way, total)) = best_way(&scores) else {
        return Vec::new();
    };
    if total <= current {
        return Vec::new();
    }
    // Every argument must take its new number as its schema says, or nothing moves.
    let mut moves = Vec::new();
    for (i, &j) in way.iter().enumerate() {
        if i == j {
            continue;
        }
        let (argument, from, _) = placed[i];
        let property = schema.get("properties").and_then(|p| p.get(argument));
        let y = placed[j].1;
        let Some(to) = super::numbers::number_value(y, property)
            .filter(|_| property.is_none_or(|p| agents_json::schema::takes_number(p, y)))
        else {
            return Vec::new();
        };
        moves.push((argument.to_owned(), from, to));
    }
    moves
        .into_iter()
        .map(|(argument, from, to)| {
            let was = members
                .insert(argument.clone(), to.clone())
                .map_or_else(|| from.to_string(), |v| v.to_string());
            Placed {
                argument,
                from: was,
                to: to.to_string(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "room_length_m": {"type": "number"}, "room_width_m": {"type": "number"},
            "ceiling_height_m": {"type": "number"}, "dose_mg": {"type": "number"},
            "concentration_mg_per_ml": {"type": "number"}, "age": {"type": "integer"},
            "resting_heart_rate": {"type": "integer"}, "boil_minutes": {"type": "integer"},
            "hop_grams": {"type": "number"}, "count": {"type": "integer", "maximum": 10}
        }})
    }

    fn placed(user: &str, mut args: Value) -> (Value, Vec<String>) {
        let out = place_named_numbers(&mut args, &schema(), user, &Told::new(user));
        let out = out
            .into_iter()
            .map(|p| format!("{}: {} -> {}", p.argument, p.from, p.to))
            .collect();
        (args, out)
    }

    #[test]
    fn numbers_filled_in_the_wrong_order_go_where_their_words_put_them() {
        let (args, out) = placed(
            "how many BTU for a room that's 5.5 m long and 4 m wide with 2.7 m ceilings?",
            json!({"ceiling_height_m": 5.5, "room_length_m": 4, "room_width_m": 2.7}),
        );
        assert_eq!(
            args,
            json!({"ceiling_height_m": 2.7, "room_length_m": 5.5, "room_width_m": 4})
        );
        assert_eq!(out.len(), 3, "{out:?}");
        let (args, _) = placed(
            "need to give 12.5 mg and the suspension is 1.5 mg/ml",
            json!({"concentration_mg_per_ml": 12.5, "dose_mg": 1.5}),
        );
        assert_eq!(
            args,
            json!({"concentration_mg_per_ml": 1.5, "dose_mg": 12.5})
        );
        // A unit written onto the number names its argument.
        let (args, _) = placed(
            "ibu for 28g of hops, boiled 60mins",
            json!({"boil_minutes": 28, "hop_grams": 60}),
        );
        assert_eq!(args, json!({"boil_minutes": 60, "hop_grams": 28}));
    }

    /// Asserts that placing leaves `args` as they are for `user`.
    fn keep(user: &str, args: Value) {
        let (after, out) = placed(user, args.clone());
        assert_eq!(after, args, "{user}");
        assert!(out.is_empty(), "{out:?}");
    }

    #[test]
    fn nothing_moves_without_words_that_decide() {
        // Already where the words put them.
        keep(
            "a room 5.5 m long and 4 m wide",
            json!({"room_length_m": 5.5, "room_width_m": 4}),
        );
        // A word past an `and` belongs to the next number.
        keep(
            "I'm 42 and my resting HR is 58",
            json!({"age": 42, "resting_heart_rate": 58}),
        );
        // The words name neither argument.
        keep(
            "take 30 and 20",
            json!({"room_length_m": 20, "room_width_m": 30}),
        );
        // A number written twice is not this piece's.
        keep(
            "5 m long, 5 m wide, 4 m high",
            json!({"room_length_m": 4, "room_width_m": 5, "ceiling_height_m": 5}),
        );
        // The schema does not take the number where the words put it: nothing moves.
        keep(
            "a count of 40 and a dose of 3 mg",
            json!({"count": 3, "dose_mg": 40}),
        );
        // One number alone.
        keep("a dose of 3 mg", json!({"dose_mg": 3}));
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// No text panics, and the call's numbers are only ever moved among its
            /// arguments: the same numbers, each once.
            #[test]
            fn numbers_are_only_moved_among_the_arguments(
                a in 0u32..50, b in 0u32..50, c in 0u32..50, told in "[a-z0-9 ,.%]{0,60}"
            ) {
                let mut args = json!({"room_length_m": a, "room_width_m": b, "dose_mg": c});
                let before: Vec<f64> = {
                    let mut v = vec![a as f64, b as f64, c as f64];
                    v.sort_by(f64::total_cmp);
                    v
                };
                place_named_numbers(&mut args, &schema(), &told, &Told::new(&told));
                let mut after: Vec<f64> = args.as_object().unwrap().values()
                    .map(|v| v.as_f64().unwrap()).collect();
                after.sort_by(f64::total_cmp);
                prop_assert_eq!(before, after);
            }
        }
    }
}
