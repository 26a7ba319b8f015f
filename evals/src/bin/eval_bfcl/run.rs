//! One BFCL question run through an `LlmAgent` over the prompted client, in one mode.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use agents::Model;
use agents::model::{
    Capabilities, ModelError, ModelErrorKind, ModelRequest, ModelResponse, Sampling, ToolSpec,
    Usage,
};
use agents::tool::schema_tool;
use agents::{Budget, Event, ExecutionFailure, LlmAgent};
use agents_evals::bfcl::Question;
use agents_evals::bfcl::names::NameMap;
use agents_providers::prompted::{PromptedCompletions, ToolScores};
use futures_util::future::BoxFuture;
use serde_json::{Value, json};

use crate::config::{Config, Mode};

/// What the tool says back when a call ran: BFCL's functions have no implementation, and the
/// answer is the call itself.
const RESULT: &str = "done";

/// What one run did, as logged.
pub struct Run {
    /// The calls the framework executed, in order, under BFCL's names, with the arguments the
    /// tool received (after the runtime's repair, coercion and validation).
    pub calls: Vec<Value>,
    pub turns: u32,
    /// Model calls the runtime made: turns, regenerations and questions (`ask_values`).
    pub model_calls: u32,
    /// Tokens of those calls (a constrained new request's tool scoring included: the prompted
    /// client adds it to the turn's usage).
    pub usage: Usage,
    pub seconds: f64,
    /// The run's error, when it ended in one.
    pub error: Option<String>,
    /// The final answer's text, when the run ended with one.
    pub answer: Option<String>,
    /// What the model wrote each turn, as received.
    pub raw: Vec<String>,
    /// The steps that changed a call's arguments (`Event::Repaired`'s `step`), in order: which
    /// runs a piece of recovery touched, so that only those need running with it off.
    pub repaired: Vec<&'static str>,
    /// Under `EVAL_TOOL_SCORES=1`: each offered tool's `[name, log_prob, prior, words, words
    /// without its arguments' names and descriptions, required numbers not given]` for the
    /// first turn, or nothing when the turn was not scored.
    pub tool_scores: Option<Vec<Value>>,
}

impl Run {
    /// The log line of this run.
    pub fn line(&self, category: &str, q: &Question, mode: Mode, commit: &str) -> Value {
        json!({
            "category": category, "id": q.id, "mode": mode.name(), "commit": commit,
            "calls": self.calls, "turns": self.turns, "model_calls": self.model_calls,
            "input_tokens": self.usage.input_tokens, "output_tokens": self.usage.output_tokens,
            "seconds": self.seconds, "error": self.error, "answer": self.answer, "raw": self.raw,
            "repaired": self.repaired, "tool_scores": self.tool_scores,
        })
    }
}

#[derive(Default)]
struct Meter {
    model_calls: u32,
    usage: Usage,
    raw: Vec<String>,
    repaired: Vec<&'static str>,
}

impl Meter {
    fn spent(&mut self, usage: &Usage) {
        self.model_calls += 1;
        self.usage += *usage;
    }
}

