//! Ollama's `/api/chat` wire format, as its API documents it (the fields this client uses;
//! unknown fields in responses are ignored).

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub(crate) use crate::wire::FunctionDeclaration;
use crate::wire::{SamplingNames, SamplingObject, no_arguments, raw_arguments};

/// `POST /api/chat` request body.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct ChatRequest {
    /// The model (`qwen2.5:7b`, ...).
    pub model: String,
    /// The conversation, the system prompt first.
    pub messages: Vec<ChatMessage>,
    /// Whether to stream NDJSON records (Ollama streams unless told not to).
    pub stream: bool,
    /// Tools the model may call.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<Tool>,
    /// Sampling (under [`OPTIONS`] names); left out when nothing is set.
    #[serde(skip_serializing_if = "SamplingObject::is_empty")]
    pub options: SamplingObject,
    /// A JSON schema the reply is held to: the prompted call format, for a constrained request
    /// to a model prompted for its tools; a typed answer's schema, on a turn without tools.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<crate::constraint::RawSchema>,
}

/// One message of the conversation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct ChatMessage {
    /// `system`, `user`, `assistant` or `tool`.
    pub role: &'static str,
    /// The text (empty for an assistant message with calls only).
    pub content: String,
    /// The calls of an assistant message.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    /// The tool a `tool` message answers (Ollama pairs results by name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_name: Option<String>,
}

/// A call sent back in the history.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct ToolCall {
    /// The call.
    pub function: FunctionCall,
}

/// The function part of a call sent back.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct FunctionCall {
    /// The tool.
    pub name: String,
    /// The arguments, a JSON object.
    pub arguments: Value,
}

/// A tool definition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Tool {
    /// Always `function`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The function.
    pub function: FunctionDeclaration,
}

/// What `options` calls each sampling setting.
pub(crate) const OPTIONS: SamplingNames = SamplingNames {
    temperature: "temperature",
    top_p: "top_p",
    max_tokens: "num_predict",
    stop: "stop",
    seed: "seed",
};

/// One NDJSON record of a streamed response, or the whole body of one that is not streamed.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct ChatRecord {
    /// A piece of the assistant message (the whole message when not streamed).
    pub message: Option<ResponseMessage>,
    /// Whether this is the last record.
    pub done: Option<bool>,
    /// `stop`, `length`, ... (on the last record).
    pub done_reason: Option<String>,
    /// Input tokens (on the last record).
    pub prompt_eval_count: Option<u64>,
    /// Output tokens (on the last record).
    pub eval_count: Option<u64>,
    /// An error Ollama reports instead of output (`"unexpected EOF"`, ...): text, usually.
    pub error: Option<Value>,
}

impl ChatRecord {
    /// The error this record reports, as text.
    pub(crate) fn error_text(&self) -> Option<String> {
        match self.error.as_ref()? {
            Value::String(s) => Some(s.clone()),
            other => Some(other.to_string()),
        }
    }

    /// Whether the record is one of this API: a message, or the last record.
    pub(crate) fn is_of_this_api(&self) -> bool {
        self.message.is_some() || self.done == Some(true)
    }
}

/// The assistant message (or a piece of it).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct ResponseMessage {
    /// Text.
    pub content: Option<String>,
    /// Calls.
    pub tool_calls: Option<Vec<ResponseToolCall>>,
}

/// A call in a response. Some servers put `name` and `arguments` beside `function` instead of
/// inside it; both are read.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct ResponseToolCall {
    /// The call id (Ollama usually sends none).
    pub id: Option<String>,
    /// The call.
    pub function: Option<ResponseFunction>,
    /// The tool, when not inside `function`.
    pub name: Option<String>,
    /// The arguments' JSON text, when not inside `function`.
    #[serde(default = "no_arguments", deserialize_with = "raw_arguments")]
    pub arguments: String,
}

/// The function part of a call in a response. `arguments` is kept as the JSON text Ollama sent.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct ResponseFunction {
    /// The tool.
    pub name: Option<String>,
    /// The arguments' JSON text (`{}` when absent or `null`).
    #[serde(default = "no_arguments", deserialize_with = "raw_arguments")]
    pub arguments: String,
}
