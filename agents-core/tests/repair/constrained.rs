//! Constraint in the runtime: the `regenerate` repair step (one model call, held to the failing
//! tool's schema, bounded by the budgets, reported in events) and prevention mode (every turn
//! constrained, the run ended through the final-answer tool). The model is scripted; what it
//! was asked, constraint included, is read back from its requests.
use crate::common;

use agents_core::model::{Constraint, ConstraintSupport, FINAL_ANSWER_TOOL, Recovery};
use agents_core::repair::{Handlers, regenerate};
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{AgentError, Budget, Event, ExecutionFailure, LlmAgent, Message, ModelResponse};
use common::Recorder;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Convert {
    value: f64,
    to: Unit,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Kg,
    Lb,
}

fn convert() -> impl agents_core::tool::Tool {
    tool_fn("convert", "Convert a weight.", |c: Convert| async move {
        let out = match c.to {
            Unit::Kg => c.value / 2.2046,
            Unit::Lb => c.value * 2.2046,
        };
        Ok::<_, ExecutionFailure>(format!("{out:.1}"))
    })
}

fn agent(model: &ScriptedModel, handlers: Handlers, rec: &Recorder) -> LlmAgent<String, String> {
    LlmAgent::<String, String>::builder("units")
        .model(model.clone())
        .tool(convert())
        .on_error(handlers)
        .on_event(rec.hook())
        .build()
        .unwrap()
}

/// A prevention-mode run of the units agent on `request`, with its report.
async fn prevention_run(model: &ScriptedModel, request: &str) -> agents_core::RunReport<String> {
    LlmAgent::<String, String>::builder("units")
        .model(model.clone())
        .tool(convert())
        .constrained(true)
        .build()
        .unwrap()
        .run(request.into())
        .report()
        .await
}

fn regenerating() -> Handlers {
    Handlers::new()
        .invalid_args(regenerate())
        .deserialization_error(regenerate())
}

/// A broken call as a small model writes it: a unit inside the number, an enum value outside
/// the list, an invented key.
const BROKEN: &str = r#"{"value": "12 kilos", "to": "pounds", "units": "kg"}"#;

#[tokio::test]
async fn regenerate_asks_again_under_the_tools_schema_and_the_new_call_runs() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "convert", BROKEN).with_usage(100, 20),
        // The regenerated call.
        ModelResponse::tool_call("r1", "convert", r#"{"value": 12, "to": "lb"}"#)
            .with_usage(90, 12),
        ModelResponse::text("About 26.5 lb."),
    ])
    .with_constraint_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let report = agent(&model, regenerating(), &rec)
        .run("12 kilos in pounds?".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "About 26.5 lb.");
    let requests = model.requests();
    assert_eq!(requests.len(), 3);
    // The regeneration: the turn's conversation without the failed call, held to the tool.
    let again = &requests[1];
    assert_eq!(again.constraint, Some(Constraint::tool("convert")));
    assert_eq!(again.messages, vec![Message::user("12 kilos in pounds?")]);
    assert_eq!(requests[0].constraint, None);
    assert_eq!(requests[2].constraint, None);
    // The tool ran with the regenerated arguments, under the original call's id.
    let Message::Tool(result) = requests[2].messages.last().unwrap().clone() else {
        panic!("{:?}", requests[2].messages)
    };
    assert_eq!(
        (result.call_id.as_str(), result.content.as_str()),
        ("c1", "26.5")
    );
    assert!(!result.is_error);
    // Reported: what was asked and what came back, with its usage; and the repair.
    let events = rec.events();
    let regenerated: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Regenerated {
                call_id,
                constraint,
                usage,
                calls,
                ..
            } => Some((
                call_id.clone(),
                constraint.clone(),
                usage.total(),
                calls.len(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(
        regenerated,
        vec![("c1".to_owned(), Constraint::tool("convert"), 102, 1)]
    );
    assert!(rec.fixes("regenerate").is_some(), "{:?}", rec.names());
}

#[tokio::test]
async fn regenerate_after_unparseable_text() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "convert", "twelve kilos to pounds please"),
        ModelResponse::tool_call("r1", "convert", r#"{"value": 12, "to": "lb"}"#),
        ModelResponse::text("done"),
    ])
    .with_constraint_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let out = agent(&model, regenerating(), &rec)
        .run("12 kilos in pounds?".into())
        .await;
    assert_eq!(out.unwrap(), "done");
    assert_eq!(
        model.requests()[1].constraint,
        Some(Constraint::tool("convert"))
    );
}

#[tokio::test]
async fn regenerate_does_not_pretend_with_a_model_that_cannot_constrain() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "convert", BROKEN),
        ModelResponse::text("sorry"),
    ]);
    let rec = Recorder::default();
    let out = agent(&model, regenerating(), &rec)
        .run("12 kilos in pounds?".into())
        .await;
    assert_eq!(out.unwrap(), "sorry");
    // Not asked again: the failure was fed back in the next turn instead.
    let requests = model.requests();
    assert_eq!(requests.len(), 2);
    assert!(requests.iter().all(|r| r.constraint.is_none()));
    assert!(rec.events().iter().any(|e| matches!(e,
        Event::Warning { message, .. } if message.contains("cannot constrain decoding"))));
    assert!(
        !rec.events()
            .iter()
            .any(|e| matches!(e, Event::Regenerated { .. }))
    );
}

#[tokio::test]
async fn a_regenerated_call_that_still_fails_goes_on_down_the_chain_once() {
    // The model answers the regeneration with the same broken call: the step is spent (one
    // model call), and the failure is fed back.
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "convert", BROKEN),
        ModelResponse::tool_call("r1", "convert", BROKEN),
        ModelResponse::text("gave up"),
    ])
    .with_constraint_support(ConstraintSupport::ToolChoice);
    let rec = Recorder::default();
    let out = agent(&model, regenerating(), &rec)
        .run("12 kilos in pounds?".into())
        .await;
    assert_eq!(out.unwrap(), "gave up");
    let requests = model.requests();
    assert_eq!(requests.len(), 3, "one regeneration only");
    let Message::Tool(result) = requests[2].messages.last().unwrap().clone() else {
        panic!()
    };
    assert!(result.is_error);
    let count = rec
        .events()
        .iter()
        .filter(|e| matches!(e, Event::Regenerated { .. }))
        .count();
    assert_eq!(count, 1);
}

#[tokio::test]
async fn regenerate_is_bounded_by_the_token_budget() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "convert", BROKEN).with_usage(100, 20),
        ModelResponse::tool_call("r1", "convert", r#"{"value": 12, "to": "lb"}"#)
            .with_usage(400, 20),
        ModelResponse::text("unreachable"),
    ])
    .with_constraint_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let a = LlmAgent::<String, String>::builder("units")
        .model(model.clone())
        .tool(convert())
        .on_error(regenerating())
        .on_event(rec.hook())
        .budget(Budget {
            max_tokens: Some(300),
            ..Budget::default()
        })
        .build()
        .unwrap();
    let err = a.run("12 kilos in pounds?".into()).await.unwrap_err();
    assert!(matches!(err, AgentError::Budget(_)), "{err}");
    assert_eq!(model.requests().len(), 2);
}

#[tokio::test]
async fn regenerate_is_bounded_by_the_repair_step_budget() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "convert", BROKEN),
        ModelResponse::text("fed back"),
    ])
    .with_constraint_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let a = LlmAgent::<String, String>::builder("units")
        .model(model.clone())
        .tool(convert())
        .strict(true)
        .on_error(regenerating())
        .on_event(rec.hook())
        .budget(Budget {
            max_repair_steps: Some(0),
            ..Budget::default()
        })
        .build()
        .unwrap();
    assert_eq!(a.run("12 kilos?".into()).await.unwrap(), "fed back");
    assert_eq!(model.requests().len(), 2, "no regeneration past the cap");
}

