//! Durable runs against a real Restate server and real service processes killed with SIGKILL.
//!
//! The server comes from `scripts/restate.sh start` (which `scripts/test.sh` runs); its URLs
//! come from `RESTATE_INGRESS` and `RESTATE_ADMIN`. Without them the tests skip, unless
//! `AGENTS_REQUIRE_RESTATE=1`; when they are set and the server does not answer, the tests fail.
//! `tests/cluster.rs` runs the same scenarios against a three-node cluster.

mod support;

use support::fleet::Fleet;
use support::*;

crate::durable_suite!(single_node:
    crash_after_a_side_effect_does_not_repeat_it,
    crash_during_a_side_effect_reports_outcome_unknown,
    crash_during_an_idempotent_tool_runs_it_again,
    a_wait_survives_a_crash,
    a_step_stored_but_never_acknowledged_is_recorded_and_reported_once,
    an_unacknowledged_start_marker_reads_may_have_run,
    two_calls_of_one_turn_and_a_crash_between_them,
    restate_timeouts_during_a_slow_tool,
    a_run_cancelled_through_the_admin_api,
    bad_requests_are_refused_at_once,
);

/// Twenty runs spread over two service processes behind one address; the process holding the
/// most runs is killed half-way (while others still start): every run completes on the other
/// process, and no ledger entry is written twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_runs_survive_one_of_two_processes_dying() {
    const RUNS: usize = 20;
    let Some(server) = single_node().await else {
        return;
    };
    let _one = ONE_AT_A_TIME.lock().await;
    let mut fleet = Fleet::start(&server, "fleet", RUNS).await;
    let (dir, id, ledger) = (fleet.dir.clone(), fleet.id.clone(), fleet.ledger.clone());
    eventually("half of the runs hold", || {
        fleet.holders().len() >= RUNS / 2
    })
    .await;
    fleet.kill_the_busier_and_release();

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
    // No run start and no run end is lost (each is reported inside its step, before the step's
    // outcome is handed to Restate; a process killed in the instant between the two repeats
    // it, which this count shows); derived reports (the `on_tool_use` calls) are at most once;
    // the survivor reports picking up the victim's runs.
    let reports: Vec<String> = fleet
        .services
        .iter()
        .flat_map(|s| s.pids.clone())
        .flat_map(|pid| reported(&dir, pid))
        .collect();
    let n = |what: &str| reports.iter().filter(|r| r.as_str() == what).count();
    assert!(n("run_started") >= RUNS, "{} run starts", n("run_started"));
    assert!(n("run_finished") >= RUNS, "{} run ends", n("run_finished"));
    eprintln!(
        "reports repeated by the kill: {} run starts, {} run ends",
        n("run_started") - RUNS,
        n("run_finished") - RUNS
    );
    assert!(
        n("tool_use:ledger_append") <= RUNS,
        "{} ledger calls reported",
        n("tool_use:ledger_append")
    );
    let resumed = reports
        .iter()
        .filter(|r| r.starts_with("run_resumed:"))
        .count();
    assert!((1..=RUNS).contains(&resumed), "{resumed} runs resumed");
    let _ = std::fs::remove_dir_all(&dir);
}
