//! The typed error every provider client returns, and how it maps onto the runtime's
//! [`ModelError`].

use std::fmt;
use std::time::Duration;

use agents_core::model::{ModelError, ModelErrorKind};
use serde_json::Value;

use crate::secret::Scrubber;
use crate::transport::clamp_wait_secs;

/// A failed provider call, as precise as the provider made it.
///
/// It reaches an `on_llm_error` handler unchanged: the [`ModelError`] the loop sees carries it as
/// its source, so `error.downcast_ref::<ProviderError>()` gives back every field. No field ever
/// holds an API key or an auth header: every configured secret is scrubbed out of every text it
/// keeps (see the transport module).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub struct ProviderError {
    /// Which client failed (`openai`, `anthropic`, ...).
    pub provider: &'static str,
    /// The provider-neutral kind.
    pub kind: ModelErrorKind,
    /// The HTTP status, if a response arrived.
    pub status: Option<u16>,
    /// The provider's error code or type (`rate_limit_exceeded`, `overloaded_error`, ...).
    pub code: Option<String>,
    /// The provider's message, or ours when the failure happened before any response.
    pub message: String,
    /// The provider's request id (`x-request-id`, `request-id`), for support tickets.
    pub request_id: Option<String>,
    /// How long the provider asked us to wait (`Retry-After`, `retry-after-ms`).
    pub retry_after: Option<Duration>,
    /// HTTP attempts made, the first one included.
    pub attempts: u32,
    /// The start of the response body, when the status was not 2xx (at most 4 KiB).
    pub body: Option<String>,
}

impl fmt::Display for ProviderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.provider)?;
        if let Some(s) = self.status {
            write!(f, " HTTP {s}")?;
        }
        if let Some(c) = &self.code {
            write!(f, " {c}")?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(r) = &self.request_id {
            write!(f, " (request id {r})")?;
        }
        if self.attempts > 1 {
            write!(f, " after {} attempts", self.attempts)?;
        }
        Ok(())
    }
}

impl ProviderError {
    /// A new error with no HTTP details.
    pub fn new(provider: &'static str, kind: ModelErrorKind, message: impl Into<String>) -> Self {
        ProviderError {
            provider,
            kind,
            status: None,
            code: None,
            message: message.into(),
            request_id: None,
            retry_after: None,
            attempts: 1,
            body: None,
        }
    }

    /// A response the client could not understand.
    pub fn malformed(provider: &'static str, message: impl Into<String>) -> Self {
        ProviderError::new(provider, ModelErrorKind::MalformedResponse, message)
    }

    /// Missing or unusable configuration (no API key, a bad base URL).
    pub fn config(provider: &'static str, message: impl Into<String>) -> Self {
        ProviderError::new(provider, ModelErrorKind::Authentication, message)
    }

    /// Sets the request id.
    pub fn with_request_id(mut self, id: Option<String>) -> Self {
        self.request_id = id;
        self
    }

    /// Whether the transport may send the same request again.
    pub fn is_transient(&self) -> bool {
        self.kind.is_transient()
    }

    /// This error with every configured secret removed from each text it keeps (message, code,
    /// request id, body): all of them may have come from the provider.
    pub(crate) fn scrubbed(mut self, scrubber: &Scrubber) -> Self {
        self.message = scrubber.scrub(&self.message);
        for text in [&mut self.code, &mut self.request_id, &mut self.body]
            .into_iter()
            .flatten()
        {
            *text = scrubber.scrub(text);
        }
        self
    }
}

impl From<ProviderError> for ModelError {
    fn from(e: ProviderError) -> Self {
        let mut m = ModelError::new(e.kind, e.to_string());
        if let Some(s) = e.status {
            m = m.with_status(s);
        }
        if let Some(r) = e.retry_after {
            m = m.with_retry_after(r);
        }
        m.with_source(e)
    }
}

