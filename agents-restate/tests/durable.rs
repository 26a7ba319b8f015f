//! Durable runs against a real Restate server and real service processes killed with SIGKILL.
//!
//! The server comes from `scripts/restate.sh start` (which `scripts/test.sh` runs); its URLs
//! come from `RESTATE_INGRESS` and `RESTATE_ADMIN`. Without them the tests skip, unless
//! `AGENTS_REQUIRE_RESTATE=1`; when they are set and the server does not answer, the tests fail.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use agents_core::model::Message;
use agents_restate::RunOutcome;

/// The tests register their own service process as the `AgentRun` deployment; one at a time, so
/// that each test's runs reach its own process.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// How long a test waits for one thing to happen before failing (a bound, not a timing claim).
const PATIENCE: Duration = Duration::from_secs(120);

struct Server {
    ingress: String,
    admin: String,
    http: reqwest::Client,
}

/// The Restate server, or `None` (skip) when none was started and none is required.
async fn server() -> Option<Server> {
    let required = std::env::var("AGENTS_REQUIRE_RESTATE").is_ok_and(|v| v == "1");
    let (Ok(ingress), Ok(admin)) = (
        std::env::var("RESTATE_INGRESS"),
        std::env::var("RESTATE_ADMIN"),
    ) else {
        assert!(
            !required,
            "AGENTS_REQUIRE_RESTATE=1 but RESTATE_INGRESS / RESTATE_ADMIN are not set (scripts/restate.sh env)"
        );
        eprintln!(
            "skipped: no Restate server (run `scripts/restate.sh start` and export `scripts/restate.sh env`)"
        );
        return None;
    };
    let http = reqwest::Client::new();
    let health = http.get(format!("{admin}/health")).send().await;
    assert!(
        health.as_ref().is_ok_and(|r| r.status().is_success()),
        "the Restate server at {admin} does not answer /health: {health:?}"
    );
    Some(Server {
        ingress,
        admin,
        http,
    })
}

/// Where a service process reports its agent's events and `on_tool_use` calls, in its
/// directory (`durable serve --events`).
const EVENTS: &str = "events.jsonl";

/// What the service processes of `dir` reported, per process: each event's kind (a tool's name
/// after a colon), and `tool_use:<tool>` for each `on_tool_use` call; sorted, to compare as
/// multisets. A `run_resumed` event carries its count: `run_resumed:<replayed steps>`.
fn reported(dir: &Path, pid: u32) -> Vec<String> {
    let mut seen: Vec<String> = lines(&dir.join(EVENTS))
        .iter()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("a JSON line"))
        .filter(|r| r["pid"] == pid)
        .map(|r| match (&r["event"], &r["tool_use"]) {
            (serde_json::Value::Null, tool) => format!("tool_use:{}", tool.as_str().unwrap_or("?")),
            (event, _) => {
                let kind = event["event"].as_str().unwrap_or("?");
                match (&event["tool"], &event["replayed_steps"]) {
                    (serde_json::Value::String(tool), _) => format!("{kind}:{tool}"),
                    (_, serde_json::Value::Number(n)) => format!("{kind}:{n}"),
                    _ => kind.to_owned(),
                }
            }
        })
        .collect();
    seen.sort();
    seen
}

fn sorted<const N: usize>(labels: [&str; N]) -> Vec<String> {
    let mut labels: Vec<String> = labels.map(str::to_owned).to_vec();
    labels.sort();
    labels
}

/// A service process serving `AgentRun` on a fixed port (so that a restarted one is the same
/// deployment), run in `dir`.
struct Service {
    port: u16,
    dir: PathBuf,
    child: Option<Child>,
    /// Every process it ran, in order.
    pids: Vec<u32>,
}

impl Service {
    async fn start(dir: &Path) -> Service {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let mut service = Service {
            port,
            dir: dir.to_owned(),
            child: None,
            pids: Vec::new(),
        };
        service.spawn().await;
        service
    }

    async fn spawn(&mut self) {
        let child = Command::new(env!("CARGO_BIN_EXE_durable"))
            .args(["serve", "--port", &self.port.to_string()])
            .args(["--events", EVENTS])
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the durable service starts");
        self.pids.push(child.id());
        self.child = Some(child);
        eventually("the service listens", || {
            std::net::TcpStream::connect(("127.0.0.1", self.port)).is_ok()
        })
        .await;
    }

