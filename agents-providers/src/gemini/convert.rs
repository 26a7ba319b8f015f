//! Pure conversions between the runtime's types and Gemini's `generateContent` wire format.

use agents_core::model::{FinishReason, Message, ModelRequest, ModelResponse, ToolCall, Usage};
use serde_json::{Map, Value, json};

use crate::error::ProviderError;

const PROVIDER: &str = "gemini";

/// The request body of `generateContent` / `streamGenerateContent`.
pub fn to_wire(request: &ModelRequest) -> Value {
    let mut contents: Vec<Value> = Vec::new();
    let mut push = |role: &str, part: Value| {
        if let Some(last) = contents.last_mut()
            && last["role"] == role
            && let Some(parts) = last["parts"].as_array_mut()
        {
            parts.push(part);
            return;
        }
        contents.push(json!({"role": role, "parts": [part]}));
    };
    for m in &request.messages {
        match m {
            Message::User { content } => push("user", json!({"text": content})),
            Message::Assistant {
                content,
                tool_calls,
            } => {
                if let Some(t) = content.as_deref().filter(|t| !t.is_empty()) {
                    push("model", json!({"text": t}));
                }
                for c in tool_calls {
                    let args = match serde_json::from_str::<Value>(&c.arguments) {
                        Ok(v @ Value::Object(_)) => v,
                        // Gemini takes an object; text the model sent that was not one is kept
                        // under a key, so the conversation still shows it.
                        _ => json!({"_raw_arguments": c.arguments}),
                    };
                    let mut call = json!({"name": c.name, "args": args});
                    if !is_synthesized(&c.id) {
                        call["id"] = Value::String(c.id.clone());
                    }
                    push("model", json!({"functionCall": call}));
                }
            }
            Message::Tool(r) => {
                let key = if r.is_error { "error" } else { "result" };
                let value = match serde_json::from_str::<Value>(&r.content) {
                    Ok(v @ Value::Object(_)) if !r.is_error => v,
                    _ => json!({ key: r.content }),
                };
                let mut resp = json!({"name": r.name, "response": value});
                if !is_synthesized(&r.call_id) {
                    resp["id"] = Value::String(r.call_id.clone());
                }
                push("user", json!({"functionResponse": resp}));
            }
        }
    }
    let mut body = json!({"contents": contents});
    if let Some(s) = request.system.as_deref().filter(|s| !s.is_empty()) {
        body["systemInstruction"] = json!({"parts": [{"text": s}]});
    }
    if !request.tools.is_empty() {
        let decls: Vec<Value> = request
            .tools
            .iter()
            .map(|t| {
                json!({"name": t.name, "description": t.description,
                    "parameters": gemini_schema(&t.parameters)})
            })
            .collect();
        body["tools"] = json!([{"functionDeclarations": decls}]);
    }
    let s = &request.sampling;
    let mut cfg = Map::new();
    if let Some(t) = s.temperature {
        cfg.insert("temperature".into(), json!(t));
    }
    if let Some(p) = s.top_p {
        cfg.insert("topP".into(), json!(p));
    }
    if let Some(m) = s.max_tokens {
        cfg.insert("maxOutputTokens".into(), json!(m));
    }
    if !s.stop.is_empty() {
        cfg.insert("stopSequences".into(), json!(s.stop));
    }
    if let Some(seed) = s.seed {
        cfg.insert("seed".into(), json!(seed));
    }
    if !cfg.is_empty() {
        body["generationConfig"] = Value::Object(cfg);
    }
    body
}

/// Ids this client made up (Gemini sent none): not sent back, Gemini pairs by name in order.
fn is_synthesized(id: &str) -> bool {
    id.starts_with("gemini_call_")
}

/// A JSON Schema in the OpenAPI subset `functionDeclarations` accepts: local `$ref`s inlined,
/// `$schema`, `$defs`, `additionalProperties` and `title` removed, `["T", "null"]` as
/// `nullable`.
pub fn gemini_schema(schema: &Value) -> Value {
    fn walk(root: &Value, v: &Value, depth: usize) -> Value {
        if depth > 32 {
            return json!({});
        }
        match v {
            Value::Object(m) => {
                if let Some(r) = m.get("$ref").and_then(Value::as_str)
                    && let Some(target) = r.strip_prefix('#').and_then(|p| root.pointer(p))
                {
                    return walk(root, target, depth + 1);
                }
                let mut out = Map::new();
                for (k, x) in m {
                    match k.as_str() {
                        "$schema"
                        | "$defs"
                        | "definitions"
                        | "additionalProperties"
                        | "title"
                        | "$ref" => {}
                        "type" => match x {
                            Value::Array(ts) => {
                                let non_null: Vec<&Value> =
                                    ts.iter().filter(|t| *t != "null").collect();
                                if non_null.len() < ts.len() {
                                    out.insert("nullable".into(), Value::Bool(true));
                                }
                                if let Some(t) = non_null.first() {
                                    out.insert("type".into(), (*t).clone());
                                }
                            }
                            other => {
                                out.insert("type".into(), other.clone());
                            }
                        },
                        _ => {
                            out.insert(k.clone(), walk(root, x, depth + 1));
                        }
                    }
                }
                Value::Object(out)
            }
            Value::Array(a) => Value::Array(a.iter().map(|x| walk(root, x, depth + 1)).collect()),
            other => other.clone(),
        }
    }
    walk(schema, schema, 0)
}

