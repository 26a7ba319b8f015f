//! What a model says about itself ([`Model::capabilities`](super::Model::capabilities)): how
//! its error feedback is worded, how far it enforces a decoding constraint, which example
//! calls it is shown, and which recovery profile the runtime applies to its calls.
//!
//! One value, so that a wrapper (a logging model, a cassette, an `Arc`) forwards all of it
//! with one method and a recorded run replays with the behaviour it was recorded with.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ConstraintSupport;

/// What a model says about itself: returned by
/// [`Model::capabilities`](super::Model::capabilities) for the tools of a request.
///
/// ```
/// use agents_core::model::{Capabilities, ConstraintSupport, FeedbackStyle, Recovery};
/// let prompted = Capabilities::new()
///     .feedback(FeedbackStyle::Short)
///     .constraint(ConstraintSupport::Schema)
///     .recovery(Recovery::SMALL_MODEL);
/// assert_eq!(prompted.recovery, Recovery::SMALL_MODEL);
/// assert_eq!(Capabilities::default().recovery, Recovery::NEUTRAL);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct Capabilities {
    /// How error feedback is worded for this model: in full by default; short and shaped like
    /// the call to write for a model that writes its calls as text.
    pub feedback: FeedbackStyle,
    /// How far this model enforces a request's
    /// [`constraint`](super::ModelRequest::constraint). A client that does not map
    /// constraints to its wire format must not claim to (the default: unsupported).
    pub constraint: ConstraintSupport,
    /// The arguments of the worked example calls this model is shown besides the conversation
    /// (a prompted client's examples, made-up ones included), for the request's tools. The
    /// echo check refuses a call that copies one of their values the user never gave (where
    /// the recovery profile has it on). Empty: a model shown no examples.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<Value>,
    /// The recovery the runtime applies to this model's calls when the agent does not choose
    /// one ([`Recovery::NEUTRAL`] by default; a prompted client says
    /// [`Recovery::SMALL_MODEL`]).
    pub recovery: Recovery,
    /// How far this model holds a typed answer to a request's
    /// [`answer`](super::ModelRequest::answer) schema: [`Schema`](ConstraintSupport::Schema)
    /// where the provider's sampler is held to it (OpenAI's `response_format`, Gemini's
    /// `responseSchema`, Ollama's `format`, llama.cpp's `json_schema`),
    /// [`ToolChoice`](ConstraintSupport::ToolChoice) where the answer is a forced tool call
    /// (Anthropic). [`Unsupported`](ConstraintSupport::Unsupported) by default: the runtime then
    /// sends no schema, and the answer is asked for in the prompt and read through repair.
    pub answer: ConstraintSupport,
    /// The most tokens one turn of this model may be asked to generate when the runtime asks
    /// for more than the model's usual cap (the turn after the cap cut a call off,
    /// [`Recovery::room_after_cut_off`]). `None` (the default): the runtime never asks for more
    /// than the agent's own sampling says. A prompted client whose cap was left at its default
    /// says four times that default; a cap its user set holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raised_token_cap: Option<u32>,
}

impl Capabilities {
    /// The defaults: full feedback, no constraint, no examples, the neutral profile.
    pub fn new() -> Self {
        Capabilities::default()
    }

    /// Sets how error feedback is worded.
    #[must_use]
    pub fn feedback(mut self, style: FeedbackStyle) -> Self {
        self.feedback = style;
        self
    }

    /// Sets how far the model enforces a constraint.
    #[must_use]
    pub fn constraint(mut self, support: ConstraintSupport) -> Self {
        self.constraint = support;
        self
    }

    /// Sets the arguments of the example calls the model is shown.
    #[must_use]
    pub fn examples(mut self, arguments: impl IntoIterator<Item = Value>) -> Self {
        self.examples = arguments.into_iter().collect();
        self
    }

    /// Sets how far the model holds a typed answer's schema.
    #[must_use]
    pub fn answer(mut self, support: ConstraintSupport) -> Self {
        self.answer = support;
        self
    }

    /// Sets the most tokens a turn may be asked for beyond the usual cap
    /// ([`raised_token_cap`](Self::raised_token_cap)).
    #[must_use]
    pub fn raised_token_cap(mut self, cap: Option<u32>) -> Self {
        self.raised_token_cap = cap;
        self
    }

    /// Sets the recovery profile the runtime applies by default.
    #[must_use]
    pub fn recovery(mut self, recovery: Recovery) -> Self {
        self.recovery = recovery;
        self
    }
}

/// How error feedback is worded for a model ([`Capabilities::feedback`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FeedbackStyle {
    /// What was wrong, with the expected JSON Schema and the allowed tools (models with native
    /// tool calling).
    #[default]
    Full,
    /// Short and shaped like the call to write (`add: {"a": number, "b": number}`): no
    /// JSON-Schema keyword a model could copy into its arguments, and no list of every tool
    /// (small models prompted to write their calls as text).
    Short,
}

