//! The fault matrix as part of our own suite: every provider × {streaming, whole-body} against
//! responses that echo a canary API key (the key must reach no error text, no source, no
//! cassette), absurd `Retry-After` values (no panic, no wait), `u64::MAX` token counts (no
//! overflow) and malformed 200 bodies (a permanent `MalformedResponse`, sent once).
//!
//! Each cell runs in its own task, so a panicking cell is reported with its name and the others
//! still run; every cell uses its own key, so cooldowns of one never reach another.

use crate::common;

use std::error::Error as StdError;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agents_core::{
    LlmAgent, Model, ModelResponse,
    model::{ModelError, ModelErrorKind},
};
use agents_providers::ProviderError;
use agents_providers::cassette::Recorder;
use agents_providers::transport::ManualClock;
use common::matrix::{Cell, Provider, cells, run_table, serve};
use common::{RawReply, config, cut_response_as, hits, open_chunked, request, serve_raw};
use serde_json::json;
use wiremock::ResponseTemplate;

impl Cell {
    /// A key no other cell uses, recognisable anywhere it leaks to.
    fn canary(&self, case: &str) -> String {
        format!(
            "canary-{:?}-{}-{case}-Zq7xK3vP9w",
            self.provider,
            if self.streaming { "stream" } else { "whole" }
        )
        .to_ascii_lowercase()
    }
}

