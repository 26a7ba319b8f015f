//! API keys never show in `Debug`, `Display`, errors or error bodies.

use crate::common;

use agents_core::Model;
use agents_providers::anthropic::Anthropic;
use agents_providers::openai::OpenAi;
use agents_providers::transport::ManualClock;
use agents_providers::{ProviderError, Secret};
use common::{config, request};
use serde_json::json;
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

const KEY: &str = "sk-proj-SUPERSECRET-abcdef0123456789";

fn assert_clean(text: &str) {
    assert!(!text.contains(KEY), "key leaked: {text}");
    assert!(!text.contains("SUPERSECRET"), "key leaked: {text}");
    assert!(!text.contains("Bearer sk-"), "auth header leaked: {text}");
}

#[test]
fn secret_and_clients_redact_in_debug() {
    let s = Secret::new(KEY);
    assert_clean(&format!("{s} {s:?}"));
    let openai = OpenAi::builder("gpt-4o-mini").api_key(KEY).build().unwrap();
    assert_clean(&format!("{openai:?}"));
    let anthropic = Anthropic::builder("claude").api_key(KEY).build().unwrap();
    assert_clean(&format!("{anthropic:?}"));
}

#[tokio::test]
async fn errors_echoing_the_key_are_scrubbed() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(401).set_body_json(json!({
            "error": {"message": format!("Incorrect API key provided: {KEY}. Header was Bearer {KEY}"),
                      "type": "invalid_request_error", "code": "invalid_api_key"}
        })))
        .mount(&s)
        .await;
    for streaming in [false, true] {
        let m = OpenAi::builder("gpt-4o-mini")
            .base_url(s.uri())
            .api_key(KEY)
            .streaming(streaming)
            .transport(config(&ManualClock::new()))
            .build()
            .unwrap();
        let err = m.complete(&request()).await.unwrap_err();
        let p = err.downcast_ref::<ProviderError>().unwrap();
        assert_eq!(p.code.as_deref(), Some("invalid_api_key"));
        assert!(p.message.contains("[redacted]"));
        assert_clean(&p.message);
        assert_clean(p.body.as_deref().unwrap());
        assert_clean(&format!("{err} {err:?} {p} {p:?}"));
    }
}

#[tokio::test]
async fn connection_errors_do_not_carry_a_query_key() {
    // Keys sent in the URL (Gemini's `?key=`) must not reach the error through reqwest's URL.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let t = agents_providers::Transport::new(
        "test",
        format!("http://{addr}"),
        agents_providers::transport::Auth::Query("key", Secret::new(KEY)),
        config(&ManualClock::new()),
    )
    .unwrap();
    let err = t.post_json("/v1/x", &json!({})).await.unwrap_err();
    assert_clean(&format!("{err} {err:?}"));
}

#[test]
fn missing_env_key_names_the_variable() {
    let err = OpenAi::builder("m")
        .api_key_from_env("AGENTS_TEST_SURELY_UNSET_KEY")
        .unwrap_err();
    assert!(err.message.contains("AGENTS_TEST_SURELY_UNSET_KEY"));
}
