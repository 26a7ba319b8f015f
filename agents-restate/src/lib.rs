//! # agents-restate
//!
//! Durable agent runs on [Restate](https://restate.dev): a run survives a crash of its process,
//! resumes where it stopped, and never executes again a tool whose execution was recorded.
//!
//! [`RestateJournal`] implements the agent loop's [`Journal`](agents_core::journal::Journal)
//! seam on a Restate workflow context; [`AgentRun`] serves an agent as the workflow `AgentRun`.
//! docs/durable.md states what is journaled, the exactly-once contract and how to deploy.
//!
//! ```no_run
//! use agents_core::{LlmAgent, testing::ScriptedModel, ModelResponse};
//! use agents_restate::AgentRun;
//! use agents_restate::restate_sdk::prelude::HttpServer;
//!
//! # async fn serve() -> Result<(), Box<dyn std::error::Error>> {
//! let agent = LlmAgent::builder("assistant")
//!     .model(ScriptedModel::new([ModelResponse::text("hello")]))
//!     .build()?;
//! // `run` private to the ingress: every run starts through `start`, which checks the request.
//! let endpoint = AgentRun::new(agent).endpoint();
//! HttpServer::new(endpoint)
//!     .listen_and_serve("127.0.0.1:9080".parse()?)
//!     .await;
//! # Ok(()) }
//! ```
#![warn(missing_docs)]

mod admission;
pub mod cli;
pub mod demo;
mod journal;
mod run_api;
mod service;

pub use admission::{RequestError, admit};
pub use journal::RestateJournal;
pub use service::{AgentRun, DEFAULT_MAX_INPUT_BYTES, RunOutcome, RunRequest, RunStarted};

/// The Restate SDK this crate is built on (its endpoint and server types).
pub use restate_sdk;
