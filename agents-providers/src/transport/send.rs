//! Sending one request: the retry loop, the shared cooldown, each attempt, and how a failed
//! attempt (a status, a broken connection) becomes a typed error and a retry decision.

use std::error::Error as StdError;
use std::future::Future;

use agents_core::model::ModelErrorKind;
use reqwest::header::HeaderMap;
use serde::Serialize;

use super::{Auth, ByteStream, ERROR_BODY_LIMIT, HttpResponse, Transport, retry_after};
use crate::error::{ErrorDetails, ProviderError, classify_status, truncate};

/// One failed attempt, and whether sending again may help.
struct Failure {
    error: ProviderError,
    retryable: bool,
}

/// A 2xx reply: the whole body, or the stream of one.
#[derive(Debug)]
pub(crate) enum Reply {
    /// The whole body was read.
    Whole(HttpResponse),
    /// The body is streamed.
    Stream(ByteStream),
}

/// A provider's rule for failures its server reports (a status, or an error inside a 2xx body)
/// that sending again may cure although the status alone does not say so: Ollama's
/// `unexpected EOF`, which it sends with a 400, or inside a 200, when it lost its model runner.
pub(crate) type Resend = fn(&ProviderError) -> bool;

impl Transport {
    /// POSTs `body` as JSON to `path` (streamed or whole) and reads each 2xx reply with `read`
    /// inside the retry loop. A failed attempt is sent again when the transport's rules say so,
    /// or when the server reported it (it has a status: a status the transport would not retry,
    /// or a failure `read` returns) and the provider's `resend` rule covers it (Ollama's
    /// `unexpected EOF`). Every retry waits its backoff (or the server's wait) and draws on the
    /// retry budget, so there is one count of attempts; anything else `read` returns is final.
    ///
    /// Every text of an error is scrubbed on the way out: the one exit of errors built from a
    /// failed attempt (a status, its body and headers, a broken connection).
    pub(crate) async fn post_then<T, F, Fut>(
        &self,
        path: &str,
        body: &impl Serialize,
        stream: bool,
        resend: Option<Resend>,
        read: F,
    ) -> Result<T, ProviderError>
    where
        F: FnMut(Reply) -> Fut,
        Fut: Future<Output = Result<T, ProviderError>>,
    {
        let body = self.encode(body)?;
        self.execute(path, &body, stream, resend, read)
            .await
            .map_err(|e| self.scrub_error(e))
    }

    /// The retry loop of [`Transport::post_then`], its errors not yet scrubbed.
    async fn execute<T, Fut>(
        &self,
        path: &str,
        body: &[u8],
        stream: bool,
        resend: Option<Resend>,
        mut read: impl FnMut(Reply) -> Fut,
    ) -> Result<T, ProviderError>
    where
        Fut: Future<Output = Result<T, ProviderError>>,
    {
        let policy = &self.config.retry;
        let clock = &self.config.clock;
        let mut attempt = 0u32;
        loop {
            self.wait_cooldown(attempt).await?;
            attempt += 1;
            let failure = match self.attempt(path, body, stream, attempt).await {
                Ok(reply) => match read(reply).await {
                    Ok(value) => return Ok(value),
                    // What the reader found wrong is final, unless the resend rule covers it.
                    Err(error) => Failure {
                        error,
                        retryable: false,
                    },
                },
                Err(f) => f,
            };
            let Failure {
                mut error,
                mut retryable,
            } = failure;
            error.attempts = attempt;
            retryable = retryable || (error.status.is_some() && resend.is_some_and(|r| r(&error)));
            // The wait is clamped when read; the sum is checked all the same (an Instant cannot
            // hold every Duration).
            if let Some(ra) = error.retry_after
                && self.config.shared_cooldown
                && let Some(until) = clock.now().checked_add(ra)
            {
                self.cooldown.extend(until);
            }
            if !retryable || attempt >= policy.max_attempts.max(1) {
                return Err(error);
            }
            let delay = match error.retry_after {
                Some(ra) if ra > policy.max_retry_after => {
                    tracing::debug!(
                        provider = self.provider,
                        retry_after_ms = ra.as_millis() as u64,
                        "server asks for a longer wait than the cap; not retrying"
                    );
                    return Err(error);
                }
                Some(ra) => ra,
                None => policy.backoff(attempt),
            };
            if let Some(budget) = &self.config.budget
                && !budget.try_acquire()
            {
                tracing::debug!(provider = self.provider, "retry budget spent; not retrying");
                return Err(error);
            }
            tracing::debug!(
                provider = self.provider,
                attempt,
                status = error.status,
                kind = ?error.kind,
                delay_ms = delay.as_millis() as u64,
                "retrying provider request"
            );
            clock.sleep(delay).await;
        }
    }

