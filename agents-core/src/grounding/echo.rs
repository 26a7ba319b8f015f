//! The echo check: values copied from a worked example instead of taken from the user.
//!
//! A small model that does not know what to write copies the example it was shown: asked to book
//! a table at Nonna Rosa, it writes `{"restaurant": "text"}` because a made-up example showed
//! `"text"`, or it sends the example's `{"phone": "555-0142", "message": "I'm running late"}`
//! again for a request that names neither. Such a call is valid against the schema and would
//! run with values nobody gave. This check finds them: a value is *echoed* when it is one of the
//! values the model was shown in worked examples (or a schema's `examples`), and it appears
//! nowhere in what the model was told (the system prompt, the user's messages, tool results).
//! Values the schema itself lists (`enum`, `const`) are choices, not echoes, in a required
//! argument: the model must pick one, and the user's words seldom name it as the schema spells
//! it (`km` for `kilometers`). But in a call that copies the example elsewhere, the example's
//! choice is suspect too: `{"value": 2.5, "from": "kilometers", "to": "kilometers"}` for "how many
//! miles is 42 km" copied all three, so all three are reported. In an optional argument the user
//! did not ask for, the example's choice is a copy like any other (`"cabin": "economy"` for a
//! request that names no cabin), and leaving the argument out is always possible.
//!
//! An echoed value is reported like a schema violation (keyword `echo`), so the argument error's
//! chain handles it: the model hears which value it copied and writes the call again. The check
//! is a piece of the small-model recovery profile
//! ([`Recovery::echo_check`](crate::model::Recovery)); a strict agent does not check (strict
//! means no recovery).
//!
//! Under constraint, where the values are then asked for (`ask_values`), a number the user
//! never gave is reported too (keyword `not_given`), shown or not: a grammar lets a model write
//! `10,000`, `fifty` or `1 million` only as JSON digits, and a small model transcribes them
//! wrong (`10`, `25`, `1000000000000000`). Only where what the model was told gives a number
//! at all: told none ("the house prices for the next month"), the model had nothing to
//! transcribe, and a refusal no number could answer would end the run without a call (the
//! question finds none, the next turn has nothing to hold the argument to).

use std::collections::HashSet;

use serde_json::Value;

use super::Told;
use crate::error::{SchemaViolation, argument_of};
use crate::model::ModelRequest;

/// The violation keyword of an echoed value.
pub(crate) const ECHO_KEYWORD: &str = "echo";

/// The violation keyword of a number the user never gave (checked under constraint only).
pub(crate) const NOT_GIVEN_KEYWORD: &str = "not_given";

/// Whether a violation is one of this check's: a value nobody gave (copied from an example, or
/// a number the user never wrote), rather than one of the schema's.
pub(crate) fn is_ungrounded(v: &SchemaViolation) -> bool {
    v.keyword == ECHO_KEYWORD || v.keyword == NOT_GIVEN_KEYWORD
}

/// The values shown to the model in examples, and the text a value must come from.
#[derive(Debug, Clone)]
pub(crate) struct EchoCheck {
    /// Shown strings, trimmed and lowercased.
    strings: HashSet<String>,
    /// Shown numbers.
    numbers: Vec<f64>,
    /// What the model was told.
    told: Told,
    /// Whether every number must be one the model was told, shown or not.
    numbers_told: bool,
    /// Whether a value of another kind than its argument's is refused too (`other_kind.rs`).
    other_kinds: bool,
}

