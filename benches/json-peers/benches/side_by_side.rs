//! Ratios, measured side by side: each contender runs once per round, in turn (the order
//! reversed every other round), and the fastest round of each is kept. On a shared, noisy machine the separate runs criterion makes drift
//! apart (the same bench moves by 20% between runs); interleaving exposes every contender to
//! the same noise, and the minimum over many rounds is the time with the least of it.
//!
//! Run: `cargo bench --manifest-path benches/json-peers/Cargo.toml --bench side_by_side`
//! (`ROUNDS=1000` for more rounds). Prints a markdown table for docs/PERFORMANCE.md.

use json_peers::{
    expected_cases, large_malformed, large_valid, malformed_corpus, same_value, valid_corpus,
};
use serde_json::Value;
use std::hint::black_box;
use std::time::Instant;

type Contender<'a> = (&'static str, Box<dyn Fn(&str) -> bool + 'a>);

/// Fastest time (seconds) of each contender over `inputs`, interleaved for `rounds` rounds,
/// each round repeating the inputs `reps` times.
fn fastest(
    contenders: &[Contender<'_>],
    inputs: &[String],
    rounds: usize,
    reps: usize,
) -> Vec<f64> {
    let mut best = vec![f64::MAX; contenders.len()];
    for round in 0..rounds {
        // Every other round in reverse order, so that no contender always runs first.
        let order: Vec<usize> = if round % 2 == 0 {
            (0..contenders.len()).collect()
        } else {
            (0..contenders.len()).rev().collect()
        };
        for i in order {
            let run = &contenders[i].1;
            let start = Instant::now();
            for _ in 0..reps {
                for input in inputs {
                    black_box(run(black_box(input)));
                }
            }
            best[i] = best[i].min(start.elapsed().as_secs_f64() / reps as f64);
        }
    }
    best
}

fn report(
    title: &str,
    contenders: &[Contender<'_>],
    inputs: &[String],
    rounds: usize,
    reps: usize,
) {
    let bytes: usize = inputs.iter().map(String::len).sum();
    let best = fastest(contenders, inputs, rounds, reps);
    let ours = best[0];
    for ((name, _), time) in contenders.iter().zip(&best) {
        let mib_s = bytes as f64 / time / (1 << 20) as f64;
        println!(
            "| {title} | {name} | {:.1} µs | {mib_s:.1} MiB/s | {:.2} |",
            time * 1e6,
            time / ours
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; there are no filters to honour.
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(400);
    let jr = jsonrepair::Options::default();
    let lj = llm_json::RepairOptions::default();
    let repair = |s: &str| agents_json::repair(s).is_ok();
    println!("| input | contender | fastest round | throughput | time / agents |");
    println!("| --- | --- | --- | --- | --- |");
    let valid: Vec<Contender<'_>> = vec![
        ("agents repair", Box::new(repair)),
        (
            "serde_json::from_str",
            Box::new(|s: &str| serde_json::from_str::<Value>(s).is_ok()),
        ),
    ];
    report("valid corpus", &valid, &valid_corpus(), rounds, 8);
    report(
        "large valid document",
        &valid,
        &[large_valid()],
        rounds / 20,
        1,
    );
    let peers: Vec<Contender<'_>> = vec![
        ("agents", Box::new(repair)),
        (
            "jsonrepair",
            Box::new(|s: &str| jsonrepair::repair_to_value(s, &jr).is_ok()),
        ),
        (
            "llm_json",
            Box::new(|s: &str| llm_json::loads(s, &lj).is_ok()),
        ),
    ];
    report("malformed corpus", &peers, &malformed_corpus(), rounds, 2);
    // The same work for every contender: only the malformed cases that all three repair to
    // the expected value (a peer that gives up early on a case is fast at giving up).
    let shared: Vec<String> = expected_cases()
        .into_iter()
        .filter_map(|(input, want)| {
            let want = want?;
            let right = |got: Option<Value>| got.is_some_and(|g| same_value(&g, &want));
            let strict = serde_json::from_str::<Value>(&input).is_ok();
            (!strict
                && right(agents_json::repair(&input).ok().map(|r| r.value))
                && right(jsonrepair::repair_to_value(&input, &jr).ok())
                && right(llm_json::loads(&input, &lj).ok()))
            .then_some(input)
        })
        .collect();
    report(
        &format!("malformed cases all three get right ({})", shared.len()),
        &peers,
        &shared,
        rounds,
        4,
    );
    report(
        "large malformed document",
        &peers,
        &[large_malformed()],
        rounds / 20,
        1,
    );
}
