//! `max_duration` bounds everything a run does: every tool run and every wait is cut to what is
//! left of the run, and a provider's Retry-After longer than that (or than the agent-level cap)
//! ends the run at once with a typed error instead of a sleep. Run on paused tokio time.
use crate::common;

use std::time::Duration;

use agents_core::repair::{Handlers, constant, retry};
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{
    AgentError, Budget, ExecutionFailure, LlmAgent, ModelResponse,
    agent::LlmErrorDecision,
    budget::BudgetKind,
    model::{ModelError, ModelErrorKind},
};
use common::*;
use tokio::time::Instant;

/// A generous bound the run must finish within, on paused time (so a bug shows as a failure,
/// not a hang).
const WATCHDOG: Duration = Duration::from_secs(1000);

/// A tool that never finishes.
fn hanging() -> impl agents_core::Tool {
    tool_fn("hang", "Never returns.", |_: NoArgs| async move {
        std::future::pending::<()>().await;
        Ok::<_, ExecutionFailure>(())
    })
}

/// A tool that sleeps for an hour.
fn slow() -> impl agents_core::Tool {
    tool_fn("slow", "Takes an hour.", |_: NoArgs| async move {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        Ok::<_, ExecutionFailure>(())
    })
}

fn three_seconds(tool_timeout: Option<Duration>) -> Budget {
    Budget {
        max_duration: Some(Duration::from_secs(3)),
        tool_timeout,
        ..Budget::default()
    }
}

/// An agent whose model calls `tool` once (then answers "late") under `budget`.
fn one_call_agent(
    tool: &str,
    implementation: impl agents_core::Tool,
    budget: Budget,
) -> LlmAgent<String, String> {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", tool, "{}"),
        ModelResponse::text("late"),
    ]);
    LlmAgent::<String, String>::builder("a")
        .model(model)
        .tool(implementation)
        .budget(budget)
        .build()
        .unwrap()
}

async fn run_bounded(agent: &LlmAgent<String, String>) -> (Result<String, AgentError>, Duration) {
    let started = Instant::now();
    let out = tokio::time::timeout(WATCHDOG, agent.run("go".into()))
        .await
        .expect("the run ended before the watchdog");
    (out, started.elapsed())
}

fn assert_duration_budget(out: Result<String, AgentError>) {
    match out {
        Err(AgentError::Budget(b)) => assert_eq!(b.kind, BudgetKind::Duration, "{b}"),
        other => panic!("expected the duration budget, got {other:?}"),
    }
}

/// A hanging tool with no timeout of its own and no default timeout ends when the run's time
/// does.
#[tokio::test(start_paused = true)]
async fn a_hanging_tool_without_timeout_ends_with_the_run() {
    let agent = one_call_agent("hang", hanging(), three_seconds(None));
    let (out, took) = run_bounded(&agent).await;
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert_duration_budget(out);
}

/// Under the default 60 s tool timeout a 3 s run ends at about 3 s, not after 60 s.
#[tokio::test(start_paused = true)]
async fn the_default_tool_timeout_is_cut_to_what_is_left_of_the_run() {
    let agent = one_call_agent(
        "slow",
        slow(),
        three_seconds(Budget::default().tool_timeout),
    );
    let (out, took) = run_bounded(&agent).await;
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert_duration_budget(out);
}

/// The default tool timeout (60 s) is applied when the tool has none of its own: an hour-long
/// tool fails with a timeout the model reads, after about a minute.
#[tokio::test(start_paused = true)]
async fn the_default_tool_timeout_stops_a_slow_tool() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "slow", "{}"),
        ModelResponse::text("gave up"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(slow())
        .build()
        .unwrap();
    let (out, took) = run_bounded(&agent).await;
    assert_eq!(out.unwrap(), "gave up");
    assert!(
        took >= Duration::from_secs(60) && took < Duration::from_secs(120),
        "{took:?}"
    );
    let agents_core::Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert!(
        r.is_error && r.content.contains("timed out after 60000 ms"),
        "{r:?}"
    );
}