/// Which recovery the runtime applies to a model's calls beyond what every agent gets (JSON
/// repair, coercion, the declared chains, the loop guards): one profile, each piece its own
/// switch.
///
/// Two profiles are named: [`NEUTRAL`](Self::NEUTRAL), the default, for models with native
/// tool calling, and [`SMALL_MODEL`](Self::SMALL_MODEL), the recovery built for small models
/// prompted to write their calls as text (the prompted clients say so through their
/// [`Capabilities`]). An agent takes its model's profile unless it sets one
/// ([`LlmAgentBuilder::recovery`](crate::LlmAgentBuilder::recovery)); a piece is switched with
/// its method, on either profile. See docs/small-models.md for what each piece does and what
/// it was measured to buy.
///
/// ```
/// use agents_core::model::Recovery;
/// let without_questions = Recovery::SMALL_MODEL.ask_values(false);
/// assert!(without_questions.echo_check && !without_questions.ask_values);
/// assert!(!Recovery::NEUTRAL.echo_check && !Recovery::NEUTRAL.resample);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct Recovery {
    /// A call that copies a value of an example the model was shown (a worked example, a
    /// made-up one, a schema's `examples`), one the user never gave, is refused before it runs
    /// (docs/repair.md, "Values copied from an example").
    pub echo_check: bool,
    /// The arguments a call still gets wrong after coercion are asked for one by one, as
    /// questions about the user's words ([`ask_values`](crate::repair::ask_values), in the
    /// default chain after coercion).
    pub ask_values: bool,
    /// Outside prevention mode, with a model that can constrain its decoding, a call the schema
    /// or the echo check still refuses after coercion (and `ask_values`) is asked for again
    /// once under its tool's schema, `regenerate()` in the default chain, its copied values
    /// held to the user's words with `user_words`. A small model that copied the made-up
    /// example's placeholders (`"location": "LOCATION"`) writes them again when told, until the
    /// loop guard ends the run. One model call per such call; a declared chain that names
    /// `regenerate()` keeps its own.
    pub regenerate_refused: bool,
    /// Under a constraint, with `ask_values` on, a number of a call that the user never gave is
    /// refused and asked for (keyword `not_given`): a grammar makes a small model transcribe
    /// `10,000` or `fifty` into digits, wrongly.
    pub numbers_told: bool,
    /// [`regenerate`](crate::repair::regenerate) asks again for the strings a call copied from
    /// an example held to the word spans of the user's messages, and its copied numbers (or,
    /// with `numbers_told`, those nobody gave) to the numbers those messages give; under
    /// prevention mode ([`constrained`](crate::LlmAgentBuilder::constrained)), the turn after
    /// such a call holds those arguments the same way, for that turn.
    pub user_words: bool,
    /// With `user_words`, under prevention mode, the turn that holds a refused call's copied
    /// values to the user's words is held to that call's tool too (when one tool's call was
    /// held): what [`regenerate`](crate::repair::regenerate) does, asking again under the
    /// failing tool's schema. Free to call another tool on that turn, a small model leaves the
    /// held tool for one whose made-up example it copies in turn, and the run ends without a
    /// call that ran.
    pub hold_tool: bool,
    /// With `user_words`, under prevention mode, a call the token cap cut off before it wrote a
    /// required argument has those arguments held to the user's words on the next turn, as a
    /// copied value's are (and, with `hold_tool`, the turn to that tool). The model did not
    /// leave the argument out; the cap came first. Asked again free, a small model writes the
    /// made-up example's placeholders or the same cut-off call again, and with the last turn
    /// held to the final answer the run ends without a call that ran.
    pub hold_cut_off: bool,
    /// With `hold_cut_off`, the turn after a call the token cap cut off before it wrote a
    /// required argument keeps the lists that call wrote, as far as their items are values the
    /// user's words give: the list the cap cut, up to its first item nobody gave (after
    /// [`cut_repeats`](Self::cut_repeats)), and each list it finished whose items all are. The
    /// turn writes them as they were (a `const`), so the model only writes what the cap left
    /// unwritten. Free to write the list again, a small model runs it on into the cap once more
    /// (`[12, 15, …, 35, 36, 39, 41, …` for the user's ten numbers), and the run ends without a
    /// call that ran.
    pub keep_cut_lists: bool,
    /// Under prevention mode, the turn after one the token cap cut off may generate twice as
    /// many tokens as the cut turn did, up to the model's
    /// [`raised_token_cap`](Capabilities::raised_token_cap) (never where the model has none,
    /// nor where the agent's own [`Sampling::max_tokens`](super::Sampling::max_tokens) is
    /// set: a cap someone chose holds). Given back on the turn after. A call of a tool with
    /// many arguments can need more tokens than a small model's usual cap, and asked again
    /// under the same cap it is cut off again, until the last turn ends the run on a final
    /// answer with nothing run (BFCL's `simple_java_55`: eight service names).
    pub room_after_cut_off: bool,
    /// With `user_words`, the spans a held string may take leave out those that start or end
    /// with a word framing the request: a message's first word (its verb or question word),
    /// an English article, preposition, pronoun or question word. Held to every span, a small
    /// model writes the request's first word (`"Find"`, `"I"`). Off, every span is offered.
    pub user_phrases: bool,
    /// With `user_words`, the spans a held string may take leave out those made only of words
    /// of the called tool's name, plurals alike (`"grocery"` for `grocery_store.find_best`'s
    /// location, `"temperature"` for `average_temperature`'s), and those that start or end
    /// with such a word written in lower case (`"grocery store closest to Berkeley"`), or with
    /// a lower-case word of the argument's own name (`"directed by Edgar Wright"` for
    /// `directed_by`): such a word names what the tool does or which value follows, not a
    /// value, and held to every span a small model writes it. Where nothing else remains, the
    /// argument is not held.
    pub skip_tool_words: bool,
    /// With `user_words`, a held string for an argument named as a date (`date`,
    /// `start_date`, `birthDate`) is offered only the spans that read as a calendar date
    /// (`"Jan 28, 2021"`, `"2026-03-12"`), where the user's words hold one: held to every
    /// span, a small model writes a word of the request (`"date": "won"` for "Who won the game
    /// on Jan 28, 2021?"). Where no span reads as a date, every span stays.
    pub date_spans: bool,
    /// With `user_words`, a held string whose description (or `examples`) shows its values
    /// qualified, a name then a comma and a short qualifier (`"in the format of 'City, State',
    /// such as 'Berkeley, CA'"`), may take a span that names something (its words capitalised)
    /// followed by `, ` and such a qualifier, which the model writes: the user says
    /// "Berkeley", the tool wants `"Berkeley, CA"`, and held to the user's spans alone no call
    /// could say it. Where every example is qualified, such a span must be (an unqualified
    /// name is not offered). Where the user's words hold no such span, or the examples show
    /// no qualifier, the spans are held as they are.
    pub qualified_spans: bool,
    /// A call the token cap cut off inside a list that repeats one run of items to its end
    /// (three times or more) keeps the items before the repetition and one run: a small model
    /// that starts a list often writes it again and again until the cap, and the same loop
    /// again on the next turn. The item the cap cut off inside a list (a string never closed,
    /// a number still being written) is dropped too, looping or not. Only a call the cap cut
    /// off is touched.
    pub cut_repeats: bool,
    /// An optional number argument that repeats a number the user gave once, which another
    /// argument of the call holds, is left out (the tool's default applies): held to the user's
    /// numbers, a small model fills an optional argument with one of them all the same
    /// (`"mu0": 12` beside `"current": 12`). Required arguments are never touched.
    pub numbers_once: bool,
    /// A number a call uses more often than the user wrote it stays in the arguments the words
    /// around it name (`"principal of 5000"`), and each other argument holding it takes the
    /// user's number, held by no argument, whose words name it, when exactly one does (`"over 3
    /// years"`): held to the user's numbers, a small model writes one of them twice
    /// (`{"principal": 5000, "years": 5000}`). Two numbers each written and used once, in
    /// each other's arguments by the word nearest each, are swapped (`{"length": 7, "width":
    /// 10}` for "a width of 7 and a length of 10"). Without a repeated number or a crossing,
    /// or words that decide, nothing is touched.
    pub place_numbers: bool,
    /// Before a call runs, the numbers the user wrote once and the call uses once, filled into
    /// the wrong arguments, are each given to the argument the words around it name, where one
    /// way of giving them has the words name them strictly better than the call's and than any
    /// other way (`Event::Repaired`, step `named_numbers`): "a room 5.5 m long and 4 m wide with
    /// 2.7 m ceilings" written `{"ceiling_height_m": 5.5, "room_length_m": 4, "room_width_m":
    /// 2.7}` runs as `{"ceiling_height_m": 2.7, "room_length_m": 5.5, "room_width_m": 4}`. A
    /// number's unit (`mm` of `95mm`) and the content words of its clause count, up to an
    /// `and`; a dimension's adjective names its noun (`long`, `length`), a unit's short form
    /// its name (`mins`, `minutes`; `%`, `percent` or `fraction`). A small model fills a
    /// request's numbers in the order it writes its arguments. Not in the neutral profile: it
    /// reads the user's words and changes numbers the schema takes.
    pub named_numbers: bool,
    /// A text of the user's that a call writes into two free string arguments, where the user
    /// wrote it once, stays in the argument the word nearest it names (`"result set
    /// *controller* \`mapController\`"`), and each other argument holding it takes a text the
    /// user set in quotes that no argument holds: the one whose nearest word names that
    /// argument, or the only one left that names none (`"a composite UI element
    /// \`mapArea\`"`). A small model writes one of the user's values twice (`{"controller":
    /// "mapController", "parent": "mapController"}`), and asked for each argument alone
    /// (`ask_values`) it answers the same value twice; the answers are placed too. A code the
    /// user wrote once (`P-20931`) counts as a quoted text. Without a repeated text, words that
    /// decide or a quoted text or code to take, nothing is touched.
    pub place_strings: bool,
    /// A number a call still uses more often than the user wrote it, after `place_numbers`
    /// (the words around it named no argument), is asked for in each argument that holds it,
    /// one short question about the user's words each (as `ask_values` asks), before the call
    /// runs; an answer the user's words give, other than the repeated number, replaces it. A
    /// small model writes one of the user's numbers into every number argument of a long
    /// request (`{"k": 20, "n": 20, "p": 20}` for "roll the die 20 times ... exactly five
    /// sixes ... 60%"), and whose names (`k`, `n`) no word of the request says. Nothing is
    /// refused: where no answer differs, the call runs as written. Each question is one model
    /// call ([`Event::ValueAsked`](crate::Event::ValueAsked)). Off in every profile, the
    /// small model's too: measured, it set arguments right as often as wrong for the right
    /// answers it made, and cost half a model call a question (docs/small-models.md).
    pub ask_reused_numbers: bool,
    /// With `echo_check`, an optional argument whose whole value the check refuses (copied from
    /// an example; under a constraint with `numbers_told`, a number nobody gave) is left out
    /// before the call runs, and the tool's default applies: told to leave it out, a small model
    /// writes the copy again (`"genre": "Action"` from the description's example) until its
    /// turns run out. A copied value in a required argument is still refused. A refused
    /// optional number the user's words do give (one of their numbers no other argument holds,
    /// with words around it that name the argument: "a 5 day forecast" for `days`) is set to
    /// theirs instead.
    pub leave_out_echoes: bool,
    /// With `echo_check`, a required number argument whose value the check refuses (copied from
    /// an example, or a number nobody gave), when the user's words give no number at all and
    /// the tool declares a default for it (the property's `default`, or its description's
    /// "Default is 52"), takes that default before the call runs: the user asked for nothing
    /// else, and no turn can hold the argument to a number the user never wrote, so a small
    /// model writes the example's number again until its turns run out. Any number in the
    /// user's words leaves the argument to the echo check.
    pub default_echoes: bool,
    /// With `echo_check`, an argument with choices (`enum`) whose value the check refuses
    /// (copied from an example: a made-up example writes the first choice) takes the one
    /// choice the user's words name, before the call runs: the user did choose, and a small
    /// model told its copy was refused writes the example's choice again. Where the user's
    /// words name no choice, or more than one, the copy stays refused.
    pub named_choices: bool,
    /// With `echo_check`, a number argument whose description lists codes (`"1 for cleaning,
    /// 2 for ironing"`) and that holds a number nobody gave (the made-up example's `7`, or one
    /// of the model's own) takes the code whose words what the model was told names, before
    /// the call runs. A small model does not read the mapping, and no later turn can hold the
    /// argument to a number the user never wrote. Where the words name no code, or two alike,
    /// nothing is set. (The echo check counts a code the words name as a number the user gave,
    /// whether this piece is on or not.)
    pub described_codes: bool,
    /// The second time the same call fails unchanged, the rest of the run samples hotter (a
    /// higher temperature, another seed): a small model that reads an error often writes the
    /// same line again.
    pub resample: bool,
    /// Coercion reads a number written in words where the schema wants a number (`"twelve"`,
    /// `"1.5 million"`). Deterministic and only for a value the schema refuses as it is: on in
    /// both profiles.
    pub number_words: bool,
    /// Coercion reads a date written as people write it (`"March 12, 2026"`) where a
    /// `format: "date"` string is wanted. Deterministic and only for a value the schema
    /// refuses as it is: on in both profiles.
    pub natural_dates: bool,
    /// Before a call runs, a string with no `format` whose description asks for `YYYY-MM-DD`
    /// and no time of day (`"in the format of 'YYYY-MM-DD'"`, as many tool specs say it) is
    /// read as a `format: "date"` string is: `"25th April 2023"` and `"2023-04-25T10:00:00Z"`
    /// become `"2023-04-25"` (`Event::Repaired`, step `described_dates`). A small model writes
    /// timestamps and spelt dates where a description asks for a plain date. Not in the neutral
    /// profile: it reads prose and changes a string the schema takes.
    pub described_dates: bool,
    /// Before a call runs, a string whose description asks for a date (`YYYY-MM-DD`) or a
    /// timestamp (`YYYY-MM-DDTHH:MM`, `YYYY-MM-DD HH:MM:SS`), holding not a date but a piece
    /// of exactly one date the user wrote, takes that whole date in the form asked: `"2027"`
    /// for "on 9 Feb 2027" becomes `"2027-02-09"`, `"Oct 3"` for "from Oct 3 to Oct 7, 2027"
    /// `"2027-10-03"`, `"8:30 am"` for "at 8:30 am on 2027-01-15" `"2027-01-15T08:30"`
    /// (`Event::Repaired`, step `whole_dates`). A small model copies one word of the date. A
    /// string whose description asks for a time of day (`"24-hour HH:MM"`) takes the user's
    /// time written another way (`"2:40 pm"` → `"14:40"`) or, holding a date of the user's or
    /// a piece of one, the one time of day the user wrote.
    /// Dates the call's other arguments hold are set aside; a piece of two dates, a piece two
    /// arguments hold alike, or a timestamp where the user wrote no time of day or several, is
    /// left as it is. Not in the
    /// neutral profile: it reads prose and changes a string the schema takes.
    pub whole_dates: bool,
    /// Before a call runs, a free string argument holding a piece of exactly one text the user
    /// quoted (`"running"` for `text Sam: "Running 10 minutes late, start without me."`), a
    /// piece the user wrote nowhere outside quotes, takes the whole quote, where no other
    /// argument of the call holds it (`Event::Repaired`, step `whole_quotes`). People quote
    /// what a tool should take word for word, and a small model asked for the value answers a
    /// few of its words. Not in the neutral profile: it reads the user's words and changes a
    /// string the schema takes.
    pub whole_quotes: bool,
    /// Before a call runs, a free string argument (or an item of a list of free strings)
    /// holding a piece of exactly one code the user wrote, a reference with a prefix, a separator or a second group (`"448812"` of
    /// `HX-448812`, `"2291"` of `MSS 2291`, `"LS6"` of `LS6 2QT`), cut at the code's own
    /// separators, takes the whole code (`Event::Repaired`, step `whole_codes`). A small model
    /// copies the part of a reference that looks like a value. A value the user also wrote
    /// outside the code, a piece of two codes, or a piece of a code another argument holds or
    /// holds a piece of (`"D2"` and `"D48"` of `D2:D48`) is left as it is. Not in the neutral
    /// profile: it reads the user's words and changes a string the schema takes.
    pub whole_codes: bool,
    /// Before a call runs, a list of free strings holding an item of exactly one list the user
    /// wrote ("tomatoes, basil and mint"), every other item of it either that list's or words
    /// the user never wrote (`["tomatoes", "BASTIL", "THAMES"]`, or `["tomatoes"]` cut short),
    /// takes the user's list (`Event::Repaired`, step `whole_lists`). A small model goes on
    /// after the first item in the capitals of the made-up example's placeholder. A list
    /// holding a word of the user's that is no item of theirs, items of two lists, or an item
    /// another argument holds, is left as it is. Not in the neutral profile: it reads the
    /// user's words and changes a list the schema takes.
    pub whole_lists: bool,
    /// Before a call runs, two `YYYY-MM-DD` arguments whose names make a range
    /// (`start_date`/`end_date`, `from`/`to`, `check_in`/`check_out`, `departure`/`return`)
    /// are set the way the user wrote the range (`Event::Repaired`, step `date_ranges`): a
    /// range that ends before it starts, both ends the user's dates, is turned round; one date
    /// at both ends, where the user wrote exactly two dates and that one is of them, becomes
    /// the earlier to the later. A small model fills both ends from the first date it reads.
    /// Ends nobody wrote, a one-day range asked for with one date, three dates: left as they
    /// are. Not in the neutral profile: it reads the user's words and changes dates the schema
    /// takes.
    pub date_ranges: bool,
    /// Before a call runs, two arguments asking for a time of day (`HH:MM`) whose names make
    /// them a range's ends (`start_time`/`end_time`), holding no time, one time for both, or
    /// the range in one (`"14:00 to 15:30"`), where the user wrote exactly two times of day,
    /// run from the first written to the second (`Event::Repaired`, step `time_ranges`). An
    /// end holding a time the user did not write, or ends crossed: nothing is guessed. Not in
    /// the neutral profile: it reads the user's words and changes strings the schema takes.
    pub time_ranges: bool,
    /// Before a call runs, a free string whose name names an identifier (`vin`,
    /// `card_number`, `order_id`, `postcode`) holding exactly one word with a digit that the
    /// user wrote, with lower-case words beside it (`"VIN for me: 1HGCM82633A004352 thx"`) or
    /// a label that names the argument (`"SKU TX-5512-BLK"` for `sku`), takes that word alone (`Event::Repaired`, step `bare_codes`); a code of two words is
    /// widened again by `whole_codes`. A small model copies the words around an identifier
    /// with it. Labels in capitals (`ZIP 94110`), two words with digits, a word nobody wrote:
    /// left as they are. Not in the neutral profile: it reads the user's words and changes a
    /// string the schema takes.
    pub bare_codes: bool,
    /// Before a call runs, a free string that starts with a lower-case `the ` and a capital,
    /// the user having written it so (`"the Chicago Board of Trade"`), takes the words after
    /// `the` (`Event::Repaired`, step `names_without_the`). A name that owns its article
    /// writes it in capitals (`The Hague`). Not in the neutral profile: it changes a string
    /// the schema takes.
    pub names_without_the: bool,
    /// Before a call runs, an optional free string of four words or more that opens with the
    /// four words a message of the user's opens with and holds another argument's value
    /// (`"note": "Employee EMP-40217 needs sick leave from…"` beside `"employee_id":
    /// "EMP-40217"`) is left out (`Event::Repaired`, step `leave_out_retold`): the request
    /// retold, not a value the user gave. A text the user quoted, or from the middle of their
    /// message (a message they dictate), stays. Not in the neutral profile: it reads the
    /// user's words and leaves out an argument the model wrote.
    pub leave_out_retold: bool,
    /// With `echo_check`, a top-level free string holding a value of another kind than its
    /// argument's is refused as a copied value is (the argument's error chain asks for it
    /// again, or leaves an optional one out): a whole date where neither the name nor the
    /// description has a word of dates (`"station_id": "2027-07-19"`), a quantity where
    /// neither names a measure (`"room": "21.5 degrees"`, `"ticker": "118.50"`), a quantity
    /// where the description asks for a date, a date where it asks for a time of day. A small
    /// model fills the wrong argument with a value of the request. Plain digits, ordinals,
    /// codes and free-text arguments (`query`, `message`) are never refused. Opt in, in no
    /// profile: measured on a read suite, the local model wrote the same value again when
    /// refused, and four prevention runs ended without an executed call (docs/small-models.md,
    /// "A value of another kind").
    pub other_kinds: bool,
    /// Before a call runs, an optional boolean holding `true` whose name's words (but
    /// `include`, `is`, `allow`, …) no word of the user's shares four first letters with
    /// (`"audio_guide": true` for a request that says nothing of audio or guides) is left out
    /// (`Event::Repaired`, step `unnamed_flags`), and the tool's default applies. A made-up
    /// example shows every boolean as `true`, and a small model copies it. Not in the neutral
    /// profile: it leaves out an argument the model wrote.
    pub unnamed_flags: bool,
    /// Before a call runs, a free string whose description asks for a standard code (a
    /// country's two-letter ISO 3166 code, a US state's abbreviation, a currency's ISO 4217
    /// code, a language's ISO 639-1 code) and that holds a name the code stands for
    /// (`"GERMANY"`, `"Oregon"`, `"Swiss francs"`, `"German"`) takes the code
    /// (`Event::Repaired`, step `standard_codes`). A small model copies the name the user
    /// wrote. A code already, a name not in the tables (`dollars`), or another description:
    /// left as they are. Not in the neutral profile: it changes a string the schema takes.
    pub standard_codes: bool,
    /// Before a call runs, a string whose description asks for an ISO 4217 code (free, or with
    /// choices that hold the user's currency) and that holds no currency the user wrote (`"USD"` where they wrote "4,750 GBP", `"150"` for
    /// "€150") takes the one currency of theirs (a code, a name, a symbol such as `€`) no
    /// other such argument holds; a range's two ends (`from_currency`/`to_currency`) holding one
    /// of the two the user wrote take the two in the order written (`Event::Repaired`, step
    /// `told_currencies`). Not in the neutral profile: it reads the user's words and changes a
    /// string the schema takes.
    pub told_currencies: bool,
    /// Before a call runs, an argument asking for e-mail addresses (its name ends in `email`, its
    /// description "email address", or its format is `email`) that holds a value that is no
    /// address (`"email": "Dana Whitfield"`, `"emails": ["EVT-4502"]`) takes the address the
    /// user wrote that no other argument holds, or the one whose local part spells the name it
    /// held (an address the user did not write counts as none); a list takes all of them,
    /// where the tool declares no other e-mail argument (`Event::Repaired`, step
    /// `told_emails`). Not in the neutral profile: it reads the user's words and changes a
    /// string the schema takes.
    pub told_emails: bool,
    /// Before a call runs, where exactly one free string whose name names an identifier holds
    /// no code of the user's (`"order_id": "ordered"`) and the user wrote exactly one code no
    /// argument holds (`ORD-55871`), that argument takes the code (`Event::Repaired`, step
    /// `lone_codes`). Two identifiers without a code, or two codes left: nothing is guessed.
    /// Not in the neutral profile: it reads the user's words and changes a string the schema
    /// takes.
    pub lone_codes: bool,
    /// Before a call runs, a number argument holding a number the user wrote only inside a
    /// code (`"hours": 118` for "photographer PH-118 for a 3 hour shoot") takes the number of
    /// theirs, outside codes, dates and times, whose words name it, or else the one no argument
    /// holds (`Event::Repaired`, step `code_digits`). Not in the neutral profile: it reads the
    /// user's words and changes a number the schema takes.
    pub code_digits: bool,
    /// Before a call runs, an identifier holding a code the user labelled for another argument
    /// (`"station_id": "M-4410"` where the user wrote "member M-4410 … station ST-12") takes
    /// the one code, written once and held by no argument, whose label names it
    /// (`Event::Repaired`, step `labelled_codes`). A code without a label, or no code or two
    /// for the identifier to take: nothing is guessed. Not in the neutral profile: it reads
    /// the user's words and changes a string the schema takes.
    pub labelled_codes: bool,
    /// Before a call runs, a free string that retells the user's message (it opens with four
    /// words they wrote in a row) around exactly one text they quoted, held by no other
    /// argument, takes the quoted text (`"request": "for booking HX-90213 could you add a
    /// 'late checkout'"` → `"late checkout"`; `Event::Repaired`, step `quotes_over_retold`).
    /// Not in the neutral profile: it reads the user's words and changes a string the schema
    /// takes.
    pub quotes_over_retold: bool,
    /// Before a call runs, a free string that is a run of the user's words opening or ending
    /// with another argument's value, joined to it by a framing word (`"season": "Eredivisie
    /// for the 2026-27"` beside `"league": "Eredivisie"`), is cut to the rest (`"2026-27"`;
    /// `Event::Repaired`, step `cut_other_values`). Not in the neutral profile: it reads the
    /// user's words and changes a string the schema takes.
    pub cut_other_values: bool,
    /// Before a call runs, a number argument (or an item of a list of numbers) whose description
    /// asks for a fraction of one (`"ranging from 0 to 1"`, `"as a decimal"`, `"as a fraction"`,
    /// `"5% is 0.05"`, `"0.05 for 5%"`;
    /// not one that also gives a range up to 100), holding a number the user wrote as a percent,
    /// takes that number over a hundred: `"rate": 5` for the user's "5%" becomes `0.05`
    /// (`Event::Repaired`, step `described_fractions`). A small model copies the percent's
    /// digits. A number of 1 or less is set only where the user wrote it as a percent every
    /// time. Not in the neutral profile: it reads prose and changes a number the schema takes.
    pub described_fractions: bool,
    /// A free string written wholly in capitals (four letters or more) that the user's words do
    /// not write so, but write in another case, is set to the user's spelling before the call
    /// runs (`"NEW YORK"` → `"New York"`): a small model writes the user's value in the case of
    /// the made-up example's placeholders (`"CITY"`). An argument whose description speaks of
    /// capitals, upper case or codes is left as written. No model call.
    pub user_spelling: bool,
    /// A call identical to one that already succeeded in the run (same tool, same canonical
    /// arguments), to a tool that is not idempotent, does not run again: the model reads the
    /// earlier result and that it was not run again. A small model that got what it asked for
    /// asks again until the turn cap. Not in the neutral profile: a tool is not idempotent
    /// unless it says so, and a model with native tool calling that polls a status tool twice
    /// means it (mark reading tools `idempotent`, or turn this off, for a tool meant to be
    /// called alike again).
    pub skip_repeats: bool,
    /// After a call was not run again, the next turn asks for the final answer: held to the
    /// final-answer tool where the model can be constrained, else offered no tools. The work
    /// the repeat asked for is done; the run ends with an answer instead of spending its turns.
    pub answer_after_repeat: bool,
    /// Outside prevention mode (which holds every run's last turn to the final answer), after a
    /// call ran since the user's message, the last turn the budget's `max_turns` allows asks for
    /// the final answer: held to the final-answer tool where the model can be constrained, else
    /// offered no tools ([`Event::LastTurnAnswer`](crate::Event::LastTurnAnswer)). A small
    /// model that read its call's result often calls again (a made-up call of another tool, the
    /// same call) until the cap, and the run ends in `max_turns` exceeded with its work done.
    /// A run that has not yet had a call run keeps its last turn for one.
    pub answer_on_last_turn: bool,
    /// After a call ran since the user's message, a turn whose response the client could not
    /// read ([`ModelErrorKind::MalformedResponse`](crate::model::ModelErrorKind): a prompted
    /// small model writes the runtime's `Result:` line itself instead of an answer) is asked
    /// once more, held to the final-answer tool, where the model can be constrained and the
    /// turn was not held to it already; a `Warning` says so. The run would otherwise end in
    /// the model's error with its work done, and sent again unchanged a greedy model writes
    /// the same line. One model call each time.
    pub answer_after_malformed: bool,
    /// Under prevention mode (which holds a run's last turn to the final answer), a request
    /// no call has served yet keeps the last turn `max_turns` allows for a call: held to a
    /// tool as the turns before it were, the final answer not offered. A small model whose
    /// calls were refused twice otherwise answers without a call, an answer nothing stands
    /// behind; held, it makes the call, and a call that runs on the last turn leaves no turn
    /// for an answer (the run ends in `max_turns` exceeded, the call's result in its
    /// transcript).
    pub call_on_last_turn: bool,
    /// A call to a tool that is not offered is asked for again, held to a call of an offered
    /// tool (the [`regenerate`](crate::repair::regenerate) step as the `unknown_tool` chain,
    /// where the agent declares none and its model can be constrained), and the regenerated
    /// call takes its place: told the name is unknown, a small model writes the same made-up
    /// name on every turn, and the run ends without a call that ran. Only for a request not
    /// yet served: not after a call ran since the user's message, and not for the final-answer
    /// tool's name where that tool is not offered (the model means to answer). A declared
    /// `unknown_tool` chain is left as it is. One model call per invented call.
    pub regenerate_invented: bool,
    /// Outside prevention mode, a new request's first call, written alone in its turn, of a
    /// tool the request's words name less than another offered tool, which they name more than
    /// every other ([`request_words_in_tools`](crate::request_words_in_tools), as the
    /// calibrated choice reads them), is asked for again held to that tool, and the answer
    /// takes its place before anything runs ([`Event::CallRedirected`](crate::Event::CallRedirected)).
    /// Left to choose as it writes, a small model often calls a tool the request never speaks
    /// of. One model call each time; only where the model can be constrained. Not after a call
    /// ran since the user's message.
    pub named_tool: bool,
    /// Under prevention mode, a call refused for a number nobody gave, to a tool that requires
    /// a number the request gives none of (the user's words give no number at all, and the
    /// argument has no declared default and no code the words name:
    /// [`required_numbers_not_given`](crate::required_numbers_not_given)), passes that tool
    /// over for the rest of the run: it is no longer offered (while another tool is), and the
    /// next turn is a new request's again (no final answer offered unless it is the last).
    /// Held to that tool, a small model that chose it writes the same made-up number until its
    /// turns run out, and the run ends without a call. No model call.
    pub pass_over_unfilled: bool,
    /// Under prevention mode, after a call ran whose string or number argument holds one item
    /// of a list the user wrote (`"New York"` of "New York, Los Angeles and Chicago"), and
    /// other items of that list no successful call of the tool has taken, the next turn is held
    /// to that tool with that argument held to those items: the model writes the call for the
    /// next one. A small model calls the tool for the first item and answers. One argument's
    /// list at a time; where two arguments' lists are owed, or none, nothing is held. No model
    /// call of its own: the held turn is a turn the run would have made.
    pub rest_of_list: bool,
}

