//! Pure conversions between the runtime's types and the Anthropic messages wire format,
//! unit-tested from JSON fixtures. No I/O here.

use agents_core::model::{
    Deltas, FinishReason, Message, ModelRequest, ModelResponse, ToolCall, Usage,
};
use serde_json::{Map, Value};

use super::wire::{
    ContentBlock, MessageParam, MessagesRequest, MessagesResponse, StreamEvent, ToolParam,
    WireUsage,
};
use crate::client::SseAccumulator;
use crate::error::ProviderError;
use crate::ids::synthesize_call_id;
use crate::transport::SseEvent;

const PROVIDER: &str = "anthropic";

/// Request-level choices that are not part of a [`ModelRequest`].
#[derive(Debug, Clone, PartialEq)]
pub struct WireOptions {
    /// The token cap when the request sets none (the API requires one; default 4096).
    pub default_max_tokens: u32,
    /// `tool_choice`, sent only with tools.
    pub tool_choice: Option<Value>,
    /// Stream the response.
    pub stream: bool,
}

impl Default for WireOptions {
    fn default() -> Self {
        WireOptions {
            default_max_tokens: 4096,
            tool_choice: None,
            stream: false,
        }
    }
}

/// The `input` object for a call the runtime kept as raw text. Valid object text is used as is;
/// text the lenient repair (`agents_core::json::repair`) turns into an object is repaired;
/// anything else becomes `{}` (the call's result, which the runtime fed back, says what was wrong).
pub fn input_object(raw: &str) -> Value {
    let parsed = serde_json::from_str::<Value>(raw)
        .ok()
        .or_else(|| agents_core::json::repair(raw).ok().map(|r| r.value));
    match parsed {
        Some(v @ Value::Object(_)) => v,
        _ => Value::Object(Map::new()),
    }
}

fn push_block(messages: &mut Vec<MessageParam>, role: &str, block: ContentBlock) {
    match messages.last_mut() {
        Some(last) if last.role == role => last.content.push(block),
        _ => messages.push(MessageParam {
            role: role.to_owned(),
            content: vec![block],
        }),
    }
}

/// Builds the request body for `model`. Consecutive tool results (and any user text after them)
/// are merged into one `user` message, as the API requires alternating roles.
pub fn to_wire(request: &ModelRequest, model: &str, options: &WireOptions) -> MessagesRequest {
    let mut messages: Vec<MessageParam> = Vec::new();
    for m in &request.messages {
        match m {
            Message::User { content } => push_block(
                &mut messages,
                "user",
                ContentBlock::Text {
                    text: content.clone(),
                },
            ),
            Message::Assistant {
                content,
                tool_calls,
            } => {
                if let Some(text) = content.as_ref().filter(|t| !t.is_empty()) {
                    push_block(
                        &mut messages,
                        "assistant",
                        ContentBlock::Text { text: text.clone() },
                    );
                }
                for c in tool_calls {
                    push_block(
                        &mut messages,
                        "assistant",
                        ContentBlock::ToolUse {
                            id: c.id.clone(),
                            name: c.name.clone(),
                            input: input_object(&c.arguments),
                        },
                    );
                }
            }
            Message::Tool(r) => push_block(
                &mut messages,
                "user",
                ContentBlock::ToolResult {
                    tool_use_id: r.call_id.clone(),
                    content: r.content.clone(),
                    is_error: r.is_error,
                },
            ),
        }
    }
    let tools: Vec<ToolParam> = request
        .tools
        .iter()
        .map(|t| ToolParam {
            name: t.name.clone(),
            description: t.description.clone(),
            input_schema: t.parameters.clone(),
        })
        .collect();
    let s = &request.sampling;
    let mut body = MessagesRequest {
        model: model.to_owned(),
        max_tokens: s.max_tokens.unwrap_or(options.default_max_tokens),
        system: request.system.clone(),
        messages,
        tool_choice: if tools.is_empty() {
            None
        } else {
            options.tool_choice.clone()
        },
        tools,
        temperature: s.temperature,
        top_p: s.top_p,
        stop_sequences: s.stop.clone(),
        stream: options.stream.then_some(true),
    };
    constrain(&mut body, request);
    hold_answer(&mut body, request);
    body
}

