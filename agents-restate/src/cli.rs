//! The demo service's command line (`durable serve [--port N] [--openai-model NAME] [--events
//! FILE] [--inactivity-timeout-ms N] [--abort-timeout-ms N] [--max-input-bytes N]`), shared by
//! the example users run (`cargo run --example durable -- serve`) and the binary the durable
//! tests spawn and kill.

use std::time::Duration;

use crate::AgentRun;
use crate::demo::{LedgerScript, ledger_builder, reporting};
use restate_sdk::prelude::HttpServer;

/// How the command is used.
pub const USAGE: &str = "usage: durable serve [--port N] [--openai-model NAME] [--events FILE] [--inactivity-timeout-ms N] [--abort-timeout-ms N] [--max-input-bytes N]";

/// Restate's own defaults for a service's timeouts, declared explicitly by the demo so that
/// registering it always sets them (a deployment registered before with other values does not
/// leave them behind).
const INACTIVITY_TIMEOUT: Duration = Duration::from_secs(60);
const ABORT_TIMEOUT: Duration = Duration::from_secs(600);

/// The program: runs [`run`] with the process's arguments; a bad command line prints what was
/// wrong and the usage, and exits with status 2.
pub async fn main() {
    let args = std::env::args().skip(1).collect();
    if let Err(message) = run(args).await {
        eprintln!("durable: {message}\n{USAGE}");
        std::process::exit(2);
    }
}

/// Runs `durable <args>` (without the program name): `serve` starts the service endpoint on
/// loopback and serves until the process ends; `--events FILE` appends what the agent reports
/// to `FILE` ([`reporting`]). A bad command line is an error naming what was wrong.
pub async fn run(args: Vec<String>) -> Result<(), String> {
    let mut args = args.into_iter();
    if args.next().as_deref() != Some("serve") {
        return Err("expected the `serve` command".to_owned());
    }
    let mut port = 9080u16;
    let mut openai_model = None;
    let mut events = None;
    let mut inactivity = INACTIVITY_TIMEOUT;
    let mut abort = ABORT_TIMEOUT;
    let mut max_input_bytes = crate::DEFAULT_MAX_INPUT_BYTES;
    let number = |flag: &str, value: &str| -> Result<u64, String> {
        value.parse().map_err(|e| format!("{flag} {value:?}: {e}"))
    };
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
            "--events" => events = Some(std::path::PathBuf::from(value)),
            "--inactivity-timeout-ms" => {
                inactivity = Duration::from_millis(number(&flag, &value)?);
            }
            "--abort-timeout-ms" => abort = Duration::from_millis(number(&flag, &value)?),
            "--max-input-bytes" => {
                max_input_bytes = usize::try_from(number(&flag, &value)?)
                    .map_err(|e| format!("--max-input-bytes {value:?}: {e}"))?;
            }
            other => return Err(format!("unknown flag `{other}`")),
        }
    }
    let agent = match openai_model {
        None => ledger_builder(LedgerScript),
        Some(name) => ledger_builder(
            agents_providers::openai::OpenAi::from_env(name).map_err(|e| e.to_string())?,
        ),
    };
    let agent = match events {
        None => agent,
        Some(path) => reporting(agent, path),
    };
    let agent = agent.build().map_err(|e| e.to_string())?;
    let options = restate_sdk::endpoint::ServiceOptions::new()
        .inactivity_timeout(inactivity)
        .abort_timeout(abort);
    let endpoint = AgentRun::new(agent)
        .max_input_bytes(max_input_bytes)
        .endpoint_with(options);
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    eprintln!("durable: serving AgentRun on http://{addr}");
    HttpServer::new(endpoint).serve(listener).await;
    Ok(())
}
