//! The clients inside the real agent loop: `on_llm_error` sees the provider's error unchanged,
//! and one retry budget bounds transport and model-turn retries together.

use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use agents_core::agent::budget_llm_error_policy;
use agents_core::{AgentError, LlmAgent, agent::LlmErrorDecision};
use agents_providers::openai::OpenAi;
use agents_providers::transport::ManualClock;
use agents_providers::{ProviderError, RetryBudget};
use common::{config, hits};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

fn client(base: &str, key: &str, budget: Option<Arc<RetryBudget>>) -> OpenAi {
    let mut b = OpenAi::builder("gpt-4o-mini")
        .base_url(base)
        .api_key(key)
        .streaming(false)
        .transport(config(&ManualClock::new()));
    if let Some(budget) = budget {
        b = b.retry_budget(budget);
    }
    b.build().unwrap()
}

/// What the handler saw: status, provider code, request id.
type Seen = (Option<u16>, Option<String>, Option<String>);

#[tokio::test]
async fn on_llm_error_sees_the_provider_error_unchanged() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(401)
                .set_body_json(serde_json::json!({"error": {"message": "bad key", "type": "invalid_request_error", "code": "invalid_api_key"}}))
                .insert_header("x-request-id", "req_loop"),
        )
        .mount(&s)
        .await;
    let seen: Arc<Mutex<Vec<Seen>>> = Arc::default();
    let log = seen.clone();
    let agent = LlmAgent::<String, String>::builder("asker")
        .model(client(&s.uri(), "sk-loop-aaaa-1111", None))
        .on_llm_error(move |e, _| {
            let p = e.downcast_ref::<ProviderError>().expect("provider error");
            log.lock()
                .unwrap()
                .push((p.status, p.code.clone(), p.request_id.clone()));
            LlmErrorDecision::Rethrow
        })
        .build()
        .unwrap();
    let err = agent.run("hi".into()).await.unwrap_err();
    assert!(matches!(err, AgentError::Model(_)));
    assert_eq!(
        *seen.lock().unwrap(),
        [(
            Some(401),
            Some("invalid_api_key".into()),
            Some("req_loop".into())
        )]
    );
}

#[tokio::test]
async fn one_budget_bounds_transport_and_model_retries() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&s)
        .await;
    let budget = RetryBudget::new(4);
    let agent = LlmAgent::<String, String>::builder("asker")
        .model(client(&s.uri(), "sk-loop-bbbb-2222", Some(budget.clone())))
        .on_llm_error(budget_llm_error_policy(budget.clone(), Duration::ZERO))
        .retry_budget(budget.clone())
        .build()
        .unwrap();
    let err = agent.run("hi".into()).await.unwrap_err();
    assert!(matches!(err, AgentError::Model(_)));
    // Without a shared budget every retried turn would send up to 3 requests of its own. With
    // it: the first request plus exactly 4 retries (2 + 1 in the transport, 1 turn retry).
    assert_eq!(hits(&s).await, 5);
    assert_eq!(budget.remaining(), 0);
}