/// A typed answer on a turn without tools, as a forced output tool: the final-answer tool,
/// its `answer` argument of the answer's schema, and `tool_choice` naming it. The runtime reads
/// that call's `answer` as the answer. Forcing a tool takes every other tool away, so a turn
/// that offers tools is not held.
fn hold_answer(body: &mut MessagesRequest, request: &ModelRequest) {
    let Some(format) = crate::constraint::held_answer(request) else {
        return;
    };
    let spec = agents_core::model::typed_final_answer_spec(&format.schema);
    body.tool_choice = Some(serde_json::json!({"type": "tool", "name": spec.name}));
    body.tools.push(ToolParam {
        name: spec.name,
        description: spec.description,
        input_schema: spec.parameters,
    });
}

/// A constrained request: only the allowed tools, and a `tool_choice` that forces one call to
/// the named tool (`tool`) or to any of them (`any`), parallel calls off. The arguments are
/// the model's, not held to the schema: the runtime still validates them.
fn constrain(body: &mut MessagesRequest, request: &ModelRequest) {
    let Some(constraint) = &request.constraint else {
        return;
    };
    let allowed = constraint.allowed_names(&request.tools);
    body.tools.retain(|t| allowed.contains(&t.name.as_str()));
    body.tool_choice = Some(match constraint.named() {
        Some(name) => {
            serde_json::json!({"type": "tool", "name": name, "disable_parallel_tool_use": true})
        }
        None => serde_json::json!({"type": "any", "disable_parallel_tool_use": true}),
    });
}

/// Maps a `stop_reason`.
pub fn stop_reason(reason: Option<&str>, has_calls: bool) -> FinishReason {
    match reason {
        Some("end_turn") | Some("stop_sequence") => FinishReason::Stop,
        Some("tool_use") => FinishReason::ToolCalls,
        Some("max_tokens") | Some("model_context_window_exceeded") => FinishReason::Length,
        Some("refusal") => FinishReason::ContentFilter,
        Some(other) => FinishReason::Other(other.to_owned()),
        None if has_calls => FinishReason::ToolCalls,
        None => FinishReason::Stop,
    }
}

/// Input tokens (uncached, cache writes and cache reads) and output tokens.
fn usage(u: WireUsage) -> Usage {
    Usage {
        // Saturating: a provider's count is not ours to trust (u64::MAX must not wrap).
        input_tokens: u
            .input_tokens
            .unwrap_or(0)
            .saturating_add(u.cache_creation_input_tokens.unwrap_or(0))
            .saturating_add(u.cache_read_input_tokens.unwrap_or(0)),
        output_tokens: u.output_tokens.unwrap_or(0),
    }
}

/// Reads a whole response. A `tool_use` input is kept as the exact JSON text sent. A response
/// with no content block at all and no stop reason is a `MalformedResponse`.
pub fn from_wire(response: MessagesResponse) -> Result<ModelResponse, ProviderError> {
    if response.content.is_empty() && response.stop_reason.is_none() {
        return Err(ProviderError::malformed(
            PROVIDER,
            "the response has neither content nor a stop reason",
        ));
    }
    let mut text = String::new();
    let mut tool_calls = Vec::new();
    for block in response.content {
        match block.kind.as_str() {
            "text" => text.push_str(block.text.as_deref().unwrap_or_default()),
            "tool_use" => tool_calls.push(ToolCall {
                id: block
                    .id
                    .filter(|s| !s.is_empty())
                    .unwrap_or_else(|| synthesize_call_id(tool_calls.len())),
                name: block.name.unwrap_or_default(),
                arguments: block
                    .input
                    .map_or_else(|| "{}".to_owned(), |r| r.get().to_owned()),
            }),
            _ => {}
        }
    }
    Ok(ModelResponse {
        text: (!text.is_empty()).then_some(text),
        finish_reason: stop_reason(response.stop_reason.as_deref(), !tool_calls.is_empty()),
        raw: None,
        usage_estimated: false,
        tool_calls,
        usage: usage(response.usage.unwrap_or_default()),
    })
}