/// A tool retry whose backoff is longer than what is left of the run is not slept: the retry
/// step gives up at once and the run still has its time.
#[tokio::test(start_paused = true)]
async fn a_tool_retry_backoff_longer_than_the_run_is_not_slept() {
    let calls = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "flaky", "{}"),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model)
        .tool_with(
            flaky(
                "flaky",
                5,
                true,
                || ExecutionFailure::transient("busy"),
                calls.clone(),
            ),
            Handlers::new().execution_error(retry(3, constant(Duration::from_secs(3600)))),
        )
        .budget(three_seconds(None))
        .build()
        .unwrap();
    let (out, took) = run_bounded(&agent).await;
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert_eq!(out.unwrap(), "done");
    assert_eq!(count(&calls), 1, "no retry ran");
}

fn rate_limited(after: Duration) -> ModelError {
    ModelError::new(ModelErrorKind::RateLimited, "slow down").with_retry_after(after)
}

fn retrying_agent(model: &ScriptedModel, budget: Budget) -> LlmAgent<String, String> {
    LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .budget(budget)
        .on_llm_error(|_, _| LlmErrorDecision::Retry {
            max_attempts: 3,
            initial_backoff: Duration::from_millis(10),
        })
        .build()
        .unwrap()
}

/// An `on_llm_error` retry does not sleep a Retry-After of an hour in a 30 s run: the run ends
/// at once with the provider's error, which says how long it asked to wait.
#[tokio::test(start_paused = true)]
async fn a_retry_after_longer_than_the_run_ends_it_at_once() {
    let model = ScriptedModel::with_results([
        Err(rate_limited(Duration::from_secs(3600))),
        Ok(ModelResponse::text("late")),
    ]);
    let budget = Budget {
        max_duration: Some(Duration::from_secs(30)),
        ..Budget::default()
    };
    let (out, took) = run_bounded(&retrying_agent(&model, budget)).await;
    assert!(took < Duration::from_secs(1), "{took:?}");
    match out {
        Err(AgentError::Model(e)) => {
            assert_eq!(e.retry_after(), Some(Duration::from_secs(3600)))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(model.requests().len(), 1, "not sent again");
}

/// Without `max_duration`, no agent-level wait is looser than the transport's cap: a
/// Retry-After beyond `MAX_RETRY_WAIT` is not slept, the run ends with the provider's error.
#[tokio::test(start_paused = true)]
async fn a_retry_after_beyond_the_cap_is_not_slept() {
    let over = agents_core::agent::MAX_RETRY_WAIT + Duration::from_secs(1);
    let model =
        ScriptedModel::with_results([Err(rate_limited(over)), Ok(ModelResponse::text("late"))]);
    let (out, took) = run_bounded(&retrying_agent(&model, Budget::default())).await;
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert!(matches!(out, Err(AgentError::Model(_))), "{out:?}");
}

/// A Retry-After within the cap and the run's time is honoured (the retry happens after it).
#[tokio::test(start_paused = true)]
async fn a_retry_after_within_the_cap_is_honoured() {
    let model = ScriptedModel::with_results([
        Err(rate_limited(Duration::from_secs(20))),
        Ok(ModelResponse::text("ok")),
    ]);
    let (out, took) = run_bounded(&retrying_agent(&model, Budget::default())).await;
    assert_eq!(out.unwrap(), "ok");
    assert!(
        took >= Duration::from_secs(20) && took < Duration::from_secs(30),
        "{took:?}"
    );
}

/// A plain-function fixer that never answers is cut off when the run's time is up, like a tool.
#[tokio::test(start_paused = true)]
async fn a_hanging_fixer_ends_with_the_run() {
    let fixer = agents_core::agent::from_fn("stuck-fixer", |_: String| async move {
        std::future::pending::<()>().await;
        Ok::<String, AgentError>(String::new())
    });
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", "<<<"),
        ModelResponse::text("late"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model)
        .tool_with(
            weather(counter()),
            agents_core::repair::Handlers::new()
                .invalid_args(agents_core::repair::fix_with(fixer, 1)),
        )
        .budget(three_seconds(None))
        .build()
        .unwrap();
    let (out, took) = run_bounded(&agent).await;
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert_duration_budget(out);
}
