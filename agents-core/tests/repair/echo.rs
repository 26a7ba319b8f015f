//! Values copied from a worked example (issue 16): a small model that does not know what to
//! write copies the example it was shown. The call is valid against the schema, so without this
//! check it would run with values nobody gave. The runtime refuses it like a schema violation,
//! names every copied value, and the model writes the call again.

use crate::common;

use std::sync::{Arc, Mutex};

use agents_core::error::FeedbackStyle;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{Event, ExecutionFailure, LlmAgent, ModelResponse};
use common::error_results;
use serde_json::{Value, json};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct BookArgs {
    restaurant: String,
    people: u32,
    #[schemars(extend("examples" = ["19:30"]))]
    time: String,
}

type Shared<T> = Arc<Mutex<Vec<T>>>;
type Builder = agents_core::LlmAgentBuilder<String, String>;
/// A change to the agent under test (`same`: none).
type Tweak = fn(Builder) -> Builder;

fn same(b: Builder) -> Builder {
    b
}

/// An agent with `book_table`, recording the arguments each run of it got, and the events.
fn agent(
    model: ScriptedModel,
    tweak: Tweak,
) -> (LlmAgent<String, String>, Shared<Value>, Shared<Event>) {
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
                seen.lock()
                    .unwrap()
                    .push(json!({"restaurant": a.restaurant, "people": a.people, "time": a.time}));
                async move { Ok::<_, ExecutionFailure>("booked".to_owned()) }
            },
        ))
        .on_event(move |e: &Event| sink.lock().unwrap().push(e.clone()));
    let agent = tweak(agent).build().unwrap();
    (agent, ran, events)
}

/// Runs `model` on `request`, which must end with the answer; what the model read about its
/// failed calls, the arguments `book_table` ran with, and the events.
async fn booked(
    model: ScriptedModel,
    tweak: Tweak,
    request: &str,
) -> (Vec<String>, Vec<Value>, Vec<Event>) {
    let (agent, ran, events) = agent(model, tweak);
    let report = agent.run(request.into()).report().await;
    assert_eq!(report.output().map(String::as_str), Some("Booked."));
    let ran = ran.lock().unwrap().clone();
    let events = events.lock().unwrap().clone();
    (error_results(&report.transcript), ran, events)
}

/// The arguments of the worked example the model was shown.
static SHOWN: std::sync::LazyLock<Value> =
    std::sync::LazyLock::new(|| json!({"restaurant": "text", "people": 3, "time": "12:00"}));

/// A model that writes a call of `book_table` with each of `calls` in turn, then answers.
fn script(calls: &[&str], examples: Value) -> ScriptedModel {
    let mut responses: Vec<ModelResponse> = calls
        .iter()
        .enumerate()
        .map(|(i, args)| ModelResponse::tool_call(format!("c{i}"), "book_table", *args))
        .collect();
    responses.push(ModelResponse::text("Booked."));
    // The small-model profile without its questions (tests/ask_values.rs has those): the
    // model hears of its copy.
    ScriptedModel::new(responses)
        .with_examples([examples])
        .with_recovery(Recovery::SMALL_MODEL.ask_values(false))
}

/// A call whose values come from the example, not from the user, does not run; the model is
/// told which values it copied (types in their place in the call to write), and its next call,
/// with the user's values, runs.
#[tokio::test]
async fn a_call_copying_the_example_is_refused_and_written_again() {
    let model = script(
        &[
            r#"{"restaurant": "text", "people": 3, "time": "20:00"}"#,
            r#"{"restaurant": "Nonna Rosa", "people": 4, "time": "20:00"}"#,
        ],
        SHOWN.clone(),
    )
    .with_feedback(FeedbackStyle::Short);
    // The model is not asked for the values (ask_values.rs): it hears of its copy.
    let (errors, ran, events) = booked(
        model,
        |b| b.ask_values(false),
        "Book Nonna Rosa for four at 20:00",
    )
    .await;
    assert_eq!(
        ran,
        [json!({"restaurant": "Nonna Rosa", "people": 4, "time": "20:00"})],
        "only the call with the user's values ran"
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("copied from an example"),
        "the model hears what it did: {}",
        errors[0]
    );
    assert!(
        errors[0].contains(
            r#"Write: book_table: {"restaurant": string, "people": integer, "time": "20:00"}"#
        ),
        "both copied values are blanked, the user's kept: {}",
        errors[0]
    );
    let failed = events
        .iter()
        .filter(|e| matches!(e, Event::ToolFailed { .. }))
        .count();
    assert_eq!(failed, 1, "the refusal is reported like any argument error");
}

