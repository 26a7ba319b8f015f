//! A number taken out of a code, set to the number the user wrote for it
//! ([`Recovery::code_digits`], a piece of the small-model profile).
//!
//! A small model reads numbers out of the codes a request carries: "book photographer PH-118
//! for a 3 hour shoot" became `{"hours": 118}`, "field S-7 starting 05:30 for 45 min"
//! `{"duration_minutes": 7}`, "key KEY-7f3a-22 … valid for 30 days" `{"expires_in_days": 7}`.
//! The user wrote those digits as a piece of a code (as `whole_codes` reads codes), never as a
//! number. Where a top-level number argument holds a number the user's words give only inside
//! their codes, it takes the number of theirs, outside the codes, whose words name it best (as
//! `place_numbers` reads the words around a number: "3 *hour*" for `hours`), or, where no words
//! do, the one number of theirs no argument holds. Times of day and dates are not numbers here
//! (`05:30`, `2027-05-22`). Nothing else is guessed: a number the user also wrote on its own,
//! one no code holds, or no number (or two) to take leaves the call as it is.
//!
//! [`Recovery::code_digits`]: crate::model::Recovery::code_digits

use serde_json::Value;

use super::placement::{Occurrence, only_unheld, top_numbers, unique_best};
use super::told::same_number;

/// A number argument set from a piece of a code to the user's number.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct OutOfCode {
    /// The argument.
    pub argument: String,
    /// The number it held, as written.
    pub from: String,
    /// The number it now holds.
    pub to: String,
}

impl From<OutOfCode> for crate::event::ArgumentChange {
    fn from(o: OutOfCode) -> Self {
        crate::event::ArgumentChange::NumberOutOfCode {
            argument: o.argument,
            from: o.from,
            to: o.to,
        }
    }
}

/// Sets every top-level number of `args` (a call to a tool with parameters `schema`) that `told`
/// (what the model was told) gives only inside a code to the number the user's words give it,
/// as the module says. Returns what was set, in argument order.
pub(crate) fn set_code_digits(args: &mut Value, schema: &Value, told: &str) -> Vec<OutOfCode> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let numbers = top_numbers(members);
    if numbers.is_empty() {
        return Vec::new();
    }
    let codes = super::whole_codes::codes(told);
    if codes.is_empty() {
        return Vec::new();
    }
    // The user's words outside their codes, dates and times of day.
    let mut outside = told.to_owned();
    let set_aside = super::whole_dates::dates_and_times_written(told);
    for piece in codes.iter().chain(&set_aside) {
        outside = outside.replace(piece.as_str(), " ");
    }
    let outside_lower = outside.to_lowercase();
    let occurrences: Vec<Occurrence> = super::placement::occurrences(&outside);
    let mut held: Vec<f64> = numbers.iter().map(|(_, x)| *x).collect();
    let mut out = Vec::new();
    for (argument, x) in &numbers {
        let only_in_codes = super::numbers::times_given(&outside_lower, *x) == 0
            && codes.iter().any(|code| holds_digits(code, *x));
        if !only_in_codes {
            continue;
        }
        let property = schema.get("properties").and_then(|p| p.get(argument));
        let others: Vec<f64> = held
            .iter()
            .copied()
            .filter(|h| !same_number(*h, *x))
            .collect();
        let Some(y) = unique_best(argument, property, &occurrences, &others)
            .or_else(|| only_unheld(property, &occurrences, &others))
        else {
            continue;
        };
        let Some(number) = super::numbers::number_value(y, property) else {
            continue;
        };
        held.push(y);
        out.push(OutOfCode {
            argument: argument.clone(),
            from: members[argument].to_string(),
            to: number.to_string(),
        });
        members.insert(argument.clone(), number);
    }
    out
}

/// Whether `code` holds a run of digits that reads as `x` (`118` of `PH-118`, `7` of
/// `rcp-lasagna-07`).
fn holds_digits(code: &str, x: f64) -> bool {
    code.split(|c: char| !c.is_ascii_digit())
        .filter(|run| !run.is_empty())
        .any(|run| run.parse::<f64>().is_ok_and(|y| same_number(x, y)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "photographer_id": {"type": "string"},
            "hours": {"type": "integer"},
            "start_time": {"type": "string"},
            "original_servings": {"type": "integer"},
            "target_servings": {"type": "integer"},
            "duration_minutes": {"type": "integer"}
        }})
    }

    fn set(args: Value, told: &str) -> (Value, Vec<OutOfCode>) {
        let mut args = args;
        let out = set_code_digits(&mut args, &schema(), told);
        (args, out)
    }

    #[test]
    fn a_number_read_out_of_a_code_takes_the_users_number() {
        let told = "book photographer PH-118 for a 3 hour shoot on 2027-05-22 starting 16:00";
        let (args, out) = set(json!({"photographer_id": "PH-118", "hours": 118}), told);
        assert_eq!(args["hours"], 3);
        assert_eq!(out[0].from, "118");
        // Named by no words: the one number no argument holds, times of day aside.
        let told = "run the sprinklers on field S-7 starting 05:30 for 45 min";
        let (args, _) = set(json!({"duration_minutes": 7}), told);
        assert_eq!(args["duration_minutes"], 45);
        // Two from one code: the words name one, the other takes the number left.
        let told = "recipe rcp-lasagna-07 makes 4 servings but I'm feeding twelve people";
        let (args, _) = set(json!({"original_servings": 7, "target_servings": 7}), told);
        assert_eq!(args["original_servings"], 4);
        assert_eq!(args["target_servings"], 12);
    }

    #[test]
    fn nothing_is_guessed() {
        for (args, told) in [
            // Written on its own too; in no code; no number to take, or two.
            (json!({"hours": 7}), "room R-7 for 7 hours"),
            (json!({"hours": 9}), "room R-7 for 3 hours"),
            (json!({"hours": 7}), "room R-7, the usual"),
            (json!({"duration_minutes": 7}), "field S-7: 45 or 60 please"),
        ] {
            let (after, out) = set(args.clone(), told);
            assert!(out.is_empty(), "{args} / {told}: {out:?}");
            assert_eq!(after, args);
        }
    }

    proptest::proptest! {
        #[test]
        fn no_text_panics(told in "\\PC{0,40}", x in 0u32..200) {
            let mut args = json!({"hours": x, "duration_minutes": 7});
            set_code_digits(&mut args, &schema(), &told);
        }
    }
}
