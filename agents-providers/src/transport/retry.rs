//! When and how long the transport waits before sending a request again.

use std::time::{Duration, SystemTime};

use agents_core::retry::Backoff;
use reqwest::header::HeaderMap;

/// The transport's retry rules (when and how long it waits before sending a request again).
#[derive(Debug, Clone, PartialEq)]
pub struct TransportRetry {
    /// Attempts in all, the first included (default 3). `1` turns retries off.
    pub max_attempts: u32,
    /// The wait before the first retry (default 500 ms); it doubles each retry.
    pub initial_backoff: Duration,
    /// The longest computed wait (default 8 s).
    pub max_backoff: Duration,
    /// The longest server-requested wait we accept (default 60 s,
    /// [`agents_core::agent::MAX_RETRY_WAIT`], the agent loop's own cap, so the two layers agree).
    /// A `Retry-After` beyond it ends the retries at once and the error carries the requested wait
    /// for the layers above.
    pub max_retry_after: Duration,
    /// Randomise each computed wait within its upper half (default on), so clients that failed
    /// together do not come back together. Server-requested waits are never randomised.
    pub jitter: bool,
}

impl Default for TransportRetry {
    fn default() -> Self {
        TransportRetry {
            max_attempts: 3,
            initial_backoff: Duration::from_millis(500),
            max_backoff: Duration::from_secs(8),
            max_retry_after: agents_core::agent::MAX_RETRY_WAIT,
            jitter: true,
        }
    }
}

impl TransportRetry {
    /// No retries at all.
    pub fn none() -> Self {
        TransportRetry {
            max_attempts: 1,
            ..TransportRetry::default()
        }
    }

    /// The computed wait before retry `n` (1-based): `initial × 2^(n-1)`, capped by
    /// `max_backoff`, jittered into `[d/2, d]` when `jitter` is on (the runtime's one
    /// [`Backoff`], as the agent loop and the tools' `retry` steps use it).
    pub fn backoff(&self, retry: u32) -> Duration {
        Backoff::doubling(self.initial_backoff, self.max_backoff, self.jitter).delay(retry)
    }
}

/// The longest wait read from a server (24 h). A longer one (`1e300`, `u64::MAX` seconds, a date
/// in the year 9999) is read as this, so no arithmetic on it can overflow; it is still far beyond
/// any sensible [`TransportRetry::max_retry_after`], so such a request is not sent again.
pub const MAX_SERVER_WAIT: Duration = Duration::from_secs(24 * 60 * 60);

/// A server-given wait in seconds as a `Duration`, clamped to [`MAX_SERVER_WAIT`] before the
/// conversion (which panics on huge values); `None` for negative or NaN.
pub(crate) fn clamp_wait_secs(secs: f64) -> Option<Duration> {
    if secs.is_nan() || secs < 0.0 {
        return None;
    }
    Some(if secs >= MAX_SERVER_WAIT.as_secs_f64() {
        MAX_SERVER_WAIT
    } else {
        Duration::from_secs_f64(secs)
    })
}

/// The wait a response asks for: `retry-after-ms` (milliseconds, fractional allowed) first, then
/// `Retry-After` as delay-seconds or as an HTTP-date (read against `now`). A date in the past
/// means no wait; any wait is clamped to [`MAX_SERVER_WAIT`].
pub fn retry_after(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    let text = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    if let Some(wait) = text("retry-after-ms")
        .and_then(|v| v.parse::<f64>().ok())
        .and_then(|ms| clamp_wait_secs(ms / 1000.0))
    {
        return Some(wait);
    }
    parse_retry_after(text("retry-after")?, now)
}

/// Reads one `Retry-After` value: delay-seconds (`"120"`, tolerating `"1.5"`) or an HTTP-date,
/// clamped to [`MAX_SERVER_WAIT`].
///
/// ```
/// use std::time::{Duration, SystemTime, UNIX_EPOCH};
/// use agents_providers::transport::parse_retry_after;
/// let now = UNIX_EPOCH + Duration::from_secs(784_111_777);
/// assert_eq!(parse_retry_after("7", now), Some(Duration::from_secs(7)));
/// assert_eq!(parse_retry_after("Sun, 06 Nov 1994 08:49:57 GMT", now), Some(Duration::from_secs(20)));
/// assert_eq!(parse_retry_after("soon", now), None);
/// ```
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs).min(MAX_SERVER_WAIT));
    }
    if let Ok(secs) = value.parse::<f64>() {
        return clamp_wait_secs(secs);
    }
    let date = httpdate::parse_http_date(value).ok()?;
    Some(
        date.duration_since(now)
            .unwrap_or(Duration::ZERO)
            .min(MAX_SERVER_WAIT),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    #[test]
    fn backoff_doubles_and_caps() {
        let p = TransportRetry {
            jitter: false,
            max_backoff: Duration::from_secs(3),
            ..TransportRetry::default()
        };
        let waits: Vec<_> = (1..=5).map(|n| p.backoff(n).as_millis()).collect();
        assert_eq!(waits, [500, 1000, 2000, 3000, 3000]);
        let j = TransportRetry::default();
        for _ in 0..100 {
            let d = j.backoff(2);
            assert!(d >= Duration::from_millis(500) && d <= Duration::from_millis(1000));
        }
    }

    #[test]
    fn retry_after_ms_wins_over_retry_after() {
        let mut h = HeaderMap::new();
        h.insert("retry-after", HeaderValue::from_static("5"));
        h.insert("retry-after-ms", HeaderValue::from_static("1500.5"));
        assert_eq!(
            retry_after(&h, SystemTime::now()),
            Some(Duration::from_micros(1_500_500))
        );
        h.remove("retry-after-ms");
        assert_eq!(
            retry_after(&h, SystemTime::now()),
            Some(Duration::from_secs(5))
        );
    }

    /// Absurd waits are clamped, never a panic (float-to-Duration conversion used to panic).
    #[test]
    fn absurd_waits_are_clamped() {
        let now = SystemTime::now();
        for v in [
            "1e300",
            "18446744073709551615",
            "1e19",
            "inf",
            "Fri, 31 Dec 9999 23:59:59 GMT",
        ] {
            assert_eq!(parse_retry_after(v, now), Some(MAX_SERVER_WAIT), "{v}");
        }
        assert_eq!(parse_retry_after("-5", now), None);
        assert_eq!(parse_retry_after("NaN", now), None);
        let mut h = HeaderMap::new();
        h.insert("retry-after-ms", HeaderValue::from_static("1e300"));
        assert_eq!(retry_after(&h, now), Some(MAX_SERVER_WAIT));
    }

    #[test]
    fn past_dates_mean_no_wait() {
        let now = SystemTime::now();
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:49:37 GMT", now),
            Some(Duration::ZERO)
        );
    }
}
