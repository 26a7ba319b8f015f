//! The HTTP transport shared by every provider client: timeouts, retries with backoff and
//! `Retry-After`, a cooldown shared per provider account, one retry budget across layers, typed
//! errors with the key scrubbed out.
//!
//! A provider client builds one [`Transport`] and calls [`Transport::post_json`] (whole body,
//! retried as a unit) or [`Transport::post_stream`] (retried only until a 2xx response has
//! arrived; after that the stream is the caller's and is never sent again).
//!
//! Every text a provider sent (a body, a header, a decoder's message quoting the body) passes
//! through the client's scrubber (its API key and credential headers) before it is kept in an
//! error: errors leave [`Transport::post_json`] and [`Transport::post_stream`] scrubbed, and
//! errors built from a response afterwards are built (or adopted) through [`HttpResponse`] and
//! [`ByteStream`], which scrub too. Redirects are followed only within the origin of the request's
//! own URL (see [`redirect_policy`]).

mod budget;
mod clock;
mod cooldown;
mod retry;
mod sse;

use std::error::Error as StdError;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use agents_core::ModelErrorKind;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use budget::{RetryBudget, budget_llm_error_policy};
pub use clock::{Clock, ManualClock, TokioClock};
pub use cooldown::CooldownKey;
pub(crate) use retry::clamp_wait_secs;
pub use retry::{MAX_SERVER_WAIT, RetryPolicy, parse_retry_after, retry_after};
pub use sse::{LineDecoder, SseDecoder, SseEvent};

use crate::error::{ErrorDetails, ProviderError, classify_status, truncate};
use crate::secret::{Scrubber, Secret, is_credential_header};

/// How much of an error body is kept in [`ProviderError::body`].
const ERROR_BODY_LIMIT: usize = 4096;

/// Settings of a transport. Every client builder takes one.
#[derive(Debug, Clone)]
pub struct TransportConfig {
    /// How long establishing a connection may take (default 10 s).
    pub connect_timeout: Duration,
    /// How long one attempt may take, body included (default 120 s). A timeout is never retried:
    /// the timeout is the budget.
    pub timeout: Duration,
    /// When and how long to wait before sending again.
    pub retry: RetryPolicy,
    /// A retry budget shared with other layers (see [`RetryBudget`]). `None`: only
    /// `retry.max_attempts` limits the transport.
    pub budget: Option<Arc<RetryBudget>>,
    /// Whether a `Retry-After` seen here makes every client of the same base URL and key wait, and
    /// whether this client honours such waits set by others (default on).
    pub shared_cooldown: bool,
    /// Where time comes from ([`TokioClock`]; [`ManualClock`] in tests).
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
            retry: RetryPolicy::default(),
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
    fn secret(&self) -> Option<&Secret> {
        match self {
            Auth::None => None,
            Auth::Bearer(s) | Auth::Header(_, s) | Auth::Query(_, s) => Some(s),
        }
    }
}

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
    provider: &'static str,
    scrubber: Scrubber,
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

    /// An error about this response (with its status, request id and attempts), its message
    /// scrubbed: use it for anything a provider said inside a 2xx body.
    pub fn error(&self, kind: ModelErrorKind, message: impl Into<String>) -> ProviderError {
        self.adopt(ProviderError::new(self.provider, kind, message))
    }

    /// Makes an error a decoder returned about this response this response's: its status,
    /// request id and attempts, and every text scrubbed.
    pub fn adopt(&self, error: ProviderError) -> ProviderError {
        adopt(
            error,
            self.status,
            self.attempts,
            &self.request_id,
            &self.scrubber,
        )
    }
}

/// A streamed 2xx response. Once it exists, output has begun: nothing sends the request again.
#[derive(Debug)]
pub struct ByteStream {
    provider: &'static str,
    response: reqwest::Response,
    status: u16,
    request_id: Option<String>,
    attempts: u32,
    scrubber: Scrubber,
    received: usize,
    max_bytes: usize,
}