/// What a provider said in an error body, read leniently from any of the usual shapes:
/// `{"error": {"message", "type", "code"}}` (OpenAI and its family), `{"type": "error",
/// "error": {"type", "message"}}` (Anthropic), `{"error": {"code", "message", "status"}}`
/// (Gemini), `{"error": "text"}` (Ollama), `{"message": ...}`, or plain text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ErrorDetails {
    /// The most specific code found: `code`, else `type`, else `status`.
    pub code: Option<String>,
    /// The `type` field, when there was one besides the code.
    pub error_type: Option<String>,
    /// The message.
    pub message: Option<String>,
    /// The wait a `google.rpc.RetryInfo` detail asks for (`"retryDelay": "45s"`; Gemini).
    pub retry_delay: Option<Duration>,
    /// The quotas a `google.rpc.QuotaFailure` detail names as exceeded (Gemini): which window
    /// (`...PerMinute...`, `...PerDay...`) tells a rate limit from an exhausted quota.
    pub quota_violations: Vec<QuotaViolation>,
}

/// One exceeded quota of a `google.rpc.QuotaFailure` detail.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QuotaViolation {
    /// `quotaId` (`GenerateRequestsPerMinutePerProjectPerModel-FreeTier`), or an `ErrorInfo`'s
    /// `quota_limit`.
    pub id: String,
    /// `quotaValue`, the limit itself (`"0"`: the tier has no quota for this model at all).
    pub value: Option<String>,
}

impl QuotaViolation {
    /// Whether waiting a minute or so cannot help: a daily (or longer) window, or a limit of 0.
    pub fn is_lasting(&self) -> bool {
        let id = self.id.to_ascii_lowercase();
        self.value.as_deref() == Some("0")
            || ["perday", "per day", "daily", "permonth", "lifetime"]
                .iter()
                .any(|w| id.contains(w))
    }
}

impl ErrorDetails {
    /// Reads the details out of an error body.
    pub fn parse(body: &str) -> ErrorDetails {
        let Ok(v) = serde_json::from_str::<Value>(body) else {
            let text = body.trim();
            return ErrorDetails {
                message: (!text.is_empty()).then(|| truncate(text, 300)),
                ..ErrorDetails::default()
            };
        };
        // Some servers wrap the error in a one-element array.
        let v = match v {
            Value::Array(mut items) if !items.is_empty() => items.swap_remove(0),
            other => other,
        };
        let text = |x: Option<&Value>| -> Option<String> {
            match x? {
                Value::String(s) if !s.is_empty() => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            }
        };
        match v.get("error") {
            Some(Value::Object(e)) => {
                let error_type = text(e.get("type"));
                let code = text(e.get("code"))
                    .filter(|c| c.parse::<u16>().is_err())
                    .or_else(|| error_type.clone())
                    .or_else(|| text(e.get("status")));
                let mut details = ErrorDetails {
                    code,
                    error_type,
                    message: text(e.get("message")),
                    ..ErrorDetails::default()
                };
                details.read_google_details(e.get("details"));
                details
            }
            Some(Value::String(s)) => ErrorDetails {
                code: text(v.get("code")),
                message: Some(s.clone()),
                ..ErrorDetails::default()
            },
            _ => ErrorDetails {
                code: text(v.get("code")).or_else(|| text(v.get("type"))),
                error_type: text(v.get("type")),
                message: text(v.get("message")).or_else(|| text(v.get("detail"))),
                ..ErrorDetails::default()
            },
        }
    }

    /// Reads the `google.rpc` details of a Google error (`RetryInfo`, `QuotaFailure`,
    /// `ErrorInfo`); other entries (`Help`, ...) are ignored.
    fn read_google_details(&mut self, details: Option<&Value>) {
        let str_at = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
        for d in details.and_then(Value::as_array).into_iter().flatten() {
            let kind = d.get("@type").and_then(Value::as_str).unwrap_or_default();
            if kind.ends_with("google.rpc.RetryInfo") {
                self.retry_delay = d
                    .get("retryDelay")
                    .and_then(Value::as_str)
                    .and_then(parse_proto_duration);
            } else if kind.ends_with("google.rpc.QuotaFailure") {
                let violations = d.get("violations").and_then(Value::as_array);
                for v in violations.into_iter().flatten() {
                    self.quota_violations.push(QuotaViolation {
                        id: str_at(v, "quotaId").unwrap_or_default(),
                        value: str_at(v, "quotaValue"),
                    });
                }
            } else if kind.ends_with("google.rpc.ErrorInfo")
                && let Some(limit) = d.pointer("/metadata/quota_limit").and_then(Value::as_str)
            {
                self.quota_violations.push(QuotaViolation {
                    id: limit.to_owned(),
                    value: None,
                });
            }
        }
    }

