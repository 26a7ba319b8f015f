//! Pure conversions between the runtime's types and Gemini's `generateContent` wire format.

use agents_core::model::{
    Deltas, FinishReason, Message, ModelRequest, ModelResponse, ToolCall, Usage,
};
use serde_json::{Map, Value, json};

use super::wire::{
    Content, FunctionCall, FunctionDeclaration, FunctionResponse, GENERATION_CONFIG,
    GenerateContentRequest, GenerateContentResponse, Part, Tool,
};
use crate::error::ProviderError;
use crate::wire::{SamplingObject, arguments_object};

const PROVIDER: &str = "gemini";

/// The request body of `generateContent` / `streamGenerateContent`.
pub(crate) fn to_wire(request: &ModelRequest) -> GenerateContentRequest {
    let mut contents: Vec<Content> = Vec::new();
    let mut push = |role: &str, part: Part| match contents.last_mut() {
        Some(last) if last.role.as_deref() == Some(role) => last.parts.push(part),
        _ => contents.push(Content {
            role: Some(role.to_owned()),
            parts: vec![part],
        }),
    };
    for m in &request.messages {
        match m {
            Message::User { content } => push("user", Part::Text(content.clone())),
            Message::Assistant {
                content,
                tool_calls,
            } => {
                if let Some(t) = content.as_deref().filter(|t| !t.is_empty()) {
                    push("model", Part::Text(t.to_owned()));
                }
                for c in tool_calls {
                    push(
                        "model",
                        Part::FunctionCall(FunctionCall {
                            id: sent_id(&c.id),
                            name: c.name.clone(),
                            args: arguments_object(&c.arguments),
                        }),
                    );
                }
            }
            Message::Tool(r) => {
                let key = if r.is_error { "error" } else { "result" };
                let response = match serde_json::from_str::<Value>(&r.content) {
                    Ok(v @ Value::Object(_)) if !r.is_error => v,
                    _ => json!({ key: r.content }),
                };
                push(
                    "user",
                    Part::FunctionResponse(FunctionResponse {
                        id: sent_id(&r.call_id),
                        name: r.name.clone(),
                        response,
                    }),
                );
            }
        }
    }
    let tools = if request.tools.is_empty() {
        Vec::new()
    } else {
        vec![Tool {
            function_declarations: request
                .tools
                .iter()
                .map(|t| FunctionDeclaration {
                    name: t.name.clone(),
                    description: t.description.clone(),
                    parameters: gemini_schema(&t.parameters),
                })
                .collect(),
        }]
    };
    GenerateContentRequest {
        contents,
        system_instruction: request
            .system
            .as_deref()
            .filter(|s| !s.is_empty())
            .map(|s| Content {
                role: None,
                parts: vec![Part::Text(s.to_owned())],
            }),
        tools,
        tool_config: request.constraint.as_ref().map(|c| {
            let names = c.allowed_names(&request.tools);
            serde_json::json!({"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": names}})
        }),
        generation_config: generation_config(request),
    }
}

/// Sampling, and for a typed answer on a turn without tools, `responseMimeType:
/// application/json` with `responseSchema` (the answer's schema in the OpenAPI subset Gemini
/// takes, as for function parameters). Gemini's JSON mode does not mix with function calling,
/// so a turn that offers tools is not held.
fn generation_config(request: &ModelRequest) -> SamplingObject {
    let mut config = SamplingObject::new(&GENERATION_CONFIG, &request.sampling);
    if let Some(format) = crate::constraint::held_answer(request) {
        config
            .extra
            .insert("responseMimeType".into(), json!("application/json"));
        config
            .extra
            .insert("responseSchema".into(), gemini_schema(&format.schema));
    }
    config
}

/// The id to send back for a call: none for one this client made up (Gemini sent none, and
/// pairs results with calls by name in order).
fn sent_id(id: &str) -> Option<String> {
    (!is_synthesized(id)).then(|| id.to_owned())
}

/// Ids this client made up (Gemini sent none): not sent back, Gemini pairs by name in order.
fn is_synthesized(id: &str) -> bool {
    id.starts_with("gemini_call_")
}