impl Default for Recovery {
    fn default() -> Self {
        Recovery::NEUTRAL
    }
}

impl Recovery {
    /// For models with native tool calling (the default): nothing that makes extra model calls,
    /// changes sampling or answers a call without running it; only the deterministic coercions,
    /// which change nothing but a value its schema refuses as it is.
    pub const NEUTRAL: Recovery = Recovery {
        echo_check: false,
        ask_values: false,
        regenerate_refused: false,
        numbers_told: false,
        user_words: false,
        hold_tool: false,
        hold_cut_off: false,
        keep_cut_lists: false,
        room_after_cut_off: false,
        user_phrases: false,
        skip_tool_words: false,
        date_spans: false,
        qualified_spans: false,
        cut_repeats: false,
        numbers_once: false,
        place_numbers: false,
        named_numbers: false,
        place_strings: false,
        ask_reused_numbers: false,
        leave_out_echoes: false,
        default_echoes: false,
        named_choices: false,
        described_codes: false,
        resample: false,
        number_words: true,
        natural_dates: true,
        described_dates: false,
        whole_dates: false,
        whole_quotes: false,
        whole_codes: false,
        whole_lists: false,
        date_ranges: false,
        time_ranges: false,
        bare_codes: false,
        names_without_the: false,
        leave_out_retold: false,
        other_kinds: false,
        unnamed_flags: false,
        standard_codes: false,
        told_currencies: false,
        told_emails: false,
        lone_codes: false,
        code_digits: false,
        labelled_codes: false,
        quotes_over_retold: false,
        cut_other_values: false,
        described_fractions: false,
        user_spelling: false,
        skip_repeats: false,
        answer_after_repeat: false,
        answer_on_last_turn: false,
        answer_after_malformed: false,
        call_on_last_turn: false,
        regenerate_invented: false,
        named_tool: false,
        pass_over_unfilled: false,
        rest_of_list: false,
    };

