//! Prompted tool calling: the parser on real outputs of Gemma 3 270M (captured in
//! `tests/fixtures/local-llm/`), and the completions client driving an agent through a feedback
//! turn against an in-process server.

use std::sync::{Arc, Mutex};

use agents_core::model::{Recovery, ToolSpec};
use agents_core::tool::tool_fn;
use agents_core::{Event, ExecutionFailure, LlmAgent};
use agents_providers::prompted::{PromptedCompletions, parse_output};
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

fn fixture_tools() -> Vec<ToolSpec> {
    let spec = |name: &str, props: &[&str]| ToolSpec {
        name: name.into(),
        description: String::new(),
        parameters: json!({"type": "object",
            "properties": props.iter().map(|p| (p.to_string(), json!({}))).collect::<serde_json::Map<_, _>>()}),
    };
    vec![
        spec("get_weather", &["city", "unit"]),
        spec("add", &["a", "b"]),
        spec("search", &["query", "limit"]),
        spec("send_email", &["to", "subject", "body"]),
        spec("convert_currency", &["amount", "from", "to"]),
    ]
}

#[test]
fn every_real_capture_yields_the_calls_the_model_wrote() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/local-llm/raw_outputs.jsonl"
    );
    // The captures are part of the repository: a missing file is a failure, not a skip.
    let text = std::fs::read_to_string(file)
        .unwrap_or_else(|e| panic!("the fixture {file} cannot be read: {e}"));
    let tools = fixture_tools();
    let mut lines = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        lines += 1;
        let rec: Value = serde_json::from_str(line).unwrap();
        let raw = rec["raw"].as_str().unwrap();
        let out = parse_output(raw, &tools);
        assert!(!out.calls.is_empty(), "no call read from {raw:?}");
        // The first call's name is the one the model wrote first.
        let first_name = raw.split('"').nth(3).unwrap();
        assert_eq!(out.calls[0].name, first_name, "{raw:?}");
        // Arguments the model nested are handed on as its own text, cut out verbatim.
        let nested = format!(r#"{{"tool": "{first_name}", "arguments": {{"#);
        if raw.trim_start().starts_with(&nested) {
            let args = &out.calls[0].arguments;
            assert!(raw.contains(args.as_str()), "{args:?} not in {raw:?}");
        }
    }
    assert!(lines >= 30, "only {lines} captures");
}

#[test]
fn real_capture_shapes() {
    let tools = fixture_tools();
    let calls = |raw: &str| -> Vec<(String, String)> {
        parse_output(raw, &tools)
            .calls
            .into_iter()
            .map(|c| (c.name, c.arguments))
            .collect()
    };
    // Flattened beside the tool, with a stray closing brace.
    assert_eq!(
        calls(r#" {"tool": "convert_currency", "from": "17", "to": "EUR"}}"#),
        [(
            "convert_currency".into(),
            r#"{"from": "17", "to": "EUR"}"#.into()
        )]
    );
    // A right call followed by a second one cut off at the token limit.
    assert_eq!(
        calls(
            r#" {"tool": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}, {"tool": "search", "arguments": {"query": "Paris", "limit": 10000000000000000000"#
        ),
        [
            (
                "get_weather".into(),
                r#"{"city": "Paris", "unit": "celsius"}"#.into()
            ),
            (
                "search".into(),
                r#"{"query": "Paris", "limit": 10000000000000000000"#.into()
            )
        ]
    );
    // Duplicate keys are the runtime's to judge: kept as written.
    assert_eq!(
        calls(r#" {"tool": "add", "arguments": {"3.5": "100000", "3.5": "100000"}}"#)[0].1,
        r#"{"3.5": "100000", "3.5": "100000"}"#
    );
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct WeatherArgs {
    city: String,
}

/// `get_weather`, answering "-3 degrees in <city>".
fn weather_tool() -> impl agents_core::tool::Tool {
    tool_fn(
        "get_weather",
        "current weather in a city",
        |a: WeatherArgs| async move { Ok::<_, ExecutionFailure>(format!("-3 degrees in {}", a.city)) },
    )
}

fn completion(text: &str, finish: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "choices": [{"text": text, "index": 0, "logprobs": null, "finish_reason": finish}],
        "created": 1, "model": "gemma3-270m", "object": "text_completion",
        "usage": {"completion_tokens": 20, "prompt_tokens": 300, "total_tokens": 320}, "id": "cmpl-1"
    }))
}

