//! What a sent request gives back: a whole [`HttpResponse`] or a streamed [`ByteStream`], each
//! building (and scrubbing) the errors that arise after the response arrived.

use std::ops::ControlFlow;
use std::time::Duration;

use agents_core::model::{ModelErrorKind, ModelResponse, Usage};
use serde::de::DeserializeOwned;

use super::send::{body_read_kind, describe};
use super::{ERROR_BODY_LIMIT, Records, SseDecoder, SseEvent};
use crate::error::{ErrorDetails, ProviderError, truncate};
use crate::secret::Scrubber;

/// A whole response body with a 2xx status.
#[derive(Debug, Clone)]
pub struct HttpResponse {
    /// The status.
    pub status: u16,
    /// The provider's request id, if it sent one.
    pub request_id: Option<String>,
    /// Attempts it took, the first included.
    pub attempts: u32,
    /// The body.
    pub body: Vec<u8>,
    /// How many bytes the request's body had (what [`settle_usage`](Self::settle_usage)
    /// estimates the input from).
    pub(super) sent_bytes: usize,
    pub(super) provider: &'static str,
    pub(super) scrubber: Scrubber,
}

impl HttpResponse {
    /// Decodes the body as `T`; a body that does not fit is a `MalformedResponse`. The decoder's
    /// message and the start of the body are scrubbed (either may quote an echoed key).
    pub fn json<T: DeserializeOwned>(&self, provider: &'static str) -> Result<T, ProviderError> {
        serde_json::from_slice(&self.body).map_err(|e| {
            // Scrub before cutting, so a key cut in half cannot slip through.
            let body = self.scrubber.scrub(&String::from_utf8_lossy(&self.body));
            let mut err = self.error(
                ModelErrorKind::MalformedResponse,
                format!(
                    "response body is not what the API defines: {e}; body starts {:?}",
                    truncate(&body, 200)
                ),
            );
            err.provider = provider;
            err
        })
    }

    /// Leaves `response`'s usage as the provider reported it; where it reported none (no count
    /// at all, which no real call costs), puts in [`Usage::estimate`] of this request and that
    /// response, marks the response [`usage_estimated`](ModelResponse::usage_estimated), and
    /// logs a warning (the agent loop announces it as an `Event::Warning`).
    pub fn settle_usage(&self, response: &mut ModelResponse) {
        if response.usage != Usage::default() {
            return;
        }
        response.usage = Usage::estimate(self.sent_bytes, response);
        response.usage_estimated = true;
        tracing::warn!(
            provider = self.provider,
            input_tokens = response.usage.input_tokens,
            output_tokens = response.usage.output_tokens,
            "the response reported no token usage; counted by an estimate"
        );
    }

    /// An error about this response (with its status, request id and attempts), its message
    /// scrubbed: use it for anything a provider said inside a 2xx body.
    pub fn error(&self, kind: ModelErrorKind, message: impl Into<String>) -> ProviderError {
        self.adopt(ProviderError::new(self.provider, kind, message))
    }

    /// Makes an error a decoder returned about this response this response's: its status,
    /// request id and attempts, and every text scrubbed.
    pub fn adopt(&self, mut error: ProviderError) -> ProviderError {
        error.status = Some(self.status);
        error.attempts = self.attempts;
        error.request_id = self.request_id.clone();
        error.scrubbed(&self.scrubber)
    }
}

/// A streamed 2xx response. Once it exists, output has begun: nothing sends the request again,
/// unless the provider reads it inside the transport's retry loop and the failure it reports is
/// one its resend rule covers (see `Transport::post_then`).
#[derive(Debug)]
pub struct ByteStream {
    /// Status, request id, attempts, provider and scrubber, shared with [`HttpResponse`] (whose
    /// body stays empty) so both build their errors in one place.
    pub(super) head: HttpResponse,
    pub(super) response: reqwest::Response,
    pub(super) received: usize,
    pub(super) max_bytes: usize,
    /// `TransportConfig::stream_idle_timeout`.
    pub(super) idle: Option<Duration>,
    /// `TransportConfig::stream_done_grace`.
    pub(super) grace: Duration,
    /// Whether the response the body carries is complete (what follows may be waited on only
    /// for the grace).
    pub(super) complete: bool,
}