    /// For small models prompted to write their calls as text (what the prompted clients say):
    /// every piece on but [`ask_reused_numbers`](Self::ask_reused_numbers), which is opt-in.
    pub const SMALL_MODEL: Recovery = Recovery {
        echo_check: true,
        ask_values: true,
        regenerate_refused: true,
        numbers_told: true,
        user_words: true,
        hold_tool: true,
        hold_cut_off: true,
        keep_cut_lists: true,
        room_after_cut_off: true,
        user_phrases: true,
        skip_tool_words: true,
        date_spans: true,
        qualified_spans: true,
        cut_repeats: true,
        numbers_once: true,
        place_numbers: true,
        named_numbers: true,
        place_strings: true,
        ask_reused_numbers: false,
        leave_out_echoes: true,
        default_echoes: true,
        named_choices: true,
        described_codes: true,
        resample: true,
        number_words: true,
        natural_dates: true,
        described_dates: true,
        whole_dates: true,
        whole_quotes: true,
        whole_codes: true,
        whole_lists: true,
        date_ranges: true,
        time_ranges: true,
        bare_codes: true,
        names_without_the: true,
        leave_out_retold: true,
        other_kinds: false,
        unnamed_flags: true,
        standard_codes: true,
        told_currencies: true,
        told_emails: true,
        lone_codes: true,
        code_digits: true,
        labelled_codes: true,
        quotes_over_retold: true,
        cut_other_values: true,
        described_fractions: true,
        user_spelling: true,
        skip_repeats: true,
        answer_after_repeat: true,
        answer_on_last_turn: true,
        answer_after_malformed: true,
        call_on_last_turn: true,
        regenerate_invented: true,
        named_tool: true,
        pass_over_unfilled: true,
        rest_of_list: true,
    };