/// A value that is in the example and also in what the user wrote is the user's: it runs.
/// The same holds for a number the user wrote in words.
#[tokio::test]
async fn a_value_the_user_also_gave_is_not_an_echo() {
    let model = script(
        &[r#"{"restaurant": "Text", "people": 3, "time": "12:00"}"#],
        SHOWN.clone(),
    );
    let (errors, ran, _) = booked(model, same, "A table at TEXT for three, 12:00").await;
    assert_eq!(ran.len(), 1);
    assert!(errors.is_empty());
}

/// Under the small-model profile, a schema's own `examples` count as shown (the model is shown
/// them in the tool's schema).
#[tokio::test]
async fn schema_examples_are_shown_values_too() {
    // The model reports no examples: only the schema's are shown.
    let model = script(
        &[
            r#"{"restaurant": "Sakura", "people": 2, "time": "19:30"}"#,
            r#"{"restaurant": "Sakura", "people": 2, "time": "20:15"}"#,
        ],
        json!({}),
    );
    let (errors, ran, _) = booked(model, same, "Sakura for two at quarter past eight").await;
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("\"19:30\""), "{}", errors[0]);
    assert_eq!(
        ran,
        [json!({"restaurant": "Sakura", "people": 2, "time": "20:15"})]
    );
}

/// Issue 28, item 1: under the neutral profile (the default, for native tool calling) nothing
/// is checked against the schema's `examples`: a call that writes an example's value runs as
/// written, with no refusal and no extra turn.
#[tokio::test]
async fn a_native_model_is_not_held_to_the_schemas_examples() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call(
            "c0",
            "book_table",
            r#"{"restaurant": "Sakura", "people": 2, "time": "19:30"}"#,
        ),
        ModelResponse::text("Booked."),
    ]);
    let (errors, ran, _) = booked(model.clone(), same, "Sakura for two at half past seven").await;
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        ran,
        [json!({"restaurant": "Sakura", "people": 2, "time": "19:30"})]
    );
    assert_eq!(
        model.requests().len(),
        2,
        "one call, one answer: no turn spent on a check"
    );
}

/// A strict agent does not check (strict means no recovery), nor does one that turned the check
/// off: the call runs as written.
#[tokio::test]
async fn a_strict_agent_or_one_without_the_check_runs_the_copy_as_written() {
    let off: [Tweak; 2] = [|b| b.strict(true), |b| b.echo_check(false)];
    for tweak in off {
        let model = script(
            &[r#"{"restaurant": "text", "people": 3, "time": "12:00"}"#],
            SHOWN.clone(),
        );
        let (errors, ran, _) = booked(model, tweak, "Book Nonna Rosa").await;
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(ran.len(), 1);
    }
}

/// The refusal quotes the copied value; that text is not a source of the user's values, so the
/// same copy written again is refused again.
#[tokio::test]
async fn the_same_copy_written_again_is_refused_again() {
    let copy = r#"{"restaurant": "text", "people": 4, "time": "20:00"}"#;
    let model = script(
        &[
            copy,
            copy,
            r#"{"restaurant": "Nonna Rosa", "people": 4, "time": "20:00"}"#,
        ],
        SHOWN.clone(),
    );
    let (errors, ran, _) = booked(model, same, "Book Nonna Rosa for 4 at 20:00").await;
    assert_eq!(errors.len(), 2);
    assert_eq!(ran.len(), 1);
}

/// Under `regenerate()`, the call is asked for again with each copied string argument held to
/// the word spans of the user's messages: the copy cannot be written again.
#[tokio::test]
async fn regenerate_holds_copied_arguments_to_the_users_words() {
    let model = script(
        &[
            r#"{"restaurant": "text", "people": 4, "time": "20:00"}"#,
            r#"{"restaurant": "Nonna Rosa", "people": 4, "time": "20:00"}"#,
        ],
        SHOWN.clone(),
    )
    .with_constraint_support(agents_core::model::ConstraintSupport::Schema);
    let tweak: Tweak = |b| {
        b.on_error(
            agents_core::repair::Handlers::new()
                .deserialization_error(agents_core::repair::regenerate()),
        )
    };
    let (errors, ran, _) = booked(model.clone(), tweak, "Book Nonna Rosa for 4 at 20:00").await;
    assert!(errors.is_empty(), "the regenerated call ran: {errors:?}");
    assert_eq!(
        ran,
        [json!({"restaurant": "Nonna Rosa", "people": 4, "time": "20:00"})]
    );
    let asked_again = &model.requests()[1];
    assert_eq!(
        asked_again.constraint,
        Some(agents_core::model::Constraint::tool("book_table"))
    );
    let props = &asked_again.tools[0].parameters["properties"];
    let held = props["restaurant"]["enum"].as_array().expect("held");
    assert!(held.contains(&json!("Nonna Rosa")), "{held:?}");
    assert!(!held.contains(&json!("text")));
    assert!(props["time"].get("enum").is_none(), "not copied, not held");
}
