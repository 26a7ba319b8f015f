//! Pure conversions between the runtime's types and the chat completions wire format, unit-tested
//! from JSON fixtures. No I/O here.

use agents_core::model::{
    Deltas, FinishReason, Message, ModelRequest, ModelResponse, ToolCall, Usage,
};
use serde_json::Value;

use super::wire::{
    ChatChunk, ChatMessage, ChatRequest, ChatResponse, ChatTool, FunctionDef, StreamOptions,
    WireFunctionCall, WireToolCall, WireUsage,
};
use crate::client::SseAccumulator;
use crate::error::ProviderError;
use crate::ids::synthesize_call_id;
use crate::transport::SseEvent;

const PROVIDER: &str = "openai";

/// Which request field carries the token cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MaxTokensField {
    /// `max_tokens`: understood by every compatible server (default).
    #[default]
    MaxTokens,
    /// `max_completion_tokens`: required by OpenAI's reasoning models.
    MaxCompletionTokens,
}

/// Request-level choices that are not part of a [`ModelRequest`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WireOptions {
    /// Which field carries the token cap.
    pub max_tokens_field: MaxTokensField,
    /// `tool_choice`, sent only when tools are.
    pub tool_choice: Option<Value>,
    /// Stream the response (with `stream_options.include_usage` when `include_usage`).
    pub stream: bool,
    /// Ask for usage in the last chunk of a stream (default on in the client; some servers
    /// reject the field, so it can be turned off).
    pub include_usage: bool,
}

/// Builds the request body for `model`.
pub fn to_wire(request: &ModelRequest, model: &str, options: &WireOptions) -> ChatRequest {
    let mut messages = Vec::with_capacity(request.messages.len() + 1);
    if let Some(system) = &request.system {
        messages.push(ChatMessage::System {
            content: system.clone(),
        });
    }
    for m in &request.messages {
        messages.push(match m {
            Message::User { content } => ChatMessage::User {
                content: content.clone(),
            },
            Message::Assistant {
                content,
                tool_calls,
            } => ChatMessage::Assistant {
                content: content.clone(),
                tool_calls: tool_calls
                    .iter()
                    .map(|c| WireToolCall {
                        id: Some(c.id.clone()),
                        kind: "function".to_owned(),
                        function: WireFunctionCall {
                            name: c.name.clone(),
                            arguments: c.arguments.clone(),
                        },
                    })
                    .collect(),
            },
            Message::Tool(r) => ChatMessage::Tool {
                tool_call_id: r.call_id.clone(),
                content: r.content.clone(),
            },
        });
    }
    let tools: Vec<ChatTool> = request
        .tools
        .iter()
        .map(|t| ChatTool {
            kind: "function".to_owned(),
            function: FunctionDef {
                name: t.name.clone(),
                description: t.description.clone(),
                parameters: t.parameters.clone(),
                strict: None,
            },
        })
        .collect();
    let s = &request.sampling;
    let (max_tokens, max_completion_tokens) = match options.max_tokens_field {
        MaxTokensField::MaxTokens => (s.max_tokens, None),
        MaxTokensField::MaxCompletionTokens => (None, s.max_tokens),
    };
    let mut body = ChatRequest {
        model: model.to_owned(),
        messages,
        tool_choice: if tools.is_empty() {
            None
        } else {
            options.tool_choice.clone()
        },
        parallel_tool_calls: None,
        tools,
        temperature: s.temperature,
        top_p: s.top_p,
        max_tokens,
        max_completion_tokens,
        stop: s.stop.clone(),
        seed: s.seed,
        stream: options.stream.then_some(true),
        stream_options: (options.stream && options.include_usage).then_some(StreamOptions {
            include_usage: true,
        }),
        response_format: None,
    };
    constrain(&mut body, request);
    hold_answer(&mut body, request);
    body
}

