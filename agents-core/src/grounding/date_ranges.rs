//! A date range set the way the user wrote it ([`Recovery::date_ranges`], a piece of the
//! small-model profile): the dates' counterpart of `named_numbers`.
//!
//! A small model fills a range's two ends from one date, or crosses them: "checking in on
//! 2027-03-14 and checking out on 2027-03-18" became `{"check_in": "2027-03-14", "check_out":
//! "2027-03-14"}`, "between Feb 1, 2027 and Feb 28, 2027" became `{"from_date": "2027-02-28",
//! "to_date": "2027-02-01"}`. Two `YYYY-MM-DD` arguments whose names differ only in the word
//! that makes one the start and the other the end (`start`/`end`, `from`/`to`,
//! `check_in`/`check_out`, `departure`/`return`, `since`/`until`, `after`/`before`,
//! `source`/`target`, `base`/`quote`) are a
//! range. A range that ends before it starts, both ends dates the user wrote, is turned round;
//! a range whose ends are one date, where the user wrote exactly two dates and that one is of
//! them, runs from the earlier of the two to the later. Nothing else is touched: a range
//! whose ends the user did not write, a one-day range where the user wrote one date or three,
//! arguments that are no pair.
//!
//! [`Recovery::date_ranges`]: crate::model::Recovery::date_ranges

use agents_json::DateForm;
use serde_json::{Map, Value};

/// A range whose ends were set.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RangeSet {
    /// The argument holding its start.
    pub start: String,
    /// The argument holding its end.
    pub end: String,
    /// The start and the end it held.
    pub was: (String, String),
    /// The start and the end it holds now.
    pub now: (String, String),
}

impl From<RangeSet> for crate::event::ArgumentChange {
    fn from(r: RangeSet) -> Self {
        crate::event::ArgumentChange::RangeSet {
            start: r.start,
            end: r.end,
            was: r.was,
            now: r.now,
        }
    }
}

/// The words that make an argument a range's start, each with the word that makes its
/// partner the end.
const ENDS: [(&str, &str); 14] = [
    ("start", "end"),
    ("begin", "end"),
    ("from", "to"),
    ("from", "until"),
    ("since", "until"),
    ("after", "before"),
    ("in", "out"),
    ("checkin", "checkout"),
    ("departure", "return"),
    ("depart", "return"),
    ("arrival", "departure"),
    ("first", "last"),
    ("source", "target"),
    ("base", "quote"),
];

/// Whether `start` and `end` name a range's two ends: the same words but one, which is a
/// start's word in `start` and its end's word in `end`.
pub(super) fn is_range(start: &str, end: &str) -> bool {
    let (s, e) = (crate::text::words(start), crate::text::words(end));
    if s.len() != e.len() {
        return false;
    }
    let differing: Vec<usize> = (0..s.len()).filter(|&i| s[i] != e[i]).collect();
    let [i] = differing[..] else {
        return false;
    };
    ENDS.iter().any(|(a, b)| s[i] == *a && e[i] == *b)
}

/// The call's ranges: pairs of top-level arguments that name a range's two ends and both hold
/// a `YYYY-MM-DD` date, start first.
fn ranges(members: &Map<String, Value>) -> Vec<(String, String)> {
    let date = |k: &str| {
        members
            .get(k)
            .and_then(Value::as_str)
            .is_some_and(|v| DateForm::Date.holds(v))
    };
    let mut out = Vec::new();
    for start in members.keys().filter(|k| date(k)) {
        for end in members.keys().filter(|k| date(k)) {
            if is_range(start, end) {
                out.push((start.clone(), end.clone()));
            }
        }
    }
    out
}

/// Sets the ranges of `args` (a call to a tool) the way `told` (what the model was told)
/// writes them, as the module says. Returns what was set.
pub(crate) fn set_date_ranges(args: &mut Value, told: &str) -> Vec<RangeSet> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let pairs = ranges(members);
    if pairs.is_empty() {
        return Vec::new();
    }
    let mut written: Vec<String> = super::whole_dates::user_dates(told);
    written.sort();
    written.dedup();
    let mut out = Vec::new();
    for (start, end) in pairs {
        let held = |k: &str| members[k].as_str().unwrap_or_default().to_owned();
        let was = (held(&start), held(&end));
        let users = |d: &str| written.iter().any(|w| w == d);
        let now = if was.0 > was.1 && users(&was.0) && users(&was.1) {
            (was.1.clone(), was.0.clone())
        } else if was.0 == was.1 && written.len() == 2 && users(&was.0) {
            (written[0].clone(), written[1].clone())
        } else {
            continue;
        };
        members.insert(start.clone(), Value::String(now.0.clone()));
        members.insert(end.clone(), Value::String(now.1.clone()));
        out.push(RangeSet {
            start,
            end,
            was,
            now,
        });
    }
    out
}

