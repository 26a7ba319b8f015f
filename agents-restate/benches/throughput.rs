//! Durable runs through Restate, ours against the bare SDK, in one run of this bench: how many
//! runs a deployment sustains, and what one journaled step costs in latency and in the
//! service's CPU time.
//!
//! ```sh
//! scripts/restate.sh start && export $(scripts/restate.sh env)                 # one node
//! scripts/restate.sh cluster start && export $(scripts/restate.sh cluster env)  # and/or three
//! cargo bench -p agents-restate --bench throughput
//! ```
//!
//! The workload, each run: a model turn that asks for one tool call, the tool call, a model turn
//! that answers (the model and the tool are in-process and instant: what is measured is the
//! durable execution around them). Three implementations, served by child processes of this
//! bench (below) and driven through Restate's ingress with `BENCH_CONCURRENCY` runs in flight
//! (default 16), `BENCH_RUNS` runs each (default 200), alternating in rounds (`BENCH_ROUNDS`,
//! default 4) so that the machine's noise falls on all of them:
//!
//! - `bare`: a workflow written directly against `restate-sdk`: one `ctx.run` per step.
//! - `ours`: [`AgentRun`] serving an `LlmAgent` (the run's start time, the model turn, the tool,
//!   the model turn, each a journaled step), the tool declared idempotent.
//! - `ours, not safe to repeat`: the same agent with the tool not safe to repeat, whose start
//!   marker (one more entry, acknowledged before the tool runs) is what makes "at most once"
//!   possible.
//!
//! Two more baselines, written against the bare SDK too, take our journal's shape one piece at
//! a time, so that what our step does beyond `ctx.run` shows piece by piece:
//!
//! - `bare + clock`: the bare workflow with the run's start time first, one more `ctx.run`
//!   (ours journals it: the duration budget counts from it, and `RunStarted` is reported in it).
//! - `bare, shaped like ours`: that, submitted as ours is: a `start` handler reads the request
//!   and sends the run (one more invocation, which makes a bad request answer 400 at once).
//!
//! What is left between that and ours is the agent loop around the three steps: the request
//! built, the response read, the call checked against the tool's schema, events, the transcript.
//!
//! Per step: the time from one step's start to the next's, seen by the model and the tool
//! (from the first model turn to the tool, and from the tool to the second model turn): what a
//! step adds to a run. Per run: from submitting it to its outcome, as a client sees it. Runs/s:
//! runs completed over the wall time of a round.
//!
//! **Service CPU per step.** Wall-clock latency on a shared machine moves with everyone else's
//! load; the CPU time the service spends does far less. The services run in two child processes
//! of this bench (this same binary, `BENCH_SERVE` set), one per `AgentRun` flavour (one service
//! name, so one deployment each), and this process only drives them: before and after each
//! batch of runs it asks the child that served the batch for its CPU time (user + system,
//! `getrusage(RUSAGE_SELF)`: every thread, including ones that exited). The batches run one
//! after another, so each child's CPU between two readings is that batch's alone. Per step: a
//! run's CPU over the workload's three steps (model, tool, model), the same three for all.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use agents_core::model::ModelError;
use agents_core::model::{Message, ModelRequest, ModelResponse};
use agents_core::tool::tool_fn;
use agents_core::{ExecutionFailure, LlmAgent, Model};
use agents_restate::restate_sdk::prelude::*;
use agents_restate::{AgentRun, RunRequest, RunStarted};
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

