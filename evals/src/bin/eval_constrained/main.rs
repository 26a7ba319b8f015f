//! Constraint against repair, on the held-out suite (docs/EVAL.md, "Suite 3"): the requests of
//! `eval_users` (as people type them, 7 tools and 3 decoys, worked examples only for the
//! decoys), each run in six modes on the same seeds (`EVAL_MODES` picks some; `EVAL_DATE_FORMAT=1`
//! declares the date arguments `format: "date"`; `EVAL_NO_MADE_UP=1`
//! turns the made-up examples off, `PromptFormat::example_every_tool(false)`;
//! `EVAL_UNCALIBRATED=1` leaves a constrained call's tool to the model,
//! `calibrated_choice(false)`; `EVAL_NO_USER_WORDS=1` turns the profile's `user_words` off (no
//! copied value held to the user's words: not by `regenerate()`, not on the turn after a copy in
//! prevention mode); `EVAL_SCORES=1` scores the tools of each run's first
//! constrained request and reports how often the likeliest tool, raw and calibrated, is the
//! requested one, and `EVAL_SCORES=only` ends each run there, for the choice alone):
//!
//! - **off**: `strict(true)`, one model turn: the first answer as written;
//! - **on**: today's defaults (JSON repair, coercion, short feedback, prefill, the echo check),
//!   3 turns;
//! - **on without the echo check**: the same with `echo_check(false)` (a call copying an
//!   example's values runs), 3 turns;
//! - **on + regenerate**: the defaults with `regenerate()` after them under `invalid_args` and
//!   `deserialization_error`, 3 turns;
//! - **on + regenerate + unknown_tool**: the same, and `regenerate()` under `unknown_tool` (a
//!   call to a tool that does not exist asked for again, held to the offered tools), 3 turns;
//! - **prevention**: `constrained(true)`, every turn held to the call schema (llama.cpp's
//!   `json_schema`), the run ended through the `final_answer` tool, 3 turns.
//!
//! Needs the local model server (`scripts/local-llm.sh start`):
//!
//! ```text
//! EVAL_EVERY=5 cargo run -p agents-evals --bin eval_constrained     # 13 requests x 2 seeds x 6 modes
//! EVAL_MODES="on,on + regenerate + unknown_tool" EVAL_EVERY=5 cargo run -p agents-evals --bin eval_constrained
//! ```
//!
//! Prints a Markdown report and writes every run to `target/eval_constrained.jsonl`.

use std::collections::BTreeMap;
use std::future::Future;
use std::io::Write;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agents::model::{FINAL_ANSWER_TOOL, Model, ModelError, ModelRequest, ModelResponse, Sampling};
use agents::repair::{Handlers, regenerate};
use agents::{Budget, LlmAgent};
use agents_evals::stats::{pct, wilson};
use agents_evals::suite::Case;
use agents_evals::{settings, suite};
use agents_providers::prompted::PromptedCompletions;
use serde_json::{Value, json};

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mode {
    Off,
    On,
    OnWithoutEcho,
    Regenerate,
    RegenerateUnknown,
    Prevention,
}

impl Mode {
    const ALL: [Mode; 6] = [
        Mode::Off,
        Mode::On,
        Mode::OnWithoutEcho,
        Mode::Regenerate,
        Mode::RegenerateUnknown,
        Mode::Prevention,
    ];

    /// The modes to run: `EVAL_MODES` (names separated by commas), else all.
    fn chosen() -> Vec<Mode> {
        match std::env::var("EVAL_MODES") {
            Ok(names) => Mode::ALL
                .into_iter()
                .filter(|m| names.split(',').any(|n| n.trim() == m.name()))
                .collect(),
            Err(_) => Mode::ALL.to_vec(),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Mode::Off => "off",
            Mode::On => "on",
            Mode::OnWithoutEcho => "on without the echo check",
            Mode::Regenerate => "on + regenerate",
            Mode::RegenerateUnknown => "on + regenerate + unknown_tool",
            Mode::Prevention => "prevention",
        }
    }
}

