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