/// The workload's three steps against the bare SDK: the two model turns and the tool, one
/// `ctx.run` each, returning what the agent's steps return (a model response, the tool's text).
async fn bare_steps(ctx: &WorkflowContext<'_>, run: &str) -> Result<String, HandlerError> {
    let request = |results: bool| {
        let mut messages = vec![Message::user(run.to_owned())];
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
    let key = run.to_owned();
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

/// The run's start time as one `ctx.run`, recorded as text as ours records it.
async fn bare_clock(ctx: &WorkflowContext<'_>) -> Result<(), HandlerError> {
    let _started: String = ctx
        .run(|| async {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default();
            Ok(now.as_millis().to_string())
        })
        .name("clock")
        .await?;
    Ok(())
}

/// The same workload against the bare SDK: the three steps, nothing else.
struct BareRun;

#[restate_sdk::workflow(name = "BareRun")]
impl BareRun {
    #[handler]
    async fn run(&self, ctx: WorkflowContext<'_>, run: String) -> Result<String, HandlerError> {
        bare_steps(&ctx, &run).await
    }
}

/// The bare workload with the run's start time journaled first, as ours does.
struct BareClockRun;

#[restate_sdk::workflow(name = "BareClockRun")]
impl BareClockRun {
    #[handler]
    async fn run(&self, ctx: WorkflowContext<'_>, run: String) -> Result<String, HandlerError> {
        bare_clock(&ctx).await?;
        bare_steps(&ctx, &run).await
    }
}

/// The bare workload shaped like ours: submitted through a `start` handler that reads the
/// request and sends the run (private to the ingress), which journals its start time, then the
/// three steps. No agent.
struct BareShapedRun;

#[restate_sdk::workflow(name = "BareShapedRun")]
impl BareShapedRun {
    #[handler(ingress_private)]
    async fn run(
        &self,
        ctx: WorkflowContext<'_>,
        request: Json<RunRequest>,
    ) -> Result<String, HandlerError> {
        bare_clock(&ctx).await?;
        bare_steps(&ctx, &request.into_inner().input).await
    }

    #[handler]
    async fn start(
        &self,
        ctx: SharedWorkflowContext<'_>,
        request: Json<RunRequest>,
    ) -> Result<Json<RunStarted>, HandlerError> {
        let sent = ctx
            .workflow_client::<BareShapedRunClient>(ctx.key())
            .run(request)
            .send()
            .await?;
        Ok(Json(RunStarted {
            invocation_id: sent.invocation_id().to_owned(),
        }))
    }
}

/// One of the implementations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Bare,
    BareClock,
    BareShaped,
    Ours,
    OursAtMostOnce,
}

impl Kind {
    const ALL: [Kind; 5] = [
        Kind::Bare,
        Kind::BareClock,
        Kind::BareShaped,
        Kind::Ours,
        Kind::OursAtMostOnce,
    ];

    fn label(self) -> &'static str {
        match self {
            Kind::Bare => "bare restate-sdk (`ctx.run` per step)",
            Kind::BareClock => "bare + clock entry",
            Kind::BareShaped => "bare, shaped like ours (+ clock, + `start` handler)",
            Kind::Ours => "ours (`AgentRun`, tool idempotent)",
            Kind::OursAtMostOnce => "ours (`AgentRun`, tool not safe to repeat)",
        }
    }

    /// The journal entries of one run (the `start` handler's invocation counted apart).
    fn entries(self) -> usize {
        match self {
            Kind::Bare => 3,
            Kind::BareClock | Kind::BareShaped | Kind::Ours => 4,
            Kind::OursAtMostOnce => 5,
        }
    }

    /// The service name and the path that submits a run.
    fn submit(self) -> (&'static str, &'static str) {
        match self {
            Kind::Bare => ("BareRun", "run/send"),
            Kind::BareClock => ("BareClockRun", "run/send"),
            Kind::BareShaped => ("BareShapedRun", "start"),
            Kind::Ours | Kind::OursAtMostOnce => ("AgentRun", "start"),
        }
    }

    /// The child process serving it: the one with ours, tool idempotent (which serves the
    /// baselines too), or the one with the tool not safe to repeat.
    fn flavour(self) -> Flavour {
        match self {
            Kind::OursAtMostOnce => Flavour::AtMostOnce,
            _ => Flavour::Idempotent,
        }
    }
}

/// The two `AgentRun` deployments, each served by a child process.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Flavour {
    Idempotent,
    AtMostOnce,
}

impl Flavour {
    fn name(self) -> &'static str {
        match self {
            Flavour::Idempotent => "idempotent",
            Flavour::AtMostOnce => "at-most-once",
        }
    }

    fn endpoint(self) -> Endpoint {
        Endpoint::builder()
            .bind(AgentRun::new(agent(self == Flavour::Idempotent)))
            .bind(BareRun)
            .bind(BareClockRun)
            .bind(BareShapedRun)
            .build()
    }
}