#[derive(Debug, Clone)]
enum Block {
    Text(String),
    Tool {
        id: Option<String>,
        name: String,
        json: String,
        start_input: Option<String>,
    },
    Other,
}

/// Reassembles a stream of events into one response. A `tool_use` block's input is the
/// concatenation of its `input_json_delta` fragments exactly as received (or the start block's
/// input when no fragment came): broken or cut-off input still reaches the runtime as raw text.
#[derive(Debug, Clone, Default)]
pub struct EventAccumulator {
    blocks: Vec<(u32, Block)>,
    stop: Option<String>,
    usage: WireUsage,
    started: bool,
    done: bool,
}

impl EventAccumulator {
    /// An empty accumulator.
    pub fn new() -> Self {
        EventAccumulator::default()
    }

    fn merge_usage(&mut self, u: WireUsage) {
        let keep = |new: Option<u64>, old: Option<u64>| new.or(old);
        self.usage = WireUsage {
            input_tokens: keep(u.input_tokens, self.usage.input_tokens),
            output_tokens: keep(u.output_tokens, self.usage.output_tokens),
            cache_creation_input_tokens: keep(
                u.cache_creation_input_tokens,
                self.usage.cache_creation_input_tokens,
            ),
            cache_read_input_tokens: keep(
                u.cache_read_input_tokens,
                self.usage.cache_read_input_tokens,
            ),
        };
    }

    fn block(&mut self, index: u32) -> Option<&mut Block> {
        self.blocks
            .iter_mut()
            .rev()
            .find(|(i, _)| *i == index)
            .map(|(_, b)| b)
    }

    /// Adds one decoded event. `error` events are the caller's to handle (see
    /// [`SseAccumulator::is_error`]).
    pub fn push(&mut self, event: StreamEvent) {
        match event.kind.as_str() {
            "message_start" => {
                self.started = true;
                if let Some(u) = event.message.and_then(|m| m.usage) {
                    self.merge_usage(u);
                }
            }
            "content_block_start" => {
                self.started = true;
                let index = event.index.unwrap_or(self.blocks.len() as u32);
                let block = match event.content_block {
                    Some(b) if b.kind == "text" => Block::Text(b.text.unwrap_or_default()),
                    Some(b) if b.kind == "tool_use" => Block::Tool {
                        id: b.id.filter(|s| !s.is_empty()),
                        name: b.name.unwrap_or_default(),
                        json: String::new(),
                        start_input: b.input.map(|r| r.get().to_owned()),
                    },
                    _ => Block::Other,
                };
                self.blocks.push((index, block));
            }
            "content_block_delta" => {
                let (Some(index), Some(delta)) = (event.index, event.delta) else {
                    return;
                };
                if self.block(index).is_none() {
                    // A delta without its start: keep it rather than drop it.
                    let block = if delta.partial_json.is_some() {
                        Block::Tool {
                            id: None,
                            name: String::new(),
                            json: String::new(),
                            start_input: None,
                        }
                    } else {
                        Block::Text(String::new())
                    };
                    self.blocks.push((index, block));
                }
                match self.block(index) {
                    Some(Block::Text(t)) => t.push_str(delta.text.as_deref().unwrap_or_default()),
                    Some(Block::Tool { json, .. }) => {
                        json.push_str(delta.partial_json.as_deref().unwrap_or_default())
                    }
                    _ => {}
                }
            }
            "message_delta" => {
                if let Some(r) = event.delta.and_then(|d| d.stop_reason) {
                    self.stop = Some(r);
                }
                if let Some(u) = event.usage {
                    self.merge_usage(u);
                }
            }
            "message_stop" => self.done = true,
            _ => {}
        }
    }

    /// Decodes and adds one `data:` payload.
    pub fn push_json(&mut self, data: &str) -> Result<(), serde_json::Error> {
        let event: StreamEvent = serde_json::from_str(data)?;
        self.push(event);
        Ok(())
    }
}

