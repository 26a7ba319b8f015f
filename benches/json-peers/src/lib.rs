//! Bench-only package; see `benches/peers.rs`. Holds the inputs the bench and the profiling
//! example share.

use serde_json::Value;
use std::path::PathBuf;

/// The inputs of the corpus in `tests/fixtures/json`, except the valid and garbage cases.
pub fn malformed_corpus() -> Vec<String> {
    corpus(|stem| stem != "valid" && stem != "garbage")
}

/// Every case of the corpus as (input, expected value), `None` where repair must refuse.
pub fn expected_cases() -> Vec<(String, Option<Value>)> {
    rows(|_| true)
        .into_iter()
        .map(|row| {
            let input = row["input"].as_str().expect("input").to_owned();
            let expected = if row["error"].as_bool() == Some(true) {
                None
            } else if row["expected"].is_null() {
                // Valid cases: the expected value is the strict parse of the input.
                serde_json::from_str(&input).ok()
            } else {
                Some(row["expected"].clone())
            };
            (input, expected)
        })
        .collect()
}

/// The valid inputs of the corpus.
pub fn valid_corpus() -> Vec<String> {
    corpus(|stem| stem == "valid")
}

/// A large valid document, the same as in `agents-core/benches/json.rs`.
pub fn large_valid() -> String {
    let item = r#"{"id": 12345, "name": "get_weather", "arguments": {"city": "San Francisco, CA", "days": 7, "units": "metric"}, "ok": true, "score": 0.875, "tags": ["a", "b", "c"]}"#;
    format!("[{}]", vec![item; 2_000].join(","))
}

/// The inputs of the corpus files whose stem `keep` accepts.
fn corpus(keep: impl Fn(&str) -> bool) -> Vec<String> {
    rows(keep)
        .into_iter()
        .map(|row| row["input"].as_str().expect("input").to_owned())
        .collect()
}

/// The rows of the corpus files whose stem `keep` accepts.
fn rows(keep: impl Fn(&str) -> bool) -> Vec<Value> {
    // `JSON_CORPUS_DIR=<dir>` reads another copy of the corpus (an older one, to compare a
    // change's throughput on the inputs it was measured on before).
    let dir = std::env::var_os("JSON_CORPUS_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/json"),
        PathBuf::from,
    );
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let stem = file
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .into_owned();
        // `JSON_CORPUS_ONLY=strings` narrows the corpus to one category, for profiling.
        let only = std::env::var("JSON_CORPUS_ONLY").ok();
        if !keep(&stem) || only.is_some_and(|o| o != stem) {
            continue;
        }
        for line in std::fs::read_to_string(file).expect("read").lines() {
            out.push(serde_json::from_str(line).expect("row"));
        }
    }
    out
}

/// One large malformed document, the same shape as in `agents-core/benches/json.rs`: 2,000
/// tool-call records as a small model writes them, in a fence, without commas between records,
/// cut off at the end.
pub fn large_malformed() -> String {
    let item = "{id: 12345, 'name': 'get_weather', 'arguments': {'city': 'San Francisco, CA', 'days': 7, 'units': 'metric',}, 'ok': True, 'score': .875, 'tags': ['a', 'b', 'c',],} // call\n";
    format!("```json\n[{}", item.repeat(2_000))
}

/// Value equality that compares numbers by value (`0.5` and `5e-1` are the same), as the
/// corpus test does: repairers may normalise a number's text differently.
pub fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            x.to_string() == y.to_string() || x.as_f64().is_some_and(|p| Some(p) == y.as_f64())
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_value(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_value(v, w)))
        }
        _ => a == b,
    }
}
