//! A constrained request ([`ModelRequest::constraint`]) in each provider's wire format, against
//! an in-process server: what each client sends, what it says it supports, and that a
//! constraint nothing can honour is refused before anything is sent.

use crate::common;

use agents_core::model::{Constraint, ConstraintSupport, ToolSpec};
use agents_core::{Model, model::ModelRequest};
use agents_providers::anthropic::Anthropic;
use agents_providers::gemini::Gemini;
use agents_providers::ollama::Ollama;
use agents_providers::openai::OpenAi;
use agents_providers::prompted::{PromptedChat, PromptedCompletions};
use agents_providers::transport::ManualClock;
use common::{config, hits};
use serde_json::{Value, json};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

/// Two tools: one with an optional enum argument (for the strict rewrite), one plain.
fn request(constraint: Option<Constraint>) -> ModelRequest {
    ModelRequest::new().system("You are terse.").messages(vec![agents_core::Message::user("Convert 12 kg to pounds")]).tools(vec![
            ToolSpec {
                name: "convert_units".into(),
                description: "Convert a value between units".into(),
                parameters: json!({"type": "object", "properties": {
                    "value": {"type": "number"},
                    "to": {"enum": ["kg", "lb"]},
                    "precision": {"type": "integer", "format": "uint8", "minimum": 0, "maximum": 9}
                }, "required": ["value", "to"]}),
            },
            ToolSpec {
                name: "translate".into(),
                description: "Translate text".into(),
                parameters: json!({"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}),
            },
        ]).constraint(constraint)
}

/// The JSON bodies of the model requests the server received (not the prompted client's
/// `/tokenize`, which these stand-ins do not serve).
async fn bodies(s: &MockServer) -> Vec<(String, Value)> {
    s.received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .filter(|r| r.url.path() != "/tokenize")
        .map(|r| {
            let text = String::from_utf8_lossy(&r.body).into_owned();
            let v = serde_json::from_str(&text).unwrap();
            (text, v)
        })
        .collect()
}

async fn answering(body: Value) -> MockServer {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .mount(&s)
        .await;
    s
}

fn completion(text: &str) -> Value {
    json!({"choices": [{"text": text, "finish_reason": "stop"}],
           "usage": {"prompt_tokens": 50, "completion_tokens": 20}})
}

fn prompted(base: &str) -> PromptedCompletions {
    PromptedCompletions::builder("gemma3-270m")
        .base_url(format!("{base}/v1"))
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap()
}

#[tokio::test]
async fn prompted_completions_sends_the_call_format_as_json_schema() {
    let s = answering(completion(
        "{\n  \"tool\": \"convert_units\",\n  \"arguments\": {\"value\": 12, \"to\": \"lb\"}\n}",
    ))
    .await;
    let model = prompted(&s.uri());
    assert_eq!(
        model.capabilities(&[]).constraint,
        ConstraintSupport::Schema
    );
    let r = model
        .complete(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap();
    assert_eq!(r.tool_calls.len(), 1);
    assert_eq!(r.tool_calls[0].name, "convert_units");
    let args: Value = serde_json::from_str(&r.tool_calls[0].arguments).unwrap();
    assert_eq!(args, json!({"value": 12, "to": "lb"}));

    // The server returns no log probabilities, so the client tried to score the tools once and
    // left the choice to the model: the call's schema offers both tools.
    let mut sent = bodies(&s).await;
    let (text, body) = sent.pop().unwrap();
    assert_eq!(sent.len(), 1, "one scoring attempt");
    assert!(sent[0].1["grammar"].as_str().is_some());
    let schema = &body["json_schema"];
    let branches = schema["anyOf"].as_array().unwrap();
    assert_eq!(branches.len(), 2);
    assert_eq!(
        branches[0]["properties"]["tool"],
        json!({"enum": ["convert_units"]})
    );
    assert_eq!(branches[0]["required"], json!(["tool", "arguments"]));
    assert_eq!(branches[0]["additionalProperties"], json!(false));
    let args = &branches[0]["properties"]["arguments"];
    assert_eq!(args["additionalProperties"], json!(false));
    assert_eq!(args["properties"]["to"], json!({"enum": ["kg", "lb"]}));
    assert_eq!(args["required"], json!(["value", "to"]));
    assert_eq!(
        branches[1]["properties"]["tool"],
        json!({"enum": ["translate"]})
    );
    // The name before the arguments on the wire: a grammar writes keys in that order.
    let at = |k: &str| text.find(k).unwrap();
    assert!(at(r#""tool":{"enum":["convert_units"]}"#) < at(r#""arguments":{"#));
    // The cue is due, nothing is written for the model, and no stop string cuts the JSON.
    assert!(
        body["prompt"]
            .as_str()
            .unwrap()
            .ends_with("Convert 12 kg to pounds\nCall:")
    );
    assert_eq!(body["stop"], json!([]));
    // Remembered: the next constrained request is not scored again.
    model
        .complete(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap();
    let sent = bodies(&s).await;
    assert_eq!(sent.len(), 3);
    assert!(sent[2].1.get("grammar").is_none());
}

/// A llama.cpp stand-in for scoring: a completion held to a grammar writes the grammar's text,
/// with a log probability from `score(prompt, text)`; any other completion writes `call`.
struct Scoring {
    score: fn(&str, &str) -> f64,
    call: &'static str,
}

impl wiremock::Respond for Scoring {
    fn respond(&self, request: &wiremock::Request) -> ResponseTemplate {
        let body: Value = serde_json::from_slice(&request.body).unwrap();
        let prompt = body["prompt"].as_str().unwrap();
        let Some(grammar) = body["grammar"].as_str() else {
            return ResponseTemplate::new(200).set_body_json(completion(self.call));
        };
        // `root ::= "<text>"`, the text escaped as a GBNF literal.
        let literal = &grammar[grammar.find('"').unwrap() + 1..grammar.len() - 1];
        let text = literal.replace(r#"\""#, "\"").replace(r"\\", r"\");
        let logprob = (self.score)(prompt, &text);
        ResponseTemplate::new(200).set_body_json(json!({
            // The end of generation the grammar forces after the text: left out of its score.
            "choices": [{"text": text, "finish_reason": "stop", "logprobs": {"content": [
                {"token": text, "logprob": logprob},
                {"token": "", "logprob": -5.0}
            ]}}],
            "usage": {"prompt_tokens": 40, "completion_tokens": 5}
        }))
    }
}

/// After the real request `translate` is likelier than `convert_units`, but the prompt leans
/// to it even more when the request says nothing: calibrated, `convert_units` is chosen, and
/// the call is written under the constraint to it alone.
#[tokio::test]
async fn prompted_completions_chooses_the_tool_by_calibrated_score() {
    fn score(prompt: &str, text: &str) -> f64 {
        let content_free =
            prompt.ends_with("User: N/A\nCall:") || prompt.ends_with("User: \nCall:");
        match (text.contains("\"translate\""), content_free) {
            (true, false) => -1.0,
            (false, false) => -2.0,
            (true, true) => -0.5,
            (false, true) => -6.0,
        }
    }
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(Scoring {
            score,
            call: r#"{"tool": "convert_units", "arguments": {"value": 12, "to": "lb"}}"#,
        })
        .mount(&s)
        .await;
    let model = prompted(&s.uri());
    let direct = model
        .tool_scores(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(direct.chosen(), Some("convert_units"));
    assert_eq!(direct.scores[1].tool, "translate");
    assert_eq!(
        (direct.scores[1].log_prob, direct.scores[1].prior),
        (-1.0, -0.5)
    );
    // Two tools after the request, and after each of the two content-free requests.
    assert_eq!(bodies(&s).await.len(), 6);

    let r = model
        .complete(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap();
    assert_eq!(r.tool_calls[0].name, "convert_units");
    let sent = bodies(&s).await;
    // The content-free scores were kept: two more scores, then the call.
    assert_eq!(sent.len(), 9);
    let (_, call) = &sent[8];
    assert_eq!(
        call["json_schema"]["properties"]["tool"],
        json!({"enum": ["convert_units"]})
    );
    assert!(call.get("grammar").is_none() && call.get("logprobs").is_none());
    // The scoring is paid for: its tokens are in the call's usage.
    assert_eq!(r.usage.input_tokens, 50 + 2 * 40);

    // Off, the model chooses the tool while it writes the call.
    let off = PromptedCompletions::builder("gemma3-270m")
        .base_url(format!("{}/v1", s.uri()))
        .transport(config(&ManualClock::new()))
        .calibrated_choice(false)
        .build()
        .unwrap();
    off.complete(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap();
    let sent = bodies(&s).await;
    assert_eq!(sent.len(), 10);
    assert_eq!(
        sent[9].1["json_schema"]["anyOf"].as_array().unwrap().len(),
        2
    );
}

/// "Translate hello" gives no number, and `convert_units` requires one (`value`): on by
/// default, the choice passes over it although the model leans to it by a nat; with
/// `required_numbers(false)`, the model's leaning stands.
#[tokio::test]
async fn prompted_completions_passes_over_a_tool_needing_a_number_nobody_gave() {
    fn score(prompt: &str, text: &str) -> f64 {
        let content_free =
            prompt.ends_with("User: N/A\nCall:") || prompt.ends_with("User: \nCall:");
        match (text.contains("\"convert_units\""), content_free) {
            (true, false) => -1.0,
            (false, false) => -2.0,
            (_, true) => -3.0,
        }
    }
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(Scoring {
            score,
            call: r#"{"tool": "translate", "arguments": {"text": "hello"}}"#,
        })
        .mount(&s)
        .await;
    let mut asked = request(Some(Constraint::AnyTool));
    asked.messages = vec![agents_core::Message::user("Translate hello")];
    for (on, chosen, unfilled) in [(true, "translate", 1), (false, "convert_units", 0)] {
        let model = PromptedCompletions::builder("gemma3-270m")
            .base_url(format!("{}/v1", s.uri()))
            .transport(config(&ManualClock::new()))
            .tool_words(false)
            .required_numbers(on)
            .build()
            .unwrap();
        let scores = model.tool_scores(&asked).await.unwrap().unwrap();
        assert_eq!(scores.chosen(), Some(chosen), "required_numbers({on})");
        assert_eq!(scores.scores[0].unfilled, unfilled);
    }
}

/// A server that tokenizes (llama.cpp's `/tokenize` at its root): each scored call start is
/// held to its own tokens, by id, and its score sums those tokens' log probabilities alone, not
/// the end of generation the grammar forces after them. Each text is tokenized once per client:
/// the call starts are the same for every request.
#[tokio::test]
async fn prompted_completions_scores_a_text_held_to_its_own_tokens() {
    struct Tokenizing;
    impl wiremock::Respond for Tokenizing {
        fn respond(&self, request: &wiremock::Request) -> ResponseTemplate {
            let body: Value = serde_json::from_slice(&request.body).unwrap();
            if request.url.path() == "/tokenize" {
                // One token per character: ids are the characters' codes.
                let text = body["content"].as_str().unwrap();
                let ids: Vec<u32> = text.chars().map(u32::from).collect();
                return ResponseTemplate::new(200).set_body_json(json!({"tokens": ids}));
            }
            let grammar = body["grammar"].as_str().unwrap();
            let ids: Vec<u32> = grammar
                .split("<[")
                .skip(1)
                .map(|t| t[..t.find(']').unwrap()].parse().unwrap())
                .collect();
            let text: String = ids.iter().map(|&i| char::from_u32(i).unwrap()).collect();
            let per_token = if text.contains("\"translate\"") {
                -0.1
            } else {
                -0.2
            };
            let mut content: Vec<Value> = text
                .chars()
                .map(|c| json!({"token": c.to_string(), "logprob": per_token}))
                .collect();
            // The end of generation, which the score must leave out.
            content.push(json!({"token": "", "logprob": -9.0}));
            ResponseTemplate::new(200).set_body_json(json!({
                "choices": [{"text": text, "finish_reason": "stop", "logprobs": {"content": content}}],
                "usage": {"prompt_tokens": 40, "completion_tokens": 5}
            }))
        }
    }
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(Tokenizing)
        .mount(&s)
        .await;
    let model = prompted(&s.uri());
    let scores = model
        .tool_scores(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap()
        .unwrap();
    let start = " {\"tool\": \"translate\"";
    let translate = &scores.scores[1];
    assert_eq!(translate.tool, "translate");
    let expected = -0.1 * start.chars().count() as f64;
    assert!(
        (translate.log_prob - expected).abs() < 1e-9,
        "{translate:?}"
    );
    let sent = s.received_requests().await.unwrap();
    let scoring: Vec<Value> = sent
        .iter()
        .filter(|r| r.url.path() == "/v1/completions")
        .map(|r| serde_json::from_slice(&r.body).unwrap())
        .collect();
    let first_id = u32::from(' ');
    assert!(
        scoring.iter().all(|b| b["grammar"]
            .as_str()
            .unwrap()
            .starts_with(&format!("root ::= <[{first_id}]>"))),
        "{scoring:?}"
    );
    let tokenized = |sent: &[wiremock::Request]| {
        sent.iter()
            .filter(|r| r.url.path() == "/tokenize")
            .map(|r| serde_json::from_slice::<Value>(&r.body).unwrap()["content"].clone())
            .collect::<Vec<_>>()
    };
    let texts = tokenized(&sent);
    let distinct: std::collections::HashSet<String> = texts.iter().map(Value::to_string).collect();
    assert_eq!(texts.len(), 2, "one tokenization per tool's call start");
    assert_eq!(distinct.len(), 2, "{texts:?}");
    assert!(
        scoring.len() > texts.len(),
        "each text is scored more than once"
    );
    // The next request scores the same call starts: nothing is tokenized again.
    model
        .tool_scores(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap()
        .unwrap();
    let sent = s.received_requests().await.unwrap();
    assert_eq!(tokenized(&sent).len(), 2, "tokenizations are remembered");
}

#[tokio::test]
async fn prompted_completions_narrows_the_schema_to_one_tool_and_sends_none_unconstrained() {
    let s = answering(completion(
        r#"{"tool": "translate", "arguments": {"text": "hi"}}"#,
    ))
    .await;
    let model = prompted(&s.uri());
    model
        .complete(&request(Some(Constraint::tool("translate"))))
        .await
        .unwrap();
    model.complete(&request(None)).await.unwrap();
    let mut sent = bodies(&s).await;
    let (_, unconstrained) = sent.pop().unwrap();
    let (_, one) = sent.pop().unwrap();
    assert_eq!(
        one["json_schema"]["properties"]["tool"],
        json!({"enum": ["translate"]})
    );
    assert!(one["json_schema"].get("anyOf").is_none());
    assert!(unconstrained.get("json_schema").is_none());
    assert_eq!(
        unconstrained["stop"],
        json!(["\nUser:", "\nResult:", "\n\n"])
    );
}

#[tokio::test]
async fn openai_sends_strict_schemas_and_names_the_function() {
    let s = answering(json!({
        "id": "c1", "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": null,
            "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "convert_units", "arguments": "{\"value\":12,\"to\":\"lb\",\"precision\":null}"}}]}}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5}
    }))
    .await;
    let model = OpenAi::builder("gpt-4o-mini")
        .base_url(s.uri())
        .api_key("sk-test")
        .streaming(false)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap();
    assert_eq!(
        model.capabilities(&[]).constraint,
        ConstraintSupport::Schema
    );
    let r = model
        .complete(&request(Some(Constraint::tool("convert_units"))))
        .await
        .unwrap();
    assert_eq!(r.tool_calls[0].name, "convert_units");
    model
        .complete(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap();
    let sent = bodies(&s).await;
    let (_, one) = &sent[0];
    assert_eq!(
        one["tool_choice"],
        json!({"type": "function", "function": {"name": "convert_units"}})
    );
    assert_eq!(one["parallel_tool_calls"], json!(false));
    let tools = one["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1, "only the allowed tool is offered");
    let f = &tools[0]["function"];
    assert_eq!(f["strict"], json!(true));
    assert_eq!(
        f["parameters"]["required"],
        json!(["precision", "to", "value"])
    );
    assert_eq!(f["parameters"]["additionalProperties"], json!(false));
    assert_eq!(
        f["parameters"]["properties"]["precision"],
        json!({"type": ["integer", "null"], "minimum": 0, "maximum": 9})
    );
    let (_, any) = &sent[1];
    assert_eq!(any["tool_choice"], json!("required"));
    assert_eq!(any["tools"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn anthropic_forces_the_tool_with_tool_choice() {
    let s = answering(json!({
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "translate", "input": {"text": "hi"}}],
        "stop_reason": "tool_use", "usage": {"input_tokens": 10, "output_tokens": 5}
    }))
    .await;
    let model = Anthropic::builder("claude-sonnet-4-5")
        .base_url(s.uri())
        .api_key("sk-ant-test")
        .streaming(false)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap();
    assert_eq!(
        model.capabilities(&[]).constraint,
        ConstraintSupport::ToolChoice
    );
    model
        .complete(&request(Some(Constraint::tool("translate"))))
        .await
        .unwrap();
    model
        .complete(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap();
    let sent = bodies(&s).await;
    assert_eq!(
        sent[0].1["tool_choice"],
        json!({"type": "tool", "name": "translate", "disable_parallel_tool_use": true})
    );
    assert_eq!(sent[0].1["tools"].as_array().unwrap().len(), 1);
    assert_eq!(
        sent[1].1["tool_choice"],
        json!({"type": "any", "disable_parallel_tool_use": true})
    );
}

#[tokio::test]
async fn gemini_calls_in_mode_any_with_the_allowed_names() {
    let s = answering(json!({
        "candidates": [{"content": {"parts": [{"functionCall": {"name": "translate", "args": {"text": "hi"}}}], "role": "model"},
            "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15}
    }))
    .await;
    let model = Gemini::builder("gemini-2.5-flash")
        .base_url(s.uri())
        .api_key("AIza-test")
        .streaming(false)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap();
    assert_eq!(
        model.capabilities(&[]).constraint,
        ConstraintSupport::ToolChoice
    );
    model
        .complete(&request(Some(Constraint::tool("translate"))))
        .await
        .unwrap();
    model
        .complete(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap();
    model.complete(&request(None)).await.unwrap();
    let sent = bodies(&s).await;
    assert_eq!(
        sent[0].1["toolConfig"],
        json!({"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["translate"]}})
    );
    assert_eq!(
        sent[1].1["toolConfig"]["functionCallingConfig"]["allowedFunctionNames"],
        json!(["convert_units", "translate"])
    );
    assert!(sent[2].1.get("toolConfig").is_none());
}

#[tokio::test]
async fn ollama_sends_the_call_schema_as_format_for_a_prompted_model() {
    let s = answering(json!({
        "model": "gemma3:270m", "created_at": "2025-01-01T00:00:00Z",
        "message": {"role": "assistant", "content": "{\"tool\": \"translate\", \"arguments\": {\"text\": \"hi\"}}"},
        "done": true, "done_reason": "stop", "prompt_eval_count": 50, "eval_count": 12
    }))
    .await;
    let build = |prompted: bool| {
        Ollama::builder("gemma3:270m")
            .base_url(s.uri())
            .streaming(false)
            .prompted_tools(prompted)
            .transport(config(&ManualClock::new()))
            .build()
            .unwrap()
    };
    let model = build(true);
    assert_eq!(
        model.capabilities(&[]).constraint,
        ConstraintSupport::Schema
    );
    let r = model
        .complete(&request(Some(Constraint::tool("translate"))))
        .await
        .unwrap();
    assert_eq!(r.tool_calls[0].name, "translate");
    let (text, body) = bodies(&s).await.remove(0);
    assert_eq!(
        body["format"]["properties"]["tool"],
        json!({"enum": ["translate"]})
    );
    assert!(text.find(r#""tool":{"enum""#) < text.find(r#""arguments":{"#));
    assert!(
        body.get("tools").is_none(),
        "a prompted model gets its tools in the prompt"
    );

    // Native tools have no way to force a call: refused, nothing sent.
    let native = build(false);
    assert_eq!(
        native.capabilities(&[]).constraint,
        ConstraintSupport::Unsupported
    );
    let before = hits(&s).await;
    let e = native
        .complete(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("cannot constrain"), "{e}");
    assert_eq!(hits(&s).await, before);
}

#[tokio::test]
async fn a_constraint_to_a_tool_not_offered_is_refused_before_sending() {
    let s = answering(completion("{}")).await;
    let e = prompted(&s.uri())
        .complete(&request(Some(Constraint::tool("send_money"))))
        .await
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("`send_money`, which the request does not offer"),
        "{e}"
    );
    assert_eq!(hits(&s).await, 0);
}

#[tokio::test]
async fn prompted_chat_says_it_cannot_constrain_and_refuses() {
    let inner = agents_core::testing::ScriptedModel::new([]);
    let chat = PromptedChat::new(inner.clone());
    assert_eq!(
        chat.capabilities(&[]).constraint,
        ConstraintSupport::Unsupported
    );
    let e = chat
        .complete(&request(Some(Constraint::AnyTool)))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("cannot constrain"), "{e}");
    assert!(inner.requests().is_empty());
}
