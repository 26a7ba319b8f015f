//! `Model::stream` on each provider's real wire format: SSE for OpenAI chat completions,
//! Anthropic messages and Gemini `streamGenerateContent?alt=sse`, NDJSON for Ollama `/api/chat`.
//! Each body is served whole (wiremock) and cut into small HTTP chunks that split its records
//! (a raw server); both give the same parts: text deltas in order, each call as it starts and
//! its argument text as it grows, then the very response `complete` returns for the body. A
//! stream cut in the middle ends with a typed error, and nothing is sent twice once a part was
//! handed out.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use agents_core::model::StreamPart;
use agents_core::tool::tool_fn;
use agents_core::{Event, ExecutionFailure, LlmAgent, Model, RunEvent, model::ModelErrorKind};
use agents_providers::transport::ManualClock;
use common::matrix::{Cell, Provider};
use common::{config, hits, raw_server, request};
use futures_util::StreamExt;
use serde_json::json;
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

/// One provider's streamed body for the same answer: "Let me check." and a call to
/// `get_weather` (two calls for OpenAI, the second with broken arguments).
struct Wire {
    provider: Provider,
    body: String,
    content_type: &'static str,
    /// Where one record ends and the next begins.
    separator: &'static str,
}

fn chunk(delta: serde_json::Value, finish: Option<&str>) -> String {
    json!({"id": "chatcmpl-7", "object": "chat.completion.chunk", "created": 1,
        "model": "gpt-4o-mini",
        "choices": [{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish}]})
    .to_string()
}

fn openai() -> Wire {
    let call = |index: u32, head: Option<&str>, arguments: &str| {
        let mut c = json!({"index": index, "function": {"arguments": arguments}});
        if let Some(id) = head {
            c["id"] = json!(id);
            c["type"] = json!("function");
            c["function"]["name"] = json!("get_weather");
        }
        chunk(json!({"tool_calls": [c]}), None)
    };
    let payloads = [
        chunk(json!({"role": "assistant", "content": "Let me "}), None),
        chunk(json!({"content": "check."}), None),
        call(0, Some("call_1"), ""),
        call(0, None, "{\"city\": "),
        call(0, None, "\"Paris\"}"),
        call(1, Some("call_2"), ""),
        call(1, None, "{city: 'Oslo',"),
        chunk(json!({}), Some("tool_calls")),
        json!({"id": "chatcmpl-7", "object": "chat.completion.chunk", "choices": [],
            "usage": {"prompt_tokens": 20, "completion_tokens": 9, "total_tokens": 29}})
        .to_string(),
        "[DONE]".to_owned(),
    ];
    let payloads: Vec<&str> = payloads.iter().map(String::as_str).collect();
    Wire {
        provider: Provider::OpenAi,
        body: common::sse(&payloads),
        content_type: "text/event-stream",
        separator: "\n\n",
    }
}

fn anthropic() -> Wire {
    let delta = |index: u32, delta: serde_json::Value| {
        (
            "content_block_delta",
            json!({"type": "content_block_delta", "index": index, "delta": delta}),
        )
    };
    let events = [
        (
            "message_start",
            json!({"type": "message_start", "message": {"id": "msg_1",
            "type": "message", "role": "assistant", "content": [], "model": "claude-sonnet-4-5",
            "stop_reason": null, "stop_sequence": null,
            "usage": {"input_tokens": 20, "output_tokens": 1}}}),
        ),
        (
            "content_block_start",
            json!({"type": "content_block_start", "index": 0,
            "content_block": {"type": "text", "text": ""}}),
        ),
        ("ping", json!({"type": "ping"})),
        delta(0, json!({"type": "text_delta", "text": "Let me "})),
        delta(0, json!({"type": "text_delta", "text": "check."})),
        (
            "content_block_stop",
            json!({"type": "content_block_stop", "index": 0}),
        ),
        (
            "content_block_start",
            json!({"type": "content_block_start", "index": 1,
            "content_block": {"type": "tool_use", "id": "toolu_1", "name": "get_weather",
                "input": {}}}),
        ),
        delta(1, json!({"type": "input_json_delta", "partial_json": ""})),
        delta(
            1,
            json!({"type": "input_json_delta", "partial_json": "{\"city\": "}),
        ),
        delta(
            1,
            json!({"type": "input_json_delta", "partial_json": "\"Paris\"}"}),
        ),
        (
            "content_block_stop",
            json!({"type": "content_block_stop", "index": 1}),
        ),
        (
            "message_delta",
            json!({"type": "message_delta",
            "delta": {"stop_reason": "tool_use", "stop_sequence": null},
            "usage": {"output_tokens": 9}}),
        ),
        ("message_stop", json!({"type": "message_stop"})),
    ];
    let events: Vec<(&str, String)> = events.iter().map(|(e, d)| (*e, d.to_string())).collect();
    let events: Vec<(&str, &str)> = events.iter().map(|(e, d)| (*e, d.as_str())).collect();
    Wire {
        provider: Provider::Anthropic,
        body: common::sse_events(&events),
        content_type: "text/event-stream",
        separator: "\n\n",
    }
}

