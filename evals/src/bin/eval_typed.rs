//! Typed answers on the local model (docs/EVAL.md, "Typed answers (issue 27)"): how often an
//! `Agent<String, Out>` answers with a valid `Out`, and how often with the right value, for the
//! 30 requests of `agents_evals::typed` over five answer types, each run twice per seed:
//!
//! - **without native output**: the client wrapped so that it says it cannot hold an answer
//!   (`Capabilities::answer` = `Unsupported`; nothing else changes), so the runtime sends no
//!   schema on the request and reads the model's text through its default answer path (lenient
//!   JSON repair, schema-guided coercion, then feedback, `output_retries` 2). Two measurements
//!   come from this run: (a) the first answer as written, read strictly (no repair), and
//!   (b) the run's own answer;
//! - **native**: the client as it is (`PromptedCompletions` says `Schema`), so every answer
//!   turn carries `Out`'s schema and llama.cpp's `json_schema` holds the generation to it:
//!   (c) the run's answer, and the first answer as written beside it.
//!
//! Needs the local model server (`scripts/local-llm.sh start`):
//!
//! ```text
//! EVAL_SAMPLES=2 cargo run -p agents-evals --bin eval_typed
//! ```
//!
//! Settings: `EVAL_SAMPLES` (seeds per request, default 2), `EVAL_FIRST_SEED`, `EVAL_LIMIT` (the
//! first n requests of each type), `EVAL_ONLY` (the types named, by their names in the report, comma-separated),
//! `EVAL_TRACE=1`, `LOCAL_LLM_URL`; `EVAL_REPORT_FROM=<log>[,<log>...]` prints the report of
//! the logs' runs without a model (a run cut short included: the runs go seed by seed). Prints a Markdown report and writes every run (each model
//! response's text and raw generation, the mode, the seed, the outcome) to
//! `target/eval_typed.jsonl` or `EVAL_LOG`.

use std::collections::BTreeMap;
use std::future::Future;
use std::io::Write;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agents::model::{
    Capabilities, ConstraintSupport, Model, ModelError, ModelRequest, ModelResponse, Sampling,
    ToolSpec,
};
use agents::{Budget, Event, LlmAgent, Output};
use agents_evals::settings;
use agents_evals::typed::{
    Appointment, Case, Department, Invoice, Shape, Tally, Triage, read_as_written, value_right,
};
use agents_providers::prompted::PromptedCompletions;
use serde_json::{Value, json};

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What the model was asked and wrote, one entry per model call.
#[derive(Clone)]
struct Seen {
    /// Whether the request carried the answer's schema (`ModelRequest::answer`).
    held: bool,
    text: Option<String>,
    raw: Option<String>,
    calls: usize,
    error: Option<String>,
}

/// The live client, recording every response; with `native` off it says it cannot hold an
/// answer, and is in every other way the client.
struct Watch {
    live: PromptedCompletions,
    native: bool,
    seen: Mutex<Vec<Seen>>,
}

impl Model for Watch {
    fn name(&self) -> &str {
        self.live.name()
    }

    fn capabilities(&self, tools: &[ToolSpec]) -> Capabilities {
        let caps = self.live.capabilities(tools);
        if self.native {
            caps
        } else {
            caps.answer(ConstraintSupport::Unsupported)
        }
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(async move {
            let r = self.live.complete(request).await;
            let seen = match &r {
                Ok(r) => Seen {
                    held: request.answer.is_some(),
                    text: r.text.clone(),
                    raw: r.raw.clone(),
                    calls: r.tool_calls.len(),
                    error: None,
                },
                Err(e) => Seen {
                    held: request.answer.is_some(),
                    text: None,
                    raw: None,
                    calls: 0,
                    error: Some(e.to_string()),
                },
            };
            self.seen.lock().unwrap().push(seen);
            r
        })
    }
}

/// What one run did.
struct Run {
    /// The first answer, read as written (no repair), as JSON.
    first: Option<Value>,
    /// The run's answer, as JSON.
    answer: Option<Value>,
    seen: Vec<Seen>,
    /// The answer's repairs (`json_repair`, `coerce`, ...) and warnings, as events said them.
    notes: Vec<String>,
    error: Option<String>,
    turns: u32,
    seconds: f64,
}

/// The client every run shares, as an application keeps one.
fn client(url: &str) -> PromptedCompletions {
    settings::local_model(url, Duration::from_secs(300))
        // An invoice of three lines is about 90 tokens of JSON; the default 96 would cut it.
        .max_tokens(192)
        .build()
        .expect("client")
}

