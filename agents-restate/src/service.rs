//! [`AgentRun`]: an agent served as a Restate workflow, one workflow per run.

use agents_core::model::Message;
use agents_core::{LlmAgent, Outcome};
use restate_sdk::prelude::{HandlerError, Json, WorkflowContext};
use serde::{Deserialize, Serialize};

use crate::RestateJournal;

/// What starts a run: the user's input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRequest {
    /// The input, the run's first user message.
    pub input: String,
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

/// A text agent served as the Restate workflow `AgentRun`: `POST
/// /AgentRun/<run id>/run/send` with a [`RunRequest`] starts a run, `GET
/// /restate/workflow/AgentRun/<run id>/attach` waits for its [`RunOutcome`].
///
/// A workflow, not a virtual object: a run has an id of its own and runs exactly once per id
/// (submitting the same id again attaches to the same run instead of repeating it), and runs
/// never queue behind each other. A conversation of many runs is a chain of workflows whose
/// ids the caller chooses (docs/durable.md).
pub struct AgentRun {
    agent: LlmAgent,
}

impl AgentRun {
    /// Serves `agent`.
    pub fn new(agent: LlmAgent) -> Self {
        AgentRun { agent }
    }
}

impl std::fmt::Debug for AgentRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentRun")
            .field("agent", &self.agent)
            .finish()
    }
}

#[restate_sdk::workflow(name = "AgentRun")]
impl AgentRun {
    /// One run of the agent, its steps journaled.
    #[handler]
    async fn run(
        &self,
        ctx: WorkflowContext<'_>,
        request: Json<RunRequest>,
    ) -> Result<Json<RunOutcome>, HandlerError> {
        let journal = RestateJournal::new(&ctx);
        let report = self
            .agent
            .run(request.into_inner().input)
            .journal(&journal)
            .report()
            .await;
        let (output, error) = match report.outcome {
            Ok(Outcome::Done(out)) => (Some(out), None),
            Ok(Outcome::Paused(paused)) => {
                let e = agents_core::AgentError::AwaitingApproval(paused);
                (None, Some(e.to_string()))
            }
            Err(e) => (None, Some(e.to_string())),
        };
        Ok(Json(RunOutcome {
            output,
            error,
            transcript: report.transcript,
            turns: report.turns,
        }))
    }
}
