//! Typed answers in the runtime: the answer's schema on each request for a model that can hold
//! one (and a warning when it cannot be strict), prevention mode's final-answer tool of the
//! output's schema, a forced output tool's call read as the answer, and the `answer_error`
//! chain (`regenerate`, `fix`, `fix_with`, `throw`) before the model is sent back.
use crate::common;

use std::collections::HashMap;

use agents_core::error::ErrorKind;
use agents_core::model::{ConstraintSupport, FINAL_ANSWER_TOOL};
use agents_core::repair::{Handlers, fix, fix_with, regenerate, throw};
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{AgentError, Event, ExecutionFailure, LlmAgent, Message, ModelResponse};
use common::Recorder;

#[derive(Debug, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Currency {
    Eur,
    Usd,
}

#[derive(Debug, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Invoice {
    number: String,
    currency: Currency,
    total: f64,
    note: Option<String>,
}

const INVOICE: &str = r#"{"number": "7", "currency": "eur", "total": 12.5, "note": null}"#;

fn invoice() -> Invoice {
    Invoice {
        number: "7".into(),
        currency: Currency::Eur,
        total: 12.5,
        note: None,
    }
}

fn lookup() -> impl agents_core::tool::Tool {
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Args {
        id: String,
    }
    tool_fn("lookup", "Look an order up.", |a: Args| async move {
        Ok::<_, ExecutionFailure>(format!("order {}: two pens, 12.50 EUR", a.id))
    })
}

fn agent(model: &ScriptedModel, handlers: Handlers, rec: &Recorder) -> LlmAgent<String, Invoice> {
    LlmAgent::builder("billing")
        .output::<Invoice>()
        .model(model.clone())
        .tool(lookup())
        .on_error(handlers)
        .on_event(rec.hook())
        .build()
        .unwrap()
}

#[tokio::test]
async fn every_request_carries_the_answers_schema_for_a_model_that_holds_one() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "lookup", r#"{"id": "7"}"#),
        ModelResponse::text(INVOICE),
    ])
    .with_answer_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let out = agent(&model, Handlers::new(), &rec)
        .run("Invoice for order 7".into())
        .await
        .unwrap();
    assert_eq!(out, invoice());
    for r in model.requests() {
        let answer = r.answer.expect("the answer's schema is on every turn");
        assert_eq!(answer.name, "Invoice");
        assert!(answer.strict);
        assert_eq!(answer.schema["additionalProperties"], false);
        assert_eq!(
            answer.schema["properties"]["currency"]["enum"],
            serde_json::json!(["eur", "usd"])
        );
        assert_eq!(
            r.tools.len(),
            1,
            "the tools stay offered: the client decides"
        );
    }
    assert!(
        !rec.names().contains(&"Warning".to_owned()),
        "{:?}",
        rec.names()
    );

    // A model that cannot hold one gets none; a text answer has none to hold.
    let plain = ScriptedModel::new([ModelResponse::text(INVOICE)]);
    agent(&plain, Handlers::new(), &rec)
        .run("Invoice 7".into())
        .await
        .unwrap();
    assert!(plain.requests()[0].answer.is_none());
    let text = ScriptedModel::new([ModelResponse::text("hello")])
        .with_answer_support(ConstraintSupport::Schema);
    LlmAgent::<String, String>::builder("t")
        .model(text.clone())
        .build()
        .unwrap()
        .run("hi".into())
        .await
        .unwrap();
    assert!(text.requests()[0].answer.is_none());
}

#[tokio::test]
async fn a_schema_that_cannot_be_strict_is_sent_without_and_said_once() {
    let model = ScriptedModel::new([
        ModelResponse::text("not yet"),
        ModelResponse::text(r#"{"pens": 2}"#),
    ])
    .with_answer_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let out = LlmAgent::builder("counts")
        .output::<HashMap<String, u32>>()
        .model(model.clone())
        .on_event(rec.hook())
        .build()
        .unwrap()
        .run("Count them".into())
        .await
        .unwrap();
    assert_eq!(out["pens"], 2);
    let requests = model.requests();
    assert_eq!(requests.len(), 2);
    for r in &requests {
        let answer = r.answer.as_ref().expect("sent, not dropped");
        assert!(!answer.strict);
    }
    let warnings: Vec<String> = rec
        .events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Warning { message, .. } if message.contains("strict") => Some(message),
            _ => None,
        })
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
}

#[tokio::test]
async fn prevention_modes_final_answer_takes_the_outputs_schema() {
    // A new request's first turn offers no final answer (a tool must be considered first).
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "lookup", r#"{"id": "7"}"#),
        ModelResponse::tool_call(
            "c2",
            FINAL_ANSWER_TOOL,
            format!(r#"{{"answer": {INVOICE}}}"#),
        ),
    ])
    .with_constraint_support(ConstraintSupport::Schema);
    let a = LlmAgent::builder("billing")
        .output::<Invoice>()
        .model(model.clone())
        .tool(lookup())
        .constrained(true)
        .build()
        .unwrap();
    assert_eq!(a.run("Invoice 7".into()).await.unwrap(), invoice());
    let request = &model.requests()[1];
    let spec = request
        .tools
        .iter()
        .find(|t| t.name == FINAL_ANSWER_TOOL)
        .unwrap();
    let answer = &spec.parameters["properties"]["answer"];
    assert_eq!(answer["type"], "object");
    assert_eq!(
        answer["required"],
        serde_json::json!(["number", "currency", "total"])
    );
    assert_eq!(answer["additionalProperties"], false);
}

