//! The HTTP transport shared by every provider client: timeouts, retries with backoff and
//! `Retry-After`, a cooldown shared per provider account, one retry budget across layers, typed
//! errors with the key scrubbed out.
//!
//! A provider client builds one [`Transport`] and calls [`Transport::post_json`] (whole body,
//! retried as a unit) or [`Transport::post_stream`] (retried only until a 2xx response has
//! arrived; after that the stream is the caller's and is never sent again). A provider whose
//! server reports some failures a resend may cure inside a 2xx body (Ollama) reads the body
//! inside the retry loop with `Transport::post_then` (in `send`), so those retries are the transport's too.
//!
//! Every text a provider sent (a body, a header, a decoder's message quoting the body) passes
//! through the client's scrubber (its API key and credential headers) before it is kept in an
//! error: errors leave [`Transport::post_json`] and [`Transport::post_stream`] scrubbed, and
//! errors built from a response afterwards are built (or adopted) through [`HttpResponse`] and
//! [`ByteStream`], which scrub too. Redirects are followed only within the origin of the request's
//! own URL (see [`redirect_policy`]).

mod clock;
mod config;
mod cooldown;
mod idle;
mod lines;
mod ndjson;
mod records;
mod redirect;
mod response;
mod retry;
mod send;
mod sse;
mod tls;

use std::future::ready;
use std::time::Duration;

use agents_core::model::ModelErrorKind;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use serde::Serialize;

// The retry budget the transport draws on is the runtime's own, shared with the agent loop.
pub use agents_core::budget::RetryBudget;
pub use clock::{Clock, ManualClock, TokioClock};
pub use config::{Auth, TransportConfig};
pub use cooldown::CooldownKey;
pub use lines::LineDecoder;
pub(crate) use records::{Framing, Records};
pub use redirect::redirect_policy;
pub use response::{ByteStream, HttpResponse};
pub(crate) use retry::clamp_wait_secs;
pub use retry::{MAX_SERVER_WAIT, TransportRetry, parse_retry_after, retry_after};
pub use sse::{SseDecoder, SseEvent};
#[cfg(feature = "mcp")]
pub(crate) use tls::{check_scheme, client_builder};

use crate::error::ProviderError;
use crate::secret::{Scrubber, Secret, is_credential_header};
pub(crate) use send::Reply;
use send::describe;

/// How much of an error body is kept in [`ProviderError::body`].
pub(crate) const ERROR_BODY_LIMIT: usize = 4096;

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
        tls::check_scheme(&base_url)
            .map_err(|why| ProviderError::new(provider, ModelErrorKind::InvalidRequest, why))?;
        let cannot = |why: String| {
            ProviderError::new(
                provider,
                ModelErrorKind::Other,
                format!("cannot build the HTTP client: {why}"),
            )
        };
        let client = tls::client_builder()
            .map_err(cannot)?
            .connect_timeout(config.connect_timeout)
            .timeout(config.timeout)
            .redirect(redirect_policy())
            .build()
            .map_err(|e| cannot(describe(e)))?;
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
        match self
            .post_then(path, body, false, None, |r| ready(Ok(r)))
            .await?
        {
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
        match self
            .post_then(path, body, true, None, |r| ready(Ok(r)))
            .await?
        {
            Reply::Stream(s) => Ok(s),
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