impl EchoCheck {
    /// The check for calls answering `request`, given the values the model was shown: the
    /// argument objects of its worked examples, and the called tool's schema `examples`.
    /// With `numbers_told`, every number of a call must also be one the model was told (for a
    /// constrained turn whose values are then asked for). `None` when there is nothing to check.
    pub(crate) fn new<'v>(
        shown: impl IntoIterator<Item = &'v Value>,
        request: &ModelRequest,
        numbers_told: bool,
    ) -> Option<EchoCheck> {
        // The common case, a model shown no examples, returns before any set is made.
        let mut shown = shown.into_iter().peekable();
        if shown.peek().is_none() && !numbers_told {
            return None;
        }
        let mut strings = HashSet::new();
        let mut numbers = Vec::new();
        for v in shown {
            collect_leaves(v, &mut strings, &mut numbers, 0);
        }
        if strings.is_empty() && numbers.is_empty() && !numbers_told {
            return None;
        }
        let mut told = String::new();
        let mut add = |text: &str| {
            told.push_str(text);
            told.push('\n');
        };
        if let Some(s) = &request.system {
            add(s);
        }
        super::told::told_texts(&request.messages).for_each(add);
        Some(EchoCheck {
            strings,
            numbers,
            told: Told::new(&told),
            numbers_told,
            other_kinds: false,
        })
    }

    /// This check, refusing also (with `on`) a top-level value of another kind than its
    /// argument's: a date or a quantity where the argument names neither
    /// ([`Recovery::other_kinds`](crate::model::Recovery::other_kinds)).
    pub(crate) fn with_other_kinds(mut self, on: bool) -> Self {
        self.other_kinds = on;
        self
    }

    /// What the model was told: the text a value must come from.
    pub(crate) fn told(&self) -> &Told {
        &self.told
    }

    /// Whether `answer`, a final answer as a whole, is a value copied from an example that
    /// nothing the model was told holds (a small model that answers `"text"` at once because
    /// the final-answer tool's example showed it).
    pub(crate) fn copied_answer(&self, answer: &str) -> bool {
        self.copied_string(answer)
    }

    /// Whether the string `s` is one the model was shown in an example and nothing it was
    /// told holds.
    pub(crate) fn copied_string(&self, s: &str) -> bool {
        let key = s.trim().to_lowercase();
        !key.is_empty() && self.strings.contains(&key) && !self.told.has(s)
    }

    /// Every echoed value of `args` (at most `limit`), as violations naming its path. Only the
    /// arguments the schema declares are looked at, where it declares any: an argument the
    /// tool does not take is the validator's to name (or is dropped), and refusing a good call
    /// for a copied value in it would cost a turn for nothing.
    pub(crate) fn violations(
        &self,
        args: &Value,
        schema: &Value,
        limit: usize,
    ) -> Vec<SchemaViolation> {
        let choices = crate::model::schema_choices(schema);
        let required: HashSet<&str> = crate::model::required_arguments(schema)
            .into_iter()
            .collect();
        let mut found = Vec::new();
        let walk = Walk {
            schema,
            choices: &choices,
            required: &required,
            limit,
        };
        match (args, crate::model::argument_names(schema)) {
            (Value::Object(m), Some(declared)) => {
                for (name, value) in m.iter().filter(|(k, _)| declared.contains(&k.as_str())) {
                    // The tool's own default is nobody's invention: writing it is leaving the
                    // argument out (`"year": 2022` where the schema says `"default": 2022`).
                    if agents_json::schema::argument_default(schema, name)
                        .is_some_and(|d| same_value(d, value))
                    {
                        continue;
                    }
                    // A code whose words the user named (`2` where the description says
                    // "2 for ironing" and the user asked for ironing) is a number they gave.
                    if let Some(x) = value.as_f64()
                        && !self.told.has_number(x)
                        && super::codes::is_named_code(schema, name, x, &self.told)
                    {
                        continue;
                    }
                    self.walk(value, &mut name.clone(), 1, &walk, &mut found);
                }
            }
            _ => self.walk(args, &mut String::new(), 0, &walk, &mut found),
        }
        // A required argument's copied choice counts only in a call that copies something else.
        if found.iter().all(|f| f.choice) {
            return Vec::new();
        }
        found.into_iter().map(|f| f.violation).collect()
    }

    /// `at` is the field path so far (`songs[1]`, `trip.from`; empty for the root).
    fn walk(
        &self,
        v: &Value,
        at: &mut String,
        depth: usize,
        walk: &Walk<'_>,
        out: &mut Vec<Found>,
    ) {
        if out.len() >= walk.limit || depth > MAX_DEPTH {
            return;
        }
        // A nested value the tool declares as its default is nobody's invention either (the
        // top-level arguments' defaults are passed over before the walk).
        if depth > 1
            && let Some(d) = declared_default(walk.schema, at)
            && same_value(d, v)
        {
            return;
        }
        let len = at.len();
        match v {
            Value::Object(m) => {
                for (k, item) in m {
                    if !at.is_empty() {
                        at.push('.');
                    }
                    at.push_str(k);
                    self.walk(item, at, depth + 1, walk, out);
                    at.truncate(len);
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    at.push_str(&format!("[{i}]"));
                    self.walk(item, at, depth + 1, walk, out);
                    at.truncate(len);
                }
            }
            Value::String(s) => {
                let key = s.trim().to_lowercase();
                if !key.is_empty() && self.strings.contains(&key) && !self.told.has(s) {
                    // A choice of a required argument may be the model's own pick.
                    let choice = walk.listed(at, v) == Some(true);
                    out.push(Found {
                        violation: echoed(at, v),
                        choice,
                    });
                } else if !walk.choices.contains(&key) && super::own_name::is_own_name(s, at) {
                    // The made-up example's placeholder, written in the user's case.
                    out.push(Found {
                        violation: violation(at, ECHO_KEYWORD, v, "is the argument's own name"),
                        choice: false,
                    });
                } else if let Some(what) = (self.other_kinds && depth == 1)
                    .then(|| agents_json::schema::schema_at(walk.schema, at))
                    .flatten()
                    .map(|p| agents_json::schema::concrete(walk.schema, p))
                    .and_then(|p| super::other_kind::other_kind(s, at, p))
                {
                    // A date where a room is asked: the user's, but not this argument's.
                    out.push(Found {
                        violation: violation(at, ECHO_KEYWORD, v, what),
                        choice: false,
                    });
                }
            }
            Value::Number(n) => {
                let Some(x) = n.as_f64() else { return };
                if self.told.has_number(x) {
                    return;
                }
                // One of the numbers the schema lists is a choice, like a listed string: the
                // model's own pick where the argument is required, never a number nobody gave.
                if let Some(required) = walk.listed(at, v) {
                    if self.numbers.contains(&x) {
                        out.push(Found {
                            violation: echoed(at, v),
                            choice: required,
                        });
                    }
                    return;
                }
                let violation = if self.numbers.contains(&x) {
                    echoed(at, v)
                } else if self.numbers_told
                    && self.told.gives_numbers()
                    && agents_json::schema::schema_at(walk.schema, at).is_some()
                {
                    // Told no number at all, the model had none to transcribe wrong: its
                    // number is its reading of the words ("next month"), and no number the
                    // user gave could take its place. Nor where the schema does not describe
                    // the value (a field of an object it leaves open): the next turn cannot
                    // hold it to the user's numbers, and the same call would be refused again.
                    not_given(at, v)
                } else {
                    return;
                };
                out.push(Found {
                    violation,
                    choice: false,
                });
            }
            Value::Bool(_) | Value::Null => {}
        }
    }
}

