//! Runs one loop many times, for a profiler (`valgrind --tool=callgrind`, `perf record`).
//!
//! `cargo build --release --example loop_profile --manifest-path benches/loop-peers/Cargo.toml`, then
//! `valgrind --tool=callgrind target/release/examples/loop_profile ours 10 200` (loop: `ours`,
//! `journaled` (`ours` through an in-memory journal), `ours-mt` (`ours` on a multi-thread
//! runtime, where each tool call runs on a task of its own), `ours-mt-in-place` (that with the
//! tool declared non-blocking: its calls run in place), `fanout` / `fanout-seq` (all calls
//! in one turn, at once / one after another), `scripted` or
//! `rig`; tool calls per run; runs).

use loop_peers::{multi_thread_runtime, ours, runtime};

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "ours".to_owned());
    let calls: usize = args
        .next()
        .map_or(10, |s| s.parse().expect("a number of calls"));
    let runs: usize = args
        .next()
        .map_or(200, |s| s.parse().expect("a number of runs"));
    let rt = runtime();
    match which.as_str() {
        "ours" => {
            let agent = ours::replay_agent(calls);
            for _ in 0..runs {
                rt.block_on(ours::run(&agent));
            }
        }
        "ours-mt" | "ours-mt-in-place" => {
            let rt = multi_thread_runtime();
            let agent = if which == "ours-mt" {
                ours::replay_agent(calls)
            } else {
                ours::replay_agent_in_place(calls)
            };
            for _ in 0..runs {
                rt.block_on(ours::run(&agent));
            }
        }
        // The same loop through a journal recording every step in memory.
        "journaled" => {
            let agent = ours::replay_agent(calls);
            for _ in 0..runs {
                rt.block_on(ours::run_journaled(&agent));
            }
        }
        // One turn with `calls` calls: at once (the default limit), or one after another.
        "fanout" | "fanout-seq" => {
            let parallel = if which == "fanout" { 4 } else { 1 };
            let agent = ours::fanout_agent(calls, parallel);
            for _ in 0..runs {
                rt.block_on(ours::run(&agent));
            }
        }
        "scripted" => {
            for _ in 0..runs {
                rt.block_on(ours::run(&ours::scripted_agent(calls)));
            }
        }
        #[cfg(feature = "rig")]
        "rig" => {
            let agent = loop_peers::rig::agent(calls);
            for _ in 0..runs {
                rt.block_on(loop_peers::rig::run(&agent, calls));
            }
        }
        other => panic!(
            "unknown loop `{other}`: ours, ours-mt, ours-mt-in-place, journaled, fanout, fanout-seq, scripted or rig"
        ),
    }
}
