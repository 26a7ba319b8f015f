//! Durable runs through Restate, ours against the bare SDK, in one run of this bench: how many
//! runs a deployment sustains, and what a run and what one journaled step cost in the service's
//! CPU time and in latency.
//!
//! ```sh
//! scripts/restate.sh start && export $(scripts/restate.sh env)                 # one node
//! scripts/restate.sh cluster start && export $(scripts/restate.sh cluster env)  # and/or three
//! cargo bench -p agents-restate --bench throughput
//! ```
//!
//! The deployments measured are those whose variables are set: `RESTATE_INGRESS` and
//! `RESTATE_ADMIN` (one node), `RESTATE_CLUSTER_INGRESS` and `RESTATE_CLUSTER_ADMIN` (a cluster:
//! the nodes' URLs, comma-separated; runs are spread over the nodes' ingresses).
//!
//! **The workload** ([`workload`]), each run: `calls` rounds of a model turn that asks for one
//! tool call and the tool call, then a model turn that answers, `2 × calls + 1` journaled steps;
//! runs of `BENCH_CALLS` lengths (default `1,3,6`: 3, 7 and 13 steps). Seven implementations,
//! served by child processes of this bench ([`child`]) and driven through Restate's ingress with
//! `BENCH_CONCURRENCY` runs in flight (default 16), `BENCH_RUNS` runs of each length each
//! (default 200), every (implementation, length) batch in turn within a round, `BENCH_ROUNDS`
//! rounds (default 4), so that the machine's noise falls on all of them:
//!
//! - `bare`: a workflow written directly against `restate-sdk`: one `ctx.run` per step.
//! - `bare, answering as ours does`: that, answering with the whole conversation besides the
//!   answer, as ours does (a [`RunOutcome`](agents_restate::RunOutcome), which grows with the
//!   run's steps).
//! - `bare + clock`: that with the run's start time first, one more `ctx.run` (ours journals it:
//!   the duration budget counts from it, and `RunStarted` is reported in it).
//! - `bare, shaped like ours`: that, submitted as ours is: a `start` handler reads the request
//!   and sends the run (one more invocation, which makes a bad request answer 400 at once).
//! - `ours`: [`AgentRun`](agents_restate::AgentRun) serving an `LlmAgent`, the tool idempotent
//!   and declared non-blocking (its body only awaits), so its calls run in place as the bare
//!   SDK's work does.
//! - `ours, not safe to repeat`: the same agent with the tool not safe to repeat, whose start
//!   marker (one more entry per call, acknowledged before the tool runs) is what makes "at most
//!   once" possible.
//! - `ours, on a task of its own`: `ours` with the tool not declared non-blocking, as an `async`
//!   tool is by default: each call on a task of its own, so that a tool that blocks its thread
//!   still answers its timeout.
//!
//! **Service CPU, per run and per step.** Wall-clock latency on a shared machine moves with
//! everyone else's load; the CPU time the service spends does far less. The bench reads the
//! serving child's CPU time (user + system, `getrusage(RUSAGE_SELF)`, every thread) before and
//! after each batch; the batches run one after another, so each reading is one batch's alone.
//! For each implementation and each round, a least-squares line through (steps, CPU per run)
//! over the lengths splits the cost into `per_run + steps × per_step`: what a run costs whatever
//! its length (its submission, its invocations, the fixed entries) and what one more step costs.
//! The ratios against the bare SDK's are reported per round (median, smallest, largest) and for
//! all rounds pooled.
//!
//! **Latency.** Per step: the time from one step's start to the next's, seen by the model and
//! the tool. Per run: from submitting it to its outcome, as a client sees it. Runs/s: runs
//! completed over the batches' wall time.

mod child;
mod fit;
mod workload;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use child::{Flavour, SERVE, Server, serve_child};
use fit::{least_squares, spread};
use workload::steps_of;

