//! Benches for `agents_json::repair`.
//!
//! - `valid/*`: `repair` against `serde_json::from_str` on the same valid inputs (the strict fast
//!   path should make the ratio close to 1).
//! - `malformed/*`: throughput of `repair` on the malformed corpus in `tests/fixtures/json` and
//!   on one large malformed document. The comparison with other crates lives in
//!   `benches/json-peers` (a separate package, so their dependencies stay out of the workspace).
//!
//! Run: `cargo bench -p agents-json --bench json`.

use agents_json::repair;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde_json::Value;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

/// Inputs of the corpus files, split into (valid, malformed); garbage is left out.
fn corpus() -> (Vec<String>, Vec<String>) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/json");
    let mut valid = Vec::new();
    let mut malformed = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    for file in files
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
    {
        let stem = file
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .into_owned();
        for line in std::fs::read_to_string(file).expect("read").lines() {
            let row: Value = serde_json::from_str(line).expect("row");
            let input = row["input"].as_str().expect("input").to_owned();
            match stem.as_str() {
                "valid" => valid.push(input),
                "garbage" => {}
                _ => malformed.push(input),
            }
        }
    }
    (valid, malformed)
}

/// A realistic large valid document: an array of tool-call records.
fn large_valid() -> String {
    let item = r#"{"id": 12345, "name": "get_weather", "arguments": {"city": "San Francisco, CA", "days": 7, "units": "metric"}, "ok": true, "score": 0.875, "tags": ["a", "b", "c"]}"#;
    format!("[{}]", vec![item; 2_000].join(","))
}

/// The same document written the way a small model writes it: single quotes, Python literals,
/// trailing commas, unquoted keys, comments, and cut off at the end.
fn large_malformed() -> String {
    let item = "{id: 12345, 'name': 'get_weather', 'arguments': {'city': 'San Francisco, CA', 'days': 7, 'units': 'metric',}, 'ok': True, 'score': .875, 'tags': ['a', 'b', 'c',],} // call\n";
    format!("```json\n[{}", item.repeat(2_000))
}

fn bench_valid(c: &mut Criterion) {
    let (valid, _) = corpus();
    let large = large_valid();
    let mut group = c.benchmark_group("valid");
    group
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    let corpus_bytes: usize = valid.iter().map(String::len).sum();
    group.throughput(Throughput::Bytes(corpus_bytes as u64));
    group.bench_function("corpus/serde_json", |b| {
        b.iter(|| {
            valid
                .iter()
                .map(|s| serde_json::from_str::<Value>(black_box(s)).is_ok() as usize)
                .sum::<usize>()
        })
    });
    group.bench_function("corpus/repair", |b| {
        b.iter(|| {
            valid
                .iter()
                .map(|s| repair(black_box(s)).is_ok() as usize)
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Bytes(large.len() as u64));
    group.bench_function("large/serde_json", |b| {
        b.iter(|| serde_json::from_str::<Value>(black_box(&large)).is_ok())
    });
    group.bench_function("large/repair", |b| {
        b.iter(|| repair(black_box(&large)).is_ok())
    });
    group.finish();
}

fn bench_malformed(c: &mut Criterion) {
    let (_, malformed) = corpus();
    let large = large_malformed();
    let mut group = c.benchmark_group("malformed");
    group
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    let corpus_bytes: usize = malformed.iter().map(String::len).sum();
    group.throughput(Throughput::Bytes(corpus_bytes as u64));
    group.bench_function("corpus/repair", |b| {
        b.iter(|| {
            malformed
                .iter()
                .map(|s| repair(black_box(s)).is_ok() as usize)
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Bytes(large.len() as u64));
    group.bench_function("large/repair", |b| {
        b.iter(|| repair(black_box(&large)).is_ok())
    });
    group.finish();
}

criterion_group!(benches, bench_valid, bench_malformed);
criterion_main!(benches);