    /// Every piece off: only what no profile can turn off (JSON repair, the coercions that lose
    /// nothing, the declared chains, the loop guards).
    pub const OFF: Recovery = Recovery {
        echo_check: false,
        ask_values: false,
        regenerate_refused: false,
        numbers_told: false,
        user_words: false,
        hold_tool: false,
        hold_cut_off: false,
        keep_cut_lists: false,
        room_after_cut_off: false,
        user_phrases: false,
        skip_tool_words: false,
        date_spans: false,
        qualified_spans: false,
        cut_repeats: false,
        numbers_once: false,
        place_numbers: false,
        named_numbers: false,
        place_strings: false,
        ask_reused_numbers: false,
        leave_out_echoes: false,
        default_echoes: false,
        named_choices: false,
        described_codes: false,
        resample: false,
        number_words: false,
        natural_dates: false,
        described_dates: false,
        whole_dates: false,
        whole_quotes: false,
        whole_codes: false,
        whole_lists: false,
        date_ranges: false,
        time_ranges: false,
        bare_codes: false,
        names_without_the: false,
        leave_out_retold: false,
        other_kinds: false,
        unnamed_flags: false,
        standard_codes: false,
        told_currencies: false,
        told_emails: false,
        lone_codes: false,
        code_digits: false,
        labelled_codes: false,
        quotes_over_retold: false,
        cut_other_values: false,
        described_fractions: false,
        user_spelling: false,
        skip_repeats: false,
        answer_after_repeat: false,
        answer_on_last_turn: false,
        answer_after_malformed: false,
        call_on_last_turn: false,
        regenerate_invented: false,
        named_tool: false,
        pass_over_unfilled: false,
        rest_of_list: false,
    };

