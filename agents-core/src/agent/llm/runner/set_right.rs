//! A call's arguments set right before its round runs, each a piece of the small-model profile
//! with its own switch, each reported in an [`Event::Repaired`] naming its step:
//!
//! - `place_numbers` ([`Recovery::place_numbers`], `grounding/placement.rs`): a number the
//!   call uses more often than the user wrote it, put where the words around each number put it;
//! - `named_numbers` ([`Recovery::named_numbers`], `grounding/named_numbers.rs`): the numbers
//!   the user wrote once, filled into the wrong arguments, each given to the argument its words
//!   name;
//! - `place_strings` ([`Recovery::place_strings`], `grounding/string_placement.rs`): a text of
//!   the user's the call writes into two arguments, kept where the words around it put it, the
//!   other argument given the text the user quoted for it;
//! - `numbers_once` ([`Recovery::numbers_once`], `grounding/once.rs`): an optional number
//!   argument that repeats a number the user gave once, which another argument holds;
//! - `named_choices` ([`Recovery::named_choices`], `grounding/named_choice.rs`): an argument
//!   with choices that holds a value copied from an example, set to the one choice the user's
//!   words name;
//! - `described_codes` ([`Recovery::described_codes`], `grounding/codes.rs`): a number
//!   argument whose description lists codes, holding a number nobody gave, set to the code
//!   whose words the user named;
//! - `leave_out_echoes` ([`Recovery::leave_out_echoes`], `grounding/optional.rs`): an optional
//!   argument whose value the echo check refuses;
//! - `default_echoes` ([`Recovery::default_echoes`], `grounding/defaults.rs`): a required
//!   number argument whose value the echo check refuses, where the user gave no number, set to
//!   the default its tool declares;
//! - `whole_quotes` ([`Recovery::whole_quotes`], `grounding/whole_quotes.rs`): a free string
//!   holding a piece of one text the user quoted (and wrote nowhere else), where no other
//!   argument holds the quote, set to the whole quote;
//! - `whole_dates` ([`Recovery::whole_dates`], `grounding/whole_dates.rs`): a string whose
//!   description asks for a date or a timestamp holding a piece of one date the user wrote
//!   (`"2027"` of "9 Feb 2027", `"8:30 am"` of "at 8:30 am on 2027-01-15"), set to that date;
//! - `described_dates` ([`Recovery::described_dates`], `agents_json::read_described_dates`): a
//!   string whose description asks for `YYYY-MM-DD` holding a date people write or a timestamp,
//!   read as that date (valid as it was, so the repair chain's coercion never sees it);
//! - `date_ranges` ([`Recovery::date_ranges`], `grounding/date_ranges.rs`): two date arguments
//!   naming a range's ends (`check_in`/`check_out`), crossed or holding one date where the user
//!   wrote two, set the way the user wrote the range;
//! - `described_fractions` ([`Recovery::described_fractions`], `grounding/fractions.rs`): a
//!   number whose description asks for a fraction of one (`ranging from 0 to 1`, `as a
//!   decimal`) holding a number the user wrote as a percent, set to that number over a hundred;
//! - `user_spelling` ([`Recovery::user_spelling`], `grounding/spelling.rs`): a free string
//!   written wholly in capitals that the user wrote in another case, set to the user's
//!   spelling.
//!
//! [`Recovery::place_numbers`]: crate::model::Recovery::place_numbers
//! [`Recovery::named_numbers`]: crate::model::Recovery::named_numbers
//! [`Recovery::place_strings`]: crate::model::Recovery::place_strings
//! [`Recovery::numbers_once`]: crate::model::Recovery::numbers_once
//! [`Recovery::named_choices`]: crate::model::Recovery::named_choices
//! [`Recovery::described_codes`]: crate::model::Recovery::described_codes
//! [`Recovery::leave_out_echoes`]: crate::model::Recovery::leave_out_echoes
//! [`Recovery::default_echoes`]: crate::model::Recovery::default_echoes
//! [`Recovery::whole_quotes`]: crate::model::Recovery::whole_quotes
//! [`Recovery::whole_dates`]: crate::model::Recovery::whole_dates
//! [`Recovery::described_dates`]: crate::model::Recovery::described_dates
//! [`Recovery::date_ranges`]: crate::model::Recovery::date_ranges
//! [`Recovery::described_fractions`]: crate::model::Recovery::described_fractions
//! [`Recovery::user_spelling`]: crate::model::Recovery::user_spelling
//! [`Event::Repaired`]: crate::Event::Repaired

use super::{Output, Runner};
use crate::event::ArgumentChange;
use crate::grounding::{
    Told, default_ungrounded, leave_out_reused_numbers, leave_out_ungrounded, place_named_numbers,
    place_numbers, place_strings, read_described, restore_spelling, set_described_codes,
    set_named_choices,
};
use serde_json::Value;

