//! No side effect twice because a small model loops (issue 28, item 4): a call identical to one
//! that already succeeded in the run, to a tool that is not idempotent, does not run again; the
//! model reads the earlier result and the next turn asks for the final answer. A piece of the
//! small-model profile; the neutral profile (native tool calling) runs every call as before.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::common::Recorder;
use agents_core::model::{Constraint, ConstraintSupport, FINAL_ANSWER_TOOL, Recovery};
use agents_core::testing::ScriptedModel;
use agents_core::tool::{Tool, tool_fn};
use agents_core::{Event, ExecutionFailure, LlmAgent, Message, ModelResponse};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Event2 {
    title: String,
}

/// `create_event(title)`: a side effect, not idempotent; counts its runs.
fn create_event(runs: Arc<AtomicU32>) -> impl Tool {
    tool_fn(
        "create_event",
        "Create a calendar event.",
        move |e: Event2| {
            let n = runs.fetch_add(1, Ordering::SeqCst) + 1;
            async move { Ok::<_, ExecutionFailure>(format!("created event {} (#{n})", e.title)) }
        },
    )
}

const CALL: &str = r#"{"title": "Dentist"}"#;

fn looping(extra: &[ModelResponse]) -> ScriptedModel {
    let mut script = vec![
        ModelResponse::tool_call("c1", "create_event", CALL),
        // The same call, written another way (whitespace): the same canonical arguments.
        ModelResponse::tool_call("c2", "create_event", r#"{ "title":"Dentist" }"#),
    ];
    script.extend_from_slice(extra);
    ScriptedModel::new(script).with_recovery(Recovery::SMALL_MODEL)
}

fn agent(model: &ScriptedModel, runs: &Arc<AtomicU32>, rec: &Recorder) -> LlmAgent {
    LlmAgent::builder("calendar")
        .model(model.clone())
        .tool(create_event(runs.clone()))
        .on_event(rec.hook())
        .build()
        .unwrap()
}

/// The repeat does not run: the model reads the earlier result (and that it was not run again),
/// an event says so, and a model that cannot be constrained is offered no tools on the next
/// turn, where it answers.
#[tokio::test]
async fn a_repeated_side_effect_runs_once_and_the_next_turn_asks_for_the_answer() {
    let model = looping(&[ModelResponse::text("Booked the dentist.")]);
    let (runs, rec) = (Arc::new(AtomicU32::new(0)), Recorder::default());
    let report = agent(&model, &runs, &rec)
        .run("Book the dentist".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "Booked the dentist.");
    assert_eq!(runs.load(Ordering::SeqCst), 1, "created once");
    let results = crate::common::tool_results(&report.transcript);
    assert_eq!(results.len(), 2);
    assert!(
        results[1].starts_with("created event Dentist (#1)"),
        "{}",
        results[1]
    );
    assert!(results[1].contains("not run again"), "{}", results[1]);
    let not_repeated: Vec<_> = rec
        .events()
        .into_iter()
        .filter_map(|e| match e {
            Event::CallNotRepeated {
                call_id,
                earlier_call_id,
                ..
            } => Some((call_id, earlier_call_id)),
            _ => None,
        })
        .collect();
    assert_eq!(not_repeated, [("c2".to_owned(), "c1".to_owned())]);
    let requests = model.requests();
    assert!(!requests[1].tools.is_empty());
    assert!(
        requests[2].tools.is_empty(),
        "the answer turn offers no tools"
    );
}

/// A model that can be constrained is held to the final-answer tool on the turn after the
/// repeat, and its answer is the run's; the turn after that would offer the tools again.
#[tokio::test]
async fn a_constrainable_model_is_held_to_the_final_answer_after_a_repeat() {
    let model = looping(&[ModelResponse::tool_call(
        "c3",
        FINAL_ANSWER_TOOL,
        r#"{"answer": "Booked the dentist."}"#,
    )])
    .with_constraint_support(ConstraintSupport::Schema);
    let (runs, rec) = (Arc::new(AtomicU32::new(0)), Recorder::default());
    let report = agent(&model, &runs, &rec)
        .run("Book the dentist".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "Booked the dentist.");
    assert_eq!(runs.load(Ordering::SeqCst), 1);
    let requests = model.requests();
    assert_eq!(requests[1].constraint, None);
    assert_eq!(
        requests[2].constraint,
        Some(Constraint::tool(FINAL_ANSWER_TOOL))
    );
    assert_eq!(
        report.transcript.last(),
        Some(&Message::assistant("Booked the dentist."))
    );
}

/// The same call written twice in one turn runs once too (calls of a turn run at once).
#[tokio::test]
async fn the_same_call_twice_in_one_turn_runs_once() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "create_event", CALL).and_tool_call(
            "c2",
            "create_event",
            CALL,
        ),
        ModelResponse::text("Booked."),
    ])
    .with_recovery(Recovery::SMALL_MODEL);
    let (runs, rec) = (Arc::new(AtomicU32::new(0)), Recorder::default());
    let report = agent(&model, &runs, &rec)
        .run("Book it".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "Booked.");
    assert_eq!(runs.load(Ordering::SeqCst), 1);
    let results = crate::common::tool_results(&report.transcript);
    assert_eq!(results.len(), 2, "every call has its result");
    assert!(results[1].contains("not run again"), "{}", results[1]);
}

/// The neutral profile (a model with native tool calling), an idempotent tool, or the piece
/// switched off: the repeat runs, as before.
#[tokio::test]
async fn repeats_run_where_the_profile_or_the_tool_allows_them() {
    let neutral = ScriptedModel::new([
        ModelResponse::tool_call("c1", "create_event", CALL),
        ModelResponse::tool_call("c2", "create_event", CALL),
        ModelResponse::text("Booked twice."),
    ]);
    let (runs, rec) = (Arc::new(AtomicU32::new(0)), Recorder::default());
    let out = agent(&neutral, &runs, &rec)
        .run("Book".into())
        .report()
        .await;
    assert_eq!(out.output().unwrap(), "Booked twice.");
    assert_eq!(runs.load(Ordering::SeqCst), 2);
    assert_eq!(
        neutral.requests()[2].tools.len(),
        1,
        "tools offered as ever"
    );

    let switched_off = looping(&[ModelResponse::text("Booked twice.")]);
    let runs = Arc::new(AtomicU32::new(0));
    let out = LlmAgent::builder("calendar")
        .model(switched_off)
        .tool(create_event(runs.clone()))
        .recovery(Recovery::SMALL_MODEL.skip_repeats(false))
        .build()
        .unwrap()
        .run("Book".into())
        .report()
        .await;
    assert_eq!(out.output().unwrap(), "Booked twice.");
    assert_eq!(runs.load(Ordering::SeqCst), 2);

    let reads = Arc::new(AtomicU32::new(0));
    let lookups = looping(&[ModelResponse::text("Read twice.")]);
    let counted = reads.clone();
    let read = tool_fn("create_event", "Look an event up.", move |e: Event2| {
        counted.fetch_add(1, Ordering::SeqCst);
        async move { Ok::<_, ExecutionFailure>(e.title) }
    })
    .idempotent();
    let out = LlmAgent::builder("calendar")
        .model(lookups)
        .tool(read)
        .build()
        .unwrap()
        .run("Look".into())
        .report()
        .await;
    assert_eq!(out.output().unwrap(), "Read twice.");
    assert_eq!(
        reads.load(Ordering::SeqCst),
        2,
        "an idempotent tool runs again"
    );
}