/// The unknown-tool answer as the prompted client words it, and the turn after it. (The
/// small-model profile first regenerates an invented name under a constraint,
/// `Recovery::regenerate_invented`; it is off here, so the answer the model reads is what is
/// tested, as a model that cannot be constrained gets it.)
#[tokio::test]
async fn an_invented_tool_name_gets_feedback_and_the_next_prompt_shows_it() {
    let s = MockServer::start().await;
    let prompt_ends = |suffix: &'static str| {
        move |r: &Request| {
            serde_json::from_slice::<Value>(&r.body).is_ok_and(|b| {
                b["prompt"]
                    .as_str()
                    .is_some_and(|p| p.trim_end().ends_with(suffix))
            })
        }
    };
    // Turn 1: the prompt ends with the request and `Call:`; the model invents `weather`.
    Mock::given(method("POST"))
        .and(path("/v1/completions"))
        .and(prompt_ends("User: Weather in Oslo?\nCall:"))
        .respond_with(completion(
            r#" {"tool": "weather", "arguments": {"city": "Oslo"}}"#,
            "stop",
        ))
        .mount(&s)
        .await;
    // Turn 2: the short ERROR feedback is in the prompt (the closest tool's call to write, no
    // list of tools), which ends with `Call:` and the closest tool's call written for the model
    // up to its first argument and the opening quote of its string; it writes only the values
    // (with a trailing comma the repair drops).
    Mock::given(method("POST"))
        .and(prompt_ends("Result: ERROR: there is no tool 'weather'. Did you mean get_weather: {\"city\": string}\nCall: {\"tool\": \"get_weather\", \"arguments\": {\"city\": \""))
        .respond_with(completion("Oslo\",}}", "stop"))
        .mount(&s)
        .await;
    // Turn 3: the result is in the prompt; the model answers.
    Mock::given(method("POST"))
        .and(prompt_ends("Result: -3 degrees in Oslo"))
        .respond_with(completion("Answer: It is -3 degrees in Oslo.", "stop"))
        .mount(&s)
        .await;
    let model = PromptedCompletions::builder("gemma3-270m")
        .base_url(format!("{}/v1", s.uri()))
        .max_tokens(48)
        .temperature(0.0)
        .seed(42)
        .build()
        .unwrap();
    let events = Arc::new(Mutex::new(Vec::new()));
    let seen = events.clone();
    let agent = LlmAgent::<String, String>::builder("prompted")
        .model(model)
        .tool(weather_tool())
        .recovery(Recovery::SMALL_MODEL.regenerate_invented(false))
        .on_event(move |e| seen.lock().unwrap().push(e.clone()))
        .build()
        .unwrap();
    let report = agent.run("Weather in Oslo?".to_owned()).report().await;
    assert_eq!(report.output().unwrap(), "It is -3 degrees in Oslo.");
    let events = events.lock().unwrap().clone();
    assert!(
        events.iter().any(
            |e| matches!(e, Event::ToolHallucinated { requested, .. } if requested == "weather")
        )
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Repaired { tool, .. } if tool == "get_weather"))
    );
    let bodies: Vec<Value> = s
        .received_requests()
        .await
        .unwrap()
        .iter()
        .map(|r| serde_json::from_slice(&r.body).unwrap())
        .collect();
    assert_eq!(bodies.len(), 3);
    assert_eq!(bodies[0]["max_tokens"], 48);
    assert_eq!(bodies[0]["seed"], 42);
    assert_eq!(bodies[0]["stop"], json!(["\nUser:", "\nResult:", "\n\n"]));
    let p = bodies[0]["prompt"].as_str().unwrap();
    assert!(p.contains("- get_weather(city: string): current weather in a city"));
}

