//! Anthropic messages against an in-process server, in the wire format the API documents.

use crate::common;

use agents_core::model::{FinishReason, ToolResult};
use agents_core::{
    Message, Model,
    model::{ModelErrorKind, ToolCall},
};
use agents_providers::ProviderError;
use agents_providers::anthropic::Anthropic;
use agents_providers::transport::ManualClock;
use common::{config, hits, request, sse_events};
use serde_json::json;
use wiremock::matchers::{body_partial_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn client(base: &str, key: &str, streaming: bool) -> Anthropic {
    Anthropic::builder("claude-sonnet-4-5")
        .base_url(base)
        .api_key(key)
        .streaming(streaming)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap()
}

#[tokio::test]
async fn tool_use_round_trip_with_headers_and_merged_results() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/messages"))
        .and(header("x-api-key", "sk-ant-test-1111"))
        .and(header("anthropic-version", "2023-06-01"))
        .and(body_partial_json(json!({
            "model": "claude-sonnet-4-5",
            "system": "You are terse.",
            "max_tokens": 4096,
            "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
            "messages": [
                {"role": "user", "content": [{"type": "text", "text": "What is the weather in Paris?"}]},
                {"role": "assistant", "content": [
                    {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Paris"}},
                    {"type": "tool_use", "id": "toolu_2", "name": "get_weather", "input": {"city": "Lyon"}}
                ]},
                {"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": "toolu_1", "content": "sunny"},
                    {"type": "tool_result", "tool_use_id": "toolu_2", "content": "rain"}
                ]}
            ]
        })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [
                {"type": "text", "text": "Checking one more."},
                {"type": "tool_use", "id": "toolu_3", "name": "get_weather", "input": {"city": "Nice"}}
            ],
            "stop_reason": "tool_use", "stop_sequence": null,
            "usage": {"input_tokens": 120, "output_tokens": 30}
        })))
        .mount(&s)
        .await;
    let mut req = request();
    let call = |id: &str, city: &str| ToolCall {
        id: id.into(),
        name: "get_weather".into(),
        arguments: format!("{{\"city\": \"{city}\"}}"),
    };
    let result = |id: &str, content: &str| {
        Message::Tool(ToolResult {
            call_id: id.into(),
            name: "get_weather".into(),
            content: content.into(),
            is_error: false,
        })
    };
    req.messages.push(Message::Assistant {
        content: None,
        tool_calls: vec![call("toolu_1", "Paris"), call("toolu_2", "Lyon")],
    });
    req.messages.push(result("toolu_1", "sunny"));
    req.messages.push(result("toolu_2", "rain"));
    let r = client(&s.uri(), "sk-ant-test-1111", false)
        .complete(&req)
        .await
        .unwrap();
    assert_eq!(r.text.as_deref(), Some("Checking one more."));
    assert_eq!(r.tool_calls[0].id, "toolu_3");
    assert_eq!(r.tool_calls[0].arguments, r#"{"city":"Nice"}"#);
    assert_eq!(r.finish_reason, FinishReason::ToolCalls);
    assert_eq!(r.usage.total(), 150);
}

fn stream_body(stop_reason: &str, fragments: &[&str]) -> String {
    let mut events: Vec<(String, String)> = vec![
        ("message_start".into(), json!({"type":"message_start","message":{"id":"msg_2","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":50,"output_tokens":1}}}).to_string()),
        ("content_block_start".into(), json!({"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_9","name":"get_weather","input":{}}}).to_string()),
        ("ping".into(), json!({"type":"ping"}).to_string()),
    ];
    for f in fragments {
        events.push((
            "content_block_delta".into(),
            json!({"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":f}}).to_string(),
        ));
    }
    events.push((
        "content_block_stop".into(),
        json!({"type":"content_block_stop","index":0}).to_string(),
    ));
    events.push(("message_delta".into(), json!({"type":"message_delta","delta":{"stop_reason":stop_reason,"stop_sequence":null},"usage":{"output_tokens":20}}).to_string()));
    events.push((
        "message_stop".into(),
        json!({"type":"message_stop"}).to_string(),
    ));
    let pairs: Vec<(&str, &str)> = events
        .iter()
        .map(|(e, d)| (e.as_str(), d.as_str()))
        .collect();
    sse_events(&pairs)
}

