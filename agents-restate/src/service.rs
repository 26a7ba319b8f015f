//! [`AgentRun`]: an agent served as a Restate workflow, one workflow per run.

use agents_core::LlmAgent;
use agents_core::model::Message;
use restate_sdk::prelude::{
    ContextClient, Endpoint, HandlerError, Json, SharedWorkflowContext, TerminalError,
    WorkflowContext,
};
use serde::{Deserialize, Serialize};

use crate::RestateJournal;
use crate::admission::{RequestBody, RequestError, admit};

/// What starts a run: the user's input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunRequest {
    /// The input, the run's first user message.
    pub input: String,
}

/// The answer to `start`: the run's invocation, to attach to or cancel through Restate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunStarted {
    /// The Restate invocation id of the run (`inv_…`).
    pub invocation_id: String,
}

/// How a run ended: its output or why there is none, and its whole transcript.
///
/// A run that ended with an error is still a completed workflow: the error is the run's
/// outcome (it went through the agent's chain already), not a failure for Restate to retry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunOutcome {
    /// The agent's answer, when the run succeeded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// Why the run ended without an answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The whole conversation: every tool call paired with exactly one result.
    pub transcript: Vec<Message>,
    /// Model turns taken.
    pub turns: u32,
}

/// The largest input [`AgentRun`] takes by default: 1 MiB of request body.
pub const DEFAULT_MAX_INPUT_BYTES: usize = 1 << 20;

/// A text agent served as the Restate workflow `AgentRun`.
///
/// `POST /AgentRun/<run id>/start` with a [`RunRequest`] checks the request and starts the run
/// (answering [`RunStarted`] at once, or 400 / 413 with what was wrong); `GET
/// /restate/workflow/AgentRun/<run id>/attach` waits for its [`RunOutcome`]. The workflow's
/// `run` handler is private to the ingress: a request reaches it only checked.
///
/// A workflow, not a virtual object: a run has an id of its own and runs exactly once per id
/// (starting the same id again starts nothing new), and runs never queue behind each other. A
/// conversation of many runs is a chain of workflows whose ids the caller chooses
/// (docs/durable.md).
pub struct AgentRun {
    agent: LlmAgent,
    max_input_bytes: usize,
}

impl AgentRun {
    /// Serves `agent`, taking inputs of up to [`DEFAULT_MAX_INPUT_BYTES`].
    pub fn new(agent: LlmAgent) -> Self {
        AgentRun {
            agent,
            max_input_bytes: DEFAULT_MAX_INPUT_BYTES,
        }
    }

    /// Refuses a request body larger than `bytes` (413, with its size and the limit) before
    /// the run starts, so before anything of it is journaled.
    pub fn max_input_bytes(mut self, bytes: usize) -> Self {
        self.max_input_bytes = bytes;
        self
    }

    /// An endpoint serving this workflow alone.
    pub fn endpoint(self) -> Endpoint {
        Endpoint::builder().bind(self).build()
    }

    /// An endpoint serving this workflow alone with `options` (the service's timeouts, say).
    ///
    /// ```no_run
    /// # use agents_core::LlmAgent;
    /// use std::time::Duration;
    /// use agents_restate::AgentRun;
    /// use agents_restate::restate_sdk::endpoint::ServiceOptions;
    /// # fn endpoint(agent: LlmAgent) -> agents_restate::restate_sdk::prelude::Endpoint {
    /// // Above the longest tool and model call the agent allows (docs/durable.md).
    /// let options = ServiceOptions::new()
    ///     .inactivity_timeout(Duration::from_secs(300))
    ///     .abort_timeout(Duration::from_secs(900));
    /// AgentRun::new(agent).endpoint_with(options)
    /// # }
    /// ```
    pub fn endpoint_with(self, options: restate_sdk::endpoint::ServiceOptions) -> Endpoint {
        use restate_sdk::service::IntoServiceDefinition;
        Endpoint::builder()
            .bind(self.into_service_definition().options(options))
            .build()
    }
}

impl std::fmt::Debug for AgentRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentRun")
            .field("agent", &self.agent)
            .field("max_input_bytes", &self.max_input_bytes)
            .finish()
    }
}

fn refused(r: RequestError) -> HandlerError {
    TerminalError::new_with_code(r.status(), r.to_string()).into()
}

#[restate_sdk::workflow(name = "AgentRun")]
impl AgentRun {
    /// One run of the agent, its steps journaled. Private to the ingress: runs start through
    /// `start`.
    #[handler(ingress_private)]
    async fn run(
        &self,
        ctx: WorkflowContext<'_>,
        request: Json<RunRequest>,
    ) -> Result<Json<RunOutcome>, HandlerError> {
        let input = request.into_inner().input;
        // Reached only through `start`, which checked the size; a caller inside Restate that
        // sends to `run` directly is held to the same limit, before the run's first entry.
        if input.len() > self.max_input_bytes {
            return Err(refused(RequestError::TooLarge {
                size: input.len(),
                limit: self.max_input_bytes,
            }));
        }
        let journal = RestateJournal::new(&ctx);
        let report = crate::run_api::run_journaled(&self.agent, input, &journal).await;
        Ok(Json(report))
    }

    /// Checks a run request and starts the run `<key>`: answers [`RunStarted`] at once, or a
    /// 400 (not JSON, a wrong type, a missing or unknown field; the message says what and
    /// where) or a 413 (its size and the limit) without starting anything. Starting an id that
    /// ran or runs already starts nothing new: the answer names the same run.
    #[handler]
    async fn start(
        &self,
        ctx: SharedWorkflowContext<'_>,
        body: RequestBody,
    ) -> Result<Json<RunStarted>, HandlerError> {
        let request = admit(&body.0, self.max_input_bytes).map_err(refused)?;
        let sent = ctx
            .workflow_client::<AgentRunClient>(ctx.key())
            .run(Json(request))
            .send()
            .await?;
        Ok(Json(RunStarted {
            invocation_id: sent.invocation_id().to_owned(),
        }))
    }
}
