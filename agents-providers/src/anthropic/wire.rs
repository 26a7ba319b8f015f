//! The Anthropic messages wire format, as the API defines it (the fields this client uses;
//! unknown fields and block types in responses are ignored).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

/// `POST /v1/messages` request body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MessagesRequest {
    /// The model id.
    pub model: String,
    /// Token cap (required by the API).
    pub max_tokens: u32,
    /// The system prompt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<String>,
    /// The conversation: alternating `user` / `assistant` messages.
    pub messages: Vec<MessageParam>,
    /// Tools the model may call.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<ToolParam>,
    /// `{"type": "auto" | "any" | "none"}` or `{"type": "tool", "name": ...}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_choice: Option<Value>,
    /// Temperature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f32>,
    /// Nucleus sampling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_p: Option<f32>,
    /// Stop strings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stop_sequences: Vec<String>,
    /// Whether to stream.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<bool>,
}

/// One message of the conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MessageParam {
    /// `user` or `assistant`.
    pub role: String,
    /// Its blocks.
    pub content: Vec<ContentBlock>,
}

/// A block of a request message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContentBlock {
    /// Text.
    Text {
        /// The text.
        text: String,
    },
    /// A call the model made (in an assistant message).
    ToolUse {
        /// The call id.
        id: String,
        /// The tool.
        name: String,
        /// The arguments, a JSON object.
        input: Value,
    },
    /// A tool's result (in a user message).
    ToolResult {
        /// The call answered.
        tool_use_id: String,
        /// The result text.
        content: String,
        /// Whether it reports a failure.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        is_error: bool,
    },
}

/// A tool definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolParam {
    /// Name.
    pub name: String,
    /// Description.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// JSON Schema of the input object.
    pub input_schema: Value,
}

/// The response body (a `message`).
#[derive(Debug, Clone, Deserialize)]
pub struct MessagesResponse {
    /// Message id.
    #[allow(dead_code)] // parsed as before (a non-string fails the body), read by nothing yet
    #[serde(default)]
    pub id: Option<String>,
    /// Its blocks.
    #[serde(default)]
    pub content: Vec<ResponseBlock>,
    /// `end_turn`, `max_tokens`, `stop_sequence`, `tool_use`, `pause_turn`, `refusal`.
    #[serde(default)]
    pub stop_reason: Option<String>,
    /// Usage.
    #[serde(default)]
    pub usage: Option<WireUsage>,
}

/// A block of a response. `input` is kept as the raw JSON text the API sent.
#[derive(Debug, Clone, Deserialize)]
pub struct ResponseBlock {
    /// `text`, `tool_use`, `thinking`, ...
    #[serde(rename = "type")]
    pub kind: String,
    /// Text of a `text` block.
    #[serde(default)]
    pub text: Option<String>,
    /// Id of a `tool_use` block.
    #[serde(default)]
    pub id: Option<String>,
    /// Tool name of a `tool_use` block.
    #[serde(default)]
    pub name: Option<String>,
    /// Input of a `tool_use` block, as sent.
    #[serde(default)]
    pub input: Option<Box<RawValue>>,
}

/// Token usage (fields absent from an event are `None`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub struct WireUsage {
    /// Uncached input tokens.
    #[serde(default)]
    pub input_tokens: Option<u64>,
    /// Output tokens (cumulative in `message_delta`).
    #[serde(default)]
    pub output_tokens: Option<u64>,
    /// Input tokens written to the cache.
    #[serde(default)]
    pub cache_creation_input_tokens: Option<u64>,
    /// Input tokens read from the cache.
    #[serde(default)]
    pub cache_read_input_tokens: Option<u64>,
}

/// One server-sent event of a stream (`data:` payload), any type.
#[derive(Debug, Clone, Deserialize)]
pub struct StreamEvent {
    /// `message_start`, `content_block_start`, `content_block_delta`, `content_block_stop`,
    /// `message_delta`, `message_stop`, `ping`, `error`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The block index (block events).
    #[serde(default)]
    pub index: Option<u32>,
    /// The message (`message_start`).
    #[serde(default)]
    pub message: Option<StartMessage>,
    /// The block (`content_block_start`).
    #[serde(default)]
    pub content_block: Option<ResponseBlock>,
    /// The delta (`content_block_delta`, `message_delta`).
    #[serde(default)]
    pub delta: Option<StreamDelta>,
    /// Usage (`message_delta`).
    #[serde(default)]
    pub usage: Option<WireUsage>,
}

/// The message of `message_start`.
#[derive(Debug, Clone, Deserialize)]
pub struct StartMessage {
    /// Message id.
    #[allow(dead_code)] // parsed as before (a non-string fails the event), read by nothing yet
    #[serde(default)]
    pub id: Option<String>,
    /// Usage so far.
    #[serde(default)]
    pub usage: Option<WireUsage>,
}

/// A delta: `text_delta`, `input_json_delta`, or the message-level stop reason.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct StreamDelta {
    /// `text_delta`, `input_json_delta`, `thinking_delta`, ... (absent in `message_delta`).
    #[allow(dead_code)] // parsed as before (a non-string fails the event), read by nothing yet
    #[serde(rename = "type", default)]
    pub kind: Option<String>,
    /// Text fragment.
    #[serde(default)]
    pub text: Option<String>,
    /// Fragment of a tool input's JSON text.
    #[serde(default)]
    pub partial_json: Option<String>,
    /// Stop reason (`message_delta`).
    #[serde(default)]
    pub stop_reason: Option<String>,
}
