//! How long to wait between attempts.

use std::time::Duration;

/// A wait schedule between attempts.
///
/// ```
/// use std::time::Duration;
/// use agents_core::repair::Backoff;
/// let b = Backoff::Exponential { initial: Duration::from_millis(100), factor: 2.0, max: Duration::from_secs(1), jitter: false };
/// assert_eq!(b.delay(1), Duration::from_millis(100));
/// assert_eq!(b.delay(3), Duration::from_millis(400));
/// assert_eq!(b.delay(10), Duration::from_secs(1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Backoff {
    /// Retry at once.
    None,
    /// The same wait every time.
    Constant(Duration),
    /// `initial × factor^(n-1)`, capped at `max`; with `jitter`, a random wait between half and all
    /// of that, so that many clients do not retry in step.
    Exponential {
        /// The first wait.
        initial: Duration,
        /// Growth per attempt.
        factor: f64,
        /// The cap.
        max: Duration,
        /// Randomise each wait within [½, 1] of its nominal value.
        jitter: bool,
    },
}

impl Backoff {
    /// The wait before retry number `retry` (1 for the first retry).
    pub fn delay(&self, retry: u32) -> Duration {
        match *self {
            Backoff::None => Duration::ZERO,
            Backoff::Constant(d) => d,
            Backoff::Exponential {
                initial,
                factor,
                max,
                jitter,
            } => {
                let exp = factor.max(1.0).powi(retry.saturating_sub(1).min(64) as i32);
                let nominal = initial.as_secs_f64() * exp;
                let capped = Duration::from_secs_f64(nominal.min(max.as_secs_f64()));
                if jitter {
                    capped.mul_f64(0.5 + fastrand::f64() * 0.5)
                } else {
                    capped
                }
            }
        }
    }
}

/// Exponential backoff: 200 ms, ×2, capped at 10 s, with jitter.
pub fn exponential() -> Backoff {
    Backoff::Exponential {
        initial: Duration::from_millis(200),
        factor: 2.0,
        max: Duration::from_secs(10),
        jitter: true,
    }
}

/// The same wait every time.
pub fn constant(wait: Duration) -> Backoff {
    Backoff::Constant(wait)
}

/// No wait between attempts.
pub fn no_backoff() -> Backoff {
    Backoff::None
}