/// A typed answer as `response_format: json_schema`, strict where the schema can be (rewritten
/// as strict mode demands), else sent without strict mode (the runtime warns of it). Sent on
/// every turn that is not constrained: it holds the text answer only, so the model still calls
/// tools freely on the turns before it.
fn hold_answer(body: &mut ChatRequest, request: &ModelRequest) {
    let Some(format) = request
        .answer
        .as_ref()
        .filter(|_| request.constraint.is_none())
    else {
        return;
    };
    let (schema, strict) = match format.strict_schema() {
        Some(schema) => (schema, true),
        None => (format.schema.clone(), false),
    };
    body.response_format = Some(serde_json::json!({
        "type": "json_schema",
        "json_schema": {"name": format.name, "schema": schema, "strict": strict}
    }));
}

/// A constrained request: only the allowed tools, each strict (its schema rewritten as strict
/// mode demands, [`strict`](agents_core::model::constraint::schema::strict)) where its schema
/// can be, `tool_choice` naming the one tool (or `"required"`, any of them), and one call.
fn constrain(body: &mut ChatRequest, request: &ModelRequest) {
    let Some(constraint) = &request.constraint else {
        return;
    };
    let allowed = constraint.allowed_names(&request.tools);
    body.tools
        .retain(|t| allowed.contains(&t.function.name.as_str()));
    for t in &mut body.tools {
        if let Some(schema) = agents_core::model::constraint::schema::strict(&t.function.parameters)
        {
            t.function.parameters = schema;
            t.function.strict = Some(true);
        }
    }
    body.tool_choice = Some(match constraint.named() {
        Some(name) => serde_json::json!({"type": "function", "function": {"name": name}}),
        None => serde_json::json!("required"),
    });
    body.parallel_tool_calls = Some(false);
}

/// Maps a `finish_reason`.
pub fn finish_reason(reason: Option<&str>, has_calls: bool) -> FinishReason {
    match reason {
        Some("stop") | Some("eos") | Some("end_turn") => FinishReason::Stop,
        Some("tool_calls") | Some("function_call") => FinishReason::ToolCalls,
        Some("length") | Some("max_tokens") => FinishReason::Length,
        Some("content_filter") => FinishReason::ContentFilter,
        Some(other) => FinishReason::Other(other.to_owned()),
        None if has_calls => FinishReason::ToolCalls,
        None => FinishReason::Stop,
    }
}

fn usage(u: Option<WireUsage>) -> Usage {
    let u = u.unwrap_or_default();
    Usage {
        input_tokens: u.prompt_tokens,
        output_tokens: u.completion_tokens,
    }
}

fn non_empty(s: Option<String>) -> Option<String> {
    s.filter(|t| !t.is_empty())
}

/// Reads a whole response. Empty `choices` is a `MalformedResponse`. Argument text is kept
/// exactly as sent; a call without an id gets a synthesised one.
pub fn from_wire(response: ChatResponse) -> Result<ModelResponse, ProviderError> {
    let Some(choice) = response.choices.into_iter().next() else {
        return Err(ProviderError::malformed(
            PROVIDER,
            "the response has no choices",
        ));
    };
    let tool_calls: Vec<ToolCall> = choice
        .message
        .tool_calls
        .into_iter()
        .enumerate()
        .map(|(i, c)| ToolCall {
            id: c
                .id
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| synthesize_call_id(i)),
            name: c.function.name,
            arguments: c.function.arguments,
        })
        .collect();
    Ok(ModelResponse {
        text: non_empty(choice.message.content).or(non_empty(choice.message.refusal)),
        finish_reason: finish_reason(choice.finish_reason.as_deref(), !tool_calls.is_empty()),
        raw: None,
        usage_estimated: false,
        tool_calls,
        usage: usage(response.usage),
    })
}

/// A call being put together from stream fragments.
#[derive(Debug, Clone, Default, PartialEq)]
struct PartialCall {
    index: Option<u32>,
    id: Option<String>,
    name: String,
    arguments: String,
}