/// Issue 16, defect 5: after a tool result the prompt ends on a fresh line, so the stop string
/// `\nResult:` cannot catch a generation that starts by writing `Result: ok` itself. That text is
/// the model impersonating the runtime: it must not end the run as the answer. With the
/// small-model profile the client says it takes, the turn is asked once more held to the final
/// answer (`answer_after_malformed`), whose answer ends the run; without that piece the client's
/// refusal ends it.
#[tokio::test]
async fn a_generated_result_line_is_not_the_final_answer() {
    for asked_again in [true, false] {
        let s = MockServer::start().await;
        let after_result = |r: &Request| {
            serde_json::from_slice::<Value>(&r.body).is_ok_and(|b| {
                b["prompt"]
                    .as_str()
                    .is_some_and(|p| p.ends_with("Result: -3 degrees in Oslo\n"))
            })
        };
        let held = |r: &Request| {
            serde_json::from_slice::<Value>(&r.body).is_ok_and(|b| b.get("json_schema").is_some())
        };
        Mock::given(method("POST"))
            .and(held)
            .respond_with(completion(
                r#"{"tool": "final_answer", "arguments": {"answer": "-3 degrees in Oslo"}}"#,
                "stop",
            ))
            .mount(&s)
            .await;
        Mock::given(method("POST"))
            .and(after_result)
            .respond_with(completion("Result: ok", "stop"))
            .mount(&s)
            .await;
        Mock::given(method("POST"))
            .respond_with(completion(
                r#" {"tool": "get_weather", "arguments": {"city": "Oslo"}}"#,
                "stop",
            ))
            .mount(&s)
            .await;
        let model = PromptedCompletions::builder("gemma3-270m")
            .base_url(format!("{}/v1", s.uri()))
            .build()
            .unwrap();
        let agent = LlmAgent::<String, String>::builder("prompted")
            .model(model)
            .tool(weather_tool())
            .recovery(Recovery::SMALL_MODEL.answer_after_malformed(asked_again))
            .build()
            .unwrap();
        let report = agent.run("Weather in Oslo?".to_owned()).report().await;
        let output = format!("{:?}", report.outcome);
        if asked_again {
            assert_eq!(
                report.output().map(String::as_str),
                Some("-3 degrees in Oslo"),
                "{output}"
            );
        } else {
            assert!(report.outcome.is_err(), "the run answered {output}");
            assert!(output.contains("Result:"), "{output}");
        }
    }
}

/// A completion server that answers every request with `answer`, the bodies it got, and a
/// client of it.
async fn answering(
    answer: &'static str,
) -> (MockServer, Arc<Mutex<Vec<Value>>>, PromptedCompletions) {
    let s = MockServer::start().await;
    let sent: Arc<Mutex<Vec<Value>>> = Arc::default();
    let log = sent.clone();
    Mock::given(method("POST"))
        .and(path("/v1/completions"))
        .respond_with(move |r: &Request| {
            log.lock().unwrap().push(r.body_json::<Value>().unwrap());
            completion(answer, "stop")
        })
        .mount(&s)
        .await;
    let client = PromptedCompletions::builder("gemma3-270m")
        .base_url(format!("{}/v1", s.uri()))
        .build()
        .unwrap();
    (s, sent, client)
}

/// A question about the user's words (`ask_values`) goes out as the question prompt, not as a
/// turn: worked questions, then this one, ending at `Answer:`, stopped at the line's end, with
/// no tools, no grammar and no call format; the answer comes back as text, with its usage.
#[tokio::test]
async fn a_value_question_is_sent_as_the_question_prompt() {
    use agents_core::Model;
    use agents_core::model::{ValueQuestion, question_request};
    let (_server, sent, client) = answering(" Maria Lopez").await;
    let request = question_request(ValueQuestion {
        text: "send 250 euros to Maria Lopez".into(),
        argument: "recipient".into(),
        shape: "text".into(),
        choices: Vec::new(),
    });
    let response = client.complete(&request).await.unwrap();
    assert_eq!(response.text.as_deref(), Some("Maria Lopez"));
    assert!(response.tool_calls.is_empty());
    assert_eq!(response.usage.input_tokens, 300);
    let body = sent.lock().unwrap()[0].clone();
    let prompt = body["prompt"].as_str().unwrap();
    assert!(
        prompt.ends_with(
            "Text: send 250 euros to Maria Lopez\nQuestion: In the text, what is the recipient (text)?\nAnswer:"
        ),
        "{prompt}"
    );
    assert!(!prompt.contains("Tools:"), "no tool list: {prompt}");
    assert_eq!(body["stop"], json!(["\n"]));
    assert_eq!(body["temperature"], json!(0.0));
    assert!(body.get("json_schema").is_none_or(Value::is_null));
}

