//! Races: `first_of` and `speculative(n)`. First success wins, losers are cancelled, their
//! spending stays charged, all failing gives the last failure with the others attached.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agents_core::agent::{Compose, FirstOf, RaceFailed, RaceSettled, Racer, from_fn};
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{
    Agent, AgentError, AgentExt, Budget, ExecutionFailure, LlmAgent, Model, ModelResponse,
    agent::RunContext,
    model::{ModelError, ModelRequest},
};
use futures_util::future::BoxFuture;

/// Sets its flag when dropped: tells whether a racer's future was cancelled.
struct DropFlag(Arc<AtomicBool>);

impl Drop for DropFlag {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

fn racer(index: usize, name: &str) -> Racer {
    Racer {
        index,
        name: name.to_owned(),
    }
}

type Settled = Arc<Mutex<Vec<RaceSettled>>>;

fn settled_hook(s: &Settled) -> impl Fn(&RaceSettled) + Send + Sync + 'static {
    let s = s.clone();
    move |r: &RaceSettled| s.lock().unwrap().push(r.clone())
}

/// An agent answering `out` (or failing with `err`) after `delay`.
fn timed(
    name: &'static str,
    delay_ms: u64,
    out: Result<&'static str, &'static str>,
) -> impl Agent<String, String> {
    from_fn(name, move |_: String| async move {
        tokio::time::sleep(Duration::from_millis(delay_ms)).await;
        out.map(str::to_owned)
            .map_err(|m| AgentError::Config(m.to_owned()))
    })
}

#[tokio::test(start_paused = true)]
async fn first_success_wins_and_losers_are_cancelled() {
    let cancelled = Arc::new(AtomicBool::new(false));
    let flag = cancelled.clone();
    let slow = from_fn("slow", move |_: String| {
        let guard = DropFlag(flag.clone());
        async move {
            let _guard = guard;
            tokio::time::sleep(Duration::from_secs(3600)).await;
            Ok("slow answer".to_owned())
        }
    });
    let settled: Settled = Arc::default();
    let race = FirstOf::new("lookup")
        .or(slow)
        .or(timed("failing", 1, Err("cache cold")))
        .or(timed("fast", 10, Ok("fast answer")))
        .on_race_settled(settled_hook(&settled));

    assert_eq!(race.run("q".into()).await.unwrap(), "fast answer");
    assert!(
        cancelled.load(Ordering::SeqCst),
        "the slow racer was dropped"
    );
    let s = settled.lock().unwrap().clone();
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].winner, Some(racer(2, "fast")));
    assert_eq!(s[0].cancelled, vec![racer(0, "slow")]);
    assert_eq!(s[0].failed, vec![racer(1, "failing")]);
    assert_eq!(s[0].elapsed, Duration::from_millis(10));
}

#[tokio::test(start_paused = true)]
async fn all_failing_gives_the_last_failure_with_the_others_attached() {
    let settled: Settled = Arc::default();
    let race = agents_core::agent::first_of([
        Arc::new(timed("b", 5, Err("b failed"))) as Arc<dyn Agent<String, String>>,
        Arc::new(timed("c", 10, Err("c failed"))),
        Arc::new(timed("a", 1, Err("a failed"))),
    ])
    .on_race_settled(settled_hook(&settled));

    let err = race.run("q".into()).await.unwrap_err();
    let failed = RaceFailed::find(&err).expect("a RaceFailed");
    assert_eq!(failed.last_racer, racer(1, "c"));
    assert!(matches!(&*failed.last, AgentError::Config(m) if m == "c failed"));
    let others: Vec<(Racer, String)> = failed
        .others
        .iter()
        .map(|(r, e)| (r.clone(), e.to_string()))
        .collect();
    assert_eq!(
        others,
        vec![
            (
                racer(2, "a"),
                "invalid agent configuration: a failed".to_owned()
            ),
            (
                racer(0, "b"),
                "invalid agent configuration: b failed".to_owned()
            ),
        ]
    );
    let s = settled.lock().unwrap().clone();
    assert_eq!(s[0].winner, None);
    assert!(s[0].cancelled.is_empty());
    assert_eq!(
        s[0].failed,
        vec![racer(2, "a"), racer(0, "b"), racer(1, "c")]
    );
    // The last failure can be taken back out and re-raised as it was.
    let last = RaceFailed::take(err).unwrap().into_last();
    assert!(matches!(last, AgentError::Config(m) if m == "c failed"));
}

