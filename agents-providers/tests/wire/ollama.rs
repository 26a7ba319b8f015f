//! Ollama's native /api/chat against an in-process server, in the wire format Ollama documents.

use crate::common;

use agents_core::model::FinishReason;
use agents_core::{Message, Model, model::ModelErrorKind};
use agents_providers::ollama::Ollama;
use agents_providers::transport::ManualClock;
use common::{config, hits, request};
use serde_json::{Value, json};
use wiremock::matchers::{body_partial_json, method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

fn client(base: &str, model: &str, streaming: bool) -> Ollama {
    Ollama::builder(model)
        .base_url(base)
        .streaming(streaming)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap()
}

fn ndjson(lines: &[Value]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[tokio::test]
async fn ndjson_stream_with_tool_calls() {
    let s = MockServer::start().await;
    let body = ndjson(&[
        json!({"model": "qwen2.5:7b", "created_at": "2025-01-01T00:00:00Z",
            "message": {"role": "assistant", "content": "",
                "tool_calls": [{"function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]},
            "done": false}),
        json!({"model": "qwen2.5:7b", "created_at": "2025-01-01T00:00:01Z",
            "message": {"role": "assistant", "content": ""}, "done": true, "done_reason": "stop",
            "total_duration": 1_000_000, "prompt_eval_count": 120, "eval_count": 18}),
    ]);
    Mock::given(method("POST"))
        .and(path("/api/chat"))
        .and(body_partial_json(json!({
            "model": "qwen2.5:7b", "stream": true,
            "messages": [{"role": "system", "content": "You are terse."},
                {"role": "user", "content": "What is the weather in Paris?"}],
            "tools": [{"type": "function", "function": {"name": "get_weather"}}]
        })))
        .respond_with(ResponseTemplate::new(200).set_body_raw(body, "application/x-ndjson"))
        .mount(&s)
        .await;
    let r = client(&s.uri(), "qwen2.5:7b", true)
        .complete(&request())
        .await
        .unwrap();
    assert_eq!(r.tool_calls.len(), 1);
    assert_eq!(r.tool_calls[0].name, "get_weather");
    assert_eq!(r.tool_calls[0].arguments, r#"{"city":"Paris"}"#);
    assert!(!r.tool_calls[0].id.is_empty());
    assert_eq!(r.finish_reason, FinishReason::ToolCalls);
    assert_eq!(r.usage.total(), 138);
}

#[tokio::test]
async fn text_stream_is_concatenated_and_a_cut_stream_is_a_connection_error() {
    let s = MockServer::start().await;
    let line = |t: &str| json!({"message": {"role": "assistant", "content": t}, "done": false});
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(
            ndjson(&[line("Hel"), line("lo"), json!({"message": {"role": "assistant", "content": ""}, "done": true, "done_reason": "length"})]),
            "application/x-ndjson",
        ))
        .up_to_n_times(1)
        .mount(&s)
        .await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200).set_body_raw(ndjson(&[line("Hel")]), "application/x-ndjson"),
        )
        .mount(&s)
        .await;
    let c = client(&s.uri(), "llama3.2", true);
    let r = c.complete(&request()).await.unwrap();
    assert_eq!(r.text.as_deref(), Some("Hello"));
    assert_eq!(r.finish_reason, FinishReason::Length);
    let err = c.complete(&request()).await.unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Connection);
}

/// Mounts Ollama's answers for `model`, whose template has no tools: a request with tools gets
/// the "does not support tools" error, one without gets `content` as the assistant's text.
async fn mount_model_without_tools(s: &MockServer, model: &str, content: &str) {
    let refusal = format!("registry.ollama.ai/library/{model} does not support tools");
    Mock::given(method("POST"))
        .and(|r: &Request| {
            serde_json::from_slice::<Value>(&r.body).is_ok_and(|b| b.get("tools").is_some())
        })
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({"error": refusal})))
        .mount(s)
        .await;
    Mock::given(method("POST"))
        .and(|r: &Request| {
            serde_json::from_slice::<Value>(&r.body).is_ok_and(|b| b.get("tools").is_none())
        })
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "model": model, "message": {"role": "assistant", "content": content},
            "done": true, "done_reason": "stop", "prompt_eval_count": 200, "eval_count": 20
        })))
        .mount(s)
        .await;
}

