//! One retry budget shared by every layer that retries, so the layers add up instead of
//! multiplying.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use agents_core::{LlmErrorDecision, ModelError};

/// A pool of retries shared by the transport, the agent loop's `on_llm_error` policy and anything
/// else that sends a request again.
///
/// Without it the layers multiply: 3 transport attempts × 3 model attempts × 3 tool attempts is 27
/// requests for one call. With one budget of, say, 4 retries, the whole stack sends at most the
/// first request plus 4 more, whichever layer spends them. First attempts are never charged.
///
/// ```
/// use agents_providers::RetryBudget;
/// let budget = RetryBudget::new(2);
/// assert!(budget.try_acquire());
/// assert!(budget.try_acquire());
/// assert!(!budget.try_acquire());
/// assert_eq!((budget.used(), budget.remaining()), (2, 0));
/// ```
#[derive(Debug)]
pub struct RetryBudget {
    max: u32,
    used: AtomicU32,
}

impl RetryBudget {
    /// A budget of `max_retries` retries in all, shared by whoever holds it.
    pub fn new(max_retries: u32) -> Arc<Self> {
        Arc::new(RetryBudget {
            max: max_retries,
            used: AtomicU32::new(0),
        })
    }

    /// Takes one retry from the budget; `false` when none is left.
    pub fn try_acquire(&self) -> bool {
        self.used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |u| {
                (u < self.max).then_some(u + 1)
            })
            .is_ok()
    }

    /// Retries spent so far.
    pub fn used(&self) -> u32 {
        self.used.load(Ordering::Acquire)
    }

    /// Retries left.
    pub fn remaining(&self) -> u32 {
        self.max.saturating_sub(self.used())
    }

    /// The budget's size.
    pub fn max(&self) -> u32 {
        self.max
    }
}

/// An `on_llm_error` handler for the agent loop that retries transient model failures while
/// `budget` has retries left, waiting `initial_backoff × 2^(n-1)` (or the provider's Retry-After
/// when longer; the loop applies that rule), and rethrows otherwise.
///
/// Give the same budget to the model's transport ([`TransportConfig::budget`](super::TransportConfig::budget))
/// so that retries inside the transport and retries of whole model turns draw on one count.
///
/// ```
/// use std::time::Duration;
/// use agents_core::{LlmAgent, ModelError, ModelErrorKind, LlmErrorDecision};
/// use agents_providers::{RetryBudget, budget_llm_error_policy};
/// let budget = RetryBudget::new(3);
/// let policy = budget_llm_error_policy::<String>(budget.clone(), Duration::from_millis(500));
/// let err = ModelError::new(ModelErrorKind::Server, "503");
/// assert!(matches!(policy(&err, 1), LlmErrorDecision::Retry { .. }));
/// let denied = ModelError::new(ModelErrorKind::Authentication, "401");
/// assert!(matches!(policy(&denied, 1), LlmErrorDecision::Rethrow));
/// assert_eq!(budget.used(), 1);
/// ```
pub fn budget_llm_error_policy<Out>(
    budget: Arc<RetryBudget>,
    initial_backoff: Duration,
) -> impl Fn(&ModelError, u32) -> LlmErrorDecision<Out> + Send + Sync + 'static {
    move |error, attempt| {
        if error.is_transient() && budget.try_acquire() {
            LlmErrorDecision::Retry {
                max_attempts: attempt + 1,
                initial_backoff,
            }
        } else {
            LlmErrorDecision::Rethrow
        }
    }
}
