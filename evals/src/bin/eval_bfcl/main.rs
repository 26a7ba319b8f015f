//! The Berkeley Function Calling Leaderboard's `simple_python` and `multiple` categories (and
//! the held-out sets, with `BFCL_CATEGORIES=live_simple` or `live_multiple`) run through the framework
//! (docs/EVAL.md, "BFCL"): every question an `LlmAgent` over the prompted
//! client on the local model, with the client's defaults (no hand-written examples), greedy, in
//! modes off / on / prevention; every run logged as a JSON line; the log scored with BFCL's own
//! AST checker (evals/bfcl/score.py) and reported as Markdown tables.
//!
//! ```text
//! evals/bfcl/setup.sh                                   # BFCL's pinned package and data
//! LOCAL_LLM_THREADS=1 scripts/local-llm.sh start        # the local model
//! EVAL_EVERY=20 cargo run -p agents-evals --bin eval_bfcl   # a small sample
//! cargo run -p agents-evals --bin eval_bfcl                 # all 600 questions x 3 modes
//! EVAL_SCORE_ONLY=1 cargo run -p agents-evals --bin eval_bfcl   # score the log again
//! ```
//!
//! The log (`EVAL_LOG`, default `target/eval_bfcl.jsonl`) is appended to: a run already in it
//! (same category, question and mode) is not run again, so a stopped measurement resumes where
//! it stopped. A new measurement takes a new log. The settings are in `config.rs`.

mod config;
mod report;
mod run;

use std::collections::HashSet;
use std::io::Write;
use std::time::{Duration, Instant};

use agents_evals::bfcl::{self, Question};
use agents_providers::prompted::{PromptFormat, PromptedCompletions};
use config::Config;
use serde_json::Value;

/// The client every run shares, as an application keeps one: the prompted client's defaults,
/// with the format's made-up examples off only under `EVAL_NO_MADE_UP=1` and the calibrated
/// choice off only under `EVAL_UNCALIBRATED=1`.
fn client(c: &Config) -> PromptedCompletions {
    let mut b = agents_evals::settings::local_model(&c.url, Duration::from_secs(600));
    if c.no_made_up {
        b = b.format(PromptFormat::default().example_every_tool(false));
    }
    if c.uncalibrated {
        b = b.calibrated_choice(false);
    }
    if c.no_tool_words {
        b = b.tool_words(false);
    }
    if c.scored_values {
        b = b.scored_values(true);
    }
    b.build().expect("the prompted client builds")
}

/// The questions to run: each category's every n-th, at most `EVAL_LIMIT`, in ten interleaved
/// passes (questions 0, 10, 20, … of every category first, then 1, 11, …), so that a log cut
/// short is a spread sample of both categories, paired across modes.
fn questions(c: &Config) -> Result<Vec<(String, Question)>, String> {
    let mut all = Vec::new();
    for category in &c.categories {
        let path = c.questions(category);
        let qs = bfcl::load(&path).map_err(|e| format!("{e} (run evals/bfcl/setup.sh first)"))?;
        for (i, q) in qs.into_iter().step_by(c.every).take(c.limit).enumerate() {
            all.push((i % 10, category.clone(), i, q));
        }
    }
    all.sort_by(|a, b| (a.0, &a.1, a.2).cmp(&(b.0, &b.1, b.2)));
    Ok(all.into_iter().map(|(_, c, _, q)| (c, q)).collect())
}

/// The runs already in the log: (category, id, mode).
fn done(c: &Config) -> HashSet<(String, String, String)> {
    let Ok(text) = std::fs::read_to_string(&c.log) else {
        return HashSet::new();
    };
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| {
            let s = |k: &str| v.get(k)?.as_str().map(str::to_owned);
            Some((s("category")?, s("id")?, s("mode")?))
        })
        .collect()
}

async fn measure(c: &Config) -> Result<(), String> {
    let questions = questions(c)?;
    let done = done(c);
    if let Some(dir) = c.log.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&c.log)
        .map_err(|e| format!("cannot open the log {}: {e}", c.log.display()))?;
    let commit = agents_evals::settings::commit();
    let client = client(c);
    let todo = questions.len() * c.modes.len();
    eprintln!(
        "{} questions x {} modes; {} runs already in {}; commit {commit}",
        questions.len(),
        c.modes.len(),
        done.len(),
        c.log.display()
    );
    let started = Instant::now();
    let mut ran = 0usize;
    for (n, (category, q)) in questions.iter().enumerate().skip(c.from) {
        let mut marks = String::new();
        for &mode in &c.modes {
            let key = (category.clone(), q.id.clone(), mode.name().to_owned());
            if done.contains(&key) {
                continue;
            }
            if c.trace {
                eprintln!("  {} {} {:?}", q.id, mode.name(), q.request());
            }
            let r = run::run(&client, q, mode, c).await;
            ran += 1;
            writeln!(log, "{}", r.line(category, q, mode, commit))
                .and_then(|_| log.flush())
                .map_err(|e| format!("cannot write the log: {e}"))?;
            marks.push_str(&format!(
                " {} {} call(s) {:.0}s;",
                mode.name(),
                r.calls.len(),
                r.seconds
            ));
        }
        if !marks.is_empty() {
            eprintln!(
                "[{:>6.0}s] {:>3}/{} {:<18}{marks}",
                started.elapsed().as_secs_f64(),
                n + 1,
                questions.len(),
                q.id
            );
        }
    }
    eprintln!(
        "ran {ran} of {todo} runs in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let c = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if !c.score_only
        && let Err(e) = measure(&c).await
    {
        eprintln!("{e}");
        std::process::exit(1);
    }
    match report::score(&c) {
        Ok(scored) => print!("{}", report::markdown(&c, &scored)),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
