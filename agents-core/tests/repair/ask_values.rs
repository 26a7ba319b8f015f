//! `ask_values`: after coercion, the arguments a call got wrong are asked for one by one, as
//! questions about the user's words, and the call runs with the answers, with no feedback turn.
//! On by default for models that take short feedback (the prompted clients), whose small
//! models copy example values into their calls but read a value out of a request when asked.

use std::sync::{Arc, Mutex};

use agents_core::error::FeedbackStyle;
use agents_core::model::QUESTION_INSTRUCTIONS;
use agents_core::repair::ask_values;
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{Event, ExecutionFailure, LlmAgent, Message, ModelResponse};
use serde_json::{Value, json};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct BookArgs {
    restaurant: String,
    people: u32,
    time: String,
    /// Seating, if the user asks for one.
    seating: Option<Seating>,
}

#[derive(serde::Deserialize, schemars::JsonSchema, Debug)]
#[serde(rename_all = "lowercase")]
enum Seating {
    Inside,
    Terrace,
}

type Builder = agents_core::LlmAgentBuilder<String, String>;

/// What a run did: the arguments `book_table` ran with, the events, and the transcript.
struct Ran {
    ran: Vec<Value>,
    events: Vec<Event>,
    transcript: Vec<Message>,
    output: Option<String>,
}

async fn run(model: ScriptedModel, tweak: fn(Builder) -> Builder, request: &str) -> Ran {
    let ran = Arc::new(Mutex::new(Vec::new()));
    let seen = ran.clone();
    let events = Arc::new(Mutex::new(Vec::new()));
    let sink = events.clone();
    let agent = LlmAgent::<String, String>::builder("booker")
        .model(model)
        .tool(tool_fn(
            "book_table",
            "book a restaurant table",
            move |a: BookArgs| {
                seen.lock().unwrap().push(json!({
                    "restaurant": a.restaurant, "people": a.people, "time": a.time,
                    "seating": a.seating.map(|s| format!("{s:?}")),
                }));
                async move { Ok::<_, ExecutionFailure>("booked".to_owned()) }
            },
        ))
        .on_event(move |e: &Event| sink.lock().unwrap().push(e.clone()));
    let report = tweak(agent)
        .build()
        .unwrap()
        .run(request.into())
        .report()
        .await;
    let ran = ran.lock().unwrap().clone();
    let events = events.lock().unwrap().clone();
    Ran {
        ran,
        events,
        output: report.output().cloned(),
        transcript: report.transcript,
    }
}

/// The model's turns: a call of `book_table` with `arguments`, then `answers` (to questions
/// or as the final text), in order.
fn script(arguments: &str, answers: &[&str]) -> ScriptedModel {
    let mut responses = vec![ModelResponse::tool_call("c0", "book_table", arguments)];
    responses.extend(answers.iter().map(|a| ModelResponse::text(*a)));
    ScriptedModel::new(responses)
}

const REQUEST: &str = "Book Nonna Rosa for four at 20:00";

/// A call that copied the example's values (`"text"`, 3): the two copied arguments are asked
/// for, the answers read as the schema wants them ("four" is 4), and the call runs once with
/// the user's values. The model never sees an error.
#[tokio::test]
async fn copied_values_are_asked_for_and_the_call_runs_with_the_answers() {
    let model = script(
        r#"{"restaurant": "text", "people": 3, "time": "20:00"}"#,
        &["four", "Nonna Rosa", "Booked."],
    )
    .with_examples([json!({"restaurant": "text", "people": 3})])
    .with_feedback(FeedbackStyle::Short)
    .with_recovery(agents_core::model::Recovery::SMALL_MODEL);
    let asked = model.clone();
    let r = run(model, |b| b, REQUEST).await;
    assert_eq!(r.output.as_deref(), Some("Booked."));
    assert_eq!(
        r.ran,
        [json!({"restaurant": "Nonna Rosa", "people": 4, "time": "20:00", "seating": null})]
    );
    assert!(
        !r.transcript
            .iter()
            .any(|m| matches!(m, Message::Tool(t) if t.is_error)),
        "no error reached the model"
    );
    let questions: Vec<_> = asked
        .requests()
        .into_iter()
        .filter_map(|r| r.value_question)
        .collect();
    let named: Vec<(&str, &str)> = questions
        .iter()
        .map(|q| (q.argument.as_str(), q.shape.as_str()))
        .collect();
    assert_eq!(named, [("people", "a number"), ("restaurant", "text")]);
    assert!(questions.iter().all(|q| q.text == REQUEST));
    let reported: Vec<(&str, &str)> = r
        .events
        .iter()
        .filter_map(|e| match e {
            Event::ValueAsked {
                argument, answer, ..
            } => Some((argument.as_str(), answer.as_str())),
            _ => None,
        })
        .collect();
    assert_eq!(reported, [("people", "four"), ("restaurant", "Nonna Rosa")]);
    assert!(r.events.iter().any(
        |e| matches!(e, Event::Repaired { step, fixes, .. } if *step == "ask_values" && fixes.len() == 2)
    ));
}