#[tokio::test]
async fn a_forced_output_tools_call_is_read_as_the_answer() {
    // What Anthropic sends back for a typed answer on a turn without tools.
    let model = ScriptedModel::new([ModelResponse::tool_call(
        "toolu_1",
        FINAL_ANSWER_TOOL,
        format!(r#"{{"answer": {INVOICE}}}"#),
    )])
    .with_answer_support(ConstraintSupport::ToolChoice);
    let report = LlmAgent::builder("billing")
        .output::<Invoice>()
        .model(model.clone())
        .build()
        .unwrap()
        .run("Invoice 7".into())
        .report()
        .await;
    assert_eq!(report.output(), Some(&invoice()));
    assert!(
        matches!(report.transcript.last(), Some(Message::Assistant { tool_calls, .. }) if tool_calls.is_empty())
    );
}

#[tokio::test]
async fn regenerate_asks_again_without_tools_held_to_the_schema() {
    let model = ScriptedModel::new([
        ModelResponse::text("The invoice is number 7, twelve fifty in euros."),
        ModelResponse::text(INVOICE),
    ])
    .with_answer_support(ConstraintSupport::Schema);
    let rec = Recorder::default();
    let report = agent(&model, Handlers::new().answer_error(regenerate()), &rec)
        .run("Invoice 7".into())
        .report()
        .await;
    assert_eq!(report.output(), Some(&invoice()));
    assert_eq!(report.turns, 1, "a repair step, not a turn");
    let again = &model.requests()[1];
    assert!(again.tools.is_empty(), "nothing to call: only the answer");
    assert_eq!(again.answer.as_ref().unwrap().name, "Invoice");
    let Some(Message::User { content }) = again.messages.last() else {
        panic!("{:?}", again.messages)
    };
    assert!(content.contains("could not be read"), "{content}");
    // The answer that reads takes the unreadable one's place.
    assert_eq!(report.transcript.last(), Some(&Message::assistant(INVOICE)));
    let repaired: Vec<(ErrorKind, &str)> = rec
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Repaired { kind, step, .. } => Some((*kind, *step)),
            _ => None,
        })
        .collect();
    assert_eq!(repaired, [(ErrorKind::Answer, "regenerate")]);
}

#[tokio::test]
async fn fix_repairs_the_answer_text_and_a_chain_that_passes_falls_back_to_feedback() {
    // A unit the schema does not know, fixed by the application's function.
    let model = ScriptedModel::new([ModelResponse::text(
        r#"{"number": "7", "currency": "€", "total": 12.5, "note": null}"#,
    )]);
    let rec = Recorder::default();
    let euro = fix(|raw: &str| Some(raw.replace('€', "eur")));
    let out = agent(&model, Handlers::new().answer_error(euro), &rec)
        .run("Invoice 7".into())
        .await
        .unwrap();
    assert_eq!(out, invoice());

    // The fix passes: the model is sent back with the error, as without a chain.
    let model = ScriptedModel::new([ModelResponse::text("no idea"), ModelResponse::text(INVOICE)]);
    let pass = fix(|_: &str| None::<String>);
    let report = agent(&model, Handlers::new().answer_error(pass), &rec)
        .run("Invoice 7".into())
        .report()
        .await;
    assert_eq!(report.output(), Some(&invoice()));
    assert_eq!(report.turns, 2);
}

#[tokio::test]
async fn fix_with_a_repair_agent_and_throw_ends_the_run() {
    let fixer_model = ScriptedModel::new([ModelResponse::text(INVOICE)]);
    let fixer = LlmAgent::<String, String>::builder("fixer")
        .model(fixer_model.clone())
        .build()
        .unwrap();
    let model = ScriptedModel::new([ModelResponse::text("invoice 7: 12.50 EUR")]);
    let rec = Recorder::default();
    let out = agent(
        &model,
        Handlers::new().answer_error(fix_with(fixer, 1)),
        &rec,
    )
    .run("Invoice 7".into())
    .await
    .unwrap();
    assert_eq!(out, invoice());
    let Some(Message::User { content }) = fixer_model.requests()[0].messages.last().cloned() else {
        panic!()
    };
    assert!(
        content.starts_with("Repair an agent's final answer"),
        "{content}"
    );

    let model = ScriptedModel::new([ModelResponse::text("no invoice here")]);
    let e = agent(
        &model,
        Handlers::new().answer_error(throw("no invoice")),
        &rec,
    )
    .run("Invoice 7".into())
    .await
    .unwrap_err();
    let AgentError::Thrown {
        reason, original, ..
    } = e
    else {
        panic!("{e:?}")
    };
    assert_eq!(reason, "no invoice");
    assert_eq!(original.unwrap().kind(), ErrorKind::InvalidArgs);
    assert_eq!(model.requests().len(), 1, "no feedback round after a throw");
}

#[tokio::test]
async fn answer_error_under_a_tool_is_refused_at_build() {
    let e = LlmAgent::builder("billing")
        .output::<Invoice>()
        .model(ScriptedModel::new([]))
        .tool(lookup())
        .on_tool_error("lookup", Handlers::new().answer_error(regenerate()))
        .build()
        .err()
        .unwrap();
    assert!(
        e.to_string()
            .contains("`answer_error` is handled by the agent's defaults"),
        "{e}"
    );
}
