//! Agent-loop overhead per tool call, agents-core against rig, in one criterion run.
//!
//! Each bench measures one whole run of the scenario in `src/lib.rs` (N turns of one no-op tool
//! call each, then a text answer) for N = 1 and N = 10. The `summary` binary derives the cost
//! of one call round trip as (run(10) - run(1)) / 9 and the ratio between the loops.
//!
//! - `ours_replay/N`: `LlmAgent` over a scripted model that keeps nothing (the fair comparison).
//! - `ours_scripted/N`: `LlmAgent` over the public `ScriptedModel`, which also clones and keeps
//!   every request; a fresh model and agent per run, built outside the timed part.
//! - `rig/N`: rig-agent's `Agent` over a scripted wire and transport that keep nothing.

use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use loop_peers::{ours, runtime};

const TURNS: [usize; 2] = [1, 10];

/// With the `rig` feature off, agents-core is built with exactly the workspace's serde_json
/// features (rig's `preserve_order` is not unified in), and the results go to their own group.
const GROUP: &str = if cfg!(feature = "rig") {
    "agent_loop"
} else {
    "agent_loop_workspace_features"
};

fn agent_loop(c: &mut Criterion) {
    let rt = runtime();
    let mut group = c.benchmark_group(GROUP);
    group
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(50);

    for n in TURNS {
        let agent = ours::replay_agent(n);
        rt.block_on(ours::run(&agent));
        group.bench_function(format!("ours_replay/{n}"), |b| {
            b.iter(|| rt.block_on(ours::run(&agent)))
        });

        group.bench_function(format!("ours_scripted/{n}"), |b| {
            b.iter_batched(
                || ours::scripted_agent(n),
                |agent| {
                    rt.block_on(ours::run(&agent));
                    // Dropped after the timed part, with every request the model kept.
                    agent
                },
                BatchSize::SmallInput,
            )
        });

        #[cfg(feature = "rig")]
        {
            use loop_peers::rig;
            let agent = rig::agent(n);
            rt.block_on(rig::run(&agent, n));
            group.bench_function(format!("rig/{n}"), |b| {
                b.iter(|| rt.block_on(rig::run(&agent, n)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, agent_loop);
criterion_main!(benches);