/// Runs `q` once in `mode`.
pub async fn run(client: &PromptedCompletions, q: &Question, mode: Mode, s: &Config) -> Run {
    let names = q.names();
    let calls: Arc<Mutex<Vec<Value>>> = Arc::default();
    let meter: Arc<Mutex<Meter>> = Arc::default();
    let trace = s.trace;
    let events = meter.clone();
    let scored: Arc<Mutex<Option<ToolScores>>> = Arc::default();
    let builder = LlmAgent::<String, String>::builder("bfcl");
    let mut builder = if s.tool_scores {
        builder.model(ScoresOnly {
            client: client.clone(),
            scores: scored.clone(),
        })
    } else {
        builder.model(client.clone())
    }
    .sampling(Sampling {
        temperature: Some(0.0),
        ..Sampling::default()
    })
    .budget(Budget {
        max_turns: Some(if mode == Mode::Off { 1 } else { s.max_turns }),
        ..Budget::default()
    })
    .on_event(move |e| {
        let mut m = events.lock().unwrap();
        match e {
            Event::ModelResponded { usage, raw, .. } => {
                m.spent(usage);
                m.raw.push(raw.clone().unwrap_or_default());
                if trace {
                    eprintln!("    model: {}", raw.as_deref().unwrap_or_default());
                }
            }
            Event::Regenerated { usage, calls, .. } => {
                m.spent(usage);
                if trace {
                    for c in calls {
                        eprintln!("    regenerated: {} {}", c.name, c.arguments);
                    }
                }
            }
            Event::ValueAsked {
                usage,
                argument,
                answer,
                ..
            } => {
                m.spent(usage);
                if trace {
                    eprintln!("    asked {argument}: {answer}");
                }
            }
            Event::Repaired { step, fixes, .. } => {
                m.repaired.push(step);
                if trace {
                    for f in fixes {
                        eprintln!("    repaired ({step}): {f}");
                    }
                }
            }
            Event::ToolFailed {
                tool,
                error,
                outcome,
                ..
            } if trace => eprintln!("    failed ({outcome}): {tool}: {error}"),
            Event::Warning { message, .. } if trace => eprintln!("    warning: {message}"),
            _ => {}
        }
    });
    for spec in q.tool_specs(&names) {
        let bfcl = names.bfcl(&spec.name).unwrap_or(&spec.name).to_owned();
        let record = calls.clone();
        let tool = schema_tool(spec.name, spec.description, spec.parameters, move |args| {
            if trace {
                eprintln!("    executed: {bfcl} {args}");
            }
            record
                .lock()
                .unwrap()
                .push(json!({"name": bfcl, "arguments": args}));
            std::future::ready(Ok::<_, ExecutionFailure>(RESULT))
        });
        match tool {
            Ok(tool) => builder = builder.tool(tool),
            Err(e) => {
                return Run::failed(format!(
                    "{}: the converted schema does not compile: {e}",
                    q.id
                ));
            }
        }
    }
    if let Some(system) = q.system() {
        builder = builder.prompt(system);
    }
    let builder = s.switches(mode, builder);
    let agent = match builder.build() {
        Ok(agent) => agent,
        Err(e) => return Run::failed(format!("{}: the agent does not build: {e}", q.id)),
    };
    let started = Instant::now();
    let report = agent.run(q.request()).report().await;
    let seconds = started.elapsed().as_secs_f64();
    let meter = std::mem::take(&mut *meter.lock().unwrap());
    let calls = std::mem::take(&mut *calls.lock().unwrap());
    let turns = report.turns;
    let (answer, error) = match report.into_output() {
        Ok(answer) => (Some(answer), None),
        Err(e) => (None, Some(e.to_string())),
    };
    Run {
        calls,
        turns,
        model_calls: meter.model_calls,
        usage: meter.usage,
        seconds,
        error,
        answer,
        raw: meter.raw,
        repaired: meter.repaired,
        tool_scores: scored.lock().unwrap().take().map(|scores| {
            let names = &names;
            let plain = words_without_arguments(q, names);
            scores
                .scores
                .iter()
                .map(|t| {
                    json!([
                        names.bfcl(&t.tool).unwrap_or(&t.tool),
                        t.log_prob,
                        t.prior,
                        t.words,
                        plain.get(&t.tool).copied().unwrap_or(0.0),
                        t.unfilled
                    ])
                })
                .collect()
        }),
    }
}

/// The request's words for each offered tool as they were read before the arguments' names
/// and descriptions counted (its name and description only), by tool name: logged beside the
/// client's, so that one scoring run pairs the two readings.
fn words_without_arguments(q: &Question, names: &NameMap) -> HashMap<String, f64> {
    let specs: Vec<ToolSpec> = q
        .tool_specs(names)
        .into_iter()
        .map(|spec| ToolSpec {
            parameters: json!({"type": "object"}),
            ..spec
        })
        .collect();
    let words = agents::request_words_in_tools(&q.request(), &specs);
    specs.into_iter().map(|s| s.name).zip(words).collect()
}

/// The client, ending every run at its first turn once the offered tools are scored
/// (`EVAL_TOOL_SCORES=1`): the scoring is the only cost.
struct ScoresOnly {
    client: PromptedCompletions,
    scores: Arc<Mutex<Option<ToolScores>>>,
}

impl Model for ScoresOnly {
    fn name(&self) -> &str {
        self.client.name()
    }

    fn capabilities(&self, tools: &[ToolSpec]) -> Capabilities {
        self.client.capabilities(tools)
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(async move {
            let scores = self.client.tool_scores(request).await?;
            *self.scores.lock().unwrap() = scores;
            Err(ModelError::new(
                ModelErrorKind::Other,
                "EVAL_TOOL_SCORES: the run ends once the tools are scored",
            ))
        })
    }
}

impl Run {
    /// A run that could not start (the harness's fault, not the model's): logged as an error
    /// with no call, so it is scored wrong and seen.
    fn failed(error: String) -> Run {
        eprintln!("    {error}");
        Run {
            calls: Vec::new(),
            turns: 0,
            model_calls: 0,
            usage: Usage::default(),
            seconds: 0.0,
            error: Some(error),
            answer: None,
            raw: Vec::new(),
            repaired: Vec::new(),
            tool_scores: None,
        }
    }
}
