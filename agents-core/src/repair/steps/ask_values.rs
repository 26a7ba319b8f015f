//! `ask_values`: the model asked, one short question per argument at fault, which value the
//! user's words give for it; the answers replace those arguments and the call is read again.
//!
//! Why a question and not the call again: a small model prompted to write JSON calls copies
//! the values of the example it was shown (`{"restaurant": "text"}`), and asked again for the
//! call it copies them again. Asked "In the text, what is the restaurant?" under the user's
//! request, the same model reads the value out of the request (docs/EVAL.md measures both).
//! Each answer is read the way the schema wants it (a number in words or with separators, a
//! list) and then goes through the same validation and coercion as any argument. An answer the
//! user's words do not hold is no answer: asked for the phone number of a text message about a
//! table booking, a small model answers something, and a call that was refused must not run on
//! a value nobody gave.

use serde_json::{Map, Value};

use super::regenerate::{AskOnce, Asked, ask_once};
use super::{Step, StepImpl, Steps};
use crate::error::kinds;
use crate::error::{ToolError, argument_of};
use crate::event::{ArgumentChange, Event};
use crate::model::{
    MAX_LISTED_CHOICES, Message, ModelResponse, ValueQuestion, answered_value, concrete, main_type,
    question_request, required_arguments,
};
use crate::repair::call::{CallOutcome, CallRepair, Cursor, StepResult};
use crate::tool::echo::{Told, number_runs};

/// At most this many questions per step: a call with more arguments at fault is mostly wrong,
/// and each question is a model call.
const MAX_QUESTIONS: usize = 6;

/// Asks the model for each argument the error names and puts the answers into the call. Passes
/// when the error names no argument it can ask for, the conversation has no user message, or no
/// answer gives a value.
pub(crate) async fn handle(
    run: &mut CallRepair<'_, '_>,
    error: &ToolError,
    cursor: &mut Cursor,
) -> StepResult {
    let ToolError::Deserialization(e) = error else {
        return StepResult::Pass;
    };
    let Some(text) = last_user_words(run.setup.conversation) else {
        return StepResult::Pass;
    };
    let told = Told::new(&text);
    let schema = run.schema().clone();
    let asked_for = arguments_at_fault(e, &schema);
    if asked_for.is_empty() {
        return StepResult::Pass;
    }
    // The questions of one step, whatever they bring.
    cursor.advance();
    let mut arguments = match &e.value {
        Value::Object(map) => map.clone(),
        _ => Map::new(),
    };
    // A call from a constrained turn (prevention mode) is asked about under constraint too.
    let constrained = run.setup.asking.request.constraint.is_some();
    let mut changes = Vec::new();
    for (argument, property) in asked_for {
        let Some(shape) = shape_words(&schema, property) else {
            continue;
        };
        let choices = match choices_of(&schema, property) {
            Some(mut choices) if constrained && choices.len() <= MAX_LISTED_CHOICES => {
                if !is_required(&schema, &argument) {
                    choices.push(NONE.to_owned());
                }
                choices
            }
            _ => Vec::new(),
        };
        let question = ValueQuestion {
            text: text.clone(),
            argument: argument.clone(),
            shape,
            choices,
        };
        let answer = match ask(run, question).await {
            Asked::Answer(r) => r.text.unwrap_or_default(),
            Asked::Stop(e) => return StepResult::Done(CallOutcome::Stop(e)),
            Asked::Failed => continue,
        };
        match answered_value(&answer).and_then(|a| value_for(&schema, property, a, &told)) {
            Some(value) => {
                changes.push(ArgumentChange::Answered {
                    argument: argument.clone(),
                    value: crate::text::shorten(&value.to_string(), 120),
                });
                arguments.insert(argument, value);
            }
            // An optional argument the user did not give is left out rather than guessed.
            None if !is_required(&schema, &argument) && arguments.remove(&argument).is_some() => {
                changes.push(ArgumentChange::Answered {
                    argument,
                    value: "(not given: left out)".to_owned(),
                });
            }
            None => {}
        }
    }
    if changes.is_empty() {
        run.emit(Event::Warning {
            agent: run.setup.exec.agent.clone(),
            message: format!(
                "ask_values: no answer gave a value for {}'s arguments",
                run.tool_name()
            ),
        });
        return StepResult::Pass;
    }
    run.emit_repaired(error.kind(), "ask_values", changes);
    // An answer is a value as the user wrote it: coerced like any argument (a date in words read
    // as its format asks), here, because the chain's coercion step ran before the questions.
    let (arguments, coerced) = super::coerce::coerce_arguments(Value::Object(arguments), &schema);
    if !coerced.is_empty() {
        run.emit_repaired(error.kind(), "coerce", coerced);
    }
    run.raw = arguments.to_string();
    StepResult::Again
}