#[tokio::test]
async fn prevention_mode_constrains_every_turn_and_ends_through_the_final_answer_tool() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "convert", r#"{"value": 12, "to": "lb"}"#),
        ModelResponse::tool_call(
            "c2",
            FINAL_ANSWER_TOOL,
            r#"{"answer": "12 kg is about 26.5 lb."}"#,
        ),
    ])
    .with_constraint_support(ConstraintSupport::Schema);
    let report = prevention_run(&model, "12 kilos in pounds?").await;
    assert_eq!(report.output().unwrap(), "12 kg is about 26.5 lb.");
    let requests = model.requests();
    assert_eq!(requests.len(), 2);
    let offered =
        |i: usize| -> Vec<String> { requests[i].tools.iter().map(|t| t.name.clone()).collect() };
    for r in &requests {
        assert_eq!(r.constraint, Some(Constraint::AnyTool));
    }
    // The new request's first turn offers no final answer (issue 28, item 3); the turn after a
    // tool ran does.
    assert_eq!(offered(0), ["convert"]);
    assert_eq!(offered(1), ["convert", FINAL_ANSWER_TOOL]);
    // The answer stands in the transcript as an answer, not as a call left without a result.
    assert_eq!(
        report.transcript.last().unwrap(),
        &Message::assistant("12 kg is about 26.5 lb.")
    );
}

#[tokio::test]
async fn prevention_mode_reads_the_final_answer_into_a_typed_output() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c0", "convert", r#"{"value": 12, "to": "lb"}"#),
        ModelResponse::tool_call("c1", FINAL_ANSWER_TOOL, r#"{"answer": "26.5"}"#),
    ])
    .with_constraint_support(ConstraintSupport::ToolChoice);
    let a = LlmAgent::builder("units")
        .output::<f64>()
        .model(model.clone())
        .tool(convert())
        .constrained(true)
        .build()
        .unwrap();
    assert_eq!(a.run("12 kilos in pounds?".into()).await.unwrap(), 26.5);
}

#[tokio::test]
async fn prevention_mode_refuses_a_model_that_cannot_constrain() {
    let model = ScriptedModel::new([ModelResponse::text("unconstrained")]);
    let a = LlmAgent::<String, String>::builder("units")
        .model(model.clone())
        .tool(convert())
        .constrained(true)
        .build()
        .unwrap();
    let err = a.run("12 kilos?".into()).await.unwrap_err();
    assert!(
        matches!(&err, AgentError::Config(m) if m.contains("cannot constrain decoding")),
        "{err}"
    );
    assert!(model.requests().is_empty(), "the model was not asked");
}

#[tokio::test]
async fn prevention_mode_without_tools_asks_unconstrained() {
    let model = ScriptedModel::new([ModelResponse::text("hello")]);
    let a = LlmAgent::<String, String>::builder("plain")
        .model(model.clone())
        .constrained(true)
        .build()
        .unwrap();
    assert_eq!(a.run("hi".into()).await.unwrap(), "hello");
    assert_eq!(model.requests()[0].constraint, None);
}

/// `unknown_tool => regenerate()`: a call to a tool that does not exist is asked for again
/// before the turn is recorded, held to a call of an offered tool (`AnyTool`); the regenerated
/// call takes its place under the same id and runs. The transcript holds the call that ran, the
/// events the invented name and the replacement.
#[tokio::test]
async fn unknown_tool_regenerate_replaces_an_invented_name_with_an_offered_call() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weight_converter", r#"{"kilos": 12}"#).with_usage(100, 20),
        // The regenerated call.
        ModelResponse::tool_call("r1", "convert", r#"{"value": 12, "to": "lb"}"#)
            .with_usage(90, 12),
        ModelResponse::text("About 26.5 lb."),
    ])
    .with_constraint_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let handlers = Handlers::new().unknown_tool(regenerate());
    let report = agent(&model, handlers, &rec)
        .run("12 kilos in pounds?".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "About 26.5 lb.");
    let requests = model.requests();
    assert_eq!(requests.len(), 3);
    assert_eq!(requests[1].constraint, Some(Constraint::AnyTool));
    assert_eq!(
        requests[1].messages,
        vec![Message::user("12 kilos in pounds?")]
    );
    // The transcript records the regenerated call, under the original id, and its result.
    let Message::Assistant { tool_calls, .. } = &report.transcript[1] else {
        panic!("{:?}", report.transcript)
    };
    assert_eq!(
        (tool_calls[0].id.as_str(), tool_calls[0].name.as_str()),
        ("c1", "convert")
    );
    let Message::Tool(result) = &report.transcript[2] else {
        panic!("{:?}", report.transcript)
    };
    assert_eq!((result.content.as_str(), result.is_error), ("26.5", false));
    let events = rec.events();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Regenerated { tool, constraint: Constraint::AnyTool, .. } if tool == "weight_converter"
    )));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Repaired {
            kind: agents_core::error::ErrorKind::UnknownTool,
            step: "regenerate",
            ..
        }
    )));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::ToolHallucinated { .. })),
        "the invented call was replaced before it was answered"
    );
}

/// A model that invents a name again under the constraint (it cannot constrain for real) is
/// answered as an unknown tool, as without the chain; a model that cannot constrain at all is
/// not asked (a warning says so).
#[tokio::test]
async fn unknown_tool_regenerate_falls_back_to_the_unknown_tool_answer() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weight_converter", "{}"),
        ModelResponse::text("I cannot convert."),
    ]);
    let rec = Recorder::default();
    let handlers = Handlers::new().unknown_tool(regenerate());
    let report = agent(&model, handlers, &rec)
        .run("12 kg?".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "I cannot convert.");
    assert_eq!(
        model.requests().len(),
        2,
        "not asked again: it cannot constrain"
    );
    let events = rec.events();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Warning { message, .. } if message.contains("cannot constrain")
    )));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ToolHallucinated { .. }))
    );
}

/// The units agent under `recovery`, asked to convert 12 kilos.
async fn profiled_run(
    model: &ScriptedModel,
    recovery: Recovery,
    rec: &Recorder,
) -> agents_core::RunReport<String> {
    LlmAgent::<String, String>::builder("units")
        .model(model.clone())
        .tool(convert())
        .recovery(recovery)
        .on_event(rec.hook())
        .build()
        .unwrap()
        .run("12 kilos in pounds?".into())
        .report()
        .await
}

/// `Recovery::regenerate_invented` (small-model profile): with no `unknown_tool` chain
/// declared, an invented name is regenerated held to the offered tools, as the declared
/// `regenerate()` does; the neutral profile answers it as an unknown tool, and a model that
/// cannot be constrained is neither asked nor warned about.
#[tokio::test]
async fn the_small_model_profile_regenerates_an_invented_name() {
    let invents = |support: ConstraintSupport| {
        ScriptedModel::new([
            ModelResponse::tool_call("c1", "weight_converter", r#"{"kilos": 12}"#),
            ModelResponse::tool_call("r1", "convert", r#"{"value": 12, "to": "lb"}"#),
            ModelResponse::text("done"),
        ])
        .with_constraint_support(support)
    };

    let (model, rec) = (invents(ConstraintSupport::Schema), Recorder::default());
    let report = profiled_run(&model, Recovery::SMALL_MODEL, &rec).await;
    assert_eq!(model.requests()[1].constraint, Some(Constraint::AnyTool));
    let Message::Tool(result) = &report.transcript[2] else {
        panic!("{:?}", report.transcript)
    };
    assert_eq!((result.content.as_str(), result.is_error), ("26.5", false));
    assert!(
        !rec.events()
            .iter()
            .any(|e| matches!(e, Event::ToolHallucinated { .. }))
    );

    // Off, or on for a model that cannot be held to the tools: the unknown-tool answer, as
    // before, and no warning about a constraint nobody asked for.
    for (support, recovery) in [
        (
            ConstraintSupport::Schema,
            Recovery::SMALL_MODEL.regenerate_invented(false),
        ),
        (ConstraintSupport::Unsupported, Recovery::SMALL_MODEL),
        (ConstraintSupport::Schema, Recovery::NEUTRAL),
    ] {
        let (model, rec) = (invents(support), Recorder::default());
        let report = profiled_run(&model, recovery, &rec).await;
        assert_eq!(
            model.requests()[1].constraint,
            None,
            "{support:?} {recovery:?}"
        );
        let Message::Tool(result) = &report.transcript[2] else {
            panic!("{:?}", report.transcript)
        };
        assert!(result.is_error, "{result:?}");
        let events = rec.events();
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::ToolHallucinated { .. }))
        );
        assert!(
            !events.iter().any(|e| matches!(e, Event::Warning { .. })),
            "{events:?}"
        );
    }
}

