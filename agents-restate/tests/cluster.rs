//! Durable runs on a three-node Restate cluster (replicated log and metadata, replication 2):
//! the scenarios of `tests/durable.rs`, and runs that survive one Restate node and one of two
//! service instances killed with SIGKILL while they run.
//!
//! The cluster comes from `scripts/restate.sh cluster start` (which `scripts/test.sh` runs);
//! its URLs from `RESTATE_CLUSTER_INGRESS`, `RESTATE_CLUSTER_ADMIN` and `RESTATE_CLUSTER_DIR`.
//! Without them the tests skip, unless `AGENTS_REQUIRE_RESTATE_CLUSTER=1`.

mod support;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use support::fleet::Fleet;
use support::*;

crate::durable_suite!(cluster:
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

/// The pid of cluster node `i` (1-based), from the script's pid file.
fn node_pid(dir: &Path, i: usize) -> Option<u32> {
    std::fs::read_to_string(dir.join(format!("n{i}.pid")))
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// How many open TCP connections process `pid` has to `port` on loopback (read from /proc:
/// the sockets the process holds, matched against the kernel's connection table).
fn connections_to(pid: u32, port: u16) -> usize {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return 0;
    };
    let inodes: Vec<String> = fds
        .filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
        .filter_map(|link| {
            let link = link.to_string_lossy().into_owned();
            Some(link.strip_prefix("socket:[")?.strip_suffix(']')?.to_owned())
        })
        .collect();
    let table = std::fs::read_to_string("/proc/net/tcp").unwrap_or_default();
    table
        .lines()
        .skip(1)
        .filter(|line| {
            let cols: Vec<&str> = line.split_whitespace().collect();
            let remote_port = cols
                .get(2)
                .and_then(|a| a.rsplit(':').next())
                .and_then(|p| u16::from_str_radix(p, 16).ok());
            // State 01: established.
            remote_port == Some(port)
                && cols.get(3) == Some(&"01")
                && cols
                    .get(9)
                    .is_some_and(|inode| inodes.iter().any(|i| i == inode))
        })
        .count()
}

/// Starts the nodes of the cluster that are not running (the one a test killed) when dropped,
/// pass or fail, so that the next test finds three nodes.
struct BringBack;

impl Drop for BringBack {
    fn drop(&mut self) {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/restate.sh");
        let status = std::process::Command::new(script)
            .args(["cluster", "start"])
            .stdout(std::process::Stdio::null())
            .status();
        if !status.as_ref().is_ok_and(|s| s.success()) {
            eprintln!("could not start the killed cluster node again: {status:?}");
        }
    }
}

/// Eight runs over two service instances behind one address, on the cluster. While every run
/// holds at its gate (its ledger entry written and recorded, its second tool running), the
/// Restate node that drives the most of them (the one holding the most connections to the
/// service) is killed with SIGKILL, then the service instance holding the most runs: every run
/// completes through the two remaining nodes and the other instance, no ledger entry is
/// written twice, no run is lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn runs_survive_a_restate_node_and_a_service_instance_dying() {
    const RUNS: usize = 8;
    let Some(server) = cluster().await else {
        return;
    };
    let _one = ONE_AT_A_TIME.lock().await;
    let nodes_dir = server.cluster_dir.clone().expect("the cluster's directory");
    let mut fleet = Fleet::start(&server, "cluster", RUNS).await;
    let (dir, id, ledger) = (fleet.dir.clone(), fleet.id.clone(), fleet.ledger.clone());
    eventually("every run holds", || fleet.holders().len() == RUNS).await;
    assert_eq!(lines(&ledger).len(), RUNS);

    let drivers: HashMap<usize, usize> = (1..=3)
        .filter_map(|i| Some((i, connections_to(node_pid(&nodes_dir, i)?, fleet.port))))
        .collect();
    let node = (1..=3)
        .max_by_key(|i| drivers.get(i).copied().unwrap_or(0))
        .expect("three nodes");
    let node_pid = node_pid(&nodes_dir, node).expect("the node runs");
    eprintln!(
        "connections to the service per node: {drivers:?}; killing node n{node} (pid {node_pid})"
    );
    let _bring_back = BringBack;
    let killed = std::process::Command::new("kill")
        .args(["-9", &node_pid.to_string()])
        .status()
        .expect("kill -9 the node");
    assert!(killed.success());

    fleet.kill_the_busier_and_release();

    for i in 0..RUNS {
        let entry = format!("entry-{i}");
        let outcome = server.outcome(&format!("{id}-{i}")).await;
        let results = paired(&outcome.transcript);
        assert!(results.iter().all(|r| !r.is_error), "{entry}: {results:?}");
        assert_eq!(
            outcome.output,
            Some(format!("done: appended {entry} | released")),
            "{outcome:?}"
        );
        let times = lines(&ledger).iter().filter(|l| **l == entry).count();
        assert_eq!(times, 1, "{entry} written {times} times");
    }
    let reports: Vec<String> = fleet
        .services
        .iter()
        .flat_map(|s| s.pids.clone())
        .flat_map(|pid| reported(&dir, pid))
        .collect();
    let n = |what: &str| reports.iter().filter(|r| r.as_str() == what).count();
    assert!(n("run_started") >= RUNS, "{} run starts", n("run_started"));
    assert!(n("run_finished") >= RUNS, "{} run ends", n("run_finished"));
    assert!(n("tool_use:ledger_append") <= RUNS);
    let _ = std::fs::remove_dir_all(&dir);
}
