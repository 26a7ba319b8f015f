//! Explicit policies: what happens when nothing handles a tool error and when a model call fails
//! (with a ready-made `on_llm_error` policy drawing on a shared [`RetryBudget`]).
//! (What an agent decides about an escalation lives in `crate::escalation`, re-exported here.)

use std::sync::Arc;
use std::time::Duration;

use crate::budget::RetryBudget;
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
/// `max_retry_after` (`agents_providers`' `TransportRetry`) is this constant, so no agent-level wait
/// is looser than the transport's own. A provider asking for longer is not
/// waited for: the run ends at once with the provider's error, as the transport does.
pub const MAX_RETRY_WAIT: Duration = Duration::from_secs(60);

/// An `on_llm_error` handler: the original error and the attempt that failed (1-based, per turn).
pub type LlmErrorHandler<Out> =
    Arc<dyn Fn(&ModelError, u32) -> LlmErrorDecision<Out> + Send + Sync>;

/// An `on_llm_error` handler that retries transient model failures while `budget` has retries
/// left, waiting `initial_backoff × 2^(n-1)` (or the provider's Retry-After when longer; the loop
/// applies that rule), and rethrows otherwise.
///
/// It only reads the budget: give the same budget to the agent with
/// [`LlmAgentBuilder::retry_budget`](crate::LlmAgentBuilder::retry_budget), which charges each
/// retry it makes (model turns and tool retries alike), and to the model's transport
/// (`agents_providers`' `TransportConfig::budget`), so every layer draws on one count.
///
/// ```
/// use std::time::Duration;
/// use agents_core::{model::{ModelError, ModelErrorKind}, agent::LlmErrorDecision};
/// use agents_core::agent::budget_llm_error_policy;
/// use agents_core::budget::RetryBudget;
/// let budget = RetryBudget::new(1);
/// let policy = budget_llm_error_policy::<String>(budget.clone(), Duration::from_millis(500));
/// let err = ModelError::new(ModelErrorKind::Server, "503");
/// assert!(matches!(policy(&err, 1), LlmErrorDecision::Retry { .. }));
/// let denied = ModelError::new(ModelErrorKind::Authentication, "401");
/// assert!(matches!(policy(&denied, 1), LlmErrorDecision::Rethrow));
/// assert!(budget.try_acquire());
/// assert!(matches!(policy(&err, 2), LlmErrorDecision::Rethrow));
/// ```
pub fn budget_llm_error_policy<Out>(
    budget: Arc<RetryBudget>,
    initial_backoff: Duration,
) -> impl Fn(&ModelError, u32) -> LlmErrorDecision<Out> + Send + Sync + 'static {
    move |error, attempt| {
        if error.is_transient() && budget.remaining() > 0 {
            LlmErrorDecision::Retry {
                max_attempts: attempt + 1,
                initial_backoff,
            }
        } else {
            LlmErrorDecision::Rethrow
        }
    }
}