#[tokio::test]
async fn model_without_tools_falls_back_to_prompting_and_remembers() {
    let s = MockServer::start().await;
    mount_model_without_tools(
        &s,
        "gemma:2b",
        "Call: {\"tool\": \"get_weather\", \"arguments\": {\"city\": \"Paris\",}}",
    )
    .await;
    let c = client(&s.uri(), "gemma:2b", false);
    let r = c.complete(&request()).await.unwrap();
    assert_eq!(r.tool_calls.len(), 1);
    assert_eq!(r.tool_calls[0].name, "get_weather");
    // The model's own text, for the runtime's repair pipeline (trailing comma and all).
    assert_eq!(r.tool_calls[0].arguments, r#"{"city": "Paris",}"#);
    assert!(c.uses_prompted_tools());
    let received = s.received_requests().await.unwrap();
    assert_eq!(received.len(), 2);
    let prompted: Value = serde_json::from_slice(&received[1].body).unwrap();
    let system = prompted["messages"][0]["content"].as_str().unwrap();
    assert!(system.contains("get_weather(city: string): Current weather for a city"));

    // Remembered: the next request goes prompted at once, from another client too.
    let again = client(&s.uri(), "gemma:2b", false);
    again.complete(&request()).await.unwrap();
    assert_eq!(hits(&s).await, 3);
}

/// In the prompted fallback, a generation in which the model wrote the runtime's own `Result:`
/// line (and no call or answer) is a malformed response, as for the other prompted clients: it
/// never becomes the run's answer.
#[tokio::test]
async fn prompted_fallback_refuses_a_made_up_result_line() {
    let s = MockServer::start().await;
    mount_model_without_tools(&s, "tinyllama:1b", "Result: ok").await;
    let c = client(&s.uri(), "tinyllama:1b", false);
    let err = c.complete(&request()).await.unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::MalformedResponse, "{err}");
    assert!(err.to_string().contains("Result:"), "{err}");
}

#[tokio::test]
async fn unexpected_eof_body_is_sent_again() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({"error": "unexpected EOF"})))
        .up_to_n_times(1)
        .mount(&s)
        .await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200).set_body_raw(
                ndjson(&[
                    json!({"message": {"role": "assistant", "content": "ok"}, "done": false}),
                    json!({"message": {"role": "assistant", "content": ""}, "done": true, "done_reason": "stop"}),
                ]),
                "application/x-ndjson",
            ),
        )
        .mount(&s)
        .await;
    let r = client(&s.uri(), "llama3.2", true)
        .complete(&request())
        .await
        .unwrap();
    assert_eq!(r.text.as_deref(), Some("ok"));
    assert_eq!(hits(&s).await, 2);
}

/// A server that answers every request with a 200 stream whose only line is Ollama's
/// `{"error": "unexpected EOF"}` (it lost its model runner before any output).
async fn server_that_lost_its_runner() -> MockServer {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(
            ndjson(&[json!({"error": "unexpected EOF"})]),
            "application/x-ndjson",
        ))
        .mount(&s)
        .await;
    s
}

#[tokio::test]
async fn unexpected_eof_inside_the_stream_is_retried_then_typed() {
    let s = server_that_lost_its_runner().await;
    let err = client(&s.uri(), "llama3.2", true)
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(hits(&s).await, 3);
    assert_eq!(err.kind(), ModelErrorKind::Server);
    assert!(err.to_string().contains("unexpected EOF"));
}

#[tokio::test]
async fn model_not_found_is_not_retried() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(404).set_body_json(json!({"error": "model 'nope' not found"})),
        )
        .mount(&s)
        .await;
    let err = client(&s.uri(), "nope", true)
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::InvalidRequest);
    assert_eq!(hits(&s).await, 1);
}

#[tokio::test]
async fn unexpected_eof_as_a_500_is_retried_by_the_transport_only() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(500).set_body_json(json!({"error": "unexpected EOF"})))
        .mount(&s)
        .await;
    let err = client(&s.uri(), "llama3.2", true)
        .complete(&request())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Server);
    assert_eq!(hits(&s).await, 3, "3 attempts in all, not 3 x 3");
}

