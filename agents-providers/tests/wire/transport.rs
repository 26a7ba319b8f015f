//! The transport's retry rules, against an in-process HTTP server, with a manual clock so every
//! delay is asserted exactly.

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use agents_core::{
    Model,
    model::{ModelError, ModelErrorKind},
};
use agents_providers::openai::OpenAi;
use agents_providers::transport::ManualClock;
use agents_providers::{ProviderError, RetryBudget, TransportConfig, TransportRetry};
use common::{config, cut_response, full_response, hits, raw_server, request};
use serde_json::json;
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const OK_BODY: &str = r#"{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"gpt-4o-mini",
  "choices":[{"index":0,"message":{"role":"assistant","content":"Sunny."},"finish_reason":"stop"}],
  "usage":{"prompt_tokens":10,"completion_tokens":2,"total_tokens":12}}"#;

fn ok() -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_raw(OK_BODY, "application/json")
}

fn error_body(code: &str, message: &str) -> serde_json::Value {
    json!({"error": {"message": message, "type": code, "param": null, "code": code}})
}

/// A key of its own for every client, so cooldowns of one test never reach another (the mock
/// servers are pooled and reuse their ports).
fn unique_key() -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    format!(
        "sk-test-{:04}-0123456789abcdef",
        NEXT.fetch_add(1, Ordering::SeqCst)
    )
}

fn client(base: &str, config: TransportConfig) -> OpenAi {
    client_with_key(base, config, &unique_key())
}

fn client_with_key(base: &str, config: TransportConfig, key: &str) -> OpenAi {
    OpenAi::builder("gpt-4o-mini")
        .base_url(base)
        .api_key(key)
        .streaming(false)
        .transport(config)
        .build()
        .unwrap()
}

async fn server() -> MockServer {
    MockServer::start().await
}

fn provider(e: &ModelError) -> &ProviderError {
    e.downcast_ref::<ProviderError>()
        .expect("the provider error is the source")
}

#[tokio::test]
async fn retries_503_with_exponential_backoff_then_succeeds() {
    let s = server().await;
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(2)
        .mount(&s)
        .await;
    Mock::given(method("POST"))
        .respond_with(ok())
        .mount(&s)
        .await;
    let clock = ManualClock::new();
    let m = client(&format!("{}/v1", s.uri()), config(&clock));
    let r = m.complete(&request()).await.unwrap();
    assert_eq!(r.text.as_deref(), Some("Sunny."));
    assert_eq!(hits(&s).await, 3);
    assert_eq!(
        clock.sleeps(),
        [Duration::from_millis(500), Duration::from_millis(1000)]
    );
}

#[tokio::test]
async fn every_retryable_status_is_tried_three_times() {
    for (status, kind) in [
        (408, ModelErrorKind::Server),
        (429, ModelErrorKind::RateLimited),
        (500, ModelErrorKind::Server),
        (502, ModelErrorKind::Server),
        (503, ModelErrorKind::Server),
        (504, ModelErrorKind::Server),
        (529, ModelErrorKind::Server),
    ] {
        let s = server().await;
        Mock::given(method("POST"))
            .respond_with(
                ResponseTemplate::new(status)
                    .set_body_json(error_body("server_error", "try later"))
                    .insert_header("x-request-id", "req_42"),
            )
            .mount(&s)
            .await;
        let clock = ManualClock::new();
        let err = client(&s.uri(), config(&clock))
            .complete(&request())
            .await
            .unwrap_err();
        assert_eq!(hits(&s).await, 3, "status {status}");
        assert_eq!(err.kind(), kind, "status {status}");
        assert_eq!(err.status(), Some(status));
        let p = provider(&err);
        assert_eq!(p.attempts, 3);
        assert_eq!(p.request_id.as_deref(), Some("req_42"));
        assert_eq!(p.message, "try later");
        assert_eq!(clock.sleeps().len(), 2, "status {status}");
    }
}

#[tokio::test]
async fn other_client_errors_are_sent_once() {
    for (status, kind) in [
        (400, ModelErrorKind::InvalidRequest),
        (401, ModelErrorKind::Authentication),
        (403, ModelErrorKind::Authentication),
        (404, ModelErrorKind::InvalidRequest),
        (409, ModelErrorKind::InvalidRequest),
        (422, ModelErrorKind::InvalidRequest),
        (402, ModelErrorKind::QuotaExhausted),
        (501, ModelErrorKind::Server),
    ] {
        let s = server().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(status).set_body_json(error_body("invalid", "no")))
            .mount(&s)
            .await;
        let clock = ManualClock::new();
        let err = client(&s.uri(), config(&clock))
            .complete(&request())
            .await
            .unwrap_err();
        assert_eq!(hits(&s).await, 1, "status {status}");
        assert_eq!(err.kind(), kind, "status {status}");
        assert!(clock.sleeps().is_empty());
    }
}

