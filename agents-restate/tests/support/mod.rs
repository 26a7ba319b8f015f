//! What the durable tests share: the Restate server (a single node or the three-node cluster,
//! found through the environment `scripts/restate.sh` prints), the demo service run as a real
//! process and killed with SIGKILL, TCP front ends (a balancer over two service processes, a
//! proxy that can hold back Restate's acknowledgements), and readers of what the processes
//! reported.
#![allow(dead_code)] // each test binary uses its own part of this module

pub mod fleet;
pub mod front;
pub mod scenarios;

/// Every test takes the deployment in turn: each registers its own service process as the
/// `AgentRun` deployment, so that its runs reach that process.
pub static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The scenarios of [`scenarios`] as tests against the deployment `$server` returns
/// (`support::single_node` or `support::cluster`): skipped without one, unless required.
#[macro_export]
macro_rules! durable_suite {
    ($server:path: $($scenario:ident),* $(,)?) => {
        $(
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $scenario() {
                let Some(server) = $server().await else { return };
                let _one = $crate::support::ONE_AT_A_TIME.lock().await;
                $crate::support::scenarios::$scenario(&server).await;
            }
        )*
    };
}

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use agents_core::model::{Message, ToolResult};
use agents_restate::RunOutcome;

/// How long a test waits for one thing to happen before failing (a bound, not a timing claim).
pub const PATIENCE: Duration = Duration::from_secs(120);

/// Where a service process reports its agent's events and `on_tool_use` calls, in its
/// directory (`durable serve --events`).
pub const EVENTS: &str = "events.jsonl";

/// A Restate deployment under test: one node, or the nodes of a cluster (any of which takes
/// requests; the first that answers is used).
pub struct Server {
    pub ingress: Vec<String>,
    pub admin: Vec<String>,
    /// The cluster's pid files (`n<i>.pid`), for killing one of its nodes.
    pub cluster_dir: Option<PathBuf>,
    pub http: reqwest::Client,
}

/// `AGENTS_REQUIRE_<what>=1` set: a missing server is a failure, not a skip.
fn required(var: &str) -> bool {
    std::env::var(var).is_ok_and(|v| v == "1")
}

/// The single Restate node (`scripts/restate.sh start`), or `None` (skip) when none was started
/// and none is required (`AGENTS_REQUIRE_RESTATE=1`).
pub async fn single_node() -> Option<Server> {
    let (Ok(ingress), Ok(admin)) = (
        std::env::var("RESTATE_INGRESS"),
        std::env::var("RESTATE_ADMIN"),
    ) else {
        assert!(
            !required("AGENTS_REQUIRE_RESTATE"),
            "AGENTS_REQUIRE_RESTATE=1 but RESTATE_INGRESS / RESTATE_ADMIN are not set (scripts/restate.sh env)"
        );
        eprintln!(
            "skipped: no Restate server (run `scripts/restate.sh start` and export `scripts/restate.sh env`)"
        );
        return None;
    };
    Some(Server::answering(vec![ingress], vec![admin], None).await)
}

/// The three-node Restate cluster (`scripts/restate.sh cluster start`), or `None` (skip) when
/// none was started and none is required (`AGENTS_REQUIRE_RESTATE_CLUSTER=1`).
pub async fn cluster() -> Option<Server> {
    let (Ok(ingress), Ok(admin), Ok(dir)) = (
        std::env::var("RESTATE_CLUSTER_INGRESS"),
        std::env::var("RESTATE_CLUSTER_ADMIN"),
        std::env::var("RESTATE_CLUSTER_DIR"),
    ) else {
        assert!(
            !required("AGENTS_REQUIRE_RESTATE_CLUSTER"),
            "AGENTS_REQUIRE_RESTATE_CLUSTER=1 but RESTATE_CLUSTER_INGRESS / RESTATE_CLUSTER_ADMIN / RESTATE_CLUSTER_DIR are not set (scripts/restate.sh cluster env)"
        );
        eprintln!(
            "skipped: no Restate cluster (run `scripts/restate.sh cluster start` and export `scripts/restate.sh cluster env`)"
        );
        return None;
    };
    let list = |s: String| s.split(',').map(str::to_owned).collect::<Vec<_>>();
    Some(Server::answering(list(ingress), list(admin), Some(PathBuf::from(dir))).await)
}