    /// Waits out a cooldown set by any client of the same account; fails at once if it is longer
    /// than the policy accepts.
    async fn wait_cooldown(&self, attempts_so_far: u32) -> Result<(), ProviderError> {
        if !self.config.shared_cooldown {
            return Ok(());
        }
        let Some(left) = self.cooldown.remaining(self.config.clock.now()) else {
            return Ok(());
        };
        if left > self.config.retry.max_retry_after {
            let mut err = ProviderError::new(
                self.provider,
                ModelErrorKind::RateLimited,
                format!(
                    "provider asked to wait {:.1} s (Retry-After); not sent",
                    left.as_secs_f64()
                ),
            );
            err.retry_after = Some(left);
            err.attempts = attempts_so_far;
            return Err(err);
        }
        tracing::debug!(
            provider = self.provider,
            wait_ms = left.as_millis() as u64,
            "waiting out a shared provider cooldown"
        );
        self.config.clock.sleep(left).await;
        Ok(())
    }

    async fn attempt(
        &self,
        path: &str,
        body: &[u8],
        stream: bool,
        attempt: u32,
    ) -> Result<Reply, Failure> {
        let url = format!("{}{}", self.base_url, path);
        let mut req = self
            .client
            .post(url)
            .headers(self.headers.clone())
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body.to_vec());
        if let Auth::Query(name, s) = &self.auth {
            req = req.query(&[(*name, s.expose())]);
        }
        let response = req.send().await.map_err(|e| self.transport_failure(e))?;
        let status = response.status().as_u16();
        // A header is provider text like any other: it may echo the key.
        let request_id = request_id(response.headers()).map(|id| self.scrub(&id));
        if !(200..300).contains(&status) {
            return Err(self.status_failure(response, request_id).await);
        }
        if stream {
            return Ok(Reply::Stream(ByteStream {
                head: HttpResponse {
                    status,
                    request_id,
                    attempts: attempt,
                    body: Vec::new(),
                    sent_bytes: body.len(),
                    provider: self.provider,
                    scrubber: self.scrubber.clone(),
                },
                response,
                received: 0,
                max_bytes: self.config.max_body_bytes,
                idle: self.config.stream_idle_timeout,
                grace: self.config.stream_done_grace,
                complete: false,
            }));
        }
        let mut response = response;
        let mut received = Vec::new();
        let mut started = false;
        loop {
            let limit = self.config.stream_idle_timeout.filter(|_| started);
            let read = match super::idle::within(limit, response.chunk()).await {
                Ok(read) => read,
                Err(silence) => {
                    return Err(Failure {
                        error: ProviderError::new(
                            self.provider,
                            ModelErrorKind::Timeout,
                            super::idle::message(silence),
                        ),
                        retryable: false,
                    });
                }
            };
            started = true;
            match read {
                Ok(Some(c)) => {
                    if received.len() + c.len() > self.config.max_body_bytes {
                        return Err(Failure {
                            error: self.too_large(),
                            retryable: false,
                        });
                    }
                    received.extend_from_slice(&c);
                }
                Ok(None) => break,
                Err(e) => {
                    let kind = body_read_kind(&e);
                    return Err(Failure {
                        error: ProviderError::new(self.provider, kind, self.scrub(&describe(e))),
                        retryable: kind == ModelErrorKind::Connection,
                    });
                }
            }
        }
        Ok(Reply::Whole(HttpResponse {
            status,
            request_id,
            attempts: attempt,
            body: received,
            sent_bytes: body.len(),
            provider: self.provider,
            scrubber: self.scrubber.clone(),
        }))
    }

    fn too_large(&self) -> ProviderError {
        ProviderError::malformed(
            self.provider,
            format!(
                "response body exceeds {} bytes (TransportConfig::max_body_bytes)",
                self.config.max_body_bytes
            ),
        )
    }

    fn transport_failure(&self, e: reqwest::Error) -> Failure {
        let (kind, retryable) = reqwest_kind(&e);
        Failure {
            error: ProviderError::new(self.provider, kind, self.scrub(&describe(e))),
            retryable,
        }
    }

    async fn status_failure(
        &self,
        response: reqwest::Response,
        request_id: Option<String>,
    ) -> Failure {
        let status = response.status();
        let retry_after = retry_after(response.headers(), self.config.clock.system_time());
        let location = response
            .headers()
            .get(reqwest::header::LOCATION)
            .and_then(|v| v.to_str().ok())
            .map(|l| self.scrub(l));
        // Read at most 64 KiB of an error body: enough for any provider's error, and bounded.
        let mut response = response;
        let mut raw = Vec::new();
        while raw.len() < 64 << 10 {
            match response.chunk().await {
                Ok(Some(c)) => raw.extend_from_slice(&c),
                _ => break,
            }
        }
        let text = String::from_utf8_lossy(&raw).into_owned();
        let text = self.scrub(&text);
        let details = ErrorDetails::parse(&text);
        let (kind, retryable) = classify_status(status.as_u16(), &details);
        let message = if status.is_redirection() {
            // Only a redirect to another origin reaches here (see `redirect_policy`).
            format!(
                "redirected to another origin ({}); not followed, so the credentials are not sent there",
                location.as_deref().unwrap_or("no Location")
            )
        } else {
            details.message.clone().unwrap_or_else(|| {
                status
                    .canonical_reason()
                    .unwrap_or("unexpected status")
                    .to_owned()
            })
        };
        let mut error = ProviderError::new(self.provider, kind, message);
        error.status = Some(status.as_u16());
        error.code = details.code.clone();
        error.request_id = request_id;
        // A header's wait first; else a `google.rpc.RetryInfo` in the body (Gemini).
        error.retry_after = retry_after.or(details.retry_delay);
        error.body = (!text.is_empty()).then(|| truncate(&text, ERROR_BODY_LIMIT));
        Failure { error, retryable }
    }
}