    /// The process id, while it runs.
    fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// SIGKILL: no shutdown, no flush, whatever the process was doing.
    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().expect("SIGKILL the service");
            child.wait().expect("reap the service");
        }
    }

    async fn restart(&mut self) {
        self.kill();
        self.spawn().await;
    }

    fn uri(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        self.kill();
    }
}

impl Server {
    /// Registers the deployment at `uri` as the one that serves `AgentRun`.
    async fn register(&self, uri: &str) {
        let response = self
            .http
            .post(format!("{}/deployments", self.admin))
            .json(&serde_json::json!({ "uri": uri, "force": true }))
            .send()
            .await
            .expect("register the deployment");
        let status = response.status();
        let body = response.text().await.unwrap_or_default();
        assert!(status.is_success(), "registration failed: {status} {body}");
    }

    /// Starts run `id` on `input`; returns its invocation id.
    async fn start_run(&self, id: &str, input: &serde_json::Value) -> String {
        let response = self
            .http
            .post(format!("{}/AgentRun/{id}/run/send", self.ingress))
            .json(&serde_json::json!({ "input": input.to_string() }))
            .send()
            .await
            .expect("start the run");
        assert!(response.status().is_success(), "{response:?}");
        let body: serde_json::Value = response.json().await.expect("the send answer");
        body["invocationId"]
            .as_str()
            .unwrap_or_else(|| panic!("no invocation id in {body}"))
            .to_owned()
    }

    /// The wake-up times (ms since the Unix epoch) of the durable sleeps in an invocation's
    /// journal, read with Restate's SQL introspection.
    async fn sleeps(&self, invocation: &str) -> Vec<u64> {
        let query = format!(
            "SELECT entry_json FROM sys_journal WHERE id = '{invocation}' AND entry_type = 'Command: Sleep'"
        );
        let response = self
            .http
            .post(format!("{}/query", self.admin))
            .header("accept", "application/json")
            .json(&serde_json::json!({ "query": query }))
            .send()
            .await
            .expect("query the journal");
        let body: serde_json::Value = response.json().await.expect("the query answer");
        body["rows"]
            .as_array()
            .unwrap_or_else(|| panic!("no rows in {body}"))
            .iter()
            .map(|row| {
                let entry: serde_json::Value =
                    serde_json::from_str(row["entry_json"].as_str().unwrap_or("null"))
                        .unwrap_or_default();
                entry["Command"]["Sleep"]["wake_up_time"]
                    .as_u64()
                    .unwrap_or_else(|| panic!("no wake-up time in {entry}"))
            })
            .collect()
    }

    async fn outcome(&self, id: &str) -> RunOutcome {
        let response = self
            .http
            .get(format!(
                "{}/restate/workflow/AgentRun/{id}/attach",
                self.ingress
            ))
            .timeout(PATIENCE)
            .send()
            .await
            .expect("attach to the run");
        let status = response.status();
        let body = response.text().await.unwrap_or_default();
        assert!(status.is_success(), "the run failed: {status} {body}");
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("not a RunOutcome ({e}): {body}"))
    }
}

