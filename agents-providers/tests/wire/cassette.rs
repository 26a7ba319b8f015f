//! Record and replay: a cassette recorded from a real HTTP client replays offline, and a request
//! that differs fails with the first differing field.

use crate::common;

use std::path::PathBuf;

use agents_core::testing::ScriptedModel;
use agents_core::{
    Message, Model, ModelResponse,
    model::{ModelError, ModelErrorKind},
};
use agents_providers::cassette::{Recorder, Replay, ReplayError};
use agents_providers::openai::OpenAi;
use agents_providers::transport::ManualClock;
use common::{config, request};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!(
        "agents-cassette-{}-{name}.jsonl",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&p);
    p
}

#[tokio::test]
async fn records_a_real_client_and_replays_offline() {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(
            r#"{"choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\": \"Paris\""}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":3,"completion_tokens":4}}"#,
            "application/json",
        ))
        .mount(&s)
        .await;
    let path = temp("real");
    let client = OpenAi::builder("gpt-4o-mini")
        .base_url(s.uri())
        .api_key("sk-never-in-a-cassette-123")
        .streaming(false)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap();
    let recorder = Recorder::new(client, &path).unwrap();
    let live = recorder.complete(&request()).await.unwrap();
    drop(s);

    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 1);
    assert!(!text.contains("sk-never-in-a-cassette"));
    let replay = Replay::from_file(&path).unwrap();
    assert_eq!(replay.name(), "gpt-4o-mini");
    let replayed = replay.complete(&request()).await.unwrap();
    assert_eq!(replayed, live);
    assert_eq!(replayed.tool_calls[0].arguments, "{\"city\": \"Paris\"");
    assert_eq!(replay.remaining(), 0);
    std::fs::remove_file(&path).unwrap();
}

#[tokio::test]
async fn errors_are_recorded_and_replayed() {
    let path = temp("errors");
    let model = ScriptedModel::with_results([
        Err(ModelError::new(ModelErrorKind::RateLimited, "slow down")
            .with_status(429)
            .with_retry_after(std::time::Duration::from_secs(2))),
        Ok(ModelResponse::text("done")),
    ]);
    let recorder = Recorder::new(model, &path).unwrap();
    recorder.complete(&request()).await.unwrap_err();
    recorder.complete(&request()).await.unwrap();

    let replay = Replay::from_file(&path).unwrap();
    let err = replay.complete(&request()).await.unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::RateLimited);
    assert_eq!(err.status(), Some(429));
    assert_eq!(err.retry_after(), Some(std::time::Duration::from_secs(2)));
    let ok = replay.complete(&request()).await.unwrap();
    assert_eq!(ok.text.as_deref(), Some("done"));

    let exhausted = replay.complete(&request()).await.unwrap_err();
    assert_eq!(
        exhausted.downcast_ref::<ReplayError>(),
        Some(&ReplayError::Exhausted { served: 2 })
    );
    std::fs::remove_file(&path).unwrap();
}

#[tokio::test]
async fn a_different_request_names_the_first_differing_field() {
    let path = temp("mismatch");
    let recorder = Recorder::new(ScriptedModel::new([ModelResponse::text("ok")]), &path).unwrap();
    recorder.complete(&request()).await.unwrap();

    let replay = Replay::from_file(&path).unwrap();
    let mut other = request();
    other.messages = vec![Message::user("What is the weather in Rome?")];
    let err = replay.complete(&other).await.unwrap_err();
    assert_eq!(err.kind(), ModelErrorKind::InvalidRequest);
    match err.downcast_ref::<ReplayError>() {
        Some(ReplayError::Mismatch {
            index,
            field,
            expected,
            actual,
        }) => {
            assert_eq!(*index, 0);
            assert_eq!(field, "messages[0].content");
            assert!(expected.contains("Paris") && actual.contains("Rome"));
        }
        other => panic!("expected a mismatch, got {other:?}"),
    }
    assert!(err.to_string().contains("messages[0].content"));
    assert_eq!(
        replay.served(),
        0,
        "a mismatch does not consume the exchange"
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_broken_cassette_line_is_reported_with_its_number() {
    let err = Replay::from_jsonl("\n{\"model\":\"m\"}\n").unwrap_err();
    assert!(err.to_string().contains("line 2"), "{err}");
}

/// Issue 26, item 4: a recorded prompted client replays with the behaviour it was recorded
/// with. The model says what a prompted client says (short feedback, the small-model profile,
/// a worked example `{"city": "text"}`); the run refuses the call that copies the example and
/// feeds that back in the short style. Replayed from the cassette, the run sends exactly the
/// recorded requests (a replay that said the defaults would word the feedback in full, not
/// check the copy at all, and fail on the first differing request) and ends with the same
/// answer.
#[tokio::test]
async fn a_recorded_prompted_client_replays_with_the_same_behaviour() {
    use agents_core::model::{Capabilities, ConstraintSupport, FeedbackStyle, Recovery};
    use agents_core::tool::tool_fn;
    use agents_core::{ExecutionFailure, LlmAgent};

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct City {
        city: String,
    }
    let agent =
        |model: std::sync::Arc<dyn Model>| {
            LlmAgent::builder("weather")
            .model(model)
            .tool(tool_fn("get_weather", "weather in a city", |a: City| async move {
                Ok::<_, ExecutionFailure>(format!("sunny in {}", a.city))
            }))
            .ask_values(false)
            .build()
            .unwrap()
        };
    let path = temp("prompted");
    let says = Capabilities::new()
        .feedback(FeedbackStyle::Short)
        .constraint(ConstraintSupport::Schema)
        .examples([serde_json::json!({"city": "text"})])
        // Fed back, not asked for again under the schema: the feedback's wording is checked.
        .recovery(Recovery::SMALL_MODEL.regenerate_refused(false));
    let scripted = ScriptedModel::new([
        ModelResponse::tool_call("c1", "get_weather", r#"{"city": "text"}"#),
        ModelResponse::tool_call("c2", "get_weather", r#"{"city": "Paris"}"#),
        ModelResponse::text("Sunny in Paris."),
    ])
    .with_capabilities(says.clone());
    let recorder = std::sync::Arc::new(Recorder::new(scripted.clone(), &path).unwrap());
    let recorded = agent(recorder.clone())
        .run("Weather in Paris?".into())
        .report()
        .await;
    assert_eq!(
        recorded.output().map(String::as_str),
        Some("Sunny in Paris.")
    );
    let refusal = scripted.requests()[1].messages[2].clone();
    let Message::Tool(r) = &refusal else {
        panic!("the copy is answered: {refusal:?}")
    };
    assert!(r.is_error && r.content.contains("copied"), "{}", r.content);

    let replay = std::sync::Arc::new(Replay::from_file(&path).unwrap());
    assert_eq!(replay.capabilities(&scripted.requests()[0].tools), says);
    let replayed = agent(replay.clone())
        .run("Weather in Paris?".into())
        .report()
        .await;
    assert_eq!(
        replayed.output().map(String::as_str),
        Some("Sunny in Paris."),
        "{:?}",
        replayed.outcome
    );
    assert_eq!(replayed.transcript, recorded.transcript);
    assert_eq!(replay.remaining(), 0);
    std::fs::remove_file(&path).unwrap();
}