impl Server {
    async fn answering(ingress: Vec<String>, admin: Vec<String>, dir: Option<PathBuf>) -> Server {
        let http = reqwest::Client::new();
        for url in &admin {
            let health = http.get(format!("{url}/health")).send().await;
            assert!(
                health.as_ref().is_ok_and(|r| r.status().is_success()),
                "the Restate node at {url} does not answer /health: {health:?}"
            );
        }
        Server {
            ingress,
            admin,
            cluster_dir: dir,
            http,
        }
    }

    /// Sends a request built by `request` to each node in turn (from `first`) until one
    /// answers (a node may be down in the cluster tests), retrying for a while.
    async fn to_any(
        &self,
        urls: &[String],
        what: &str,
        request: impl Fn(&str) -> reqwest::RequestBuilder,
    ) -> reqwest::Response {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            for url in urls {
                if let Ok(response) = request(url).send().await {
                    return response;
                }
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "no node answers: {what}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Sends a request built by `request` to the ingress of any node that answers.
    pub async fn to_any_ingress(
        &self,
        request: impl Fn(&str) -> reqwest::RequestBuilder,
    ) -> reqwest::Response {
        self.to_any(&self.ingress, "ingress", request).await
    }

    /// Registers the deployment at `uri` as the one that serves `AgentRun` (retried while the
    /// cluster is still placing its partitions).
    pub async fn register(&self, uri: &str) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let response = self
                .to_any(&self.admin, "register", |admin| {
                    self.http
                        .post(format!("{admin}/deployments"))
                        .json(&serde_json::json!({ "uri": uri, "force": true }))
                })
                .await;
            let status = response.status();
            let body = response.text().await.unwrap_or_default();
            if status.is_success() {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "registration failed: {status} {body}"
            );
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }

    /// Starts run `id` with `body` as the request (through the `start` handler); the answer.
    pub async fn start_raw(&self, id: &str, body: Vec<u8>) -> (reqwest::StatusCode, String) {
        let response = self
            .to_any(&self.ingress, "start", |ingress| {
                self.http
                    .post(format!("{ingress}/AgentRun/{id}/start"))
                    .header("content-type", "application/json")
                    .body(body.clone())
            })
            .await;
        let status = response.status();
        (status, response.text().await.unwrap_or_default())
    }

    /// Starts run `id` on `input` (the scenario, as JSON text); returns its invocation id.
    pub async fn start_run(&self, id: &str, input: &serde_json::Value) -> String {
        let body = serde_json::json!({ "input": input.to_string() }).to_string();
        let (status, text) = self.start_raw(id, body.into_bytes()).await;
        assert!(status.is_success(), "start {id}: {status} {text}");
        let body: serde_json::Value = serde_json::from_str(&text).expect("the start answer");
        body["invocation_id"]
            .as_str()
            .unwrap_or_else(|| panic!("no invocation id in {body}"))
            .to_owned()
    }

    /// Rows of a SQL query on Restate's introspection tables.
    pub async fn query(&self, query: &str) -> Vec<serde_json::Value> {
        let response = self
            .to_any(&self.admin, "query", |admin| {
                self.http
                    .post(format!("{admin}/query"))
                    .header("accept", "application/json")
                    .json(&serde_json::json!({ "query": query }))
            })
            .await;
        let body: serde_json::Value = response.json().await.expect("the query answer");
        body["rows"]
            .as_array()
            .unwrap_or_else(|| panic!("no rows in {body}"))
            .clone()
    }

    /// An invocation's journal: `(entry type, name)` per entry, in order.
    pub async fn journal(&self, invocation: &str) -> Vec<(String, String)> {
        self.query(&format!(
            "SELECT entry_type, name FROM sys_journal WHERE id = '{invocation}' ORDER BY index"
        ))
        .await
        .iter()
        .map(|row| {
            let text = |k: &str| row[k].as_str().unwrap_or_default().to_owned();
            (text("entry_type"), text("name"))
        })
        .collect()
    }

    /// Waits until the journal of `invocation` holds the outcome of its entry named `name`
    /// (the command, then its completion notification).
    pub async fn until_recorded(&self, invocation: &str, name: &str) {
        self.until_recorded_nth(invocation, name, 1).await;
    }

    /// Waits until the journal of `invocation` holds the outcome of its `nth` (1-based) entry
    /// named `name`.
    pub async fn until_recorded_nth(&self, invocation: &str, name: &str, nth: usize) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let journal = self.journal(invocation).await;
            let mut named = journal.iter().enumerate().filter(|(_, (_, n))| n == name);
            if let Some((at, _)) = named.nth(nth - 1)
                && journal[at + 1..]
                    .iter()
                    .any(|(kind, _)| kind == "Notification: Run")
            {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "`{name}` never recorded: {journal:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The wake-up times (ms since the Unix epoch) of the durable sleeps in an invocation's
    /// journal.
    pub async fn sleeps(&self, invocation: &str) -> Vec<u64> {
        self.query(&format!(
            "SELECT entry_json FROM sys_journal WHERE id = '{invocation}' AND entry_type = 'Command: Sleep'"
        ))
        .await
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

    /// Cancels an invocation through the admin API.
    pub async fn cancel(&self, invocation: &str) {
        let response = self
            .to_any(&self.admin, "cancel", |admin| {
                self.http
                    .patch(format!("{admin}/invocations/{invocation}/cancel"))
            })
            .await;
        assert!(response.status().is_success(), "cancel: {response:?}");
    }

    /// The outcome of run `id`, once it ends (attached through any node that answers).
    pub async fn outcome(&self, id: &str) -> RunOutcome {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let response = self
                .to_any(&self.ingress, "attach", |ingress| {
                    self.http
                        .get(format!("{ingress}/restate/workflow/AgentRun/{id}/attach"))
                        .timeout(PATIENCE)
                })
                .await;
            let status = response.status();
            let body = response.text().await.unwrap_or_default();
            if status.is_success() {
                return serde_json::from_str(&body)
                    .unwrap_or_else(|e| panic!("not a RunOutcome ({e}): {body}"));
            }
            // A node that died while this request waited on it answers with an error: attach
            // again through another one.
            assert!(
                status.is_server_error() && tokio::time::Instant::now() < deadline,
                "the run failed: {status} {body}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// A service process serving `AgentRun` on a fixed port (so that a restarted one is the same
/// deployment), run in `dir`.
pub struct Service {
    pub port: u16,
    pub dir: PathBuf,
    child: Option<Child>,
    /// Extra flags of `durable serve`.
    flags: Vec<String>,
    /// Every process it ran, in order.
    pub pids: Vec<u32>,
}

/// A free loopback port.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Service {
    pub async fn start(dir: &Path) -> Service {
        Self::start_with(dir, &[]).await
    }

    /// A service run with extra `durable serve` flags.
    pub async fn start_with(dir: &Path, flags: &[&str]) -> Service {
        let mut service = Service {
            port: free_port(),
            dir: dir.to_owned(),
            child: None,
            flags: flags.iter().map(|f| (*f).to_owned()).collect(),
            pids: Vec::new(),
        };
        service.spawn().await;
        service
    }

    async fn spawn(&mut self) {
        let child = Command::new(env!("CARGO_BIN_EXE_durable"))
            .args(["serve", "--port", &self.port.to_string()])
            .args(["--events", EVENTS])
            .args(&self.flags)
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
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// SIGKILL: no shutdown, no flush, whatever the process was doing.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().expect("SIGKILL the service");
            child.wait().expect("reap the service");
        }
    }

    pub async fn restart(&mut self) {
        self.kill();
        self.spawn().await;
    }

    pub fn uri(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Polls `done` until it holds, failing after [`PATIENCE`].
pub async fn eventually(what: &str, mut done: impl FnMut() -> bool) {
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
pub fn fresh(name: &str) -> (PathBuf, String) {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_nanos();
    let id = format!("{name}-{}-{nanos}", std::process::id());
    let dir = std::env::temp_dir().join(format!("agents-restate-{id}"));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    (dir, id)
}

pub fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// `<gate>.waiting`: written (holding the process id) by a tool waiting at `gate`.
pub fn waiting(gate: &Path) -> PathBuf {
    let mut p = gate.as_os_str().to_owned();
    p.push(".waiting");
    PathBuf::from(p)
}

/// Every call in the transcript is answered by exactly one result; returns the results.
pub fn paired(transcript: &[Message]) -> Vec<ToolResult> {
    let calls: Vec<String> = transcript
        .iter()
        .flat_map(|m| match m {
            Message::Assistant { tool_calls, .. } => {
                tool_calls.iter().map(|c| c.id.clone()).collect()
            }
            _ => Vec::new(),
        })
        .collect();
    let results: Vec<ToolResult> = transcript
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

/// What the service processes of `dir` reported, per process: each event's kind (a tool's name
/// after a colon), and `tool_use:<tool>` for each `on_tool_use` call; sorted, to compare as
/// multisets. A `run_resumed` event carries its count: `run_resumed:<replayed steps>`.
pub fn reported(dir: &Path, pid: u32) -> Vec<String> {
    let mut seen: Vec<String> = attempts(dir, pid).concat();
    seen.sort();
    seen
}

/// What one process reported, with any later attempt of the same process folded into the
/// ones before it: Restate may attempt an invocation again on the same process (under load an
/// attempt can be cut before a journal entry is acknowledged), and the new attempt reads the
/// journal back (another `run_resumed`) and may redo a step whose entry was never stored,
/// reporting it again. Those repeats are Restate's at-least-once for unjournaled work, not the
/// framework's: a later attempt's label that an earlier attempt already reported (counted as a
/// multiset) is its replay and is dropped, with its `run_resumed`. What a scenario pins is which
/// steps the process reported at all; the ledger and journal checks still pin that no tool ran
/// twice. Sorted, like [`reported`].
pub fn reported_once(dir: &Path, pid: u32) -> Vec<String> {
    let mut attempts = attempts(dir, pid).into_iter();
    let mut seen = attempts.next().unwrap_or_default();
    for later in attempts {
        let mut replayable = seen.clone();
        for label in later {
            if label.starts_with("run_resumed:") {
                continue;
            }
            match replayable.iter().position(|l| *l == label) {
                Some(i) => {
                    replayable.swap_remove(i);
                }
                None => seen.push(label),
            }
        }
    }
    seen.sort();
    seen
}

/// The labels one process reported, in order, split where an attempt begins (`run_started`
/// or `run_resumed`).
fn attempts(dir: &Path, pid: u32) -> Vec<Vec<String>> {
    let mut attempts: Vec<Vec<String>> = Vec::new();
    for line in lines(&dir.join(EVENTS)) {
        let record: serde_json::Value = serde_json::from_str(&line).expect("a JSON line");
        if record["pid"] != pid {
            continue;
        }
        let label = match (&record["event"], &record["tool_use"]) {
            (serde_json::Value::Null, tool) => format!("tool_use:{}", tool.as_str().unwrap_or("?")),
            (event, _) => {
                let kind = event["event"].as_str().unwrap_or("?");
                match (&event["tool"], &event["replayed_steps"]) {
                    (serde_json::Value::String(tool), _) => format!("{kind}:{tool}"),
                    (_, serde_json::Value::Number(n)) => format!("{kind}:{n}"),
                    _ => kind.to_owned(),
                }
            }
        };
        let begins = label == "run_started" || label.starts_with("run_resumed:");
        match attempts.last_mut() {
            Some(current) if !begins => current.push(label),
            _ => attempts.push(vec![label]),
        }
    }
    attempts
}

pub fn sorted<const N: usize>(labels: [&str; N]) -> Vec<String> {
    let mut labels: Vec<String> = labels.map(str::to_owned).to_vec();
    labels.sort();
    labels
}

/// One run of the demo service under test: its own directory, ledger, gate and service
/// process, started and held at the gate.
pub struct Case {
    pub dir: PathBuf,
    pub id: String,
    pub invocation: String,
    pub ledger: PathBuf,
    pub gate: PathBuf,
    pub service: Service,
}

impl Case {
    /// Starts a service, registers it, starts a run of `scenario` (the ledger and gate added)
    /// and waits until the run holds at the gate.
    pub async fn begin(server: &Server, name: &str, scenario: serde_json::Value) -> Case {
        Self::begin_with(server, name, scenario, &[]).await
    }

    /// [`begin`](Self::begin) with extra `durable serve` flags.
    pub async fn begin_with(
        server: &Server,
        name: &str,
        mut scenario: serde_json::Value,
        flags: &[&str],
    ) -> Case {
        let (dir, id) = fresh(name);
        let ledger = dir.join("ledger.txt");
        let gate = dir.join("gate");
        let service = Service::start_with(&dir, flags).await;
        server.register(&service.uri()).await;
        scenario["ledger"] = serde_json::json!(ledger);
        scenario["gate"] = serde_json::json!(gate);
        let invocation = server.start_run(&id, &scenario).await;
        eventually("the run holds at the gate", || waiting(&gate).exists()).await;
        Case {
            dir,
            id,
            invocation,
            ledger,
            gate,
            service,
        }
    }

    /// SIGKILLs the service and starts it again, the gate as `open` says.
    pub async fn crash(&mut self, open: bool) {
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
