//! The demo agent of the `durable` service, its tests and its benchmark: a ledger keeper driven
//! by a scripted model, so that it needs no key.
//!
//! Its input may be a JSON scenario, which the durable tests use to crash the service at chosen
//! points: `{"entry": "..", "ledger": "<file>", "gate": "<file>", "crash": "after"|"during",
//! "idempotent": false, "rate_limited_ms": N, "noop_calls": N}`. A tool waiting at the gate writes
//! `<gate>.waiting` (the process id) and goes on once `<gate>` exists. Any other input is the
//! entry, written to `durable-ledger.txt`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use agents_core::model::{Message, ToolResult};
use agents_core::tool::tool_fn;
use agents_core::{
    ExecutionFailure, LlmAgent, LlmAgentBuilder, Model, ModelResponse,
    agent::LlmErrorDecision,
    model::{ModelError, ModelErrorKind, ModelRequest},
};
use futures_util::future::BoxFuture;
use serde::Deserialize;

/// The agent: a ledger tool not safe to repeat, the same tool declared idempotent, a tool that
/// holds the run at a gate, and a tool that does nothing (for measuring a step's cost).
pub fn ledger_agent(model: impl Model + 'static) -> Result<LlmAgent, agents_core::AgentError> {
    ledger_builder(model).build()
}

/// Reports what `agent` does into the file at `path`, one JSON line per event or `on_tool_use`
/// call, each with the id of the process that reported it: `{"pid": N, "event": {..}}` or
/// `{"pid": N, "tool_use": "<tool>", "is_error": bool}`. The durable tests read it to check
/// that a run killed and replayed reports every real step once.
pub fn reporting(agent: LlmAgentBuilder, path: PathBuf) -> LlmAgentBuilder {
    let log = Arc::new(path);
    let events = log.clone();
    agent
        .on_event(move |event| {
            append_line(
                &events,
                &serde_json::json!({ "pid": std::process::id(), "event": event }),
            )
        })
        .on_tool_use(move |used| {
            let line = serde_json::json!({
                "pid": std::process::id(), "tool_use": used.name, "is_error": used.is_error,
            });
            append_line(&log, &line)
        })
}

/// Appends `line` to the file at `path` in one write (lines of concurrent runs never
/// interleave); a report that cannot be written is left out with a message on stderr.
fn append_line(path: &Path, line: &serde_json::Value) {
    use std::io::Write;
    let text = format!("{line}\n");
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut file| file.write_all(text.as_bytes()));
    if let Err(e) = written {
        eprintln!("durable: cannot report to {}: {e}", path.display());
    }
}