#[derive(Default)]
struct Samples {
    steps: Vec<Duration>,
    runs: Vec<Duration>,
    completed: usize,
    wall: Duration,
    /// The serving child's CPU time over this kind's batches.
    cpu: Duration,
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
    if let Ok(flavour) = std::env::var(SERVE) {
        return serve_child(&flavour);
    }
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

/// Set in a child process: the flavour of `AgentRun` it serves.
const SERVE: &str = "BENCH_SERVE";

/// A child process: serves one flavour's endpoint on a fresh loopback port (printed as
/// `port N`) and answers its parent on stdin: `cpu` with its CPU time so far (`cpu <user µs>
/// <system µs>`), `steps` with the step latencies of the runs it completed since the last
/// `steps` (`steps <µs> <µs> ...`). Exits when its stdin closes.
fn serve_child(flavour: &str) {
    let flavour = [Flavour::Idempotent, Flavour::AtMostOnce]
        .into_iter()
        .find(|f| f.name() == flavour)
        .unwrap_or_else(|| panic!("no flavour {flavour}"));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let port = rt.block_on(serve(flavour.endpoint()));
    let mut out = std::io::stdout().lock();
    writeln!(out, "port {port}")
        .and_then(|()| out.flush())
        .expect("stdout");
    for line in std::io::stdin().lock().lines() {
        let answer = match line.as_deref() {
            Ok("cpu") => {
                let (user, system) = own_cpu();
                format!("cpu {} {}", user.as_micros(), system.as_micros())
            }
            Ok("steps") => {
                let steps: Vec<String> = step_latencies()
                    .iter()
                    .map(|d| d.as_micros().to_string())
                    .collect();
                format!("steps {}", steps.join(" "))
            }
            _ => break,
        };
        writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .expect("stdout");
    }
    std::process::exit(0);
}

/// The CPU time this process has spent, user and system, all its threads (those that exited
/// included).
fn own_cpu() -> (Duration, Duration) {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes the struct it is given; RUSAGE_SELF is always valid.
    let usage = unsafe {
        assert_eq!(libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()), 0);
        usage.assume_init()
    };
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    (time(usage.ru_utime), time(usage.ru_stime))
}

/// The step latencies of every run whose three steps were marked, those runs forgotten.
fn step_latencies() -> Vec<Duration> {
    let mut clock = clock().lock().unwrap();
    let runs: Vec<String> = clock
        .keys()
        .filter(|(_, step)| *step == "model2")
        .map(|(run, _)| run.clone())
        .collect();
    let mut steps = Vec::new();
    for run in runs {
        let mut take = |step| clock.remove(&(run.clone(), step));
        if let (Some(m1), Some(t), Some(m2)) = (take("model1"), take("tool"), take("model2")) {
            steps.push(t.duration_since(m1));
            steps.push(m2.duration_since(t));
        }
    }
    steps
}

/// A child process serving one flavour, seen from the bench.
struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    port: u16,
}

impl Server {
    fn start(flavour: Flavour) -> Server {
        let mut child = Command::new(std::env::current_exe().expect("this bench's path"))
            .env(SERVE, flavour.name())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("a child service");
        let stdin = child.stdin.take().expect("its stdin");
        let stdout = BufReader::new(child.stdout.take().expect("its stdout"));
        let mut server = Server {
            child,
            stdin,
            stdout,
            port: 0,
        };
        server.port = server.read("port")[0] as u16;
        server
    }

    /// The numbers of the next line the child writes, which must start with `what`.
    fn read(&mut self, what: &str) -> Vec<u64> {
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("the child answers");
        let mut words = line.split_whitespace();
        assert_eq!(words.next(), Some(what), "the child said {line:?}");
        words.map(|w| w.parse().expect("a number")).collect()
    }

    fn ask(&mut self, what: &str) -> Vec<u64> {
        writeln!(self.stdin, "{what}")
            .and_then(|()| self.stdin.flush())
            .expect("the child listens");
        self.read(what)
    }

    /// Its CPU time so far, user + system.
    fn cpu(&mut self) -> Duration {
        let times = self.ask("cpu");
        Duration::from_micros(times.iter().sum())
    }