impl ByteStream {
    /// The next chunk of the body; `None` at its end. A broken connection or a timeout is an
    /// error of kind `Connection` or `Timeout`.
    pub async fn next_chunk(&mut self) -> Result<Option<Vec<u8>>, ProviderError> {
        match self.response.chunk().await {
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

    /// The provider's request id.
    pub fn request_id(&self) -> Option<&str> {
        self.request_id.as_deref()
    }

    /// Attempts it took to get the stream started.
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    /// An error of this stream's request, with its status, request id and attempts, its
    /// message scrubbed: use it for anything a provider said inside the stream.
    pub fn error(&self, kind: ModelErrorKind, message: impl Into<String>) -> ProviderError {
        self.adopt(ProviderError::new(self.provider, kind, message))
    }

    /// Makes an error a decoder returned about this stream this stream's: its status, request id
    /// and attempts, and every text scrubbed.
    pub fn adopt(&self, error: ProviderError) -> ProviderError {
        adopt(
            error,
            self.status,
            self.attempts,
            &self.request_id,
            &self.scrubber,
        )
    }

    /// The secrets to remove from a decoder's message about a payload before it is logged.
    pub(crate) fn scrubber(&self) -> Scrubber {
        self.scrubber.clone()
    }
}

/// The shared HTTP transport of a provider client.
#[derive(Debug, Clone)]
pub struct Transport {
    provider: &'static str,
    client: reqwest::Client,
    base_url: String,
    auth: Auth,
    headers: HeaderMap,
    config: TransportConfig,
    cooldown: CooldownKey,
    scrubber: Scrubber,
}

/// One failed attempt, and whether sending again may help.
struct Failure {
    error: ProviderError,
    retryable: bool,
}

enum Reply {
    Whole(HttpResponse),
    Stream(reqwest::Response, u16, Option<String>, u32),
}

impl Transport {
    /// A transport for `provider` at `base_url` (no trailing slash needed).
    pub fn new(
        provider: &'static str,
        base_url: impl Into<String>,
        auth: Auth,
        config: TransportConfig,
    ) -> Result<Self, ProviderError> {
        let base_url = base_url.into().trim_end_matches('/').to_owned();
        if !(base_url.starts_with("http://") || base_url.starts_with("https://")) {
            return Err(ProviderError::new(
                provider,
                ModelErrorKind::InvalidRequest,
                format!("base URL must start with http:// or https://, got {base_url:?}"),
            ));
        }
        let client = reqwest::Client::builder()
            .connect_timeout(config.connect_timeout)
            .timeout(config.timeout)
            .redirect(redirect_policy())
            .build()
            .map_err(|e| {
                ProviderError::new(
                    provider,
                    ModelErrorKind::Other,
                    format!("cannot build the HTTP client: {}", describe(e)),
                )
            })?;
        let mut headers = HeaderMap::new();
        match &auth {
            Auth::Bearer(s) => {
                headers.insert(
                    reqwest::header::AUTHORIZATION,
                    sensitive(provider, &format!("Bearer {}", s.expose()))?,
                );
            }
            Auth::Header(name, s) => {
                headers.insert(
                    HeaderName::from_static(name),
                    sensitive(provider, s.expose())?,
                );
            }
            Auth::None | Auth::Query(..) => {}
        }
        let cooldown = CooldownKey::new(&base_url, auth.secret().map(Secret::expose));
        let scrubber = Scrubber::new(auth.secret().cloned());
        Ok(Transport {
            provider,
            client,
            base_url,
            auth,
            headers,
            config,
            cooldown,
            scrubber,
        })
    }

    /// Adds a header sent with every request (`anthropic-version`, `OpenAI-Organization`, ...).
    /// A header whose name says it carries a credential (`Authorization`, `*-Key`, `*Token*`,
    /// `Cookie`, ...) is marked sensitive and its value scrubbed like the API key.
    pub fn with_header(mut self, name: &str, value: &str) -> Result<Self, ProviderError> {
        let bad = |what: &str| {
            ProviderError::new(
                self.provider,
                ModelErrorKind::InvalidRequest,
                format!("invalid header {what}"),
            )
        };
        let name = HeaderName::from_bytes(name.as_bytes()).map_err(|_| bad(name))?;
        let mut header = HeaderValue::from_str(value).map_err(|_| bad(name.as_str()))?;
        if is_credential_header(name.as_str()) {
            header.set_sensitive(true);
            self.scrubber = self.scrubber.with(Secret::new(value));
        }
        self.headers.insert(name, header);
        Ok(self)
    }

    /// The provider name used in errors.
    pub fn provider(&self) -> &'static str {
        self.provider
    }

    /// The base URL, without a trailing slash.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The settings.
    pub fn config(&self) -> &TransportConfig {
        &self.config
    }

    /// The account this transport shares its cooldown with.
    pub fn cooldown_key(&self) -> CooldownKey {
        self.cooldown
    }

    /// How long requests of this account must still wait because of an earlier `Retry-After`.
    pub fn cooldown_remaining(&self) -> Option<Duration> {
        self.cooldown.remaining(self.config.clock.now())
    }

    /// Removes every configured secret from a text (for errors built outside the transport).
    pub fn scrub(&self, text: &str) -> String {
        self.scrubber.scrub(text)
    }

    /// Removes every configured secret from each text of an error.
    pub fn scrub_error(&self, error: ProviderError) -> ProviderError {
        error.scrubbed(&self.scrubber)
    }

    /// POSTs `body` as JSON to `path` and reads the whole response, retrying per the policy.
    pub async fn post_json(
        &self,
        path: &str,
        body: &impl Serialize,
    ) -> Result<HttpResponse, ProviderError> {
        let body = self.encode(body)?;
        match self.execute_scrubbed(path, body, false).await? {
            Reply::Whole(r) => Ok(r),
            Reply::Stream(..) => unreachable!("a whole-body request never returns a stream"),
        }
    }

    /// POSTs `body` as JSON to `path` and returns the streamed body once a 2xx status arrives.
    /// Failures before that are retried per the policy; a non-2xx status is an error carrying the
    /// status and the body.
    pub async fn post_stream(
        &self,
        path: &str,
        body: &impl Serialize,
    ) -> Result<ByteStream, ProviderError> {
        let body = self.encode(body)?;
        match self.execute_scrubbed(path, body, true).await? {
            Reply::Stream(response, status, request_id, attempts) => Ok(ByteStream {
                provider: self.provider,
                response,
                status,
                request_id,
                attempts,
                scrubber: self.scrubber.clone(),
                received: 0,
                max_bytes: self.config.max_body_bytes,
            }),
            Reply::Whole(_) => unreachable!("a streamed request always returns a stream"),
        }
    }

    fn encode(&self, body: &impl Serialize) -> Result<Vec<u8>, ProviderError> {
        serde_json::to_vec(body).map_err(|e| {
            ProviderError::new(
                self.provider,
                ModelErrorKind::InvalidRequest,
                format!("cannot encode the request: {e}"),
            )
        })
    }

    /// [`Transport::execute`], with every text of its error scrubbed: the one exit of errors
    /// built from a failed attempt (a status, its body and headers, a broken connection).
    async fn execute_scrubbed(
        &self,
        path: &str,
        body: Vec<u8>,
        stream: bool,
    ) -> Result<Reply, ProviderError> {
        self.execute(path, body, stream)
            .await
            .map_err(|e| self.scrub_error(e))
    }

    async fn execute(
        &self,
        path: &str,
        body: Vec<u8>,
        stream: bool,
    ) -> Result<Reply, ProviderError> {
        let policy = &self.config.retry;
        let clock = &self.config.clock;
        let mut attempt = 0u32;
        loop {
            self.wait_cooldown(attempt).await?;
            attempt += 1;
            let failure = match self.attempt(path, &body, stream, attempt).await {
                Ok(reply) => return Ok(reply),
                Err(f) => f,
            };
            let Failure {
                mut error,
                retryable,
            } = failure;
            error.attempts = attempt;
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
            return Ok(Reply::Stream(response, status, request_id, attempt));
        }
        let mut response = response;
        let mut body = Vec::new();
        loop {
            match response.chunk().await {
                Ok(Some(c)) => {
                    if body.len() + c.len() > self.config.max_body_bytes {
                        return Err(Failure {
                            error: self.too_large(),
                            retryable: false,
                        });
                    }
                    body.extend_from_slice(&c);
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
            body,
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

/// `error`, made an error of the response it was read from (status, attempts, request id), with
/// every text scrubbed.
fn adopt(
    mut error: ProviderError,
    status: u16,
    attempts: u32,
    request_id: &Option<String>,
    scrubber: &Scrubber,
) -> ProviderError {
    error.status = Some(status);
    error.attempts = attempts;
    error.request_id = request_id.clone();
    error.scrubbed(scrubber)
}

fn sensitive(provider: &'static str, value: &str) -> Result<HeaderValue, ProviderError> {
    let mut v = HeaderValue::from_str(value).map_err(|_| {
        ProviderError::config(
            provider,
            "the API key contains characters a header cannot hold",
        )
    })?;
    v.set_sensitive(true);
    Ok(v)
}

/// Follows a redirect only to the origin (scheme, host and port) of the request's own URL, at
/// most 5 times. reqwest strips `Authorization` on a cross-origin redirect but not custom
/// credential headers (`x-api-key`, `x-goog-api-key`) nor a `?key=` query, so a redirect to
/// another origin is not followed at all: its 3xx is returned as an error saying where it
/// pointed.
pub fn redirect_policy() -> reqwest::redirect::Policy {
    reqwest::redirect::Policy::custom(|attempt| {
        let first = attempt.previous().first().map(reqwest::Url::origin);
        if first.is_none_or(|o| o != attempt.url().origin()) {
            attempt.stop()
        } else if attempt.previous().len() > 5 {
            attempt.error("too many redirects")
        } else {
            attempt.follow()
        }
    })
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
fn body_read_kind(e: &reqwest::Error) -> ModelErrorKind {
    if e.is_timeout() {
        ModelErrorKind::Timeout
    } else {
        ModelErrorKind::Connection
    }
}

/// The error and its causes on one line, without the URL (which may carry a key).
fn describe(e: reqwest::Error) -> String {
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

impl ByteStream {
    /// Reads the body as server-sent events, calling `on_event` for each until it breaks or the
    /// body ends. A broken connection is returned as an error (nothing is retried: output began).
    pub async fn read_sse(
        &mut self,
        mut on_event: impl FnMut(SseEvent) -> Result<ControlFlow<()>, ProviderError>,
    ) -> Result<(), ProviderError> {
        let mut decoder = SseDecoder::new();
        while let Some(bytes) = self.next_chunk().await? {
            for event in decoder.push(&bytes) {
                if on_event(event)?.is_break() {
                    return Ok(());
                }
            }
        }
        if let Some(event) = decoder.finish() {
            let _ = on_event(event)?;
        }
        Ok(())
    }

    /// Reads the body as newline-delimited records (NDJSON), calling `on_line` for each non-empty
    /// line until it breaks or the body ends.
    pub async fn read_lines(
        &mut self,
        mut on_line: impl FnMut(String) -> Result<ControlFlow<()>, ProviderError>,
    ) -> Result<(), ProviderError> {
        let mut decoder = LineDecoder::new();
        while let Some(bytes) = self.next_chunk().await? {
            for line in decoder.push(&bytes) {
                if !line.trim().is_empty() && on_line(line)?.is_break() {
                    return Ok(());
                }
            }
        }
        if let Some(line) = decoder.finish().filter(|l| !l.trim().is_empty()) {
            let _ = on_line(line)?;
        }
        Ok(())
    }
}

impl ByteStream {
    /// The error a provider reported inside a stream (an `error` event or payload), after output
    /// began. Its kind comes from the provider's code: overloaded and server errors are `Server`,
    /// rate limits `RateLimited`, exhausted quotas `QuotaExhausted`, invalid requests
    /// `InvalidRequest`; anything else `Server`.
    pub fn stream_error(&self, payload: &str) -> ProviderError {
        let payload = self.scrubber.scrub(payload);
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
