//! Reads the last `cargo bench` results of `benches/loop.rs` from criterion's output and prints
//! the per-run and per-call table of docs/PERFORMANCE.md.
//!
//! Per call = (run(10) - run(1)) / 9, from criterion's median estimates; the ratio is rig's
//! per-call cost over ours.
//!
//! Criterion's output sits in `$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`, else
//! `target/criterion` under this package.

use std::path::PathBuf;

fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("criterion")
}

/// Median and its 95 % interval, in nanoseconds, of bench `name/n`; `None` if it did not run.
fn median_ns(dir: &std::path::Path, group: &str, name: &str, n: usize) -> Option<(f64, f64, f64)> {
    let path = dir
        .join(group)
        .join(format!("{name}_{n}"))
        .join("new")
        .join("estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    let m = &v["median"];
    let num = |x: &serde_json::Value| x.to_string().trim_matches('"').parse::<f64>().ok();
    Some((
        num(&m["point_estimate"])?,
        num(&m["confidence_interval"]["lower_bound"])?,
        num(&m["confidence_interval"]["upper_bound"])?,
    ))
}

fn us(ns: f64) -> String {
    format!("{:.2} µs", ns / 1000.0)
}

fn main() {
    let dir = criterion_dir();
    println!("criterion results: {}", dir.display());
    for (group, title) in [
        (
            "agent_loop",
            "both loops in one run (rig's serde_json features unified in)",
        ),
        (
            "agent_loop_workspace_features",
            "agents-core alone (`--no-default-features`: the workspace's serde_json features)",
        ),
    ] {
        if dir.join(group).is_dir() {
            println!();
            println!("## {group}: {title}");
            table(&dir, group);
        }
    }
}

fn table(dir: &std::path::Path, group: &str) {
    println!();
    println!("| loop | run, N = 1 | run, N = 10 | per call (N=10 - N=1) / 9 |");
    println!("| --- | --- | --- | --- |");
    let mut per_call = Vec::new();
    for (name, label) in [
        ("ours_replay", "agents-core, non-recording scripted model"),
        (
            "ours_scripted",
            "agents-core, `ScriptedModel` (records requests)",
        ),
        ("rig", "rig-agent 0.44, non-recording scripted wire"),
    ] {
        let (Some(one), Some(ten)) = (
            median_ns(dir, group, name, 1),
            median_ns(dir, group, name, 10),
        ) else {
            continue;
        };
        let call = (ten.0 - one.0) / 9.0;
        per_call.push((name, call));
        println!(
            "| {label} | {} ({}–{}) | {} ({}–{}) | {} |",
            us(one.0),
            us(one.1),
            us(one.2),
            us(ten.0),
            us(ten.1),
            us(ten.2),
            us(call)
        );
    }
    let get = |n: &str| per_call.iter().find(|(k, _)| *k == n).map(|(_, v)| *v);
    println!();
    if let (Some(ours), Some(rig)) = (get("ours_replay"), get("rig")) {
        println!(
            "per-call ratio rig / ours = {:.2} (above 1: ours is faster)",
            rig / ours
        );
    }
    if let (Some(ours), Some(scripted)) = (get("ours_replay"), get("ours_scripted")) {
        println!(
            "ScriptedModel's recording adds {} per call",
            us(scripted - ours)
        );
    }
}
