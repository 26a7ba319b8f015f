//! The readings of a call's arguments against the user's words and their descriptions
//! ([`Recovery::whole_quotes`], [`Recovery::whole_codes`], [`Recovery::whole_lists`],
//! [`Recovery::whole_dates`], [`Recovery::described_dates`],
//! [`Recovery::described_fractions`]), in one place for every
//! path a value takes into a call: the pass over a turn's calls before its round
//! (`set_right`), and the repair steps that put the model's answers into a call after that
//! pass ran (`ask_values`, `regenerate`). Read only by the turn's pass, a date the user wrote
//! as "June 5, 2027" that `ask_values` found for an argument whose description asks for
//! `YYYY-MM-DD` ran as it was written.
//!
//! [`Recovery::whole_quotes`]: crate::model::Recovery::whole_quotes
//! [`Recovery::whole_codes`]: crate::model::Recovery::whole_codes
//! [`Recovery::whole_lists`]: crate::model::Recovery::whole_lists
//! [`Recovery::whole_dates`]: crate::model::Recovery::whole_dates
//! [`Recovery::described_dates`]: crate::model::Recovery::described_dates
//! [`Recovery::described_fractions`]: crate::model::Recovery::described_fractions

use serde_json::Value;

use super::{set_described_fractions, widen_codes, widen_dates, widen_lists, widen_quotes};
use crate::event::ArgumentChange;
use crate::model::Recovery;

/// Reads `args` (a call to a tool with parameters `schema`) as the pieces of `recovery` that
/// are on ask, against the user's words (`told`): a piece of a text they quote as that whole
/// quote; an identifier holding their words around one code as the code; a piece of a code
/// they write (`HX-448812`) as that whole code; the one code of theirs no argument holds as
/// the one identifier holding none; a list holding an item of a list they write and
/// words nobody wrote as their list; a name where its description asks for its standard code
/// as that code; a name with the sentence's `the` as the name; a piece of a
/// date they write as that whole date; a date people write as the `YYYY-MM-DD` its
/// description asks for; a range of two dates the way they write it; a percent they write as
/// the fraction its description asks for; an optional switch on that they never name left
/// out; an optional text retelling their request left out.
/// Each reading that changed something, with the step it is reported as, in that order.
pub(crate) fn read_described(
    args: &mut Value,
    schema: &Value,
    recovery: &Recovery,
    told: &str,
) -> Vec<(&'static str, Vec<ArgumentChange>)> {
    let mut out = Vec::new();
    let mut note = |step, changes: Vec<ArgumentChange>| {
        if !changes.is_empty() {
            out.push((step, changes));
        }
    };
    if recovery.whole_quotes {
        note("whole_quotes", changes(widen_quotes(args, schema, told)));
    }
    if recovery.bare_codes {
        note(
            "bare_codes",
            changes(super::set_bare_codes(args, schema, told)),
        );
    }
    if recovery.whole_codes {
        note("whole_codes", changes(widen_codes(args, schema, told)));
    }
    if recovery.labelled_codes {
        let given = super::labelled_codes::give_labelled_codes(args, schema, told);
        note("labelled_codes", changes(given));
    }
    if recovery.lone_codes {
        note(
            "lone_codes",
            changes(super::lone_codes::give_lone_code(args, schema, told)),
        );
    }
    if recovery.code_digits {
        note(
            "code_digits",
            changes(super::code_digits::set_code_digits(args, schema, told)),
        );
    }
    if recovery.whole_lists {
        note("whole_lists", changes(widen_lists(args, schema, told)));
    }
    if recovery.standard_codes {
        note(
            "standard_codes",
            changes(super::set_standard_codes(args, schema)),
        );
    }
    if recovery.told_currencies {
        note(
            "told_currencies",
            changes(super::set_told_currencies(args, schema, told)),
        );
    }
    if recovery.told_emails {
        note(
            "told_emails",
            changes(super::emails::set_told_emails(args, schema, told)),
        );
    }
    if recovery.names_without_the {
        note(
            "names_without_the",
            changes(super::drop_the(args, schema, told)),
        );
    }
    if recovery.cut_other_values {
        let cut = super::run_on::cut_run_ons(args, schema, told);
        note("cut_other_values", changes(cut));
    }
    if recovery.whole_dates {
        note("whole_dates", changes(widen_dates(args, schema, told)));
    }
    if recovery.described_dates {
        let read = crate::json::read_described_dates(args, schema);
        note("described_dates", changes(read));
    }
    if recovery.date_ranges {
        note("date_ranges", changes(super::set_date_ranges(args, told)));
    }
    if recovery.time_ranges {
        note(
            "time_ranges",
            changes(super::date_ranges::set_time_ranges(args, schema, told)),
        );
    }
    if recovery.described_fractions {
        let set = set_described_fractions(args, schema, told);
        note("described_fractions", changes(set));
    }
    if recovery.unnamed_flags {
        let left = super::flags::leave_out_unnamed_flags(args, schema, told);
        note("unnamed_flags", changes(left));
    }
    if recovery.quotes_over_retold {
        let taken = super::quote_in_retelling::take_quotes_from_retellings(args, schema, told);
        note("quotes_over_retold", changes(taken));
    }
    // Last: whether a text retells the request depends on the other arguments' final values.
    if recovery.leave_out_retold {
        let left = super::leave_out_retold(args, schema, told);
        note("leave_out_retold", changes(left));
    }
    out
}

/// What a reading set, as the changes its step reports.
fn changes<T: Into<ArgumentChange>>(set: Vec<T>) -> Vec<ArgumentChange> {
    set.into_iter().map(Into::into).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "day": {"type": "string", "description": "Date in YYYY-MM-DD format."},
            "rate": {"type": "number", "description": "The rate as a decimal (5% is 0.05)."}
        }})
    }

    #[test]
    fn a_date_and_a_percent_are_read_as_their_descriptions_ask() {
        let mut args = json!({"day": "June 5, 2027", "rate": 7});
        let read = read_described(&mut args, &schema(), &Recovery::SMALL_MODEL, "at 7% a year");
        assert_eq!(args, json!({"day": "2027-06-05", "rate": 0.07}));
        let steps: Vec<_> = read.iter().map(|(step, _)| *step).collect();
        assert_eq!(steps, ["described_dates", "described_fractions"]);
    }

    #[test]
    fn the_pieces_off_or_nothing_to_read_change_nothing() {
        let mut args = json!({"day": "June 5, 2027", "rate": 7});
        let off = Recovery::SMALL_MODEL
            .described_dates(false)
            .described_fractions(false);
        assert!(read_described(&mut args, &schema(), &off, "at 7% a year").is_empty());
        assert_eq!(args, json!({"day": "June 5, 2027", "rate": 7}));
        let mut iso = json!({"day": "2027-06-05"});
        assert!(read_described(&mut iso, &schema(), &Recovery::SMALL_MODEL, "").is_empty());
    }
}
