//! One retry budget shared by every layer that retries, so the layers add up instead of
//! multiplying.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

/// A pool of retries shared by the provider transport, the agent loop's `on_llm_error` retries
/// and the tools' `retry` steps.
///
/// Without it the layers multiply: 3 transport attempts × 3 model attempts × 3 tool attempts is 27
/// requests for one call. With one budget of, say, 4 retries, the whole stack sends at most the
/// first request plus 4 more, whichever layer spends them. First attempts are never charged.
///
/// ```
/// use agents_core::budget::RetryBudget;
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