    /// Switches [`pass_over_unfilled`](Self::pass_over_unfilled).
    #[must_use]
    pub const fn pass_over_unfilled(mut self, on: bool) -> Self {
        self.pass_over_unfilled = on;
        self
    }

    /// Switches [`named_tool`](Self::named_tool).
    #[must_use]
    pub const fn named_tool(mut self, on: bool) -> Self {
        self.named_tool = on;
        self
    }

    /// Switches [`regenerate_invented`](Self::regenerate_invented).
    #[must_use]
    pub const fn regenerate_invented(mut self, on: bool) -> Self {
        self.regenerate_invented = on;
        self
    }

    /// Switches [`echo_check`](Self::echo_check).
    #[must_use]
    pub const fn echo_check(mut self, on: bool) -> Self {
        self.echo_check = on;
        self
    }

    /// Switches [`ask_values`](Self::ask_values).
    #[must_use]
    pub const fn ask_values(mut self, on: bool) -> Self {
        self.ask_values = on;
        self
    }

    /// Switches [`numbers_told`](Self::numbers_told).
    #[must_use]
    pub const fn numbers_told(mut self, on: bool) -> Self {
        self.numbers_told = on;
        self
    }

    /// Switches [`user_words`](Self::user_words).
    #[must_use]
    pub const fn user_words(mut self, on: bool) -> Self {
        self.user_words = on;
        self
    }