fn gemini() -> Wire {
    let part = |part: serde_json::Value| {
        json!({"candidates": [{"content": {"parts": [part], "role": "model"}, "index": 0}],
            "modelVersion": "gemini-2.5-flash"})
    };
    let mut last =
        part(json!({"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}));
    last["candidates"][0]["finishReason"] = json!("STOP");
    last["usageMetadata"] =
        json!({"promptTokenCount": 20, "candidatesTokenCount": 9, "totalTokenCount": 29});
    let payloads = [
        part(json!({"text": "Let me "})).to_string(),
        part(json!({"text": "check."})).to_string(),
        last.to_string(),
    ];
    let payloads: Vec<&str> = payloads.iter().map(String::as_str).collect();
    Wire {
        provider: Provider::Gemini,
        body: common::sse(&payloads),
        content_type: "text/event-stream",
        separator: "\n\n",
    }
}

fn ollama() -> Wire {
    let record = |message: serde_json::Value| {
        json!({"model": "qwen2.5:7b", "created_at": "2025-01-01T00:00:00Z",
            "message": message, "done": false})
    };
    let lines = [
        record(json!({"role": "assistant", "content": "Let me "})),
        record(json!({"role": "assistant", "content": "check."})),
        record(json!({"role": "assistant", "content": "", "tool_calls": [
            {"function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]})),
        json!({"model": "qwen2.5:7b", "created_at": "2025-01-01T00:00:01Z",
            "message": {"role": "assistant", "content": ""}, "done": true,
            "done_reason": "stop", "prompt_eval_count": 20, "eval_count": 9}),
    ];
    Wire {
        provider: Provider::Ollama,
        body: lines.iter().map(|l| format!("{l}\n")).collect(),
        content_type: "application/x-ndjson",
        separator: "\n",
    }
}

fn model(provider: Provider, base: &str) -> Arc<dyn Model> {
    let cell = Cell {
        provider,
        streaming: true,
    };
    cell.model(base, "sk-stream-test-0000", config(&ManualClock::new()))
}

/// Every item of one `Model::stream`.
async fn stream_all(model: &dyn Model) -> Vec<Result<StreamPart, agents_core::model::ModelError>> {
    let req = request();
    let items = model.stream(&req).collect::<Vec<_>>();
    // A guard against a hang, not a timing assertion: everything is local and tiny.
    tokio::time::timeout(Duration::from_secs(60), items)
        .await
        .expect("the stream ended")
}

/// The parts of a stream that must not fail.
async fn parts(model: &dyn Model) -> Vec<StreamPart> {
    stream_all(model)
        .await
        .into_iter()
        .map(|p| p.expect("a part"))
        .collect()
}

/// A chunked 200 response of `body` in HTTP chunks of `size` bytes (so records are split across
/// chunks); with `end: false` the body stops there, without its last chunk: the stream is cut.
fn chunked(content_type: &str, body: &str, size: usize, end: bool) -> Vec<u8> {
    let mut out = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n"
    )
    .into_bytes();
    for piece in body.as_bytes().chunks(size) {
        out.extend_from_slice(format!("{:x}\r\n", piece.len()).as_bytes());
        out.extend_from_slice(piece);
        out.extend_from_slice(b"\r\n");
    }
    if end {
        out.extend_from_slice(b"0\r\n\r\n");
    }
    out
}

/// What `complete` returns for `wire`'s body, and what `stream` yields for it served whole and
/// served in 7-byte chunks (the two must agree).
async fn complete_and_streams(
    wire: &Wire,
) -> (agents_core::ModelResponse, Vec<StreamPart>, Vec<StreamPart>) {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(wire.body.clone(), wire.content_type))
        .mount(&s)
        .await;
    let m = model(wire.provider, &s.uri());
    let complete = m.complete(&request()).await.unwrap();
    let whole = parts(m.as_ref()).await;
    let (base, connections) =
        raw_server(vec![chunked(wire.content_type, &wire.body, 7, true)]).await;
    let small = parts(model(wire.provider, &base).as_ref()).await;
    assert_eq!(connections.load(Ordering::SeqCst), 1);
    (complete, whole, small)
}

fn text(t: &str) -> StreamPart {
    StreamPart::TextDelta(t.to_owned())
}

fn started(index: usize, id: &str) -> StreamPart {
    StreamPart::ToolCallStarted {
        index,
        id: id.to_owned(),
        name: "get_weather".to_owned(),
    }
}

fn args(index: usize, arguments: &str) -> StreamPart {
    StreamPart::ToolCallDelta {
        index,
        arguments: arguments.to_owned(),
    }
}

#[tokio::test]
async fn openai_deltas_then_the_response_complete_gives() {
    let (complete, whole, small) = complete_and_streams(&openai()).await;
    let expected = vec![
        text("Let me "),
        text("check."),
        // A call starts once its arguments (or a later call) begin: its name is whole then.
        started(0, "call_1"),
        args(0, "{\"city\": "),
        args(0, "\"Paris\"}"),
        started(1, "call_2"),
        args(1, "{city: 'Oslo',"),
        StreamPart::Done(complete.clone()),
    ];
    assert_eq!(whole, expected);
    assert_eq!(small, expected);
    // The broken call reaches the runtime raw, for its repair path.
    assert_eq!(complete.tool_calls[1].arguments, "{city: 'Oslo',");
    assert_eq!(complete.text.as_deref(), Some("Let me check."));
    assert_eq!(complete.usage.total(), 29);
}

#[tokio::test]
async fn anthropic_deltas_then_the_response_complete_gives() {
    let (complete, whole, small) = complete_and_streams(&anthropic()).await;
    let expected = vec![
        text("Let me "),
        text("check."),
        // A tool_use block names its call whole when it starts.
        started(0, "toolu_1"),
        args(0, "{\"city\": "),
        args(0, "\"Paris\"}"),
        StreamPart::Done(complete.clone()),
    ];
    assert_eq!(whole, expected);
    assert_eq!(small, expected);
    assert_eq!(complete.tool_calls[0].arguments, "{\"city\": \"Paris\"}");
}

#[tokio::test]
async fn gemini_deltas_then_the_response_complete_gives() {
    let (complete, whole, small) = complete_and_streams(&gemini()).await;
    let expected = vec![
        text("Let me "),
        text("check."),
        // Gemini sends a call whole, without an id: the stable synthesised one.
        started(0, "gemini_call_0_0_get_weather"),
        args(0, r#"{"city":"Paris"}"#),
        StreamPart::Done(complete.clone()),
    ];
    assert_eq!(whole, expected);
    assert_eq!(small, expected);
}

/// Ollama sends calls without ids: each request synthesises its own, so the streamed call's id
/// is the one its `Done` holds, and the rest equals `complete`'s response.
#[tokio::test]
async fn ollama_deltas_then_the_response_complete_gives() {
    let (complete, whole, small) = complete_and_streams(&ollama()).await;
    for parts in [whole, small] {
        let Some(StreamPart::Done(done)) = parts.last() else {
            panic!("no Done last in {parts:?}");
        };
        let id = done.tool_calls[0].id.clone();
        assert!(id.starts_with("call_synth_"), "{id}");
        let mut same_ids = complete.clone();
        same_ids.tool_calls[0].id = id.clone();
        assert_eq!(
            parts,
            vec![
                text("Let me "),
                text("check."),
                started(0, &id),
                args(0, r#"{"city":"Paris"}"#),
                StreamPart::Done(same_ids),
            ]
        );
    }
}

/// A stream whose connection drops in the middle of a record, after parts were handed out: the
/// parts so far, then a typed `Connection` error, then the end; never a panic or a hang, and the
/// request is not sent again (output began).
#[tokio::test]
async fn a_stream_cut_midway_ends_with_a_typed_error() {
    for wire in [openai(), anthropic(), gemini(), ollama()] {
        let provider = wire.provider;
        // Ten bytes into the record after the one that ends the text.
        let text_end = wire.body.find("check.").unwrap();
        let cut = wire.body[text_end..].find(wire.separator).unwrap()
            + text_end
            + wire.separator.len()
            + 10;
        let reply = chunked(wire.content_type, &wire.body[..cut], 7, false);
        let (base, connections) = raw_server(vec![reply]).await;
        let m = model(provider, &base);
        let items = stream_all(m.as_ref()).await;
        let (last, before) = items.split_last().unwrap();
        let before: Vec<StreamPart> = before.iter().map(|p| p.clone().unwrap()).collect();
        assert_eq!(before, [text("Let me "), text("check.")], "{provider:?}");
        let err = last.as_ref().unwrap_err();
        assert_eq!(
            err.kind(),
            ModelErrorKind::Connection,
            "{provider:?}: {err}"
        );
        assert_eq!(connections.load(Ordering::SeqCst), 1, "{provider:?}");
    }
}

/// Ollama's `unexpected EOF` (it lost its model runner) is sent again while no part was handed
/// out; once one was, it ends the stream with a typed error and nothing is sent twice.
#[tokio::test]
async fn ollama_resends_an_unexpected_eof_only_before_the_first_part() {
    let eof = json!({"error": "unexpected EOF"}).to_string();
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200).set_body_raw(format!("{eof}\n"), "application/x-ndjson"),
        )
        .up_to_n_times(1)
        .mount(&s)
        .await;
    let wire = ollama();
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(wire.body, wire.content_type))
        .mount(&s)
        .await;
    let got = parts(model(Provider::Ollama, &s.uri()).as_ref()).await;
    assert_eq!(got[..2], [text("Let me "), text("check.")]);
    assert!(matches!(got.last(), Some(StreamPart::Done(_))));
    assert_eq!(hits(&s).await, 2, "sent again before any part");

    let s = MockServer::start().await;
    let first = json!({"message": {"role": "assistant", "content": "Hel"}, "done": false});
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_raw(format!("{first}\n{eof}\n"), "application/x-ndjson"),
        )
        .mount(&s)
        .await;
    let items = stream_all(model(Provider::Ollama, &s.uri()).as_ref()).await;
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].as_ref().unwrap(), &text("Hel"));
    let err = items[1].as_ref().unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::Server);
    assert!(err.to_string().contains("unexpected EOF"), "{err}");
    assert_eq!(hits(&s).await, 1, "not sent again after a part");
}

/// A client with streaming off still streams: the whole response's parts at once, `Done` equal
/// to what `complete` returns.
#[tokio::test]
async fn a_client_not_streaming_on_the_wire_hands_out_the_whole_response() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"choices": [{"index": 0,
            "message": {"role": "assistant", "content": "Hi.", "tool_calls": [{"id": "call_9",
                "type": "function", "function": {"name": "get_weather",
                    "arguments": "{\"city\": \"Oslo\"}"}}]},
            "finish_reason": "tool_calls"}]})),
        )
        .mount(&s)
        .await;
    let m = agents_providers::openai::OpenAi::builder("gpt-4o-mini")
        .base_url(s.uri())
        .streaming(false)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap();
    let complete = m.complete(&request()).await.unwrap();
    assert_eq!(
        parts(&m).await,
        [
            text("Hi."),
            started(0, "call_9"),
            args(0, "{\"city\": \"Oslo\"}"),
            StreamPart::Done(complete),
        ]
    );
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct City {
    city: String,
}

