//! Answers that are not JSON objects: a bare enum of strings (a classification), and numbers,
//! booleans, lists and options of them. Only an unconstrained string is text; every other `Out`
//! is typed: its schema goes on the request for a model that can hold one, and the model's
//! text goes through repair and coercion, each change reported as an answer's `Repaired` event.
use crate::common;

use agents_core::error::ErrorKind;
use agents_core::model::{ConstraintSupport, FINAL_ANSWER_TOOL};
use agents_core::testing::ScriptedModel;
use agents_core::{Event, LlmAgent, ModelResponse};
use common::Recorder;

#[derive(Debug, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Department {
    Billing,
    Technical,
    Shipping,
}

fn agent<Out: agents_core::Output>(model: &ScriptedModel, rec: &Recorder) -> LlmAgent<String, Out> {
    LlmAgent::builder("triage")
        .output::<Out>()
        .model(model.clone())
        .on_event(rec.hook())
        .build()
        .unwrap()
}

/// The answer-repair events of a run: (step, what changed).
fn answer_repairs(rec: &Recorder) -> Vec<(&'static str, Vec<String>)> {
    rec.events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Repaired {
                tool,
                kind: ErrorKind::Answer,
                step,
                fixes,
                ..
            } if tool == FINAL_ANSWER_TOOL => {
                Some((step, fixes.iter().map(ToString::to_string).collect()))
            }
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_bare_enum_is_a_typed_answer_with_its_schema_on_the_request() {
    let model = ScriptedModel::new([ModelResponse::text("billing")])
        .with_answer_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let out = agent::<Department>(&model, &rec)
        .run("My invoice is wrong".into())
        .await
        .unwrap();
    assert_eq!(out, Department::Billing);
    let request = &model.requests()[0];
    let answer = request
        .answer
        .as_ref()
        .expect("a string enum is held like any typed answer");
    assert_eq!(answer.schema["type"], "string");
    assert_eq!(
        answer.schema["enum"],
        serde_json::json!(["billing", "technical", "shipping"])
    );
    assert!(!answer.strict, "not an object root: no strict mode");
    let system = request.system.as_deref().unwrap_or_default();
    assert!(
        system.contains("\"enum\""),
        "the schema instruction: {system}"
    );
}

#[tokio::test]
async fn a_bare_enum_is_read_from_a_word_quoted_or_not_in_any_case() {
    for text in [
        "billing",
        "\"billing\"",
        "Billing",
        " BILLING ",
        " billing.",
        "`billing`",
    ] {
        // Without native output too: the text is read the same way.
        for support in [ConstraintSupport::Schema, ConstraintSupport::Unsupported] {
            let model =
                ScriptedModel::new([ModelResponse::text(text)]).with_answer_support(support);
            let rec = Recorder::default();
            let out = agent::<Department>(&model, &rec)
                .run("My invoice is wrong".into())
                .await;
            assert_eq!(
                out.ok(),
                Some(Department::Billing),
                "{text:?} ({support:?})"
            );
            assert_eq!(model.requests().len(), 1, "{text:?}: no second model call");
        }
    }
}

#[tokio::test]
async fn a_sentence_is_not_guessed_into_a_variant() {
    // The runtime does not look for a variant's name inside prose: the model is sent back.
    let model = ScriptedModel::new([
        ModelResponse::text("This looks like a billing question to me."),
        ModelResponse::text("technical"),
    ])
    .with_answer_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let out = agent::<Department>(&model, &rec)
        .run("The app crashes".into())
        .await
        .unwrap();
    assert_eq!(out, Department::Technical);
    assert_eq!(model.requests().len(), 2);
}

#[tokio::test]
async fn a_list_is_not_made_of_a_bare_line() {
    // A sentence is no one-item list: the model is sent back.
    let model = ScriptedModel::new([
        ModelResponse::text("The guests are Mia and Noah."),
        ModelResponse::text(r#"["Mia", "Noah"]"#),
    ]);
    let out = agent::<Vec<String>>(&model, &Recorder::default())
        .run("Who comes?".into())
        .await
        .unwrap();
    assert_eq!(out, ["Mia", "Noah"]);
    assert_eq!(model.requests().len(), 2);
}

#[tokio::test]
async fn options_lists_numbers_and_booleans_are_typed_answers_too() {
    async fn read<Out: agents_core::Output + std::fmt::Debug>(text: &str) -> Out {
        let model = ScriptedModel::new([ModelResponse::text(text)])
            .with_answer_support(ConstraintSupport::Schema);
        let out = agent::<Out>(&model, &Recorder::default())
            .run("go".into())
            .await
            .unwrap();
        assert!(
            model.requests()[0].answer.is_some(),
            "{}: its schema is on the request",
            std::any::type_name::<Out>()
        );
        out
    }
    assert_eq!(read::<Option<Department>>("null").await, None);
    assert_eq!(
        read::<Option<Department>>("Shipping").await,
        Some(Department::Shipping)
    );
    assert_eq!(
        read::<Vec<Department>>(r#"["billing", "Shipping"]"#).await,
        vec![Department::Billing, Department::Shipping]
    );
    assert_eq!(read::<u32>("42").await, 42);
    assert_eq!(read::<u32>("\"42\"").await, 42);
    assert!(read::<bool>("true").await);
}

#[tokio::test]
async fn plain_text_outputs_stay_text() {
    let model = ScriptedModel::new([ModelResponse::text("Billing, I think.")])
        .with_answer_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let out = agent::<String>(&model, &rec)
        .run("hi".into())
        .await
        .unwrap();
    assert_eq!(out, "Billing, I think.");
    assert!(model.requests()[0].answer.is_none());
    assert!(answer_repairs(&rec).is_empty());
}

#[tokio::test]
async fn an_answers_deterministic_repair_is_reported() {
    // A bare word read as a string, then matched to the variant: both reported as the answer's.
    let model = ScriptedModel::new([ModelResponse::text("Billing.")]);
    let rec = Recorder::default();
    agent::<Department>(&model, &rec)
        .run("My invoice is wrong".into())
        .await
        .unwrap();
    let repairs = answer_repairs(&rec);
    let steps: Vec<&str> = repairs.iter().map(|(s, _)| *s).collect();
    assert_eq!(steps, ["json_repair", "coerce"], "{repairs:?}");
    assert!(
        repairs[0].1.iter().any(|f| f.contains("bare word")),
        "{repairs:?}"
    );
    assert!(repairs[1].1[0].contains("\"billing\""), "{repairs:?}");

    // Broken JSON mended, then a field coerced: two events, in that order.
    #[derive(Debug, PartialEq, serde::Deserialize, schemars::JsonSchema)]
    struct Ticket {
        department: Department,
        priority: u32,
    }
    let model = ScriptedModel::new([ModelResponse::text(
        r#"{"department": "Technical", "priority": "2",}"#,
    )]);
    let rec = Recorder::default();
    let out = agent::<Ticket>(&model, &rec)
        .run("The app crashes".into())
        .await
        .unwrap();
    assert_eq!(
        out,
        Ticket {
            department: Department::Technical,
            priority: 2
        }
    );
    let repairs = answer_repairs(&rec);
    let steps: Vec<&str> = repairs.iter().map(|(s, _)| *s).collect();
    assert_eq!(steps, ["json_repair", "coerce"], "{repairs:?}");
    assert!(
        repairs[0].1.iter().any(|f| f.contains("trailing comma")),
        "{repairs:?}"
    );
    assert_eq!(repairs[1].1.len(), 2, "{repairs:?}");

    // An answer that reads as written reports nothing.
    let model = ScriptedModel::new([ModelResponse::text(r#""shipping""#)]);
    let rec = Recorder::default();
    agent::<Department>(&model, &rec)
        .run("x".into())
        .await
        .unwrap();
    assert!(answer_repairs(&rec).is_empty());
}

#[tokio::test]
async fn a_forced_output_tools_string_is_the_enum_as_written() {
    // What Anthropic sends back for a string enum: the value under the tool's `answer`.
    let model = ScriptedModel::new([ModelResponse::tool_call(
        "toolu_1",
        FINAL_ANSWER_TOOL,
        r#"{"answer": "shipping"}"#,
    )])
    .with_answer_support(ConstraintSupport::ToolChoice);
    let rec = Recorder::default();
    let out = agent::<Department>(&model, &rec)
        .run("Where is my parcel?".into())
        .await
        .unwrap();
    assert_eq!(out, Department::Shipping);
    assert!(
        answer_repairs(&rec).is_empty(),
        "{:?}",
        answer_repairs(&rec)
    );
}