/// A 200 whose body is not what the API defines and quotes `key` in the places a decoder names:
/// a value of the wrong type (serde quotes it), and a body cut off mid-way.
fn malformed_200s(cell: Cell, key: &str) -> Vec<ResponseTemplate> {
    let wrong_types = json!({"choices": key, "content": key, "candidates": key,
        "message": key, "type": key, "usage": key})
    .to_string();
    let cut = format!(r#"{{"note": "{key}", "choices": [{{"message": "{key}"#);
    let mut bodies = vec![wrong_types.clone(), cut.clone()];
    if cell.streaming {
        bodies = match cell.provider {
            Provider::Ollama => vec![format!("{wrong_types}\n"), cut],
            Provider::Anthropic => vec![common::sse_events(&[
                ("message_start", &wrong_types),
                ("content_block_delta", &cut),
            ])],
            _ => vec![common::sse(&[&wrong_types, &cut])],
        };
    }
    bodies
        .into_iter()
        .map(|b| ResponseTemplate::new(200).set_body_raw(b, "application/json"))
        .collect()
}

/// Every text an error can be read through: Display, Debug, and each source in the chain.
fn error_texts(e: &(dyn StdError + 'static)) -> String {
    let mut out = format!("{e}\n{e:?}\n");
    let mut source: Option<&(dyn StdError + 'static)> = e.source();
    while let Some(s) = source {
        out.push_str(&format!("{s}\n{s:?}\n"));
        source = s.source();
    }
    out
}

/// Sends one request through a cassette recorder; returns the result and the cassette's text.
async fn complete_recorded(
    model: Arc<dyn Model>,
    label: &str,
) -> (Result<ModelResponse, ModelError>, String) {
    let path =
        std::env::temp_dir().join(format!("fault-matrix-{}-{label}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let recorder = Recorder::new(model, &path).unwrap();
    let result = recorder.complete(&request()).await;
    let cassette = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    (result, cassette)
}

/// The canary must be in none of the error's texts nor the cassette (it may be nowhere at all:
/// a cell that succeeds has nothing to leak through an error).
fn assert_no_canary(
    label: &str,
    key: &str,
    result: &Result<ModelResponse, ModelError>,
    tape: &str,
) {
    if let Err(e) = result {
        let texts = error_texts(e);
        assert!(!texts.contains(key), "{label}: key in the error:\n{texts}");
    }
    assert!(!tape.contains(key), "{label}: key in the cassette:\n{tape}");
}

type Respond = Box<dyn Fn(Cell, &str) -> Vec<ResponseTemplate> + Send + Sync>;

/// The responses that echo the key, by name.
fn leak_cases() -> Vec<(&'static str, Respond)> {
    vec![
        ("malformed_200", Box::new(malformed_200s)),
        (
            "error_status_body",
            Box::new(|_, key: &str| {
                let body = json!({"type": "error", "error": {
                    "message": format!("Incorrect API key provided: {key}"),
                    "type": format!("invalid_request_error {key}"),
                    "code": key, "status": key}});
                [400, 401, 429, 503]
                    .map(|s| ResponseTemplate::new(s).set_body_json(&body))
                    .to_vec()
            }),
        ),
        (
            "header_echo",
            Box::new(|cell: Cell, key: &str| {
                let echo = |t: ResponseTemplate| {
                    ["x-request-id", "request-id", "x-goog-request-id", "cf-ray"]
                        .into_iter()
                        .fold(t, |t, h| t.insert_header(h, key))
                };
                vec![
                    echo(ResponseTemplate::new(400).set_body_string("bad request")),
                    echo(ResponseTemplate::new(200).set_body_raw("{", "application/json")),
                    echo(cell.ok_with_usage(1)),
                ]
            }),
        ),
        (
            "error_in_200",
            Box::new(|cell: Cell, key: &str| {
                cell.error_in_200(&format!("invalid key {key}"))
                    .into_iter()
                    .collect()
            }),
        ),
    ]
}

/// A canary key echoed by the provider in a body, an error body, a header or an error inside a
/// 200 never reaches the error's Display, Debug or source chain, nor a recorded cassette: for
/// every provider, streaming and whole-body.
#[tokio::test]
async fn canary_key_never_leaks() {
    let mut table = Vec::new();
    for (case, respond) in leak_cases() {
        let respond = Arc::new(respond);
        for cell in cells() {
            // One key per cell: each response goes to a server of its own (a port of its own),
            // so a cooldown set by one never reaches the next.
            let key = cell.canary(case);
            for (i, response) in respond(cell, &key).into_iter().enumerate() {
                let label = format!("{case}#{i} {cell:?}");
                let key = key.clone();
                table.push((label.clone(), move || async move {
                    let s = serve(response).await;
                    let model = cell.model(&s.uri(), &key, config(&ManualClock::new()));
                    let file = label.replace(|c: char| !c.is_ascii_alphanumeric(), "_");
                    let (result, tape) = complete_recorded(model, &file).await;
                    assert!(hits(&s).await >= 1, "{label}: nothing was sent");
                    assert_no_canary(&label, &key, &result, &tape);
                }));
            }
        }
    }
    run_table("canary", table).await;
}

/// Through the agent loop too: a malformed 200 echoing the key ends the run with an `AgentError`
/// whose Display, Debug and source chain hold no key, and no event the run emitted holds it.
#[tokio::test]
async fn canary_key_never_reaches_agent_errors_or_events() {
    let mut table = Vec::new();
    for cell in cells() {
        let key = cell.canary("agent");
        for (i, response) in malformed_200s(cell, &key).into_iter().enumerate() {
            let label = format!("agent#{i} {cell:?}");
            let key = key.clone();
            table.push((label.clone(), move || async move {
                let s = serve(response).await;
                let events: Arc<Mutex<Vec<String>>> = Arc::default();
                let log = events.clone();
                let agent = LlmAgent::<String, String>::builder("canary")
                    .model(cell.model(&s.uri(), &key, config(&ManualClock::new())))
                    .on_event(move |e| log.lock().unwrap().push(format!("{e:?}")))
                    .build()
                    .unwrap();
                let err = agent.run("hi".into()).await.unwrap_err();
                let mut texts = error_texts(&err);
                texts.push_str(&events.lock().unwrap().join("\n"));
                assert!(!texts.contains(&key), "{label}: key leaked:\n{texts}");
            }));
        }
    }
    run_table("agent canary", table).await;
}

/// Every absurd wait a server may ask for neither panics nor waits: the error is typed
/// `RateLimited`, carries a wait beyond the policy's cap, and nothing slept.
#[tokio::test]
async fn absurd_retry_after_is_clamped_not_a_panic() {
    let waits = [
        ("retry-after", "1e300"),
        ("retry-after-ms", "1e300"),
        ("retry-after", "18446744073709551615"),
        ("retry-after", "1e19"),
        ("retry-after-ms", "18446744073709551615"),
        ("retry-after", "Fri, 31 Dec 9999 23:59:59 GMT"),
    ];
    let mut table = Vec::new();
    for (header, value) in waits {
        for cell in cells() {
            let label = format!("{header}: {value} {cell:?}");
            let key = format!("{}-{}", cell.canary("wait"), table.len());
            table.push((label.clone(), move || async move {
                let s = serve(ResponseTemplate::new(429).insert_header(header, value)).await;
                let clock = ManualClock::new();
                let model = cell.model(&s.uri(), &key, config(&clock));
                let err = model.complete(&request()).await.unwrap_err();
                assert_eq!(err.kind(), ModelErrorKind::RateLimited, "{label}");
                let wait = err.retry_after().expect("the wait is carried");
                assert!(wait > Duration::from_secs(60), "{label}: {wait:?}");
                assert!(clock.sleeps().is_empty(), "{label}: {:?}", clock.sleeps());
                assert_eq!(hits(&s).await, 1, "{label}");
                // The account's cooldown holds the clamped wait, and the next call fails at once.
                let again = model.complete(&request()).await.unwrap_err();
                assert_eq!(again.kind(), ModelErrorKind::RateLimited, "{label}");
                assert_eq!(hits(&s).await, 1, "{label}");
            }));
        }
    }
    run_table("retry-after", table).await;
}

/// Token counts of `u64::MAX` in every field a provider reports saturate instead of overflowing
/// (a panic in debug builds, an undercount in release).
#[tokio::test]
async fn huge_usage_saturates() {
    let mut table = Vec::new();
    for cell in cells() {
        let label = format!("{cell:?}");
        let key = cell.canary("usage");
        table.push((label.clone(), move || async move {
            let s = serve(cell.ok_with_usage(u64::MAX)).await;
            let model = cell.model(&s.uri(), &key, config(&ManualClock::new()));
            let r = model.complete(&request()).await.unwrap();
            assert_eq!(r.usage.input_tokens, u64::MAX, "{label}");
            assert_eq!(r.usage.output_tokens, u64::MAX, "{label}");
            assert_eq!(r.usage.total(), u64::MAX, "{label}");
            let mut sum = r.usage;
            sum += r.usage;
            assert_eq!(sum.total(), u64::MAX, "{label}");
        }));
    }
    run_table("usage", table).await;
}

/// A 200 whose body is not what the API defines is a permanent `MalformedResponse` in both
/// modes (streaming used to call it a transient `Connection` error, which layers above re-send),
/// and is sent once.
#[tokio::test]
async fn malformed_200_is_permanent_in_both_modes() {
    let mut table = Vec::new();
    for cell in cells() {
        for (i, response) in malformed_200s(cell, "not-a-key").into_iter().enumerate() {
            let label = format!("#{i} {cell:?}");
            let key = format!("{}-{i}", cell.canary("malformed"));
            table.push((label.clone(), move || async move {
                let s = serve(response).await;
                let model = cell.model(&s.uri(), &key, config(&ManualClock::new()));
                let err = model.complete(&request()).await.unwrap_err();
                assert_eq!(
                    err.kind(),
                    ModelErrorKind::MalformedResponse,
                    "{label}: {err}"
                );
                assert!(!err.is_transient(), "{label}");
                let p = err.downcast_ref::<ProviderError>().expect("provider error");
                assert_eq!(p.status, Some(200), "{label}: {p:?}");
                assert_eq!(hits(&s).await, 1, "{label}");
            }));
        }
    }
    run_table("malformed", table).await;
}

/// A server on loopback that sends `reply` and then holds the connection open, silent.
async fn stalling(reply: Vec<u8>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    serve_raw(listener, vec![RawReply::Stall(reply)], Arc::default());
    base
}

/// How long a cell may take before it counts as held by the silent connection: far less than
/// the request timeout the cells set (ten minutes), far more than any idle bound they rely on.
const HELD: Duration = Duration::from_secs(60);

/// A response whose connection stays open and silent returns without waiting for the request
/// timeout: a stream after its last part (Gemini's streams have no end marker) with the complete
/// response, under the default settings; a stream or a whole body that stops half-way with a
/// typed `Timeout`, under a short `stream_idle_timeout`.
#[tokio::test]
async fn a_silent_open_connection_returns_promptly() {
    let mut table = Vec::new();
    for cell in cells() {
        for complete in [true, false] {
            // A whole body that arrived complete is read at once: nothing waits.
            if complete && !cell.streaming {
                continue;
            }
            let label = format!("{cell:?} complete: {complete}");
            let key = format!("{}-{complete}", cell.canary("idle"));
            table.push((label.clone(), move || async move {
                let (body, content_type) = if complete {
                    cell.ok_body(1)
                } else {
                    cell.partial_body()
                };
                let reply = if cell.streaming {
                    open_chunked(content_type, &body)
                } else {
                    cut_response_as(content_type, &body)
                };
                let base = stalling(reply).await;
                let mut config = config(&ManualClock::new());
                config.timeout = Duration::from_secs(600);
                if !complete {
                    config.stream_idle_timeout = Some(Duration::from_millis(300));
                }
                let model = cell.model(&base, &key, config);
                let result = tokio::time::timeout(HELD, model.complete(&request()))
                    .await
                    .unwrap_or_else(|_| panic!("{label}: held by the silent connection"));
                if complete {
                    let r = result.unwrap_or_else(|e| panic!("{label}: {e}"));
                    assert_eq!(r.text.as_deref(), Some("ok"), "{label}");
                } else {
                    let e = result.expect_err(&label);
                    assert_eq!(e.kind(), ModelErrorKind::Timeout, "{label}: {e}");
                }
            }));
        }
    }
    run_table("idle", table).await;
}

/// The prompted client reads whole bodies only: one that stops half-way with its connection
/// open ends with a typed `Timeout` under a short `stream_idle_timeout`.
#[tokio::test]
async fn a_prompted_body_that_goes_silent_returns_promptly() {
    let body = r#"{"id":"c1","object":"text_completion","choices":[{"text":"Answer: ok"#;
    let base = stalling(cut_response_as("application/json", body)).await;
    let mut config = config(&ManualClock::new());
    config.timeout = Duration::from_secs(600);
    config.stream_idle_timeout = Some(Duration::from_millis(300));
    let model = agents_providers::prompted::PromptedCompletions::builder("m")
        .base_url(format!("{base}/v1"))
        .transport(config)
        .calibrated_choice(false)
        .build()
        .unwrap();
    let result = tokio::time::timeout(HELD, model.complete(&request()))
        .await
        .expect("prompted: held by the silent connection");
    let e = result.expect_err("prompted");
    assert_eq!(e.kind(), ModelErrorKind::Timeout, "prompted: {e}");
}