impl ByteStream {
    /// The next chunk of the body; `None` at its end. A broken connection or a timeout is an
    /// error of kind `Connection` or `Timeout`, and so is a silence longer than
    /// `TransportConfig::stream_idle_timeout` after the first chunk (or than its
    /// `stream_done_grace` once the response was [complete](Self::response_complete)).
    pub async fn next_chunk(&mut self) -> Result<Option<Vec<u8>>, ProviderError> {
        let limit = if self.complete {
            Some(self.idle.map_or(self.grace, |idle| idle.min(self.grace)))
        } else {
            self.idle.filter(|_| self.received > 0)
        };
        let read = match super::idle::within(limit, self.response.chunk()).await {
            Ok(read) => read,
            Err(silence) => {
                return Err(self.error(ModelErrorKind::Timeout, super::idle::message(silence)));
            }
        };
        match read {
            Ok(Some(b)) => {
                self.received += b.len();
                if self.received > self.max_bytes {
                    return Err(self.error(
                        ModelErrorKind::MalformedResponse,
                        format!(
                            "streamed body exceeds {} bytes (TransportConfig::max_body_bytes)",
                            self.max_bytes
                        ),
                    ));
                }
                Ok(Some(b.to_vec()))
            }
            Ok(None) => Ok(None),
            Err(e) => {
                let kind = body_read_kind(&e);
                Err(self.error(
                    kind,
                    format!("stream broke after output began: {}", describe(e)),
                ))
            }
        }
    }

    /// [`HttpResponse::settle_usage`] for this stream's request.
    pub fn settle_usage(&self, response: &mut ModelResponse) {
        self.head.settle_usage(response);
    }

    /// Tells the stream that the response it carries is complete (a finish reason arrived):
    /// from now on a silence longer than `TransportConfig::stream_done_grace` ends it.
    pub fn response_complete(&mut self) {
        self.complete = true;
    }

    /// The provider's request id.
    pub fn request_id(&self) -> Option<&str> {
        self.head.request_id.as_deref()
    }

    /// Attempts it took to get the stream started.
    pub fn attempts(&self) -> u32 {
        self.head.attempts
    }

    /// An error of this stream's request, with its status, request id and attempts, its
    /// message scrubbed: use it for anything a provider said inside the stream.
    pub fn error(&self, kind: ModelErrorKind, message: impl Into<String>) -> ProviderError {
        self.head.error(kind, message)
    }

    /// Makes an error a decoder returned about this stream this stream's: its status, request id
    /// and attempts, and every text scrubbed.
    pub fn adopt(&self, error: ProviderError) -> ProviderError {
        self.head.adopt(error)
    }

    /// The secrets to remove from a decoder's message about a payload before it is logged.
    pub(crate) fn scrubber(&self) -> Scrubber {
        self.head.scrubber.clone()
    }
}

impl ByteStream {
    /// Reads the body as server-sent events, calling `on_event` for each until it breaks or the
    /// body ends. A broken connection is returned as an error (nothing is retried: output began).
    pub async fn read_sse(
        &mut self,
        on_event: impl FnMut(SseEvent) -> Result<ControlFlow<()>, ProviderError>,
    ) -> Result<(), ProviderError> {
        Records::new(SseDecoder::new())
            .for_each(self, on_event)
            .await
    }
}

impl ByteStream {
    /// The error a provider reported inside a stream (an `error` event or payload), after output
    /// began. Its kind comes from the provider's code: overloaded and server errors are `Server`,
    /// rate limits `RateLimited`, exhausted quotas `QuotaExhausted`, invalid requests
    /// `InvalidRequest`; anything else `Server`.
    pub fn stream_error(&self, payload: &str) -> ProviderError {
        let payload = self.head.scrubber.scrub(payload);
        let details = ErrorDetails::parse(&payload);
        let code = details
            .code
            .as_deref()
            .unwrap_or_default()
            .to_ascii_lowercase();
        let kind = if details.says_quota_exhausted() {
            ModelErrorKind::QuotaExhausted
        } else if code.contains("rate_limit") {
            ModelErrorKind::RateLimited
        } else if code.contains("invalid_request") {
            ModelErrorKind::InvalidRequest
        } else {
            ModelErrorKind::Server
        };
        let mut err = self.error(
            kind,
            details
                .message
                .clone()
                .unwrap_or_else(|| "error reported inside the stream".to_owned()),
        );
        err.code = details.code;
        err.body = Some(truncate(&payload, ERROR_BODY_LIMIT));
        err
    }
}
