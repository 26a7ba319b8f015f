//! Gemini generateContent against an in-process server, in the wire format the API documents.

use crate::common;

use std::time::Duration;

use agents_core::model::{FinishReason, ToolResult};
use agents_core::{Message, Model, model::ModelErrorKind};
use agents_providers::ProviderError;
use agents_providers::gemini::Gemini;
use agents_providers::transport::ManualClock;
use common::{config, hits, request};
use serde_json::json;
use wiremock::matchers::{body_partial_json, header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn client(base: &str, clock: &ManualClock, streaming: bool) -> Gemini {
    client_with_key(base, clock, streaming, "AIza-test-key-5555")
}

fn client_with_key(base: &str, clock: &ManualClock, streaming: bool, key: &str) -> Gemini {
    Gemini::builder("gemini-2.5-flash")
        .base_url(base)
        .api_key(key)
        .streaming(streaming)
        .transport(config(clock))
        .build()
        .unwrap()
}

#[tokio::test]
async fn function_call_round_trip() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/models/gemini-2.5-flash:generateContent"))
        .and(header("x-goog-api-key", "AIza-test-key-5555"))
        .and(body_partial_json(json!({
            "systemInstruction": {"parts": [{"text": "You are terse."}]},
            "contents": [{"role": "user", "parts": [{"text": "What is the weather in Paris?"}]}],
            "tools": [{"functionDeclarations": [{"name": "get_weather"}]}]
        })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "candidates": [{
                "content": {"parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}], "role": "model"},
                "finishReason": "STOP", "index": 0
            }],
            "usageMetadata": {"promptTokenCount": 31, "candidatesTokenCount": 6, "totalTokenCount": 37},
            "modelVersion": "gemini-2.5-flash"
        })))
        .mount(&s)
        .await;
    let gemini = client(&s.uri(), &ManualClock::new(), false);
    assert!(!format!("{gemini:?}").contains("AIza-test-key-5555"));
    let r = gemini.complete(&request()).await.unwrap();
    assert_eq!(r.tool_calls.len(), 1);
    assert_eq!(r.tool_calls[0].name, "get_weather");
    assert_eq!(r.tool_calls[0].arguments, r#"{"city":"Paris"}"#);
    assert_eq!(r.tool_calls[0].id, "gemini_call_0_0_get_weather");
    assert_eq!(r.finish_reason, FinishReason::ToolCalls);
    assert_eq!(r.usage.total(), 37);

    // The result goes back as a functionResponse paired by name (no id: Gemini sent none).
    let mut next = request();
    next.messages.push(Message::Assistant {
        content: None,
        tool_calls: r.tool_calls.clone(),
    });
    next.messages.push(Message::Tool(ToolResult {
        call_id: r.tool_calls[0].id.clone(),
        name: "get_weather".into(),
        content: "18 degrees, sunny".into(),
        is_error: false,
    }));
    s.reset().await;
    Mock::given(method("POST"))
        .and(body_partial_json(json!({"contents": [
            {"role": "user"},
            {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]},
            {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"result": "18 degrees, sunny"}}}]}
        ]})))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "candidates": [{"content": {"parts": [{"text": "18°C and sunny."}], "role": "model"}, "finishReason": "STOP"}]
        })))
        .mount(&s)
        .await;
    let r = gemini.complete(&next).await.unwrap();
    assert_eq!(r.text.as_deref(), Some("18°C and sunny."));
    assert_eq!(r.finish_reason, FinishReason::Stop);
}

fn sse(chunks: &[serde_json::Value]) -> String {
    chunks
        .iter()
        .map(|c| format!("data: {c}\r\n\r\n"))
        .collect()
}

