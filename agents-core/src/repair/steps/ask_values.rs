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
use crate::grounding::{NONE, Told, choices_of, last_user_words, shape_words, value_for};
use crate::model::{
    MAX_LISTED_CHOICES, ModelResponse, ValueQuestion, answered_value, question_request,
    required_arguments,
};
use crate::repair::call::{CallOutcome, CallRepair, Cursor, StepResult};

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
    // Asked one argument at a time, a small model answers one value for two of them; the
    // user's words say which keeps it.
    let mut arguments = Value::Object(arguments);
    if run.setup.recovery.place_strings {
        let placed = crate::grounding::place_strings(&mut arguments, &schema, &text);
        if !placed.is_empty() {
            let changes = placed.into_iter().map(ArgumentChange::from).collect();
            run.emit_repaired(error.kind(), "place_strings", changes);
        }
    }
    // An answer is a value as the user wrote it: coerced like any argument (a date in words read
    // as its format asks), here, because the chain's coercion step ran before the questions.
    let (mut arguments, coerced) =
        super::coerce::coerce_arguments(arguments, &schema, &run.setup.recovery);
    if !coerced.is_empty() {
        run.emit_repaired(error.kind(), "coerce", coerced);
    }
    // A number answered for two arguments, as a text is: the user's words say which keeps it
    // (read once the answers are numbers).
    if run.setup.recovery.place_numbers {
        let placed = crate::grounding::place_numbers(&mut arguments, &schema, &text, &told);
        if !placed.is_empty() {
            let changes = placed.into_iter().map(ArgumentChange::from).collect();
            run.emit_repaired(error.kind(), "place_numbers", changes);
        }
    }
    // And read as its description asks (a date written as people write it, where it asks for
    // `YYYY-MM-DD`): the turn's pass over its calls ran before the question.
    run.read_described(error.kind(), &mut arguments);
    run.raw = arguments.to_string();
    // The questions of one step: spent. (A step that brings nothing passes, and the chain
    // advances past it once.)
    cursor.advance();
    StepResult::Again
}

/// One question, asked under the run's budgets and journal, and reported
/// ([`Event::ValueAsked`]).
async fn ask(run: &CallRepair<'_, '_>, question: ValueQuestion) -> Asked {
    let asking = run.setup.asking;
    ask_value(
        QuestionSite {
            model: asking.model,
            budget: run.setup.exec.budget,
            agent: run.setup.exec.agent,
            journal: run.setup.exec.journal,
            emit: &|e| run.emit(e),
            call_id: &run.call.id,
            tool: run.tool_name(),
            step: "ask_values",
        },
        question,
    )
    .await
}

/// Where a question about one argument's value is asked: the run's model, budgets, journal and
/// events, the call it is about, and the step asking (the journal names the question after it).
pub(crate) struct QuestionSite<'r> {
    pub model: &'r dyn crate::model::Model,
    pub budget: &'r std::sync::Arc<crate::budget::BudgetScope>,
    pub agent: &'r crate::path::AgentPath,
    pub journal: Option<&'r dyn crate::journal::Journal>,
    pub emit: &'r (dyn Fn(Event) + Sync),
    pub call_id: &'r str,
    pub tool: &'r str,
    pub step: &'static str,
}

/// Asks `question` once at `site` ([`ask_once`]: under the run's time and token budgets and
/// through its journal, as `<step> <tool>.<argument>`), reporting the answer as
/// [`Event::ValueAsked`] when it arrives. Shared by `ask_values` and the runner's
/// `ask_reused_numbers`.
pub(crate) async fn ask_value(site: QuestionSite<'_>, question: ValueQuestion) -> Asked {
    let argument = question.argument.clone();
    let request = question_request(question);
    let announce = |response: &ModelResponse| {
        (site.emit)(Event::ValueAsked {
            agent: site.agent.clone(),
            call_id: site.call_id.to_owned(),
            tool: site.tool.to_owned(),
            argument: argument.clone(),
            answer: crate::text::shorten(response.text.as_deref().unwrap_or_default(), 200),
            usage: response.usage,
        })
    };
    ask_once(
        AskOnce {
            model: site.model,
            request: &request,
            budget: site.budget,
            agent: site.agent,
            step: format!("{} {}.{argument}", site.step, site.tool),
            emit: site.emit,
            journal: site.journal,
        },
        &announce,
    )
    .await
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

fn is_required(schema: &Value, argument: &str) -> bool {
    required_arguments(schema).contains(&argument)
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
/// runs it after coercion where its recovery profile says so
/// ([`Recovery::ask_values`](crate::model::Recovery): the small-model profile the prompted
/// clients say); [`LlmAgentBuilder::ask_values`](crate::LlmAgentBuilder::ask_values) says
/// otherwise.
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