/// A value of the call the check reports: shown in an example, or (under `numbers_told`) a
/// number nobody gave.
struct Found {
    violation: SchemaViolation,
    /// A choice of a required argument: reported only beside another finding.
    choice: bool,
}

/// What one check of a call's arguments walks with.
struct Walk<'a> {
    /// The tool's parameters.
    schema: &'a Value,
    /// The schema's `enum` and `const` strings, lowercased.
    choices: &'a HashSet<String>,
    /// The arguments the schema requires.
    required: &'a HashSet<&'a str>,
    /// At most this many violations.
    limit: usize,
}

impl Walk<'_> {
    /// Whether `v`, at the field path `at`, is one of the choices its own schema lists
    /// (`enum`, `const`): `Some(required)`, where `required` says whether the object that holds
    /// it requires it (for an item of a list, whether its argument is required); `None` when
    /// it is not a listed choice. Where the schema does not describe the path, a string any of
    /// the schema's choices spells counts, as the argument's choice.
    fn listed(&self, at: &str, v: &Value) -> Option<bool> {
        let required = || {
            agents_json::schema::required_at(self.schema, at)
                .unwrap_or_else(|| self.required.contains(argument_of(at)))
        };
        let Some(own) = agents_json::schema::schema_at(self.schema, at) else {
            let key = v.as_str()?.trim().to_lowercase();
            return self.choices.contains(&key).then(required);
        };
        let own = crate::model::concrete(self.schema, own);
        let mut listed = own
            .get("enum")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .chain(own.get("const"));
        listed.any(|c| same_value(c, v)).then(required)
    }
}

/// The `default` the schema declares for the value at the field path `at`.
fn declared_default<'s>(root: &'s Value, at: &str) -> Option<&'s Value> {
    let own = agents_json::schema::schema_at(root, at)?;
    own.get("default")
        .or_else(|| crate::model::concrete(root, own).get("default"))
}

/// Nesting deeper than this is not looked into (the JSON parser bounds it already; this keeps
/// the walk bounded on its own).
const MAX_DEPTH: usize = 32;

fn echoed(at: &str, v: &Value) -> SchemaViolation {
    violation(at, ECHO_KEYWORD, v, "is copied from an example")
}

fn not_given(at: &str, v: &Value) -> SchemaViolation {
    violation(at, NOT_GIVEN_KEYWORD, v, "is not a number the user gave")
}

fn violation(at: &str, keyword: &str, v: &Value, what: &str) -> SchemaViolation {
    SchemaViolation {
        field_path: if at.is_empty() {
            ".".to_owned()
        } else {
            at.to_owned()
        },
        keyword: keyword.to_owned(),
        message: format!(
            "{} {what}; write the value the user gave",
            crate::text::shorten(&v.to_string(), 60)
        ),
    }
}

/// Whether a written value is a declared one: equal, a number of the same value (`2022` and
/// `2022.0`), or a string alike but for case and surrounding blanks (as shown values compare).
fn same_value(declared: &Value, written: &Value) -> bool {
    let same_number = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) => super::told::same_number(a, b),
        _ => false,
    };
    match (declared, written) {
        (Value::Number(a), Value::Number(b)) => same_number(a.as_f64(), b.as_f64()),
        (Value::String(a), Value::String(b)) => a.trim().to_lowercase() == b.trim().to_lowercase(),
        // Schemas converted from other languages write defaults as strings (`"default": "1"`
        // for an integer): the typed value the model wrote is that default.
        (Value::String(_), Value::Number(b)) => {
            same_number(super::defaults::spelt_number(declared), b.as_f64())
        }
        (Value::String(a), Value::Bool(b)) => a.trim().eq_ignore_ascii_case(&b.to_string()),
        _ => declared == written,
    }
}