/// One question, asked under the run's budgets and journal, and reported
/// ([`Event::ValueAsked`]).
async fn ask(run: &CallRepair<'_, '_>, question: ValueQuestion) -> Asked {
    let asking = run.setup.asking;
    let agent = run.setup.exec.agent;
    let argument = question.argument.clone();
    let request = question_request(question);
    let announce = |response: &ModelResponse| {
        run.emit(Event::ValueAsked {
            agent: agent.clone(),
            call_id: run.call.id.clone(),
            tool: run.tool_name().to_owned(),
            argument: argument.clone(),
            answer: crate::text::shorten(response.text.as_deref().unwrap_or_default(), 200),
            usage: response.usage,
        })
    };
    ask_once(
        AskOnce {
            model: asking.model,
            request: &request,
            budget: run.setup.exec.budget,
            agent,
            step: format!("ask_values {}.{argument}", run.tool_name()),
            emit: &|e| run.emit(e),
            journal: run.setup.exec.journal,
        },
        &announce,
    )
    .await
}

/// The last user message of the conversation, the words a call answers.
fn last_user_words(conversation: &[Message]) -> Option<String> {
    conversation.iter().rev().find_map(|m| match m {
        Message::User { content } if !content.trim().is_empty() => Some(content.clone()),
        _ => None,
    })
}

/// The declared arguments the error names, each once, in the order named, with their schemas:
/// an undeclared argument has nothing to ask for.
fn arguments_at_fault<'s>(
    e: &crate::error::DeserializationError,
    schema: &'s Value,
) -> Vec<(String, &'s Value)> {
    let paths: Vec<&str> = if e.violations.is_empty() {
        vec![e.field_path.as_str()]
    } else {
        e.violations.iter().map(|v| v.field_path.as_str()).collect()
    };
    let mut out: Vec<(String, &Value)> = Vec::new();
    for path in paths {
        let argument = argument_of(path);
        let Some(property) = schema.get("properties").and_then(|p| p.get(argument)) else {
            continue;
        };
        if !out.iter().any(|(a, _)| a == argument) && out.len() < MAX_QUESTIONS {
            out.push((argument.to_owned(), property));
        }
    }
    out
}

/// What an answer says when the text does not give the value (the question's instructions).
const NONE: &str = "none";

/// The choices of an `enum` argument as they are written (strings as they are, others as JSON),
/// without `null` (an optional argument's "not given", which an answer says as `none`).
fn choices_of(root: &Value, property: &Value) -> Option<Vec<String>> {
    let choices = concrete(root, property).get("enum")?.as_array()?;
    Some(
        choices
            .iter()
            .filter(|c| !c.is_null())
            .map(|c| c.as_str().map_or_else(|| c.to_string(), str::to_owned))
            .collect(),
    )
}

fn is_required(schema: &Value, argument: &str) -> bool {
    required_arguments(schema).contains(&argument)
}

/// What a value of `property` is, in words for the question; `None` for an object (asked
/// for as a whole it would be JSON, which is what the call already failed at).
fn shape_words(root: &Value, property: &Value) -> Option<String> {
    let schema = concrete(root, property);
    let shape = if let Some(listed) = choices_of(root, property) {
        if listed.len() <= MAX_LISTED_CHOICES {
            format!("one of {}", listed.join(", "))
        } else {
            "text".to_owned()
        }
    } else {
        match main_type(schema) {
            Some("integer" | "number") => "a number".to_owned(),
            Some("boolean") => "yes or no".to_owned(),
            Some("array") => {
                let items = schema.get("items").map(|i| concrete(root, i));
                match items.and_then(main_type) {
                    Some("integer" | "number") => "a list of numbers".to_owned(),
                    Some("object") | Some("array") => return None,
                    _ => "a list".to_owned(),
                }
            }
            Some("object") => return None,
            _ => match schema.get("format").and_then(Value::as_str) {
                Some("date") => "a date, YYYY-MM-DD".to_owned(),
                Some("time") => "a time, HH:MM".to_owned(),
                Some("date-time") => "a date and time".to_owned(),
                _ => "text".to_owned(),
            },
        }
    };
    let description = property
        .get("description")
        .or_else(|| schema.get("description"))
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|d| !d.is_empty() && d.len() <= 120);
    Some(match description {
        Some(d) => format!("{shape}: {d}"),
        None => shape,
    })
}

