//! Grounding: what the user told, and the checks that hold a call's values to it.
//!
//! A small model prompted to write its calls as text copies what it was shown: the values of a
//! worked example (`{"restaurant": "text"}`), a number written the way the grammar allows
//! rather than the way the user said it. Such a call is valid against its schema and would run
//! with values nobody gave. The pieces here find what the user told and hold a call to it; the
//! recovery profile ([`Recovery`](crate::model::Recovery)) says which of them run:
//!
//! - [`Told`] (`told.rs`): the text a value must come from, and whether a value is in it, as a
//!   whole token or as any way the text writes a number (`numbers.rs`: pairs, ranges, lists,
//!   separators, decimals, signs, units, words);
//! - [`EchoCheck`] (`echo.rs`): the echo check, a value copied from an example the user never
//!   gave (and, under constraint, a number the user never gave) refused before a call runs;
//! - [`hold_to_user_words`] (`spans.rs`): a call asked for again with its copied strings held
//!   to the word spans of the user's messages and its refused numbers to the numbers they give
//!   (`regenerate()`, and prevention mode's next turn);
//! - `cut_lists.rs`: the lists a call the token cap cut off wrote, kept to the user's values
//!   on the next turn ([`Recovery::keep_cut_lists`](crate::model::Recovery::keep_cut_lists));
//! - `qualified.rs`: a held name the tool wants qualified (`"Berkeley, CA"` where its
//!   description shows `'City, State'`), followed by a qualifier the model writes
//!   ([`Recovery::qualified_spans`](crate::model::Recovery::qualified_spans));
//! - `once.rs`: an optional number argument that repeats a number the user gave once, left
//!   out of the call ([`Recovery::numbers_once`](crate::model::Recovery::numbers_once));
//! - `placement.rs`: a number the call uses more often than the user wrote it, put where the
//!   words around each number put it ([`Recovery::place_numbers`](crate::model::Recovery::place_numbers));
//! - `named_numbers.rs`: the numbers the user wrote once, filled into the wrong arguments, each
//!   given to the argument its words name
//!   ([`Recovery::named_numbers`](crate::model::Recovery::named_numbers));
//! - `string_placement.rs`: a text of the user's the call writes into two arguments, kept
//!   where the words around it put it, the other argument given a text the user quoted
//!   ([`Recovery::place_strings`](crate::model::Recovery::place_strings));
//! - `quotes.rs`: the texts a request or a description sets in quotes;
//! - `spelling.rs`: a value written in capitals the user wrote otherwise, set to the user's
//!   spelling ([`Recovery::user_spelling`](crate::model::Recovery::user_spelling));
//! - `other_kind.rs`: a date or a quantity where the argument names neither (`"room": "21.5
//!   degrees"`), refused with the echo check
//!   ([`Recovery::other_kinds`](crate::model::Recovery::other_kinds));
//! - `own_name.rs`: a value that is only its argument's own name (`"location": "location"`),
//!   a placeholder the echo check refuses and a held value is not offered;
//! - `optional.rs`: an optional argument whose value the echo check refuses, left out of the
//!   call ([`Recovery::leave_out_echoes`](crate::model::Recovery::leave_out_echoes));
//! - `defaults.rs`: a required number argument whose value the echo check refuses, where the
//!   user gave no number, set to the default its tool declares
//!   ([`Recovery::default_echoes`](crate::model::Recovery::default_echoes));
//! - `named_choice.rs`: an argument with choices that holds a value copied from an example,
//!   set to the one choice the user's words name
//!   ([`Recovery::named_choices`](crate::model::Recovery::named_choices));
//! - `codes.rs`: a number argument whose description lists codes (`1 for cleaning, 2 for
//!   ironing`), set to the code whose words the user named; the echo check counts such a code
//!   as a number the user gave ([`Recovery::described_codes`](crate::model::Recovery::described_codes));
//! - `fractions.rs`: a number argument whose description asks for a fraction of one (`ranging
//!   from 0 to 1`, `as a decimal`), holding a number the user wrote as a percent, set to its
//!   fraction ([`Recovery::described_fractions`](crate::model::Recovery::described_fractions));
//! - `whole_codes.rs`: a free string holding a piece of one code the user wrote (`"448812"`
//!   of `HX-448812`), set to the whole code
//!   ([`Recovery::whole_codes`](crate::model::Recovery::whole_codes));
//! - `bare_codes.rs`: an identifier holding the user's words around one code of theirs
//!   (`"VIN for me: 1HGCM82633A004352 thx"`), set to the code
//!   ([`Recovery::bare_codes`](crate::model::Recovery::bare_codes));
//! - `narrowed.rs`: what the readings share: a free string set to what a reading finds in it
//!   (`bare_codes.rs`, `article.rs`, `standard_codes/`), an argument taken out (`once.rs`,
//!   `retold.rs`);
//! - `article.rs`: a name taken with the sentence's `the` (`"the Chicago Board of Trade"`),
//!   set to the name ([`Recovery::names_without_the`](crate::model::Recovery::names_without_the));
//! - `flags.rs`: an optional switch turned on that the user's words never name, left out
//!   ([`Recovery::unnamed_flags`](crate::model::Recovery::unnamed_flags));
//! - `standard_codes/`: a name where the description asks for its standard code (a country's
//!   ISO 3166 alpha-2, a US state's abbreviation, a currency's ISO 4217, a language's ISO
//!   639-1), set to the code
//!   ([`Recovery::standard_codes`](crate::model::Recovery::standard_codes)); its
//!   `told.rs`: a currency code the user never wrote, set to the one they wrote as a code, a
//!   name or a symbol ([`Recovery::told_currencies`](crate::model::Recovery::told_currencies));
//! - `emails.rs`: an argument asking for e-mail addresses holding words that are none, given
//!   the addresses the user wrote ([`Recovery::told_emails`](crate::model::Recovery::told_emails));
//! - `quote_in_retelling.rs`: a retelling of the request holding one text the user quoted,
//!   set to that text ([`Recovery::quotes_over_retold`](crate::model::Recovery::quotes_over_retold));
//! - `run_on.rs`: a free text that runs on into another argument's value, cut before it
//!   ([`Recovery::cut_other_values`](crate::model::Recovery::cut_other_values));
//! - `retold.rs`: an optional text that retells the request, holding another argument's value,
//!   left out ([`Recovery::leave_out_retold`](crate::model::Recovery::leave_out_retold));
//! - `labelled_codes.rs`: a code of the user's in the identifier its label names, taken out
//!   of the one it was not written for
//!   ([`Recovery::labelled_codes`](crate::model::Recovery::labelled_codes));
//! - `lone_codes.rs`: the one code of the user's no argument holds, given to the one
//!   identifier holding none ([`Recovery::lone_codes`](crate::model::Recovery::lone_codes));
//! - `code_digits.rs`: a number read out of a code the user wrote (`118` of `PH-118`), set to
//!   the number they wrote for the argument
//!   ([`Recovery::code_digits`](crate::model::Recovery::code_digits));
//! - `whole_lists.rs`: a list of free strings holding an item of one list the user wrote and
//!   words nobody wrote, set to the user's list
//!   ([`Recovery::whole_lists`](crate::model::Recovery::whole_lists));
//! - `date_ranges.rs`: a range of two date arguments (`check_in`/`check_out`) crossed, or one
//!   date at both ends where the user wrote two, set the way the user wrote it
//!   ([`Recovery::date_ranges`](crate::model::Recovery::date_ranges)); and two times of day
//!   (`start_time`/`end_time`) holding none or one where the user wrote two
//!   ([`Recovery::time_ranges`](crate::model::Recovery::time_ranges));
//! - `described.rs`: the readings a call's argument descriptions ask for (a date, a fraction),
//!   for every path a value takes into a call (the turn's pass and the repair steps' answers);
//! - `listed.rs`: the list of the user's words a call's value is one item of, whose other
//!   items are the calls still owed
//!   ([`Recovery::rest_of_list`](crate::model::Recovery::rest_of_list));
//! - `answers.rs`: a question about one argument in words, and its answer taken only where the
//!   user's words hold it (`ask_values`);
//! - `tool_words.rs`: which offered tool a request names in its own words
//!   ([`request_words_in_tools`](crate::request_words_in_tools), read by the prompted
//!   client's calibrated choice of tool);
//! - `unfilled.rs`: which offered tools require a number a request that gives none could only
//!   make up ([`required_numbers_not_given`](crate::required_numbers_not_given), read by the
//!   same choice).
//!
//! The schema readers these use (a schema's `examples` and choices, free strings) are with the
//! others in `model/schema.rs`; the wire form of a question is `model::ValueQuestion`.