fn collect_leaves(v: &Value, strings: &mut HashSet<String>, numbers: &mut Vec<f64>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match v {
        Value::Object(m) => m
            .values()
            .for_each(|x| collect_leaves(x, strings, numbers, depth + 1)),
        Value::Array(a) => a
            .iter()
            .for_each(|x| collect_leaves(x, strings, numbers, depth + 1)),
        Value::String(s) => {
            let s = s.trim().to_lowercase();
            if !s.is_empty() {
                strings.insert(s);
            }
        }
        Value::Number(n) => {
            if let Some(x) = n.as_f64()
                && !numbers.contains(&x)
            {
                numbers.push(x);
            }
        }
        Value::Bool(_) | Value::Null => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Message, ToolSpec};
    use serde_json::json;

    fn request(user: &str) -> ModelRequest {
        ModelRequest {
            messages: vec![Message::user(user)],
            tools: vec![ToolSpec {
                name: "book_table".into(),
                description: String::new(),
                parameters: json!({"type": "object", "properties": {
                    "restaurant": {"type": "string"}, "people": {"type": "integer"},
                    "unit": {"enum": ["metric", "imperial"]},
                    "seat": {"enum": ["inside", "terrace"]},
                    "songs": {"type": "array", "items": {"type": "string"}}},
                    "required": ["restaurant", "people", "unit"]}),
            }],
            ..ModelRequest::default()
        }
    }

    fn echoes(shown: Value, user: &str, args: Value) -> Vec<String> {
        let r = request(user);
        let Some(check) = EchoCheck::new([&shown], &r, false) else {
            return Vec::new();
        };
        check
            .violations(&args, &r.tools[0].parameters, 10)
            .into_iter()
            .map(|v| v.field_path)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect()
    }

    #[test]
    fn a_value_of_another_kind_is_refused_only_where_asked() {
        let user = "Book a table for 4 people at Nonna Rosa on 14 March 2027";
        let args = json!({"restaurant": "14 March 2027", "people": 4, "unit": "metric"});
        let r = request(user);
        let shown = json!({"restaurant": "text"});
        let check = EchoCheck::new([&shown], &r, false).expect("something shown");
        let schema = &r.tools[0].parameters;
        assert!(check.violations(&args, schema, 10).is_empty());
        let refused = check.with_other_kinds(true).violations(&args, schema, 10);
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert_eq!(refused[0].field_path, "restaurant");
        assert!(
            refused[0]
                .message
                .contains("is a date, and the argument asks for none"),
            "{refused:?}"
        );
    }

    #[test]
    fn a_shown_value_the_user_never_gave_is_an_echo() {
        let shown = json!({"restaurant": "text", "people": 3});
        assert_eq!(
            echoes(
                shown.clone(),
                "Book Nonna Rosa for ten",
                json!({"restaurant": "text", "people": 3})
            ),
            ["people", "restaurant"]
        );
        assert!(
            echoes(
                shown,
                "Book Nonna Rosa for ten",
                json!({"restaurant": "Nonna Rosa", "people": 10})
            )
            .is_empty()
        );
    }

    /// The made-up example's placeholder (`"RESTAURANT"`) written in the user's case, or a
    /// word of it, is refused though the user's words hold it; a choice of the schema is not.
    #[test]
    fn a_value_that_is_its_own_argument_name_is_an_echo() {
        let shown = json!({"restaurant": "RESTAURANT", "people": 3});
        let user = "Book the restaurant Nonna Rosa for ten";
        assert_eq!(
            echoes(
                shown.clone(),
                user,
                json!({"restaurant": "restaurant", "people": 10})
            ),
            ["restaurant"]
        );
        assert!(
            echoes(
                shown,
                user,
                json!({"restaurant": "Nonna Rosa", "people": 10, "unit": "metric"})
            )
            .is_empty()
        );
    }

    #[test]
    fn a_shown_value_the_user_also_gave_is_not_an_echo() {
        let shown = json!({"restaurant": "Text", "people": 3});
        let args = json!({"restaurant": "text", "people": 3});
        assert!(echoes(shown.clone(), "a table at TEXT for 3", args.clone()).is_empty());
        assert!(echoes(shown.clone(), "a table at text for three", args.clone()).is_empty());
        assert_eq!(
            echoes(shown, "a table at text for two", args),
            ["people"],
            "a number nobody gave"
        );
    }

    /// The placeholder of a made-up example (the argument's name in capitals) is an echo even
    /// where the request holds the same word in lower case; the user's own capitals are not.
    #[test]
    fn a_placeholder_in_capitals_is_an_echo_of_the_users_word_in_lower_case() {
        let shown = json!({"restaurant": "RESTAURANT", "songs": ["NYC"]});
        assert_eq!(
            echoes(
                shown.clone(),
                "book the restaurant by the station for 4",
                json!({"restaurant": "RESTAURANT", "people": 4})
            ),
            ["restaurant"]
        );
        assert!(
            echoes(
                shown,
                "play the songs of NYC",
                json!({"restaurant": "x", "people": 1, "songs": ["NYC"]})
            )
            .is_empty()
        );
    }

    #[test]
    fn numbers_are_found_with_separators_and_decimals() {
        let shown = json!({"people": 2500, "restaurant": 2.5});
        assert!(echoes(shown.clone(), "2,500 of them", json!({"people": 2500})).is_empty());
        assert!(echoes(shown.clone(), "a 2.5 kg cake.", json!({"restaurant": 2.5})).is_empty());
        assert_eq!(
            echoes(shown, "12.55 kg", json!({"restaurant": 2.5})),
            ["restaurant"]
        );
    }

    #[test]
    fn a_string_is_found_as_a_whole_word_only() {
        let shown = json!({"restaurant": "text"});
        let args = json!({"restaurant": "text"});
        assert_eq!(
            echoes(shown.clone(), "the context of it", args.clone()),
            ["restaurant"]
        );
        assert!(echoes(shown, "send this text, please", args).is_empty());
    }

    #[test]
    fn a_required_arguments_choice_alone_is_not_an_echo_an_optional_ones_is() {
        let shown = json!({"unit": "metric", "seat": "terrace"});
        assert!(echoes(shown.clone(), "in km please", json!({"unit": "metric"})).is_empty());
        assert_eq!(
            echoes(shown.clone(), "in km please", json!({"seat": "terrace"})),
            ["seat"]
        );
        let args = json!({"unit": "metric", "seat": "terrace"});
        assert!(echoes(shown, "in km please, on the terrace", args).is_empty());
    }

    /// "how many miles is 42 km" answered with the example's whole call: the copied choices go
    /// with the copied number, so each is asked for or fed back, not run.
    #[test]
    fn a_required_arguments_choice_in_a_copied_call_is_an_echo() {
        let shown = json!({"restaurant": "text", "unit": "metric"});
        assert_eq!(
            echoes(
                shown.clone(),
                "Book Nonna Rosa, in km please",
                json!({"restaurant": "text", "unit": "metric"})
            ),
            ["restaurant", "unit"]
        );
        assert!(
            echoes(
                shown,
                "Book Nonna Rosa, in km please",
                json!({"restaurant": "Nonna Rosa", "unit": "metric"})
            )
            .is_empty()
        );
    }

    /// Under constraint, a number nobody gave is reported whether shown or not; one the user
    /// gave in digits, with separators or in words is not. Without it, only shown ones are.
    #[test]
    fn numbers_told_holds_every_number_to_the_users_words() {
        let r = request("wire 10,000 yen to Kenji, fifty for the fee, 1 million in March");
        let schema = &r.tools[0].parameters;
        let check = EchoCheck::new([], &r, true).expect("numbers are checked");
        let found = |args: Value| -> Vec<(String, String)> {
            check
                .violations(&args, schema, 10)
                .into_iter()
                .map(|v| (v.field_path, v.keyword))
                .collect()
        };
        assert_eq!(
            found(json!({"people": 10, "restaurant": "Kenji"})),
            [("people".to_owned(), NOT_GIVEN_KEYWORD.to_owned())]
        );
        for given in [10000, 50, 1000000] {
            assert!(found(json!({ "people": given })).is_empty(), "{given}");
        }
        assert!(EchoCheck::new([], &r, false).is_none());
    }

    /// Issue 28: told no number at all ("the house prices for the next month"), a call's number
    /// is not refused as one nobody gave: the model had nothing to transcribe wrong, and no
    /// number of the user's could answer the refusal (on BFCL's development questions, the
    /// question found none, the next turn held nothing, and the run ended without a call). A
    /// number copied from an example is still an echo, and one number in the words brings the
    /// check back.
    #[test]
    fn told_no_number_a_number_is_not_refused_as_not_given() {
        let r = request("Predict the house prices for the next month in New York.");
        let schema = &r.tools[0].parameters;
        let found = |shown: &[Value], args: Value| -> Vec<(String, String)> {
            EchoCheck::new(shown, &r, true)
                .expect("numbers are checked")
                .violations(&args, schema, 10)
                .into_iter()
                .map(|v| (v.field_path, v.keyword))
                .collect()
        };
        assert!(found(&[], json!({"people": 11})).is_empty());
        assert_eq!(
            found(&[json!({"people": 7})], json!({"people": 7})),
            [("people".to_owned(), ECHO_KEYWORD.to_owned())]
        );
        let r = request("Predict the house prices for the next 2 months in New York.");
        let check = EchoCheck::new([], &r, true).expect("numbers are checked");
        let refused: Vec<_> = check
            .violations(&json!({"people": 11}), &r.tools[0].parameters, 10)
            .into_iter()
            .map(|v| v.keyword)
            .collect();
        assert_eq!(refused, [NOT_GIVEN_KEYWORD]);
    }

    /// A value the schema declares as its argument's default is the tool author's: writing it
    /// is the same as leaving the argument out, so it is neither a copy of an example nor a
    /// number nobody gave. Another value of that argument still is.
    #[test]
    fn an_arguments_declared_default_is_never_refused() {
        let mut r = request("the concert in December, in metric");
        let schema = &mut r.tools[0].parameters;
        schema["properties"]["people"]["default"] = json!(2022);
        schema["properties"]["restaurant"]["default"] = json!("Text");
        let schema = r.tools[0].parameters.clone();
        let shown = json!({"people": 2022, "restaurant": "text", "seat": "terrace"});
        let check = EchoCheck::new([&shown], &r, true).expect("something shown");
        let found = |args: Value| refused_paths(&check, &args, &schema);
        assert!(found(json!({"people": 2022, "restaurant": "text"})).is_empty());
        assert!(
            found(json!({"people": 2022.0})).is_empty(),
            "the same number"
        );
        assert_eq!(
            found(json!({"people": 2021})),
            ["people"],
            "not the default"
        );
        assert_eq!(
            found(json!({"people": 2022, "seat": "terrace"})),
            ["seat"],
            "an argument without a default is checked as before"
        );
    }

    /// Schemas converted from other languages often write a default as a string
    /// (`"default": "1"` for an integer, `"default": "true"` for a boolean): the model's `1`
    /// is still the default, not a copy of an example's `1`.
    #[test]
    fn a_default_written_as_a_string_is_the_same_default() {
        let mut r = request("the concert in December, in metric");
        let schema = &mut r.tools[0].parameters;
        schema["properties"]["people"]["default"] = json!("1");
        schema["properties"]["people"]["enum"] = json!([1, 2, 3]);
        schema["properties"]["seat"] = json!({"type": "number", "default": " 2.50 "});
        let schema = r.tools[0].parameters.clone();
        let shown = json!({"people": 1, "seat": 2.5, "restaurant": "text"});
        let check = EchoCheck::new([&shown], &r, true).expect("something shown");
        let found = |args: Value| refused_paths(&check, &args, &schema);
        assert!(found(json!({"people": 1})).is_empty(), "the default 1");
        assert!(found(json!({"seat": 2.5})).is_empty(), "the default 2.5");
        assert_eq!(
            found(json!({"people": 1, "restaurant": "text"})),
            ["restaurant"],
            "another copied value is still refused"
        );
        assert!(same_value(&json!("true"), &json!(true)));
        assert!(!same_value(&json!("one"), &json!(1)));
        assert!(!same_value(&json!("1"), &json!(2)));
    }

    /// The paths of the values `check` refuses in `args`, sorted.
    fn refused_paths(check: &EchoCheck, args: &Value, schema: &Value) -> Vec<String> {
        let mut paths: Vec<String> = check
            .violations(args, schema, 10)
            .into_iter()
            .map(|v| v.field_path)
            .collect();
        paths.sort();
        paths
    }

    /// The settings object of a device command: every field optional, some with choices
    /// (strings and numbers) and defaults, inside a required argument.
    fn device(user: &str) -> (ModelRequest, Value) {
        let schema = json!({"type": "object", "required": ["body", "level"], "properties": {
            "level": {"type": "integer", "enum": [1, 2]},
            "body": {"type": "object", "required": ["mode"], "properties": {
                "mode": {"type": "string", "enum": ["COOL", "DRY"]},
                "wind": {"type": "string", "enum": ["LOW", "HIGH"], "default": "LOW"},
                "fan": {"type": "integer", "enum": [1, 2, 3]},
                "target": {"type": "integer", "default": 22}}}}});
        let r = ModelRequest {
            messages: vec![Message::user(user)],
            tools: vec![ToolSpec {
                name: "send".into(),
                description: String::new(),
                parameters: schema.clone(),
            }],
            ..ModelRequest::default()
        };
        (r, schema)
    }

    fn device_echoes(user: &str, numbers_told: bool, args: Value) -> Vec<String> {
        let (r, schema) = device(user);
        let shown =
            json!({"level": 1, "body": {"mode": "COOL", "wind": "HIGH", "fan": 3, "target": 7}});
        let check = EchoCheck::new([&shown], &r, numbers_told).expect("something shown");
        refused_paths(&check, &args, &schema)
    }

    /// Under constraint, a number in a field the schema does not describe (a record of an
    /// open object: `{"age": 30}` in a list of objects with no declared fields) is not refused
    /// as a number nobody gave: no turn could hold it to the user's numbers. A declared one is.
    #[test]
    fn a_number_where_the_schema_says_nothing_is_not_refused_as_not_given() {
        let r = ModelRequest {
            messages: vec![Message::user(
                "Li Lei is 18, his sister is three years older",
            )],
            ..ModelRequest::default()
        };
        let schema = json!({"type": "object", "properties": {
            "people": {"type": "array", "items": {"type": "object"}},
            "count": {"type": "integer"}}});
        let check = EchoCheck::new([], &r, true).expect("numbers are checked");
        let found: Vec<String> = check
            .violations(
                &json!({"people": [{"age": 18}, {"age": 30}], "count": 5}),
                &schema,
                10,
            )
            .into_iter()
            .map(|v| v.field_path)
            .collect();
        assert_eq!(found, ["count"]);
    }

    /// A number the schema lists is a choice like a listed string: alone in a required
    /// argument it is the model's pick (`1` of `[1, 2]` for a request in words the check cannot
    /// read), never a number nobody gave; copied into an optional field it is an echo.
    #[test]
    fn a_listed_number_is_a_choice_not_a_number_nobody_gave() {
        for numbers_told in [false, true] {
            assert!(
                device_echoes("iron my shirts", numbers_told, json!({"level": 1})).is_empty(),
                "numbers_told {numbers_told}"
            );
        }
        assert_eq!(
            device_echoes(
                "dry mode",
                false,
                json!({"level": 2, "body": {"mode": "DRY", "fan": 3}})
            ),
            ["body.fan"]
        );
    }

    /// Inside an object argument, whether a choice is required is read where it is declared:
    /// `body.mode` is required by `body`, `body.wind` is not. A nested field's declared
    /// default is nobody's invention, as a top-level one is.
    #[test]
    fn a_nested_fields_choice_and_default_are_read_from_its_own_schema() {
        assert!(
            device_echoes(
                "switch it on",
                false,
                json!({"level": 2, "body": {"mode": "COOL"}})
            )
            .is_empty(),
            "a required field's choice alone"
        );
        assert_eq!(
            device_echoes(
                "switch it on",
                false,
                json!({"level": 2, "body": {"wind": "HIGH"}})
            ),
            ["body.wind"],
            "an optional field's copied choice"
        );
        assert!(
            device_echoes(
                "switch it on",
                true,
                json!({"level": 2, "body": {"wind": "LOW", "target": 22}})
            )
            .is_empty(),
            "the declared defaults"
        );
        assert_eq!(
            device_echoes(
                "switch it on",
                false,
                json!({"level": 2, "body": {"mode": "DRY", "target": 7}})
            ),
            ["body.target"],
            "a copied number that is not the default"
        );
    }

    #[test]
    fn arrays_and_nested_values_are_named_by_path() {
        let shown = json!({"songs": ["text"]});
        assert_eq!(
            echoes(shown, "songs: Yellow", json!({"songs": ["Yellow", "text"]})),
            ["songs[1]"]
        );
    }

    #[test]
    fn schema_examples_count_as_shown_and_nothing_shown_checks_nothing() {
        let mut r = request("Book it");
        r.tools[0].parameters["properties"]["restaurant"]["examples"] = json!(["Chez Panisse"]);
        let shown = crate::model::schema_examples(&r.tools[0].parameters);
        assert_eq!(shown, [json!("Chez Panisse")]);
        let check = EchoCheck::new(&shown, &r, false).expect("the schema shows a value");
        let found = check.violations(
            &json!({"restaurant": "chez panisse"}),
            &r.tools[0].parameters,
            10,
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].keyword, ECHO_KEYWORD);
        assert!(EchoCheck::new([], &request("Book it"), false).is_none());
    }

    /// Issue 28, item 3: a number the user gave is never refused, however it was written: in a
    /// pair (the distance between (3, 4) and (6,8)), a range, a list with "and", with
    /// thousands separators, as a decimal, negative, with a unit, as a percent, or as a part of
    /// a date or a time.
    #[test]
    fn a_number_the_user_gave_is_never_an_echo_however_written() {
        let cases: &[(&str, f64)] = &[
            ("distance between the points (3, 4) and (6,8)", 3.0),
            ("distance between the points (3, 4) and (6,8)", 8.0),
            ("for 3-5 people", 5.0),
            ("average of 3, 5 and 10", 10.0),
            ("send 1,000,000 yen", 1e6),
            ("a 2.5 kg cake", 2.5),
            ("it is -3 degrees", -3.0),
            ("5km away", 5.0),
            ("at 5% interest", 0.05),
            ("on 2026-03-14", 3.0),
            ("at 19:30", 30.0),
        ];
        for (user, x) in cases {
            let shown = json!({ "people": x });
            assert!(
                echoes(shown, user, json!({ "people": x })).is_empty(),
                "{x} in {user:?}"
            );
        }
    }

    /// A copied value under an argument the tool does not take is not the echo check's: the
    /// call runs (or the validator names the argument), not refused for a value it ignores.
    #[test]
    fn an_undeclared_arguments_value_is_not_checked() {
        let shown = json!({"restaurant": "text", "people": 3});
        assert!(
            echoes(
                shown.clone(),
                "Book Nonna Rosa",
                json!({"restaurant": "Nonna Rosa", "name": "text"})
            )
            .is_empty()
        );
        assert_eq!(
            echoes(
                shown,
                "Book Nonna Rosa",
                json!({"restaurant": "text", "name": "text"})
            ),
            ["restaurant"]
        );
    }

    /// A final answer that is an example's value as a whole, and nothing the model was told,
    /// is a copy; one the user or a tool's result gave is not.
    #[test]
    fn a_copied_final_answer_is_found() {
        let shown = json!({"answer": "text"});
        let r = request("Book Nonna Rosa");
        let check = EchoCheck::new([&shown], &r, false).expect("something shown");
        assert!(check.copied_answer(" Text "));
        assert!(!check.copied_answer("Booked at Nonna Rosa"));
        assert!(
            !EchoCheck::new([&shown], &request("send this text"), false)
                .expect("shown")
                .copied_answer("text")
        );
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// A number written among words, in digits with or without thousands separators,
            /// is one the text holds.
            #[test]
            fn a_number_among_words_is_told(
                n in 0u64..10_000_000,
                separated in any::<bool>(),
                before in "[a-z]{1,8}",
                after in "[a-z]{1,8}",
            ) {
                let digits = n.to_string();
                let written = if separated {
                    let mut out = String::new();
                    for (i, c) in digits.chars().enumerate() {
                        if i > 0 && (digits.len() - i) % 3 == 0 {
                            out.push(',');
                        }
                        out.push(c);
                    }
                    out
                } else {
                    digits
                };
                let told = Told::new(&format!("{before} {written} {after}"));
                prop_assert!(told.has_number(n as f64), "{}", written);
            }

            /// Issue 28, item 3: a number the user gave, written any way people write one
            /// (thousands separated by commas, spaces or apostrophes, a decimal point or comma,
            /// a sign, a unit, a percent sign, in a pair, a range or a list with others), is
            /// never refused when the example showed it too.
            #[test]
            fn a_number_the_user_wrote_any_way_is_never_refused(
                whole in 0u64..5_000_000,
                cents in proptest::option::of(1u32..100),
                negative in any::<bool>(),
                grouping in 0usize..4,
                decimal_comma in any::<bool>(),
                unit in 0usize..6,
                context in 0usize..5,
                other in 0u32..1000,
                before in "[a-z]{1,8}",
            ) {
                let digits = whole.to_string();
                let sep = [None, Some(','), Some(' '), Some('\'')][grouping];
                let mut written = String::new();
                for (i, c) in digits.chars().enumerate() {
                    if i > 0 && (digits.len() - i) % 3 == 0 && let Some(s) = sep {
                        written.push(if decimal_comma && s == ',' { '.' } else { s });
                    }
                    written.push(c);
                }
                let mut value = whole as f64;
                if let Some(c) = cents {
                    written.push(if decimal_comma { ',' } else { '.' });
                    written.push_str(&format!("{c:02}"));
                    value += f64::from(c) / 100.0;
                }
                if negative {
                    written.insert(0, '-');
                    value = -value;
                }
                let written = match unit {
                    0 => written,
                    1 => format!("{written}km"),
                    2 => format!("{written} kg"),
                    3 => format!("${written}"),
                    4 => format!("{written}%"),
                    _ => format!("{written} EUR"),
                };
                let user = match context {
                    0 => format!("{before} {written} please"),
                    1 => format!("{before} ({written}, {other})"),
                    2 => format!("{before} from {other} to {written}"),
                    3 => format!("{before} {other}, {written} and 7"),
                    _ => format!("{before}: [{written}, {other}]"),
                };
                let shown = json!({ "people": value, "restaurant": other });
                let args = json!({ "people": value });
                let found = echoes(shown, &user, args);
                prop_assert!(found.is_empty(), "{} refused in {:?}", value, user);
            }

            /// The check never panics on any string or number, and what it names is a value
            /// the model was shown.
            #[test]
            fn the_check_names_only_shown_values(
                user in "\\PC{0,60}",
                shown in "\\PC{1,12}",
                written in "\\PC{1,12}",
                n in any::<i32>(),
            ) {
                let r = request(&user);
                let shown_args = json!({"restaurant": shown.clone(), "people": 3});
                let check = EchoCheck::new([&shown_args], &r, false).expect("something shown");
                let args = json!({"restaurant": written.clone(), "people": n});
                for v in check.violations(&args, &r.tools[0].parameters, 10) {
                    match v.field_path.as_str() {
                        "restaurant" => prop_assert_eq!(
                            written.trim().to_lowercase(),
                            shown.trim().to_lowercase()
                        ),
                        "people" => prop_assert_eq!(n, 3),
                        other => prop_assert!(false, "unexpected path {other}"),
                    }
                }
            }
        }
    }
}