#[tokio::test]
async fn context_overflow_400_is_typed() {
    let s = server().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(400).set_body_json(error_body(
            "context_length_exceeded",
            "This model's maximum context length is 8192 tokens.",
        )))
        .mount(&s)
        .await;
    let err = client(&s.uri(), config(&ManualClock::new()))
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::ContextOverflow);
    assert_eq!(
        provider(&err).code.as_deref(),
        Some("context_length_exceeded")
    );
}

#[tokio::test]
async fn quota_429_is_permanent() {
    let s = server().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(429).set_body_json(error_body(
            "insufficient_quota",
            "You exceeded your current quota, please check your plan and billing details.",
        )))
        .mount(&s)
        .await;
    let clock = ManualClock::new();
    let err = client(&s.uri(), config(&clock))
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(hits(&s).await, 1);
    assert_eq!(err.kind(), ModelErrorKind::QuotaExhausted);
    assert!(!err.is_transient());
    assert!(clock.sleeps().is_empty());
}

async fn retry_after_case(header_name: &str, value: String, clock: ManualClock) -> Vec<Duration> {
    let s = server().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(429).insert_header(header_name, value.as_str()))
        .up_to_n_times(1)
        .mount(&s)
        .await;
    Mock::given(method("POST"))
        .respond_with(ok())
        .mount(&s)
        .await;
    client(&s.uri(), config(&clock))
        .complete(&request())
        .await
        .unwrap();
    assert_eq!(hits(&s).await, 2);
    clock.sleeps()
}

#[tokio::test]
async fn honours_retry_after_seconds() {
    let sleeps = retry_after_case("retry-after", "7".into(), ManualClock::new()).await;
    assert_eq!(sleeps, [Duration::from_secs(7)]);
}

#[tokio::test]
async fn honours_retry_after_http_date() {
    let now = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    let date = httpdate_of(now + Duration::from_secs(12));
    let sleeps = retry_after_case("retry-after", date, ManualClock::at(now)).await;
    assert_eq!(sleeps, [Duration::from_secs(12)]);
}

fn httpdate_of(t: SystemTime) -> String {
    // RFC 7231 IMF-fixdate, built by hand to keep the test independent of the parser.
    let secs = t.duration_since(UNIX_EPOCH).unwrap().as_secs();
    let days = secs / 86_400;
    let rem = secs % 86_400;
    let (h, m, s) = (rem / 3600, rem % 3600 / 60, rem % 60);
    let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][(days % 7) as usize];
    // civil-from-days (proleptic Gregorian)
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let mon = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ][(month - 1) as usize];
    format!("{weekday}, {d:02} {mon} {year} {h:02}:{m:02}:{s:02} GMT")
}

#[tokio::test]
async fn honours_retry_after_ms() {
    let sleeps = retry_after_case("retry-after-ms", "250".into(), ManualClock::new()).await;
    assert_eq!(sleeps, [Duration::from_millis(250)]);
}

#[tokio::test]
async fn retry_after_beyond_the_cap_is_not_waited_for() {
    let s = server().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(429).insert_header("retry-after", "120"))
        .mount(&s)
        .await;
    let clock = ManualClock::new();
    let err = client(&s.uri(), config(&clock))
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(hits(&s).await, 1);
    assert_eq!(err.kind(), ModelErrorKind::RateLimited);
    assert_eq!(err.retry_after(), Some(Duration::from_secs(120)));
    assert!(clock.sleeps().is_empty());
}

#[tokio::test]
async fn backoff_cap_and_jitter_bound_the_waits() {
    let s = server().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(500))
        .mount(&s)
        .await;
    let clock = ManualClock::new();
    let mut cfg = config(&clock);
    cfg.retry = TransportRetry {
        max_attempts: 5,
        initial_backoff: Duration::from_millis(100),
        max_backoff: Duration::from_millis(300),
        jitter: true,
        ..TransportRetry::default()
    };
    client(&s.uri(), cfg)
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(hits(&s).await, 5);
    let nominal = [100u64, 200, 300, 300];
    let sleeps = clock.sleeps();
    assert_eq!(sleeps.len(), 4);
    for (d, n) in sleeps.iter().zip(nominal) {
        let n = Duration::from_millis(n);
        assert!(*d >= n / 2 && *d <= n, "{d:?} outside [{:?}, {n:?}]", n / 2);
    }
}

#[tokio::test]
async fn timeout_is_attempted_once() {
    let s = server().await;
    Mock::given(method("POST"))
        .respond_with(ok().set_delay(Duration::from_secs(3)))
        .mount(&s)
        .await;
    let clock = ManualClock::new();
    let mut cfg = config(&clock);
    cfg.timeout = Duration::from_millis(200);
    let err = client(&s.uri(), cfg)
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Timeout);
    assert_eq!(hits(&s).await, 1);
    assert_eq!(provider(&err).attempts, 1);
    assert!(clock.sleeps().is_empty());
}

