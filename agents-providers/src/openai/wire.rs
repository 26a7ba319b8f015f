//! The chat completions wire format, as the API defines it (the fields this client uses; unknown
//! fields in responses are ignored, so extensions of compatible servers do not break decoding).

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// `POST /chat/completions` request body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatRequest {
    /// The model id.
    pub model: String,
    /// The conversation.
    pub messages: Vec<ChatMessage>,
    /// Tools the model may call.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<ChatTool>,
    /// `"auto"`, `"none"`, `"required"` or `{"type":"function","function":{"name":...}}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_choice: Option<Value>,
    /// Whether the model may call several tools at once (`false` for a constrained request:
    /// one call).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parallel_tool_calls: Option<bool>,
    /// Temperature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f32>,
    /// Nucleus sampling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_p: Option<f32>,
    /// Token cap (the classic field, understood by every compatible server).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_tokens: Option<u32>,
    /// Token cap (the newer field OpenAI's reasoning models require).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_completion_tokens: Option<u32>,
    /// Stop strings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stop: Vec<String>,
    /// Seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Whether to stream.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<bool>,
    /// Streaming options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream_options: Option<StreamOptions>,
    /// The form of a text answer: `{"type": "json_schema", "json_schema": {"name", "schema",
    /// "strict"}}` for a typed answer. It holds the text only: the model may still call tools.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_format: Option<Value>,
}

/// `stream_options`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StreamOptions {
    /// Ask for a last chunk with the usage (and empty `choices`).
    pub include_usage: bool,
}

/// One message of the conversation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "lowercase")]
pub enum ChatMessage {
    /// The system prompt.
    System {
        /// Text.
        content: String,
    },
    /// The user.
    User {
        /// Text.
        content: String,
    },
    /// The model's earlier turn.
    Assistant {
        /// Text (`null` when it only called tools).
        content: Option<String>,
        /// Calls it made.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tool_calls: Vec<WireToolCall>,
    },
    /// A tool's result.
    Tool {
        /// The call answered.
        tool_call_id: String,
        /// The result text.
        content: String,
    },
}

/// A tool definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatTool {
    /// Always `"function"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The function.
    pub function: FunctionDef,
}

/// A function definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FunctionDef {
    /// Name.
    pub name: String,
    /// Description.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// JSON Schema of the arguments.
    pub parameters: Value,
    /// Strict mode: the arguments are held to `parameters` (which must then be in the form
    /// strict mode demands); sent for a constrained request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strict: Option<bool>,
}

/// A tool call in a request (history) or a response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireToolCall {
    /// The call id; some compatible servers omit it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Always `"function"`.
    #[serde(rename = "type", default = "function_type")]
    pub kind: String,
    /// The function called.
    pub function: WireFunctionCall,
}

fn function_type() -> String {
    "function".to_owned()
}

/// The function part of a call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireFunctionCall {
    /// Name.
    #[serde(default)]
    pub name: String,
    /// Arguments: JSON text per the API. Servers that send a JSON object instead are accepted;
    /// the object is kept as its compact text.
    #[serde(default, deserialize_with = "raw_arguments")]
    pub arguments: String,
}

fn raw_arguments<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => s,
        Value::Null => String::new(),
        other => other.to_string(),
    })
}

fn null_as_empty<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    Ok(Option::<Vec<T>>::deserialize(d)?.unwrap_or_default())
}

/// `chat.completion` response body.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ChatResponse {
    /// Completion id.
    #[serde(default)]
    pub id: Option<String>,
    /// Choices (one unless `n` was set).
    #[serde(default, deserialize_with = "null_as_empty")]
    pub choices: Vec<Choice>,
    /// Usage.
    #[serde(default)]
    pub usage: Option<WireUsage>,
}

/// One choice of a response.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Choice {
    /// Index.
    #[serde(default)]
    pub index: u32,
    /// The message.
    pub message: ResponseMessage,
    /// `stop`, `length`, `tool_calls`, `content_filter`, `function_call`, ...
    #[serde(default)]
    pub finish_reason: Option<String>,
}

/// The message of a choice.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ResponseMessage {
    /// Text.
    #[serde(default)]
    pub content: Option<String>,
    /// A refusal, from models that report it separately.
    #[serde(default)]
    pub refusal: Option<String>,
    /// Calls.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub tool_calls: Vec<WireToolCall>,
}

/// Token usage.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub struct WireUsage {
    /// Prompt tokens.
    #[serde(default)]
    pub prompt_tokens: u64,
    /// Generated tokens.
    #[serde(default)]
    pub completion_tokens: u64,
}

/// One `chat.completion.chunk` of a stream.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ChatChunk {
    /// Completion id.
    #[serde(default)]
    pub id: Option<String>,
    /// Choice deltas (empty, `null` or absent in the last, usage-only chunk).
    #[serde(default, deserialize_with = "null_as_empty")]
    pub choices: Vec<ChunkChoice>,
    /// Usage, in the last chunk when `include_usage` was asked.
    #[serde(default)]
    pub usage: Option<WireUsage>,
}

/// One choice delta.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ChunkChoice {
    /// Index.
    #[serde(default)]
    pub index: u32,
    /// The delta.
    #[serde(default)]
    pub delta: Delta,
    /// Set on the choice's last chunk.
    #[serde(default)]
    pub finish_reason: Option<String>,
}

/// What a chunk adds.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct Delta {
    /// Text.
    #[serde(default)]
    pub content: Option<String>,
    /// A refusal fragment.
    #[serde(default)]
    pub refusal: Option<String>,
    /// Call fragments.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub tool_calls: Vec<ToolCallDelta>,
}

/// A fragment of a call: the first carries `id` and `name`, the rest pieces of `arguments`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ToolCallDelta {
    /// Which call of the message (absent on some servers that send whole calls).
    #[serde(default)]
    pub index: Option<u32>,
    /// The call id, on the first fragment.
    #[serde(default)]
    pub id: Option<String>,
    /// Function fragment.
    #[serde(default)]
    pub function: Option<FunctionDelta>,
}

/// A fragment of the function part.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct FunctionDelta {
    /// The name (on the first fragment; some servers repeat or split it).
    #[serde(default)]
    pub name: Option<String>,
    /// A piece of the argument text.
    #[serde(default, deserialize_with = "optional_raw_arguments")]
    pub arguments: Option<String>,
}

fn optional_raw_arguments<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => Some(s),
        Value::Null => None,
        other => Some(other.to_string()),
    })
}