    /// The step latencies of the runs it completed since the last call.
    fn steps(&mut self) -> Vec<Duration> {
        self.ask("steps")
            .into_iter()
            .map(Duration::from_micros)
            .collect()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the two children, registers them in turn, and drives rounds of runs.
async fn measure(name: &str, ingress: Vec<String>, admin: Vec<String>) {
    let runs = env_number("BENCH_RUNS", 200);
    let concurrency = env_number("BENCH_CONCURRENCY", 16);
    let rounds = env_number("BENCH_ROUNDS", 4);
    // Two children: `AgentRun` is one service name, so the two flavours of ours are two
    // deployments, registered in turn before their batches.
    let mut servers: HashMap<Flavour, Server> = [Flavour::Idempotent, Flavour::AtMostOnce]
        .into_iter()
        .map(|f| (f, Server::start(f)))
        .collect();
    let http = reqwest::Client::new();
    let tag = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_millis();
    let mut samples: HashMap<Kind, Samples> = HashMap::new();
    let per_round = runs.div_ceil(rounds);
    // `BENCH_ONLY=Ours,Bare` (the kinds' names): only those, to profile a child with `perf
    // record -p <pid>` (the pids are printed) while it serves them.
    let only = std::env::var("BENCH_ONLY").unwrap_or_default();
    let kinds: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|k| only.is_empty() || only.split(',').any(|o| o == format!("{k:?}")))
        .collect();
    for (flavour, server) in &servers {
        eprintln!("{flavour:?} served by pid {}", server.child.id());
    }
    for round in 0..rounds {
        for &kind in &kinds {
            let server = servers.get_mut(&kind.flavour()).expect("its child");
            register(&http, &admin, server.port).await;
            let keys: Vec<String> = (0..per_round)
                .map(|i| format!("b{tag}-{round}-{kind:?}-{i}"))
                .collect();
            server.steps(); // forget what an earlier batch left unfinished (none, normally)
            let cpu = server.cpu();
            let started = Instant::now();
            let latencies = drive(&http, &ingress, kind, &keys, concurrency).await;
            let wall = started.elapsed();
            let s = samples.entry(kind).or_default();
            s.cpu += server.cpu().saturating_sub(cpu);
            s.wall += wall;
            s.completed += latencies.len();
            s.runs.extend(latencies);
            s.steps.extend(server.steps());
        }
    }
    drop(servers);
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
            let (service, submit) = kind.submit();
            let body = match submit {
                "start" => serde_json::json!({ "input": key }),
                _ => serde_json::json!(key),
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
    for kind in Kind::ALL {
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
    report_cpu(samples);
}

/// The service's CPU per run and per step, each implementation against the bare SDK, and what
/// each piece of our step adds.
fn report_cpu(samples: &HashMap<Kind, Samples>) {
    let per_run = |kind: Kind| {
        samples
            .get(&kind)
            .filter(|s| s.completed > 0)
            .map(|s| s.cpu.as_secs_f64() * 1e6 / s.completed as f64)
    };
    let Some(bare) = per_run(Kind::Bare) else {
        return;
    };
    println!("\nService CPU (user + system of the serving process, µs):\n");
    println!(
        "| implementation | journal entries | CPU per run | per step (÷ 3) | per entry | vs bare |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for kind in Kind::ALL {
        let Some(run) = per_run(kind) else { continue };
        println!(
            "| {} | {} | {run:.0} | {:.0} | {:.0} | {:.2}x |",
            kind.label(),
            kind.entries(),
            run / 3.0,
            run / kind.entries() as f64,
            run / bare,
        );
    }
    println!("\nWhat our step adds beyond `ctx.run`, per run (per step: ÷ 3):\n");
    let pieces = [
        (
            Kind::Bare,
            Kind::BareClock,
            "the start time, one more entry",
        ),
        (
            Kind::BareClock,
            Kind::BareShaped,
            "the `start` handler (its own invocation: the request read, the run sent)",
        ),
        (
            Kind::BareShaped,
            Kind::Ours,
            "the agent loop around the three steps",
        ),
        (
            Kind::Ours,
            Kind::OursAtMostOnce,
            "the start marker of a tool not safe to repeat, one more entry",
        ),
    ];
    for (from, to, what) in pieces {
        if let (Some(a), Some(b)) = (per_run(from), per_run(to)) {
            println!(
                "- {what}: {:+.0} µs per run ({:+.0} per step)",
                b - a,
                (b - a) / 3.0
            );
        }
    }
    if let Some(ours) = per_run(Kind::Ours) {
        println!(
            "\nours (`AgentRun`, tool idempotent): service CPU per step {:.2}x the bare SDK's",
            ours / bare
        );
    }
    if let Some(ours) = per_run(Kind::OursAtMostOnce) {
        println!(
            "ours (`AgentRun`, tool not safe to repeat): service CPU per step {:.2}x the bare SDK's",
            ours / bare
        );
    }
}