#[tokio::test(start_paused = true)]
async fn a_hard_stop_ends_the_race_at_once() {
    let settled: Settled = Arc::default();
    let thrower = from_fn("thrower", |_: String| async move {
        tokio::time::sleep(Duration::from_millis(1)).await;
        Err::<String, _>(AgentError::thrown("credentials revoked"))
    });
    let race = FirstOf::new("race")
        .or(thrower)
        .or(timed("fine", 10, Ok("would have won")))
        .on_race_settled(settled_hook(&settled));
    let err = race.run("q".into()).await.unwrap_err();
    assert!(
        matches!(&err, AgentError::Thrown { reason, by, .. } if reason == "credentials revoked" && by.to_string() == "thrower"),
        "{err:?}"
    );
    let s = settled.lock().unwrap().clone();
    assert_eq!(s[0].winner, None);
    assert_eq!(s[0].cancelled, vec![racer(1, "fine")]);
}

#[tokio::test(start_paused = true)]
async fn speculative_runs_n_samples_and_takes_the_first_success() {
    let started = Arc::new(AtomicU32::new(0));
    let s = started.clone();
    // Later samples are faster: sample 2 wins.
    let sampler = from_fn("sampler", move |_: String| {
        let i = s.fetch_add(1, Ordering::SeqCst) as u64;
        async move {
            tokio::time::sleep(Duration::from_millis(30 - 10 * i)).await;
            Ok(format!("sample {i}"))
        }
    });
    let settled: Settled = Arc::default();
    let spec = sampler
        .speculative(3)
        .on_race_settled(settled_hook(&settled));
    assert_eq!(spec.name(), "sampler");
    assert_eq!(spec.run("q".into()).await.unwrap(), "sample 2");
    assert_eq!(started.load(Ordering::SeqCst), 3);
    let s = settled.lock().unwrap().clone();
    assert_eq!(s[0].winner, Some(racer(2, "sampler")));
    assert_eq!(
        s[0].cancelled,
        vec![racer(0, "sampler"), racer(1, "sampler")]
    );
}

/// A model that answers after a delay.
struct Delayed(ScriptedModel, Duration);

impl Model for Delayed {
    fn name(&self) -> &str {
        "delayed"
    }
    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(async move {
            tokio::time::sleep(self.1).await;
            self.0.complete(request).await
        })
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Query {
    #[allow(dead_code)]
    q: String,
}

/// The losers' spending stays charged to the shared budget: the turn and tokens of a racer that
/// was cancelled mid-tool count above the race.
#[tokio::test(start_paused = true)]
async fn losers_usage_is_charged_to_the_budget() {
    let slow_search = tool_fn("search", "Searches slowly.", |_: Query| async move {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        Ok::<_, ExecutionFailure>("results")
    });
    let loser = LlmAgent::<String, String>::builder("thorough")
        .model(ScriptedModel::new([ModelResponse::tool_call(
            "t1",
            "search",
            r#"{"q": "x"}"#,
        )
        .with_usage(80, 20)]))
        .tool(slow_search)
        .build()
        .unwrap();
    let winner = LlmAgent::<String, String>::builder("quick")
        .model(Delayed(
            ScriptedModel::new([ModelResponse::text("quick answer").with_usage(7, 3)]),
            Duration::from_millis(20),
        ))
        .build()
        .unwrap();
    let settled: Settled = Arc::default();
    let race = FirstOf::new("race")
        .or(loser)
        .or(winner)
        .on_race_settled(settled_hook(&settled));

    let app = RunContext::top()
        .enter("app", Budget::unlimited(), None, &[])
        .unwrap();
    assert_eq!(race.invoke("q".into(), &app).await.unwrap(), "quick answer");
    let spent = app.budget().unwrap().spent();
    assert_eq!(spent.turns, 2, "the loser's turn counts: {spent:?}");
    assert_eq!(
        spent.tokens,
        100 + 10,
        "the loser's tokens count: {spent:?}"
    );
    assert_eq!(spent.tool_calls, 1, "the loser's started tool call counts");
    let s = settled.lock().unwrap().clone();
    assert_eq!(s[0].cancelled, vec![racer(0, "thorough")]);
    assert_eq!(s[0].winner, Some(racer(1, "quick")));
}

/// Racers spend from the caller's capped budget as they go: the cap applies to the race as a
/// whole, and running out is a hard stop that ends the race.
#[tokio::test(start_paused = true)]
async fn racers_share_the_callers_caps() {
    let model = Delayed(
        ScriptedModel::new([ModelResponse::text("a"), ModelResponse::text("b")]),
        Duration::from_millis(5),
    );
    let agent = LlmAgent::<String, String>::builder("sampler")
        .model(model)
        .build()
        .unwrap();
    let capped = RunContext::top()
        .enter(
            "app",
            Budget {
                max_turns: Some(1),
                ..Budget::unlimited()
            },
            None,
            &[],
        )
        .unwrap();
    // The first sample takes the only turn; the second is refused before its model call.
    let err = agent
        .speculative(2)
        .invoke("q".into(), &capped)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, AgentError::Budget(b) if b.kind == agents_core::budget::BudgetKind::Turns && b.agent.to_string() == "app"),
        "{err:?}"
    );
    assert_eq!(capped.budget().unwrap().spent().turns, 2);
}
