//! Helpers shared by the integration tests.
#![allow(dead_code)]

// The matrix builds every provider's client: only where all four are compiled in.
#[cfg(all(
    feature = "openai",
    feature = "anthropic",
    feature = "gemini",
    feature = "ollama"
))]
pub mod matrix;

pub mod local_llm;

/// The transport of every client the end-to-end tests make: one thread of a small model on a
/// shared machine can take minutes over a long prompt.
pub fn patient_transport() -> agents_providers::TransportConfig {
    agents_providers::TransportConfig {
        timeout: Duration::from_secs(180),
        ..agents_providers::TransportConfig::default()
    }
}

/// A prompted client of the local model at `url`, with the default format, cap and recovery.
#[cfg(feature = "prompted")]
pub fn prompted(url: &str) -> agents_providers::prompted::PromptedCompletionsBuilder {
    agents_providers::prompted::PromptedCompletions::builder("gemma3-270m")
        .base_url(format!("{url}/v1"))
        .transport(patient_transport())
}

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use agents_core::{
    Message,
    model::{ModelRequest, ToolSpec},
};
use agents_providers::transport::ManualClock;
use agents_providers::{TransportConfig, TransportRetry};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use wiremock::MockServer;

/// Transport settings with a manual clock and no jitter, so delays are exact. The request
/// timeout is long (60 s): tests that build a hundred clients at once on a loaded 2-core machine
/// must not see a request time out unless the test is about timeouts (those set their own).
pub fn config(clock: &ManualClock) -> TransportConfig {
    TransportConfig {
        timeout: Duration::from_secs(60),
        retry: TransportRetry {
            jitter: false,
            ..TransportRetry::default()
        },
        clock: Arc::new(clock.clone()),
        ..TransportConfig::default()
    }
}

/// A request with one tool.
pub fn request() -> ModelRequest {
    ModelRequest::new()
        .system("You are terse.")
        .messages(vec![Message::user("What is the weather in Paris?")])
        .tools(vec![ToolSpec {
            name: "get_weather".into(),
            description: "Current weather for a city".into(),
            parameters: serde_json::json!({
                "type": "object",
                "properties": {"city": {"type": "string"}},
                "required": ["city"]
            }),
        }])
}

/// How many requests the mock server received.
pub async fn hits(server: &MockServer) -> usize {
    server.received_requests().await.unwrap_or_default().len()
}

/// A raw HTTP server on 127.0.0.1 that answers each connection with `responses[n]` (the last one
/// repeats) and then closes the connection, whatever the response says about its length.
/// Returns the base URL and a counter of connections.
pub async fn raw_server(responses: Vec<Vec<u8>>) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let replies = responses.into_iter().map(RawReply::Close).collect();
    let count = Arc::new(AtomicUsize::new(0));
    serve_raw(listener, replies, count.clone());
    (format!("http://{addr}"), count)
}

/// What a raw server does with one connection.
#[derive(Debug, Clone)]
pub enum RawReply {
    /// Writes these bytes and closes the connection.
    Close(Vec<u8>),
    /// Writes these bytes and then sends nothing more, holding the connection open until the
    /// client gives up (a body that never arrives).
    Stall(Vec<u8>),
}

/// Serves `replies` on `listener` as [`raw_server`] does (the last reply repeats), counting
/// connections in `seen`.
pub fn serve_raw(listener: TcpListener, replies: Vec<RawReply>, seen: Arc<AtomicUsize>) {
    tokio::spawn(async move {
        loop {
            let Ok((mut socket, _)) = listener.accept().await else {
                return;
            };
            let n = seen.fetch_add(1, Ordering::SeqCst);
            let reply = replies[n.min(replies.len() - 1)].clone();
            tokio::spawn(async move {
                read_request(&mut socket).await;
                let (RawReply::Close(bytes) | RawReply::Stall(bytes)) = &reply;
                let _ = socket.write_all(bytes).await;
                let _ = socket.flush().await;
                if let RawReply::Stall(_) = reply {
                    // Read until the client closes its end: the connection stays open, silent.
                    let mut sink = [0u8; 1024];
                    while matches!(socket.read(&mut sink).await, Ok(n) if n > 0) {}
                }
                let _ = socket.shutdown().await;
            });
        }
    });
}

/// Reads one HTTP request (headers and a `Content-Length` body).
async fn read_request(socket: &mut tokio::net::TcpStream) {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let Ok(n) = socket.read(&mut chunk).await else {
            return;
        };
        if n == 0 {
            return;
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
            let len = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok())
                .unwrap_or(0);
            if buf.len() >= end + 4 + len {
                return;
            }
        }
    }
}

/// A 200 JSON response whose `Content-Length` promises more than is sent: the body is cut.
pub fn cut_response(partial_body: &str) -> Vec<u8> {
    cut_response_as("application/json", partial_body)
}

/// A 200 response of `content_type` whose `Content-Length` promises more than is sent.
pub fn cut_response_as(content_type: &str, partial_body: &str) -> Vec<u8> {
    format!(
        "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{partial_body}",
        partial_body.len() + 500
    )
    .into_bytes()
}

/// A 200 response of `content_type` whose body is sent chunked: `body` as one chunk, and no end
/// (served with [`RawReply::Stall`], the connection then stays open and silent).
pub fn open_chunked(content_type: &str, body: &str) -> Vec<u8> {
    format!(
        "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\ntransfer-encoding: chunked\r\n\r\n{:x}\r\n{body}\r\n",
        body.len()
    )
    .into_bytes()
}

/// A complete 200 response.
pub fn full_response(content_type: &str, body: &str) -> Vec<u8> {
    format!(
        "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// An SSE body from `data:` payloads.
pub fn sse(payloads: &[&str]) -> String {
    payloads.iter().map(|p| format!("data: {p}\n\n")).collect()
}

/// An SSE body from (event, data) pairs.
pub fn sse_events(events: &[(&str, &str)]) -> String {
    events
        .iter()
        .map(|(e, d)| format!("event: {e}\ndata: {d}\n\n"))
        .collect()
}

/// A JSON array nested 200 deep (`[[[…1…]]]`), beyond serde_json's recursion limit (128): tool
/// arguments like it must still reach the runtime as a call, not fail the whole response.
pub fn nested_beyond_serde_limit() -> String {
    format!("{}1{}", "[".repeat(200), "]".repeat(200))
}