/// What the model wrote in one run, counted as it came (regenerations included).
#[derive(Default, Clone, Copy)]
struct Written {
    /// Model calls, turns and regenerations alike.
    model_calls: u32,
    /// Calls written to an offered tool (the final-answer tool not counted).
    calls: usize,
    /// Of those, the ones whose arguments, exactly as written, are JSON valid against the
    /// tool's schema.
    valid: usize,
    tokens: u64,
    /// Whether the first model call named the requested tool (in a call it made, or in its raw
    /// text when no call could be read).
    first_named_right: bool,
    /// With `EVAL_SCORES=1`, for the first model call when it is constrained: whether the
    /// tool with the highest log probability, and the one with the highest calibrated score,
    /// is the requested one.
    scored_choice: Option<(bool, bool)>,
}

/// The live model, counting what it writes.
struct Watch {
    live: PromptedCompletions,
    written: Mutex<Written>,
    want: &'static str,
}

impl Model for Watch {
    fn name(&self) -> &str {
        self.live.name()
    }
    fn capabilities(&self, tools: &[agents::model::ToolSpec]) -> agents::model::Capabilities {
        self.live.capabilities(tools)
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(async move {
            let first = self.written.lock().unwrap().model_calls == 0;
            let scored = match std::env::var_os("EVAL_SCORES") {
                Some(_) if first && request.constraint.is_some() => {
                    self.live.tool_scores(request).await.ok().flatten()
                }
                _ => None,
            };
            let r = self.live.complete(request).await;
            let mut w = self.written.lock().unwrap();
            if let Some(scores) = scored {
                let raw = scores
                    .scores
                    .iter()
                    .max_by(|a, b| a.log_prob.total_cmp(&b.log_prob))
                    .map(|s| s.tool.as_str());
                w.scored_choice =
                    Some((raw == Some(self.want), scores.chosen() == Some(self.want)));
                if std::env::var("EVAL_SCORES").as_deref() == Ok("only") {
                    w.model_calls += 1;
                    return Err(ModelError::new(
                        agents::model::ModelErrorKind::Other,
                        "EVAL_SCORES=only: the run ends once the tools are scored",
                    ));
                }
            }
            w.model_calls += 1;
            if let (1, Ok(r)) = (w.model_calls, &r) {
                let needle = format!("\"{}\"", self.want);
                w.first_named_right = match r.tool_calls.first() {
                    Some(c) => c.name == self.want,
                    None => r
                        .raw
                        .as_deref()
                        .or(r.text.as_deref())
                        .is_some_and(|t| t.contains(&needle)),
                };
            }
            if let Ok(r) = &r {
                w.tokens += r.usage.total();
                for c in r.tool_calls.iter().filter(|c| c.name != FINAL_ANSWER_TOOL) {
                    let Some(spec) = request.tools.iter().find(|t| t.name == c.name) else {
                        continue;
                    };
                    w.calls += 1;
                    let valid = valid_as_written(&c.arguments, &spec.parameters);
                    if !valid && std::env::var_os("EVAL_TRACE").is_some() {
                        eprintln!("    invalid as written: {} {}", c.name, c.arguments);
                    }
                    w.valid += usize::from(valid);
                }
            }
            r
        })
    }
}

fn valid_as_written(arguments: &str, schema: &Value) -> bool {
    let Ok(args) = serde_json::from_str::<Value>(arguments) else {
        return false;
    };
    jsonschema::options()
        .offline()
        .build(schema)
        .is_ok_and(|v| v.is_valid(&args))
}

/// What one run did.
struct Run {
    right: bool,
    turns: u32,
    written: Written,
    /// Calls that ran without error on a tool other than the requested one.
    unasked: usize,
    seconds: f64,
    error: Option<String>,
}

/// The client every run of the evaluation shares, as an application keeps one: what it learns
/// about the prompt (the content-free scores of the calibrated choice) is paid for once.
fn client(url: &str) -> PromptedCompletions {
    settings::local_model(url, Duration::from_secs(300))
        .format(suite::format().example_every_tool(std::env::var_os("EVAL_NO_MADE_UP").is_none()))
        .max_tokens(96)
        .calibrated_choice(std::env::var_os("EVAL_UNCALIBRATED").is_none())
        .recovery(
            agents::model::Recovery::SMALL_MODEL
                .user_words(std::env::var_os("EVAL_NO_USER_WORDS").is_none()),
        )
        .build()
        .expect("client")
}