/// A streamed run over the OpenAI wire: the broken streamed call is repaired as any call is, the
/// tool gets the repaired arguments, and the answer arrives as text deltas.
#[tokio::test]
async fn a_broken_streamed_call_is_repaired_in_a_streamed_run() {
    let s = MockServer::start().await;
    let call = |arguments: &str, head: bool| {
        let mut c = json!({"index": 0, "function": {"arguments": arguments}});
        if head {
            c["id"] = json!("call_1");
            c["function"]["name"] = json!("get_weather");
        }
        chunk(json!({"tool_calls": [c]}), None)
    };
    let first = [
        call("", true),
        call("{city: ", false),
        call("'Paris',}", false),
        chunk(json!({}), Some("tool_calls")),
        "[DONE]".to_owned(),
    ];
    let second = [
        chunk(json!({"content": "Sunny "}), None),
        chunk(json!({"content": "in Paris."}), None),
        chunk(json!({}), Some("stop")),
        "[DONE]".to_owned(),
    ];
    for (body, times) in [(&first[..], Some(1)), (&second[..], None)] {
        let payloads: Vec<&str> = body.iter().map(String::as_str).collect();
        let mut mock = Mock::given(method("POST")).respond_with(
            ResponseTemplate::new(200).set_body_raw(common::sse(&payloads), "text/event-stream"),
        );
        if let Some(n) = times {
            mock = mock.up_to_n_times(n);
        }
        mock.mount(&s).await;
    }
    let seen: Arc<std::sync::Mutex<Vec<String>>> = Arc::default();
    let log = seen.clone();
    let agent = LlmAgent::<String, String>::builder("weather")
        .model(model(Provider::OpenAi, &s.uri()))
        .tool(tool_fn(
            "get_weather",
            "Current weather for a city",
            move |a: City| {
                log.lock().unwrap().push(a.city.clone());
                async move { Ok::<_, ExecutionFailure>(format!("sunny in {}", a.city)) }
            },
        ))
        .build()
        .unwrap();
    let items: Vec<RunEvent<String>> = agent.run("Paris?".to_owned()).stream().collect().await;
    let mut deltas = String::new();
    let mut repaired = 0;
    for item in &items {
        match item {
            RunEvent::Event(Event::TextDelta { text, .. }) => deltas.push_str(text),
            RunEvent::Event(Event::Repaired { .. }) => repaired += 1,
            _ => {}
        }
    }
    assert_eq!(repaired, 1);
    assert_eq!(*seen.lock().unwrap(), ["Paris"]);
    assert_eq!(deltas, "Sunny in Paris.");
    let Some(RunEvent::Finished(report)) = items.last() else {
        panic!("no report last");
    };
    assert_eq!(report.output().unwrap(), "Sunny in Paris.");
}
