//! A durable agent service: an agent run is the Restate workflow `AgentRun`.
//!
//! ```sh
//! scripts/restate.sh start                                  # the Restate server, on loopback
//! cargo run -p agents-restate --bin durable -- serve --port 9080
//! # register the service endpoint with the server (once per deployment):
//! curl -s -X POST http://127.0.0.1:19070/deployments \
//!      -H 'content-type: application/json' -d '{"uri": "http://127.0.0.1:9080"}'
//! # start a run with id `run-1`, then wait for its outcome:
//! curl -s -X POST http://127.0.0.1:18080/AgentRun/run-1/run/send \
//!      -H 'content-type: application/json' -d '{"input": "pay the invoice"}'
//! curl -s http://127.0.0.1:18080/restate/workflow/AgentRun/run-1/attach
//! ```
//!
//! By default the agent is driven by a scripted model (no key needed) that writes the input as
//! one line of a ledger file with a tool that is not safe to repeat, then answers. Its input may
//! be a JSON scenario instead, which the durable tests use to crash the service at chosen points:
//! `{"entry": "..", "ledger": "<file>", "gate": "<file>", "crash": "after"|"during",
//! "idempotent": false}`. A tool waiting at the gate writes `<gate>.waiting` (the process id) and goes on once
//! `<gate>` exists. `--openai-model NAME` drives the same agent with an OpenAI model instead
//! (`OPENAI_API_KEY`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use agents_core::model::{Message, ToolResult};
use agents_core::tool::tool_fn;
use agents_core::{
    ExecutionFailure, LlmAgent, LlmErrorDecision, Model, ModelError, ModelErrorKind, ModelRequest,
    ModelResponse,
};
use agents_restate::AgentRun;
use agents_restate::restate_sdk::prelude::{Endpoint, HttpServer};
use futures_util::future::BoxFuture;
use serde::Deserialize;

const USAGE: &str = "usage: durable serve [--port N] [--openai-model NAME]";

#[tokio::main]
async fn main() {
    if let Err(message) = serve(std::env::args().skip(1).collect()).await {
        eprintln!("durable: {message}\n{USAGE}");
        std::process::exit(2);
    }
}

async fn serve(args: Vec<String>) -> Result<(), String> {
    let mut args = args.into_iter();
    if args.next().as_deref() != Some("serve") {
        return Err("expected the `serve` command".to_owned());
    }
    let mut port = 9080u16;
    let mut openai_model = None;
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .ok_or_else(|| format!("`{flag}` needs a value"))?;
        match flag.as_str() {
            "--port" => {
                port = value
                    .parse()
                    .map_err(|e| format!("--port {value:?}: {e}"))?;
            }
            "--openai-model" => openai_model = Some(value),
            other => return Err(format!("unknown flag `{other}`")),
        }
    }
    let agent = match openai_model {
        None => ledger_agent(LedgerScript),
        Some(name) => ledger_agent(
            agents_providers::openai::OpenAi::from_env(name).map_err(|e| e.to_string())?,
        ),
    }
    .map_err(|e| e.to_string())?;
    let endpoint = Endpoint::builder().bind(AgentRun::new(agent)).build();
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    eprintln!("durable: serving AgentRun on http://{addr}");
    HttpServer::new(endpoint).serve(listener).await;
    Ok(())
}

/// The agent: a ledger tool not safe to repeat, the same tool declared idempotent, and a tool
/// that holds the run at a gate.
fn ledger_agent(model: impl Model + 'static) -> Result<LlmAgent, agents_core::AgentError> {
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
        .build()
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
    writeln!(file, "{}", args.entry).map_err(ExecutionFailure::from_error)?;
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
}

fn default_ledger() -> String {
    "durable-ledger.txt".to_owned()
}

/// A scripted model whose answer depends only on the request (not on how many times it was
/// asked): a process that replays a journal asks it only the turns not recorded yet.
#[derive(Debug, Clone, Copy)]
struct LedgerScript;

impl LedgerScript {
    fn answer(request: &ModelRequest) -> Result<ModelResponse, ModelError> {
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
