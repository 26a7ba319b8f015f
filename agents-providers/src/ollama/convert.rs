//! Between the agents-core types and Ollama's `/api/chat` bodies: the request body, and the
//! response put together from NDJSON records (or the one record of a whole response).

use agents_core::model::{FinishReason, Message, ModelRequest, ModelResponse, ToolCall, Usage};
use serde_json::{Map, Value, json};

use super::PROVIDER;
use crate::error::ProviderError;
use crate::ids::synthesize_call_id;

/// The `/api/chat` body.
pub(super) fn to_wire(request: &ModelRequest, model: &str, stream: bool) -> Value {
    let mut messages = Vec::new();
    if let Some(s) = request.system.as_deref().filter(|s| !s.is_empty()) {
        messages.push(json!({"role": "system", "content": s}));
    }
    for m in &request.messages {
        messages.push(match m {
            Message::User { content } => json!({"role": "user", "content": content}),
            Message::Assistant {
                content,
                tool_calls,
            } => {
                let mut msg =
                    json!({"role": "assistant", "content": content.clone().unwrap_or_default()});
                if !tool_calls.is_empty() {
                    let calls: Vec<Value> = tool_calls
                        .iter()
                        .map(|c| {
                            let args = match serde_json::from_str::<Value>(&c.arguments) {
                                Ok(v @ Value::Object(_)) => v,
                                _ => json!({"_raw_arguments": c.arguments}),
                            };
                            json!({"function": {"name": c.name, "arguments": args}})
                        })
                        .collect();
                    msg["tool_calls"] = Value::Array(calls);
                }
                msg
            }
            Message::Tool(r) => json!({"role": "tool", "content": r.content, "tool_name": r.name}),
        });
    }
    let mut body = json!({"model": model, "messages": messages, "stream": stream});
    if !request.tools.is_empty() {
        body["tools"] = request
            .tools
            .iter()
            .map(|t| {
                json!({"type": "function", "function": {"name": t.name,
                    "description": t.description, "parameters": t.parameters}})
            })
            .collect();
    }
    let s = &request.sampling;
    let mut options = Map::new();
    if let Some(t) = s.temperature {
        options.insert("temperature".into(), json!(t));
    }
    if let Some(p) = s.top_p {
        options.insert("top_p".into(), json!(p));
    }
    if let Some(seed) = s.seed {
        options.insert("seed".into(), json!(seed));
    }
    if let Some(m) = s.max_tokens {
        options.insert("num_predict".into(), json!(m));
    }
    if !s.stop.is_empty() {
        options.insert("stop".into(), json!(s.stop));
    }
    if !options.is_empty() {
        body["options"] = Value::Object(options);
    }
    body
}

/// Puts a response together from NDJSON records (or the one record of a whole response).
#[derive(Debug, Default)]
pub(super) struct Accumulator {
    text: String,
    calls: Vec<ToolCall>,
    pub(super) done: bool,
    done_reason: Option<String>,
    usage: Usage,
    pub(super) saw_message: bool,
}

impl Accumulator {
    pub(super) fn push(&mut self, v: &Value) {
        if let Some(m) = v.get("message").filter(|m| m.is_object()) {
            self.saw_message = true;
            if let Some(t) = m.get("content").and_then(Value::as_str) {
                self.text.push_str(t);
            }
            for c in m
                .get("tool_calls")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let f = c.get("function").unwrap_or(c);
                let arguments = match f.get("arguments") {
                    None | Some(Value::Null) => "{}".to_owned(),
                    Some(Value::String(s)) => s.clone(),
                    Some(a) => a.to_string(),
                };
                let id = c
                    .get("id")
                    .and_then(Value::as_str)
                    .filter(|s| !s.is_empty())
                    .map_or_else(|| synthesize_call_id(self.calls.len()), str::to_owned);
                self.calls.push(ToolCall {
                    id,
                    name: f
                        .get("name")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_owned(),
                    arguments,
                });
            }
        }
        if v.get("done").and_then(Value::as_bool) == Some(true) {
            self.done = true;
            self.done_reason = v
                .get("done_reason")
                .and_then(Value::as_str)
                .map(str::to_owned);
            let n = |k: &str| v.get(k).and_then(Value::as_u64).unwrap_or(0);
            self.usage = Usage {
                input_tokens: n("prompt_eval_count"),
                output_tokens: n("eval_count"),
            };
        }
    }

    pub(super) fn finish(self) -> Result<ModelResponse, ProviderError> {
        if !self.saw_message {
            return Err(ProviderError::malformed(
                PROVIDER,
                "the response has no message",
            ));
        }
        let finish_reason = match self.done_reason.as_deref() {
            Some("length") => FinishReason::Length,
            _ if !self.calls.is_empty() => FinishReason::ToolCalls,
            Some("stop") | Some("") | None => FinishReason::Stop,
            Some(other) => FinishReason::Other(other.to_owned()),
        };
        Ok(ModelResponse {
            text: (!self.text.is_empty()).then_some(self.text),
            tool_calls: self.calls,
            usage: self.usage,
            finish_reason,
            raw: None,
        })
    }
}