async fn run(live: &PromptedCompletions, case: &Case, seed: u64, mode: Mode) -> Run {
    let live = live.clone();
    let model = Arc::new(Watch {
        live,
        written: Mutex::default(),
        want: case.tool,
    });
    let right = Arc::new(Mutex::new(false));
    let unasked = Arc::new(Mutex::new(0usize));
    let (hook_right, hook_unasked) = (right.clone(), unasked.clone());
    let (want_tool, want_args) = (case.tool, case.args.clone());
    let builder = LlmAgent::<String, String>::builder("eval")
        .model(model.clone())
        .sampling(Sampling {
            temperature: Some(0.7),
            seed: Some(seed),
            ..Sampling::default()
        });
    let builder = suite::tools(builder)
        .budget(Budget {
            max_turns: Some(if mode == Mode::Off { 1 } else { 3 }),
            ..Budget::default()
        })
        .on_event(|e| {
            if let agents::Event::Regenerated { calls, .. } = e
                && std::env::var_os("EVAL_TRACE").is_some()
            {
                for c in calls {
                    eprintln!("    regenerated: {} {}", c.name, c.arguments);
                }
            }
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
        });
    let builder = match mode {
        Mode::Off => builder.strict(true),
        Mode::On => builder,
        Mode::OnWithoutEcho => builder.echo_check(false),
        Mode::Regenerate => builder.on_error(
            Handlers::new()
                .invalid_args(regenerate())
                .deserialization_error(regenerate()),
        ),
        Mode::RegenerateUnknown => builder.on_error(
            Handlers::new()
                .invalid_args(regenerate())
                .deserialization_error(regenerate())
                .unknown_tool(regenerate()),
        ),
        Mode::Prevention => builder.constrained(true),
    };
    let agent = builder.build().expect("agent");
    let started = Instant::now();
    let report = agent.run(case.request.to_owned()).report().await;
    if std::env::var_os("EVAL_TRACE").is_some() {
        for m in &report.transcript {
            eprintln!("    {}", serde_json::to_string(m).unwrap_or_default());
        }
    }
    let written = *model.written.lock().unwrap();
    let right = *right.lock().unwrap();
    let unasked = *unasked.lock().unwrap();
    Run {
        right,
        turns: report.turns,
        written,
        unasked,
        seconds: started.elapsed().as_secs_f64(),
        error: report.error().map(|e| e.to_string()),
    }
}

#[derive(Default)]
struct Tally {
    runs: usize,
    right: usize,
    per_seed: BTreeMap<u64, (usize, usize)>,
    turns: u64,
    model_calls: u64,
    calls: usize,
    valid: usize,
    unasked: usize,
    tokens: u64,
    seconds: f64,
    errors: usize,
    first_named_right: usize,
    /// Runs scored (`EVAL_SCORES=1`), and of those the raw and the calibrated choice right.
    scored: (usize, usize, usize),
}