/// Reassembles a stream of chunks into one response.
///
/// Call fragments are matched by `index`, else by `id`, else continue the last call; a fragment
/// whose index matches but whose id differs starts a new call (servers that reuse index 0). The
/// argument text is concatenated exactly as received: a call whose fragments do not make valid
/// JSON, or that the token limit cut off, is still returned, with its raw text, for the
/// runtime's repair path.
#[derive(Debug, Clone, Default)]
pub struct ChunkAccumulator {
    text: String,
    refusal: String,
    calls: Vec<PartialCall>,
    finish: Option<String>,
    usage: Option<WireUsage>,
    saw_choice: bool,
    done: bool,
}

impl ChunkAccumulator {
    /// An empty accumulator.
    pub fn new() -> Self {
        ChunkAccumulator::default()
    }

    /// Adds one decoded chunk.
    pub fn push(&mut self, chunk: ChatChunk) {
        if let Some(u) = chunk.usage {
            self.usage = Some(u);
        }
        for choice in chunk.choices.into_iter().filter(|c| c.index == 0) {
            self.saw_choice = true;
            if let Some(t) = choice.delta.content {
                self.text.push_str(&t);
            }
            if let Some(t) = choice.delta.refusal {
                self.refusal.push_str(&t);
            }
            for d in choice.delta.tool_calls {
                let slot = self.slot(d.index, d.id.as_deref());
                let call = &mut self.calls[slot];
                if call.id.is_none() {
                    call.id = d.id.filter(|s| !s.is_empty());
                }
                if let Some(f) = d.function {
                    if let Some(n) = f.name {
                        if call.name.is_empty() {
                            call.name = n;
                        } else if call.name != n {
                            call.name.push_str(&n);
                        }
                    }
                    if let Some(a) = f.arguments {
                        call.arguments.push_str(&a);
                    }
                }
            }
            if choice.finish_reason.is_some() {
                self.finish = choice.finish_reason;
            }
        }
    }

    /// Decodes and adds one `data:` payload. `[DONE]` marks the end. A payload that is not a
    /// chunk is an error the caller may skip (nothing of it is kept).
    pub fn push_json(&mut self, data: &str) -> Result<(), serde_json::Error> {
        if data.trim() == "[DONE]" {
            self.done = true;
            return Ok(());
        }
        let chunk: ChatChunk = serde_json::from_str(data)?;
        self.push(chunk);
        Ok(())
    }

    fn slot(&mut self, index: Option<u32>, id: Option<&str>) -> usize {
        let id = id.filter(|s| !s.is_empty());
        let found = match (index, id) {
            (Some(i), id) => self.calls.iter().rposition(|c| {
                c.index == Some(i) && (id.is_none() || c.id.is_none() || c.id.as_deref() == id)
            }),
            (None, Some(id)) => self.calls.iter().rposition(|c| c.id.as_deref() == Some(id)),
            (None, None) => self.calls.len().checked_sub(1),
        };
        found.unwrap_or_else(|| {
            self.calls.push(PartialCall {
                index,
                ..PartialCall::default()
            });
            self.calls.len() - 1
        })
    }
}

impl SseAccumulator for ChunkAccumulator {
    fn is_error(event: &SseEvent) -> bool {
        let data = event.data.as_str();
        event.event.as_deref() == Some("error")
            || (data.contains("\"error\"")
                && serde_json::from_str::<Value>(data)
                    .ok()
                    .is_some_and(|v| v.get("error").is_some_and(|e| !e.is_null())))
    }

    fn push_data(&mut self, data: &str) -> Result<(), serde_json::Error> {
        self.push_json(data)
    }

    /// Whether `[DONE]` or a finish reason has arrived: the response is complete.
    fn is_complete(&self) -> bool {
        self.done || self.finish.is_some()
    }

    /// Whether `[DONE]` has arrived.
    fn is_done(&self) -> bool {
        self.done
    }

