//! What a run reports: how it ended, what it said, what it spent.

use crate::conversation::Paused;
use crate::error::AgentError;
use crate::model::{Message, Usage};

/// The outcome of one run with what it said and spent: what
/// [`RunRequest::report`](super::RunRequest::report) gives, and the last item of a
/// [`RunStream`](super::RunStream).
///
/// ```
/// use agents_core::{LlmAgent, ModelResponse, Outcome, testing::ScriptedModel};
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// let agent = LlmAgent::builder("greeter")
///     .model(ScriptedModel::new([ModelResponse::text("Hello!")]))
///     .build()
///     .unwrap();
/// let report = agent.run("hi".to_owned()).report().await;
/// assert_eq!(report.turns, 1);
/// match report.outcome {
///     Ok(Outcome::Done(answer)) => assert_eq!(answer, "Hello!"),
///     Ok(Outcome::Paused(paused)) => println!("{} call(s) wait for approval", paused.calls.len()),
///     Err(e) => eprintln!("the run failed: {e}"),
/// }
/// # });
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct RunReport<Out> {
    /// How the run ended: with its answer, paused for a person's approval, or failed.
    pub outcome: Result<Outcome<Out>, AgentError>,
    /// What the run said, valid whatever happened: every tool call is followed by exactly one
    /// result with its id (calls the run did not reach say "Not executed: …"; a paused run's
    /// held calls say "Awaiting approval"). After a history or a conversation the run was given,
    /// only the messages the run added; for a resumed run, its whole transcript.
    pub transcript: Vec<Message>,
    /// Model turns taken.
    pub turns: u32,
    /// Usage the model reported.
    pub usage: Usage,
}

/// How a run that did not fail ended.
#[derive(Debug)]
pub enum Outcome<Out> {
    /// It answered.
    Done(Out),
    /// It stopped before calls that wait for a person's approval; every other call of the round
    /// ran. Decide on the held calls and resume from the checkpoint inside (see
    /// [`Paused`]).
    Paused(Box<Paused>),
}

impl<Out> Outcome<Out> {
    /// The answer, if the run answered.
    pub fn done(self) -> Option<Out> {
        match self {
            Outcome::Done(out) => Some(out),
            Outcome::Paused(_) => None,
        }
    }

    /// The paused run, if it paused.
    pub fn paused(self) -> Option<Box<Paused>> {
        match self {
            Outcome::Done(_) => None,
            Outcome::Paused(p) => Some(p),
        }
    }

    /// Whether the run paused for approval.
    pub fn is_paused(&self) -> bool {
        matches!(self, Outcome::Paused(_))
    }
}

impl<Out> RunReport<Out> {
    /// A report of a run that ended with `result` (a pause for approval is its outcome, not an
    /// error).
    pub(crate) fn new(
        result: Result<Out, AgentError>,
        transcript: Vec<Message>,
        turns: u32,
        usage: Usage,
    ) -> Self {
        let outcome = match result {
            Ok(out) => Ok(Outcome::Done(out)),
            Err(AgentError::AwaitingApproval(paused)) => Ok(Outcome::Paused(paused)),
            Err(e) => Err(e),
        };
        RunReport {
            outcome,
            transcript,
            turns,
            usage,
        }
    }

    /// The answer, or why there is none: a paused run is
    /// [`AgentError::AwaitingApproval`] here (what awaiting a run request directly gives).
    pub fn into_output(self) -> Result<Out, AgentError> {
        into_result(self.outcome)
    }

    /// The answer, if the run answered.
    pub fn output(&self) -> Option<&Out> {
        match &self.outcome {
            Ok(Outcome::Done(out)) => Some(out),
            _ => None,
        }
    }

    /// The error that ended the run, if it failed.
    pub fn error(&self) -> Option<&AgentError> {
        self.outcome.as_ref().err()
    }
}

/// A run's outcome as the answer or an error (a pause is [`AgentError::AwaitingApproval`]).
pub(crate) fn into_result<Out>(
    outcome: Result<Outcome<Out>, AgentError>,
) -> Result<Out, AgentError> {
    match outcome? {
        Outcome::Done(out) => Ok(out),
        Outcome::Paused(paused) => Err(AgentError::AwaitingApproval(paused)),
    }
}