async fn stream_server(body: String) -> MockServer {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/messages"))
        .and(body_partial_json(json!({"stream": true})))
        .respond_with(ResponseTemplate::new(200).set_body_raw(body, "text/event-stream"))
        .mount(&s)
        .await;
    s
}

#[tokio::test]
async fn streamed_input_json_delta_is_reassembled() {
    let s = stream_server(stream_body("tool_use", &["{\"city\"", ": \"Par", "is\"}"])).await;
    let r = client(&s.uri(), "sk-ant-test-2222", true)
        .complete(&request())
        .await
        .unwrap();
    assert_eq!(r.tool_calls[0].arguments, "{\"city\": \"Paris\"}");
    assert_eq!(r.tool_calls[0].id, "toolu_9");
    assert_eq!((r.usage.input_tokens, r.usage.output_tokens), (50, 20));
}

#[tokio::test]
async fn streamed_call_cut_by_max_tokens_is_kept_raw() {
    let s = stream_server(stream_body("max_tokens", &["{\"city\": \"Pa"])).await;
    let r = client(&s.uri(), "sk-ant-test-3333", true)
        .complete(&request())
        .await
        .unwrap();
    assert_eq!(r.finish_reason, FinishReason::Length);
    assert_eq!(r.tool_calls[0].arguments, "{\"city\": \"Pa");
}

#[tokio::test]
async fn overloaded_529_is_retried() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(529)
                .set_body_json(json!({
                    "type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"},
                    "request_id": "req_011"
                }))
                .insert_header("request-id", "req_011"),
        )
        .mount(&s)
        .await;
    let err = client(&s.uri(), "sk-ant-test-4444", true)
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(hits(&s).await, 3);
    assert_eq!(err.kind(), ModelErrorKind::Server);
    let p = err.downcast_ref::<ProviderError>().unwrap();
    assert_eq!(p.code.as_deref(), Some("overloaded_error"));
    assert_eq!(p.request_id.as_deref(), Some("req_011"));
    assert_eq!(p.provider, "anthropic");
}

#[tokio::test]
async fn error_event_inside_the_stream_is_typed() {
    let body = sse_events(&[
        (
            "message_start",
            r#"{"type":"message_start","message":{"id":"msg_3","usage":{"input_tokens":5,"output_tokens":1}}}"#,
        ),
        (
            "error",
            r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#,
        ),
    ]);
    let s = stream_server(body).await;
    let err = client(&s.uri(), "sk-ant-test-5555", true)
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Server);
    assert_eq!(
        err.downcast_ref::<ProviderError>().unwrap().code.as_deref(),
        Some("overloaded_error")
    );
    assert_eq!(hits(&s).await, 1);
}

#[tokio::test]
async fn credit_balance_400_is_quota_exhausted() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({
            "type": "error", "error": {"type": "invalid_request_error",
            "message": "Your credit balance is too low to access the Anthropic API."}
        })))
        .mount(&s)
        .await;
    let err = client(&s.uri(), "sk-ant-test-6666", false)
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::QuotaExhausted);
    assert_eq!(hits(&s).await, 1);
}

/// Tool input nested deeper than serde_json's recursion limit (128) is still a tool call whose
/// arguments are the text Anthropic sent, not a `MalformedResponse` failing the whole turn.
#[tokio::test]
async fn deeply_nested_input_is_a_call_not_a_malformed_response() {
    let deep = common::nested_beyond_serde_limit();
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(
            format!(
                r#"{{"id": "msg_1", "content": [{{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {{"city": {deep}}}}}], "stop_reason": "tool_use", "usage": {{"input_tokens": 1, "output_tokens": 1}}}}"#
            ),
            "application/json",
        ))
        .mount(&s)
        .await;
    let r = client(&s.uri(), "sk-ant-test-1111", false)
        .complete(&request())
        .await
        .unwrap();
    assert_eq!(r.tool_calls.len(), 1);
    assert_eq!(r.tool_calls[0].arguments, format!(r#"{{"city": {deep}}}"#));
}