/// The profile regenerates only for a request not yet served: a made-up name after a call
/// ran, or the final-answer tool's name where it is not offered, is answered as an unknown
/// tool (a held turn would make another call where the model meant to answer).
#[tokio::test]
async fn the_profile_does_not_regenerate_after_a_call_ran_nor_the_answer_tool() {
    let after_a_call = ScriptedModel::new([
        ModelResponse::tool_call("c1", "convert", r#"{"value": 12, "to": "lb"}"#),
        ModelResponse::tool_call("c2", "report_result", r#"{"text": "26.5 lb"}"#),
        ModelResponse::text("26.5 lb"),
    ]);
    let answer_tool = ScriptedModel::new([
        ModelResponse::tool_call("c1", FINAL_ANSWER_TOOL, r#"{"answer": "26.5 lb"}"#),
        ModelResponse::text("26.5 lb"),
    ]);
    for (model, invented) in [
        (after_a_call, "report_result"),
        (answer_tool, FINAL_ANSWER_TOOL),
    ] {
        let model = model.with_constraint_support(ConstraintSupport::Schema);
        let rec = Recorder::default();
        let report = profiled_run(&model, Recovery::SMALL_MODEL, &rec).await;
        assert_eq!(report.output().unwrap(), "26.5 lb");
        assert!(
            model.requests().iter().all(|r| r.constraint.is_none()),
            "{invented}: not asked again held to the tools"
        );
        assert!(rec.events().iter().any(
            |e| matches!(e, Event::ToolHallucinated { requested, .. } if requested == invented)
        ));
    }
}

/// A declared `unknown_tool` chain is the agent's own: the profile does not add a
/// regeneration to it (here `throw` ends the run at the invented call, unasked).
#[tokio::test]
async fn a_declared_unknown_tool_chain_stands_over_the_profile() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weight_converter", "{}"),
        ModelResponse::text("unreachable"),
    ])
    .with_constraint_support(ConstraintSupport::Schema);
    let err = LlmAgent::<String, String>::builder("units")
        .model(model.clone())
        .tool(convert())
        .recovery(Recovery::SMALL_MODEL)
        .on_error(Handlers::new().unknown_tool(agents_core::repair::throw("invented tools")))
        .build()
        .unwrap()
        .run("12 kg?".into())
        .await
        .unwrap_err();
    assert_eq!(model.requests().len(), 1, "{err:?}");
}

/// `unknown_tool => regenerate().or(escalate(..))`: what regeneration could not fix escalates
/// through the agent's `on_escalation` (here: on to the caller), and `throw` ends the run.
#[tokio::test]
async fn unknown_tool_chain_ends_with_escalate_or_throw() {
    let still_invented = || {
        ScriptedModel::new([
            ModelResponse::tool_call("c1", "weight_converter", "{}"),
            ModelResponse::tool_call("r1", "also_invented", "{}"),
            ModelResponse::text("unreachable"),
        ])
        .with_constraint_support(ConstraintSupport::ToolChoice)
    };
    let model = still_invented();
    let handlers = Handlers::new().unknown_tool(regenerate().or(agents_core::repair::escalate(
        "the model keeps calling tools that do not exist",
        agents_core::Severity::High,
    )));
    let err = LlmAgent::builder("units")
        .model(model.clone())
        .tool(convert())
        .on_error(handlers)
        .on_escalation(|_| agents_core::agent::EscalationDecision::Escalate {
            severity: None,
            context: None,
        })
        .build()
        .unwrap()
        .run("12 kg?".into())
        .await
        .unwrap_err();
    let AgentError::Escalated(e) = err else {
        panic!("expected an escalation, got {err:?}")
    };
    assert_eq!(e.tool.as_deref(), Some("weight_converter"));
    assert!(e.reason.contains("do not exist"), "{}", e.reason);

    let model = still_invented();
    let handlers = Handlers::new().unknown_tool(agents_core::repair::throw("invented tools"));
    let err = agent(&model, handlers, &Recorder::default())
        .run("12 kg?".into())
        .await
        .unwrap_err();
    assert!(
        matches!(&err, AgentError::Thrown { reason, .. } if reason == "invented tools"),
        "{err:?}"
    );
    assert_eq!(model.requests().len(), 1, "throw asks nothing more");
}

/// `unknown_tool` belongs to the agent: on a tool, `build` refuses it and says where it goes.
#[tokio::test]
async fn unknown_tool_on_a_tool_is_refused_at_build() {
    let err = LlmAgent::builder("units")
        .model(ScriptedModel::new([]))
        .tool_with(convert(), Handlers::new().unknown_tool(regenerate()))
        .build()
        .unwrap_err();
    let AgentError::Config(message) = err else {
        panic!("{err:?}")
    };
    assert!(
        message.contains("tool `convert`") && message.contains("defaults"),
        "{message}"
    );
}

/// Under prevention mode the last turn the budget allows is held to the final-answer tool, so a
/// model that keeps calling tools still ends the run with an answer; earlier turns stay free to
/// call any offered tool. With an `on_budget_exceeded` handler (which may extend the limit) no
/// turn is the last for certain, and none is held.
#[tokio::test]
async fn prevention_mode_holds_the_last_turn_to_the_final_answer() {
    let script = || {
        ScriptedModel::new([
            ModelResponse::tool_call("c1", "convert", r#"{"value": 12, "to": "lb"}"#),
            ModelResponse::tool_call("c2", "convert", r#"{"value": 12, "to": "kg"}"#),
            ModelResponse::tool_call("c3", FINAL_ANSWER_TOOL, r#"{"answer": "About 26.5 lb."}"#),
        ])
        .with_constraint_support(ConstraintSupport::Schema)
    };
    let three_turns = Budget {
        max_turns: Some(3),
        ..Budget::default()
    };
    let model = script();
    let report = LlmAgent::<String, String>::builder("units")
        .model(model.clone())
        .tool(convert())
        .constrained(true)
        .budget(three_turns.clone())
        .build()
        .unwrap()
        .run("12 kilos in pounds?".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "About 26.5 lb.");
    let constraints: Vec<_> = model.requests().into_iter().map(|r| r.constraint).collect();
    assert_eq!(
        constraints,
        [
            Some(Constraint::AnyTool),
            Some(Constraint::AnyTool),
            Some(Constraint::tool(FINAL_ANSWER_TOOL)),
        ]
    );

    let model = script();
    let _ = LlmAgent::<String, String>::builder("units")
        .model(model.clone())
        .tool(convert())
        .constrained(true)
        .budget(three_turns)
        .on_budget_exceeded(|_| agents_core::budget::BudgetDecision::Stop)
        .build()
        .unwrap()
        .run("12 kilos in pounds?".into())
        .report()
        .await;
    assert!(
        model
            .requests()
            .iter()
            .all(|r| r.constraint == Some(Constraint::AnyTool))
    );
}

/// Issue 28, item 3: prevention mode never answers a new request through the final-answer tool
/// before a tool was called. The first turn does not offer it; a model that names it all the
/// same (a provider that only forces a tool) is told to call a tool first, and its answer is
/// not the run's; once a tool ran, the final answer is offered and taken.
#[tokio::test]
async fn prevention_mode_never_answers_a_new_request_before_a_tool() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c0", FINAL_ANSWER_TOOL, r#"{"answer": "text"}"#),
        ModelResponse::tool_call("c1", "convert", r#"{"value": 12, "to": "lb"}"#),
        ModelResponse::tool_call("c2", FINAL_ANSWER_TOOL, r#"{"answer": "About 26.5 lb."}"#),
    ])
    .with_constraint_support(ConstraintSupport::ToolChoice);
    let report = prevention_run(&model, "12 kilos in pounds?").await;
    assert_eq!(report.output().unwrap(), "About 26.5 lb.");
    let refused = common::error_results(&report.transcript);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0].contains("call one of the tools first"),
        "{}",
        refused[0]
    );
    let requests = model.requests();
    assert!(
        requests[..2]
            .iter()
            .all(|r| r.tools.iter().all(|t| t.name != FINAL_ANSWER_TOOL)),
        "no final answer offered before a tool ran"
    );
    assert!(
        requests[2]
            .tools
            .iter()
            .any(|t| t.name == FINAL_ANSWER_TOOL)
    );
}

