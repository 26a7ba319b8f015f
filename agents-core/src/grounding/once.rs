//! A number the user gave once, used once ([`Recovery::numbers_once`], a piece of the
//! small-model profile).
//!
//! Held to the numbers the user gave, a small model fills an optional number argument with one
//! of them all the same: "the magnetic field of a current of 12 A at 8 m" became
//! `{"current": 12, "distance": 8, "mu0": 12}`, the permeability the tool has a default for
//! set to the current. When a call holds one number in more arguments than the user's words
//! give it, the optional arguments that repeat it are left out, as many as it is used too
//! often (the tool's default then applies); required ones are never touched. On BFCL's first
//! 124 questions (development data) the rule, applied to prevention mode's calls as they were
//! written at `0908826`, made 7 wrong answers right and no right answer wrong; on 158 questions
//! nobody read, 1 and none (docs/EVAL.md).
//!
//! [`Recovery::numbers_once`]: crate::model::Recovery::numbers_once

use serde_json::Value;

use super::Told;

/// An optional argument left out because it repeated a number another argument holds.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Reused {
    /// The argument left out.
    pub argument: String,
    /// The number it held, as written.
    pub value: String,
    /// An argument that holds the same number and stays.
    pub kept_in: String,
}

impl From<Reused> for crate::event::ArgumentChange {
    fn from(r: Reused) -> Self {
        crate::event::ArgumentChange::NumberReused {
            argument: r.argument,
            value: r.value,
            kept_in: r.kept_in,
        }
    }
}

/// Leaves out of `args` the optional top-level number arguments that repeat a number the call
/// uses more often than `told` gives it (a number the text does not give counts as given
/// once). Returns what was left out, by argument name, in reverse name order per number.
pub(crate) fn leave_out_reused_numbers(
    args: &mut Value,
    schema: &Value,
    told: &Told,
) -> Vec<Reused> {
    let Some(members) = args.as_object() else {
        return Vec::new();
    };
    let required = crate::model::required_arguments(schema);
    // Each number with the arguments that hold it, in name order.
    let mut uses: Vec<(f64, Vec<&str>)> = Vec::new();
    for (name, v) in members {
        let Some(x) = v.as_f64().filter(|_| v.is_number()) else {
            continue;
        };
        match uses
            .iter_mut()
            .find(|(y, _)| super::told::same_number(x, *y))
        {
            Some((_, names)) => names.push(name),
            None => uses.push((x, vec![name])),
        }
    }
    let mut out = Vec::new();
    for (x, names) in &uses {
        let extra = names.len().saturating_sub(told.times(*x).max(1));
        if extra == 0 {
            continue;
        }
        let optional: Vec<&str> = names
            .iter()
            .rev()
            .filter(|n| !required.contains(n))
            .copied()
            .take(extra)
            .collect();
        let Some(kept_in) = names.iter().find(|n| !optional.contains(n)) else {
            continue;
        };
        for argument in optional {
            out.push(Reused {
                argument: argument.to_owned(),
                value: members[argument].to_string(),
                kept_in: (*kept_in).to_owned(),
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

    fn schema(required: &[&str]) -> Value {
        json!({"type": "object", "properties": {
            "current": {"type": "number"}, "distance": {"type": "number"},
            "mu0": {"type": "number"}, "turns": {"type": "integer"}},
            "required": required})
    }

    fn left_out(user: &str, mut args: Value, required: &[&str]) -> (Value, Vec<String>) {
        let out = leave_out_reused_numbers(&mut args, &schema(required), &Told::new(user));
        (
            args,
            out.into_iter()
                .map(|r| format!("{}={} ({})", r.argument, r.value, r.kept_in))
                .collect(),
        )
    }

    #[test]
    fn an_optional_argument_repeating_a_number_given_once_is_left_out() {
        let (args, out) = left_out(
            "the magnetic field of a current of 12 A at 8 m",
            json!({"current": 12, "distance": 8, "mu0": 12}),
            &["current", "distance"],
        );
        assert_eq!(args, json!({"current": 12, "distance": 8}));
        assert_eq!(out, ["mu0=12 (current)"]);
    }

    #[test]
    fn a_number_given_as_often_as_used_required_arguments_and_other_values_stay() {
        let keep = |user: &str, args: Value, required: &[&str]| {
            let (after, out) = left_out(user, args.clone(), required);
            assert_eq!(after, args, "{user}");
            assert!(out.is_empty(), "{out:?}");
        };
        // Given twice: used twice.
        keep(
            "12 turns of wire carrying 12 A",
            json!({"current": 12, "turns": 12}),
            &["current"],
        );
        // Both required: which one is wrong is not known here.
        keep(
            "a current of 12 A",
            json!({"current": 12, "distance": 12}),
            &["current", "distance"],
        );
        // Different numbers; a value that is not a number; arguments that are not an object.
        keep(
            "12 A at 8 m",
            json!({"current": 12, "mu0": 8}),
            &["current"],
        );
        keep("12 A", json!({"current": "12", "mu0": "12"}), &[]);
        keep("12 A", json!([12, 12]), &[]);
    }

    #[test]
    fn an_optional_argument_is_left_out_rather_than_a_required_one_and_one_always_stays() {
        let (args, out) = left_out(
            "12 A",
            json!({"current": 12, "distance": 12, "mu0": 12}),
            &["distance"],
        );
        assert_eq!(args, json!({"distance": 12}));
        assert_eq!(out.len(), 2, "{out:?}");
        // Nothing required: one of them stays (the first by name).
        let (args, _) = left_out("12 A", json!({"current": 12, "mu0": 12}), &[]);
        assert_eq!(args, json!({"current": 12}));
    }
}