#[tokio::test]
async fn connection_refused_is_retried() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let clock = ManualClock::new();
    let err = client(&format!("http://{addr}"), config(&clock))
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Connection);
    assert_eq!(provider(&err).attempts, 3);
    assert_eq!(
        clock.sleeps(),
        [Duration::from_millis(500), Duration::from_millis(1000)]
    );
}

#[tokio::test]
async fn connection_cut_mid_body_is_retried_until_a_whole_body_arrives() {
    let (base, connections) = raw_server(vec![
        cut_response(r#"{"id":"chatcmpl-1","choices":[{"index":0,"mess"#),
        cut_response(r#"{"id":"chatcmpl-1","#),
        full_response("application/json", OK_BODY),
    ])
    .await;
    let clock = ManualClock::new();
    let r = client(&base, config(&clock))
        .complete(&request())
        .await
        .unwrap();
    assert_eq!(r.text.as_deref(), Some("Sunny."));
    assert_eq!(connections.load(Ordering::SeqCst), 3);
    assert_eq!(clock.sleeps().len(), 2);
}

#[tokio::test]
async fn connection_cut_every_time_fails_as_connection_error() {
    let (base, connections) = raw_server(vec![cut_response(r#"{"choices":"#)]).await;
    let err = client(&base, config(&ManualClock::new()))
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Connection);
    assert!(err.is_transient());
    assert_eq!(connections.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn malformed_body_is_a_typed_error_not_retried() {
    let s = server().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_raw("<html>oops</html>", "text/html"))
        .mount(&s)
        .await;
    let err = client(&s.uri(), config(&ManualClock::new()))
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::MalformedResponse);
    assert_eq!(hits(&s).await, 1);
}

#[tokio::test]
async fn empty_choices_is_malformed() {
    let s = server().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "m", "choices": []
        })))
        .mount(&s)
        .await;
    let err = client(&s.uri(), config(&ManualClock::new()))
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::MalformedResponse);
}

#[tokio::test]
async fn retry_budget_is_shared_and_caps_retries() {
    let s = server().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&s)
        .await;
    let clock = ManualClock::new();
    let budget = RetryBudget::new(3);
    let mut cfg = config(&clock);
    cfg.budget = Some(budget.clone());
    let a = client(&s.uri(), cfg.clone());
    let b = client(&s.uri(), cfg);
    a.complete(&request()).await.unwrap_err(); // 1 + 2 retries
    b.complete(&request()).await.unwrap_err(); // 1 + 1 retry (budget gone)
    assert_eq!(hits(&s).await, 5);
    assert_eq!(budget.used(), 3);
    assert_eq!(budget.remaining(), 0);
}

#[tokio::test]
async fn retry_after_cools_down_every_client_of_the_same_account() {
    let s = server().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(429).insert_header("retry-after", "30"))
        .up_to_n_times(1)
        .mount(&s)
        .await;
    Mock::given(method("POST"))
        .respond_with(ok())
        .mount(&s)
        .await;
    let clock = ManualClock::new();
    let mut once = config(&clock);
    once.retry.max_attempts = 1;
    let key = unique_key();
    let a = client_with_key(&s.uri(), once, &key);
    let b = client_with_key(&s.uri(), config(&clock), &key);
    let other_key = client(&s.uri(), config(&clock));

    let err = a.complete(&request()).await.unwrap_err();
    assert_eq!(err.retry_after(), Some(Duration::from_secs(30)));
    assert_eq!(
        b.transport().cooldown_remaining(),
        Some(Duration::from_secs(30))
    );
    assert_eq!(other_key.transport().cooldown_remaining(), None);

    other_key.complete(&request()).await.unwrap();
    assert!(clock.sleeps().is_empty(), "another account does not wait");
    b.complete(&request()).await.unwrap();
    assert_eq!(clock.sleeps(), [Duration::from_secs(30)]);
    assert_eq!(hits(&s).await, 3);
}

#[tokio::test]
async fn sends_the_bearer_key_and_the_wire_body() {
    let s = server().await;
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .and(header("authorization", "Bearer sk-test-wire-0123456789"))
        .and(wiremock::matchers::body_partial_json(json!({
            "model": "gpt-4o-mini",
            "messages": [{"role": "system", "content": "You are terse."},
                         {"role": "user", "content": "What is the weather in Paris?"}],
            "tools": [{"type": "function", "function": {"name": "get_weather"}}]
        })))
        .respond_with(ok())
        .mount(&s)
        .await;
    client_with_key(
        &format!("{}/v1/", s.uri()),
        config(&ManualClock::new()),
        "sk-test-wire-0123456789",
    )
    .complete(&request())
    .await
    .unwrap();
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let s = server().await;
    Mock::given(method("POST"))
        .respond_with(ok())
        .mount(&s)
        .await;
    let mut cfg = config(&ManualClock::new());
    cfg.max_body_bytes = 64;
    let err = client(&s.uri(), cfg.clone())
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::MalformedResponse);
    assert!(err.message().contains("64 bytes"));
    assert_eq!(hits(&s).await, 1);
}