/// A question with choices (asked for a call from a constrained turn) is held to them through
/// `json_schema`: llama.cpp then writes one of them as a JSON string, which the runtime unquotes.
#[tokio::test]
async fn a_choice_question_is_held_to_its_choices_by_json_schema() {
    use agents_core::Model;
    use agents_core::model::{ValueQuestion, answered_value, question_request};
    let (_server, sent, client) = answering(" \"miles\"").await;
    let request = question_request(ValueQuestion {
        text: "how many miles is 42 km".into(),
        argument: "to".into(),
        shape: "one of kilometers, miles".into(),
        choices: vec!["kilometers".into(), "miles".into()],
    });
    let response = client.complete(&request).await.unwrap();
    assert_eq!(
        answered_value(response.text.as_deref().unwrap()),
        Some("miles")
    );
    let body = sent.lock().unwrap()[0].clone();
    assert_eq!(
        body["json_schema"],
        json!({"type": "string", "enum": ["kilometers", "miles"]})
    );
    assert_eq!(body["stop"], json!(["\n"]));
}

/// A cap left at its default is what a turn gets when the request says nothing, and a request
/// may ask for more, up to four times the default (the runtime does, for one turn after the cap
/// cut a call off); the client reports that ceiling. A cap its user set is a ceiling: a request
/// may lower it, never raise it, and none is reported.
#[tokio::test]
async fn a_default_token_cap_may_be_raised_by_a_request_and_a_chosen_one_may_not() {
    use agents_core::Model;
    use agents_core::model::{Message, ModelRequest, Sampling};
    use agents_providers::prompted::{DEFAULT_MAX_TOKENS, DEFAULT_RAISED_TOKEN_CAP};
    let asking = |max_tokens: Option<u32>| {
        ModelRequest::new()
            .messages(vec![Message::user("hi")])
            .sampling(Sampling {
                max_tokens,
                ..Sampling::default()
            })
    };
    let (server, sent, client) = answering("Answer: hello").await;
    // The caps `client` sent for requests asking for `asked`, in order.
    let caps_sent = async |client: &PromptedCompletions, asked: &[Option<u32>]| {
        sent.lock().unwrap().clear();
        for &asked in asked {
            client.complete(&asking(asked)).await.unwrap();
        }
        let bodies = sent.lock().unwrap();
        bodies
            .iter()
            .map(|b| b["max_tokens"].clone())
            .collect::<Vec<Value>>()
    };
    assert_eq!(
        client.capabilities(&[]).raised_token_cap,
        Some(DEFAULT_RAISED_TOKEN_CAP)
    );
    assert_eq!(
        caps_sent(&client, &[None, Some(200), Some(10_000), Some(10)]).await,
        [
            json!(DEFAULT_MAX_TOKENS),
            json!(200),
            json!(DEFAULT_RAISED_TOKEN_CAP),
            json!(10)
        ]
    );

    let chosen = PromptedCompletions::builder("gemma3-270m")
        .base_url(format!("{}/v1", server.uri()))
        .max_tokens(48)
        .build()
        .unwrap();
    assert_eq!(chosen.capabilities(&[]).raised_token_cap, None);
    assert_eq!(
        caps_sent(&chosen, &[None, Some(200), Some(10)]).await,
        [json!(48), json!(48), json!(10)]
    );
}