/// One of the implementations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Bare,
    BareOutcome,
    BareClock,
    BareShaped,
    Ours,
    OursAtMostOnce,
    OursOwnTask,
}

impl Kind {
    const ALL: [Kind; 7] = [
        Kind::Bare,
        Kind::BareOutcome,
        Kind::BareClock,
        Kind::BareShaped,
        Kind::Ours,
        Kind::OursAtMostOnce,
        Kind::OursOwnTask,
    ];

    fn label(self) -> &'static str {
        match self {
            Kind::Bare => "bare restate-sdk (`ctx.run` per step)",
            Kind::BareOutcome => "bare, answering as ours does (+ the transcript)",
            Kind::BareClock => "bare + clock entry",
            Kind::BareShaped => "bare, shaped like ours (+ clock, + `start` handler)",
            Kind::Ours => "ours (`AgentRun`, tool idempotent)",
            Kind::OursAtMostOnce => "ours (`AgentRun`, tool not safe to repeat)",
            Kind::OursOwnTask => "ours (`AgentRun`, tool idempotent, on a task of its own)",
        }
    }

    /// The service name and the path that submits a run.
    fn submit(self) -> (&'static str, &'static str) {
        match self {
            Kind::Bare => ("BareRun", "run/send"),
            Kind::BareOutcome => ("BareOutcomeRun", "run/send"),
            Kind::BareClock => ("BareClockRun", "run/send"),
            Kind::BareShaped => ("BareShapedRun", "start"),
            Kind::Ours | Kind::OursAtMostOnce | Kind::OursOwnTask => ("AgentRun", "start"),
        }
    }

    /// The child process serving it.
    fn flavour(self) -> Flavour {
        match self {
            Kind::OursAtMostOnce => Flavour::AtMostOnce,
            Kind::OursOwnTask => Flavour::OwnTask,
            _ => Flavour::Idempotent,
        }
    }
}

