//! The bound on silence inside a response body: once its first part arrived, a body that sends
//! nothing for `TransportConfig::stream_idle_timeout` is taken as stalled (see there).

use std::future::Future;
use std::time::Duration;

/// `read`, given at most `limit` (`None`: as long as the request's own timeout allows); the
/// limit itself when it ran out first.
pub(super) async fn within<F: Future>(
    limit: Option<Duration>,
    read: F,
) -> Result<F::Output, Duration> {
    match limit {
        None => Ok(read.await),
        Some(limit) => tokio::time::timeout(limit, read).await.map_err(|_| limit),
    }
}

/// What a body silent for `silence` is told as (a `Timeout` error, never retried: output began).
pub(super) fn message(silence: Duration) -> String {
    format!(
        "the response went silent for {} ms after output began \
         (TransportConfig::stream_idle_timeout)",
        silence.as_millis()
    )
}
