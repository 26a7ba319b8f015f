//! A transport's settings: timeouts, retry policy, body limit, clock, and how it authenticates.

use std::sync::Arc;
use std::time::Duration;

use super::{Clock, RetryBudget, TokioClock, TransportRetry};
use crate::secret::Secret;

/// Settings of a transport. Every client builder takes one.
#[derive(Debug, Clone)]
pub struct TransportConfig {
    /// How long establishing a connection may take (default 10 s).
    pub connect_timeout: Duration,
    /// How long one attempt may take, body included (default 120 s). A timeout is never retried:
    /// the timeout is the budget.
    pub timeout: Duration,
    /// When and how long to wait before sending again.
    pub retry: TransportRetry,
    /// A retry budget shared with other layers (see [`RetryBudget`]). `None`: only
    /// `retry.max_attempts` limits the transport.
    pub budget: Option<Arc<RetryBudget>>,
    /// Whether a `Retry-After` seen here makes every client of the same base URL and key wait, and
    /// whether this client honours such waits set by others (default on).
    pub shared_cooldown: bool,
    /// Where time comes from ([`TokioClock`]; [`ManualClock`](super::ManualClock) in tests).
    pub clock: Arc<dyn Clock>,
    /// The largest response body accepted, streamed or not (default 32 MiB). A larger one is a
    /// `MalformedResponse`, not retried.
    pub max_body_bytes: usize,
    /// The longest silence between two parts of a response body once its first part arrived
    /// (default 60 s; `None`: only [`timeout`](Self::timeout) bounds it). A body that stays
    /// silent longer ends with a `Timeout` error (not retried), unless the response it carries
    /// is already complete: then that response stands. The wait for the first part is the
    /// provider's time to answer, bounded by `timeout` alone (a local model may take minutes to
    /// read a long prompt); after it, a minute without a byte is taken as a stalled connection
    /// (keep-alive comments and pings a provider sends while it works count as parts).
    pub stream_idle_timeout: Option<Duration>,
    /// How long a stream whose response is complete (its finish reason arrived) may stay silent
    /// before it is taken as ended (default 2 s; never longer than `stream_idle_timeout`). What
    /// may still follow (OpenAI's usage chunk, an end marker) arrives at once; a connection held
    /// open after the last part (Gemini's streams have no end marker) is not waited on longer.
    pub stream_done_grace: Duration,
}

impl Default for TransportConfig {
    fn default() -> Self {
        TransportConfig {
            connect_timeout: Duration::from_secs(10),
            timeout: Duration::from_secs(120),
            retry: TransportRetry::default(),
            budget: None,
            shared_cooldown: true,
            clock: Arc::new(TokioClock),
            max_body_bytes: 32 << 20,
            stream_idle_timeout: Some(Duration::from_secs(60)),
            stream_done_grace: Duration::from_secs(2),
        }
    }
}

/// How a provider authenticates a request.
#[derive(Debug, Clone, Default)]
pub enum Auth {
    /// No credentials (local servers).
    #[default]
    None,
    /// `Authorization: Bearer <key>` (OpenAI and its family).
    Bearer(Secret),
    /// The key in a named header (`x-api-key` for Anthropic, `x-goog-api-key` for Gemini).
    Header(&'static str, Secret),
    /// The key as a query parameter (`?key=` for Gemini); reqwest's URL never reaches an error.
    Query(&'static str, Secret),
}

impl Auth {
    pub(super) fn secret(&self) -> Option<&Secret> {
        match self {
            Auth::None => None,
            Auth::Bearer(s) | Auth::Header(_, s) | Auth::Query(_, s) => Some(s),
        }
    }
}