impl SseAccumulator for EventAccumulator {
    fn is_error(event: &SseEvent) -> bool {
        event.event.as_deref() == Some("error")
            || serde_json::from_str::<Value>(&event.data)
                .ok()
                .is_some_and(|v| v.get("type").and_then(Value::as_str) == Some("error"))
    }

    fn push_data(&mut self, data: &str) -> Result<(), serde_json::Error> {
        self.push_json(data)
    }

    /// Whether `message_stop` or a stop reason has arrived.
    fn is_complete(&self) -> bool {
        self.done || self.stop.is_some()
    }

    /// Whether `message_stop` has arrived.
    fn is_done(&self) -> bool {
        self.done
    }

    /// The text blocks, and each `tool_use` block from its start (which names it whole) with
    /// its `input_json_delta` fragments; input sent whole in the start block comes at the end. A
    /// block announced without an id gets its synthesised one now, kept for the whole response.
    fn report(&mut self, deltas: &mut Deltas) {
        deltas.text(self.blocks.iter().filter_map(|(_, b)| match b {
            Block::Text(t) => Some(t.as_str()),
            _ => None,
        }));
        let tools = self.blocks.iter_mut().filter_map(|(_, b)| match b {
            Block::Tool { id, name, json, .. } => Some((id, name, json)),
            _ => None,
        });
        for (i, (id, name, json)) in tools.enumerate() {
            let id = || id.get_or_insert_with(|| synthesize_call_id(i)).clone();
            if !deltas.call(i, true, name, json, id) {
                break;
            }
        }
    }

