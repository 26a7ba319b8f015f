//! Model-call failures, provider-neutral.

use std::error::Error as StdError;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// What kind of failure a model call had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModelErrorKind {
    /// 429 with capacity left: slow down and try again.
    RateLimited,
    /// 429 (or 402/403) because the quota or credit is gone: permanent.
    QuotaExhausted,
    /// 5xx / overloaded.
    Server,
    /// Connection refused, reset, closed mid-body.
    Connection,
    /// The request took longer than its timeout.
    Timeout,
    /// Bad or missing credentials: permanent.
    Authentication,
    /// The provider rejected the request (400, 404, 422): permanent.
    InvalidRequest,
    /// The conversation does not fit the context window.
    ContextOverflow,
    /// The response could not be understood.
    MalformedResponse,
    /// Anything else.
    Other,
}

impl ModelErrorKind {
    /// The kind's name in snake case, as it serialises (`rate_limited`, `timeout`): what a trace
    /// records as `error.type` on a failed model call.
    pub fn as_str(self) -> &'static str {
        match self {
            ModelErrorKind::RateLimited => "rate_limited",
            ModelErrorKind::QuotaExhausted => "quota_exhausted",
            ModelErrorKind::Server => "server",
            ModelErrorKind::Connection => "connection",
            ModelErrorKind::Timeout => "timeout",
            ModelErrorKind::Authentication => "authentication",
            ModelErrorKind::InvalidRequest => "invalid_request",
            ModelErrorKind::ContextOverflow => "context_overflow",
            ModelErrorKind::MalformedResponse => "malformed_response",
            ModelErrorKind::Other => "other",
        }
    }

    /// Whether the same request may succeed if sent again.
    pub fn is_transient(self) -> bool {
        matches!(
            self,
            ModelErrorKind::RateLimited | ModelErrorKind::Server | ModelErrorKind::Connection
        )
    }
}

/// A failed model call.
///
/// Provider clients put their own typed error in [`source`](Self::source), so an
/// `on_llm_error` handler can downcast to it and see it unchanged. No API key or auth header ever
/// appears in any field.
#[derive(Clone)]
pub struct ModelError {
    kind: ModelErrorKind,
    message: String,
    status: Option<u16>,
    retry_after: Option<Duration>,
    source: Option<Arc<dyn StdError + Send + Sync>>,
}

impl ModelError {
    /// A new error of `kind`.
    pub fn new(kind: ModelErrorKind, message: impl Into<String>) -> Self {
        ModelError {
            kind,
            message: message.into(),
            status: None,
            retry_after: None,
            source: None,
        }
    }

    /// Attaches the HTTP status.
    pub fn with_status(mut self, status: u16) -> Self {
        self.status = Some(status);
        self
    }

    /// Attaches the provider's requested wait.
    pub fn with_retry_after(mut self, after: Duration) -> Self {
        self.retry_after = Some(after);
        self
    }

    /// Attaches the provider's own error, kept unchanged for handlers to downcast.
    pub fn with_source<E: StdError + Send + Sync + 'static>(mut self, source: E) -> Self {
        self.source = Some(Arc::new(source));
        self
    }

    /// The kind.
    pub fn kind(&self) -> ModelErrorKind {
        self.kind
    }

    /// The operator-facing message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The HTTP status, if the failure had one.
    pub fn status(&self) -> Option<u16> {
        self.status
    }

    /// How long the provider asked us to wait, if it said.
    pub fn retry_after(&self) -> Option<Duration> {
        self.retry_after
    }

    /// Whether the same request may succeed if sent again.
    pub fn is_transient(&self) -> bool {
        self.kind.is_transient()
    }

    /// The provider's own error, if it is an `E`.
    pub fn downcast_ref<E: StdError + 'static>(&self) -> Option<&E> {
        self.source
            .as_deref()
            .and_then(|s| (s as &(dyn StdError + 'static)).downcast_ref::<E>())
    }
}

impl fmt::Debug for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ModelError")
            .field("kind", &self.kind)
            .field("message", &self.message)
            .field("status", &self.status)
            .field("retry_after", &self.retry_after)
            .finish()
    }
}

/// Prints [`as_str`](ModelErrorKind::as_str): `rate_limited`.
impl fmt::Display for ModelErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "model call failed ({:?}", self.kind)?;
        if let Some(s) = self.status {
            write!(f, ", HTTP {s}")?;
        }
        write!(f, "): {}", self.message)
    }
}

impl StdError for ModelError {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        self.source.as_deref().map(|s| s as _)
    }
}