/// Maps a `finishReason`.
pub fn finish_reason(reason: Option<&str>, has_calls: bool) -> FinishReason {
    match reason {
        Some("STOP") | None if has_calls => FinishReason::ToolCalls,
        Some("STOP") | None => FinishReason::Stop,
        Some("MAX_TOKENS") => FinishReason::Length,
        Some("SAFETY")
        | Some("RECITATION")
        | Some("BLOCKLIST")
        | Some("PROHIBITED_CONTENT")
        | Some("SPII")
        | Some("IMAGE_SAFETY") => FinishReason::ContentFilter,
        Some(other) => FinishReason::Other(other.to_owned()),
    }
}

/// Puts a response together from one or more chunks (a whole response is one chunk).
///
/// Gemini sends no call ids: each call gets `gemini_call_<turn>_<index>_<name>`, stable for the
/// same conversation (the turn is the number of model messages before it), so records replay
/// and results pair with calls by name in order.
#[derive(Debug, Default, Clone)]
pub struct Accumulator {
    text: String,
    calls: Vec<(Option<String>, String, String)>,
    finish: Option<String>,
    usage: Usage,
    saw_candidate: bool,
    block_reason: Option<String>,
    turn: usize,
}

impl Accumulator {
    /// An accumulator for the model turn that follows `turn` earlier model messages.
    pub fn new(turn: usize) -> Self {
        Accumulator {
            turn,
            ..Accumulator::default()
        }
    }

    /// Adds one `GenerateContentResponse` (a whole response, or one streamed chunk).
    pub fn push(&mut self, chunk: &Value) {
        if let Some(u) = chunk.get("usageMetadata") {
            let n = |k: &str| u.get(k).and_then(Value::as_u64).unwrap_or(0);
            self.usage = Usage {
                input_tokens: n("promptTokenCount"),
                // Saturating: a provider's count is not ours to trust (u64::MAX must not wrap).
                output_tokens: n("candidatesTokenCount").saturating_add(n("thoughtsTokenCount")),
            };
        }
        if let Some(b) = chunk
            .pointer("/promptFeedback/blockReason")
            .and_then(Value::as_str)
        {
            self.block_reason = Some(b.to_owned());
        }
        let Some(cand) = chunk
            .get("candidates")
            .and_then(Value::as_array)
            .and_then(|c| c.first())
        else {
            return;
        };
        self.saw_candidate = true;
        for part in cand
            .pointer("/content/parts")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if part.get("thought").and_then(Value::as_bool) == Some(true) {
                continue;
            }
            if let Some(t) = part.get("text").and_then(Value::as_str) {
                self.text.push_str(t);
            }
            if let Some(fc) = part.get("functionCall") {
                let name = fc.get("name").and_then(Value::as_str).unwrap_or_default();
                let args = match fc.get("args") {
                    None | Some(Value::Null) => "{}".to_owned(),
                    Some(Value::String(s)) => s.clone(),
                    Some(v) => v.to_string(),
                };
                let id = fc
                    .get("id")
                    .and_then(Value::as_str)
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned);
                self.calls.push((id, name.to_owned(), args));
            }
        }
        if let Some(f) = cand.get("finishReason").and_then(Value::as_str) {
            self.finish = Some(f.to_owned());
        }
    }

    /// Whether a finish reason has arrived.
    pub fn is_complete(&self) -> bool {
        self.finish.is_some()
    }

    /// The response. No candidate at all is a `MalformedResponse` (or `ContentFilter`, as a
    /// finish reason, when the prompt was blocked).
    pub fn finish(self) -> Result<ModelResponse, ProviderError> {
        if !self.saw_candidate {
            if let Some(b) = self.block_reason {
                return Ok(ModelResponse {
                    finish_reason: FinishReason::ContentFilter,
                    text: Some(format!("(prompt blocked: {b})")),
                    usage: self.usage,
                    ..ModelResponse::default()
                });
            }
            return Err(ProviderError::malformed(
                PROVIDER,
                "the response has no candidates",
            ));
        }
        let turn = self.turn;
        let tool_calls: Vec<ToolCall> = self
            .calls
            .into_iter()
            .enumerate()
            .map(|(i, (id, name, arguments))| ToolCall {
                id: id.unwrap_or_else(|| format!("gemini_call_{turn}_{i}_{name}")),
                name,
                arguments,
            })
            .collect();
        Ok(ModelResponse {
            text: (!self.text.is_empty()).then_some(self.text),
            finish_reason: finish_reason(self.finish.as_deref(), !tool_calls.is_empty()),
            raw: None,
            tool_calls,
            usage: self.usage,
        })
    }
}

