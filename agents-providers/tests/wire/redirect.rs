//! Redirects and credentials: a redirect within the base URL's origin is followed with the key; a
//! redirect to another origin (another port on 127.0.0.1 is one) is not followed, so the key never
//! reaches it, whichever header carries it (reqwest itself strips only `Authorization`).

use crate::common;

use std::sync::Arc;

use agents_core::{Model, model::ModelErrorKind};
use agents_providers::ProviderError;
use agents_providers::transport::ManualClock;
use common::matrix::{Cell, Provider};
use common::{config, hits, request};
use serde_json::json;
use wiremock::matchers::{method, path_regex};
use wiremock::{Mock, MockServer, ResponseTemplate};

const KEY: &str = "sk-redirect-canary-5b8e1f0c9d";

/// The providers whose key travels in a header, with that header's name.
fn clients(base: &str) -> Vec<(&'static str, Arc<dyn Model>)> {
    [
        (Provider::Anthropic, "x-api-key"),
        (Provider::Gemini, "x-goog-api-key"),
        (Provider::OpenAi, "authorization"),
    ]
    .into_iter()
    .map(|(provider, header)| {
        let cell = Cell {
            provider,
            streaming: false,
        };
        (header, cell.model(base, KEY, config(&ManualClock::new())))
    })
    .collect()
}

/// A 307 to `target` (it keeps the method and the body).
fn redirect_to(target: String) -> ResponseTemplate {
    ResponseTemplate::new(307).insert_header("location", target)
}

/// A body every provider here reads as a success (each reads only its own fields).
fn ok_for_all() -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "id": "x", "type": "message", "role": "assistant", "model": "m",
        "content": [{"type": "text", "text": "ok"}], "stop_reason": "end_turn",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"},
            "finish_reason": "stop"}],
        "candidates": [{"content": {"role": "model", "parts": [{"text": "ok"}]},
            "finishReason": "STOP"}]
    }))
}

/// A redirect to another origin is not followed: the other server never sees the key header
/// (nor any request), and the error says where the redirect pointed.
#[tokio::test]
async fn cross_origin_redirect_never_carries_the_key() {
    let elsewhere = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ok_for_all())
        .mount(&elsewhere)
        .await;
    let origin = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(redirect_to(format!("{}/stolen", elsewhere.uri())))
        .mount(&origin)
        .await;
    for (header, model) in clients(&origin.uri()) {
        let err = model.complete(&request()).await.unwrap_err();
        let p = err.downcast_ref::<ProviderError>().unwrap();
        assert_eq!(p.status, Some(307), "{header}: {p:?}");
        assert!(p.message.contains("another origin"), "{header}: {p}");
        assert_ne!(err.kind(), ModelErrorKind::RateLimited);
        for r in elsewhere.received_requests().await.unwrap_or_default() {
            assert!(
                !r.headers.contains_key(header),
                "{header} reached the other origin"
            );
            assert!(!format!("{:?} {}", r.headers, r.url).contains(KEY));
        }
    }
    assert_eq!(
        hits(&elsewhere).await,
        0,
        "nothing is sent to another origin"
    );
}

/// A redirect within the same origin is followed, with the key, and the call succeeds.
#[tokio::test]
async fn same_origin_redirect_is_followed_with_the_key() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path_regex("^/moved"))
        .respond_with(ok_for_all())
        .mount(&s)
        .await;
    Mock::given(method("POST"))
        .respond_with(redirect_to(format!("{}/moved", s.uri())))
        .mount(&s)
        .await;
    for (header, model) in clients(&s.uri()) {
        let r = model.complete(&request()).await.unwrap();
        assert_eq!(r.text.as_deref(), Some("ok"), "{header}");
        let received = s.received_requests().await.unwrap_or_default();
        let moved = received.last().unwrap();
        assert_eq!(moved.url.path(), "/moved");
        assert!(moved.headers.contains_key(header), "{header} was dropped");
    }
}
