//! A typed answer ([`ModelRequest::answer`]) in each provider's wire format, against an
//! in-process server: what each client sends for the answer's schema (and when it sends none:
//! a turn that offers tools, except on OpenAI whose `response_format` leaves calls free), what
//! it says it can hold, and that the structured reply comes back as the answer.

use crate::common;

use agents_core::model::{AnswerFormat, Constraint, ConstraintSupport, ModelRequest, ToolSpec};
use agents_core::{Message, Model};
use agents_providers::anthropic::Anthropic;
use agents_providers::gemini::Gemini;
use agents_providers::ollama::Ollama;
use agents_providers::openai::OpenAi;
use agents_providers::prompted::{PromptedChat, PromptedCompletions};
use agents_providers::transport::ManualClock;
use common::config;
use serde_json::{Value, json};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

#[allow(dead_code)]
#[derive(serde::Deserialize, schemars::JsonSchema)]
enum Currency {
    Eur,
    Usd,
}

#[allow(dead_code)]
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Line {
    item: String,
    quantity: u32,
}

/// An answer with an enum, an `Option`, a nested object and a list of them.
#[allow(dead_code)]
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Invoice {
    number: String,
    currency: Currency,
    due: Option<String>,
    lines: Vec<Line>,
}

fn invoice_format() -> AnswerFormat {
    AnswerFormat::new("Invoice", &agents_core::tool::schema_for::<Invoice>())
}