/// The [`ledger_agent`] before it is built, to add to it.
pub fn ledger_builder(model: impl Model + 'static) -> LlmAgentBuilder {
    let append = tool_fn(
        "ledger_append",
        "Appends an entry to the ledger file (charges once per call: not safe to repeat).",
        |args: LedgerArgs| async move { write_entry(args).await },
    );
    let put = tool_fn(
        "ledger_put",
        "Appends an entry to the ledger file (declared safe to repeat).",
        |args: LedgerArgs| async move { write_entry(args).await },
    )
    .idempotent();
    let hold = tool_fn(
        "hold",
        "Waits until the gate file exists.",
        |args: HoldArgs| async move {
            wait_at(Path::new(&args.gate)).await?;
            Ok::<_, ExecutionFailure>("released".to_owned())
        },
    )
    .idempotent();
    let noop = tool_fn("noop", "Does nothing.", |args: NoopArgs| async move {
        Ok::<_, ExecutionFailure>(format!("ok {}", args.n))
    })
    .idempotent();
    LlmAgent::builder("ledger_keeper")
        .prompt("Record the user's entry in the ledger with a tool, then confirm.")
        .model(model)
        // A rate limit is waited out (the provider's Retry-After, a durable sleep here).
        .on_llm_error(|error, _attempt| {
            if error.is_transient() {
                LlmErrorDecision::Retry {
                    max_attempts: 3,
                    initial_backoff: Duration::from_millis(100),
                }
            } else {
                LlmErrorDecision::Rethrow
            }
        })
        .tool(append)
        .tool(put)
        .tool(hold)
        .tool(noop)
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct LedgerArgs {
    /// The ledger file.
    ledger: String,
    /// The line to append.
    entry: String,
    /// A gate file to wait for after appending, if any.
    #[serde(default)]
    wait: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct NoopArgs {
    /// Which call of the run this is (calls differ, so the no-progress guard lets them be).
    n: usize,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct HoldArgs {
    /// The gate file to wait for.
    gate: String,
}

async fn write_entry(args: LedgerArgs) -> Result<String, ExecutionFailure> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.ledger)
        .map_err(ExecutionFailure::from_error)?;
    // One write of the whole line: with `O_APPEND` a single small write lands whole, so entries
    // appended at once by several service processes never interleave (`writeln!` writes the
    // entry and the newline separately, and two processes' lines could then run together).
    let line = format!("{}\n", args.entry);
    file.write_all(line.as_bytes())
        .map_err(ExecutionFailure::from_error)?;
    file.sync_all().map_err(ExecutionFailure::from_error)?;
    if let Some(gate) = &args.wait {
        wait_at(Path::new(gate)).await?;
    }
    Ok(format!("appended {}", args.entry))
}

/// Announces the wait (`<gate>.waiting`, holding this process's id) and waits until `gate`
/// exists.
async fn wait_at(gate: &Path) -> Result<(), ExecutionFailure> {
    let mut waiting = PathBuf::from(gate);
    waiting.as_mut_os_string().push(".waiting");
    // The process id tells a test which process holds the run.
    std::fs::write(&waiting, std::process::id().to_string())
        .map_err(ExecutionFailure::from_error)?;
    while !gate.exists() {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// What a run is asked to do (the input, when it is JSON).
#[derive(Debug, Deserialize)]
struct Scenario {
    entry: String,
    #[serde(default = "default_ledger")]
    ledger: String,
    #[serde(default)]
    gate: Option<String>,
    #[serde(default)]
    crash: Option<String>,
    #[serde(default)]
    idempotent: bool,
    /// The first model call answers 429 with this Retry-After (needs `gate`): it writes
    /// `<gate>.limited`, and the call after the wait writes `<gate>.retried`, each holding the
    /// time (ms since the Unix epoch).
    #[serde(default)]
    rate_limited_ms: Option<u64>,
    /// Call `noop` this many times, one call per turn, then answer (nothing else).
    #[serde(default)]
    noop_calls: Option<usize>,
}

fn default_ledger() -> String {
    "durable-ledger.txt".to_owned()
}

/// A scripted model whose answer depends only on the request (not on how many times it was
/// asked): a process that replays a journal asks it only the turns not recorded yet.
#[derive(Debug, Clone, Copy)]
pub struct LedgerScript;

impl LedgerScript {
    /// The answer to `request`.
    pub fn answer(request: &ModelRequest) -> Result<ModelResponse, ModelError> {
        let input = request
            .messages
            .iter()
            .find_map(|m| match m {
                Message::User { content } => Some(content.clone()),
                _ => None,
            })
            .unwrap_or_default();
        let scenario = serde_json::from_str::<Scenario>(&input).unwrap_or(Scenario {
            entry: input,
            ledger: default_ledger(),
            gate: None,
            crash: None,
            idempotent: false,
            rate_limited_ms: None,
            noop_calls: None,
        });
        let results: Vec<&ToolResult> = request
            .messages
            .iter()
            .filter_map(|m| match m {
                Message::Tool(r) => Some(r),
                _ => None,
            })
            .collect();
        if let (Some(ms), Some(gate), true) =
            (scenario.rate_limited_ms, &scenario.gate, results.is_empty())
        {
            if stamp(gate, ".limited") {
                return Err(
                    ModelError::new(ModelErrorKind::RateLimited, "429: slow down")
                        .with_status(429)
                        .with_retry_after(Duration::from_millis(ms)),
                );
            }
            stamp(gate, ".retried");
        }
        if let Some(n) = scenario.noop_calls {
            let done = results.len();
            return Ok(if done < n {
                let args = serde_json::json!({ "n": done + 1 }).to_string();
                ModelResponse::tool_call(format!("call-{}", done + 1), "noop", args)
            } else {
                ModelResponse::text(format!("done: {done} calls"))
            });
        }
        let crash = scenario.crash.as_deref();
        Ok(match (results.len(), crash, &scenario.gate) {
            (0, _, gate) => {
                let tool = if scenario.idempotent {
                    "ledger_put"
                } else {
                    "ledger_append"
                };
                let wait = gate.as_ref().filter(|_| crash == Some("during"));
                let args = serde_json::json!({
                    "ledger": scenario.ledger,
                    "entry": scenario.entry,
                    "wait": wait,
                });
                ModelResponse::tool_call("call-1", tool, args.to_string())
            }
            (1, Some("after"), Some(gate)) => ModelResponse::tool_call(
                "call-2",
                "hold",
                serde_json::json!({ "gate": gate }).to_string(),
            ),
            _ => {
                let said: Vec<&str> = results.iter().map(|r| r.content.as_str()).collect();
                ModelResponse::text(format!("done: {}", said.join(" | ")))
            }
        })
    }
}

/// Writes the time into `<gate><suffix>` unless that file exists; whether it wrote it.
fn stamp(gate: &str, suffix: &str) -> bool {
    let path = format!("{gate}{suffix}");
    if Path::new(&path).exists() {
        return false;
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_millis();
    std::fs::write(&path, now.to_string()).is_ok()
}

impl Model for LedgerScript {
    fn name(&self) -> &str {
        "ledger-script"
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(async move { Self::answer(request) })
    }
}
