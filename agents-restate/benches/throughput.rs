//! Durable runs through Restate, ours against the bare SDK, in one process and one run: how
//! many runs a deployment sustains, and what one journaled step costs.
//!
//! ```sh
//! scripts/restate.sh start && export $(scripts/restate.sh env)                 # one node
//! scripts/restate.sh cluster start && export $(scripts/restate.sh cluster env)  # and/or three
//! cargo bench -p agents-restate --bench throughput
//! ```
//!
//! The workload, each run: a model turn that asks for one tool call, the tool call, a model turn
//! that answers (the model and the tool are in-process and instant: what is measured is the
//! durable execution around them). Three implementations, served by this process on one
//! endpoint and driven through Restate's ingress with `BENCH_CONCURRENCY` runs in flight
//! (default 16), `BENCH_RUNS` runs each (default 200), alternating in rounds so that the
//! machine's noise falls on all of them:
//!
//! - `bare`: a workflow written directly against `restate-sdk`: one `ctx.run` per step.
//! - `ours`: [`AgentRun`] serving an `LlmAgent` (the run's start time, the model turn, the tool,
//!   the model turn, each a journaled step), the tool declared idempotent.
//! - `ours, not safe to repeat`: the same agent with the tool not safe to repeat, whose start
//!   marker (one more entry, acknowledged before the tool runs) is what makes "at most once"
//!   possible.
//!
//! Per step: the time from one step's start to the next's, seen by the model and the tool
//! (from the first model turn to the tool, and from the tool to the second model turn): what a
//! step adds to a run. Per run: from submitting it to its outcome, as a client sees it. Runs/s:
//! runs completed over the wall time of a round.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use agents_core::model::ModelError;
use agents_core::model::{Message, ModelRequest, ModelResponse};
use agents_core::tool::tool_fn;
use agents_core::{ExecutionFailure, LlmAgent, Model};
use agents_restate::AgentRun;
use agents_restate::restate_sdk::prelude::*;
use futures_util::future::BoxFuture;

/// When each step of each run started: `(run key, step) -> instant`.
fn clock() -> &'static Mutex<HashMap<(String, &'static str), Instant>> {
    static CLOCK: OnceLock<Mutex<HashMap<(String, &'static str), Instant>>> = OnceLock::new();
    CLOCK.get_or_init(Default::default)
}

fn mark(run: &str, step: &'static str) {
    clock()
        .lock()
        .unwrap()
        .insert((run.to_owned(), step), Instant::now());
}

/// The model of the workload: a tool call first, an answer once the tool's result is in. Its
/// first and second turns mark `model1` and `model2`.
#[derive(Debug, Clone, Copy)]
struct Script;

impl Script {
    fn answer(request: &ModelRequest) -> ModelResponse {
        let run = request
            .messages
            .iter()
            .find_map(|m| match m {
                Message::User { content } => Some(content.clone()),
                _ => None,
            })
            .unwrap_or_default();
        let answered = request
            .messages
            .iter()
            .any(|m| matches!(m, Message::Tool(_)));
        if answered {
            mark(&run, "model2");
            ModelResponse::text(format!("done {run}"))
        } else {
            mark(&run, "model1");
            let args = serde_json::json!({ "run": run }).to_string();
            ModelResponse::tool_call("call-1", "work", args)
        }
    }
}

impl Model for Script {
    fn name(&self) -> &str {
        "bench-script"
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(async move { Ok(Self::answer(request)) })
    }
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct WorkArgs {
    /// The run's key.
    run: String,
}

fn agent(idempotent: bool) -> LlmAgent {
    let work = tool_fn(
        "work",
        "Does the run's work.",
        |args: WorkArgs| async move {
            mark(&args.run, "tool");
            Ok::<_, ExecutionFailure>(format!("worked {}", args.run))
        },
    );
    let work = if idempotent { work.idempotent() } else { work };
    LlmAgent::builder("bench")
        .model(Script)
        .tool(work)
        .build()
        .expect("the bench agent builds")
}

/// The same workload against the bare SDK: the two model turns and the tool, one `ctx.run`
/// each, returning what the agent's steps return (a model response, the tool's text).
struct BareRun;

#[restate_sdk::workflow(name = "BareRun")]
impl BareRun {
    #[handler]
    async fn run(&self, ctx: WorkflowContext<'_>, run: String) -> Result<String, HandlerError> {
        let request = |results: bool| {
            let mut messages = vec![Message::user(run.clone())];
            if results {
                messages.push(Message::Tool(agents_core::model::ToolResult {
                    call_id: "call-1".to_owned(),
                    name: "work".to_owned(),
                    content: format!("worked {run}"),
                    is_error: false,
                }));
            }
            ModelRequest::new().messages(messages)
        };
        let first = request(false);
        let Json(_call): Json<ModelResponse> = ctx
            .run(|| async { Ok(Json(Script::answer(&first))) })
            .name("model")
            .await?;
        let key = run.clone();
        let _worked: String = ctx
            .run(|| async move {
                mark(&key, "tool");
                Ok(format!("worked {key}"))
            })
            .name("tool")
            .await?;
        let second = request(true);
        let Json(answer): Json<ModelResponse> = ctx
            .run(|| async { Ok(Json(Script::answer(&second))) })
            .name("model")
            .await?;
        Ok(answer.text.unwrap_or_default())
    }
}

/// One of the three implementations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Bare,
    Ours,
    OursAtMostOnce,
}

impl Kind {
    fn label(self) -> &'static str {
        match self {
            Kind::Bare => "bare restate-sdk (`ctx.run` per step)",
            Kind::Ours => "ours (`AgentRun`, tool idempotent)",
            Kind::OursAtMostOnce => "ours (`AgentRun`, tool not safe to repeat)",
        }
    }
}

