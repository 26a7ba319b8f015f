//! The last turn asks for the answer once calls ran (`Recovery::answer_on_last_turn`, a piece
//! of the small-model profile): outside prevention mode, a small model that read its call's
//! result often calls on until the turn cap, and the run ended in `max_turns` exceeded with its
//! work done. The neutral profile keeps the last turn as every other. And after a call ran, a
//! turn the client could not read is asked once more for the answer (`answer_after_malformed`).

use crate::common::{Recorder, counter, weather};
use agents_core::budget::BudgetKind;
use agents_core::model::{Constraint, ConstraintSupport, FINAL_ANSWER_TOOL, Recovery};
use agents_core::model::{ModelError, ModelErrorKind};
use agents_core::testing::ScriptedModel;
use agents_core::{AgentError, Budget, Event, LlmAgent, ModelResponse};

const PARIS: &str = r#"{"city": "Paris"}"#;

fn agent(model: &ScriptedModel, rec: &Recorder) -> LlmAgent {
    agent_with_turns(model, rec, 2)
}

fn agent_with_turns(model: &ScriptedModel, rec: &Recorder, turns: u64) -> LlmAgent {
    LlmAgent::builder("forecaster")
        .model(model.clone())
        .tool(weather(counter()))
        .budget(Budget {
            max_turns: Some(turns),
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

fn unreadable() -> ModelError {
    ModelError::new(
        ModelErrorKind::MalformedResponse,
        "the model wrote the runtime's `Result:` line instead of a call or an answer",
    )
}

/// After a call ran, a turn the client could not read is asked once more held to the final
/// answer (`answer_after_malformed`), and the run ends with that answer instead of the model's
/// error.
#[tokio::test]
async fn an_unreadable_turn_after_a_call_ran_is_asked_again_for_the_answer() {
    let model = ScriptedModel::with_results([
        Ok(ModelResponse::tool_call("c1", "weather", PARIS)),
        Err(unreadable()),
        Ok(ModelResponse::tool_call(
            "c2",
            FINAL_ANSWER_TOOL,
            r#"{"answer": "Sunny in Paris."}"#,
        )),
    ])
    .with_recovery(Recovery::SMALL_MODEL)
    .with_constraint_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    // Turns to spare: the second turn is not the last one (which is held to the answer anyway).
    let report = agent_with_turns(&model, &rec, 5)
        .run("Weather in Paris?".into())
        .report()
        .await;
    assert_eq!(
        report.output(),
        Some(&"Sunny in Paris.".to_owned()),
        "{:?}",
        report.outcome
    );
    let requests = model.requests();
    assert_eq!(requests.len(), 3);
    assert_eq!(requests[1].constraint, None);
    assert_eq!(
        requests[2].constraint,
        Some(Constraint::tool(FINAL_ANSWER_TOOL))
    );
    assert!(rec.events().iter().any(
        |e| matches!(e, Event::Warning { message, .. } if message.contains("held to the final answer"))
    ));
}

/// Before any call ran, with the piece off, or for a model that cannot be constrained, the
/// model's error ends the run as before (the default model-error policy), after one request.
#[tokio::test]
async fn an_unreadable_turn_otherwise_ends_the_run_in_the_models_error() {
    let cases = [
        (
            true,
            Recovery::SMALL_MODEL.answer_after_malformed(false),
            ConstraintSupport::Schema,
        ),
        (true, Recovery::SMALL_MODEL, ConstraintSupport::Unsupported),
        (false, Recovery::SMALL_MODEL, ConstraintSupport::Schema),
    ];
    for (call_first, recovery, support) in cases {
        let mut script = Vec::new();
        if call_first {
            script.push(Ok(ModelResponse::tool_call("c1", "weather", PARIS)));
        }
        script.push(Err(unreadable()));
        script.push(Ok(ModelResponse::text("unreached")));
        let model = ScriptedModel::with_results(script)
            .with_recovery(recovery)
            .with_constraint_support(support);
        let rec = Recorder::default();
        let result = agent_with_turns(&model, &rec, 5)
            .run("Weather in Paris?".into())
            .await;
        match result {
            Err(AgentError::Model(e)) => assert_eq!(e.kind(), ModelErrorKind::MalformedResponse),
            other => panic!("{call_first} {support:?}: unexpected {other:?}"),
        }
        assert_eq!(model.remaining(), 1, "no request after the error");
    }
}
