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
//! By default the agent ([`agents_restate::demo`]) is driven by a scripted model (no key needed)
//! that writes the input as one line of a ledger file with a tool that is not safe to repeat,
//! then answers; the demo module's docs list the JSON scenarios the tests use.
//! `--openai-model NAME` drives the same agent with an OpenAI model instead (`OPENAI_API_KEY`).

use agents_restate::AgentRun;
use agents_restate::demo::{LedgerScript, ledger_agent};
use agents_restate::restate_sdk::prelude::{Endpoint, HttpServer};

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
