//! A durable agent service (the same as the `durable` binary the tests spawn): an agent run is the Restate workflow `AgentRun`.
//!
//! ```sh
//! scripts/restate.sh start                                  # the Restate server, on loopback
//! cargo run --example durable -- serve --port 9080
//! # register the service endpoint with the server (once per deployment):
//! curl -s -X POST http://127.0.0.1:19070/deployments \
//!      -H 'content-type: application/json' -d '{"uri": "http://127.0.0.1:9080"}'
//! # start a run with id `run-1` (checked first: a bad request answers 400 or 413), then wait for
//! # its outcome:
//! curl -s -X POST http://127.0.0.1:18080/AgentRun/run-1/start \
//!      -H 'content-type: application/json' -d '{"input": "pay the invoice"}'
//! curl -s http://127.0.0.1:18080/restate/workflow/AgentRun/run-1/attach
//! ```
//!
//! By default the agent ([`agents_restate::demo`]) is driven by a scripted model (no key needed)
//! that writes the input as one line of a ledger file with a tool that is not safe to repeat,
//! then answers; the demo module's docs list the JSON scenarios the tests use.
//! `--openai-model NAME` drives the same agent with an OpenAI model instead (`OPENAI_API_KEY`).

#[tokio::main]
async fn main() {
    agents_restate::cli::main().await;
}