/// Polls `done` until it holds, failing after [`PATIENCE`].
async fn eventually(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while !done() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "gave up waiting: {what}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A fresh directory and a run id no earlier test run used (the server keeps its journal).
fn fresh(name: &str) -> (PathBuf, String) {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_nanos();
    let id = format!("{name}-{}-{nanos}", std::process::id());
    let dir = std::env::temp_dir().join(format!("agents-restate-{id}"));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    (dir, id)
}

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn waiting(gate: &Path) -> PathBuf {
    let mut p = gate.as_os_str().to_owned();
    p.push(".waiting");
    PathBuf::from(p)
}

/// Every call in the transcript is answered by exactly one result; returns the results.
fn paired(transcript: &[Message]) -> Vec<agents_core::model::ToolResult> {
    let calls: Vec<String> = transcript
        .iter()
        .flat_map(|m| match m {
            Message::Assistant { tool_calls, .. } => {
                tool_calls.iter().map(|c| c.id.clone()).collect()
            }
            _ => Vec::new(),
        })
        .collect();
    let results: Vec<agents_core::model::ToolResult> = transcript
        .iter()
        .filter_map(|m| match m {
            Message::Tool(r) => Some(r.clone()),
            _ => None,
        })
        .collect();
    for id in &calls {
        let n = results.iter().filter(|r| &r.call_id == id).count();
        assert_eq!(n, 1, "call {id} has {n} results: {transcript:?}");
    }
    assert_eq!(calls.len(), results.len(), "{transcript:?}");
    results
}

/// One run of the demo service under test: its own directory, ledger, gate and service
/// process, started and held at the gate.
struct Case {
    dir: PathBuf,
    id: String,
    ledger: PathBuf,
    gate: PathBuf,
    service: Service,
}

impl Case {
    /// Starts a service, registers it, starts a run of `scenario` (the ledger and gate added)
    /// and waits until the run holds at the gate.
    async fn begin(server: &Server, name: &str, mut scenario: serde_json::Value) -> Case {
        let (dir, id) = fresh(name);
        let ledger = dir.join("ledger.txt");
        let gate = dir.join("gate");
        let service = Service::start(&dir).await;
        server.register(&service.uri()).await;
        scenario["ledger"] = serde_json::json!(ledger);
        scenario["gate"] = serde_json::json!(gate);
        server.start_run(&id, &scenario).await;
        eventually("the run holds at the gate", || waiting(&gate).exists()).await;
        Case {
            dir,
            id,
            ledger,
            gate,
            service,
        }
    }

    /// SIGKILLs the service and starts it again, the gate as `open` says.
    async fn crash(&mut self, open: bool) {
        self.service.kill();
        std::fs::remove_file(waiting(&self.gate)).expect("clear the marker");
        if open {
            std::fs::write(&self.gate, b"").expect("open the gate");
        }
        self.service.restart().await;
    }
}

impl Drop for Case {
    fn drop(&mut self) {
        self.service.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Killed after the tool that is not safe to repeat wrote its line, before the run ended: the
/// restarted service finishes the run without running the tool again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn crash_after_a_side_effect_does_not_repeat_it() {
    let Some(server) = server().await else { return };
    let _one = ONE_AT_A_TIME.lock().await;
    let scenario = serde_json::json!({ "entry": "charge-1", "crash": "after" });
    let mut case = Case::begin(&server, "after", scenario).await;
    assert_eq!(lines(&case.ledger), ["charge-1"]);
    let first = case.service.pid().expect("the first process");

    case.crash(true).await;
    let second = case.service.pid().expect("the second process");

    let outcome = server.outcome(&case.id).await;
    assert_eq!(
        outcome.output.as_deref(),
        Some("done: appended charge-1 | released"),
        "{outcome:?}"
    );
    assert_eq!(
        lines(&case.ledger),
        ["charge-1"],
        "the ledger holds exactly one line"
    );
    let results = paired(&outcome.transcript);
    assert!(results.iter().all(|r| !r.is_error), "{results:?}");
    // Every real step reported once across the two processes: the second reports none of the
    // steps it read back (no second run start, no second ledger call), but the gate tool it
    // really ran again, and the end.
    assert_eq!(
        reported(&case.dir, first),
        sorted([
            "run_started",
            "model_responded",
            "tool_started:ledger_append",
            "tool_finished:ledger_append",
            "tool_use:ledger_append",
            "model_responded",
            "tool_started:hold",
        ])
    );
    assert_eq!(
        reported(&case.dir, second),
        sorted([
            "run_resumed:3",
            "tool_started:hold",
            "tool_finished:hold",
            "tool_use:hold",
            "model_responded",
            "run_finished",
        ])
    );
}

/// Killed while the tool that is not safe to repeat runs: the run goes on through the "outcome
/// unknown" error, and the tool is not executed twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn crash_during_a_side_effect_reports_outcome_unknown() {
    let Some(server) = server().await else { return };
    let _one = ONE_AT_A_TIME.lock().await;
    let scenario = serde_json::json!({ "entry": "charge-2", "crash": "during" });
    let mut case = Case::begin(&server, "during", scenario).await;
    let first = case.service.pid().expect("the first process");

    case.crash(false).await;
    let second = case.service.pid().expect("the second process");

    let outcome = server.outcome(&case.id).await;
    assert_eq!(lines(&case.ledger), ["charge-2"], "the tool ran once");
    let results = paired(&outcome.transcript);
    assert_eq!(results.len(), 1, "{outcome:?}");
    assert!(results[0].is_error, "{results:?}");
    assert!(
        results[0].content.contains("outcome unknown after a crash"),
        "{results:?}"
    );
    let output = outcome.output.expect("the run completes");
    assert!(output.contains("outcome unknown after a crash"), "{output}");
    // The tool started once, in the first process; the second reports its unknown outcome.
    assert_eq!(
        reported(&case.dir, first),
        sorted([
            "run_started",
            "model_responded",
            "tool_started:ledger_append"
        ])
    );
    assert_eq!(
        reported(&case.dir, second),
        sorted([
            "run_resumed:1",
            "tool_failed:ledger_append",
            "tool_use:ledger_append",
            "model_responded",
            "run_finished",
        ])
    );
}

/// Killed while an idempotent tool runs: it is executed again and the run completes normally.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn crash_during_an_idempotent_tool_runs_it_again() {
    let Some(server) = server().await else { return };
    let _one = ONE_AT_A_TIME.lock().await;
    let scenario = serde_json::json!({ "entry": "put-1", "crash": "during", "idempotent": true });
    let mut case = Case::begin(&server, "idempotent", scenario).await;
    let first = case.service.pid().expect("the first process");

    case.crash(false).await;
    let second = case.service.pid().expect("the second process");
    eventually("the put runs again", || waiting(&case.gate).exists()).await;
    std::fs::write(&case.gate, b"").expect("open the gate");

    let outcome = server.outcome(&case.id).await;
    assert_eq!(
        outcome.output.as_deref(),
        Some("done: appended put-1"),
        "{outcome:?}"
    );
    assert_eq!(
        lines(&case.ledger),
        ["put-1", "put-1"],
        "executed again after the crash"
    );
    let results = paired(&outcome.transcript);
    assert!(results.iter().all(|r| !r.is_error), "{results:?}");
    // Executed twice, so started twice: once in each process.
    assert_eq!(
        reported(&case.dir, first),
        sorted(["run_started", "model_responded", "tool_started:ledger_put"])
    );
    assert_eq!(
        reported(&case.dir, second),
        sorted([
            "run_resumed:1",
            "tool_started:ledger_put",
            "tool_finished:ledger_put",
            "tool_use:ledger_put",
            "model_responded",
            "run_finished",
        ])
    );
}

