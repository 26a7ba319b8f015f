//! The durable-run scenarios, each against the Restate deployment it is given (the single node
//! in `tests/durable.rs`, the three-node cluster in `tests/cluster.rs`, through
//! [`durable_suite!`](crate::durable_suite)).

use std::path::PathBuf;

use super::front::Freezer;
use super::*;

/// Killed after the tool that is not safe to repeat wrote its line, before the run ended: the
/// restarted service finishes the run without running the tool again.
pub async fn crash_after_a_side_effect_does_not_repeat_it(server: &Server) {
    let scenario = serde_json::json!({ "entry": "charge-1", "crash": "after" });
    let mut case = Case::begin(server, "after", scenario).await;
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
        reported_once(&case.dir, first),
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
        reported_once(&case.dir, second),
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
pub async fn crash_during_a_side_effect_reports_outcome_unknown(server: &Server) {
    let scenario = serde_json::json!({ "entry": "charge-2", "crash": "during" });
    let mut case = Case::begin(server, "during", scenario).await;
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
        reported_once(&case.dir, first),
        sorted([
            "run_started",
            "model_responded",
            "tool_started:ledger_append"
        ])
    );
    assert_eq!(
        reported_once(&case.dir, second),
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
pub async fn crash_during_an_idempotent_tool_runs_it_again(server: &Server) {
    let scenario = serde_json::json!({ "entry": "put-1", "crash": "during", "idempotent": true });
    let mut case = Case::begin(server, "idempotent", scenario).await;
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
        reported_once(&case.dir, first),
        sorted(["run_started", "model_responded", "tool_started:ledger_put"])
    );
    assert_eq!(
        reported_once(&case.dir, second),
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

/// Killed while waiting out a 429's Retry-After: the restarted service resumes the same durable
/// sleep (its wake-up time fixed before the crash), the model is asked again only after it, and
/// the run completes.
pub async fn a_wait_survives_a_crash(server: &Server) {
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

/// A run whose service sits behind a [`Freezer`]: its own directory, ledger and process.
struct Frozen {
    dir: PathBuf,
    id: String,
    ledger: PathBuf,
    service: Service,
    front: Freezer,
}

impl Frozen {
    async fn new(server: &Server, name: &str) -> Frozen {
        let (dir, id) = fresh(name);
        let service = Service::start(&dir).await;
        let front = Freezer::start(service.port).await;
        server.register(&front.uri()).await;
        Frozen {
            ledger: dir.join("ledger.txt"),
            dir,
            id,
            service,
            front,
        }
    }

    /// Once the service sent `entry`'s outcome and Restate stored it, while the proxy held
    /// back the acknowledgement: SIGKILL, and a new process.
    async fn kill_unacknowledged(&mut self, server: &Server, invocation: &str, entry: &str) {
        self.kill_unacknowledged_then(server, invocation, (entry, 1), None)
            .await;
    }

    /// [`kill_unacknowledged`](Self::kill_unacknowledged) at the `nth` entry named `entry`,
    /// the proxy armed with `next` before the new process starts (so that the new process
    /// cannot pass `next` before the proxy watches for it).
    async fn kill_unacknowledged_then(
        &mut self,
        server: &Server,
        invocation: &str,
        (entry, nth): Entry<'_>,
        next: Option<&[u8]>,
    ) {
        self.front.tripped().await;
        server.until_recorded_nth(invocation, entry, nth).await;
        self.service.kill();
        if let Some(next) = next {
            self.front.arm(next);
        }
        self.front.thaw();
        self.service.restart().await;
    }
}

impl Drop for Frozen {
    fn drop(&mut self) {
        self.service.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// An entry of a run's journal: its name, and which of the entries of that name (from 1).
type Entry<'a> = (&'a str, usize);

/// The contract's first three statements at every step of a run: each of the run's five steps
/// (the start time, the model's first turn, the tool not safe to repeat, the model's answer,
/// the run's end) reaches Restate and is stored, and the process dies before the
/// acknowledgement comes back (held back by a proxy, then SIGKILL); six processes in all.
///
/// What holds, and what the old binding broke:
/// - a stored step counts as recorded: the tool's real result is used and it is not run again
///   (not "cut short");
/// - each step's own reports (`RunStarted`, `ModelResponded`, `ToolStarted`, `ToolFinished`)
///   were made by the process that ran it, once: the old binding made `RunStarted`,
///   `ModelResponded` and `ToolFinished` after the acknowledgement, so these kills lost them;
/// - the run's end is a step of its own that reports `RunFinished`: a process that replays
///   every step but the end reports the end, and one that replays the whole run, the end
///   included (the one before died after its end and before the run's result was stored),
///   reports nothing;
/// - a crash after the model's turn and before the tool's start marker reached Restate is not
///   "outcome unknown": the next process runs the tool, which never started.
///
/// What the run derives after an acknowledgement (here the ledger tool's `on_tool_use` call) is
/// reported by nobody: at most once.
pub async fn a_step_stored_but_never_acknowledged_is_recorded_and_reported_once(server: &Server) {
    let mut run = Frozen::new(server, "unacked").await;
    let scenario = serde_json::json!({ "entry": "charge-u", "ledger": run.ledger });
    let mut pids = Vec::new();
    run.front.arm(b"clock");
    let invocation = server.start_run(&run.id, &scenario).await;
    // Each step's entry (its name, and which of the entries of that name), and the bytes the
    // next process sends for the step after it (its name or outcome), armed before it starts.
    let steps: [(Entry, Option<&[u8]>); 5] = [
        (("clock", 1), Some(b"call-1")),
        (("model", 1), Some(b"appended charge-u")),
        (("tool:ledger_append", 1), Some(b"done: appended charge-u")),
        (("model", 2), Some(b"run end")),
        (("run end", 1), None),
    ];
    for (entry, next) in steps {
        pids.push(run.service.pid().expect("a process"));
        run.kill_unacknowledged_then(server, &invocation, entry, next)
            .await;
    }
    pids.push(run.service.pid().expect("the last process"));

    let outcome = server.outcome(&run.id).await;
    assert_eq!(
        outcome.output.as_deref(),
        Some("done: appended charge-u"),
        "{outcome:?}"
    );
    assert_eq!(lines(&run.ledger), ["charge-u"], "recorded, not run again");
    let results = paired(&outcome.transcript);
    assert!(results.iter().all(|r| !r.is_error), "{results:?}");
    let reports: Vec<Vec<String>> = pids.iter().map(|&pid| reported(&run.dir, pid)).collect();
    assert_eq!(
        reports,
        [
            sorted(["run_started"]),
            sorted(["run_resumed:0", "model_responded"]),
            sorted([
                "run_resumed:1",
                "tool_started:ledger_append",
                "tool_finished:ledger_append",
            ]),
            sorted(["run_resumed:2", "model_responded"]),
            sorted(["run_resumed:3", "run_finished"]),
            Vec::<String>::new(),
        ],
        "each process's reports, in order"
    );
}

/// The third statement, where it cannot hold to the letter: the start marker of a tool not safe
/// to repeat was stored and its acknowledgement never reached the process (held back, then
/// SIGKILL), so the tool never started. No process can tell this from a death while the tool
/// ran (docs/durable.md says why), so the call reads "outcome unknown"; the text says the tool
/// *may* have run, and that the process may have died just before it began, which is true.
pub async fn an_unacknowledged_start_marker_reads_may_have_run(server: &Server) {
    let mut run = Frozen::new(server, "marker").await;
    let scenario = serde_json::json!({ "entry": "charge-m", "ledger": run.ledger });
    run.front.arm(b"start tool:ledger_append");
    let invocation = server.start_run(&run.id, &scenario).await;
    let first = run.service.pid().expect("the first process");
    run.kill_unacknowledged(server, &invocation, "start tool:ledger_append")
        .await;

    let outcome = server.outcome(&run.id).await;
    assert_eq!(lines(&run.ledger), Vec::<String>::new(), "never started");
    let results = paired(&outcome.transcript);
    assert_eq!(results.len(), 1, "{outcome:?}");
    let text = &results[0].content;
    assert!(text.contains("outcome unknown after a crash"), "{text}");
    assert!(text.contains("may have run"), "{text}");
    assert!(text.contains("just before it began"), "{text}");
    assert!(!text.contains("process running this tool"), "{text}");
    assert_eq!(
        reported(&run.dir, first),
        sorted(["run_started", "model_responded"]),
        "the tool was never started"
    );
}

/// Two calls of one turn, a crash between them: the first call's execution was recorded and is
/// not repeated; the second, cut short, reads "outcome unknown". (On Restate a turn's calls run
/// one after another: the SDK takes one `ctx.run` at a time, and a replay must find the entries
/// in the order they were written.)
pub async fn two_calls_of_one_turn_and_a_crash_between_them(server: &Server) {
    let scenario = serde_json::json!({ "entry": "pair", "pair": true });
    let mut case = Case::begin(server, "pair", scenario).await;
    assert_eq!(lines(&case.ledger), ["pair-a", "pair-b"]);
    let first = case.service.pid().expect("the first process");

    case.crash(false).await;
    let second = case.service.pid().expect("the second process");

    let outcome = server.outcome(&case.id).await;
    assert_eq!(lines(&case.ledger), ["pair-a", "pair-b"], "each ran once");
    let results = paired(&outcome.transcript);
    assert_eq!(results.len(), 2, "{outcome:?}");
    assert_eq!(
        (results[0].call_id.as_str(), results[0].is_error),
        ("call-a", false)
    );
    assert_eq!(results[0].content, "appended pair-a");
    assert_eq!(
        (results[1].call_id.as_str(), results[1].is_error),
        ("call-b", true)
    );
    assert!(
        results[1].content.contains("outcome unknown after a crash"),
        "{results:?}"
    );
    let names: Vec<String> = server
        .journal(&case.invocation)
        .await
        .into_iter()
        .map(|(_, name)| name)
        .filter(|name| !name.is_empty())
        .collect();
    assert_eq!(
        names,
        [
            "clock",
            "model",
            "start tool:ledger_append",
            "tool:ledger_append",
            "start tool:ledger_append",
            "tool:ledger_append",
            "model",
            "run end"
        ],
        "one step after another, in call order"
    );
    assert_eq!(
        reported_once(&case.dir, first),
        sorted([
            "run_started",
            "model_responded",
            "tool_started:ledger_append",
            "tool_finished:ledger_append",
            "tool_use:ledger_append",
            "tool_started:ledger_append",
        ])
    );
    assert_eq!(
        reported_once(&case.dir, second),
        sorted([
            "run_resumed:2",
            "tool_failed:ledger_append",
            "tool_use:ledger_append",
            "model_responded",
            "run_finished",
        ])
    );
}

/// Restate's inactivity timeout, then its abort timeout, fire while a tool not safe to repeat
/// runs (1 s each here): Restate aborts the attempt and starts another, which reads the tool's
/// start marker without its outcome and records "outcome unknown", exactly as after a crash.
/// The tool is not run twice, and the run completes while the first attempt's tool still waits.
pub async fn restate_timeouts_during_a_slow_tool(server: &Server) {
    let scenario = serde_json::json!({ "entry": "slow-1", "crash": "during" });
    let flags = [
        "--inactivity-timeout-ms",
        "1000",
        "--abort-timeout-ms",
        "1000",
    ];
    let case = Case::begin_with(server, "timeouts", scenario, &flags).await;
    let pid = case.service.pid().expect("the process");

    let outcome = server.outcome(&case.id).await;
    let results = paired(&outcome.transcript);
    assert_eq!(results.len(), 1, "{outcome:?}");
    assert!(
        results[0].content.contains("outcome unknown after a crash"),
        "{results:?}"
    );
    assert_eq!(lines(&case.ledger), ["slow-1"], "the tool started once");
    // Both attempts in the one process: the second (`run_resumed`) reads back what the first
    // recorded.
    assert_eq!(
        reported(&case.dir, pid),
        sorted([
            "run_started",
            "model_responded",
            "tool_started:ledger_append",
            "run_resumed:1",
            "tool_failed:ledger_append",
            "tool_use:ledger_append",
            "model_responded",
            "run_finished",
        ])
    );
    // The first attempt's tool, if it still waits, writes nothing more once released.
    std::fs::write(&case.gate, b"").expect("open the gate");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(lines(&case.ledger), ["slow-1"]);
}

/// Cancelled through Restate's admin API while a tool runs: the tool finishes (a running step
/// is not interrupted), the call's result says it was cancelled after it ran, the run ends
/// with the cancellation as its error and a valid transcript.
pub async fn a_run_cancelled_through_the_admin_api(server: &Server) {
    let scenario = serde_json::json!({ "entry": "cancel-1", "crash": "during" });
    let case = Case::begin(server, "cancel", scenario).await;
    let pid = case.service.pid().expect("the process");

    server.cancel(&case.invocation).await;
    // The cancellation is in the run's journal (so on its way to the process) before the tool
    // is let go: it then meets the tool's step, not a later one.
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while !server
        .journal(&case.invocation)
        .await
        .iter()
        .any(|(kind, _)| kind == "Notification: Signal")
    {
        assert!(tokio::time::Instant::now() < deadline, "never cancelled");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    std::fs::write(&case.gate, b"").expect("open the gate");

    let outcome = server.outcome(&case.id).await;
    assert_eq!(outcome.output, None, "{outcome:?}");
    let error = outcome.error.as_deref().unwrap_or_default();
    assert!(error.contains("cancelled"), "{error}");
    let results = paired(&outcome.transcript);
    assert_eq!(results.len(), 1, "{outcome:?}");
    assert!(results[0].is_error);
    assert!(
        results[0].content.starts_with("Cancelled:") && results[0].content.contains("it ran"),
        "{results:?}"
    );
    assert_eq!(lines(&case.ledger), ["cancel-1"]);
    assert_eq!(
        reported(&case.dir, pid),
        sorted([
            "run_started",
            "model_responded",
            "tool_started:ledger_append",
            "tool_finished:ledger_append",
            "run_finished",
        ])
    );
}

/// A request that is not JSON, has a wrong type, misses or misnames the field, or is larger
/// than the service takes is answered at once with 400 (413 for the size, with the size and
/// the limit), and no run starts: nothing is journaled for it. The run handler itself is not
/// reachable from outside.
pub async fn bad_requests_are_refused_at_once(server: &Server) {
    let (dir, id) = fresh("bad");
    let service = Service::start_with(&dir, &["--max-input-bytes", "4096"]).await;
    server.register(&service.uri()).await;
    let cases: [(&str, Vec<u8>, u16, &[&str]); 6] = [
        (
            "not JSON",
            br#"{"input": "x",}"#.to_vec(),
            400,
            &["line 1 column 15", "trailing comma"],
        ),
        (
            "wrong type",
            br#"{"input": 42}"#.to_vec(),
            400,
            &["invalid type: integer `42`, expected a string"],
        ),
        (
            "missing field",
            b"{}".to_vec(),
            400,
            &["missing field `input`"],
        ),
        (
            "unknown field",
            br#"{"input": "x", "inptu": "y"}"#.to_vec(),
            400,
            &["unknown field `inptu`"],
        ),
        ("empty", Vec::new(), 400, &["Empty body"]),
        (
            "too large",
            serde_json::json!({ "input": "x".repeat(5000) })
                .to_string()
                .into_bytes(),
            413,
            &["{size} bytes", "limit of 4096 bytes"],
        ),
    ];
    for (what, body, status, says) in cases {
        let run = format!("{id}-{}", what.replace(' ', "-"));
        let size = body.len();
        let (got, text) = server.start_raw(&run, body).await;
        assert_eq!(got.as_u16(), status, "{what}: {text}");
        for said in says {
            let said = said.replace("{size}", &size.to_string());
            assert!(text.contains(&said), "{what}: {text}");
        }
        let started = server
            .query(&format!(
                "SELECT id FROM sys_invocation WHERE target = 'AgentRun/{run}/run'"
            ))
            .await;
        assert!(started.is_empty(), "{what}: a run started: {started:?}");
    }
    let direct = server
        .to_any_ingress(|ingress| {
            server
                .http
                .post(format!("{ingress}/AgentRun/{id}-direct/run/send"))
                .json(&serde_json::json!({ "input": "x" }))
        })
        .await;
    assert_eq!(direct.status().as_u16(), 400, "{direct:?}");
    let text = direct.text().await.unwrap_or_default();
    assert!(text.contains("not public"), "{text}");
    drop(service);
    let _ = std::fs::remove_dir_all(&dir);
}