/// The number of model messages in `request` (the index of the turn being asked for).
pub fn turn_of(request: &ModelRequest) -> usize {
    request
        .messages
        .iter()
        .filter(|m| matches!(m, Message::Assistant { .. }))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use agents_core::model::{Sampling, ToolResult, ToolSpec};

    #[test]
    fn request_shape() {
        let req = ModelRequest {
            system: Some("Be brief.".into()),
            messages: vec![
                Message::user("Weather in Paris?"),
                Message::Assistant {
                    content: None,
                    tool_calls: vec![
                        ToolCall {
                            id: "gemini_call_0_0_weather".into(),
                            name: "weather".into(),
                            arguments: r#"{"city":"Paris"}"#.into(),
                        },
                        ToolCall {
                            id: "gemini_call_0_1_weather".into(),
                            name: "weather".into(),
                            arguments: r#"{"city": "Oslo""#.into(),
                        },
                    ],
                },
                Message::Tool(ToolResult {
                    call_id: "gemini_call_0_0_weather".into(),
                    name: "weather".into(),
                    content: "sunny".into(),
                    is_error: false,
                }),
                Message::Tool(ToolResult {
                    call_id: "gemini_call_0_1_weather".into(),
                    name: "weather".into(),
                    content: "ERROR: bad".into(),
                    is_error: true,
                }),
            ],
            tools: vec![ToolSpec {
                name: "weather".into(),
                description: "Current weather".into(),
                parameters: json!({"$schema": "x", "type": "object", "title": "A",
                    "properties": {"city": {"type": "string"}, "unit": {"$ref": "#/$defs/U"},
                        "days": {"type": ["integer", "null"]}},
                    "$defs": {"U": {"type": "string", "enum": ["c", "f"]}}}),
            }],
            sampling: Sampling {
                temperature: Some(0.5),
                max_tokens: Some(64),
                ..Sampling::default()
            },
            strict: false,
        };
        assert_eq!(
            to_wire(&req),
            json!({
                "systemInstruction": {"parts": [{"text": "Be brief."}]},
                "contents": [
                    {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
                    {"role": "model", "parts": [
                        {"functionCall": {"name": "weather", "args": {"city": "Paris"}}},
                        {"functionCall": {"name": "weather", "args": {"_raw_arguments": "{\"city\": \"Oslo\""}}}
                    ]},
                    {"role": "user", "parts": [
                        {"functionResponse": {"name": "weather", "response": {"result": "sunny"}}},
                        {"functionResponse": {"name": "weather", "response": {"error": "ERROR: bad"}}}
                    ]}
                ],
                "tools": [{"functionDeclarations": [{"name": "weather", "description": "Current weather",
                    "parameters": {"type": "object", "properties": {"city": {"type": "string"},
                        "unit": {"type": "string", "enum": ["c", "f"]},
                        "days": {"type": "integer", "nullable": true}}}}]}],
                "generationConfig": {"temperature": 0.5, "maxOutputTokens": 64}
            })
        );
    }

    #[test]
    fn stable_ids_and_usage() {
        let body = json!({"candidates": [{"content": {"role": "model", "parts": [
            {"functionCall": {"name": "weather", "args": {"city": "Paris"}}},
            {"functionCall": {"name": "weather", "args": {"city": "Oslo"}}}]},
            "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15}});
        let mut acc = Accumulator::new(2);
        acc.push(&body);
        let r = acc.finish().unwrap();
        assert_eq!(r.tool_calls[0].id, "gemini_call_2_0_weather");
        assert_eq!(r.tool_calls[1].id, "gemini_call_2_1_weather");
        assert_eq!(r.tool_calls[1].arguments, r#"{"city":"Oslo"}"#);
        assert_eq!(r.finish_reason, FinishReason::ToolCalls);
        assert_eq!(r.usage.total(), 15);
    }

    #[test]
    fn finish_reasons_and_empty() {
        assert_eq!(
            finish_reason(Some("MAX_TOKENS"), false),
            FinishReason::Length
        );
        assert_eq!(
            finish_reason(Some("SAFETY"), false),
            FinishReason::ContentFilter
        );
        assert_eq!(
            finish_reason(Some("MALFORMED_FUNCTION_CALL"), false),
            FinishReason::Other("MALFORMED_FUNCTION_CALL".into())
        );
        assert!(Accumulator::new(0).finish().is_err());
        let mut blocked = Accumulator::new(0);
        blocked.push(&json!({"promptFeedback": {"blockReason": "SAFETY"}}));
        assert_eq!(
            blocked.finish().unwrap().finish_reason,
            FinishReason::ContentFilter
        );
    }
}