/// A JSON Schema in the OpenAPI subset `functionDeclarations` accepts: local `$ref`s inlined,
/// `$schema`, `$defs`, `additionalProperties` and `title` removed, `["T", "null"]` as
/// `nullable`.
pub(crate) fn gemini_schema(schema: &Value) -> Value {
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
pub(crate) fn finish_reason(reason: Option<&str>, has_calls: bool) -> FinishReason {
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
pub(crate) struct Accumulator {
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
    pub(crate) fn new(turn: usize) -> Self {
        Accumulator {
            turn,
            ..Accumulator::default()
        }
    }

    /// Adds one `GenerateContentResponse` (a whole response, or one streamed chunk).
    pub(crate) fn push(&mut self, chunk: GenerateContentResponse) {
        if let Some(u) = chunk.usage_metadata {
            let n = |c: Option<u64>| c.unwrap_or(0);
            self.usage = Usage {
                input_tokens: n(u.prompt_token_count),
                // Saturating: a provider's count is not ours to trust (u64::MAX must not wrap).
                output_tokens: n(u.candidates_token_count)
                    .saturating_add(n(u.thoughts_token_count)),
            };
        }
        if let Some(b) = chunk.prompt_feedback.and_then(|f| f.block_reason) {
            self.block_reason = Some(b);
        }
        let Some(cand) = chunk.candidates.and_then(|c| c.into_iter().next()) else {
            return;
        };
        self.saw_candidate = true;
        let parts = cand.content.and_then(|c| c.parts).unwrap_or_default();
        for part in parts {
            if part.thought == Some(true) {
                continue;
            }
            if let Some(t) = part.text {
                self.text.push_str(&t);
            }
            if let Some(fc) = part.function_call {
                let id = fc.id.filter(|s| !s.is_empty());
                self.calls.push((id, fc.name.unwrap_or_default(), fc.args));
            }
        }
        if let Some(f) = cand.finish_reason {
            self.finish = Some(f);
        }
    }

    /// Shows the text and the calls so far to `deltas` (Gemini sends each call whole).
    pub(crate) fn report(&self, deltas: &mut Deltas) {
        deltas.text([self.text.as_str()]);
        for (i, (id, name, arguments)) in self.calls.iter().enumerate() {
            let id = || id.clone().unwrap_or_else(|| call_id(self.turn, i, name));
            if !deltas.call(i, true, name, arguments, id) {
                break;
            }
        }
    }

    /// Whether a finish reason has arrived.
    pub(crate) fn is_complete(&self) -> bool {
        self.finish.is_some()
    }

    /// The response. No candidate at all is a `MalformedResponse` (or `ContentFilter`, as a
    /// finish reason, when the prompt was blocked).
    pub(crate) fn finish(self) -> Result<ModelResponse, ProviderError> {
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
                id: id.unwrap_or_else(|| call_id(turn, i, &name)),
                name,
                arguments,
            })
            .collect();
        Ok(ModelResponse {
            text: (!self.text.is_empty()).then_some(self.text),
            finish_reason: finish_reason(self.finish.as_deref(), !tool_calls.is_empty()),
            raw: None,
            usage_estimated: false,
            tool_calls,
            usage: self.usage,
        })
    }
}

/// The stable id of the `index`th call of model turn `turn` (Gemini sends calls without ids).
fn call_id(turn: usize, index: usize, name: &str) -> String {
    format!("gemini_call_{turn}_{index}_{name}")
}

/// The number of model messages in `request` (the index of the turn being asked for).
pub(crate) fn turn_of(request: &ModelRequest) -> usize {
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
        let req = ModelRequest::new()
            .system("Be brief.")
            .messages(vec![
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
            ])
            .tools(vec![ToolSpec {
                name: "weather".into(),
                description: "Current weather".into(),
                parameters: json!({"$schema": "x", "type": "object", "title": "A",
                    "properties": {"city": {"type": "string"}, "unit": {"$ref": "#/$defs/U"},
                        "days": {"type": ["integer", "null"]}},
                    "$defs": {"U": {"type": "string", "enum": ["c", "f"]}}}),
            }])
            .sampling(Sampling {
                temperature: Some(0.5),
                max_tokens: Some(64),
                ..Sampling::default()
            });
        assert_eq!(
            serde_json::to_value(to_wire(&req)).unwrap(),
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
        acc.push(serde_json::from_value(body).unwrap());
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
        blocked.push(
            serde_json::from_value(json!({"promptFeedback": {"blockReason": "SAFETY"}})).unwrap(),
        );
        assert_eq!(
            blocked.finish().unwrap().finish_reason,
            FinishReason::ContentFilter
        );
    }
}