/// Issue 28, item 3: a final answer that is a made-up example's value nobody gave (`"text"`)
/// is not the run's answer under the small-model profile: the model reads that it copied it,
/// and answers again.
#[tokio::test]
async fn prevention_mode_refuses_a_final_answer_copied_from_an_example() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "convert", r#"{"value": 12, "to": "lb"}"#),
        ModelResponse::tool_call("c2", FINAL_ANSWER_TOOL, r#"{"answer": "TEXT"}"#),
        ModelResponse::tool_call("c3", FINAL_ANSWER_TOOL, r#"{"answer": "About 26.5 lb."}"#),
    ])
    .with_constraint_support(ConstraintSupport::Schema)
    .with_examples([serde_json::json!({"note": "text"})])
    .with_recovery(agents_core::model::Recovery::SMALL_MODEL);
    let report = prevention_run(&model, "12 kilos in pounds?").await;
    assert_eq!(report.output().unwrap(), "About 26.5 lb.");
    let refused = common::error_results(&report.transcript);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0].contains("copied from an example"),
        "{}",
        refused[0]
    );
}

fn weather() -> impl agents_core::tool::Tool {
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Weather {
        city: String,
    }
    tool_fn(
        "weather",
        "Current weather in a city.",
        |w: Weather| async move { Ok::<_, ExecutionFailure>(format!("sunny in {}", w.city)) },
    )
}

/// The `city` schema the model was sent with `requests[i]`.
fn city_schema(request: &agents_core::model::ModelRequest) -> serde_json::Value {
    let tool = request.tools.iter().find(|t| t.name == "weather").unwrap();
    tool.parameters["properties"]["city"].clone()
}

/// A prevention run under `recovery` in which the model first copies the made-up example's
/// `"CITY"`, then writes the user's city, then answers; with what the model was asked.
async fn copy_then_berlin(
    recovery: agents_core::model::Recovery,
) -> (
    agents_core::RunReport<String>,
    Vec<agents_core::model::ModelRequest>,
) {
    copy_then_berlin_with(recovery, None).await
}

/// A second tool taking a city, `forecast`, for a run whose model may leave `weather` for it.
fn forecast() -> Box<dyn agents_core::tool::Tool> {
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Forecast {
        city: String,
    }
    Box::new(tool_fn(
        "forecast",
        "Tomorrow's weather in a city.",
        |f: Forecast| async move { Ok::<_, ExecutionFailure>(format!("rain in {}", f.city)) },
    ))
}

/// [`copy_then_berlin`], the agent offering `other` beside `weather`.
async fn copy_then_berlin_with(
    recovery: agents_core::model::Recovery,
    other: Option<Box<dyn agents_core::tool::Tool>>,
) -> (
    agents_core::RunReport<String>,
    Vec<agents_core::model::ModelRequest>,
) {
    copy_then_berlin_asking(recovery, other, "Is it sunny in Berlin today?").await
}

/// [`copy_then_berlin_with`], the user asking `request`.
async fn copy_then_berlin_asking(
    recovery: agents_core::model::Recovery,
    other: Option<Box<dyn agents_core::tool::Tool>>,
    request: &str,
) -> (
    agents_core::RunReport<String>,
    Vec<agents_core::model::ModelRequest>,
) {
    copy_then_berlin_in(recovery, other, request, ConstraintSupport::Schema, true).await
}

/// The copy-then-Berlin run, the model constraining as `constraint` says, in prevention mode
/// (answering through the final-answer tool) or not (answering in text).
async fn copy_then_berlin_in(
    recovery: agents_core::model::Recovery,
    other: Option<Box<dyn agents_core::tool::Tool>>,
    request: &str,
    constraint: ConstraintSupport,
    prevention: bool,
) -> (
    agents_core::RunReport<String>,
    Vec<agents_core::model::ModelRequest>,
) {
    let answer = if prevention {
        ModelResponse::tool_call("c3", FINAL_ANSWER_TOOL, r#"{"answer": "Sunny in Berlin."}"#)
    } else {
        ModelResponse::text("Sunny in Berlin.")
    };
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"city": "CITY"}"#),
        ModelResponse::tool_call("c2", "weather", r#"{"city": "Berlin"}"#),
        answer,
    ])
    .with_constraint_support(constraint)
    .with_examples([serde_json::json!({"city": "CITY"})])
    .with_recovery(recovery);
    let mut builder = LlmAgent::<String, String>::builder("weather")
        .model(model.clone())
        .tool(weather());
    if let Some(other) = other {
        builder = builder.tool(other);
    }
    let report = builder
        .constrained(prevention)
        .build()
        .unwrap()
        .run(request.to_owned())
        .report()
        .await;
    (report, model.requests())
}

/// Issue 28, item 3: under prevention mode a call refused for copying a made-up example's value
/// (`"CITY"`) is not written again: the next turn holds that argument to the words of the user's
/// request (the small-model profile's `user_words`), so the constrained model can only write
/// what the user said; the turn after that has the tool's schema back as it was.
#[tokio::test]
async fn prevention_mode_holds_a_copied_argument_to_the_users_words_on_the_next_turn() {
    let (report, requests) =
        copy_then_berlin(agents_core::model::Recovery::SMALL_MODEL.ask_values(false)).await;
    assert_eq!(report.output().unwrap(), "Sunny in Berlin.");
    assert_eq!(requests.len(), 3);
    assert!(city_schema(&requests[0]).get("enum").is_none());
    let held = city_schema(&requests[1]);
    let spans = held["enum"].as_array().expect("held to the user's words");
    assert!(spans.contains(&serde_json::json!("Berlin")), "{held}");
    assert!(!spans.contains(&serde_json::json!("CITY")), "{held}");
    assert_eq!(requests[1].constraint, Some(Constraint::tool("weather")));
    assert_eq!(city_schema(&requests[2]), city_schema(&requests[0]));
    // The held turn says what the tool takes, for a client's example of it: its own schema,
    // not the spans (an example made from those shows the first span, which a small model
    // copies). Only on that turn.
    assert!(requests[0].declared_tools.is_empty());
    let declared: Vec<&str> = requests[1]
        .declared_tools
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(declared, ["weather"]);
    assert_eq!(
        requests[1].declared_tools[0].parameters,
        requests[0]
            .tools
            .iter()
            .find(|t| t.name == "weather")
            .unwrap()
            .parameters
    );
    assert!(requests[2].declared_tools.is_empty());
}