#[derive(Default)]
struct Samples {
    steps: Vec<Duration>,
    runs: Vec<Duration>,
    completed: usize,
    wall: Duration,
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    rt.block_on(async {
        let deployments = [
            ("single node", "RESTATE_INGRESS", "RESTATE_ADMIN"),
            (
                "three-node cluster",
                "RESTATE_CLUSTER_INGRESS",
                "RESTATE_CLUSTER_ADMIN",
            ),
        ];
        let mut any = false;
        for (name, ingress, admin) in deployments {
            let (Ok(ingress), Ok(admin)) = (std::env::var(ingress), std::env::var(admin)) else {
                println!("{name}: skipped (no {ingress} / {admin}; see the module docs)");
                continue;
            };
            any = true;
            let list = |s: String| s.split(',').map(str::to_owned).collect::<Vec<_>>();
            measure(name, list(ingress), list(admin)).await;
        }
        if !any {
            println!("nothing measured: start a Restate server (see the module docs)");
        }
    });
}

/// Serves the three implementations on a fresh port, registers them, and drives rounds of runs.
async fn measure(name: &str, ingress: Vec<String>, admin: Vec<String>) {
    let runs = env_number("BENCH_RUNS", 200);
    let concurrency = env_number("BENCH_CONCURRENCY", 16);
    let rounds = env_number("BENCH_ROUNDS", 4);
    // Two endpoints: `AgentRun` is one service name, so the two flavours of ours are two
    // deployments, registered in turn before their rounds.
    let mut ports = HashMap::new();
    for kind in [Kind::Ours, Kind::OursAtMostOnce] {
        let endpoint = Endpoint::builder()
            .bind(AgentRun::new(agent(kind == Kind::Ours)))
            .bind(BareRun)
            .build();
        ports.insert(kind, serve(endpoint).await);
    }
    let http = reqwest::Client::new();
    let tag = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_millis();
    let mut samples: HashMap<Kind, Samples> = HashMap::new();
    let per_round = runs.div_ceil(rounds);
    for round in 0..rounds {
        for kind in [Kind::Bare, Kind::Ours, Kind::OursAtMostOnce] {
            let port = match kind {
                Kind::Bare => ports[&Kind::Ours],
                other => ports[&other],
            };
            register(&http, &admin, port).await;
            let keys: Vec<String> = (0..per_round)
                .map(|i| format!("b{tag}-{round}-{kind:?}-{i}"))
                .collect();
            let started = Instant::now();
            let latencies = drive(&http, &ingress, kind, &keys, concurrency).await;
            let s = samples.entry(kind).or_default();
            s.wall += started.elapsed();
            s.completed += latencies.len();
            s.runs.extend(latencies);
            let clock = clock().lock().unwrap();
            for key in &keys {
                let at = |step| clock.get(&(key.clone(), step)).copied();
                if let (Some(m1), Some(t), Some(m2)) = (at("model1"), at("tool"), at("model2")) {
                    s.steps.push(t.duration_since(m1));
                    s.steps.push(m2.duration_since(t));
                }
            }
        }
    }
    report(name, runs, concurrency, &mut samples);
}