/// A request for a typed answer, with or without a tool to call first.
fn request(with_tools: bool) -> ModelRequest {
    let tools = match with_tools {
        true => vec![ToolSpec {
            name: "lookup".into(),
            description: "Look an order up".into(),
            parameters: json!({"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}),
        }],
        false => Vec::new(),
    };
    ModelRequest::new()
        .system("Answer with the invoice.")
        .messages(vec![Message::user("Invoice 7 for two pens, in euros")])
        .tools(tools)
        .answer(Some(invoice_format()))
}

const INVOICE: &str =
    r#"{"number":"7","currency":"Eur","due":null,"lines":[{"item":"pen","quantity":2}]}"#;

async fn answering(body: Value) -> MockServer {
    let s = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .mount(&s)
        .await;
    s
}

async fn bodies(s: &MockServer) -> Vec<Value> {
    s.received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .map(|r| serde_json::from_slice(&r.body).unwrap())
        .collect()
}

fn openai(base: &str) -> OpenAi {
    OpenAi::builder("gpt-4o-mini")
        .base_url(base)
        .api_key("sk-test")
        .streaming(false)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap()
}

fn anthropic(base: &str) -> Anthropic {
    Anthropic::builder("claude-sonnet-4-5")
        .base_url(base)
        .api_key("sk-ant-test")
        .streaming(false)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap()
}

fn gemini(base: &str) -> Gemini {
    Gemini::builder("gemini-2.5-flash")
        .base_url(base)
        .api_key("AIza-test")
        .streaming(false)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap()
}

fn ollama(base: &str) -> Ollama {
    Ollama::builder("qwen2.5:7b")
        .base_url(base)
        .streaming(false)
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap()
}

/// llama.cpp's server through the prompted client (its OpenAI-compatible `/v1`).
fn llama_cpp(base: &str) -> PromptedCompletions {
    PromptedCompletions::builder("gemma3-270m")
        .base_url(format!("{base}/v1"))
        .transport(config(&ManualClock::new()))
        .build()
        .unwrap()
}

#[tokio::test]
async fn openai_sends_a_strict_json_schema_response_format_even_with_tools() {
    let s = answering(json!({
        "id": "c1", "choices": [{"index": 0, "finish_reason": "stop",
            "message": {"role": "assistant", "content": INVOICE}}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5}
    }))
    .await;
    let model = openai(&s.uri());
    assert_eq!(model.capabilities(&[]).answer, ConstraintSupport::Schema);
    let r = model.complete(&request(true)).await.unwrap();
    assert_eq!(r.text.as_deref(), Some(INVOICE));
    let body = bodies(&s).await.remove(0);
    assert_eq!(
        body["tools"].as_array().unwrap().len(),
        1,
        "tools stay offered"
    );
    let format = &body["response_format"];
    assert_eq!(format["type"], "json_schema");
    assert_eq!(format["json_schema"]["name"], "Invoice");
    assert_eq!(format["json_schema"]["strict"], true);
    let schema = &format["json_schema"]["schema"];
    // Strict mode's rewrite: every property required, the optional one nullable, every object
    // closed, the enum kept, the nested objects of the list closed and complete too.
    assert_eq!(
        schema["required"],
        json!(["currency", "due", "lines", "number"])
    );
    assert_eq!(schema["additionalProperties"], false);
    assert_eq!(
        schema["properties"]["due"]["type"],
        json!(["string", "null"])
    );
    assert_eq!(
        schema["properties"]["currency"]["enum"],
        json!(["Eur", "Usd"])
    );
    let line = &schema["properties"]["lines"]["items"];
    assert_eq!(line["additionalProperties"], false);
    assert_eq!(line["required"], json!(["item", "quantity"]));
    // uint32's `format` is not one strict mode takes: dropped, the range kept.
    assert!(line["properties"]["quantity"].get("format").is_none());
    assert_eq!(line["properties"]["quantity"]["minimum"], 0);
}

#[tokio::test]
async fn openai_rewrites_refs_and_sends_a_map_type_without_strict_mode() {
    let s = answering(json!({
        "id": "c1", "choices": [{"index": 0, "finish_reason": "stop",
            "message": {"role": "assistant", "content": "{}"}}]
    }))
    .await;
    let model = openai(&s.uri());
    // A recursive type through `$ref`, with an optional field in the definition.
    let tree = AnswerFormat::new(
        "Tree",
        &json!({
            "type": "object",
            "properties": {"root": {"$ref": "#/$defs/Node"}},
            "required": ["root"],
            "$defs": {"Node": {"type": "object", "properties": {
                "label": {"type": "string"},
                "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}
            }, "required": ["label"]}}
        }),
    );
    assert!(tree.strict);
    // A map type: strict mode cannot say it.
    let map = AnswerFormat::new(
        "Scores",
        &json!({"type": "object", "additionalProperties": {"type": "number"}}),
    );
    assert!(!map.strict);
    // Not an object at the root: strict mode refuses it.
    let list = AnswerFormat::new(
        "Vec<Line>",
        &json!({"type": "array", "items": {"type": "string"}}),
    );
    assert!(!list.strict);
    assert_eq!(list.name, "Vec_Line_");
    for format in [tree, map, list] {
        let request = request(false).answer(Some(format));
        model.complete(&request).await.unwrap();
    }
    let sent = bodies(&s).await;
    let tree = &sent[0]["response_format"]["json_schema"];
    assert_eq!(tree["strict"], true);
    let node = &tree["schema"]["$defs"]["Node"];
    assert_eq!(node["required"], json!(["children", "label"]));
    assert_eq!(node["additionalProperties"], false);
    assert_eq!(
        node["properties"]["children"]["type"],
        json!(["array", "null"])
    );
    assert_eq!(
        node["properties"]["children"]["items"],
        json!({"$ref": "#/$defs/Node"})
    );
    let map = &sent[1]["response_format"]["json_schema"];
    assert_eq!(map["strict"], false);
    assert_eq!(
        map["schema"]["additionalProperties"],
        json!({"type": "number"}),
        "sent as it is, not dropped"
    );
    assert_eq!(sent[2]["response_format"]["json_schema"]["strict"], false);
}

#[tokio::test]
async fn openai_leaves_a_constrained_turn_to_its_constraint() {
    let s = answering(json!({
        "id": "c1", "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": null,
            "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": "{\"id\":\"7\"}"}}]}}]
    }))
    .await;
    let request = request(true).constraint(Some(Constraint::AnyTool));
    openai(&s.uri()).complete(&request).await.unwrap();
    assert!(bodies(&s).await[0].get("response_format").is_none());
}

#[tokio::test]
async fn anthropic_forces_the_final_answer_tool_only_without_tools() {
    let s = answering(json!({
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "final_answer",
            "input": {"answer": serde_json::from_str::<Value>(INVOICE).unwrap()}}],
        "stop_reason": "tool_use", "usage": {"input_tokens": 10, "output_tokens": 5}
    }))
    .await;
    let model = anthropic(&s.uri());
    assert_eq!(
        model.capabilities(&[]).answer,
        ConstraintSupport::ToolChoice
    );
    let r = model.complete(&request(false)).await.unwrap();
    // The call comes back as it was made; the runtime reads its `answer` as the answer.
    assert_eq!(r.tool_calls[0].name, "final_answer");
    let args: Value = serde_json::from_str(&r.tool_calls[0].arguments).unwrap();
    assert_eq!(args["answer"]["number"], "7");
    model.complete(&request(true)).await.unwrap();
    let sent = bodies(&s).await;
    assert_eq!(
        sent[0]["tool_choice"],
        json!({"type": "tool", "name": "final_answer"})
    );
    let tools = sent[0]["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1);
    let schema = &tools[0]["input_schema"];
    assert_eq!(schema["required"], json!(["answer"]));
    assert_eq!(
        schema["properties"]["answer"]["properties"]["currency"]["enum"],
        json!(["Eur", "Usd"])
    );
    assert_eq!(
        schema["properties"]["answer"]["additionalProperties"],
        false
    );
    // With tools to call, nothing is forced: the model calls them or answers.
    let with_tools = &sent[1];
    assert!(with_tools.get("tool_choice").is_none());
    assert_eq!(with_tools["tools"].as_array().unwrap().len(), 1);
    assert_eq!(with_tools["tools"][0]["name"], "lookup");
}