/// Issue 28: the held turn does not offer a span made only of words of the tool's name (the
/// small-model profile's `skip_tool_words`). On BFCL's development questions, held to every
/// span after copying a placeholder, the local model wrote the word of the request naming the
/// tool (`"location": "temperature"` for `average_temperature`, `"grocery"` for
/// `grocery_store.find_best`): 40 of 606 logged first calls, none right. Nor a span that
/// starts or ends with such a word in lower case (`"specs ACHD"` for `raptor.mpn.specs`).
#[tokio::test]
async fn prevention_mode_does_not_hold_a_copied_argument_to_the_tools_own_name() {
    let held = |requests: &[agents_core::model::ModelRequest]| {
        city_schema(&requests[1])["enum"]
            .as_array()
            .expect("held to the user's words")
            .clone()
    };
    let recovery = agents_core::model::Recovery::SMALL_MODEL.ask_values(false);
    let ask = "Get the weather report for Berlin, the weather there";
    let (report, requests) = copy_then_berlin_asking(recovery, None, ask).await;
    assert_eq!(report.output().unwrap(), "Sunny in Berlin.");
    let spans = held(&requests);
    assert!(spans.contains(&serde_json::json!("Berlin")), "{spans:?}");
    assert!(
        spans.contains(&serde_json::json!("report for Berlin")),
        "{spans:?}"
    );
    // Neither the tool's name, nor a span that starts with it: held to those, the model
    // writes the word it wanted and goes on.
    assert!(!spans.contains(&serde_json::json!("weather")), "{spans:?}");
    assert!(
        !spans.contains(&serde_json::json!("weather report")),
        "{spans:?}"
    );

    let (_, requests) = copy_then_berlin_asking(recovery.skip_tool_words(false), None, ask).await;
    assert!(held(&requests).contains(&serde_json::json!("weather")));
}

/// Issue 28: the turn that holds a refused call's copied values to the user's words is held to
/// that call's tool too (the small-model profile's `hold_tool`), as `regenerate()` asks again
/// under the failing tool's schema. On BFCL's development questions, free to call any tool on
/// that turn, the local model left the held tool for another one, copied that tool's made-up
/// example in turn (`"db_name": "DB NAME"`), was refused again, and the run's last turn (held to
/// the final answer) ended it without a call that ran. The turn after is free again; with the
/// piece off the held turn is free too.
#[tokio::test]
async fn prevention_mode_holds_the_turn_after_a_copy_to_the_copied_tool() {
    let recovery = agents_core::model::Recovery::SMALL_MODEL.ask_values(false);
    let (report, requests) = copy_then_berlin_with(recovery, Some(forecast())).await;
    assert_eq!(report.output().unwrap(), "Sunny in Berlin.");
    let constraints: Vec<_> = requests.iter().map(|r| r.constraint.clone()).collect();
    assert_eq!(
        constraints,
        [
            Some(Constraint::AnyTool),
            Some(Constraint::tool("weather")),
            Some(Constraint::AnyTool),
        ]
    );
    assert!(city_schema(&requests[1]).get("enum").is_some(), "held");

    let (report, requests) =
        copy_then_berlin_with(recovery.hold_tool(false), Some(forecast())).await;
    assert_eq!(report.output().unwrap(), "Sunny in Berlin.");
    assert_eq!(requests[1].constraint, Some(Constraint::AnyTool));
    assert!(
        city_schema(&requests[1]).get("enum").is_some(),
        "still held"
    );

    // The neutral profile (native tool calling) holds nothing and no turn to a tool.
    let (_, requests) =
        copy_then_berlin_with(agents_core::model::Recovery::NEUTRAL, Some(forecast())).await;
    assert!(requests.iter().all(|r| {
        r.constraint == Some(Constraint::AnyTool) && city_schema(r).get("enum").is_none()
    }));
}

/// Without the small-model profile's `user_words`, nothing is held: the schema the model is
/// sent never changes.
#[tokio::test]
async fn prevention_mode_holds_nothing_without_user_words() {
    let recovery = agents_core::model::Recovery::SMALL_MODEL
        .ask_values(false)
        .user_words(false);
    let (report, requests) = copy_then_berlin(recovery).await;
    assert_eq!(report.output().unwrap(), "Sunny in Berlin.");
    assert!(
        requests
            .iter()
            .all(|r| city_schema(r).get("enum").is_none())
    );
}

/// Issue 28, item 3: a copied *number* (the made-up example's `7`) is not written again either:
/// the next turn holds it to the numbers the user's words give, so the constrained model writes
/// the user's `150`, and the tool runs with it.
#[tokio::test]
async fn prevention_mode_holds_a_copied_number_to_the_users_numbers_on_the_next_turn() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "convert", r#"{"value": 7, "to": "kg"}"#),
        ModelResponse::tool_call("c2", "convert", r#"{"value": 150, "to": "kg"}"#),
        ModelResponse::tool_call("c3", FINAL_ANSWER_TOOL, r#"{"answer": "68.0 kg"}"#),
    ])
    .with_constraint_support(ConstraintSupport::Schema)
    .with_examples([serde_json::json!({"value": 7, "to": "kg"})])
    .with_recovery(agents_core::model::Recovery::SMALL_MODEL.ask_values(false));
    let report = prevention_run(&model, "How many kg is 150 lb, give or take 2.5?").await;
    assert_eq!(report.output().unwrap(), "68.0 kg");
    let requests = model.requests();
    let value_schema = |i: usize| {
        let tool = requests[i].tools.iter().find(|t| t.name == "convert");
        tool.unwrap().parameters["properties"]["value"].clone()
    };
    assert!(value_schema(0).get("enum").is_none());
    let held = value_schema(1);
    let numbers = held["enum"].as_array().expect("held to the user's numbers");
    for given in [serde_json::json!(150.0), serde_json::json!(2.5)] {
        assert!(numbers.contains(&given), "{given} in {held}");
    }
    assert!(!numbers.contains(&serde_json::json!(7.0)), "{held}");
    assert_eq!(
        value_schema(2),
        value_schema(0),
        "given back after one turn"
    );
}

