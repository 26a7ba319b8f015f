//! The kill matrix: many runs of the demo service, each killed with SIGKILL at a random moment
//! of its first milliseconds and picked up by a new process, and what the two processes
//! reported counted against what happened. Too long for CI (a second or so per trial); its
//! results are in docs/durable.md.
//!
//! ```sh
//! scripts/restate.sh start && export $(scripts/restate.sh env)
//! cargo run --release -p agents-restate --example kill_matrix -- --trials 200 --max-delay-ms 100
//! # against the cluster: export $(scripts/restate.sh cluster env), and add --cluster
//! ```
//!
//! Each trial: a fresh service process (this program, `kill_matrix serve`, the same service as
//! the `durable` binary) registered with Restate, one run (a model turn, the ledger tool not
//! safe to repeat, a model turn), SIGKILL after a delay drawn uniformly from `[0,
//! --max-delay-ms]` after the run was started, a new process on the same port, and the run's
//! outcome. Counted per trial, across the two processes:
//!
//! - `RunStarted` and `RunFinished`: reported once, lost (0) or repeated (2);
//! - the ledger tool: executions (lines in its ledger), `ToolFinished` reports, `on_tool_use`
//!   calls;
//! - "outcome unknown": with the tool's line in the ledger (it ran) or without (it never
//!   started).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

#[derive(Default, Debug)]
struct Tally {
    trials: usize,
    killed_before_start: usize,
    run_started: [usize; 3],
    run_finished: [usize; 3],
    tool_finished_missing: usize,
    tool_finished_extra: usize,
    tool_use_missing: usize,
    tool_use_extra: usize,
    unknown_ran: usize,
    unknown_never_started: usize,
    ledger_twice: usize,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("serve") {
        let rt = tokio::runtime::Runtime::new().expect("a runtime");
        rt.block_on(agents_restate::cli::main());
        return;
    }
    let flag = |name: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let trials = flag("--trials", 100);
    let max_delay = flag("--max-delay-ms", 100);
    let cluster = args.iter().any(|a| a == "--cluster");
    let (ingress_var, admin_var) = if cluster {
        ("RESTATE_CLUSTER_INGRESS", "RESTATE_CLUSTER_ADMIN")
    } else {
        ("RESTATE_INGRESS", "RESTATE_ADMIN")
    };
    let first = |var: &str| -> String {
        std::env::var(var)
            .unwrap_or_else(|_| panic!("{var} is not set (scripts/restate.sh env)"))
            .split(',')
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    let (ingress, admin) = (first(ingress_var), first(admin_var));
    let rt = tokio::runtime::Runtime::new().expect("a runtime");
    let tally = rt.block_on(matrix(&ingress, &admin, trials, max_delay));
    println!("{tally:#?}");
}

async fn matrix(ingress: &str, admin: &str, trials: u64, max_delay: u64) -> Tally {
    let http = reqwest::Client::new();
    let mut tally = Tally::default();
    let tag = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_millis();
    for t in 0..trials {
        let dir = std::env::temp_dir().join(format!("agents-kill-matrix-{tag}-{t}"));
        std::fs::create_dir_all(&dir).expect("a temp dir");
        let port = free_port();
        let mut first = spawn(&dir, port).await;
        let registered = http
            .post(format!("{admin}/deployments"))
            .json(&serde_json::json!({ "uri": format!("http://127.0.0.1:{port}"), "force": true }))
            .send()
            .await
            .expect("register");
        assert!(registered.status().is_success(), "{registered:?}");
        let ledger = dir.join("ledger.txt");
        let entry = format!("k{tag}-{t}");
        let scenario = serde_json::json!({ "entry": entry, "ledger": ledger }).to_string();
        let delay = Duration::from_micros(fastrand::u64(0..=max_delay * 1000));
        let started = http
            .post(format!("{ingress}/AgentRun/{entry}/start"))
            .json(&serde_json::json!({ "input": scenario }))
            .send()
            .await
            .expect("start");
        assert!(started.status().is_success(), "{started:?}");
        tokio::time::sleep(delay).await;
        let first_pid = first.id();
        first.kill().expect("SIGKILL");
        first.wait().expect("reap");
        let mut second = spawn(&dir, port).await;
        let outcome: serde_json::Value = http
            .get(format!(
                "{ingress}/restate/workflow/AgentRun/{entry}/attach"
            ))
            .timeout(Duration::from_secs(120))
            .send()
            .await
            .expect("attach")
            .json()
            .await
            .expect("an outcome");
        let second_pid = second.id();
        let _ = second.kill();
        let _ = second.wait();
        count(&mut tally, &dir, &ledger, &outcome, [first_pid, second_pid]);
        let _ = std::fs::remove_dir_all(&dir);
        if (t + 1) % 25 == 0 {
            eprintln!("{} trials", t + 1);
        }
    }
    tally
}

fn count(
    tally: &mut Tally,
    dir: &Path,
    ledger: &Path,
    outcome: &serde_json::Value,
    pids: [u32; 2],
) {
    tally.trials += 1;
    let reports: Vec<serde_json::Value> = std::fs::read_to_string(dir.join("events.jsonl"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .filter(|r: &serde_json::Value| pids.iter().any(|p| r["pid"] == *p))
        .collect();
    let n = |f: &dyn Fn(&serde_json::Value) -> bool| reports.iter().filter(|r| f(r)).count();
    let event = |kind: &'static str| move |r: &serde_json::Value| r["event"]["event"] == kind;
    let first_reported = reports.iter().any(|r| r["pid"] == pids[0]);
    if !first_reported {
        tally.killed_before_start += 1;
    }
    tally.run_started[n(&event("run_started")).min(2)] += 1;
    tally.run_finished[n(&event("run_finished")).min(2)] += 1;
    let executions = std::fs::read_to_string(ledger)
        .unwrap_or_default()
        .lines()
        .count();
    if executions > 1 {
        tally.ledger_twice += 1;
    }
    let finished =
        n(&|r| r["event"]["event"] == "tool_finished" && r["event"]["tool"] == "ledger_append");
    tally.tool_finished_missing += executions.saturating_sub(finished);
    tally.tool_finished_extra += finished.saturating_sub(executions);
    let result = outcome["transcript"]
        .as_array()
        .and_then(|m| m.iter().find(|m| m["role"] == "tool"))
        .cloned()
        .unwrap_or_default();
    let unknown = result["content"]
        .as_str()
        .is_some_and(|c| c.contains("outcome unknown after a crash"));
    match (unknown, executions) {
        (true, 0) => tally.unknown_never_started += 1,
        (true, _) => tally.unknown_ran += 1,
        _ => {}
    }
    let used = n(&|r| r["tool_use"] == "ledger_append");
    tally.tool_use_missing += usize::from(used == 0);
    tally.tool_use_extra += used.saturating_sub(1);
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

async fn spawn(dir: &Path, port: u16) -> Child {
    let me: PathBuf = std::env::current_exe().expect("this program");
    let child = Command::new(me)
        .args([
            "serve",
            "--port",
            &port.to_string(),
            "--events",
            "events.jsonl",
        ])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the service starts");
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    child
}