    /// The whole response. A stream that never started a message is a `MalformedResponse`.
    fn finish(self) -> Result<ModelResponse, ProviderError> {
        if !self.started {
            return Err(ProviderError::malformed(
                PROVIDER,
                "the stream never started a message",
            ));
        }
        let mut text = String::new();
        let mut tool_calls = Vec::new();
        for (_, block) in self.blocks {
            match block {
                Block::Text(t) => text.push_str(&t),
                Block::Tool {
                    id,
                    name,
                    json,
                    start_input,
                } => {
                    let arguments = if json.is_empty() {
                        start_input.unwrap_or_else(|| "{}".to_owned())
                    } else {
                        json
                    };
                    tool_calls.push(ToolCall {
                        id: id.unwrap_or_else(|| synthesize_call_id(tool_calls.len())),
                        name,
                        arguments,
                    });
                }
                Block::Other => {}
            }
        }
        Ok(ModelResponse {
            text: (!text.is_empty()).then_some(text),
            finish_reason: stop_reason(self.stop.as_deref(), !tool_calls.is_empty()),
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
    fn a_tool_use_cut_by_max_tokens_keeps_its_raw_input() {
        use crate::SseAccumulator;
        let mut acc = EventAccumulator::new();
        for data in [
            r#"{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"add","input":{}}}"#,
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\": 1"}}"#,
            r#"{"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":9}}"#,
            r#"{"type":"message_stop"}"#,
        ] {
            acc.push_json(data).unwrap();
        }
        let r = acc.finish().unwrap();
        assert_eq!(r.tool_calls[0].arguments, "{\"a\": 1");
    }

    fn result(id: &str, content: &str) -> Message {
        Message::Tool(ToolResult {
            call_id: id.into(),
            name: "t".into(),
            content: content.into(),
            is_error: id == "b",
        })
    }

    #[test]
    fn request_fixture_merges_tool_results() {
        let req = ModelRequest::new()
            .system("Be brief.")
            .messages(vec![
                Message::user("Two lookups."),
                Message::Assistant {
                    content: Some("Looking.".into()),
                    tool_calls: vec![
                        ToolCall {
                            id: "a".into(),
                            name: "t".into(),
                            arguments: "{\"q\": 1}".into(),
                        },
                        ToolCall {
                            id: "b".into(),
                            name: "t".into(),
                            arguments: "{\"q\": 2,".into(),
                        },
                    ],
                },
                result("a", "one"),
                result("b", "bad args"),
                Message::user("Go on."),
            ])
            .tools(vec![ToolSpec {
                name: "t".into(),
                description: "Look up".into(),
                parameters: json!({"type":"object"}),
            }])
            .sampling(Sampling::default());
        let body =
            serde_json::to_value(to_wire(&req, "claude-sonnet-4-5", &WireOptions::default()))
                .unwrap();
        assert_eq!(
            body,
            json!({
                "model": "claude-sonnet-4-5",
                "max_tokens": 4096,
                "system": "Be brief.",
                "messages": [
                    {"role": "user", "content": [{"type": "text", "text": "Two lookups."}]},
                    {"role": "assistant", "content": [
                        {"type": "text", "text": "Looking."},
                        {"type": "tool_use", "id": "a", "name": "t", "input": {"q": 1}},
                        {"type": "tool_use", "id": "b", "name": "t", "input": {"q": 2}}
                    ]},
                    {"role": "user", "content": [
                        {"type": "tool_result", "tool_use_id": "a", "content": "one"},
                        {"type": "tool_result", "tool_use_id": "b", "content": "bad args", "is_error": true},
                        {"type": "text", "text": "Go on."}
                    ]}
                ],
                "tools": [{"name": "t", "description": "Look up", "input_schema": {"type": "object"}}]
            })
        );
    }

    #[test]
    fn unrepairable_input_becomes_an_empty_object() {
        assert_eq!(input_object("[1, 2]"), json!({}));
        assert_eq!(input_object("{\"a\": 1"), json!({"a": 1}));
    }

    #[test]
    fn response_fixture_keeps_raw_input() {
        let body = r#"{
          "id": "msg_01Aq9w938a90dw8q", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
          "content": [
            {"type": "text", "text": "I'll check the weather."},
            {"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9", "name": "get_weather",
             "input": {"location": "San Francisco, CA", "unit": 1.50}}
          ],
          "stop_reason": "tool_use", "stop_sequence": null,
          "usage": {"input_tokens": 472, "output_tokens": 91, "cache_read_input_tokens": 8}
        }"#;
        let r = from_wire(serde_json::from_str(body).unwrap()).unwrap();
        assert_eq!(r.text.as_deref(), Some("I'll check the weather."));
        assert_eq!(r.tool_calls[0].id, "toolu_01A09q90qw90lq917835lq9");
        assert_eq!(
            r.tool_calls[0].arguments,
            r#"{"location": "San Francisco, CA", "unit": 1.50}"#
        );
        assert_eq!(r.finish_reason, FinishReason::ToolCalls);
        assert_eq!((r.usage.input_tokens, r.usage.output_tokens), (480, 91));
    }

    #[test]
    fn stream_fixture() {
        let mut acc = EventAccumulator::new();
        for data in [
            r#"{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":25,"output_tokens":1}}}"#,
            r#"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#,
            r#"{"type":"ping"}"#,
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Let me "}}"#,
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"check."}}"#,
            r#"{"type":"content_block_stop","index":0}"#,
            r#"{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_9","name":"get_weather","input":{}}}"#,
            r#"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":""}}"#,
            r#"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"location\": \"San Fra"}}"#,
            r#"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"ncisco, CA\"}"}}"#,
            r#"{"type":"content_block_stop","index":1}"#,
            r#"{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_10","name":"now","input":{}}}"#,
            r#"{"type":"content_block_stop","index":2}"#,
            r#"{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":89}}"#,
            r#"{"type":"message_stop"}"#,
        ] {
            acc.push_json(data).unwrap();
        }
        assert!(acc.is_done());
        let r = acc.finish().unwrap();
        assert_eq!(r.text.as_deref(), Some("Let me check."));
        assert_eq!(
            r.tool_calls[0].arguments,
            "{\"location\": \"San Francisco, CA\"}"
        );
        assert_eq!(r.tool_calls[1].arguments, "{}");
        assert_eq!(r.finish_reason, FinishReason::ToolCalls);
        assert_eq!((r.usage.input_tokens, r.usage.output_tokens), (25, 89));
    }
}
