//! Bench-only package; see `benches/peers.rs`. Holds the inputs the bench and the profiling
//! example share.

use serde_json::Value;
use std::path::PathBuf;

/// The inputs of the corpus in `tests/fixtures/json`, except the valid and garbage cases.
pub fn malformed_corpus() -> Vec<String> {
    corpus(|stem| stem != "valid" && stem != "garbage")
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
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/json");
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
            let row: Value = serde_json::from_str(line).expect("row");
            out.push(row["input"].as_str().expect("input").to_owned());
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
