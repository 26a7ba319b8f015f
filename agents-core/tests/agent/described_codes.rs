//! A number nobody gave where the argument's description lists codes, set to the code whose
//! words the user named (issue 28): a small model copies the made-up example's `7` into an id
//! the description maps to words ("1 for window washing, 2 for lawn mowing"), and the echo
//! check refuses the copy although the user named the service. Under the small-model profile
//! the call runs on its first turn with the code the user named; with the piece off it is
//! refused; a model with native tool calling (the neutral profile) is unchanged.

use crate::common::{Recorder, recording, run_recorded};
use agents_core::model::{ConstraintSupport, FINAL_ANSWER_TOOL, Recovery};
use agents_core::testing::ScriptedModel;
use agents_core::{LlmAgent, ModelResponse};
use serde_json::json;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Visit {
    /// The job: 1 for window washing, 2 for lawn mowing, 3 for gutter cleaning.
    job: u32,
    /// The day, as the user wrote it.
    day: String,
}

const REQUEST: &str = "Can someone mow my lawn on Friday?";

/// What `book` ran with, the `described_codes` repairs and the error results the model read,
/// for a model that writes `job` as `job` and then answers.
async fn run(recovery: Recovery, job: u32) -> (Vec<Visit>, Vec<String>, Vec<String>) {
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call(
            "c1",
            "book",
            format!(r#"{{"job": {job}, "day": "Friday"}}"#),
        ),
        ModelResponse::text("booked"),
    ])
    .with_examples([json!({"job": 7, "day": "DAY"})])
    .with_recovery(recovery);
    let (tool, seen) = recording("book", "Books a visit.", "booked");
    let (report, rec) = run_recorded(model, tool, REQUEST).await;
    assert_eq!(report.output().unwrap(), "booked");
    let seen = seen.lock().unwrap().clone();
    let errors = crate::common::error_results(&report.transcript);
    (seen, rec.repaired("described_codes"), errors)
}

fn visit(job: u32) -> Visit {
    Visit {
        job,
        day: "Friday".into(),
    }
}

#[tokio::test]
async fn a_copied_number_runs_with_the_code_the_user_named() {
    // The example's number, and one of the model's own that the user never wrote.
    for written in [7, 3] {
        let (seen, set, errors) = run(Recovery::SMALL_MODEL.ask_values(false), written).await;
        assert_eq!(seen, [visit(2)], "{written}");
        assert!(errors.is_empty(), "the call was not refused: {errors:?}");
        assert_eq!(set.len(), 1, "{set:?}");
        assert!(
            set[0].contains(&format!("set `job` to 2 (was {written})"))
                && set[0].contains("\"lawn mowing\""),
            "{set:?}"
        );
    }
}

#[tokio::test]
async fn with_the_piece_off_the_copy_is_refused_and_native_calling_is_unchanged() {
    let (seen, set, errors) = run(
        Recovery::SMALL_MODEL
            .ask_values(false)
            .described_codes(false),
        7,
    )
    .await;
    assert!(seen.is_empty(), "nothing ran: {seen:?}");
    assert!(set.is_empty(), "{set:?}");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("job"), "{errors:?}");

    // The neutral profile checks nothing and sets nothing: the call runs as written.
    let (seen, set, errors) = run(Recovery::NEUTRAL, 7).await;
    assert_eq!(seen, [visit(7)]);
    assert!(set.is_empty() && errors.is_empty(), "{set:?} {errors:?}");
}

/// Under a constraint the echo check refuses every number the user never wrote (`numbers_told`,
/// where the request gives any number: here a time): the code the user named in words is one
/// they gave, and the model's right code runs, whether the piece that sets codes is on or not.
#[tokio::test]
async fn under_a_constraint_the_named_code_is_a_number_the_user_gave() {
    for on in [true, false] {
        let model = ScriptedModel::new(vec![
            ModelResponse::tool_call("c1", "book", r#"{"job": 2, "day": "Friday"}"#),
            ModelResponse::tool_call("c2", FINAL_ANSWER_TOOL, r#"{"answer": "booked"}"#),
        ])
        .with_examples([json!({"job": 7, "day": "DAY"})])
        .with_constraint_support(ConstraintSupport::Schema)
        .with_recovery(Recovery::SMALL_MODEL.described_codes(on));
        let (tool, seen) = recording::<Visit>("book", "Books a visit.", "booked");
        let rec = Recorder::default();
        let report = LlmAgent::<String, String>::builder("booker")
            .model(model)
            .tool(tool)
            .constrained(true)
            .on_event(rec.hook())
            .build()
            .unwrap()
            .run("Can someone mow my lawn on Friday at 9?".into())
            .report()
            .await;
        assert_eq!(report.output().unwrap(), "booked");
        assert_eq!(*seen.lock().unwrap(), [visit(2)], "piece on: {on}");
        assert!(crate::common::error_results(&report.transcript).is_empty());
    }
}
