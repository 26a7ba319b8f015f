//! A new request's call of a tool its words do not name, where they name another offered tool
//! most, is asked for again held to that tool (`Recovery::named_tool`, a piece of the
//! small-model profile): left to choose as it writes, a small model often calls a tool the
//! request never speaks of.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::common::{Recorder, count, counter, weather};
use agents_core::model::{Constraint, ConstraintSupport, Recovery};
use agents_core::testing::ScriptedModel;
use agents_core::tool::{Tool, tool_fn};
use agents_core::{Event, ExecutionFailure, LlmAgent, ModelResponse};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Ticker {
    ticker: String,
}

/// `stock_price(ticker)`: counts its runs.
fn stock_price(runs: Arc<AtomicU32>) -> impl Tool {
    tool_fn(
        "stock_price",
        "Latest share price of a listed company.",
        move |t: Ticker| {
            runs.fetch_add(1, Ordering::SeqCst);
            async move { Ok::<_, ExecutionFailure>(format!("{}: 101.5", t.ticker)) }
        },
    )
}

const REQUEST: &str = "What's the weather forecast in Paris?";

struct Run {
    model: ScriptedModel,
    weather: Arc<AtomicU32>,
    stocks: Arc<AtomicU32>,
    rec: Recorder,
    output: Option<String>,
}

async fn run(script: Vec<ModelResponse>, recovery: Recovery, support: ConstraintSupport) -> Run {
    let model = ScriptedModel::new(script)
        .with_recovery(recovery)
        .with_constraint_support(support);
    let (weather_runs, stocks, rec) = (counter(), counter(), Recorder::default());
    let agent = LlmAgent::builder("assistant")
        .model(model.clone())
        .tool(weather(weather_runs.clone()))
        .tool(stock_price(stocks.clone()))
        .on_event(rec.hook())
        .build()
        .unwrap();
    let output = agent.run(REQUEST.into()).await.ok();
    Run {
        model,
        weather: weather_runs,
        stocks,
        rec,
        output,
    }
}

fn redirected(rec: &Recorder) -> Vec<(String, String, String)> {
    rec.events()
        .into_iter()
        .filter_map(|e| match e {
            Event::CallRedirected {
                call_id,
                called,
                named,
                ..
            } => Some((call_id, called, named)),
            _ => None,
        })
        .collect()
}

fn wrong_tool_then(rest: &[ModelResponse]) -> Vec<ModelResponse> {
    let mut script = vec![ModelResponse::tool_call(
        "c1",
        "stock_price",
        r#"{"ticker": "Paris"}"#,
    )];
    script.extend_from_slice(rest);
    script
}

/// The call of a tool the request never speaks of is asked for again, held to the tool its
/// words name; the answer runs in its place, under the same id, and the wrong tool never runs.
#[tokio::test]
async fn a_call_of_a_tool_the_words_do_not_name_is_asked_again_for_the_named_one() {
    let r = run(
        wrong_tool_then(&[
            ModelResponse::tool_call("x", "weather", r#"{"city": "Paris"}"#),
            ModelResponse::text("Sunny in Paris."),
        ]),
        Recovery::SMALL_MODEL,
        ConstraintSupport::Schema,
    )
    .await;
    assert_eq!(r.output.as_deref(), Some("Sunny in Paris."));
    assert_eq!((count(&r.weather), count(&r.stocks)), (1, 0));
    assert_eq!(
        redirected(&r.rec),
        [("c1".into(), "stock_price".into(), "weather".into())]
    );
    let requests = r.model.requests();
    assert_eq!(requests[1].constraint, Some(Constraint::tool("weather")));
}

/// The neutral profile, the piece off, or a model that cannot be constrained: the call runs
/// as the model wrote it, and no model call is added.
#[tokio::test]
async fn without_the_piece_or_a_constraint_the_call_runs_as_written() {
    for (recovery, support) in [
        (Recovery::NEUTRAL, ConstraintSupport::Schema),
        (
            Recovery::SMALL_MODEL.named_tool(false),
            ConstraintSupport::Schema,
        ),
        (Recovery::SMALL_MODEL, ConstraintSupport::Unsupported),
    ] {
        let r = run(
            wrong_tool_then(&[ModelResponse::text("101.5")]),
            recovery,
            support,
        )
        .await;
        assert_eq!(
            r.output.as_deref(),
            Some("101.5"),
            "{recovery:?} {support:?}"
        );
        assert_eq!((count(&r.weather), count(&r.stocks)), (0, 1));
        assert!(redirected(&r.rec).is_empty());
        assert_eq!(r.model.requests().len(), 2);
    }
}

/// A call of the tool the words name, a call after one ran, or calls written beside others
/// are left as they are.
#[tokio::test]
async fn the_named_tool_a_served_request_and_several_calls_are_left_alone() {
    let named = run(
        vec![
            ModelResponse::tool_call("c1", "weather", r#"{"city": "Paris"}"#),
            ModelResponse::tool_call("c2", "stock_price", r#"{"ticker": "ACME"}"#),
            ModelResponse::text("done"),
        ],
        Recovery::SMALL_MODEL,
        ConstraintSupport::Schema,
    )
    .await;
    assert_eq!((count(&named.weather), count(&named.stocks)), (1, 1));
    assert!(redirected(&named.rec).is_empty());
    assert_eq!(named.model.requests().len(), 3);

    let beside =
        run(
            vec![
                ModelResponse::tool_call("c1", "stock_price", r#"{"ticker": "ACME"}"#)
                    .and_tool_call("c2", "weather", r#"{"city": "Paris"}"#),
                ModelResponse::text("done"),
            ],
            Recovery::SMALL_MODEL,
            ConstraintSupport::Schema,
        )
        .await;
    assert_eq!((count(&beside.weather), count(&beside.stocks)), (1, 1));
    assert!(redirected(&beside.rec).is_empty());
}
