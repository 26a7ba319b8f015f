//! MB/s of `agents_json::repair` against `jsonrepair` and `llm_json`, each producing a
//! `serde_json::Value`, on the malformed part of the corpus in `tests/fixtures/json` (valid and
//! garbage cases left out) and on one large malformed document.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use json_peers::{large_malformed, malformed_corpus};
use std::hint::black_box;
use std::time::Duration;

type Repairer = Box<dyn Fn(&str) -> bool>;

fn repairers() -> Vec<(&'static str, Repairer)> {
    let jr = jsonrepair::Options::default();
    let lj = llm_json::RepairOptions::default();
    vec![
        (
            "agents",
            Box::new(|s: &str| agents_json::repair(s).is_ok()),
        ),
        (
            "jsonrepair",
            Box::new(move |s: &str| jsonrepair::repair_to_value(s, &jr).is_ok()),
        ),
        (
            "llm_json",
            Box::new(move |s: &str| llm_json::loads(s, &lj).is_ok()),
        ),
    ]
}

fn bench(c: &mut Criterion) {
    let corpus = malformed_corpus();
    let large = large_malformed();
    let mut group = c.benchmark_group("peers");
    group
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    for (name, f) in repairers() {
        group.throughput(Throughput::Bytes(
            corpus.iter().map(String::len).sum::<usize>() as u64,
        ));
        group.bench_function(format!("corpus/{name}"), |b| {
            b.iter(|| corpus.iter().filter(|s| f(black_box(s))).count())
        });
        group.throughput(Throughput::Bytes(large.len() as u64));
        group.bench_function(format!("large/{name}"), |b| b.iter(|| f(black_box(&large))));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
