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

/// Serves `bodies` in order, one per request (the last again when they run out).
struct InOrder {
    bodies: Vec<serde_json::Value>,
    next: std::sync::atomic::AtomicUsize,
}

impl wiremock::Respond for InOrder {
    fn respond(&self, _: &wiremock::Request) -> ResponseTemplate {
        let i = self.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        ResponseTemplate::new(200).set_body_json(&self.bodies[i.min(self.bodies.len() - 1)])
    }
}

fn call_body(id: &str, args: &str) -> serde_json::Value {
    serde_json::json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": null,
        "tool_calls": [{"id": id, "type": "function", "function": {"name": "weather", "arguments": args}}]},
        "finish_reason": "tool_calls"}], "usage": {"prompt_tokens": 10, "completion_tokens": 5}})
}

/// Runs a weather agent over an OpenAI server that answers with a call copying the schema's
/// example (`Oslo`, asked about Paris), the same failing call twice (`days` not a number), and
/// an answer; `recovery` is the agent's profile (`None`: the model's). What the server was sent,
/// and what the run answered.
async fn native_run(
    recovery: Option<agents_core::model::Recovery>,
) -> (Vec<serde_json::Value>, Result<String, String>) {
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Weather {
        #[schemars(extend("examples" = ["Oslo"]))]
        city: String,
        days: Option<u32>,
    }
    let s = MockServer::start().await;
    let failing = r#"{"city": "Paris", "days": "a few"}"#;
    Mock::given(method("POST"))
        .respond_with(InOrder {
            bodies: vec![
                call_body("c1", r#"{"city": "Oslo"}"#),
                call_body("c2", failing),
                call_body("c3", failing),
                serde_json::json!({"choices": [{"index": 0, "message": {"role": "assistant",
                    "content": "Sunny."}, "finish_reason": "stop"}]}),
            ],
            next: Default::default(),
        })
        .mount(&s)
        .await;
    let mut agent = LlmAgent::<String, String>::builder("weather")
        .model(client(&s.uri(), "sk-native-cccc-3333", None))
        .sampling(agents_core::model::Sampling {
            temperature: Some(0.2),
            seed: Some(7),
            ..Default::default()
        })
        .tool(agents_core::tool::tool_fn(
            "weather",
            "Weather in a city.",
            |w: Weather| async move {
                Ok::<_, agents_core::ExecutionFailure>(format!(
                    "sunny in {} for {} days",
                    w.city,
                    w.days.unwrap_or(1)
                ))
            },
        ));
    if let Some(r) = recovery {
        agent = agent.recovery(r);
    }
    let out = agent
        .build()
        .unwrap()
        .run("Weather in Paris for a few days?".into())
        .await
        .map_err(|e| e.to_string());
    let sent = s
        .received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .map(|r| serde_json::from_slice(&r.body).unwrap())
        .collect();
    (sent, out)
}

/// Issue 28, item 6: a native tool-calling provider runs as it did before the profile: what it
/// is sent and what the run answers are the same by default as with the neutral profile chosen
/// explicitly, and neither checks the schema's example (the copy runs), asks a question or
/// changes the sampling after the repeated failure. The small-model profile, for contrast,
/// does all three, so this test would see them leak into the default.
#[tokio::test]
async fn native_tool_calling_is_unchanged_by_the_recovery_profile() {
    use agents_core::model::Recovery;
    let (default_sent, default_out) = native_run(None).await;
    let (neutral_sent, neutral_out) = native_run(Some(Recovery::NEUTRAL)).await;
    assert_eq!(default_sent, neutral_sent);
    assert_eq!(default_out, neutral_out);
    assert_eq!(default_out.as_deref(), Ok("Sunny."));
    assert_eq!(
        default_sent.len(),
        4,
        "three calls and the answer: no question asked"
    );
    for body in &default_sent {
        assert_eq!(body["temperature"], serde_json::json!(0.2), "{body}");
        assert_eq!(body["seed"], serde_json::json!(7), "{body}");
    }
    let copy_ran = default_sent[1]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["role"] == "tool" && m["content"] == "sunny in Oslo for 1 days");
    assert!(copy_ran, "the call with the schema's example ran");

    let (small_sent, _) = native_run(Some(Recovery::SMALL_MODEL)).await;
    assert_ne!(
        small_sent, default_sent,
        "the small-model profile changes what is sent"
    );
}
