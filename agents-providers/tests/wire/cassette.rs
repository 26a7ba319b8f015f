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