/// A TCP load balancer in front of `backends` (round robin, skipping a backend that refuses the
/// connection): the one address Restate knows for a deployment served by several processes.
async fn balancer(backends: [u16; 2]) -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port for the balancer");
    let port = listener.local_addr().expect("its address").port();
    tokio::spawn(async move {
        let mut turn = 0usize;
        while let Ok((mut inbound, _)) = listener.accept().await {
            let order = [backends[turn % 2], backends[(turn + 1) % 2]];
            turn += 1;
            tokio::spawn(async move {
                for backend in order {
                    if let Ok(mut outbound) =
                        tokio::net::TcpStream::connect(("127.0.0.1", backend)).await
                    {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                        return;
                    }
                }
            });
        }
    });
    port
}

/// Twenty runs spread over two service processes behind one address; the process holding the
/// most runs is killed half-way (while others still start): every run completes on the other
/// process, and no ledger entry is written twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_runs_survive_one_of_two_processes_dying() {
    const RUNS: usize = 20;
    let Some(server) = server().await else { return };
    let _one = ONE_AT_A_TIME.lock().await;
    let (dir, id) = fresh("fleet");
    let ledger = dir.join("ledger.txt");
    let mut services = [Service::start(&dir).await, Service::start(&dir).await];
    let port = balancer([services[0].port, services[1].port]).await;
    server.register(&format!("http://127.0.0.1:{port}")).await;
    let gate = |i: usize| dir.join(format!("gate-{i}"));
    for i in 0..RUNS {
        let scenario = serde_json::json!({
            "entry": format!("entry-{i}"), "ledger": ledger, "gate": gate(i), "crash": "after",
        });
        server.start_run(&format!("{id}-{i}"), &scenario).await;
    }
    let holders = || -> Vec<u32> {
        (0..RUNS)
            .filter_map(|i| std::fs::read_to_string(waiting(&gate(i))).ok())
            .filter_map(|pid| pid.parse().ok())
            .collect()
    };
    eventually("half of the runs hold", || holders().len() >= RUNS / 2).await;
    let held = holders();
    let victim = if held
        .iter()
        .filter(|&&p| Some(p) == services[0].pid())
        .count()
        >= held
            .iter()
            .filter(|&&p| Some(p) == services[1].pid())
            .count()
    {
        0
    } else {
        1
    };
    eprintln!(
        "killing process {victim} (pid {:?}); runs held: {held:?}",
        services[victim].pid()
    );
    services[victim].kill();
    for i in 0..RUNS {
        std::fs::write(gate(i), b"").expect("open the gate");
    }

    let written = lines(&ledger);
    for i in 0..RUNS {
        let entry = format!("entry-{i}");
        let outcome = server.outcome(&format!("{id}-{i}")).await;
        let results = paired(&outcome.transcript);
        let output = outcome.output.expect("every run completes");
        let times = lines(&ledger).iter().filter(|l| **l == entry).count();
        if results[0].is_error {
            // Cut short by the kill: at most once, never repeated.
            assert!(times <= 1, "{entry} written {times} times");
            assert!(output.contains("outcome unknown after a crash"), "{output}");
        } else {
            assert_eq!(times, 1, "{entry} written {times} times: {written:?}");
        }
    }
    // Reported never twice across the two processes (at most once: a process killed in the
    // instant between a step's acknowledgement and its report loses that report), and every
    // run ended in the survivor, which picked up the victim's runs.
    let reports: Vec<String> = services
        .iter()
        .flat_map(|s| s.pids.clone())
        .flat_map(|pid| reported(&dir, pid))
        .collect();
    let n = |what: &str| reports.iter().filter(|r| r.as_str() == what).count();
    assert!(n("run_started") <= RUNS, "{} run starts", n("run_started"));
    assert!(
        n("tool_use:ledger_append") <= RUNS,
        "{} ledger calls reported",
        n("tool_use:ledger_append")
    );
    assert_eq!(n("run_finished"), RUNS);
    let resumed = reports
        .iter()
        .filter(|r| r.starts_with("run_resumed:"))
        .count();
    assert!((1..=RUNS).contains(&resumed), "{resumed} runs resumed");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Killed while waiting out a 429's Retry-After: the restarted service resumes the same durable