#[tokio::test]
async fn streamed_chunks_are_reassembled() {
    let s = MockServer::start().await;
    let body = sse(&[
        json!({"candidates": [{"content": {"parts": [{"text": "Let me "}], "role": "model"}, "index": 0}]}),
        json!({"candidates": [{"content": {"parts": [{"text": "check."}], "role": "model"}, "index": 0}]}),
        json!({"candidates": [{"content": {"parts": [
            {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}},
            {"functionCall": {"name": "get_weather", "args": {"city": "Oslo"}}}], "role": "model"},
            "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 20, "candidatesTokenCount": 12, "totalTokenCount": 32}}),
    ]);
    Mock::given(method("POST"))
        .and(path("/models/gemini-2.5-flash:streamGenerateContent"))
        .and(query_param("alt", "sse"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(body, "text/event-stream"))
        .mount(&s)
        .await;
    let r = client(&s.uri(), &ManualClock::new(), true)
        .complete(&request())
        .await
        .unwrap();
    assert_eq!(r.text.as_deref(), Some("Let me check."));
    let calls: Vec<_> = r
        .tool_calls
        .iter()
        .map(|c| (c.id.as_str(), c.arguments.as_str()))
        .collect();
    assert_eq!(
        calls,
        [
            ("gemini_call_0_0_get_weather", r#"{"city":"Paris"}"#),
            ("gemini_call_0_1_get_weather", r#"{"city":"Oslo"}"#)
        ]
    );
    assert_eq!(r.usage.total(), 32);
}

#[tokio::test]
async fn stream_cut_before_a_finish_reason_is_a_connection_error() {
    let s = MockServer::start().await;
    let body = sse(&[
        json!({"candidates": [{"content": {"parts": [{"text": "Let me"}], "role": "model"}}]}),
    ]);
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(body, "text/event-stream"))
        .mount(&s)
        .await;
    let err = client(&s.uri(), &ManualClock::new(), true)
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Connection);
    assert_eq!(hits(&s).await, 1, "a stream that began is never sent again");
}

#[tokio::test]
async fn resource_exhausted_429_is_retried_after_retry_after() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("retry-after", "7")
                .set_body_json(json!({"error": {"code": 429,
                    "message": "Resource has been exhausted (e.g. check quota).", "status": "RESOURCE_EXHAUSTED"}})),
        )
        .up_to_n_times(1)
        .mount(&s)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "candidates": [{"content": {"parts": [{"text": "ok"}], "role": "model"}, "finishReason": "STOP"}]
        })))
        .mount(&s)
        .await;
    let clock = ManualClock::new();
    let r = client(&s.uri(), &clock, false)
        .complete(&request())
        .await
        .unwrap();
    assert_eq!(r.text.as_deref(), Some("ok"));
    assert_eq!(hits(&s).await, 2);
    assert!(clock.sleeps().contains(&Duration::from_secs(7)));
}

/// Gemini's 429 as its API sends it: the message says "exceeded your current quota ... billing",
/// the details hold a `QuotaFailure` and a `RetryInfo`. The quota's window decides.
fn quota_429(quota_id: &str, retry_delay: &str) -> ResponseTemplate {
    ResponseTemplate::new(429).set_body_json(json!({"error": {
        "code": 429,
        "message": "You exceeded your current quota, please check your plan and billing details. \
            For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.",
        "status": "RESOURCE_EXHAUSTED",
        "details": [
            {"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [{
                "quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
                "quotaId": quota_id,
                "quotaDimensions": {"location": "global", "model": "gemini-2.5-flash"},
                "quotaValue": "10"}]},
            {"@type": "type.googleapis.com/google.rpc.Help", "links": [{
                "description": "Learn more about Gemini API quotas",
                "url": "https://ai.google.dev/gemini-api/docs/rate-limits"}]},
            {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": retry_delay}
        ]}}))
}

/// A client with a key of its own, so the cooldown a 429 sets reaches no other test.
fn quota_client(base: &str, clock: &ManualClock, key: &str) -> Gemini {
    client_with_key(base, clock, false, key)
}

/// A per-minute limit is transient: the transport waits the `RetryInfo` delay and sends again.
#[tokio::test]
async fn per_minute_quota_429_waits_retry_info_then_succeeds() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(quota_429(
            "GenerateRequestsPerMinutePerProjectPerModel-FreeTier",
            "37.5s",
        ))
        .up_to_n_times(1)
        .mount(&s)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "candidates": [{"content": {"parts": [{"text": "ok"}], "role": "model"}, "finishReason": "STOP"}]
        })))
        .mount(&s)
        .await;
    let clock = ManualClock::new();
    let r = quota_client(&s.uri(), &clock, "AIza-per-minute-6666")
        .complete(&request())
        .await
        .unwrap();
    assert_eq!(r.text.as_deref(), Some("ok"));
    assert_eq!(hits(&s).await, 2);
    assert_eq!(clock.sleeps(), vec![Duration::from_millis(37_500)]);
}

