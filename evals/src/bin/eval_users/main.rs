//! The held-out evaluation (docs/EVAL.md, "Suite 2"): 64 requests written as people type them,
//! over 7 tools and 3 decoy tools, worked examples only for the decoys. Each request and seed
//! runs with recovery on and off, and each run's first answer is replayed through the other
//! mode, so what recovery did is measured on the same first answer, apart from sampling noise.
//!
//! Needs the local model server (`scripts/local-llm.sh start`):
//!
//! ```text
//! cargo run -p agents-evals --bin eval_users
//! EVAL_LIMIT=4 EVAL_SAMPLES=1 cargo run -p agents-evals --bin eval_users
//! EVAL_ONLY=average EVAL_TRACE=1 cargo run -p agents-evals --bin eval_users
//! ```
//!
//! Prints a Markdown report and writes every run (each turn's raw model text included) to
//! `target/eval_users.jsonl`.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agents::model::{FinishReason, Sampling};
use agents::{Budget, Event, LlmAgent};
use agents_evals::replay::{First, Recorded};
use agents_evals::suite::Case;
use agents_evals::{settings, suite};
use serde_json::json;

/// What one run did.
struct Run {
    right: bool,
    turns: u32,
    /// Calls that ran without error on a tool other than the requested one.
    unasked: usize,
    first: Option<First>,
    raw: Vec<String>,
}

async fn run(url: &str, case: &Case, seed: u64, recovery: bool, replay: Option<First>) -> Run {
    let live = settings::local_model(url, Duration::from_secs(300))
        .format(suite::format())
        .max_tokens(64)
        .build()
        .expect("client");
    let model = Arc::new(match replay {
        Some(first) => Recorded::replaying(live, first),
        None => Recorded::live(live),
    });
    let right = Arc::new(Mutex::new(false));
    let unasked = Arc::new(Mutex::new(0usize));
    let raw = Arc::new(Mutex::new(Vec::new()));
    let (hook_right, hook_unasked, hook_raw) = (right.clone(), unasked.clone(), raw.clone());
    let (want_tool, want_args) = (case.tool, case.args.clone());
    let trace = std::env::var_os("EVAL_TRACE").is_some();
    let builder = LlmAgent::<String, String>::builder("eval")
        .model(model.clone())
        .sampling(Sampling {
            temperature: Some(0.7),
            seed: Some(seed),
            ..Sampling::default()
        });
    let agent = suite::tools(builder)
        .strict(!recovery)
        .budget(Budget {
            max_turns: Some(if recovery { 3 } else { 1 }),
            ..Budget::default()
        })
        .on_tool_use(move |u| {
            if u.is_error {
                return;
            }
            if u.name != want_tool {
                *hook_unasked.lock().unwrap() += 1;
            } else if u.repaired.is_some_and(|v| suite::matches(&want_args, v)) {
                *hook_right.lock().unwrap() = true;
            }
        })
        .on_event(move |e| {
            if trace {
                match e {
                    Event::ValueAsked {
                        argument, answer, ..
                    } => eprintln!("    asked for {argument}: {answer:?}"),
                    Event::Repaired { step, fixes, .. } => eprintln!("    {step}: {fixes:?}"),
                    Event::ToolFailed { error, .. } => eprintln!("    failed: {error}"),
                    _ => {}
                }
            }
            if let Event::ModelResponded { raw, calls, .. } = e {
                let text = raw.clone().unwrap_or_else(|| {
                    let c: Vec<String> = calls
                        .iter()
                        .map(|c| format!("{} {}", c.name, c.arguments))
                        .collect();
                    c.join(" | ")
                });
                hook_raw.lock().unwrap().push(text);
            }
        })
        .build()
        .expect("agent");
    let report = agent.run(case.request.to_owned()).report().await;
    if std::env::var_os("EVAL_TRACE").is_some() {
        for m in &report.transcript {
            eprintln!("    {}", serde_json::to_string(m).unwrap_or_default());
        }
    }
    let right = *right.lock().unwrap();
    let unasked = *unasked.lock().unwrap();
    let raw = raw.lock().unwrap().clone();
    Run {
        right,
        turns: report.turns,
        unasked,
        first: model.first(),
        raw,
    }
}