    /// The text (a refusal comes whole at the end), and each call once its name is whole: when
    /// its arguments or a later call began (some servers split a name over fragments). A call
    /// announced without an id gets its synthesised one now, kept for the whole response.
    fn report(&mut self, deltas: &mut Deltas) {
        deltas.text([self.text.as_str()]);
        let count = self.calls.len();
        for (i, call) in self.calls.iter_mut().enumerate() {
            let PartialCall {
                id,
                name,
                arguments,
                ..
            } = call;
            let named = !arguments.is_empty() || i + 1 < count;
            let id = || id.get_or_insert_with(|| synthesize_call_id(i)).clone();
            if !deltas.call(i, named, name, arguments, id) {
                break;
            }
        }
    }

    /// The whole response. A stream that never carried a choice is a `MalformedResponse`.
    fn finish(self) -> Result<ModelResponse, ProviderError> {
        if !self.saw_choice {
            return Err(ProviderError::malformed(
                PROVIDER,
                "the stream carried no choices",
            ));
        }
        let tool_calls: Vec<ToolCall> = self
            .calls
            .into_iter()
            .enumerate()
            .map(|(i, c)| ToolCall {
                id: c.id.unwrap_or_else(|| synthesize_call_id(i)),
                name: c.name,
                arguments: c.arguments,
            })
            .collect();
        Ok(ModelResponse {
            text: non_empty(Some(self.text)).or(non_empty(Some(self.refusal))),
            finish_reason: finish_reason(self.finish.as_deref(), !tool_calls.is_empty()),
            raw: None,
            usage_estimated: false,
            tool_calls,
            usage: usage(self.usage),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agents_core::model::{Sampling, ToolResult, ToolSpec};
    use serde_json::json;

    /// Was the type's doc example while the module was public.
    #[test]
    fn a_call_cut_by_the_token_limit_keeps_its_raw_arguments() {
        use crate::SseAccumulator;
        let mut acc = ChunkAccumulator::new();
        acc.push_json(r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"add","arguments":"{\"a\": 1"}}]}}]}"#).unwrap();
        acc.push_json(r#"{"choices":[{"index":0,"delta":{},"finish_reason":"length"}]}"#)
            .unwrap();
        let r = acc.finish().unwrap();
        assert_eq!(r.tool_calls[0].arguments, "{\"a\": 1");
        assert_eq!(r.finish_reason, agents_core::model::FinishReason::Length);
    }

    #[test]
    fn request_fixture() {
        let req = ModelRequest::new()
            .system("Be brief.")
            .messages(vec![
                Message::user("Weather in Paris?"),
                Message::Assistant {
                    content: None,
                    tool_calls: vec![ToolCall {
                        id: "call_1".into(),
                        name: "weather".into(),
                        arguments: "{\"city\": \"Paris\"".into(),
                    }],
                },
                Message::Tool(ToolResult {
                    call_id: "call_1".into(),
                    name: "weather".into(),
                    content: "sunny".into(),
                    is_error: false,
                }),
            ])
            .tools(vec![ToolSpec {
                name: "weather".into(),
                description: "Current weather".into(),
                parameters: json!({"type":"object","properties":{"city":{"type":"string"}}}),
            }])
            .sampling(Sampling {
                max_tokens: Some(64),
                stop: vec!["\n\n".into()],
                ..Sampling::default()
            });
        let opts = WireOptions {
            tool_choice: Some(json!("auto")),
            stream: true,
            include_usage: true,
            ..WireOptions::default()
        };
        let body = serde_json::to_value(to_wire(&req, "gpt-4o-mini", &opts)).unwrap();
        assert_eq!(
            body,
            json!({
                "model": "gpt-4o-mini",
                "messages": [
                    {"role": "system", "content": "Be brief."},
                    {"role": "user", "content": "Weather in Paris?"},
                    {"role": "assistant", "content": null, "tool_calls": [
                        {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": "{\"city\": \"Paris\""}}
                    ]},
                    {"role": "tool", "tool_call_id": "call_1", "content": "sunny"}
                ],
                "tools": [{"type": "function", "function": {"name": "weather", "description": "Current weather",
                    "parameters": {"type":"object","properties":{"city":{"type":"string"}}}}}],
                "tool_choice": "auto",
                "max_tokens": 64,
                "stop": ["\n\n"],
                "stream": true,
                "stream_options": {"include_usage": true}
            })
        );
    }

    #[test]
    fn response_fixture_keeps_raw_arguments() {
        let body = r#"{
          "id": "chatcmpl-abc123", "object": "chat.completion", "created": 1699896916, "model": "gpt-4o-mini",
          "choices": [{"index": 0, "message": {"role": "assistant", "content": null,
            "tool_calls": [{"id": "call_abc123", "type": "function",
              "function": {"name": "get_current_weather", "arguments": "{\n\"location\": \"Boston, MA\"\n}"}}]},
            "logprobs": null, "finish_reason": "tool_calls"}],
          "usage": {"prompt_tokens": 82, "completion_tokens": 17, "total_tokens": 99}
        }"#;
        let r = from_wire(serde_json::from_str(body).unwrap()).unwrap();
        assert_eq!(r.tool_calls.len(), 1);
        assert_eq!(r.tool_calls[0].id, "call_abc123");
        assert_eq!(
            r.tool_calls[0].arguments,
            "{\n\"location\": \"Boston, MA\"\n}"
        );
        assert_eq!(r.finish_reason, FinishReason::ToolCalls);
        assert_eq!(r.usage.total(), 99);
        assert_eq!(r.text, None);
    }

    #[test]
    fn object_arguments_and_missing_ids() {
        let body = r#"{"choices":[{"message":{"content":"","tool_calls":[
            {"function":{"name":"add","arguments":{"a":1,"b":2}}}]},"finish_reason":"stop"}]}"#;
        let r = from_wire(serde_json::from_str(body).unwrap()).unwrap();
        assert_eq!(r.tool_calls[0].arguments, r#"{"a":1,"b":2}"#);
        assert!(r.tool_calls[0].id.starts_with("call_synth_"));
        assert_eq!(r.text, None);
    }

    #[test]
    fn empty_choices_is_malformed() {
        let err = from_wire(serde_json::from_str(r#"{"choices":[]}"#).unwrap()).unwrap_err();
        assert_eq!(
            err.kind,
            agents_core::model::ModelErrorKind::MalformedResponse
        );
    }

    #[test]
    fn stream_reassembles_parallel_calls_by_index() {
        let mut acc = ChunkAccumulator::new();
        for data in [
            r#"{"choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"f","arguments":""}}]},"finish_reason":null}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"g","arguments":"{\"y\""}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"x\":1}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":":2}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
            r#"{"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":7,"total_tokens":12}}"#,
            "[DONE]",
        ] {
            acc.push_json(data).unwrap();
        }
        assert!(acc.is_done());
        let r = acc.finish().unwrap();
        let calls: Vec<_> = r
            .tool_calls
            .iter()
            .map(|c| (c.id.as_str(), c.name.as_str(), c.arguments.as_str()))
            .collect();
        assert_eq!(
            calls,
            [("call_a", "f", "{\"x\":1}"), ("call_b", "g", "{\"y\":2}")]
        );
        assert_eq!(r.usage.total(), 12);
    }

    #[test]
    fn stream_reused_index_with_new_id_is_a_new_call() {
        let mut acc = ChunkAccumulator::new();
        acc.push_json(r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","function":{"name":"f","arguments":"{}"}}]}}]}"#).unwrap();
        acc.push_json(r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"b","function":{"name":"g","arguments":"{}"}}]}}]}"#).unwrap();
        let r = acc.finish().unwrap();
        assert_eq!(r.tool_calls.len(), 2);
    }

    #[test]
    fn stream_without_choices_is_malformed() {
        let mut acc = ChunkAccumulator::new();
        acc.push_json(r#"{"choices":null,"usage":{"prompt_tokens":1,"completion_tokens":0}}"#)
            .unwrap();
        assert!(acc.finish().is_err());
    }
}