/// A daily quota is exhausted for the day: typed `QuotaExhausted`, sent once, although the body
/// carries a `RetryInfo` too.
#[tokio::test]
async fn daily_quota_429_is_exhausted_and_not_retried() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(quota_429(
            "GenerateRequestsPerDayPerProjectPerModel-FreeTier",
            "22s",
        ))
        .mount(&s)
        .await;
    let clock = ManualClock::new();
    let err = quota_client(&s.uri(), &clock, "AIza-per-day-7777")
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::QuotaExhausted);
    assert_eq!(hits(&s).await, 1);
    assert!(clock.sleeps().is_empty());
}

#[tokio::test]
async fn error_statuses_are_typed_and_not_retried() {
    for (status, code, kind) in [
        (400, "INVALID_ARGUMENT", ModelErrorKind::InvalidRequest),
        (403, "PERMISSION_DENIED", ModelErrorKind::Authentication),
        (404, "NOT_FOUND", ModelErrorKind::InvalidRequest),
    ] {
        let s = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(status).set_body_json(json!({"error": {
                "code": status, "message": "API key not valid. Please pass a valid API key.", "status": code}})))
            .mount(&s)
            .await;
        let err = client(&s.uri(), &ManualClock::new(), true)
            .complete(&request())
            .await
            .unwrap_err();
        assert_eq!(err.kind(), kind, "{status}");
        assert_eq!(hits(&s).await, 1);
        let p = err.downcast_ref::<ProviderError>().unwrap();
        assert_eq!((p.status, p.code.as_deref()), (Some(status), Some(code)));
        assert!(!err.to_string().contains("AIza-test-key-5555"));
    }
}

#[tokio::test]
async fn unavailable_503_is_retried_three_times() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(503).set_body_json(json!({"error": {
            "code": 503, "message": "The model is overloaded. Please try again later.", "status": "UNAVAILABLE"}})))
        .mount(&s)
        .await;
    let err = client(&s.uri(), &ManualClock::new(), false)
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Server);
    assert_eq!(hits(&s).await, 3);
}

/// Arguments nested deeper than serde_json's recursion limit (128) are still a tool call whose
/// arguments are the text Gemini sent (the runtime's repair chain judges them), not a
/// `MalformedResponse` failing the whole turn.
#[tokio::test]
async fn deeply_nested_args_are_a_call_not_a_malformed_response() {
    let deep = common::nested_beyond_serde_limit();
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(
            format!(
                r#"{{"candidates": [{{"content": {{"role": "model", "parts": [{{"functionCall": {{"name": "get_weather", "args": {{"city": {deep}}}}}}}]}}, "finishReason": "STOP"}}]}}"#
            ),
            "application/json",
        ))
        .mount(&s)
        .await;
    let r = client(&s.uri(), &ManualClock::new(), false)
        .complete(&request())
        .await
        .unwrap();
    assert_eq!(r.tool_calls.len(), 1);
    assert_eq!(r.tool_calls[0].arguments, format!(r#"{{"city": {deep}}}"#));
}

/// A user reading `ErrorDetails` can name the type of its `quota_violations` (it was reachable
/// but not nameable) and tell a daily quota from a per-minute one.
#[test]
fn quota_violations_are_nameable() {
    use agents_providers::{ErrorDetails, QuotaViolation};
    let body = json!({"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "quota",
        "details": [{"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [
            {"quotaId": "GenerateRequestsPerDayPerProjectPerModel-FreeTier", "quotaValue": "50"}]}]}});
    let details = ErrorDetails::parse(&body.to_string());
    let lasting: Vec<&QuotaViolation> = details
        .quota_violations
        .iter()
        .filter(|v| v.is_lasting())
        .collect();
    assert_eq!(lasting.len(), 1);
}