/// Sets the ranges of times of day in `args` (a call to a tool with parameters `schema`) the
/// way `told` writes them ([`Recovery::time_ranges`]): two arguments whose descriptions ask for
/// a time of day (`HH:MM`) and whose names make them a range's ends, where the user wrote
/// exactly two times of day and the pair is not those two (in either order), and where each end
/// holds one of them, the other end's value, or no time at all (a date, `"14:00 to 15:30"`),
/// run from the first time written to the second. An end holding a time the user did not
/// write (the model may have worked it out from "for two hours") is left as it is, and so are
/// ends crossed (a range may run past midnight). Returns what was set.
///
/// [`Recovery::time_ranges`]: crate::model::Recovery::time_ranges
pub(crate) fn set_time_ranges(args: &mut Value, schema: &Value, told: &str) -> Vec<RangeSet> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let times: Vec<(String, DateForm)> = members
        .iter()
        .filter(|(_, v)| v.is_string())
        .filter_map(|(k, _)| {
            let form = super::whole_dates::described_form(schema, k)?;
            matches!(form, DateForm::Time { .. }).then(|| (k.clone(), form))
        })
        .collect();
    let pairs: Vec<(&String, DateForm, &String)> = times
        .iter()
        .flat_map(|(start, form)| {
            let ends = times.iter().filter(|(end, _)| is_range(start, end));
            ends.map(move |(end, _)| (start, *form, end))
        })
        .collect();
    let written = match super::whole_dates::user_times(told)[..] {
        [a, b] if !pairs.is_empty() => [a, b],
        _ => return Vec::new(),
    };
    let mut out = Vec::new();
    for (start, form, end) in pairs {
        let [first, second] = written.map(|(h, m)| form.write("", h, m));
        let held = |k: &str| members[k].as_str().unwrap_or_default().to_owned();
        let was = (held(start), held(end));
        if was == (first.clone(), second.clone()) || was == (second.clone(), first.clone()) {
            continue;
        }
        // An end may hold one of the user's times, the other end's value, or no time at all.
        let fits = |own: &str, other: &str| {
            own == first || own == second || own == other || !form.holds(own)
        };
        if !(fits(&was.0, &was.1) && fits(&was.1, &was.0)) {
            continue;
        }
        let now = (first, second);
        members.insert(start.clone(), Value::String(now.0.clone()));
        members.insert(end.clone(), Value::String(now.1.clone()));
        out.push(RangeSet {
            start: start.clone(),
            end: end.clone(),
            was,
            now,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn set(user: &str, mut args: Value) -> (Value, Vec<RangeSet>) {
        let out = set_date_ranges(&mut args, user);
        (args, out)
    }

    #[test]
    fn names_pair_as_a_range_by_the_one_word_that_differs() {
        for (start, end) in [
            ("start_date", "end_date"),
            ("from_date", "to_date"),
            ("date_from", "date_to"),
            ("check_in", "check_out"),
            ("checkinDate", "checkoutDate"),
            ("departure_date", "return_date"),
            ("valid_since", "valid_until"),
            ("created_after", "created_before"),
            ("start", "end"),
        ] {
            assert!(is_range(start, end), "{start} {end}");
            assert!(!is_range(end, start), "{end} {start}");
        }
        for (a, b) in [
            ("start_date", "due_date"),
            ("from_city", "to_date"),
            ("start_date", "end_time_date"),
            ("date", "date"),
        ] {
            assert!(!is_range(a, b), "{a} {b}");
        }
    }

    #[test]
    fn a_range_with_one_date_at_both_ends_runs_between_the_two_dates_the_user_wrote() {
        let user = "Book a suite in Lisbon, checking in on 2027-03-14 and checking out on \
                    2027-03-18.";
        for held in ["2027-03-14", "2027-03-18"] {
            let (args, out) = set(
                user,
                json!({"check_in": held, "check_out": held, "guests": 2}),
            );
            assert_eq!(
                args,
                json!({"check_in": "2027-03-14", "check_out": "2027-03-18", "guests": 2})
            );
            assert_eq!(out.len(), 1);
            assert_eq!(out[0].was, (held.to_owned(), held.to_owned()));
        }
    }

    #[test]
    fn a_range_that_ends_before_it_starts_is_turned_round() {
        let user = "Which games are played between Feb 1, 2027 and Feb 28, 2027?";
        let (args, out) = set(
            user,
            json!({"from_date": "2027-02-28", "to_date": "2027-02-01"}),
        );
        assert_eq!(
            args,
            json!({"from_date": "2027-02-01", "to_date": "2027-02-28"})
        );
        assert_eq!(out[0].start, "from_date");
        assert_eq!(out[0].end, "to_date");
    }

    #[test]
    fn nothing_is_guessed() {
        for (user, args) in [
            // A one-day range the user asked for.
            (
                "Block the room on 2027-03-14 only",
                json!({"start_date": "2027-03-14", "end_date": "2027-03-14"}),
            ),
            // Three dates: which two are the range is not for this piece to say.
            (
                "From 2027-03-14 to 2027-03-18, not 2027-03-20",
                json!({"start_date": "2027-03-14", "end_date": "2027-03-14"}),
            ),
            // A date nobody wrote at one end.
            (
                "From 2027-03-14 to 2027-03-18",
                json!({"start_date": "2027-03-19", "end_date": "2027-03-14"}),
            ),
            // The right way round already.
            (
                "From 2027-03-14 to 2027-03-18",
                json!({"start_date": "2027-03-14", "end_date": "2027-03-18"}),
            ),
            // Not a pair of ends.
            (
                "Due 2027-03-18, opened 2027-03-14",
                json!({"start_date": "2027-03-18", "due_date": "2027-03-14"}),
            ),
            // Not dates in the form a range is compared in.
            (
                "From 14 March 2027 to 18 March 2027",
                json!({"start_date": "18 March 2027", "end_date": "14 March 2027"}),
            ),
        ] {
            let before = args.clone();
            let (after, out) = set(user, args);
            assert_eq!(after, before, "{user}");
            assert!(out.is_empty(), "{user}");
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Any request and any two values: setting never panics, and a range it sets ends
            /// no earlier than it starts, both ends dates the user wrote.
            #[test]
            fn a_set_range_runs_forward_between_the_users_dates(
                user in "((2027-0[1-3]-1[0-9]|[a-zA-Z]{1,5}|,) ){0,8}",
                a in "(2027-0[1-3]-1[0-9])|[a-z0-9 -]{0,10}",
                b in "(2027-0[1-3]-1[0-9])|[a-z0-9 -]{0,10}",
            ) {
                let mut args = json!({"start_date": a, "end_date": b});
                let written = crate::grounding::whole_dates::user_dates(&user);
                for r in set_date_ranges(&mut args, &user) {
                    prop_assert!(r.now.0 <= r.now.1, "{r:?}");
                    prop_assert!(written.contains(&r.now.0) && written.contains(&r.now.1));
                }
            }
        }
    }

    fn times() -> Value {
        json!({"type": "object", "properties": {
            "meeting_date": {"type": "string", "description": "Day. Format: YYYY-MM-DD."},
            "start_time": {"type": "string", "description": "Start. Format: HH:MM, 24-hour."},
            "end_time": {"type": "string", "description": "End. Format: HH:MM, 24-hour."}
        }})
    }

    #[test]
    fn a_time_range_holding_no_time_or_one_runs_as_the_user_wrote_it() {
        let told = "Book room RM-4B for 12 people on 19 October 2027 from 2pm to 15:30.";
        for (start, end) in [
            ("14:00 to 15:30", "19 October 2027"),
            ("14:00", "14:00"),
            ("15:30", "2027-10-19"),
            ("", "15:30"),
        ] {
            let mut args =
                json!({"meeting_date": "2027-10-19", "start_time": start, "end_time": end});
            let set = set_time_ranges(&mut args, &times(), told);
            assert_eq!(args["start_time"], "14:00", "{start} / {end}");
            assert_eq!(args["end_time"], "15:30", "{start} / {end}");
            assert_eq!(set.len(), 1);
            assert_eq!(set[0].was, (start.to_owned(), end.to_owned()));
        }
    }

    #[test]
    fn time_ranges_are_not_guessed() {
        for (start, end, told) in [
            // Already as written, or crossed (a night shift runs past midnight).
            ("14:00", "15:30", "from 14:00 to 15:30"),
            ("06:00", "22:00", "the night shift from 22:00 to 06:00"),
            // A time the user did not write: worked out, maybe, from their words.
            (
                "10:00",
                "12:00",
                "at 10:00 for two hours, remind me at 09:00",
            ),
            // One time written, or three.
            ("14:00", "2027-10-19", "at 14:00 on 19 October 2027"),
            ("14:00", "14:00", "at 14:00, 15:00 or 16:00"),
        ] {
            let mut args = json!({"start_time": start, "end_time": end});
            let before = args.clone();
            let set = set_time_ranges(&mut args, &times(), told);
            assert!(set.is_empty(), "{told}: {set:?}");
            assert_eq!(args, before);
        }
    }
}