/// The answer as a value of `property`: a number read out of the answer's words
/// (`42 km` → 42, `fifty dollars` → 50, `$1,200` → 1200), a list split at its commas and
/// `and`s, `yes`/`no` as a boolean, a choice of an `enum` as the schema writes it, anything
/// else as text (coercion and validation then judge it like any argument). `None` when the
/// answer gives no such value, or one the user's words do not hold (a choice is held to its
/// list instead: asked which unit, a small model may answer with the number).
fn value_for(root: &Value, property: &Value, answer: &str, told: &Told) -> Option<Value> {
    let schema = concrete(root, property);
    if schema.get("enum").is_some() {
        // Matched to a choice as coercion matches any argument's (ignoring case), else none.
        return crate::json::coerce(Value::String(answer.to_owned()), schema)
            .ok()
            .map(|c| c.value);
    }
    match main_type(schema) {
        Some("integer" | "number") => {
            let (number, written) = leading_number(answer)?;
            let x = number.as_f64()?;
            (told.has(written) || told.has_number(x)).then_some(Value::Number(number))
        }
        Some("boolean") => match answer.to_ascii_lowercase().as_str() {
            "yes" | "true" => Some(Value::Bool(true)),
            "no" | "false" => Some(Value::Bool(false)),
            _ => None,
        },
        Some("array") => {
            let item = schema.get("items").unwrap_or(&Value::Null);
            let items: Option<Vec<Value>> = list_items(answer)
                .into_iter()
                .map(|i| value_for(root, item, i, told))
                .collect();
            items.filter(|items| !items.is_empty()).map(Value::Array)
        }
        _ => told.has(answer).then(|| Value::String(answer.to_owned())),
    }
}

/// The items of a list as written: split at `,` followed by a space (`1,200` is one number),
/// `;`, and `and`.
fn list_items(answer: &str) -> Vec<&str> {
    let mut items = Vec::new();
    for part in answer.split(';') {
        for piece in split_comma_space(part) {
            for item in piece.split(" and ") {
                let item = item.trim().trim_start_matches("and ").trim();
                let item = item.trim_matches(|c| matches!(c, '"' | '\'' | '.'));
                if !item.is_empty() {
                    items.push(item);
                }
            }
        }
    }
    items
}

fn split_comma_space(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        if *b == b',' && bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()) {
            out.push(&text[start..i]);
            start = i + 1;
        }
    }
    out.push(&text[start..]);
    out
}

/// The first number an answer gives, and the words that give it (`42 km`, `fifty dollars`,
/// `$1,200`, `1.5 million yen`).
fn leading_number(answer: &str) -> Option<(serde_json::Number, &str)> {
    number_runs(answer).next()
}

/// Questions to the model about the user's words: built by [`ask_values`].
#[derive(Clone)]
pub struct AskValues(StepImpl);

