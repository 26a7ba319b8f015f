//! Helper for profiling and sanity checks, not a bench:
//! `cargo run --release --manifest-path benches/json-peers/Cargo.toml --example json_repair_profile -- <what> [iters]`
//! where `<what>` is `check` (what each repairer returns on the large document, and how many
//! corpus cases each gets right: the expected value, or a refusal for garbage), or `large`,
//! `corpus`, `valid` or `valid-large` followed by an iteration count and a repairer (`agents`,
//! `jsonrepair`, `llm_json`, or `serde_json` for the valid inputs):
//! repeat it on that input, to run under `valgrind --tool=callgrind`, which counts instructions
//! reproducibly on a noisy machine.

use json_peers::{
    expected_cases, large_malformed, large_valid, malformed_corpus, same_value, valid_corpus,
};
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
            let ours = agents_json::repair(&large).expect("ours");
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
                ok(&|s| agents_json::repair(s).is_ok())
            );
            let jr = jsonrepair::Options::default();
            println!(
                "jsonrepair ok: {}",
                ok(&|s| jsonrepair::repair_to_value(s, &jr).is_ok())
            );
            let lj = llm_json::RepairOptions::default();
            println!("llm_json ok: {}", ok(&|s| llm_json::loads(s, &lj).is_ok()));
            // The expected value (or the refusal) of every case, valid and garbage included.
            let cases = expected_cases();
            let right = |f: &dyn Fn(&str) -> Option<Value>| {
                cases
                    .iter()
                    .filter(|(input, want)| match (f(input), want) {
                        (Some(got), Some(want)) => same_value(&got, want),
                        (got, want) => got.is_none() && want.is_none(),
                    })
                    .count()
            };
            println!("cases with their expected outcome, of {}:", cases.len());
            println!(
                "  agents {}",
                right(&|s| agents_json::repair(s).ok().map(|r| r.value))
            );
            // jsonrepair 0.1 allocates without bound on an XML error page: counted as wrong
            // without calling it.
            println!(
                "  jsonrepair {}",
                right(&|s| {
                    if s.starts_with("<?xml") {
                        return Some(Value::Null);
                    }
                    jsonrepair::repair_to_value(s, &jr).ok()
                })
            );
            println!("  llm_json {}", right(&|s| llm_json::loads(s, &lj).ok()));
            println!(
                "  serde_json {}",
                right(&|s| serde_json::from_str::<Value>(s).ok())
            );
        }
        "large" | "corpus" | "valid" | "valid-large" | "repaired" => {
            let inputs = match what {
                "large" => vec![large_malformed()],
                "corpus" => malformed_corpus(),
                // What repair returns for the malformed corpus, written out as JSON: what
                // building the same values costs `serde_json`, the floor for any repairer.
                "repaired" => malformed_corpus()
                    .iter()
                    .filter_map(|s| agents_json::repair(s).ok())
                    .map(|r| r.value.to_string())
                    .collect(),
                "valid" => valid_corpus(),
                _ => vec![large_valid()],
            };
            let jr = jsonrepair::Options::default();
            let lj = llm_json::RepairOptions::default();
            let repairer: Box<dyn Fn(&str) -> bool> =
                match args.get(3).map_or("agents", String::as_str) {
                    "agents" => Box::new(|s: &str| agents_json::repair(s).is_ok()),
                    "jsonrepair" => {
                        Box::new(move |s: &str| jsonrepair::repair_to_value(s, &jr).is_ok())
                    }
                    "llm_json" => Box::new(move |s: &str| llm_json::loads(s, &lj).is_ok()),
                    "serde_json" => Box::new(|s: &str| serde_json::from_str::<Value>(s).is_ok()),
                    other => panic!("unknown repairer {other}"),
                };
            for _ in 0..iters {
                for s in &inputs {
                    black_box(repairer(black_box(s)));
                }
            }
        }
        other => panic!("unknown mode {other}"),
    }
}
