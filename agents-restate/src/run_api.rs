//! Every call this crate makes into the agent's run API, in one place: the switch to a new run
//! API is an edit here.

use agents_core::journal::Journal;
use agents_core::{AgentError, LlmAgent, Outcome};

use crate::RunOutcome;

/// Runs `agent` on `input` with its steps journaled in `journal`, and reports how it ended.
pub(crate) async fn run_journaled(
    agent: &LlmAgent,
    input: String,
    journal: &dyn Journal,
) -> RunOutcome {
    let report = agent.run(input).journal(journal).report().await;
    let (output, error) = match report.outcome {
        Ok(Outcome::Done(out)) => (Some(out), None),
        // A durable run that pauses for approval ends its workflow: the pause is its error.
        Ok(Outcome::Paused(paused)) => {
            (None, Some(AgentError::AwaitingApproval(paused).to_string()))
        }
        Err(e) => (None, Some(e.to_string())),
    };
    RunOutcome {
        output,
        error,
        transcript: report.transcript,
        turns: report.turns,
    }
}
