//! OpenAI streaming against an in-process server: SSE bodies in the chunk format the API
//! documents, including broken and cut-off tool calls.

use crate::common;

use std::sync::atomic::Ordering;

use agents_core::model::FinishReason;
use agents_core::{Model, model::ModelErrorKind};
use agents_providers::ProviderError;
use agents_providers::openai::OpenAi;
use agents_providers::transport::ManualClock;
use common::{config, hits, raw_server, request, sse};
use serde_json::json;
use wiremock::matchers::{body_partial_json, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn client(base: &str) -> OpenAi {
    OpenAi::builder("gpt-4o-mini")
        .base_url(base)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap()
}

async fn serve(body: String) -> MockServer {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/chat/completions"))
        .and(body_partial_json(
            json!({"stream": true, "stream_options": {"include_usage": true}}),
        ))
        .respond_with(ResponseTemplate::new(200).set_body_raw(body, "text/event-stream"))
        .mount(&s)
        .await;
    s
}

const HEAD: &str = r#"{"id":"chatcmpl-9","object":"chat.completion.chunk","created":1,"model":"gpt-4o-mini","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_w1","type":"function","function":{"name":"get_weather","arguments":""}}]},"logprobs":null,"finish_reason":null}]}"#;

fn args(fragment: &str) -> String {
    json!({"id":"chatcmpl-9","object":"chat.completion.chunk","created":1,"model":"gpt-4o-mini",
        "choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":fragment}}]},"logprobs":null,"finish_reason":null}]})
    .to_string()
}

fn finish(reason: &str) -> String {
    json!({"id":"chatcmpl-9","object":"chat.completion.chunk","created":1,"model":"gpt-4o-mini",
        "choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":reason}]})
    .to_string()
}

const USAGE: &str = r#"{"id":"chatcmpl-9","object":"chat.completion.chunk","created":1,"model":"gpt-4o-mini","choices":[],"usage":{"prompt_tokens":81,"completion_tokens":12,"total_tokens":93}}"#;

#[tokio::test]
async fn streamed_tool_call_is_reassembled() {
    let body = sse(&[
        HEAD,
        &args("{\"ci"),
        &args("ty\": \"Par"),
        &args("is\"}"),
        &finish("tool_calls"),
        USAGE,
        "[DONE]",
    ]);
    let s = serve(body).await;
    let r = client(&s.uri()).complete(&request()).await.unwrap();
    assert_eq!(r.tool_calls.len(), 1);
    assert_eq!(r.tool_calls[0].id, "call_w1");
    assert_eq!(r.tool_calls[0].name, "get_weather");
    assert_eq!(r.tool_calls[0].arguments, "{\"city\": \"Paris\"}");
    assert_eq!(r.finish_reason, FinishReason::ToolCalls);
    assert_eq!((r.usage.input_tokens, r.usage.output_tokens), (81, 12));
}

#[tokio::test]
async fn broken_argument_deltas_reach_the_runtime_raw() {
    let body = sse(&[
        HEAD,
        &args("{\"city\": Par"),
        &args("is\",, }"),
        &finish("tool_calls"),
        "[DONE]",
    ]);
    let s = serve(body).await;
    let r = client(&s.uri()).complete(&request()).await.unwrap();
    assert_eq!(r.tool_calls[0].arguments, "{\"city\": Paris\",, }");
}

#[tokio::test]
async fn call_cut_by_the_token_limit_is_kept() {
    let body = sse(&[
        HEAD,
        &args("{\"city\": \"Par"),
        &finish("length"),
        USAGE,
        "[DONE]",
    ]);
    let s = serve(body).await;
    let r = client(&s.uri()).complete(&request()).await.unwrap();
    assert_eq!(r.finish_reason, FinishReason::Length);
    assert_eq!(r.tool_calls[0].arguments, "{\"city\": \"Par");
}

#[tokio::test]
async fn a_garbage_payload_is_skipped_not_fatal() {
    let body = sse(&[
        HEAD,
        "{not a chunk",
        &args("{}"),
        &finish("tool_calls"),
        "[DONE]",
    ]);
    let s = serve(body).await;
    let r = client(&s.uri()).complete(&request()).await.unwrap();
    assert_eq!(r.tool_calls[0].arguments, "{}");
}

#[tokio::test]
async fn missing_ids_are_synthesised_and_text_streams() {
    let body = sse(&[
        r#"{"choices":[{"index":0,"delta":{"content":"Hel"}}]}"#,
        r#"{"choices":[{"index":0,"delta":{"content":"lo"}}]}"#,
        r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"get_weather","arguments":"{}"}}]}}]}"#,
        r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
        "[DONE]",
    ]);
    let s = serve(body).await;
    let r = client(&s.uri()).complete(&request()).await.unwrap();
    assert_eq!(r.text.as_deref(), Some("Hello"));
    assert!(r.tool_calls[0].id.starts_with("call_synth_"));
}

#[tokio::test]
async fn non_2xx_stream_is_an_error_with_status_and_body() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({
            "error": {"message": "Invalid 'messages[0].content'", "type": "invalid_request_error",
                      "param": "messages", "code": null}
        })))
        .mount(&s)
        .await;
    let err = client(&s.uri()).complete(&request()).await.unwrap_err();
    assert_eq!(err.status(), Some(400));
    let p = err.downcast_ref::<ProviderError>().unwrap();
    assert_eq!(p.code.as_deref(), Some("invalid_request_error"));
    assert!(p.body.as_deref().unwrap().contains("messages[0].content"));
    assert_eq!(hits(&s).await, 1);
}

