//! Time as the transport sees it: injectable, so tests assert exact delays without waiting.

use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use futures_util::future::BoxFuture;

/// Where the transport reads the time and how it waits.
pub trait Clock: Send + Sync + fmt::Debug {
    /// The current instant (cooldown deadlines are kept in it).
    fn now(&self) -> Instant;
    /// The wall-clock time, to read `Retry-After` HTTP dates.
    fn system_time(&self) -> SystemTime {
        SystemTime::now()
    }
    /// Waits for `duration`.
    fn sleep(&self, duration: Duration) -> BoxFuture<'static, ()>;
}

/// The real clock: tokio's timer (so paused tokio time works too).
#[derive(Debug, Clone, Copy, Default)]
pub struct TokioClock;

impl Clock for TokioClock {
    fn now(&self) -> Instant {
        tokio::time::Instant::now().into_std()
    }
    fn sleep(&self, duration: Duration) -> BoxFuture<'static, ()> {
        Box::pin(tokio::time::sleep(duration))
    }
}

/// A clock for tests: `sleep` returns at once, moves the clock forward and records the wait.
///
/// ```
/// use std::time::Duration;
/// use agents_providers::transport::{Clock, ManualClock};
/// # futures_util::FutureExt::now_or_never(async {
/// let clock = ManualClock::new();
/// let start = clock.now();
/// clock.sleep(Duration::from_secs(3)).await;
/// assert_eq!(clock.now() - start, Duration::from_secs(3));
/// assert_eq!(clock.sleeps(), vec![Duration::from_secs(3)]);
/// # }).unwrap();
/// ```
#[derive(Debug, Clone)]
pub struct ManualClock {
    inner: Arc<Mutex<ManualState>>,
}

#[derive(Debug)]
struct ManualState {
    start: Instant,
    wall_start: SystemTime,
    elapsed: Duration,
    sleeps: Vec<Duration>,
}

impl Default for ManualClock {
    fn default() -> Self {
        ManualClock::new()
    }
}

impl ManualClock {
    /// A clock starting now.
    pub fn new() -> Self {
        ManualClock::at(SystemTime::now())
    }

    /// A clock whose wall time starts at `wall` (for HTTP-date tests).
    pub fn at(wall: SystemTime) -> Self {
        ManualClock {
            inner: Arc::new(Mutex::new(ManualState {
                start: Instant::now(),
                wall_start: wall,
                elapsed: Duration::ZERO,
                sleeps: Vec::new(),
            })),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, ManualState> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Every wait asked for, in order.
    pub fn sleeps(&self) -> Vec<Duration> {
        self.state().sleeps.clone()
    }

    /// Moves the clock forward without recording a wait.
    pub fn advance(&self, by: Duration) {
        let mut s = self.state();
        s.elapsed = s.elapsed.saturating_add(by);
    }
}

impl Clock for ManualClock {
    // Checked and saturating: a test may feed any wait, and a test clock must not panic on it.
    fn now(&self) -> Instant {
        let s = self.state();
        s.start.checked_add(s.elapsed).unwrap_or(s.start)
    }
    fn system_time(&self) -> SystemTime {
        let s = self.state();
        s.wall_start.checked_add(s.elapsed).unwrap_or(s.wall_start)
    }
    fn sleep(&self, duration: Duration) -> BoxFuture<'static, ()> {
        let mut s = self.state();
        s.elapsed = s.elapsed.saturating_add(duration);
        s.sleeps.push(duration);
        Box::pin(std::future::ready(()))
    }
}