    /// Switches [`hold_tool`](Self::hold_tool).
    #[must_use]
    pub const fn hold_tool(mut self, on: bool) -> Self {
        self.hold_tool = on;
        self
    }

    /// Switches [`regenerate_refused`](Self::regenerate_refused).
    #[must_use]
    pub const fn regenerate_refused(mut self, on: bool) -> Self {
        self.regenerate_refused = on;
        self
    }

    /// Switches [`user_spelling`](Self::user_spelling).
    #[must_use]
    pub const fn user_spelling(mut self, on: bool) -> Self {
        self.user_spelling = on;
        self
    }

    /// Switches [`room_after_cut_off`](Self::room_after_cut_off).
    #[must_use]
    pub const fn room_after_cut_off(mut self, on: bool) -> Self {
        self.room_after_cut_off = on;
        self
    }

    /// Switches [`keep_cut_lists`](Self::keep_cut_lists).
    #[must_use]
    pub const fn keep_cut_lists(mut self, on: bool) -> Self {
        self.keep_cut_lists = on;
        self
    }

    /// Switches [`hold_cut_off`](Self::hold_cut_off).
    #[must_use]
    pub const fn hold_cut_off(mut self, on: bool) -> Self {
        self.hold_cut_off = on;
        self
    }

    /// Switches [`user_phrases`](Self::user_phrases).
    #[must_use]
    pub const fn user_phrases(mut self, on: bool) -> Self {
        self.user_phrases = on;
        self
    }

    /// Switches [`skip_tool_words`](Self::skip_tool_words).
    #[must_use]
    pub const fn skip_tool_words(mut self, on: bool) -> Self {
        self.skip_tool_words = on;
        self
    }

    /// Switches [`date_spans`](Self::date_spans).
    #[must_use]
    pub const fn date_spans(mut self, on: bool) -> Self {
        self.date_spans = on;
        self
    }

    /// Switches [`qualified_spans`](Self::qualified_spans).
    #[must_use]
    pub const fn qualified_spans(mut self, on: bool) -> Self {
        self.qualified_spans = on;
        self
    }

    /// Switches [`cut_repeats`](Self::cut_repeats).
    #[must_use]
    pub const fn cut_repeats(mut self, on: bool) -> Self {
        self.cut_repeats = on;
        self
    }

    /// Switches [`numbers_once`](Self::numbers_once).
    #[must_use]
    pub const fn numbers_once(mut self, on: bool) -> Self {
        self.numbers_once = on;
        self
    }

    /// Switches [`place_numbers`](Self::place_numbers).
    #[must_use]
    pub const fn place_numbers(mut self, on: bool) -> Self {
        self.place_numbers = on;
        self
    }

    /// Switches [`place_strings`](Self::place_strings).
    #[must_use]
    pub const fn place_strings(mut self, on: bool) -> Self {
        self.place_strings = on;
        self
    }

    /// Switches [`ask_reused_numbers`](Self::ask_reused_numbers).
    #[must_use]
    pub const fn ask_reused_numbers(mut self, on: bool) -> Self {
        self.ask_reused_numbers = on;
        self
    }

    /// Switches [`leave_out_echoes`](Self::leave_out_echoes).
    #[must_use]
    pub const fn leave_out_echoes(mut self, on: bool) -> Self {
        self.leave_out_echoes = on;
        self
    }

    /// Switches [`default_echoes`](Self::default_echoes).
    #[must_use]
    pub const fn default_echoes(mut self, on: bool) -> Self {
        self.default_echoes = on;
        self
    }

    /// Switches [`named_choices`](Self::named_choices).
    #[must_use]
    pub const fn named_choices(mut self, on: bool) -> Self {
        self.named_choices = on;
        self
    }

    /// Switches [`described_codes`](Self::described_codes).
    #[must_use]
    pub const fn described_codes(mut self, on: bool) -> Self {
        self.described_codes = on;
        self
    }

    /// Switches [`resample`](Self::resample).
    #[must_use]
    pub const fn resample(mut self, on: bool) -> Self {
        self.resample = on;
        self
    }

    /// Switches [`number_words`](Self::number_words).
    #[must_use]
    pub const fn number_words(mut self, on: bool) -> Self {
        self.number_words = on;
        self
    }

    /// Switches [`natural_dates`](Self::natural_dates).
    #[must_use]
    pub const fn natural_dates(mut self, on: bool) -> Self {
        self.natural_dates = on;
        self
    }

    /// Switches [`rest_of_list`](Self::rest_of_list).
    pub const fn rest_of_list(mut self, on: bool) -> Self {
        self.rest_of_list = on;
        self
    }

    /// Switches [`described_fractions`](Self::described_fractions).
    pub const fn described_fractions(mut self, on: bool) -> Self {
        self.described_fractions = on;
        self
    }