/// One batch: an implementation's runs of one length in one round.
struct Batch {
    kind: Kind,
    calls: usize,
    round: usize,
    completed: usize,
    wall: Duration,
    /// The serving child's CPU time over the batch.
    cpu: Duration,
    runs: Vec<Duration>,
    steps: Vec<Duration>,
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
    fit::self_check();
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

/// Starts the two children, registers them in turn, and drives rounds of batches.
async fn measure(name: &str, ingress: Vec<String>, admin: Vec<String>) {
    let runs = env_number("BENCH_RUNS", 200);
    let concurrency = env_number("BENCH_CONCURRENCY", 16);
    let rounds = env_number("BENCH_ROUNDS", 4);
    let lengths: Vec<usize> = std::env::var("BENCH_CALLS")
        .unwrap_or_else(|_| "1,3,6".to_owned())
        .split(',')
        .map(|c| {
            c.trim()
                .parse()
                .expect("BENCH_CALLS: numbers, comma-separated")
        })
        .collect();
    let mut servers: HashMap<Flavour, Server> = Flavour::ALL
        .into_iter()
        .map(|f| (f, Server::start(f)))
        .collect();
    let http = reqwest::Client::new();
    let tag = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_millis();
    let per_round = runs.div_ceil(rounds);
    // `BENCH_ONLY=Ours,Bare` (the kinds' names): only those, to profile a child (`perf record
    // -p <pid>`, `valgrind` cannot attach: see docs/PERFORMANCE.md) while it serves them.
    let only = std::env::var("BENCH_ONLY").unwrap_or_default();
    let kinds: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|k| only.is_empty() || only.split(',').any(|o| o == format!("{k:?}")))
        .collect();
    for (flavour, server) in &servers {
        eprintln!("{flavour:?} served by pid {}", server.pid());
    }
    let mut batches = Vec::new();
    for round in 0..rounds {
        for &calls in &lengths {
            for &kind in &kinds {
                let server = servers.get_mut(&kind.flavour()).expect("its child");
                register(&http, &admin, server.port).await;
                let keys: Vec<String> = (0..per_round)
                    .map(|i| format!("b{tag}-{round}-{kind:?}-L{calls}-{i}"))
                    .collect();
                server.steps(); // forget what an earlier batch left unfinished (none, normally)
                let cpu = server.cpu();
                let started = Instant::now();
                let runs = drive(&http, &ingress, kind, &keys, concurrency).await;
                let wall = started.elapsed();
                batches.push(Batch {
                    kind,
                    calls,
                    round,
                    completed: runs.len(),
                    wall,
                    cpu: server.cpu().saturating_sub(cpu),
                    runs,
                    steps: server.steps(),
                });
            }
        }
    }
    drop(servers);
    println!(
        "\n{name}: {runs} runs of each length and implementation, {concurrency} in flight, \
         {rounds} rounds (a run: `calls` × (model turn, tool call), then a model turn)"
    );
    report_latency(&batches, &lengths);
    let retried = ATTACH_RETRIES.swap(0, std::sync::atomic::Ordering::Relaxed);
    if retried > 0 {
        println!("\n(attaches that answered 404 and were tried again: {retried})");
    }
    report_cpu(&batches, &lengths, rounds);
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

/// Attaches that answered 404 and were tried again (see `drive`).
static ATTACH_RETRIES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

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
            // The same on a cluster for an attach right after `start` (the run is sent by the
            // `start` handler): a node can answer 404 for a moment. Counted, and reported.
            let mut tries = 0;
            let outcome = loop {
                let outcome = http
                    .get(format!("{url}/restate/workflow/{service}/{key}/attach"))
                    .send()
                    .await
                    .expect("attach");
                if outcome.status() == reqwest::StatusCode::NOT_FOUND && tries < 200 {
                    tries += 1;
                    ATTACH_RETRIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
                break outcome;
            };
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

/// Runs/s and latency per step and per run, each implementation at each length, all rounds.
fn report_latency(batches: &[Batch], lengths: &[usize]) {
    println!(
        "\n| calls (steps) | implementation | runs/s | per step p50 | per step p99 | per run p50 | per run p99 |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for &calls in lengths {
        for kind in Kind::ALL {
            let of: Vec<&Batch> = batches
                .iter()
                .filter(|b| b.kind == kind && b.calls == calls)
                .collect();
            if of.is_empty() {
                continue;
            }
            let completed: usize = of.iter().map(|b| b.completed).sum();
            let wall: Duration = of.iter().map(|b| b.wall).sum();
            let mut steps: Vec<Duration> = of.iter().flat_map(|b| b.steps.clone()).collect();
            let mut runs: Vec<Duration> = of.iter().flat_map(|b| b.runs.clone()).collect();
            steps.sort();
            runs.sort();
            println!(
                "| {calls} ({}) | {} | {:.1} | {} | {} | {} | {} |",
                steps_of(calls),
                kind.label(),
                completed as f64 / wall.as_secs_f64().max(1e-9),
                ms(percentile(&steps, 50.0)),
                ms(percentile(&steps, 99.0)),
                ms(percentile(&runs, 50.0)),
                ms(percentile(&runs, 99.0)),
            );
        }
    }
}

/// The service's CPU per run at each length, the fitted per-run and per-step costs, and their
/// ratios to the bare SDK's, per round and pooled.
fn report_cpu(batches: &[Batch], lengths: &[usize], rounds: usize) {
    // CPU per run of `kind` at each length, over `round` (all rounds when `None`).
    let points = |kind: Kind, round: Option<usize>| -> Vec<(f64, f64)> {
        lengths
            .iter()
            .filter_map(|&calls| {
                let of: Vec<&Batch> = batches
                    .iter()
                    .filter(|b| b.kind == kind && b.calls == calls)
                    .filter(|b| round.is_none_or(|r| b.round == r))
                    .collect();
                let completed: usize = of.iter().map(|b| b.completed).sum();
                let cpu: Duration = of.iter().map(|b| b.cpu).sum();
                (completed > 0).then(|| {
                    (
                        steps_of(calls) as f64,
                        cpu.as_secs_f64() * 1e6 / completed as f64,
                    )
                })
            })
            .collect()
    };
    let kinds: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|&k| batches.iter().any(|b| b.kind == k))
        .collect();
    println!("\nService CPU (user + system of the serving process, µs per run), all rounds:\n");
    let header: Vec<String> = lengths
        .iter()
        .map(|&c| format!("{c} calls ({} steps)", steps_of(c)))
        .collect();
    println!(
        "| implementation | {} | per run (fit) | per step (fit) |",
        header.join(" | ")
    );
    println!("| --- |{} --- | --- |", " --- |".repeat(lengths.len()));
    for &kind in &kinds {
        let pts = points(kind, None);
        let cells: Vec<String> = pts.iter().map(|p| format!("{:.0}", p.1)).collect();
        let line = least_squares(&pts);
        println!(
            "| {} | {} | {} | {} |",
            kind.label(),
            cells.join(" | "),
            line.map_or("-".to_owned(), |l| format!("{:.0}", l.intercept)),
            line.map_or("-".to_owned(), |l| format!("{:.1}", l.slope)),
        );
    }
    let Some(bare) = least_squares(&points(Kind::Bare, None)) else {
        println!("\n(the fit needs the bare SDK and two lengths at least)");
        return;
    };
    println!(
        "\nThe fitted costs (µs) and their ratios to the bare SDK's: all rounds pooled; each \
         round apart, median [smallest, largest] over {rounds} rounds:\n"
    );
    println!("| implementation | per step | per-step ratio | per run | per-run ratio |");
    println!("| --- | --- | --- | --- | --- |");
    let show = |pooled: f64, rounds: &[f64], unit: &str| match spread(rounds) {
        Some((median, low, high)) => {
            format!("{pooled:.2}{unit}; {median:.2}{unit} [{low:.2}, {high:.2}]")
        }
        None => format!("{pooled:.2}{unit}"),
    };
    for &kind in &kinds {
        let Some(line) = least_squares(&points(kind, None)) else {
            continue;
        };
        let [mut step, mut run, mut step_ratio, mut run_ratio]: [Vec<f64>; 4] = Default::default();
        for round in 0..rounds {
            if let (Some(ours), Some(base)) = (
                least_squares(&points(kind, Some(round))),
                least_squares(&points(Kind::Bare, Some(round))),
            ) {
                step.push(ours.slope);
                run.push(ours.intercept);
                step_ratio.push(ours.slope / base.slope);
                run_ratio.push(ours.intercept / base.intercept);
            }
        }
        println!(
            "| {} | {} | {} | {} | {} |",
            kind.label(),
            show(line.slope, &step, ""),
            show(line.slope / bare.slope, &step_ratio, "x"),
            show(line.intercept, &run, ""),
            show(line.intercept / bare.intercept, &run_ratio, "x"),
        );
    }
    println!("\nWhat each piece adds (all rounds, fitted; µs):\n");
    let pieces = [
        (
            Kind::Bare,
            Kind::BareOutcome,
            "the whole conversation in the answer, as ours answers",
        ),
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
            "the agent loop around the steps",
        ),
        (
            Kind::Ours,
            Kind::OursAtMostOnce,
            "the start marker of a tool not safe to repeat, one more entry per call",
        ),
        (
            Kind::Ours,
            Kind::OursOwnTask,
            "the tool on a task of its own (not declared non-blocking)",
        ),
    ];
    println!("| piece | per run | per step |");
    println!("| --- | --- | --- |");
    for (from, to, what) in pieces {
        if let (Some(a), Some(b)) = (
            least_squares(&points(from, None)),
            least_squares(&points(to, None)),
        ) {
            println!(
                "| {what} | {:+.0} | {:+.1} |",
                b.intercept - a.intercept,
                b.slope - a.slope
            );
        }
    }
}