/// What a first answer was, in a few words.
fn first_kind(first: Option<&First>, case: &Case) -> &'static str {
    let r = match first {
        None => return "no answer",
        Some(Err(_)) => return "model error (made-up Result line, ...)",
        Some(Ok(r)) => r,
    };
    let Some(c) = r.tool_calls.first() else {
        return "no call (text)";
    };
    if c.name != case.tool {
        return if suite::DECOYS.contains(&c.name.as_str()) {
            "a decoy tool"
        } else if suite::TOOLS.contains(&c.name.as_str()) {
            "another requested tool"
        } else {
            "unknown tool name"
        };
    }
    match agents::json::repair(&c.arguments) {
        Err(_) if r.finish_reason == FinishReason::Length => "right tool, cut off",
        Err(_) => "right tool, unreadable arguments",
        Ok(v) if suite::matches(&case.args, &v.value) => "right tool, right arguments (as read)",
        Ok(_) => "right tool, other arguments",
    }
}

#[derive(Default, Clone, Copy)]
struct Tally {
    n: usize,
    on: usize,
    off: usize,
}

impl Tally {
    fn add(&mut self, on: bool, off: bool) {
        self.n += 1;
        self.on += on as usize;
        self.off += off as usize;
    }
}

fn pct(k: usize, n: usize) -> String {
    if n == 0 {
        return "-".into();
    }
    format!("{:.1}%", 100.0 * k as f64 / n as f64)
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let (url, samples, limit, only) = settings::Settings::from_env().into_parts();
    let cases: Vec<Case> = suite::cases()
        .into_iter()
        .filter(|c| only.as_deref().is_none_or(|t| t == c.tool))
        .take(limit)
        .collect();
    let mut log = settings::log_file("eval_users.jsonl");
    let started = Instant::now();
    let mut live = Tally::default();
    let mut turns = (0u32, 0u32);
    let mut unasked = (0usize, 0usize);
    let mut same = Tally::default();
    let (mut fixed, mut broke) = (0usize, 0usize);
    let mut per_tool: BTreeMap<&str, (Tally, Tally)> = BTreeMap::new();
    let mut per_tag: BTreeMap<&str, (Tally, Tally)> = BTreeMap::new();
    let mut kinds: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    for (i, case) in cases.iter().enumerate() {
        for seed in settings::first_seed()..settings::first_seed() + samples {
            let on = run(&url, case, seed, true, None).await;
            let off = run(&url, case, seed, false, None).await;
            let off_on_first = run(&url, case, seed, false, on.first.clone()).await;
            let on_off_first = run(&url, case, seed, true, off.first.clone()).await;
            live.add(on.right, off.right);
            turns.0 += on.turns;
            turns.1 += off.turns;
            unasked.0 += on.unasked;
            unasked.1 += off.unasked;
            let pairs = [
                ("on's first answer", &on, &off_on_first),
                ("off's first answer", &on_off_first, &off),
            ];
            let mut replayed = Tally::default();
            for (_, with, without) in pairs {
                replayed.add(with.right, without.right);
                fixed += (with.right && !without.right) as usize;
                broke += (!with.right && without.right) as usize;
                let k = kinds
                    .entry(first_kind(with.first.as_ref(), case))
                    .or_default();
                k.0 += 1;
                k.1 += with.right as usize;
            }
            same.n += replayed.n;
            same.on += replayed.on;
            same.off += replayed.off;
            let t = per_tool.entry(case.tool).or_default();
            t.0.add(on.right, off.right);
            t.1.n += replayed.n;
            t.1.on += replayed.on;
            t.1.off += replayed.off;
            for tag in case.tags {
                let t = per_tag.entry(tag).or_default();
                t.0.add(on.right, off.right);
                t.1.n += replayed.n;
                t.1.on += replayed.on;
                t.1.off += replayed.off;
            }
            let mark = |b: bool| if b { "R" } else { "-" };
            eprintln!(
                "[{:>5.0}s] #{i:<2} seed {seed} {:<15} live on {} off {} | on-first: on {} off {} | off-first: on {} off {} | {}",
                started.elapsed().as_secs_f64(),
                case.tool,
                mark(on.right),
                mark(off.right),
                mark(on.right),
                mark(off_on_first.right),
                mark(on_off_first.right),
                mark(off.right),
                on.raw
                    .first()
                    .map(|t| t.chars().take(100).collect::<String>())
                    .unwrap_or_default()
            );
            if let Some(f) = log.as_mut() {
                for (mode, r) in [
                    ("on", &on),
                    ("off", &off),
                    ("off_replaying_on", &off_on_first),
                    ("on_replaying_off", &on_off_first),
                ] {
                    let line = json!({"case": i, "request": case.request, "tool": case.tool, "seed": seed,
                        "mode": mode, "right": r.right, "turns": r.turns, "unasked": r.unasked,
                        "first": first_kind(r.first.as_ref(), case), "raw": r.raw});
                    let _ = writeln!(f, "{line}");
                }
            }
        }
    }
    let n = live.n;
    println!("## Suite 2 results\n");
    println!(
        "{} requests over {} tools (+{} decoys), {samples} seed(s) each from seed {} (temperature 0.7), {:.0} s.\n",
        cases.len(),
        suite::TOOLS.len(),
        suite::DECOYS.len(),
        settings::first_seed(),
        started.elapsed().as_secs_f64()
    );
    println!("### Live runs\n");
    println!(
        "| recovery | runs | right | share | model turns per run | calls run on a tool nobody asked for |"
    );
    println!("|---|---|---|---|---|---|");
    for (mode, right, turns, unasked) in [
        ("on", live.on, turns.0, unasked.0),
        ("off", live.off, turns.1, unasked.1),
    ] {
        println!(
            "| {mode} | {n} | {right} | **{}** | {:.2} | {unasked} |",
            pct(right, n),
            turns as f64 / n.max(1) as f64
        );
    }
    println!("\n### The same first answer through both modes\n");
    println!(
        "Each run's first answer (on's and off's) replayed through the other mode: {} pairs.\n",
        same.n
    );
    println!("| on | off | recovery fixed | recovery broke |\n|---|---|---|---|");
    println!(
        "| {} ({}) | {} ({}) | {fixed} | {broke} |",
        same.on,
        pct(same.on, same.n),
        same.off,
        pct(same.off, same.n)
    );
    println!("\n### Per tool (live on / off; same first answer on / off)\n");
    println!("| tool | live on | live off | replay on | replay off |\n|---|---|---|---|---|");
    for (tool, (l, r)) in &per_tool {
        println!(
            "| {tool} | {}/{} | {}/{} | {}/{} | {}/{} |",
            l.on, l.n, l.off, l.n, r.on, r.n, r.off, r.n
        );
    }
    println!("\n### Per category\n");
    println!("| category | live on | live off | replay on | replay off |\n|---|---|---|---|---|");
    for tag in suite::TAGS {
        if let Some((l, r)) = per_tag.get(tag) {
            println!(
                "| {tag} | {}/{} | {}/{} | {}/{} | {}/{} |",
                l.on, l.n, l.off, l.n, r.on, r.n, r.off, r.n
            );
        }
    }
    println!(
        "\n### First answers (all {} of the pairs), and how many ended right with recovery on\n",
        same.n
    );
    println!("| first answer | pairs | right with recovery on |\n|---|---|---|");
    let mut kinds: Vec<_> = kinds.into_iter().collect();
    kinds.sort_by_key(|k| std::cmp::Reverse(k.1.0));
    for (k, (n, r)) in kinds {
        println!("| {k} | {n} | {r} |");
    }
}