    /// Whether any reading of `grounding::read_described` is on: the readings every value
    /// passes before a call runs, the turn's own and the repair steps' alike.
    pub(crate) const fn reads_described(&self) -> bool {
        self.whole_quotes
            || self.whole_codes
            || self.whole_lists
            || self.date_ranges
            || self.time_ranges
            || self.bare_codes
            || self.names_without_the
            || self.leave_out_retold
            || self.unnamed_flags
            || self.standard_codes
            || self.told_currencies
            || self.told_emails
            || self.lone_codes
            || self.code_digits
            || self.labelled_codes
            || self.quotes_over_retold
            || self.cut_other_values
            || self.whole_dates
            || self.described_dates
            || self.described_fractions
    }

    /// Switches [`named_numbers`](Self::named_numbers).
    #[must_use]
    pub const fn named_numbers(mut self, on: bool) -> Self {
        self.named_numbers = on;
        self
    }

    /// Switches [`whole_lists`](Self::whole_lists).
    #[must_use]
    pub const fn whole_lists(mut self, on: bool) -> Self {
        self.whole_lists = on;
        self
    }

    /// Switches [`bare_codes`](Self::bare_codes).
    #[must_use]
    pub const fn bare_codes(mut self, on: bool) -> Self {
        self.bare_codes = on;
        self
    }

    /// Switches [`names_without_the`](Self::names_without_the).
    #[must_use]
    pub const fn names_without_the(mut self, on: bool) -> Self {
        self.names_without_the = on;
        self
    }

    /// Switches [`lone_codes`](Self::lone_codes).
    #[must_use]
    pub const fn lone_codes(mut self, on: bool) -> Self {
        self.lone_codes = on;
        self
    }

    /// Switches [`labelled_codes`](Self::labelled_codes).
    #[must_use]
    pub const fn labelled_codes(mut self, on: bool) -> Self {
        self.labelled_codes = on;
        self
    }

    /// Switches [`quotes_over_retold`](Self::quotes_over_retold).
    #[must_use]
    pub const fn quotes_over_retold(mut self, on: bool) -> Self {
        self.quotes_over_retold = on;
        self
    }

    /// Switches [`cut_other_values`](Self::cut_other_values).
    #[must_use]
    pub const fn cut_other_values(mut self, on: bool) -> Self {
        self.cut_other_values = on;
        self
    }

    /// Switches [`standard_codes`](Self::standard_codes).
    #[must_use]
    pub const fn standard_codes(mut self, on: bool) -> Self {
        self.standard_codes = on;
        self
    }

    /// Switches [`told_currencies`](Self::told_currencies).
    #[must_use]
    pub const fn told_currencies(mut self, on: bool) -> Self {
        self.told_currencies = on;
        self
    }

    /// Switches [`told_emails`](Self::told_emails).
    #[must_use]
    pub const fn told_emails(mut self, on: bool) -> Self {
        self.told_emails = on;
        self
    }

    /// Switches [`time_ranges`](Self::time_ranges).
    #[must_use]
    pub const fn time_ranges(mut self, on: bool) -> Self {
        self.time_ranges = on;
        self
    }

    /// Switches [`code_digits`](Self::code_digits).
    #[must_use]
    pub const fn code_digits(mut self, on: bool) -> Self {
        self.code_digits = on;
        self
    }

    /// Switches [`unnamed_flags`](Self::unnamed_flags).
    #[must_use]
    pub const fn unnamed_flags(mut self, on: bool) -> Self {
        self.unnamed_flags = on;
        self
    }

    /// Switches [`other_kinds`](Self::other_kinds).
    #[must_use]
    pub const fn other_kinds(mut self, on: bool) -> Self {
        self.other_kinds = on;
        self
    }

    /// Switches [`leave_out_retold`](Self::leave_out_retold).
    #[must_use]
    pub const fn leave_out_retold(mut self, on: bool) -> Self {
        self.leave_out_retold = on;
        self
    }

    /// Switches [`date_ranges`](Self::date_ranges).
    #[must_use]
    pub const fn date_ranges(mut self, on: bool) -> Self {
        self.date_ranges = on;
        self
    }

    /// Switches [`whole_codes`](Self::whole_codes).
    #[must_use]
    pub const fn whole_codes(mut self, on: bool) -> Self {
        self.whole_codes = on;
        self
    }

    /// Switches [`whole_quotes`](Self::whole_quotes).
    #[must_use]
    pub const fn whole_quotes(mut self, on: bool) -> Self {
        self.whole_quotes = on;
        self
    }

    /// Switches [`whole_dates`](Self::whole_dates).
    #[must_use]
    pub const fn whole_dates(mut self, on: bool) -> Self {
        self.whole_dates = on;
        self
    }

    /// Switches [`described_dates`](Self::described_dates).
    #[must_use]
    pub const fn described_dates(mut self, on: bool) -> Self {
        self.described_dates = on;
        self
    }

    /// Switches [`skip_repeats`](Self::skip_repeats).
    #[must_use]
    pub const fn skip_repeats(mut self, on: bool) -> Self {
        self.skip_repeats = on;
        self
    }

    /// Switches [`call_on_last_turn`](Self::call_on_last_turn).
    #[must_use]
    pub const fn call_on_last_turn(mut self, on: bool) -> Self {
        self.call_on_last_turn = on;
        self
    }

    /// Switches [`answer_after_malformed`](Self::answer_after_malformed).
    #[must_use]
    pub const fn answer_after_malformed(mut self, on: bool) -> Self {
        self.answer_after_malformed = on;
        self
    }

    /// Switches [`answer_on_last_turn`](Self::answer_on_last_turn).
    #[must_use]
    pub const fn answer_on_last_turn(mut self, on: bool) -> Self {
        self.answer_on_last_turn = on;
        self
    }

    /// Switches [`answer_after_repeat`](Self::answer_after_repeat).
    #[must_use]
    pub const fn answer_after_repeat(mut self, on: bool) -> Self {
        self.answer_after_repeat = on;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cassette recorded before the profile existed, or with fewer pieces, reads as the
    /// defaults for what it does not say.
    #[test]
    fn what_a_recorded_value_leaves_out_reads_as_the_default() {
        let caps: Capabilities = serde_json::from_str(r#"{"feedback": "short"}"#).unwrap();
        assert_eq!(caps.feedback, FeedbackStyle::Short);
        assert_eq!(caps.recovery, Recovery::NEUTRAL);
        let r: Recovery = serde_json::from_str(r#"{"echo_check": true}"#).unwrap();
        assert!(!r.skip_repeats);
        assert_eq!(r, Recovery::NEUTRAL.echo_check(true));
        let back: Capabilities =
            serde_json::from_value(serde_json::to_value(Capabilities::new()).unwrap()).unwrap();
        assert_eq!(back, Capabilities::new());
    }
}
