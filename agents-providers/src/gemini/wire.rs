//! The Gemini `generateContent` wire format, as the API defines it (the fields this client uses;
//! unknown fields and part kinds in responses are ignored).

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub(crate) use crate::wire::FunctionDeclaration;
use crate::wire::{SamplingNames, SamplingObject, no_arguments, raw_arguments};

/// `POST /models/{model}:generateContent` (and `:streamGenerateContent`) request body.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct GenerateContentRequest {
    /// The conversation: `user` / `model` turns, each a list of parts.
    pub contents: Vec<Content>,
    /// The system prompt, as a content without a role.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_instruction: Option<Content>,
    /// One entry holding every function the model may call.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<Tool>,
    /// How the model may call functions: for a constrained request, mode `ANY` with the
    /// allowed names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_config: Option<Value>,
    /// Sampling (under [`GENERATION_CONFIG`] names); left out when nothing is set.
    #[serde(skip_serializing_if = "SamplingObject::is_empty")]
    pub generation_config: SamplingObject,
}

/// One turn of the conversation (or the system instruction, which has no role).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Content {
    /// `user` or `model`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// Its parts.
    pub parts: Vec<Part>,
}

/// A part of a request turn: `{"text": ...}`, `{"functionCall": ...}` or `{"functionResponse": ...}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) enum Part {
    /// Text.
    Text(String),
    /// A call the model made (in a `model` turn).
    FunctionCall(FunctionCall),
    /// A function's result (in a `user` turn).
    FunctionResponse(FunctionResponse),
}

/// A call sent back in the history.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct FunctionCall {
    /// The call id, when Gemini sent one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The function.
    pub name: String,
    /// The arguments, a JSON object.
    pub args: Value,
}

/// A function's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct FunctionResponse {
    /// The id of the call answered, when Gemini sent one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The function.
    pub name: String,
    /// The result, a JSON object (`{"result": ...}` or `{"error": ...}` for text).
    pub response: Value,
}

/// The `tools` entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Tool {
    /// The functions.
    pub function_declarations: Vec<FunctionDeclaration>,
}

/// What `generationConfig` calls each sampling setting.
pub(crate) const GENERATION_CONFIG: SamplingNames = SamplingNames {
    temperature: "temperature",
    top_p: "topP",
    max_tokens: "maxOutputTokens",
    stop: "stopSequences",
    seed: "seed",
};

/// A `GenerateContentResponse`: a whole response, or one streamed chunk.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct GenerateContentResponse {
    /// The candidates (one unless `candidateCount` was set); the first is read.
    pub candidates: Option<Vec<Candidate>>,
    /// Token counts.
    pub usage_metadata: Option<UsageMetadata>,
    /// Why the prompt was blocked, when it was (then there is no candidate).
    pub prompt_feedback: Option<PromptFeedback>,
}

/// One candidate answer.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Candidate {
    /// Its content.
    pub content: Option<CandidateContent>,
    /// `STOP`, `MAX_TOKENS`, `SAFETY`, ... (on the last chunk).
    pub finish_reason: Option<String>,
}

/// A candidate's content.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct CandidateContent {
    /// Its parts.
    pub parts: Option<Vec<ResponsePart>>,
}

/// A part of a response: text, a thought, or a call (other kinds are ignored).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct ResponsePart {
    /// Text.
    pub text: Option<String>,
    /// Whether the text is the model's thinking (not part of the answer).
    pub thought: Option<bool>,
    /// A call.
    pub function_call: Option<ResponseFunctionCall>,
}

/// A call in a response. `args` is kept as the JSON text Gemini sent.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct ResponseFunctionCall {
    /// The call id (Gemini usually sends none).
    pub id: Option<String>,
    /// The function.
    pub name: Option<String>,
    /// The arguments' JSON text (`{}` when absent or `null`).
    #[serde(default = "no_arguments", deserialize_with = "raw_arguments")]
    pub args: String,
}

/// `usageMetadata`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct UsageMetadata {
    /// Input tokens.
    pub prompt_token_count: Option<u64>,
    /// Output tokens of the answer.
    pub candidates_token_count: Option<u64>,
    /// Output tokens spent thinking.
    pub thoughts_token_count: Option<u64>,
}

/// `promptFeedback`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct PromptFeedback {
    /// `SAFETY`, `BLOCKLIST`, ...
    pub block_reason: Option<String>,
}