use crate::model::{FINAL_ANSWER_TOOL, ModelResponse, ToolCall};

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Sets right `response`'s calls as the recovery profile's `place_numbers`,
    /// `named_numbers`, `place_strings`, `numbers_once`,
    /// `named_choices`, `described_codes`, `leave_out_echoes`, `default_echoes`,
    /// `whole_quotes`, `whole_codes`, `whole_lists`, `whole_dates`, `described_dates`, `date_ranges`, `described_fractions` and `user_spelling` find them, those that are
    /// on, in that order.
    pub(super) fn set_right(&self, mut response: ModelResponse) -> ModelResponse {
        let settings = &self.agent.config.settings;
        let recovery = &settings.recovery;
        let echoes = (recovery.named_choices
            || recovery.described_codes
            || recovery.leave_out_echoes
            || recovery.default_echoes)
            && recovery.echo_check;
        if !(recovery.numbers_once
            || recovery.place_numbers
            || recovery.named_numbers
            || recovery.place_strings
            || echoes
            || recovery.reads_described()
            || recovery.user_spelling)
            || settings.strict
            || response.tool_calls.is_empty()
        {
            return response;
        }
        let request = &self.frame.request;
        let numbers = recovery.numbers_once || recovery.place_numbers || recovery.named_numbers;
        let text = (numbers
            || recovery.place_strings
            || recovery.reads_described()
            || recovery.user_spelling)
            .then(|| crate::grounding::told_text(&request.messages));
        let told = text.as_deref().filter(|_| numbers).map(Told::new);
        for call in &mut response.tool_calls {
            let Some((spec, repaired)) = self.offered_call(call) else {
                continue;
            };
            // Read against the schema the tool declares: on prevention's held turn the offered
            // one holds the copied arguments to the user's word spans, no free strings.
            let parameters = self.declared_parameters(spec);
            let mut args = repaired.value;
            // The lenient repair's fixes go with the first rewrite; the text is valid after it.
            let mut json = repaired.fixes;
            let mut rewrite = |call: &mut ToolCall, step, args: &Value, changes: Vec<_>| {
                if !changes.is_empty() {
                    let json = std::mem::take(&mut json);
                    self.rewrite_arguments(call, step, json, args, changes);
                }
            };
            if let (true, Some(told), Some(text)) = (recovery.place_numbers, &told, &text) {
                let placed = place_numbers(&mut args, parameters, text, told);
                let changes = placed.into_iter().map(ArgumentChange::from).collect();
                rewrite(call, "place_numbers", &args, changes);
            }
            if let (true, Some(told), Some(text)) = (recovery.named_numbers, &told, &text) {
                let placed = place_named_numbers(&mut args, parameters, text, told);
                let changes = placed.into_iter().map(ArgumentChange::from).collect();
                rewrite(call, "named_numbers", &args, changes);
            }
            if let (true, Some(text)) = (recovery.place_strings, &text) {
                let placed = place_strings(&mut args, parameters, text);
                let changes = placed.into_iter().map(ArgumentChange::from).collect();
                rewrite(call, "place_strings", &args, changes);
            }
            if let (true, Some(told)) = (recovery.numbers_once, &told) {
                let reused = leave_out_reused_numbers(&mut args, parameters, told);
                let changes = reused.into_iter().map(ArgumentChange::from).collect();
                rewrite(call, "numbers_once", &args, changes);
            }
            let check = self
                .frame
                .tools
                .index
                .get(&call.name)
                .filter(|_| echoes)
                .and_then(|&i| self.echo_check(&self.frame.tools.entries[i]));
            if let Some(check) = check {
                if recovery.named_choices {
                    let chosen = set_named_choices(&mut args, parameters, &check);
                    let changes = chosen.into_iter().map(ArgumentChange::from).collect();
                    rewrite(call, "named_choices", &args, changes);
                }
                if recovery.described_codes {
                    let coded = set_described_codes(&mut args, parameters, check.told());
                    let changes = coded.into_iter().map(ArgumentChange::from).collect();
                    rewrite(call, "described_codes", &args, changes);
                }
                if recovery.leave_out_echoes {
                    let ungrounded = leave_out_ungrounded(&mut args, parameters, &check);
                    let changes = ungrounded.into_iter().map(ArgumentChange::from).collect();
                    rewrite(call, "leave_out_echoes", &args, changes);
                }
                if recovery.default_echoes {
                    let defaulted = default_ungrounded(&mut args, parameters, &check);
                    let changes = defaulted.into_iter().map(ArgumentChange::from).collect();
                    rewrite(call, "default_echoes", &args, changes);
                }
            }
            let told = text.as_deref().unwrap_or_default();
            for (step, changes) in read_described(&mut args, parameters, recovery, told) {
                rewrite(call, step, &args, changes);
            }
            if let (true, Some(text)) = (recovery.user_spelling, &text) {
                let respelled = restore_spelling(&mut args, parameters, text);
                let changes = respelled.into_iter().map(ArgumentChange::from).collect();
                rewrite(call, "user_spelling", &args, changes);
            }
        }
        response
    }

    /// The parameters the tool `spec` declares: on a turn prevention holds to the user's
    /// words, the schema the hold replaced for the turn, else the offered one.
    pub(super) fn declared_parameters<'s>(&'s self, spec: &'s crate::model::ToolSpec) -> &'s Value {
        self.progress
            .unheld
            .iter()
            .find(|(tool, _)| *tool == spec.name)
            .map_or(&spec.parameters, |(_, parameters)| parameters)
    }

    /// A call to a tool this turn offers (not the final answer) with its arguments read
    /// leniently: what the passes over a turn's calls before its round (`set_right`,
    /// `ask_reused`) work on. `None` for anything else, which they leave as it is.
    pub(super) fn offered_call(
        &self,
        call: &ToolCall,
    ) -> Option<(&crate::model::ToolSpec, crate::json::Repaired)> {
        if call.name == FINAL_ANSWER_TOOL {
            return None;
        }
        let spec = self
            .frame
            .request
            .tools
            .iter()
            .find(|t| t.name == call.name)?;
        let repaired = crate::json::repair(&call.arguments).ok()?;
        Some((spec, repaired))
    }
}