impl Tally {
    fn add(&mut self, seed: u64, r: &Run) {
        self.runs += 1;
        self.right += usize::from(r.right);
        let s = self.per_seed.entry(seed).or_default();
        s.0 += 1;
        s.1 += usize::from(r.right);
        self.turns += u64::from(r.turns);
        self.model_calls += u64::from(r.written.model_calls);
        self.calls += r.written.calls;
        self.valid += r.written.valid;
        self.unasked += r.unasked;
        self.tokens += r.written.tokens;
        self.seconds += r.seconds;
        self.errors += usize::from(r.error.is_some());
        self.first_named_right += usize::from(r.written.first_named_right);
        if let Some((raw, calibrated)) = r.written.scored_choice {
            self.scored.0 += 1;
            self.scored.1 += usize::from(raw);
            self.scored.2 += usize::from(calibrated);
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let (url, samples, limit, only) = settings::Settings::from_env().into_parts();
    let live = client(&url);
    // `EVAL_EVERY=n`: every n-th request only, so that a run that must be short still spans
    // every tool (the suite lists its requests tool by tool).
    let every = std::env::var("EVAL_EVERY")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(1)
        .max(1);
    let cases: Vec<Case> = suite::cases()
        .into_iter()
        .filter(|c| only.as_deref().is_none_or(|t| t == c.tool))
        .step_by(every)
        .take(limit)
        .collect();
    let modes = Mode::chosen();
    let mut log = settings::log_file("eval_constrained.jsonl");
    let started = Instant::now();
    let mut tallies: BTreeMap<Mode, Tally> = BTreeMap::new();
    let mut per_tool: BTreeMap<&str, BTreeMap<Mode, (usize, usize)>> = BTreeMap::new();
    for (i, case) in cases.iter().enumerate() {
        for seed in settings::first_seed()..settings::first_seed() + samples {
            let mut marks = String::new();
            for &mode in &modes {
                let r = run(&live, case, seed, mode).await;
                tallies.entry(mode).or_default().add(seed, &r);
                let t = per_tool
                    .entry(case.tool)
                    .or_default()
                    .entry(mode)
                    .or_default();
                t.0 += 1;
                t.1 += usize::from(r.right);
                marks.push_str(&format!(
                    " {} {} ({}/{} valid, {:.0}s)",
                    mode.name(),
                    if r.right { "R" } else { "-" },
                    r.written.valid,
                    r.written.calls,
                    r.seconds
                ));
                if let Some(f) = log.as_mut() {
                    let line = json!({"case": i, "request": case.request, "tool": case.tool,
                        "seed": seed, "mode": mode.name(), "right": r.right, "turns": r.turns,
                        "model_calls": r.written.model_calls, "calls": r.written.calls,
                        "valid": r.written.valid, "unasked": r.unasked, "tokens": r.written.tokens,
                        "seconds": r.seconds, "error": r.error,
                        "first_named_right": r.written.first_named_right,
                        "scored_choice": r.written.scored_choice});
                    let _ = writeln!(f, "{line}");
                }
            }
            eprintln!(
                "[{:>5.0}s] #{i:<2} seed {seed} {:<15}{marks}",
                started.elapsed().as_secs_f64(),
                case.tool
            );
        }
    }
    println!("## Suite 3 results: constraint against repair\n");
    println!(
        "{} requests over {} tools (+{} decoys), {samples} seed(s) each (temperature 0.7), {} modes, {:.0} s in all.\n",
        cases.len(),
        suite::TOOLS.len(),
        suite::DECOYS.len(),
        modes.len(),
        started.elapsed().as_secs_f64()
    );
    println!(
        "| mode | runs | right | share (95% CI) | right per seed | calls written | schema-valid as written | calls run on a tool nobody asked for | model calls per run | tokens per run | seconds per run | runs ended in error | first answer names the requested tool |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (mode, t) in &tallies {
        let seeds: Vec<String> = t
            .per_seed
            .iter()
            .map(|(s, (n, k))| format!("{s}: {k}/{n}"))
            .collect();
        let n = t.runs.max(1) as f64;
        println!(
            "| {} | {} | {} | **{}** ({}) | {} | {} | {} ({}) | {} | {:.2} | {:.0} | {:.1} | {} | {} |",
            mode.name(),
            t.runs,
            t.right,
            pct(t.right, t.runs),
            wilson(t.right, t.runs),
            seeds.join(", "),
            t.calls,
            t.valid,
            pct(t.valid, t.calls),
            t.unasked,
            t.model_calls as f64 / n,
            t.tokens as f64 / n,
            t.seconds / n,
            t.errors,
            pct(t.first_named_right, t.runs)
        );
    }
    for (mode, t) in tallies.iter().filter(|(_, t)| t.scored.0 > 0) {
        let (n, raw, calibrated) = t.scored;
        println!(
            "\nTool choice by score ({}): the likeliest tool is the requested one in {raw} of {n} runs ({}), the calibrated choice in {calibrated} ({}).",
            mode.name(),
            pct(raw, n),
            pct(calibrated, n)
        );
    }
    println!("\n### Per tool (right / runs)\n");
    let header: Vec<&str> = modes.iter().map(|m| m.name()).collect();
    println!("| tool | {} |", header.join(" | "));
    println!("|---|{}", "---|".repeat(modes.len()));
    for (tool, per_mode) in &per_tool {
        let cells: Vec<String> = modes
            .iter()
            .map(|m| {
                let (n, k) = per_mode.get(m).copied().unwrap_or_default();
                format!("{k}/{n}")
            })
            .collect();
        println!("| {tool} | {} |", cells.join(" | "));
    }
}