fn request_id(headers: &HeaderMap) -> Option<String> {
    ["x-request-id", "request-id", "x-goog-request-id", "cf-ray"]
        .iter()
        .find_map(|h| headers.get(*h)?.to_str().ok().map(str::to_owned))
}

/// The kind of a reqwest failure, and whether sending again may help: timeouts are final (the
/// timeout is the budget), connection failures (refused, reset, closed mid-body) are retried.
fn reqwest_kind(e: &reqwest::Error) -> (ModelErrorKind, bool) {
    if e.is_timeout() {
        (ModelErrorKind::Timeout, false)
    } else if e.is_builder() {
        (ModelErrorKind::InvalidRequest, false)
    } else {
        (ModelErrorKind::Connection, true)
    }
}

/// The kind of a failure while reading a body. We decode the JSON ourselves, so anything but the
/// timeout is the connection's (closed or reset mid-body), whatever reqwest calls it.
pub(super) fn body_read_kind(e: &reqwest::Error) -> ModelErrorKind {
    if e.is_timeout() {
        ModelErrorKind::Timeout
    } else {
        ModelErrorKind::Connection
    }
}

/// The error and its causes on one line, without the URL (which may carry a key).
pub(super) fn describe(e: reqwest::Error) -> String {
    let e = e.without_url();
    let mut out = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let text = s.to_string();
        if !out.contains(&text) {
            out.push_str(": ");
            out.push_str(&text);
        }
        source = s.source();
    }
    out
}
