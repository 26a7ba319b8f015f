//! The application's checks: output validators send the model back with a reason (bounded by
//! `output_retries`, each a model turn) or stop the run; input guardrails stop a run before any
//! model call. Every rejection is an event.

use std::sync::{Arc, Mutex};

use agents_core::agent::{Checked, Rejection};
use agents_core::testing::ScriptedModel;
use agents_core::{AgentError, Event, LlmAgent, Message, ModelResponse};

fn counter(model: &ScriptedModel, events: &Arc<Mutex<Vec<Event>>>) -> LlmAgent<String, i64> {
    let seen = events.clone();
    LlmAgent::builder("counter")
        .output::<i64>()
        .model(model.clone())
        .on_event(move |e| seen.lock().unwrap().push(e.clone()))
        .output_validator(|n: &i64, _| match *n >= 0 {
            true => Ok(()),
            false => Err(Rejection::retry("a count is never negative")),
        })
        .build()
        .unwrap()
}

fn rejections(events: &Arc<Mutex<Vec<Event>>>) -> Vec<(Checked, String, bool)> {
    events
        .lock()
        .unwrap()
        .iter()
        .filter_map(|e| match e {
            Event::Rejected {
                checked,
                reason,
                retrying,
                ..
            } => Some((*checked, reason.clone(), *retrying)),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_rejected_answer_sends_the_model_back_with_the_reason() {
    let model = ScriptedModel::new([ModelResponse::text("-3"), ModelResponse::text("3")]);
    let events = Arc::default();
    let report = counter(&model, &events)
        .run("How many?".to_owned())
        .report()
        .await;
    assert_eq!(report.output(), Some(&3));
    assert_eq!(report.turns, 2);
    let second = &model.requests()[1];
    let Some(Message::User { content }) = second.messages.last() else {
        panic!("the model is told why: {:?}", second.messages)
    };
    assert!(content.contains("a count is never negative"), "{content}");
    assert_eq!(
        rejections(&events),
        vec![(Checked::Answer, "a count is never negative".into(), true)]
    );
}

#[tokio::test]
async fn retries_run_out_and_the_run_ends_rejected() {
    let model = ScriptedModel::new([
        ModelResponse::text("-1"),
        ModelResponse::text("-2"),
        ModelResponse::text("-3"),
        ModelResponse::text("4"),
    ]);
    let events = Arc::default();
    let err = counter(&model, &events)
        .run("How many?".to_owned())
        .await
        .unwrap_err();
    let AgentError::Rejected {
        checked, attempts, ..
    } = &err
    else {
        panic!("expected Rejected, got {err:?}")
    };
    assert_eq!((*checked, *attempts), (Checked::Answer, 3));
    assert_eq!(
        model.requests().len(),
        3,
        "output_retries (2) bounds the retries"
    );
    let retrying: Vec<bool> = rejections(&events).iter().map(|r| r.2).collect();
    assert_eq!(retrying, vec![true, true, false]);
}

#[tokio::test]
async fn a_validator_that_says_stop_ends_the_run_at_once() {
    let model = ScriptedModel::new([ModelResponse::text("13"), ModelResponse::text("14")]);
    let agent = LlmAgent::builder("counter")
        .output::<i64>()
        .model(model.clone())
        .output_validator(|n: &i64, _| match *n == 13 {
            true => Err(Rejection::stop("unlucky")),
            false => Ok(()),
        })
        .build()
        .unwrap();
    let err = agent.run("How many?".to_owned()).await.unwrap_err();
    assert!(
        matches!(&err, AgentError::Rejected { reason, attempts: 1, .. } if reason == "unlucky"),
        "{err:?}"
    );
    assert_eq!(model.requests().len(), 1);
}

#[tokio::test]
async fn a_validator_reads_the_runs_deps() {
    struct Limit(i64);
    let model = ScriptedModel::new([ModelResponse::text("50"), ModelResponse::text("5")]);
    let agent = LlmAgent::builder("counter")
        .output::<i64>()
        .model(model.clone())
        .output_validator(|n: &i64, ctx| {
            let limit = ctx.deps().get::<Limit>().map_or(i64::MAX, |l| l.0);
            match *n <= limit {
                true => Ok(()),
                false => Err(Rejection::retry(format!("at most {limit}"))),
            }
        })
        .build()
        .unwrap();
    let out = agent.run("How many?".to_owned()).deps(Limit(10)).await;
    assert_eq!(out.unwrap(), 5);
}

#[tokio::test]
async fn an_input_guardrail_stops_the_run_before_the_model() {
    let model = ScriptedModel::new([ModelResponse::text("never")]);
    let events: Arc<Mutex<Vec<Event>>> = Arc::default();
    let seen = events.clone();
    let agent = LlmAgent::builder("assistant")
        .model(model.clone())
        .on_event(move |e| seen.lock().unwrap().push(e.clone()))
        .input_guardrail(|input: &String, _| match input.contains("password") {
            true => Err(Rejection::stop("no credentials in requests")),
            false => Ok(()),
        })
        .build()
        .unwrap();
    let err = agent
        .run("My password is hunter2.".to_owned())
        .await
        .unwrap_err();
    assert!(
        matches!(
            &err,
            AgentError::Rejected {
                checked: Checked::Input,
                attempts: 0,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(model.requests().is_empty(), "no model call");
    assert_eq!(
        rejections(&events),
        vec![(Checked::Input, "no credentials in requests".into(), false)]
    );
    // An input the guardrail accepts runs as usual.
    let model = ScriptedModel::new([ModelResponse::text("ok")]);
    let agent = LlmAgent::builder("assistant")
        .model(model)
        .input_guardrail(|input: &String, _| match input.is_empty() {
            true => Err(Rejection::stop("empty")),
            false => Ok(()),
        })
        .build()
        .unwrap();
    assert_eq!(agent.run("hi".to_owned()).await.unwrap(), "ok");
}