/// Arguments nested deeper than serde_json's recursion limit (128) are still a tool call whose
/// arguments are the text Ollama sent (the runtime's repair chain judges them), not a
/// `MalformedResponse` failing the whole turn.
#[tokio::test]
async fn deeply_nested_arguments_are_a_call_not_a_malformed_response() {
    let deep = common::nested_beyond_serde_limit();
    for streaming in [false, true] {
        let s = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(200).set_body_raw(
                format!(
                    "{}\n",
                    format_args!(
                        r#"{{"message": {{"role": "assistant", "content": "", "tool_calls": [{{"function": {{"name": "get_weather", "arguments": {{"city": {deep}}}}}}}]}}, "done": true, "done_reason": "stop"}}"#
                    )
                ),
                "application/x-ndjson",
            ))
            .mount(&s)
            .await;
        let r = client(&s.uri(), "llama3.2", streaming)
            .complete(&request())
            .await
            .unwrap();
        assert_eq!(r.tool_calls.len(), 1, "streaming {streaming}");
        assert_eq!(r.tool_calls[0].arguments, format!(r#"{{"city": {deep}}}"#));
    }
}

/// The resend of an `unexpected EOF` is the transport's own retry: it draws on the shared retry
/// budget (one retry left: two sends, not three), waits the transport's backoff, and the error
/// counts every attempt.
#[tokio::test]
async fn unexpected_eof_resends_draw_on_the_retry_budget() {
    let s = server_that_lost_its_runner().await;
    let clock = ManualClock::new();
    let budget = agents_providers::RetryBudget::new(1);
    let c = Ollama::builder("llama3.2")
        .base_url(s.uri())
        .transport(config(&clock))
        .retry_budget(budget.clone())
        .build()
        .unwrap();
    let err = c.complete(&request()).await.unwrap_err();
    assert_eq!(hits(&s).await, 2);
    assert_eq!(budget.remaining(), 0);
    assert_eq!(clock.sleeps(), vec![std::time::Duration::from_millis(500)]);
    let p = err
        .downcast_ref::<agents_providers::ProviderError>()
        .unwrap();
    assert_eq!((p.kind, p.attempts), (ModelErrorKind::Server, 2));
}

/// The body is the one Ollama documents: the system prompt as the first message, calls with
/// object arguments (text that is no object kept under `_raw_arguments`), results by tool name,
/// tools as functions, sampling under `options` (each field only when set).
#[tokio::test]
async fn request_body_is_the_documented_shape() {
    let s = MockServer::start().await;
    let reply = json!({"message": {"role": "assistant", "content": "ok"}, "done": true});
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(reply))
        .mount(&s)
        .await;
    let mut req = request();
    let call = |arguments: &str| agents_core::model::ToolCall {
        id: "call_1".into(),
        name: "get_weather".into(),
        arguments: arguments.into(),
    };
    req.messages.push(Message::Assistant {
        content: None,
        tool_calls: vec![call(r#"{"city":"Paris"}"#), call(r#"{"city": "Oslo""#)],
    });
    req.messages
        .push(Message::Tool(agents_core::model::ToolResult {
            call_id: "call_1".into(),
            name: "get_weather".into(),
            content: "sunny".into(),
            is_error: false,
        }));
    req.sampling.temperature = Some(0.5);
    req.sampling.max_tokens = Some(64);
    req.sampling.seed = Some(7);
    client(&s.uri(), "qwen2.5:7b", false)
        .complete(&req)
        .await
        .unwrap();
    let sent: Value =
        serde_json::from_slice(&s.received_requests().await.unwrap()[0].body).unwrap();
    assert_eq!(
        sent,
        json!({
            "model": "qwen2.5:7b",
            "stream": false,
            "messages": [
                {"role": "system", "content": "You are terse."},
                {"role": "user", "content": "What is the weather in Paris?"},
                {"role": "assistant", "content": "", "tool_calls": [
                    {"function": {"name": "get_weather", "arguments": {"city": "Paris"}}},
                    {"function": {"name": "get_weather",
                        "arguments": {"_raw_arguments": "{\"city\": \"Oslo\""}}}
                ]},
                {"role": "tool", "content": "sunny", "tool_name": "get_weather"}
            ],
            "tools": [{"type": "function", "function": {"name": "get_weather",
                "description": "Current weather for a city", "parameters": {"type": "object",
                    "properties": {"city": {"type": "string"}}, "required": ["city"]}}}],
            "options": {"temperature": 0.5, "seed": 7, "num_predict": 64}
        })
    );
}
