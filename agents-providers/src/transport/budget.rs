//! One retry budget shared by every layer that retries, so the layers add up instead of
//! multiplying.

use std::sync::Arc;
use std::time::Duration;

use agents_core::{LlmErrorDecision, ModelError};

pub use agents_core::budget::RetryBudget;

/// An `on_llm_error` handler that retries transient model failures while `budget` has retries
/// left, waiting `initial_backoff × 2^(n-1)` (or the provider's Retry-After when longer; the loop
/// applies that rule), and rethrows otherwise.
///
/// It only reads the budget: give the same budget to the agent with
/// [`LlmAgentBuilder::retry_budget`](agents_core::LlmAgentBuilder::retry_budget), which charges
/// each retry it makes (model turns and tool retries alike), and to the model's transport
/// ([`TransportConfig::budget`](super::TransportConfig::budget)), so every layer draws on one count.
///
/// ```
/// use std::time::Duration;
/// use agents_core::{ModelError, ModelErrorKind, LlmErrorDecision};
/// use agents_providers::{RetryBudget, budget_llm_error_policy};
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