mod answers;
mod article;
mod bare_codes;
mod code_digits;
mod codes;
mod cut_lists;
mod date_ranges;
mod defaults;
mod described;
mod echo;
mod emails;
mod flags;
mod fractions;
mod labelled_codes;
mod listed;
mod lone_codes;
mod named_choice;
mod named_numbers;
mod narrowed;
mod numbers;
mod once;
mod optional;
mod other_kind;
mod own_name;
mod placement;
mod qualified;
mod quote_in_retelling;
mod quotes;
mod retold;
mod run_on;
mod spans;
mod spelling;
mod standard_codes;
mod string_placement;
mod told;
mod tool_words;
mod unfilled;
mod whole_codes;
mod whole_dates;
mod whole_lists;
mod whole_quotes;

pub(crate) use answers::{NONE, choices_of, shape_words, value_for};
pub(crate) use article::drop_the;
pub(crate) use bare_codes::set_bare_codes;
pub(crate) use codes::set_described_codes;
pub(crate) use cut_lists::{keep_lists, kept_lists};
pub(crate) use date_ranges::set_date_ranges;
pub(crate) use defaults::default_ungrounded;
pub(crate) use described::read_described;
pub(crate) use echo::{EchoCheck, is_ungrounded};
pub(crate) use fractions::set_described_fractions;
pub(crate) use listed::list_holding;
pub(crate) use named_choice::set_named_choices;
pub(crate) use named_numbers::place_named_numbers;
pub(crate) use once::leave_out_reused_numbers;
pub(crate) use optional::leave_out_ungrounded;
pub(crate) use placement::{place_numbers, reused_number_holders};
pub(crate) use retold::leave_out_retold;
pub(crate) use spans::{CUT_OFF_KEYWORD, hold_to_user_words};
pub(crate) use spelling::restore_spelling;
pub(crate) use standard_codes::{set_standard_codes, set_told_currencies};
pub(crate) use string_placement::place_strings;
pub(crate) use told::{Told, last_user_words, same_number, told_text};
pub use tool_words::request_words_in_tools;
pub use unfilled::required_numbers_not_given;
pub(crate) use unfilled::unfilled_arguments;
pub(crate) use whole_codes::widen_codes;
pub(crate) use whole_dates::widen_dates;
pub(crate) use whole_lists::widen_lists;
pub(crate) use whole_quotes::widen_quotes;
