//! The last turn asks for the answer once calls ran (`Recovery::answer_on_last_turn`, a piece
//! of the small-model profile): outside prevention mode, a small model that read its call's
//! result often calls on until the turn cap, and the run ended in `max_turns` exceeded with its
//! work done. The neutral profile keeps the last turn as every other.

use crate::common::{Recorder, counter, weather};
use agents_core::budget::BudgetKind;
use agents_core::model::{Constraint, ConstraintSupport, FINAL_ANSWER_TOOL, Recovery};
use agents_core::testing::ScriptedModel;
use agents_core::{AgentError, Budget, Event, LlmAgent, ModelResponse};

const PARIS: &str = r#"{"city": "Paris"}"#;

fn agent(model: &ScriptedModel, rec: &Recorder) -> LlmAgent {
    LlmAgent::builder("forecaster")
        .model(model.clone())
        .tool(weather(counter()))
        .budget(Budget {
            max_turns: Some(2),
            ..Default::default()
        })
        .on_event(rec.hook())
        .build()
        .unwrap()
}

fn last_turn_answers(rec: &Recorder) -> Vec<usize> {
    rec.events()
        .into_iter()
        .filter_map(|e| match e {
            Event::LastTurnAnswer { calls_ran, .. } => Some(calls_ran),
            _ => None,
        })
        .collect()
}

/// After a call ran, a model that can be constrained is held to the final-answer tool on the
/// last turn the budget allows, and the run ends with its answer instead of a budget error.
#[tokio::test]
async fn after_a_call_ran_the_last_turn_is_held_to_the_answer() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", PARIS),
        ModelResponse::tool_call("c2", FINAL_ANSWER_TOOL, r#"{"answer": "Sunny in Paris."}"#),
    ])
    .with_recovery(Recovery::SMALL_MODEL)
    .with_constraint_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let report = agent(&model, &rec)
        .run("Weather in Paris?".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "Sunny in Paris.");
    let requests = model.requests();
    assert_eq!(requests[0].constraint, None);
    assert_eq!(
        requests[1].constraint,
        Some(Constraint::tool(FINAL_ANSWER_TOOL))
    );
    assert_eq!(last_turn_answers(&rec), [1]);
}

/// A model that cannot be constrained is offered no tools on that turn, and answers.
#[tokio::test]
async fn a_model_that_cannot_be_constrained_is_offered_no_tools_on_the_last_turn() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", PARIS),
        ModelResponse::text("Sunny in Paris."),
    ])
    .with_recovery(Recovery::SMALL_MODEL);
    let rec = Recorder::default();
    let report = agent(&model, &rec)
        .run("Weather in Paris?".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "Sunny in Paris.");
    let requests = model.requests();
    assert!(!requests[0].tools.is_empty());
    assert!(
        requests[1].tools.is_empty(),
        "the last turn offers no tools"
    );
}

/// Without the piece (the neutral profile, or the small-model profile with it off), the last
/// turn offers the tools as before: a model that calls on ends the run in `max_turns`.
#[tokio::test]
async fn without_the_piece_the_last_turn_offers_the_tools_and_the_budget_ends_the_run() {
    for recovery in [
        Recovery::NEUTRAL,
        Recovery::SMALL_MODEL.answer_on_last_turn(false),
    ] {
        let model = ScriptedModel::new([
            ModelResponse::tool_call("c1", "weather", PARIS),
            ModelResponse::tool_call("c2", "weather", r#"{"city": "Rome"}"#),
            ModelResponse::text("unreached"),
        ])
        .with_recovery(recovery)
        .with_constraint_support(ConstraintSupport::Schema);
        let rec = Recorder::default();
        let result = agent(&model, &rec).run("Weather in Paris?".into()).await;
        match result {
            Err(AgentError::Budget(b)) => assert_eq!(b.kind, BudgetKind::Turns),
            other => panic!("{recovery:?}: unexpected {other:?}"),
        }
        let requests = model.requests();
        assert_eq!(requests[1].constraint, None);
        assert!(requests[1].tools.iter().any(|t| t.name == "weather"));
        assert!(last_turn_answers(&rec).is_empty());
    }
}

/// A run where no call ran yet keeps its last turn for one: the tools are offered.
#[tokio::test]
async fn a_last_turn_before_any_call_ran_stays_open_to_the_tools() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "stock_price", r#"{"ticker": "ACME"}"#),
        ModelResponse::tool_call("c2", "weather", PARIS),
        ModelResponse::text("Sunny in Paris."),
    ])
    .with_recovery(Recovery::SMALL_MODEL);
    let rec = Recorder::default();
    let _ = agent(&model, &rec).run("Weather in Paris?".into()).await;
    let requests = model.requests();
    assert_eq!(requests[1].constraint, None);
    assert!(requests[1].tools.iter().any(|t| t.name == "weather"));
    assert!(last_turn_answers(&rec).is_empty());
}