async fn serve(endpoint: Endpoint) -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let port = listener.local_addr().expect("its address").port();
    tokio::spawn(HttpServer::new(endpoint).serve(listener));
    port
}

async fn register(http: &reqwest::Client, admin: &[String], port: u16) {
    let uri = format!("http://127.0.0.1:{port}");
    for _ in 0..120 {
        for url in admin {
            let sent = http
                .post(format!("{url}/deployments"))
                .json(&serde_json::json!({ "uri": uri, "force": true }))
                .send()
                .await;
            if sent.is_ok_and(|r| r.status().is_success()) {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    panic!("cannot register {uri}");
}

/// Runs `keys` with at most `concurrency` in flight, spread over the nodes' ingresses; the
/// latency of each, from submitting it to its outcome.
async fn drive(
    http: &reqwest::Client,
    ingress: &[String],
    kind: Kind,
    keys: &[String],
    concurrency: usize,
) -> Vec<Duration> {
    let limit = Arc::new(tokio::sync::Semaphore::new(concurrency));
    let mut tasks = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        let permit = limit.clone().acquire_owned().await.expect("the semaphore");
        let (http, url, key) = (
            http.clone(),
            ingress[i % ingress.len()].clone(),
            key.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let (service, submit, body) = match kind {
                Kind::Bare => ("BareRun", "run/send", serde_json::json!(key)),
                _ => ("AgentRun", "start", serde_json::json!({ "input": key })),
            };
            // On a cluster, a node's ingress learns of a deployment registered through another
            // node's admin API a moment later, and answers 404 until then: submitted again,
            // the run's time counted from the submission that was taken.
            let mut tries = 0;
            let started = loop {
                let started = Instant::now();
                let sent = http
                    .post(format!("{url}/{service}/{key}/{submit}"))
                    .json(&body)
                    .send()
                    .await
                    .expect("submit the run");
                if sent.status() == reqwest::StatusCode::NOT_FOUND && tries < 200 {
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
                assert!(sent.status().is_success(), "{sent:?}");
                break started;
            };
            let outcome = http
                .get(format!("{url}/restate/workflow/{service}/{key}/attach"))
                .send()
                .await
                .expect("attach");
            assert!(outcome.status().is_success(), "{outcome:?}");
            let text = outcome.text().await.unwrap_or_default();
            assert!(text.contains("done"), "{text}");
            drop(permit);
            started.elapsed()
        }));
    }
    let mut latencies = Vec::with_capacity(tasks.len());
    for task in tasks {
        latencies.push(task.await.expect("a run"));
    }
    latencies
}

fn report(name: &str, runs: usize, concurrency: usize, samples: &mut HashMap<Kind, Samples>) {
    println!(
        "\n{name}: {runs} runs each, {concurrency} in flight (a model turn, a tool call, a model turn)\n"
    );
    println!(
        "| implementation | runs/s | per step p50 | per step p99 | per run p50 | per run p99 |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    let mut step_p50 = HashMap::new();
    for kind in [Kind::Bare, Kind::Ours, Kind::OursAtMostOnce] {
        let Some(s) = samples.get_mut(&kind) else {
            continue;
        };
        s.steps.sort();
        s.runs.sort();
        let rate = s.completed as f64 / s.wall.as_secs_f64().max(1e-9);
        step_p50.insert(kind, percentile(&s.steps, 50.0));
        println!(
            "| {} | {rate:.1} | {} | {} | {} | {} |",
            kind.label(),
            ms(percentile(&s.steps, 50.0)),
            ms(percentile(&s.steps, 99.0)),
            ms(percentile(&s.runs, 50.0)),
            ms(percentile(&s.runs, 99.0)),
        );
    }
    let bare = step_p50.get(&Kind::Bare).copied().unwrap_or_default();
    for kind in [Kind::Ours, Kind::OursAtMostOnce] {
        if let Some(ours) = step_p50.get(&kind)
            && !bare.is_zero()
        {
            println!(
                "\n{}: per-step p50 {:.2}x the bare SDK's",
                kind.label(),
                ours.as_secs_f64() / bare.as_secs_f64()
            );
        }
    }
}
