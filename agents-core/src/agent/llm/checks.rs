//! The application's checks on a run: input guardrails before the model is asked, output
//! validators on the typed answer.

use std::fmt;
use std::sync::Arc;

use crate::run::RunContext;

/// Why a check refused an input or an answer, and whether the model may try again.
///
/// An output validator returns [`Rejection::retry`] to send the model back with the reason (a
/// new answer is asked for, bounded by the agent's
/// [`output_retries`](super::LlmAgentBuilder::output_retries)), or [`Rejection::stop`] to end
/// the run. An input guardrail's rejection always ends the run, before any model call.
///
/// ```
/// use agents_core::agent::Rejection;
/// let r = Rejection::retry("the total does not match the items");
/// assert!(r.retries());
/// assert_eq!(r.reason(), "the total does not match the items");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    reason: String,
    retry: bool,
}

impl Rejection {
    /// Sends the model back: it reads `reason` and answers again.
    pub fn retry(reason: impl Into<String>) -> Self {
        Rejection {
            reason: reason.into(),
            retry: true,
        }
    }

    /// Ends the run with `reason` ([`AgentError::Rejected`](crate::AgentError::Rejected)).
    pub fn stop(reason: impl Into<String>) -> Self {
        Rejection {
            reason: reason.into(),
            retry: false,
        }
    }

    /// Why.
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// Whether the model may try again.
    pub fn retries(&self) -> bool {
        self.retry
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

pub use crate::error::Checked;

/// An output validator: the typed answer and the run's context (its dependencies among them).
pub(crate) type OutputValidator<Out> =
    Arc<dyn Fn(&Out, &RunContext) -> Result<(), Rejection> + Send + Sync>;

/// An input guardrail: the run's input and context.
pub(crate) type InputGuardrail<In> =
    Arc<dyn Fn(&In, &RunContext) -> Result<(), Rejection> + Send + Sync>;
