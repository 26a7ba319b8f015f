//! Running one piece of a run (a model call, a tool, a fixer) within what is left of the run's
//! time, and within its own timeout if it has one.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use super::{BudgetExceeded, BudgetKind, BudgetScope};

/// How a bounded piece of work ended.
#[derive(Debug)]
pub enum Within<T> {
    /// It finished in time.
    Done(T),
    /// Its bound ran out and the run still has time: its own timeout, or the run's time that
    /// `on_budget_exceeded` extended meanwhile.
    TimedOut(Duration),
    /// The run's time ran out (`max_duration` of this scope or an ancestor).
    RunOut(BudgetExceeded),
}

impl BudgetScope {
    /// Runs `work` under the tighter of `own` (its own timeout, if any) and what is left of the
    /// run, telling which ran out.
    pub async fn within<T>(
        self: &Arc<Self>,
        own: Option<Duration>,
        work: impl Future<Output = T>,
    ) -> Within<T> {
        let Some(limit) = self.bound(own) else {
            return Within::Done(work.await);
        };
        match tokio::time::timeout(limit, work).await {
            Ok(out) => Within::Done(out),
            Err(_) => match self.check_time() {
                Err(b) => Within::RunOut(b),
                Ok(()) => Within::TimedOut(limit),
            },
        }
    }

    /// The duration budget as spent when a bound of `after` ran out and no scope reports it
    /// exceeded (an extension came in between).
    pub(crate) fn time_out(&self, after: Duration) -> BudgetExceeded {
        let ms = after.as_millis().min(u128::from(u64::MAX)) as u64;
        BudgetExceeded {
            kind: BudgetKind::Duration,
            limit: ms,
            used: ms,
            agent: self.agent().clone(),
        }
    }
}
