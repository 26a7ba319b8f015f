//! Helper for profiling and sanity checks, not a bench:
//! `cargo run --release --manifest-path benches/json-peers/Cargo.toml --example profile -- <what> [iters]`
//! where `<what>` is `check` (what each repairer returns on the large document), `large` or
//! `corpus` (repeat `agents_core::json::repair`; run under `valgrind --tool=callgrind`).

use json_peers::{large_malformed, malformed_corpus};
use serde_json::Value;
use std::hint::black_box;

fn shape(v: &Value) -> String {
    match v {
        Value::Array(a) => format!("array of {}", a.len()),
        Value::Object(o) => format!("object of {}", o.len()),
        other => format!("{other}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map_or("check", String::as_str);
    let iters: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    match what {
        "check" => {
            let large = large_malformed();
            let ours = agents_core::json::repair(&large).expect("ours");
            println!(
                "agents: {} ({} fixes)",
                shape(&ours.value),
                ours.fixes.len()
            );
            match jsonrepair::repair_to_value(&large, &jsonrepair::Options::default()) {
                Ok(v) => println!("jsonrepair: {}", shape(&v)),
                Err(e) => println!("jsonrepair: error {e}"),
            }
            match llm_json::loads(&large, &llm_json::RepairOptions::default()) {
                Ok(v) => println!("llm_json: {}", shape(&v)),
                Err(e) => println!("llm_json: error {e}"),
            }
            let items = [
                (
                    "quotes",
                    "{'id': 12345, 'name': 'get_weather', 'city': 'San Francisco, CA'}",
                ),
                ("unquoted", "{id: 12345, name: 'get_weather'}"),
                ("trailing", "{\"id\": 12345, \"tags\": [\"a\", \"b\",],}"),
                ("python", "{\"ok\": True, \"x\": None}"),
                ("dot", "{\"score\": .875}"),
                ("nested", "{\"a\": {\"b\": 1}, \"c\": 2}"),
            ];
            for (name, item) in items {
                let doc = format!("[{}]", [item; 3].join(",\n"));
                let j = jsonrepair::repair_to_value(&doc, &jsonrepair::Options::default())
                    .map(|v| shape(&v));
                let l =
                    llm_json::loads(&doc, &llm_json::RepairOptions::default()).map(|v| shape(&v));
                println!("{name}: jsonrepair {:?} llm_json {:?}", j.ok(), l.ok());
            }
            let corpus = malformed_corpus();
            let ok = |f: &dyn Fn(&str) -> bool| corpus.iter().filter(|s| f(s)).count();
            println!("corpus: {} inputs", corpus.len());
            println!(
                "agents ok: {}",
                ok(&|s| agents_core::json::repair(s).is_ok())
            );
            let jr = jsonrepair::Options::default();
            println!(
                "jsonrepair ok: {}",
                ok(&|s| jsonrepair::repair_to_value(s, &jr).is_ok())
            );
            let lj = llm_json::RepairOptions::default();
            println!("llm_json ok: {}", ok(&|s| llm_json::loads(s, &lj).is_ok()));
        }
        "large" => {
            let large = large_malformed();
            for _ in 0..iters {
                black_box(agents_core::json::repair(black_box(&large)).is_ok());
            }
        }
        "corpus" => {
            let corpus = malformed_corpus();
            for _ in 0..iters {
                for s in &corpus {
                    black_box(agents_core::json::repair(black_box(s)).is_ok());
                }
            }
        }
        other => panic!("unknown mode {other}"),
    }
}