/// A required argument left out is asked for; an optional one with a value outside its enum,
/// which the user did not give ("none"), is left out rather than guessed.
#[tokio::test]
async fn a_missing_argument_is_asked_for_and_an_optional_one_not_given_is_left_out() {
    let model = script(
        r#"{"restaurant": "Nonna Rosa", "time": "20:00", "seating": "window"}"#,
        &["4", "none", "Booked."],
    )
    .with_feedback(FeedbackStyle::Short)
    .with_recovery(agents_core::model::Recovery::SMALL_MODEL);
    let r = run(model, |b| b, REQUEST).await;
    assert_eq!(
        r.ran,
        [json!({"restaurant": "Nonna Rosa", "people": 4, "time": "20:00", "seating": null})]
    );
}

/// An answer that gives nothing for a required argument, or a value the user's words do not
/// hold (a small model answers something all the same), changes nothing: the call fails as it
/// would have, and the model hears of it. A refused call never runs on a value nobody gave.
#[tokio::test]
async fn no_value_in_the_answers_leaves_the_error_to_feedback() {
    for answer in ["none", "7", "a few"] {
        let model = script(
            r#"{"restaurant": "Nonna Rosa", "time": "20:00"}"#,
            &[answer, "Sorry."],
        )
        .with_feedback(FeedbackStyle::Short)
        .with_recovery(agents_core::model::Recovery::SMALL_MODEL);
        let r = run(model, |b| b, REQUEST).await;
        assert!(r.ran.is_empty(), "{answer:?} ran: {:?}", r.ran);
        assert!(
            r.transcript.iter().any(
                |m| matches!(m, Message::Tool(t) if t.is_error && t.content.contains("people"))
            ),
            "{answer:?}"
        );
        assert!(
            r.events
                .iter()
                .any(|e| matches!(e, Event::ValueAsked { .. }))
        );
    }
}

/// A model with native tool calling (full feedback) is not asked by default: it mends its own
/// call from the error. `on_error` can still ask it, as a chat turn with no tools.
#[tokio::test]
async fn other_models_are_asked_only_when_the_chain_says_so() {
    let wrong = r#"{"restaurant": "Nonna Rosa", "people": "a few", "time": "20:00"}"#;
    let model = script(wrong, &["Booked."]);
    let asked = model.clone();
    let r = run(model, |b| b, REQUEST).await;
    assert!(
        r.ran.is_empty(),
        "the call failed and went back to the model"
    );
    assert!(asked.requests().iter().all(|q| q.value_question.is_none()));

    let model = script(wrong, &["four", "Booked."]);
    let asked = model.clone();
    let r = run(
        model,
        |b| b.on_error(agents_core::repair::Handlers::new().deserialization_error(ask_values())),
        REQUEST,
    )
    .await;
    assert_eq!(r.ran.len(), 1);
    assert_eq!(r.ran[0]["people"], 4);
    let question = asked
        .requests()
        .into_iter()
        .find(|q| q.value_question.is_some())
        .expect("a question");
    assert!(question.tools.is_empty());
    assert_eq!(question.system.as_deref(), Some(QUESTION_INSTRUCTIONS));
    assert!(matches!(
        &question.messages[..],
        [Message::User { content }] if content.contains("what is the people (a number)?")
    ));
}

/// Strict means no recovery, and `ask_values(false)` turns the default off.
#[tokio::test]
async fn strict_and_ask_values_false_never_ask() {
    for tweak in [
        (|b: Builder| b.strict(true)) as fn(Builder) -> Builder,
        |b: Builder| b.ask_values(false),
    ] {
        let model = script(
            r#"{"restaurant": "Nonna Rosa", "time": "20:00"}"#,
            &["Sorry."],
        )
        .with_feedback(FeedbackStyle::Short)
        .with_recovery(agents_core::model::Recovery::SMALL_MODEL);
        let asked = model.clone();
        let r = run(model, tweak, REQUEST).await;
        assert!(r.ran.is_empty());
        assert!(asked.requests().iter().all(|q| q.value_question.is_none()));
    }
}