async fn run_as<T: Output + serde::Serialize>(
    live: &PromptedCompletions,
    case: &Case,
    seed: u64,
    native: bool,
) -> Run {
    let model = Arc::new(Watch {
        live: live.clone(),
        native,
        seen: Mutex::default(),
    });
    let notes = Arc::new(Mutex::new(Vec::new()));
    let hook = notes.clone();
    let agent = LlmAgent::builder("typed")
        .output::<T>()
        .model(model.clone())
        .prompt(case.shape.prompt())
        .sampling(Sampling {
            temperature: Some(0.7),
            seed: Some(seed),
            ..Sampling::default()
        })
        .budget(Budget {
            max_turns: Some(3),
            ..Budget::default()
        })
        .on_event(move |e| match e {
            Event::Repaired { step, kind, .. } => {
                hook.lock()
                    .unwrap()
                    .push(format!("repaired {kind:?} by {step}"));
            }
            Event::Warning { message, .. } => {
                hook.lock().unwrap().push(format!("warning: {message}"));
            }
            _ => {}
        })
        .build()
        .expect("agent");
    let started = Instant::now();
    let report = agent.run(case.text.to_owned()).report().await;
    let seconds = started.elapsed().as_secs_f64();
    let seen = model.seen.lock().unwrap().clone();
    let first = seen
        .first()
        .and_then(|s| s.text.as_deref())
        .and_then(read_as_written::<T>)
        .and_then(|t| serde_json::to_value(t).ok());
    let answer = report.output().and_then(|t| serde_json::to_value(t).ok());
    if std::env::var_os("EVAL_TRACE").is_some() {
        for m in &report.transcript {
            eprintln!("    {}", serde_json::to_string(m).unwrap_or_default());
        }
    }
    let notes = notes.lock().unwrap().clone();
    Run {
        first,
        answer,
        seen,
        notes,
        error: report.error().map(|e| e.to_string()),
        turns: report.turns,
        seconds,
    }
}

async fn run(live: &PromptedCompletions, case: &Case, seed: u64, native: bool) -> Run {
    match case.shape {
        Shape::Invoice => run_as::<Invoice>(live, case, seed, native).await,
        Shape::Department => run_as::<Department>(live, case, seed, native).await,
        Shape::Triage => run_as::<Triage>(live, case, seed, native).await,
        Shape::Appointment => run_as::<Appointment>(live, case, seed, native).await,
        Shape::Guests => run_as::<Vec<String>>(live, case, seed, native).await,
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    if let Ok(path) = std::env::var("EVAL_REPORT_FROM") {
        return report_from(&path);
    }
    let (url, samples, limit, only) = settings::Settings::from_env().into_parts();
    let live = client(&url);
    let mut per_shape: BTreeMap<Shape, usize> = BTreeMap::new();
    let cases: Vec<Case> = agents_evals::typed::cases()
        .into_iter()
        .filter(|c| {
            only.as_deref()
                .is_none_or(|o| o.split(',').any(|n| n.trim() == c.shape.name()))
        })
        .filter(|c| {
            let n = per_shape.entry(c.shape).or_default();
            *n += 1;
            *n <= limit
        })
        .collect();
    let first_seed = settings::first_seed();
    let mut log = settings::log_file("eval_typed.jsonl");
    let commit = settings::commit();
    let started = Instant::now();
    let mut tally = Tally::default();
    // Seed by seed, so that a run cut short holds every request on its first seeds.
    for seed in first_seed..first_seed + samples {
        for (i, case) in cases.iter().enumerate() {
            let mut marks = String::new();
            for native in [false, true] {
                let r = run(&live, case, seed, native).await;
                let right =
                    |v: &Option<Value>| v.as_ref().is_some_and(|v| value_right(&case.expected, v));
                let mark = |v: &Option<Value>| match v {
                    None => "-",
                    Some(_) if right(v) => "R",
                    Some(_) => "v",
                };
                marks.push_str(&format!(
                    " {} {}{} ({} calls, {:.0}s)",
                    if native { "native" } else { "plain" },
                    mark(&r.first),
                    mark(&r.answer),
                    r.seen.len(),
                    r.seconds
                ));
                let responses: Vec<Value> = r
                    .seen
                    .iter()
                    .map(|s| {
                        json!({"held": s.held, "text": s.text, "raw": s.raw,
                            "tool_calls": s.calls, "error": s.error})
                    })
                    .collect();
                let line = json!({"case": i, "type": case.shape.name(), "request": case.text,
                    "expected": case.expected, "seed": seed,
                    "mode": if native { "native" } else { "no native" },
                    "first_as_written": r.first, "first_valid": r.first.is_some(),
                    "first_right": right(&r.first), "answer": r.answer,
                    "valid": r.answer.is_some(), "right": right(&r.answer),
                    "responses": responses, "notes": r.notes, "error": r.error,
                    "turns": r.turns, "seconds": r.seconds, "commit": commit});
                tally.add(&line);
                if let Some(f) = log.as_mut() {
                    let _ = writeln!(f, "{line}");
                }
            }
            eprintln!(
                "[{:>5.0}s] #{i:<2} seed {seed} {:<22}{marks}",
                started.elapsed().as_secs_f64(),
                case.shape.name()
            );
        }
    }
    println!("## Typed answers: valid and right, with and without native output\n");
    println!(
        "{} requests over {} answer types, seeds {first_seed}..{} (temperature 0.7), 2 runs each (without and with native output), commit {commit}, {:.0} s in all.\n",
        cases.len(),
        Shape::ALL.len(),
        first_seed + samples - 1,
        started.elapsed().as_secs_f64()
    );
    print!("{}", tally.markdown());
}

/// `EVAL_REPORT_FROM=<log>[,<log>...]`: the report of the runs the logs hold (a finished
/// run's, one cut short, or runs on other seeds), without a model.
fn report_from(paths: &str) {
    let mut tally = Tally::default();
    let mut commits = std::collections::BTreeSet::new();
    let mut runs = 0;
    for path in paths.split(',') {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines() {
            let Ok(line) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            if tally.add(&line) {
                runs += 1;
                commits.insert(line["commit"].as_str().unwrap_or_default().to_owned());
            }
        }
    }
    let commits: Vec<String> = commits.into_iter().collect();
    println!(
        "{runs} runs from {paths} (commit {}).\n",
        commits.join(", ")
    );
    print!("{}", tally.markdown());
}