/// Issue 28, item 3: under prevention mode with the whole small-model profile (`ask_values` and
/// `numbers_told` on), a number nobody gave (`9` for "started from rest") that the question
/// about it cannot find either is held, on the next turn, to the numbers the user gave.
#[tokio::test]
async fn prevention_mode_holds_a_number_nobody_gave_after_its_question_finds_none() {
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Motion {
        initial_velocity: i64,
        acceleration: f64,
        time: i64,
    }
    let model = ScriptedModel::new([
        ModelResponse::tool_call(
            "c1",
            "final_velocity",
            r#"{"initial_velocity": 9, "acceleration": 9.8, "time": 5}"#,
        ),
        ModelResponse::text("none"),
        ModelResponse::tool_call(
            "c2",
            "final_velocity",
            r#"{"initial_velocity": 5, "acceleration": 9.8, "time": 5}"#,
        ),
        ModelResponse::tool_call("c3", FINAL_ANSWER_TOOL, r#"{"answer": "54 m/s"}"#),
    ])
    .with_constraint_support(ConstraintSupport::Schema)
    .with_recovery(agents_core::model::Recovery::SMALL_MODEL);
    let report = LlmAgent::<String, String>::builder("physics")
        .model(model.clone())
        .tool(tool_fn(
            "final_velocity",
            "Final velocity under constant acceleration.",
            |m: Motion| async move {
                let v = m.initial_velocity as f64 + m.acceleration * m.time as f64;
                Ok::<_, ExecutionFailure>(format!("{v}"))
            },
        ))
        .constrained(true)
        .build()
        .unwrap()
        .run("It started from rest and accelerated at 9.8 m/s^2 for 5 seconds.".into())
        .report()
        .await;
    let requests = model.requests();
    let turns: Vec<_> = requests
        .iter()
        .filter(|r| r.value_question.is_none())
        .collect();
    let initial = |r: &agents_core::model::ModelRequest| {
        let tool = r.tools.iter().find(|t| t.name == "final_velocity");
        tool.unwrap().parameters["properties"]["initial_velocity"].clone()
    };
    assert!(initial(turns[0]).get("enum").is_none());
    let held = initial(turns[1]);
    let numbers = held["enum"].as_array().expect("held to the user's numbers");
    assert!(numbers.contains(&serde_json::json!(5)), "{held}");
    assert!(!numbers.contains(&serde_json::json!(9)), "{held}");
    assert_eq!(report.output().unwrap(), "54 m/s");
}

/// `stock_prices(companies, duration)`, both required.
fn stock_prices() -> impl agents_core::tool::Tool {
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Stocks {
        companies: Vec<String>,
        duration: String,
    }
    tool_fn(
        "stock_prices",
        "Stock prices of companies over a duration.",
        |s: Stocks| async move {
            Ok::<_, ExecutionFailure>(format!("{} prices over {}", s.companies.len(), s.duration))
        },
    )
}

/// A prevention run of `stock_prices` under `recovery` whose first call ends with `finish`
/// before `duration` (the list looped until the token cap), then the call the user asked for,
/// then the answer; with what the model was asked.
async fn cut_off_then_called(
    recovery: agents_core::model::Recovery,
    finish: agents_core::model::FinishReason,
) -> (
    agents_core::RunReport<String>,
    Vec<agents_core::model::ModelRequest>,
) {
    let mut cut = ModelResponse::tool_call(
        "c1",
        "stock_prices",
        r#"{"companies": ["Microsoft", "Google", "2023", "2023", "2023", "2023", "20"#,
    );
    cut.finish_reason = finish;
    let model = ScriptedModel::new([
        cut,
        ModelResponse::tool_call(
            "c2",
            "stock_prices",
            r#"{"companies": ["Microsoft", "Google"], "duration": "2 weeks"}"#,
        ),
        ModelResponse::tool_call("c3", FINAL_ANSWER_TOOL, r#"{"answer": "2 prices."}"#),
    ])
    .with_constraint_support(ConstraintSupport::Schema)
    .with_recovery(recovery);
    let report = LlmAgent::<String, String>::builder("stocks")
        .model(model.clone())
        .tool(stock_prices())
        .constrained(true)
        .build()
        .unwrap()
        .run("Retrieve stock prices of Microsoft and Google for the last 2 weeks.".into())
        .report()
        .await;
    (report, model.requests())
}

/// The `duration` schema the model was sent with `request`.
fn duration_schema(request: &agents_core::model::ModelRequest) -> serde_json::Value {
    let tool = request
        .tools
        .iter()
        .find(|t| t.name == "stock_prices")
        .unwrap();
    tool.parameters["properties"]["duration"].clone()
}

/// Issue 28 (BFCL `simple_python_147`): the local model wrote `companies` until the token cap
/// and never reached `duration`; the call was refused for the missing argument, the next turn,
/// free, wrote the made-up example's placeholders (or the same cut-off call), and the last turn,
/// held to the final answer, ended the run without a call that ran. Under the small-model
/// profile's `hold_cut_off` the turn after a call the cap cut off holds the required arguments
/// it never reached to the user's words, and the turn to that tool, as after a copy. A call the
/// model ended without the argument, the piece off, and the neutral profile hold nothing.
#[tokio::test]
async fn prevention_mode_holds_what_the_token_cap_cut_off_to_the_users_words() {
    use agents_core::model::{FinishReason, Recovery};
    let recovery = Recovery::SMALL_MODEL.ask_values(false);
    let (report, requests) = cut_off_then_called(recovery, FinishReason::Length).await;
    assert_eq!(report.output().unwrap(), "2 prices.");
    assert!(duration_schema(&requests[0]).get("enum").is_none());
    let held = duration_schema(&requests[1]);
    let spans = held["enum"].as_array().expect("held to the user's words");
    assert!(spans.contains(&serde_json::json!("2 weeks")), "{held}");
    assert_eq!(
        requests[1].constraint,
        Some(Constraint::tool("stock_prices"))
    );
    assert_eq!(duration_schema(&requests[2]), duration_schema(&requests[0]));

    for (recovery, finish) in [
        (recovery, FinishReason::ToolCalls),
        (recovery.hold_cut_off(false), FinishReason::Length),
        (Recovery::NEUTRAL, FinishReason::Length),
    ] {
        let (report, requests) = cut_off_then_called(recovery, finish.clone()).await;
        assert_eq!(report.output().unwrap(), "2 prices.", "{finish:?}");
        assert_eq!(
            requests[1].constraint,
            Some(Constraint::AnyTool),
            "{finish:?}"
        );
        assert!(
            duration_schema(&requests[1]).get("enum").is_none(),
            "{finish:?}"
        );
    }
}

/// Issue 28, item 3: the echo check never refuses a number the user gave, in any of the ways
/// people write lists. Under prevention mode (`numbers_told`), a list the user wrote in
/// brackets (`cash_flows=[200,300,400,500]`) was read as one number grouped in thousands, and
/// the model's right `[200, 300, 400, 500]` was refused as numbers nobody gave (on BFCL's
/// development question `simple_python_127`, the held turn then wrote `[200300400500]`).
#[tokio::test]
async fn prevention_mode_runs_a_list_the_user_wrote_in_brackets() {
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Npv {
        cash_flows: Vec<f64>,
        discount_rate: f64,
    }
    let model = ScriptedModel::new([
        ModelResponse::tool_call(
            "c1",
            "npv",
            r#"{"cash_flows": [200, 300, 400, 500], "discount_rate": 10}"#,
        ),
        ModelResponse::tool_call("c2", FINAL_ANSWER_TOOL, r#"{"answer": "1103"}"#),
    ])
    .with_constraint_support(ConstraintSupport::Schema)
    .with_recovery(agents_core::model::Recovery::SMALL_MODEL);
    let ran = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = ran.clone();
    let report = LlmAgent::<String, String>::builder("finance")
        .model(model)
        .tool(tool_fn(
            "npv",
            "Net present value of cash flows.",
            move |n: Npv| {
                let seen = seen.clone();
                async move {
                    seen.lock().unwrap().push((n.cash_flows, n.discount_rate));
                    Ok::<_, ExecutionFailure>("1103".to_owned())
                }
            },
        ))
        .constrained(true)
        .build()
        .unwrap()
        .run("Find the NPV given cash_flows=[200,300,400,500] and a discount rate of 10%.".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "1103");
    assert_eq!(
        *ran.lock().unwrap(),
        [(vec![200.0, 300.0, 400.0, 500.0], 10.0)]
    );
    assert!(common::error_results(&report.transcript).is_empty());
}

/// The datasets each `t_test` call ran with.
type Datasets = std::sync::Arc<std::sync::Mutex<Vec<(Vec<i64>, Vec<i64>)>>>;

/// `t_test(dataset_a, dataset_b)`, both required lists of integers: records what it ran with.
fn t_test(seen: Datasets) -> impl agents_core::tool::Tool {
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Data {
        dataset_a: Vec<i64>,
        dataset_b: Vec<i64>,
    }
    tool_fn("t_test", "A t-test of two datasets.", move |d: Data| {
        seen.lock()
            .unwrap()
            .push((d.dataset_a.clone(), d.dataset_b.clone()));
        async move { Ok::<_, ExecutionFailure>("p = 0.4".to_owned()) }
    })
}

/// The `dataset_a` schema the model was sent with `request`.
fn dataset_a_schema(request: &agents_core::model::ModelRequest) -> serde_json::Value {
    let tool = request.tools.iter().find(|t| t.name == "t_test").unwrap();
    tool.parameters["properties"]["dataset_a"].clone()
}

/// Issue 28 (BFCL `parallel_165`, unread data): the local model wrote the user's first list,
/// then numbers of its own, until the token cap, and never reached the second list; asked
/// again, it wrote the first list on into the cap again, three times, and the run ended without
/// a call that ran. Under the small-model profile's `keep_cut_lists`, the turn after such a call
/// keeps what it wrote of the user's numbers (a `const`, up to the first number nobody gave), so
/// the model writes only what the cap left unwritten. The piece off, the list is free again.
#[tokio::test]
async fn prevention_mode_keeps_what_a_cut_off_list_wrote_of_the_users_numbers() {
    use agents_core::model::FinishReason;
    async fn run(
        recovery: Recovery,
    ) -> (
        agents_core::RunReport<String>,
        Vec<agents_core::model::ModelRequest>,
        Vec<(Vec<i64>, Vec<i64>)>,
    ) {
        let mut cut = ModelResponse::tool_call(
            "c1",
            "t_test",
            r#"{"dataset_a": [12, 15, 18, 20, 36, 39, 41, 43,"#,
        );
        cut.finish_reason = FinishReason::Length;
        let model = ScriptedModel::new([
            cut,
            ModelResponse::tool_call(
                "c2",
                "t_test",
                r#"{"dataset_a": [12, 15, 18, 20, 36], "dataset_b": [14, 17, 19, 36]}"#,
            ),
            ModelResponse::tool_call("c3", FINAL_ANSWER_TOOL, r#"{"answer": "p = 0.4"}"#),
        ])
        .with_constraint_support(ConstraintSupport::Schema)
        .with_recovery(recovery);
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let report = LlmAgent::<String, String>::builder("stats")
            .model(model.clone())
            .tool(t_test(seen.clone()))
            .constrained(true)
            .build()
            .unwrap()
            .run("Run a t-test on A: 12, 15, 18, 20 and B: 14, 17, 19, 36.".into())
            .report()
            .await;
        let seen = seen.lock().unwrap().clone();
        (report, model.requests(), seen)
    }
    let recovery = Recovery::SMALL_MODEL.ask_values(false);
    let (report, requests, seen) = run(recovery).await;
    assert_eq!(report.output().unwrap(), "p = 0.4");
    assert_eq!(seen, [(vec![12, 15, 18, 20, 36], vec![14, 17, 19, 36])]);
    assert!(dataset_a_schema(&requests[0]).get("const").is_none());
    // 36 is the user's (of the second list), 39 nobody's: the list is kept up to 39.
    assert_eq!(
        dataset_a_schema(&requests[1])["const"],
        serde_json::json!([12, 15, 18, 20, 36])
    );
    assert_eq!(
        dataset_a_schema(&requests[2]),
        dataset_a_schema(&requests[0])
    );

    let (report, requests, _) = run(recovery.keep_cut_lists(false)).await;
    assert_eq!(report.output().unwrap(), "p = 0.4");
    assert!(dataset_a_schema(&requests[1]).get("const").is_none());
}

/// Issue 28 (BFCL `simple_java_55`, unread data): a call of eight service names needs more
/// tokens than the local model's cap; cut off, then held and cut off again, the last turn was
/// the final answer's, and the run ended with nothing run. Under the small-model profile's
/// `room_after_cut_off`, the turn after a cut-off one may generate twice the tokens the cut turn
/// did, up to the model's raised cap, and the turn after it is back at the usual cap. The piece
/// off, a model without a raised cap, or an agent whose own sampling sets a cap: no turn is
/// given more.
#[tokio::test]
async fn prevention_mode_gives_the_turn_after_a_cut_off_call_more_room() {
    use agents_core::model::{FinishReason, Sampling, Usage};
    async fn run(
        recovery: Recovery,
        raised: Option<u32>,
        sampling: Sampling,
    ) -> (agents_core::RunReport<String>, Vec<Option<u32>>) {
        let mut cut = ModelResponse::tool_call("c1", "t_test", r#"{"dataset_a": [12, 15], "#);
        cut.finish_reason = FinishReason::Length;
        cut.usage = Usage {
            input_tokens: 300,
            output_tokens: 96,
        };
        let model = ScriptedModel::new([
            cut,
            ModelResponse::tool_call(
                "c2",
                "t_test",
                r#"{"dataset_a": [12, 15], "dataset_b": [14, 17]}"#,
            ),
            ModelResponse::tool_call("c3", FINAL_ANSWER_TOOL, r#"{"answer": "p = 0.4"}"#),
        ])
        .with_constraint_support(ConstraintSupport::Schema)
        .with_raised_token_cap(raised)
        .with_recovery(recovery);
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let report = LlmAgent::<String, String>::builder("stats")
            .model(model.clone())
            .tool(t_test(seen))
            .constrained(true)
            .sampling(sampling)
            .build()
            .unwrap()
            .run("Run a t-test on A: 12, 15 and B: 14, 17.".into())
            .report()
            .await;
        let caps = model
            .requests()
            .iter()
            .map(|r| r.sampling.max_tokens)
            .collect();
        (report, caps)
    }
    let recovery = Recovery::SMALL_MODEL.ask_values(false);
    let (report, caps) = run(recovery, Some(384), Sampling::default()).await;
    assert_eq!(report.output().unwrap(), "p = 0.4");
    assert_eq!(caps, [None, Some(192), None]);
    // Twice the cut turn's tokens, but never past the model's raised cap.
    let (_, caps) = run(recovery, Some(150), Sampling::default()).await;
    assert_eq!(caps, [None, Some(150), None]);

    let (report, caps) = run(
        recovery.room_after_cut_off(false),
        Some(384),
        Sampling::default(),
    )
    .await;
    assert_eq!(report.output().unwrap(), "p = 0.4");
    assert_eq!(caps, [None, None, None]);
    let (_, caps) = run(recovery, None, Sampling::default()).await;
    assert_eq!(caps, [None, None, None]);
    let own = Sampling {
        max_tokens: Some(64),
        ..Sampling::default()
    };
    let (_, caps) = run(recovery, Some(384), own).await;
    assert_eq!(caps, [Some(64), Some(64), Some(64)]);
}

/// The copy-then-Berlin run outside prevention mode, the model constraining as `constraint`
/// says.
async fn copy_then_berlin_unconstrained(
    recovery: agents_core::model::Recovery,
    constraint: ConstraintSupport,
) -> (
    agents_core::RunReport<String>,
    Vec<agents_core::model::ModelRequest>,
) {
    copy_then_berlin_in(
        recovery,
        None,
        "Is it sunny in Berlin today?",
        constraint,
        false,
    )
    .await
}

/// Issue 28 (recovery on's runs without a call: 32 of 90 on unread parallel questions, the
/// model copying the placeholders on every turn it was told not to): under the small-model
/// profile's `regenerate_refused`, outside prevention mode, a call the echo check refuses is
/// asked for again once in its chain, under its tool's schema, the copied value held to the
/// user's words; the regenerated call takes its place and runs. The piece off, a model that
/// cannot constrain, and the neutral profile tell the model on the next turn instead.
#[tokio::test]
async fn a_refused_call_is_regenerated_under_its_schema_outside_prevention_mode() {
    let recovery = Recovery::SMALL_MODEL.ask_values(false);
    let (report, requests) =
        copy_then_berlin_unconstrained(recovery, ConstraintSupport::Schema).await;
    assert_eq!(report.output().unwrap(), "Sunny in Berlin.");
    assert_eq!(requests.len(), 3);
    assert_eq!(requests[0].constraint, None);
    assert_eq!(requests[1].constraint, Some(Constraint::tool("weather")));
    let held = city_schema(&requests[1]);
    let spans = held["enum"].as_array().expect("held to the user's words");
    assert!(spans.contains(&serde_json::json!("Berlin")), "{held}");
    // The regenerated call took the copy's place: one call, one result, no refusal shown.
    let results: Vec<_> = requests[2]
        .messages
        .iter()
        .filter_map(|m| match m {
            Message::Tool(r) => Some(r.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(results.len(), 1, "{results:?}");
    assert!(!results[0].is_error, "{results:?}");

    for (recovery, constraint) in [
        (
            recovery.regenerate_refused(false),
            ConstraintSupport::Schema,
        ),
        (recovery, ConstraintSupport::Unsupported),
    ] {
        let (report, requests) = copy_then_berlin_unconstrained(recovery, constraint).await;
        assert_eq!(report.output().unwrap(), "Sunny in Berlin.");
        assert!(
            requests.iter().all(|r| r.constraint.is_none()),
            "{constraint:?}"
        );
    }
}

/// Issue 28 (recovery on's runs without a call on BFCL's exec questions: `"city_name": "CITY
/// NAME"` on every turn): where `ask_values` asks and no answer gives a value (the model
/// answers from the description's example, not the user's words), the chain goes on to the
/// step after it, `regenerate()`, rather than skipping it. A step that asked and got nothing
/// passes once.
#[tokio::test]
async fn a_question_that_brings_nothing_passes_to_regenerate() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"city": "CITY"}"#),
        ModelResponse::text("Rome"),
        ModelResponse::tool_call("c2", "weather", r#"{"city": "Berlin"}"#),
        ModelResponse::text("Sunny in Berlin."),
    ])
    .with_constraint_support(ConstraintSupport::Schema)
    .with_examples([serde_json::json!({"city": "CITY"})])
    .with_recovery(Recovery::SMALL_MODEL);
    let report = LlmAgent::<String, String>::builder("weather")
        .model(model.clone())
        .tool(weather())
        .build()
        .unwrap()
        .run("Is it sunny in Berlin today?".to_owned())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "Sunny in Berlin.");
    let requests = model.requests();
    assert_eq!(requests.len(), 4);
    assert!(requests[1].value_question.is_some(), "{:?}", requests[1]);
    assert_eq!(requests[2].constraint, Some(Constraint::tool("weather")));
    assert_eq!(requests[3].constraint, None);
}

/// A prevention run asked for the weather of a list of cities, its model calling for the first
/// and answering after each call unless held; with what the model was asked and the cities the
/// tool ran for.
async fn weather_of_a_list(
    recovery: Recovery,
    request: &str,
    calls: &[&str],
) -> (Vec<agents_core::model::ModelRequest>, Vec<String>) {
    let mut responses: Vec<ModelResponse> = calls
        .iter()
        .enumerate()
        .map(|(i, city)| {
            ModelResponse::tool_call(
                format!("c{i}"),
                "weather",
                serde_json::json!({"city": city}).to_string(),
            )
        })
        .collect();
    responses.push(ModelResponse::tool_call(
        "done",
        FINAL_ANSWER_TOOL,
        r#"{"answer": "All sunny."}"#,
    ));
    let model = ScriptedModel::new(responses)
        .with_constraint_support(ConstraintSupport::Schema)
        .with_recovery(recovery);
    let ran = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = ran.clone();
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Weather {
        city: String,
    }
    let tool = tool_fn(
        "weather",
        "Current weather in a city.",
        move |w: Weather| {
            let seen = seen.clone();
            async move {
                seen.lock().unwrap().push(w.city.clone());
                Ok::<_, ExecutionFailure>(format!("sunny in {}", w.city))
            }
        },
    );
    let report = LlmAgent::<String, String>::builder("weather")
        .model(model.clone())
        .tool(tool)
        .constrained(true)
        .budget(Budget {
            max_turns: Some(6),
            ..Budget::default()
        })
        .build()
        .unwrap()
        .run(request.to_owned())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "All sunny.");
    let ran = ran.lock().unwrap().clone();
    (model.requests(), ran)
}

/// Issue 28 (multi-call answers: on BFCL's parallel questions the model executed one call in
/// 62 of 90 prevention runs that wanted two to four): under `rest_of_list`, after the call for
/// one city of the user's list ran, the next turn is held to the tool, `city` to the cities no
/// call has taken, until every one has its call; then the final answer is offered again.
#[tokio::test]
async fn the_turn_after_a_call_for_one_item_of_a_list_is_held_to_the_rest() {
    let (requests, ran) = weather_of_a_list(
        Recovery::SMALL_MODEL,
        "Is it sunny in Paris, Rome and Oslo today?",
        &["Paris", "Rome", "Oslo"],
    )
    .await;
    assert_eq!(ran, ["Paris", "Rome", "Oslo"]);
    assert_eq!(requests.len(), 4);
    assert!(city_schema(&requests[0]).get("enum").is_none());
    assert_eq!(requests[1].constraint, Some(Constraint::tool("weather")));
    assert_eq!(
        city_schema(&requests[1])["enum"],
        serde_json::json!(["Rome", "Oslo"])
    );
    assert_eq!(
        city_schema(&requests[2])["enum"],
        serde_json::json!(["Oslo"])
    );
    // Every item has its call: the schema is given back and the answer offered.
    assert!(city_schema(&requests[3]).get("enum").is_none());
    assert_ne!(requests[3].constraint, Some(Constraint::tool("weather")));
}

/// Without a list (one city), with the piece off, and under the neutral profile, the turn after
/// the call is not held: the model answers.
#[tokio::test]
async fn no_list_or_the_piece_off_leaves_the_turn_after_a_call_free() {
    for (recovery, request) in [
        (
            Recovery::SMALL_MODEL,
            "Is it sunny in Paris today, my friend?",
        ),
        (
            Recovery::SMALL_MODEL.rest_of_list(false),
            "Is it sunny in Paris, Rome and Oslo today?",
        ),
        (
            Recovery::NEUTRAL,
            "Is it sunny in Paris, Rome and Oslo today?",
        ),
    ] {
        let (requests, ran) = weather_of_a_list(recovery, request, &["Paris"]).await;
        assert_eq!(ran, ["Paris"], "{request}");
        assert_eq!(requests.len(), 2);
        assert!(city_schema(&requests[1]).get("enum").is_none(), "{request}");
    }
}

/// `call_on_last_turn` (small-model profile): under prevention mode, a request no call has
/// served keeps its last turn for a call (held to a tool, the final answer not offered), where
/// the neutral profile or the piece off hold it to the final answer, which would answer with
/// nothing behind it. The call that runs on the last turn leaves no turn for an answer: the
/// run ends in `max_turns`, the call's result in its transcript.
#[tokio::test]
async fn a_request_no_call_served_keeps_its_last_turn_for_a_call() {
    let two_turns = Budget {
        max_turns: Some(2),
        ..Budget::default()
    };
    for on in [true, false] {
        let calls = common::counter();
        // What the model writes on the last turn, as it is held: a call, or the answer.
        let last_turn = if on {
            ModelResponse::tool_call("c2", "lookup", "{}")
        } else {
            ModelResponse::tool_call("c2", FINAL_ANSWER_TOOL, r#"{"answer": "made up"}"#)
        };
        let model = ScriptedModel::new([ModelResponse::tool_call("c1", "lookup", "{}"), last_turn])
            .with_constraint_support(ConstraintSupport::Schema)
            .with_recovery(Recovery::SMALL_MODEL.call_on_last_turn(on));
        // Fails the first time (a call that did not serve the request), then works.
        let tool = common::flaky(
            "lookup",
            1,
            false,
            || ExecutionFailure::new("upstream refused"),
            calls.clone(),
        );
        let report = LlmAgent::<String, String>::builder("finder")
            .model(model.clone())
            .tool(tool)
            .constrained(true)
            .budget(two_turns.clone())
            .build()
            .unwrap()
            .run("Look it up".into())
            .report()
            .await;
        let last = &model.requests()[1];
        let offers_answer = last.tools.iter().any(|t| t.name == FINAL_ANSWER_TOOL);
        if on {
            assert_eq!(last.constraint, Some(Constraint::AnyTool));
            assert!(!offers_answer);
            assert_eq!(common::count(&calls), 2, "the last turn's call ran");
            assert!(
                matches!(report.outcome, Err(AgentError::Budget(_))),
                "{:?}",
                report.outcome
            );
        } else {
            assert_eq!(last.constraint, Some(Constraint::tool(FINAL_ANSWER_TOOL)));
            assert_eq!(report.output().map(String::as_str), Some("made up"));
            assert_eq!(common::count(&calls), 1);
        }
    }
}