#[tokio::test]
async fn error_inside_the_stream_is_typed() {
    let body = sse(&[
        HEAD,
        r#"{"error":{"message":"The server had an error while processing your request.","type":"server_error"}}"#,
    ]);
    let s = serve(body).await;
    let err = client(&s.uri()).complete(&request()).await.unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Server);
    assert_eq!(hits(&s).await, 1, "a stream that began is never sent again");
}

#[tokio::test]
async fn stream_ending_early_is_a_connection_error() {
    let body = sse(&[HEAD, &args("{\"city\"")]);
    let s = serve(body).await;
    let err = client(&s.uri()).complete(&request()).await.unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Connection);
    assert_eq!(hits(&s).await, 1);
}

#[tokio::test]
async fn stream_cut_mid_body_is_not_retried() {
    let head = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n";
    let event = format!("data: {HEAD}\n\n");
    let raw = format!("{head}{:x}\r\n{event}\r\n", event.len()).into_bytes();
    let (base, connections) = raw_server(vec![raw]).await;
    let err = client(&base).complete(&request()).await.unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Connection);
    assert_eq!(connections.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_503_before_the_stream_starts_is_retried() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(1)
        .mount(&s)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(
            sse(&[HEAD, &args("{}"), &finish("tool_calls"), "[DONE]"]),
            "text/event-stream",
        ))
        .mount(&s)
        .await;
    let r = client(&s.uri()).complete(&request()).await.unwrap();
    assert_eq!(r.tool_calls.len(), 1);
    assert_eq!(hits(&s).await, 2);
}

/// A user can name the token-cap field the builder takes (it was left in the private `convert`
/// module, so `.max_tokens_field(..)` could not be called from outside the crate), and the cap
/// then goes in `max_completion_tokens`.
#[tokio::test]
async fn the_token_cap_field_is_nameable_and_sent() {
    use agents_providers::openai::MaxTokensField;
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .and(body_partial_json(json!({"max_completion_tokens": 32})))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"choices": [
            {"index": 0, "message": {"role": "assistant", "content": "ok"},
                "finish_reason": "stop"}]})))
        .mount(&s)
        .await;
    let c = OpenAi::builder("o3-mini")
        .base_url(s.uri())
        .streaming(false)
        .max_tokens_field(MaxTokensField::MaxCompletionTokens)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap();
    let mut req = request();
    req.sampling.max_tokens = Some(32);
    let r = c.complete(&req).await.unwrap();
    assert_eq!(r.text.as_deref(), Some("ok"));
}

/// A text answer's chunks, finished with `stop`, and nothing after (no usage chunk).
fn text_without_usage(done: bool) -> String {
    let text = json!({"id":"chatcmpl-9","object":"chat.completion.chunk","created":1,
        "model":"gpt-4o-mini","choices":[{"index":0,"delta":{"role":"assistant",
        "content":"The weather in Paris is mild today."},"logprobs":null,"finish_reason":null}]})
    .to_string();
    let finish = finish("stop");
    let mut payloads = vec![text.as_str(), finish.as_str()];
    if done {
        payloads.push("[DONE]");
    }
    sse(&payloads)
}

/// A stream that ends after its `finish_reason` without the usage chunk it was asked for (cut,
/// or `[DONE]` without it) is counted by an estimate, never as zero tokens.
#[tokio::test]
async fn a_stream_without_its_usage_chunk_is_counted_by_an_estimate() {
    for done in [false, true] {
        let s = serve(text_without_usage(done)).await;
        let r = client(&s.uri()).complete(&request()).await.unwrap();
        assert_eq!(r.finish_reason, FinishReason::Stop, "done: {done}");
        assert!(r.usage.input_tokens > 0, "done: {done}: {:?}", r.usage);
        assert!(r.usage.output_tokens > 0, "done: {done}: {:?}", r.usage);
    }
}

/// Through the agent loop: the missing usage is announced with a `Warning`, and the token
/// budget counts the estimate (a budget of 5 tokens is exceeded by the answer above).
#[tokio::test]
async fn a_missing_usage_chunk_warns_and_counts_against_the_token_budget() {
    use std::sync::{Arc, Mutex};

    use agents_core::budget::BudgetKind;
    use agents_core::event::Event;
    use agents_core::{AgentError, Budget, LlmAgent};

    let s = serve(text_without_usage(false)).await;
    let warnings: Arc<Mutex<Vec<String>>> = Arc::default();
    let log = warnings.clone();
    let agent = LlmAgent::<String, String>::builder("a")
        .model(client(&s.uri()))
        .budget(Budget {
            max_tokens: Some(5),
            ..Budget::default()
        })
        .on_event(move |e| {
            if let Event::Warning { message, .. } = e {
                log.lock().unwrap().push(message.clone());
            }
        })
        .build()
        .unwrap();
    match agent.run("weather?".into()).await {
        Err(AgentError::Budget(b)) => assert_eq!(b.kind, BudgetKind::Tokens, "{b}"),
        other => panic!("expected the token budget, got {other:?}"),
    }
    let warnings = warnings.lock().unwrap();
    assert!(warnings.iter().any(|w| w.contains("usage")), "{warnings:?}");
}