impl Step<kinds::deserialization_error> for AskValues {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

/// Asks the model, one short question per argument the error names, which value the user's
/// last message gives for it ("In the text, what is the restaurant (text)?"), and puts the
/// answers into the call, which is then validated and read again. An answer is read the way
/// the argument's schema wants it: a number out of its words (`fifty dollars` is 50), a list
/// split at its commas; an optional argument the user did not give is left out.
///
/// For the small models that copy a worked example's values into their calls (see the `echo`
/// check in docs/repair.md): asked for one value in plain words, they read it out of the
/// request. Each question is one model call (at most six per step), counted against the token
/// budget and the run's time and reported as [`Event::ValueAsked`](crate::Event). The agent
/// runs it by default after coercion for models that take short feedback (the prompted
/// clients); [`LlmAgentBuilder::ask_values`](crate::LlmAgentBuilder::ask_values) says otherwise.
///
/// ```
/// use agents_core::repair::{ask_values, regenerate, Handlers};
/// let h = Handlers::new().deserialization_error(ask_values().or(regenerate()));
/// assert!(h.has(agents_core::error::ErrorKind::Deserialization));
/// ```
///
/// Unparsed text has no arguments to ask about; `invalid_args` does not take it:
///
/// ```compile_fail
/// use agents_core::repair::{ask_values, Handlers};
/// let _ = Handlers::new().invalid_args(ask_values());
/// ```
pub fn ask_values() -> AskValues {
    AskValues(StepImpl::AskValues)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_are_read_out_of_the_answer() {
        let n = |a: &str| leading_number(a).map(|(n, _)| Value::Number(n));
        assert_eq!(n("42 km"), Some(json!(42)));
        assert_eq!(n("fifty dollars"), Some(json!(50)));
        assert_eq!(n("$1,200"), Some(json!(1200)));
        assert_eq!(n("£75.50"), Some(json!(75.50)));
        assert_eq!(n("1.5 million yen"), Some(json!(1500000)));
        assert_eq!(n("minus forty"), Some(json!(-40)));
        assert_eq!(n("a party of six"), Some(json!(6)));
        assert_eq!(n("the people"), None);
    }

    #[test]
    fn lists_split_at_their_commas_and_ands_but_not_inside_numbers() {
        assert_eq!(
            list_items("Wonderwall, Creep, Zombie and Torn"),
            ["Wonderwall", "Creep", "Zombie", "Torn"]
        );
        assert_eq!(list_items("1,200, 1,800"), ["1,200", "1,800"]);
        assert_eq!(list_items("'Yellow'"), ["Yellow"]);
        let numbers = json!({"type": "array", "items": {"type": "number"}});
        let told = Told::new("the average of three, five and ten");
        assert_eq!(
            value_for(&json!({}), &numbers, "three, five, and ten", &told),
            Some(json!([3, 5, 10]))
        );
    }

    /// An answer the user's words do not hold is no answer: a small model asked for what the
    /// request does not say answers something all the same.
    #[test]
    fn only_values_from_the_users_words_are_taken() {
        let root = json!({});
        let told = Told::new("Book a table at Nonna Rosa for four, $1,200 budget");
        let text = json!({"type": "string"});
        let number = json!({"type": "integer"});
        let list = json!({"type": "array", "items": {"type": "string"}});
        let value = |p: &Value, a: &str| value_for(&root, p, a, &told);
        assert_eq!(value(&text, "nonna rosa"), Some(json!("nonna rosa")));
        assert_eq!(value(&text, "555-0142"), None);
        assert_eq!(value(&text, "Nonna"), Some(json!("Nonna")));
        assert_eq!(value(&text, "Ros"), None, "a whole token, not part of one");
        assert_eq!(value(&number, "4"), Some(json!(4)), "four, in words");
        assert_eq!(value(&number, "four people"), Some(json!(4)));
        assert_eq!(value(&number, "1200 dollars"), Some(json!(1200)));
        assert_eq!(value(&number, "12"), None);
        assert_eq!(
            value(&list, "Nonna Rosa, pizza"),
            None,
            "every item, or none"
        );
    }

    /// A choice is taken as the schema writes it, and only if it is one.
    #[test]
    fn a_choice_is_one_of_the_list_or_no_answer() {
        let unit = json!({"type": "string", "enum": ["kilometers", "miles"]});
        let told = Told::new("how many miles is 42 km");
        let value = |a: &str| value_for(&json!({}), &unit, a, &told);
        assert_eq!(value("Miles"), Some(json!("miles")));
        assert_eq!(value("kilometers"), Some(json!("kilometers")));
        assert_eq!(value("42"), None);
        assert_eq!(value("km"), None);
    }

    #[test]
    fn shapes_say_what_a_value_is() {
        let root = json!({
            "$defs": {"Cabin": {"type": "string", "enum": ["economy", "business"]}},
        });
        let shape = |p: Value| shape_words(&root, &p);
        assert_eq!(
            shape(json!({"type": "integer"})).as_deref(),
            Some("a number")
        );
        assert_eq!(
            shape(json!({"anyOf": [{"$ref": "#/$defs/Cabin"}, {"type": "null"}]})).as_deref(),
            Some("one of economy, business")
        );
        assert_eq!(
            shape(json!({"type": ["string", "null"], "format": "date"})).as_deref(),
            Some("a date, YYYY-MM-DD")
        );
        assert_eq!(
            shape(json!({"type": "string", "description": "the restaurant's name"})).as_deref(),
            Some("text: the restaurant's name")
        );
        assert_eq!(shape(json!({"type": "object"})), None);
    }
}
