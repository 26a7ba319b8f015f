//! The one backoff of the runtime: how long to wait before an attempt is made again. The repair
//! chain's `retry` step, the agent loop's `on_llm_error` retries and the provider transport all
//! compute their waits with [`Backoff`], so one growth rule and one jitter serve every layer.

use std::time::Duration;

/// A wait schedule between attempts.
///
/// ```
/// use std::time::Duration;
/// use agents_core::retry::Backoff;
/// let b = Backoff::Exponential { initial: Duration::from_millis(100), factor: 2.0, max: Duration::from_secs(1), jitter: false };
/// assert_eq!(b.delay(1), Duration::from_millis(100));
/// assert_eq!(b.delay(3), Duration::from_millis(400));
/// assert_eq!(b.delay(10), Duration::from_secs(1));
/// assert_eq!(b, Backoff::doubling(Duration::from_millis(100), Duration::from_secs(1), false));
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
    /// `initial`, doubling each retry, capped at `max` (the transport's and the agent loop's
    /// schedule).
    pub const fn doubling(initial: Duration, max: Duration, jitter: bool) -> Backoff {
        Backoff::Exponential {
            initial,
            factor: 2.0,
            max,
            jitter,
        }
    }

    /// The wait before retry number `retry` (1 for the first retry). Never panics: a wait that
    /// would overflow is the cap.
    pub fn delay(&self, retry: u32) -> Duration {
        self.delay_drawn(retry, fastrand::f64)
    }

    /// [`delay`](Self::delay) with the jitter drawn by `draw` (a number in `[0, 1)`): a durable
    /// run draws from its journal, so that a replay waits what the recorded run waited.
    pub fn delay_drawn(&self, retry: u32, draw: impl FnOnce() -> f64) -> Duration {
        match *self {
            Backoff::None => Duration::ZERO,
            Backoff::Constant(d) => d,
            Backoff::Exponential {
                initial,
                factor,
                max,
                jitter,
            } => {
                let nominal = grown(initial, factor, retry.saturating_sub(1), max);
                if jitter {
                    jittered(nominal, draw())
                } else {
                    nominal
                }
            }
        }
    }
}

/// `initial × factor^exp`, capped at `max`. Multiplying by a power of two in `f64` is exact, and
/// the conversion back rounds to the nearest nanosecond, so a doubling schedule gives the same
/// waits as integer arithmetic would.
fn grown(initial: Duration, factor: f64, exp: u32, max: Duration) -> Duration {
    if initial.is_zero() {
        return Duration::ZERO;
    }
    let nominal = initial.as_secs_f64() * factor.max(1.0).powi(exp.min(64) as i32);
    // Infinite or beyond what a Duration holds: the cap (which the result could not be under).
    Duration::try_from_secs_f64(nominal).map_or(max, |d| d.min(max))
}

/// A wait in `[d/2, d]`, placed by `draw` in `[0, 1)`.
fn jittered(nominal: Duration, draw: f64) -> Duration {
    let half = nominal / 2;
    half + (nominal - half).mul_f64(draw.clamp(0.0, 1.0))
}

/// Exponential backoff: 200 ms, ×2, capped at 10 s, with jitter.
pub fn exponential() -> Backoff {
    Backoff::doubling(Duration::from_millis(200), Duration::from_secs(10), true)
}

/// The same wait every time.
pub fn constant(wait: Duration) -> Backoff {
    Backoff::Constant(wait)
}

/// No wait between attempts.
pub fn no_backoff() -> Backoff {
    Backoff::None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The doubling schedule keeps the waits integer arithmetic gives (the transport and the agent
    /// loop computed them so before they shared this type), up to the cap.
    #[test]
    fn doubling_matches_integer_arithmetic() {
        for ms in [1u64, 3, 7, 10, 100, 200, 300, 500, 1234] {
            let initial = Duration::from_millis(ms);
            let max = Duration::from_secs(60);
            let b = Backoff::doubling(initial, max, false);
            for n in 1..=16u32 {
                let expected = initial.saturating_mul(1 << (n - 1)).min(max);
                assert_eq!(b.delay(n), expected, "{ms} ms, retry {n}");
            }
        }
    }

    /// Jitter stays within `[d/2, d]`; absurd settings give the cap, never a panic.
    #[test]
    fn jitter_is_bounded_and_overflow_is_the_cap() {
        let b = Backoff::doubling(Duration::from_millis(500), Duration::from_secs(8), true);
        for _ in 0..100 {
            let d = b.delay(2);
            assert!(d >= Duration::from_millis(500) && d <= Duration::from_millis(1000));
        }
        let huge = Backoff::Exponential {
            initial: Duration::MAX,
            factor: 1e300,
            max: Duration::MAX,
            jitter: false,
        };
        assert_eq!(huge.delay(u32::MAX), Duration::MAX);
        assert_eq!(
            Backoff::doubling(Duration::ZERO, Duration::MAX, true).delay(99),
            Duration::ZERO
        );
    }
}