    fn haystack(&self) -> String {
        [&self.code, &self.error_type, &self.message]
            .into_iter()
            .flatten()
            .map(|s| s.to_ascii_lowercase())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Whether the body says the quota, credit or balance is gone, so waiting will not help.
    ///
    /// Structured details decide first: a `QuotaFailure` naming a daily window (or a limit of 0)
    /// is exhausted; one naming only shorter windows, or a `RetryInfo` without any lasting
    /// violation, is a rate limit, however the message is worded (Gemini words its per-minute
    /// 429 "You exceeded your current quota, please check your plan and billing details").
    /// Without details, the wording decides.
    pub fn says_quota_exhausted(&self) -> bool {
        if self.quota_violations.iter().any(QuotaViolation::is_lasting) {
            return true;
        }
        if self.retry_delay.is_some() || !self.quota_violations.is_empty() {
            return false;
        }
        let h = self.haystack();
        [
            "insufficient_quota",
            "quota_exceeded",
            "exceeded your current quota",
            "billing",
            "credit balance",
            "insufficient balance",
            "insufficient_balance",
            "out of credits",
        ]
        .iter()
        .any(|p| h.contains(p))
    }

    /// Whether the body says the conversation does not fit the context window: OpenAI's code
    /// and vLLM's wording, Anthropic's, Gemini's, and llama.cpp's server's (its own `type`,
    /// `exceed_context_size_error`).
    pub fn says_context_overflow(&self) -> bool {
        let h = self.haystack();
        [
            "context_length_exceeded",
            "maximum context length",
            "context window",
            "prompt is too long",
            "too many tokens",
            "exceed_context_size",
            "exceeds the available context size",
            "exceeds the maximum number of tokens",
        ]
        .iter()
        .any(|p| h.contains(p))
    }
}

/// How the transport reads an HTTP failure: the kind, and whether sending again may help.
///
/// | status | kind | retried |
/// |---|---|---|
/// | 408 | `Server` | yes |
/// | 429 (quota gone) | `QuotaExhausted` | no |
/// | 429 | `RateLimited` | yes |
/// | 500, 502, 503, 504, 529 | `Server` | yes |
/// | 402 | `QuotaExhausted` | no |
/// | 401, 403 | `Authentication` (`QuotaExhausted` if the body says so) | no |
/// | 400, 413 (context too long) | `ContextOverflow` | no |
/// | other 4xx | `InvalidRequest` (`QuotaExhausted` if the body says so) | no |
/// | other 5xx | `Server` | no |
pub fn classify_status(status: u16, details: &ErrorDetails) -> (ModelErrorKind, bool) {
    use ModelErrorKind as K;
    match status {
        408 => (K::Server, true),
        429 if details.says_quota_exhausted() => (K::QuotaExhausted, false),
        429 => (K::RateLimited, true),
        500 | 502 | 503 | 504 | 529 => (K::Server, true),
        402 => (K::QuotaExhausted, false),
        _ if (400..500).contains(&status) && details.says_quota_exhausted() => {
            (K::QuotaExhausted, false)
        }
        401 | 403 => (K::Authentication, false),
        400 | 413 if details.says_context_overflow() => (K::ContextOverflow, false),
        400..=499 => (K::InvalidRequest, false),
        500..=599 => (K::Server, false),
        _ => (K::Other, false),
    }
}

/// A protobuf JSON duration (`"45s"`, `"10.689924287s"`), clamped like a `Retry-After`.
fn parse_proto_duration(text: &str) -> Option<Duration> {
    let secs = text.trim().strip_suffix('s')?.parse::<f64>().ok()?;
    clamp_wait_secs(secs)
}

/// The first `max` bytes of `text`, cut at a character boundary.
pub(crate) fn truncate(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    format!("{}…", &text[..text.floor_char_boundary(max)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_usual_error_shapes() {
        let openai = ErrorDetails::parse(
            r#"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}"#,
        );
        assert_eq!(openai.code.as_deref(), Some("insufficient_quota"));
        assert!(openai.says_quota_exhausted());
        let anthropic = ErrorDetails::parse(
            r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#,
        );
        assert_eq!(anthropic.code.as_deref(), Some("overloaded_error"));
        assert_eq!(anthropic.message.as_deref(), Some("Overloaded"));
        let gemini = ErrorDetails::parse(
            r#"{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}"#,
        );
        assert_eq!(gemini.code.as_deref(), Some("RESOURCE_EXHAUSTED"));
        let ollama = ErrorDetails::parse(r#"{"error":"model 'x' not found"}"#);
        assert_eq!(ollama.message.as_deref(), Some("model 'x' not found"));
        let text = ErrorDetails::parse("Bad Gateway");
        assert_eq!(text.message.as_deref(), Some("Bad Gateway"));
    }

    /// Gemini's 429 in the shape its API sends: a per-minute limit (only `PerMinute` quota ids,
    /// a `RetryInfo`) is a rate limit to wait out, whatever the message says; a daily one is an
    /// exhausted quota even with a `RetryInfo`.
    #[test]
    fn gemini_details_tell_a_rate_limit_from_an_exhausted_quota() {
        let body = |quota_id: &str| {
            format!(
                r#"{{"error":{{"code":429,"message":"You exceeded your current quota, please check your plan and billing details.","status":"RESOURCE_EXHAUSTED","details":[
                {{"@type":"type.googleapis.com/google.rpc.QuotaFailure","violations":[{{"quotaMetric":"generativelanguage.googleapis.com/generate_content_free_tier_requests","quotaId":"{quota_id}","quotaDimensions":{{"location":"global","model":"gemini-2.5-flash"}},"quotaValue":"10"}}]}},
                {{"@type":"type.googleapis.com/google.rpc.Help","links":[{{"description":"quotas","url":"https://ai.google.dev/gemini-api/docs/rate-limits"}}]}},
                {{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"37.5s"}}]}}}}"#
            )
        };
        let minute = ErrorDetails::parse(&body(
            "GenerateRequestsPerMinutePerProjectPerModel-FreeTier",
        ));
        assert_eq!(minute.retry_delay, Some(Duration::from_millis(37_500)));
        assert!(!minute.says_quota_exhausted());
        assert_eq!(
            classify_status(429, &minute),
            (ModelErrorKind::RateLimited, true)
        );
        let day = ErrorDetails::parse(&body("GenerateRequestsPerDayPerProjectPerModel-FreeTier"));
        assert!(day.says_quota_exhausted());
        assert_eq!(
            classify_status(429, &day),
            (ModelErrorKind::QuotaExhausted, false)
        );
        let absurd = ErrorDetails::parse(
            r#"{"error":{"details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"1e300s"}]}}"#,
        );
        assert!(absurd.retry_delay.is_some());
    }

    #[test]
    fn classifies_statuses() {
        let none = ErrorDetails::default();
        let quota = ErrorDetails::parse(r#"{"error":{"code":"insufficient_quota"}}"#);
        let long = ErrorDetails::parse(r#"{"error":{"code":"context_length_exceeded"}}"#);
        // llama.cpp's server, word for word (its `type` names no OpenAI code).
        let llama = ErrorDetails::parse(
            r#"{"error":{"code":400,"message":"request (2054 tokens) exceeds the available context size (2048 tokens), try increasing it","type":"exceed_context_size_error","n_prompt_tokens":2054,"n_ctx":2048}}"#,
        );
        let gemini = ErrorDetails::parse(
            r#"{"error":{"code":400,"message":"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).","status":"INVALID_ARGUMENT"}}"#,
        );
        for (status, details, expected) in [
            (429, &none, (ModelErrorKind::RateLimited, true)),
            (429, &quota, (ModelErrorKind::QuotaExhausted, false)),
            (529, &none, (ModelErrorKind::Server, true)),
            (400, &none, (ModelErrorKind::InvalidRequest, false)),
            (400, &long, (ModelErrorKind::ContextOverflow, false)),
            (400, &llama, (ModelErrorKind::ContextOverflow, false)),
            (400, &gemini, (ModelErrorKind::ContextOverflow, false)),
            (401, &none, (ModelErrorKind::Authentication, false)),
        ] {
            assert_eq!(
                classify_status(status, details),
                expected,
                "{status} {details:?}"
            );
        }
    }
}
