//! Explicit policies: what happens when nothing handles a tool error and when a model call fails.
//! (What an agent decides about an escalation lives in `crate::escalation`, re-exported here.)

use std::sync::Arc;
use std::time::Duration;

pub use crate::escalation::EscalationDecision;
use crate::model::ModelError;

/// What happens to a tool error that no handler recovered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UnhandledPolicy {
    /// The error becomes that call's result in model-safe words (the tool, what was wrong, the
    /// expected schema) and the loop goes on. A permanent failure is fed back once, marked "do not
    /// repeat". Bounded: 3 rounds in a row in which every call failed, the same (tool, error kind)
    /// 3 times, or a permanently failed call made again, end the run with
    /// [`AgentError::RepeatedFailures`](crate::AgentError::RepeatedFailures).
    #[default]
    FeedBack,
    /// Fail fast: the run ends with the original error ([`AgentError::Tool`](crate::AgentError::Tool)).
    Propagate,
    /// The failed call and its result are left out of what the model sees next turn; the failure
    /// is reported as an event. The history kept for you stays complete and valid.
    Omit,
}

/// The decision of an `on_llm_error` handler, consulted after every failed model call.
#[derive(Debug, Clone)]
pub enum LlmErrorDecision<Out> {
    /// Fail with the original error (the default).
    Rethrow,
    /// End the run with this output instead.
    RespondWith(Out),
    /// Send the request again, up to `max_attempts` in all for this turn (the first call
    /// included), waiting `initial_backoff × 2^(n-1)` before retry `n` (or the provider's
    /// Retry-After, if longer). Exhaustion fails with the last original error.
    Retry {
        /// Attempts in all for this turn.
        max_attempts: u32,
        /// The first wait.
        initial_backoff: Duration,
    },
}

/// The longest wait an agent sleeps before sending a model request again (an `on_llm_error`
/// retry's backoff, or a provider's Retry-After): 60 s. The provider transport's default
/// `max_retry_after` (`agents_providers`' `RetryPolicy`) is this constant, so no agent-level wait
/// is looser than the transport's own. A provider asking for longer is not
/// waited for: the run ends at once with the provider's error, as the transport does.
pub const MAX_RETRY_WAIT: Duration = Duration::from_secs(60);

/// An `on_llm_error` handler: the original error and the attempt that failed (1-based, per turn).
pub type LlmErrorHandler<Out> =
    Arc<dyn Fn(&ModelError, u32) -> LlmErrorDecision<Out> + Send + Sync>;