#[tokio::test]
async fn gemini_sends_response_schema_only_without_tools() {
    let s = answering(json!({
        "candidates": [{"content": {"parts": [{"text": INVOICE}], "role": "model"},
            "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15}
    }))
    .await;
    let model = gemini(&s.uri());
    assert_eq!(model.capabilities(&[]).answer, ConstraintSupport::Schema);
    let r = model.complete(&request(false)).await.unwrap();
    assert_eq!(r.text.as_deref(), Some(INVOICE));
    model.complete(&request(true)).await.unwrap();
    let sent = bodies(&s).await;
    let config = &sent[0]["generationConfig"];
    assert_eq!(config["responseMimeType"], "application/json");
    let schema = &config["responseSchema"];
    // The OpenAPI subset: no `additionalProperties`, `Option` as `nullable`.
    assert!(schema.get("additionalProperties").is_none());
    assert_eq!(schema["properties"]["due"]["nullable"], true);
    assert_eq!(
        schema["properties"]["lines"]["items"]["required"],
        json!(["item", "quantity"])
    );
    assert!(sent[1].get("generationConfig").is_none());
}

#[tokio::test]
async fn ollama_sends_the_answer_schema_as_format_only_without_tools() {
    let s = answering(json!({
        "model": "qwen2.5:7b", "created_at": "2025-01-01T00:00:00Z",
        "message": {"role": "assistant", "content": INVOICE},
        "done": true, "done_reason": "stop", "prompt_eval_count": 50, "eval_count": 12
    }))
    .await;
    let model = ollama(&s.uri());
    assert_eq!(model.capabilities(&[]).answer, ConstraintSupport::Schema);
    let r = model.complete(&request(false)).await.unwrap();
    assert_eq!(r.text.as_deref(), Some(INVOICE));
    model.complete(&request(true)).await.unwrap();
    let sent = bodies(&s).await;
    let format = &sent[0]["format"];
    assert_eq!(format["additionalProperties"], false);
    assert_eq!(format["required"], json!(["number", "currency", "lines"]));
    assert_eq!(
        format["properties"]["currency"]["enum"],
        json!(["Eur", "Usd"])
    );
    assert!(
        sent[1].get("format").is_none(),
        "a turn with tools is not held"
    );
}

#[tokio::test]
async fn llama_cpp_holds_the_answer_with_json_schema_after_the_answer_cue() {
    let s = answering(
        json!({"choices": [{"text": format!(" {INVOICE}"), "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 50, "completion_tokens": 20}}),
    )
    .await;
    let model = llama_cpp(&s.uri());
    assert_eq!(model.capabilities(&[]).answer, ConstraintSupport::Schema);
    let r = model.complete(&request(false)).await.unwrap();
    assert_eq!(r.text.as_deref(), Some(INVOICE));
    assert!(r.tool_calls.is_empty());
    let body = bodies(&s).await.remove(0);
    assert_eq!(
        body["json_schema"]["properties"]["lines"]["items"]["additionalProperties"],
        false
    );
    let prompt = body["prompt"].as_str().unwrap();
    assert!(
        prompt.ends_with("Invoice 7 for two pens, in euros\nAnswer: "),
        "{prompt:?}"
    );
    // The grammar ends the generation: no stop string may cut the JSON.
    assert_eq!(body["stop"], json!([]));
}

#[tokio::test]
async fn prompted_chat_passes_the_answer_to_its_model_only_without_tools() {
    let inner = agents_core::testing::ScriptedModel::new([
        agents_core::ModelResponse {
            text: Some(INVOICE.into()),
            ..Default::default()
        },
        agents_core::ModelResponse {
            text: Some("Call: lookup {\"id\": \"7\"}".into()),
            ..Default::default()
        },
    ])
    .with_answer_support(ConstraintSupport::Schema);
    let chat = PromptedChat::new(inner.clone());
    assert_eq!(chat.capabilities(&[]).answer, ConstraintSupport::Schema);
    let r = chat.complete(&request(false)).await.unwrap();
    assert_eq!(r.text.as_deref(), Some(INVOICE));
    chat.complete(&request(true)).await.unwrap();
    let seen = inner.requests();
    assert_eq!(
        seen[0].answer.as_ref().map(|a| a.name.as_str()),
        Some("Invoice")
    );
    assert!(
        seen[1].answer.is_none(),
        "prompted calls are text: not held"
    );
}

/// A classification: an answer whose schema is a string enum, not an object.
#[allow(dead_code)]
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Department {
    Billing,
    Technical,
}

fn department_request() -> ModelRequest {
    ModelRequest::new()
        .messages(vec![Message::user("My invoice is wrong")])
        .answer(Some(AnswerFormat::new(
            "Department",
            &agents_core::tool::schema_for::<Department>(),
        )))
}

/// The string enum as the schema's root, what every provider that takes a schema gets.
fn assert_enum_root(schema: &Value, what: &str) {
    assert_eq!(schema["type"], "string", "{what}: {schema}");
    assert_eq!(
        schema["enum"],
        json!(["billing", "technical"]),
        "{what}: {schema}"
    );
}

#[tokio::test]
async fn a_string_enum_answer_reaches_each_provider_as_its_schema_root() {
    // OpenAI: strict mode wants an object root, so the schema goes without it.
    let s = answering(json!({
        "id": "c1", "choices": [{"index": 0, "finish_reason": "stop",
            "message": {"role": "assistant", "content": "\"billing\""}}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 2}
    }))
    .await;
    let r = openai(&s.uri())
        .complete(&department_request())
        .await
        .unwrap();
    assert_eq!(r.text.as_deref(), Some("\"billing\""));
    let body = bodies(&s).await.remove(0);
    let format = &body["response_format"]["json_schema"];
    assert_eq!(format["strict"], false);
    assert_eq!(format["name"], "Department");
    assert_enum_root(&format["schema"], "openai");

    // Anthropic: a tool's input must be an object; the enum is the forced tool's `answer`.
    let s = answering(json!({
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "final_answer",
            "input": {"answer": "billing"}}],
        "stop_reason": "tool_use", "usage": {"input_tokens": 10, "output_tokens": 5}
    }))
    .await;
    let model = anthropic(&s.uri());
    let r = model.complete(&department_request()).await.unwrap();
    assert_eq!(r.tool_calls[0].arguments, r#"{"answer":"billing"}"#);
    let body = bodies(&s).await.remove(0);
    let input = &body["tools"][0]["input_schema"];
    assert_eq!(input["type"], "object");
    assert_eq!(input["required"], json!(["answer"]));
    assert_enum_root(&input["properties"]["answer"], "anthropic");

    // Gemini: `responseSchema` takes a string enum at its root (the OpenAPI subset has both).
    let s = answering(json!({
        "candidates": [{"content": {"parts": [{"text": "\"billing\""}], "role": "model"},
            "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 2, "totalTokenCount": 12}
    }))
    .await;
    let model = gemini(&s.uri());
    model.complete(&department_request()).await.unwrap();
    let body = bodies(&s).await.remove(0);
    assert_eq!(
        body["generationConfig"]["responseMimeType"],
        "application/json"
    );
    assert_enum_root(&body["generationConfig"]["responseSchema"], "gemini");

    // Ollama's `format` and llama.cpp's `json_schema`: any JSON Schema, the enum as it is.
    let s = answering(json!({
        "model": "qwen2.5:7b", "created_at": "2025-01-01T00:00:00Z",
        "message": {"role": "assistant", "content": "\"billing\""},
        "done": true, "done_reason": "stop", "prompt_eval_count": 10, "eval_count": 2
    }))
    .await;
    let model = ollama(&s.uri());
    model.complete(&department_request()).await.unwrap();
    assert_enum_root(&bodies(&s).await.remove(0)["format"], "ollama");
    let s = answering(
        json!({"choices": [{"text": "\"billing\"", "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 2}}),
    )
    .await;
    let model = llama_cpp(&s.uri());
    model.complete(&department_request()).await.unwrap();
    assert_enum_root(&bodies(&s).await.remove(0)["json_schema"], "llama.cpp");
}
