//! Every call this crate makes into the agent's run API, in one place: the switch to a new run
//! API is an edit here.

use agents_core::LlmAgent;
use agents_core::journal::Journal;

use crate::RunOutcome;

/// Runs `agent` on `input` with its steps journaled in `journal`, and reports how it ended.
pub(crate) async fn run_journaled(
    agent: &LlmAgent,
    input: String,
    journal: &dyn Journal,
) -> RunOutcome {
    let report = agent.run_journaled(input, journal).await;
    let (output, error) = match report.output {
        Ok(out) => (Some(out), None),
        Err(e) => (None, Some(e.to_string())),
    };
    RunOutcome {
        output,
        error,
        transcript: report.transcript,
        turns: report.turns,
    }
}