/// Prevention mode when `on`, else the defaults.
fn prevention(on: bool) -> fn(Builder) -> Builder {
    if on { |b| b.constrained(true) } else { |b| b }
}

/// A call from a constrained turn (prevention mode) is asked about under constraint: the
/// question of an `enum` argument carries its choices (and `none` for an optional one), for the
/// client to hold its answer to. Unconstrained, the same question is free.
#[tokio::test]
async fn a_constrained_turns_choice_questions_carry_their_choices() {
    use agents_core::model::ConstraintSupport;
    let copied = r#"{"restaurant": "text", "people": 3, "time": "20:00", "seating": "inside"}"#;
    for constrained in [true, false] {
        let model = ScriptedModel::new([
            ModelResponse::tool_call("c0", "book_table", copied),
            ModelResponse::text("four"),
            ModelResponse::text("Nonna Rosa"),
            ModelResponse::text("none"),
            ModelResponse::tool_call("c1", "final_answer", r#"{"answer": "Booked."}"#),
            ModelResponse::text("Booked."),
        ])
        .with_examples([json!({"restaurant": "text", "people": 3, "seating": "inside"})])
        .with_feedback(FeedbackStyle::Short)
        // The copied optional `seating` is asked about, not left out before the call runs.
        .with_recovery(agents_core::model::Recovery::SMALL_MODEL.leave_out_echoes(false))
        .with_constraint_support(ConstraintSupport::Schema);
        let asked = model.clone();
        let r = run(model, prevention(constrained), REQUEST).await;
        assert_eq!(r.output.as_deref(), Some("Booked."));
        assert_eq!(
            r.ran,
            [json!({"restaurant": "Nonna Rosa", "people": 4, "time": "20:00", "seating": null})]
        );
        let choices: Vec<(String, Vec<String>)> = asked
            .requests()
            .into_iter()
            .filter_map(|r| r.value_question)
            .map(|q| (q.argument, q.choices))
            .collect();
        let seating = if constrained {
            vec!["inside".to_owned(), "terrace".to_owned(), "none".to_owned()]
        } else {
            Vec::new()
        };
        assert_eq!(
            choices,
            [
                ("people".to_owned(), Vec::new()),
                ("restaurant".to_owned(), Vec::new()),
                ("seating".to_owned(), seating),
            ],
            "constrained: {constrained}"
        );
    }
}

/// Under constraint a model can write "four" only as JSON digits, and a small one transcribes
/// numbers wrong: a number of a constrained turn's call that the user never gave is asked for,
/// shown in an example or not. Unconstrained, the same call runs as written.
#[tokio::test]
async fn a_constrained_turns_number_nobody_gave_is_asked_for() {
    use agents_core::model::ConstraintSupport;
    let transcribed = r#"{"restaurant": "Nonna Rosa", "people": 40, "time": "20:00"}"#;
    for constrained in [true, false] {
        let mut turns = vec![ModelResponse::tool_call("c0", "book_table", transcribed)];
        if constrained {
            turns.push(ModelResponse::text("four"));
            turns.push(ModelResponse::tool_call(
                "c1",
                "final_answer",
                r#"{"answer": "Booked."}"#,
            ));
        } else {
            turns.push(ModelResponse::text("Booked."));
        }
        let model = ScriptedModel::new(turns)
            .with_feedback(FeedbackStyle::Short)
            .with_recovery(agents_core::model::Recovery::SMALL_MODEL)
            .with_constraint_support(ConstraintSupport::Schema);
        let r = run(model, prevention(constrained), REQUEST).await;
        assert_eq!(r.output.as_deref(), Some("Booked."));
        let people = if constrained { 4 } else { 40 };
        assert_eq!(r.ran.len(), 1, "constrained: {constrained}");
        assert_eq!(r.ran[0]["people"], people, "constrained: {constrained}");
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct ReminderArgs {
    message: String,
    #[schemars(extend("format" = "date"))]
    date: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct DescribedReminderArgs {
    message: String,
    /// The day of the reminder, Date in YYYY-MM-DD format.
    date: String,
}

/// The reminder arguments' date and message, whichever way the date is declared.
trait Reminder: serde::de::DeserializeOwned + schemars::JsonSchema + Send + 'static {
    fn parts(self) -> (String, String);
}

impl Reminder for ReminderArgs {
    fn parts(self) -> (String, String) {
        (self.date, self.message)
    }
}

impl Reminder for DescribedReminderArgs {
    fn parts(self) -> (String, String) {
        (self.date, self.message)
    }
}

/// A run of a `set_reminder` tool taking `A` on `script` (after the model's copied call, with
/// the made-up example it copied): the dates the tool ran with, the repair steps reported, and
/// the answer.
async fn remind<A: Reminder>(
    script: Vec<ModelResponse>,
    request: &str,
) -> (Vec<String>, Vec<&'static str>, Option<String>) {
    let mut turns = vec![ModelResponse::tool_call(
        "c0",
        "set_reminder",
        r#"{"message": "renew passport", "date": "text"}"#,
    )];
    turns.extend(script);
    let model = ScriptedModel::new(turns)
        .with_examples([json!({"message": "renew passport", "date": "text"})])
        .with_feedback(FeedbackStyle::Short)
        .with_constraint_support(agents_core::model::ConstraintSupport::Schema)
        .with_recovery(agents_core::model::Recovery::SMALL_MODEL);
    let ran = Arc::new(Mutex::new(Vec::new()));
    let seen = ran.clone();
    let events = Arc::new(Mutex::new(Vec::new()));
    let sink = events.clone();
    let agent = LlmAgent::<String, String>::builder("assistant")
        .model(model)
        .tool(tool_fn("set_reminder", "set a reminder", move |a: A| {
            let (date, message) = a.parts();
            seen.lock().unwrap().push(date);
            async move { Ok::<_, ExecutionFailure>(format!("set: {message}")) }
        }))
        .on_event(move |e: &Event| sink.lock().unwrap().push(e.clone()))
        .build()
        .unwrap();
    let report = agent.run(request.into()).report().await;
    let steps = events
        .lock()
        .unwrap()
        .iter()
        .filter_map(|e| match e {
            Event::Repaired { step, .. } => Some(*step),
            _ => None,
        })
        .collect();
    let dates = ran.lock().unwrap().clone();
    (dates, steps, report.output().cloned())
}

/// An answer is a value as the user wrote it, and is coerced like any argument: a date asked for
/// and answered in words is read as the `YYYY-MM-DD` its format asks for, and reported.
#[tokio::test]
async fn an_answered_date_in_words_is_coerced_to_its_format() {
    let (dates, steps, output) = remind::<ReminderArgs>(
        vec![
            ModelResponse::text("the 2nd of June 2026"),
            ModelResponse::text("Done."),
        ],
        "set reminder 'renew passport' for the 2nd of June 2026",
    )
    .await;
    assert_eq!(output.as_deref(), Some("Done."));
    assert_eq!(dates, ["2026-06-02"]);
    assert_eq!(steps, ["ask_values", "coerce"]);
}

/// An answer for an argument whose description (not its format) asks for `YYYY-MM-DD` is read
/// as that date too (`described_dates`): the turn's pass over its calls ran before the
/// question, on the model's copy.
#[tokio::test]
async fn an_answered_date_is_read_as_its_description_asks() {
    let (dates, steps, output) = remind::<DescribedReminderArgs>(
        vec![
            ModelResponse::text("June 2, 2026"),
            ModelResponse::text("Done."),
        ],
        "set reminder 'renew passport' for June 2, 2026",
    )
    .await;
    assert_eq!(output.as_deref(), Some("Done."));
    assert_eq!(dates, ["2026-06-02"]);
    assert_eq!(steps, ["ask_values", "described_dates"]);
}

/// The same for a call `regenerate()` brought, after a question whose answer the user's words
/// do not hold.
#[tokio::test]
async fn a_regenerated_date_is_read_as_its_description_asks() {
    let (dates, steps, output) = remind::<DescribedReminderArgs>(
        vec![
            ModelResponse::text("tomorrow"),
            ModelResponse::tool_call(
                "r1",
                "set_reminder",
                r#"{"message": "renew passport", "date": "June 2, 2026"}"#,
            ),
            ModelResponse::text("Done."),
        ],
        "set reminder 'renew passport' for June 2, 2026",
    )
    .await;
    assert_eq!(output.as_deref(), Some("Done."));
    assert_eq!(dates, ["2026-06-02"]);
    assert_eq!(steps, ["regenerate", "described_dates"]);
}

/// An answer that is a piece of the date the user wrote (its year) is read as that whole date
/// (`whole_dates`), where the description asks for `YYYY-MM-DD`.
#[tokio::test]
async fn an_answered_piece_of_a_date_is_read_as_the_whole_date() {
    let (dates, steps, output) = remind::<DescribedReminderArgs>(
        vec![ModelResponse::text("2026"), ModelResponse::text("Done.")],
        "set reminder 'renew passport' for 2 June 2026",
    )
    .await;
    assert_eq!(output.as_deref(), Some("Done."));
    assert_eq!(dates, ["2026-06-02"]);
    assert_eq!(steps, ["ask_values", "whole_dates"]);
}