/// sleep (its wake-up time fixed before the crash), the model is asked again only after it, and
/// the run completes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wait_survives_a_crash() {
    let Some(server) = server().await else { return };
    let _one = ONE_AT_A_TIME.lock().await;
    let (dir, id) = fresh("wait");
    let ledger = dir.join("ledger.txt");
    let gate = dir.join("gate");
    let mut service = Service::start(&dir).await;
    server.register(&service.uri()).await;
    let scenario = serde_json::json!({
        "entry": "after-429", "ledger": ledger, "gate": gate, "rate_limited_ms": 4000,
    });
    let invocation = server.start_run(&id, &scenario).await;
    let mut sleeps = Vec::new();
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while sleeps.is_empty() {
        assert!(tokio::time::Instant::now() < deadline, "no durable sleep");
        tokio::time::sleep(Duration::from_millis(50)).await;
        sleeps = server.sleeps(&invocation).await;
    }

    service.restart().await;

    let outcome = server.outcome(&id).await;
    assert_eq!(
        outcome.output.as_deref(),
        Some("done: appended after-429"),
        "{outcome:?}"
    );
    assert_eq!(
        server.sleeps(&invocation).await,
        sleeps,
        "the same sleep, not a new one"
    );
    let stamp = |suffix: &str| -> u64 {
        let mut p = gate.as_os_str().to_owned();
        p.push(suffix);
        std::fs::read_to_string(PathBuf::from(p))
            .expect("the model stamped it")
            .parse()
            .expect("a time")
    };
    assert!(
        stamp(".retried") >= sleeps[0],
        "the model was asked again only once the sleep was over"
    );
    assert!(stamp(".limited") < sleeps[0]);
    assert_eq!(lines(&ledger), ["after-429"]);
    let _ = std::fs::remove_dir_all(&dir);
}
