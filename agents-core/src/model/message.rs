//! Provider-neutral conversation types.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A tool call as the model sent it. `arguments` is the raw text, unparsed: repair starts from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCall {
    /// The provider's call id (synthesised by the provider client where the API has none).
    pub id: String,
    /// The tool name the model asked for (which may not exist).
    pub name: String,
    /// The argument text exactly as received.
    pub arguments: String,
}

/// The result paired with one tool call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolResult {
    /// The id of the call this answers.
    pub call_id: String,
    /// The tool name of that call.
    pub name: String,
    /// What the model reads.
    pub content: String,
    /// Whether this reports a failure.
    pub is_error: bool,
}

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum Message {
    /// The user (or the parent agent) speaking.
    User {
        /// The text.
        content: String,
    },
    /// The model's turn: text, tool calls, or both.
    Assistant {
        /// Text, if any.
        content: Option<String>,
        /// Tool calls, in the order the model made them.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tool_calls: Vec<ToolCall>,
    },
    /// The result of one tool call.
    Tool(ToolResult),
}

impl Message {
    /// A user message.
    pub fn user(content: impl Into<String>) -> Self {
        Message::User {
            content: content.into(),
        }
    }

    /// An assistant message with text only.
    pub fn assistant(content: impl Into<String>) -> Self {
        Message::Assistant {
            content: Some(content.into()),
            tool_calls: Vec::new(),
        }
    }
}

/// A tool as the model sees it: name, description and the JSON Schema of its arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolSpec {
    /// The name the model calls it by.
    pub name: String,
    /// What it does, for the model.
    pub description: String,
    /// JSON Schema of the argument object.
    pub parameters: Value,
}

/// Sampling settings. `None` leaves the provider's default.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Sampling {
    /// Temperature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f32>,
    /// Nucleus sampling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_p: Option<f32>,
    /// Cap on generated tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_tokens: Option<u32>,
    /// Stop strings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stop: Vec<String>,
    /// Seed, where the provider supports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// One request to a model. Built with [`ModelRequest::new`] and its methods (its fields may
/// grow):
///
/// ```
/// use agents_core::model::{Message, ModelRequest, Sampling};
/// let request = ModelRequest::new()
///     .system("Be brief.")
///     .messages(vec![Message::user("hi")])
///     .sampling(Sampling { max_tokens: Some(16), ..Sampling::default() });
/// assert_eq!(request.messages.len(), 1);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ModelRequest {
    /// The system prompt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<String>,
    /// The conversation so far; every assistant tool call is followed by its result.
    pub messages: Vec<Message>,
    /// The tools the model may call this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<ToolSpec>,
    /// Sampling settings.
    #[serde(default)]
    pub sampling: Sampling,
    /// The agent runs strict ([`strict(true)`](crate::LlmAgentBuilder::strict)): no recovery
    /// anywhere. A client that reads calls out of generated text (prompted tool calling) reads
    /// only its documented shape and writes nothing for the model (no prefill, no changed
    /// sampling), so that "recovery off" is really off.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub strict: bool,
    /// A decoding constraint for this turn: the model must answer with one call, held to the
    /// allowed tool's schema where the provider can ([`Capabilities::constraint`](super::Capabilities)).
    /// A client that cannot constrain refuses a constrained request rather than send it
    /// unconstrained.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constraint: Option<super::Constraint>,
    /// This request asks a question about the user's words rather than for a turn (the
    /// `ask_values` repair step): `messages` hold it as one user message, which a chat client
    /// sends as it is; a client with a better way to ask (the prompted clients' question
    /// prompt) asks this instead, and answers in `text`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_question: Option<super::ValueQuestion>,
    /// The schema a typed final answer is held to (the agent's output type is not text, and
    /// the model says it can hold one: [`Capabilities::answer`](super::Capabilities)). A client asks
    /// for the answer in its provider's structured form where it can do so without taking the
    /// tools away (OpenAI's `response_format` holds only text, never a call), and otherwise
    /// only on a turn that offers no tools; under a [`constraint`](Self::constraint) the
    /// constraint wins (prevention mode's final-answer tool carries the same schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<super::AnswerFormat>,
    /// The tools of [`tools`](Self::tools) as their authors declared them, where this turn
    /// narrows one's schema: prevention mode's turn after a copied value holds that argument
    /// to the user's words with an `enum` of their spans (or numbers). The narrowed schema is
    /// what the sampler is held to; this one is what the tool takes. A client that shows the
    /// model an example call of a tool makes the example from this schema: made from the
    /// narrowed one, it would show the first of the user's spans as the example's value, and
    /// a small model copies an example's value (`"where_to": "planning"` for "I'm planning a
    /// trip to Austin"). Empty on every other turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declared_tools: Vec<ToolSpec>,
}

impl ModelRequest {
    /// An empty request: no system prompt, no messages, no tools, default sampling.
    pub fn new() -> Self {
        ModelRequest::default()
    }

    /// Sets the system prompt.
    #[must_use]
    pub fn system(mut self, system: impl Into<String>) -> Self {
        self.system = Some(system.into());
        self
    }

    /// Sets the conversation.
    #[must_use]
    pub fn messages(mut self, messages: Vec<Message>) -> Self {
        self.messages = messages;
        self
    }

    /// Sets the tools the model may call.
    #[must_use]
    pub fn tools(mut self, tools: Vec<ToolSpec>) -> Self {
        self.tools = tools;
        self
    }

    /// Sets the sampling settings.
    #[must_use]
    pub fn sampling(mut self, sampling: Sampling) -> Self {
        self.sampling = sampling;
        self
    }

    /// Marks the request strict (no recovery anywhere; see [`strict`](Self#structfield.strict)).
    #[must_use]
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// Sets the decoding constraint.
    #[must_use]
    pub fn constraint(mut self, constraint: Option<super::Constraint>) -> Self {
        self.constraint = constraint;
        self
    }

    /// Sets the schema the answer is held to ([`answer`](Self#structfield.answer)).
    #[must_use]
    pub fn answer(mut self, answer: Option<super::AnswerFormat>) -> Self {
        self.answer = answer;
        self
    }

    /// Makes the request a question about the user's words
    /// ([`value_question`](Self#structfield.value_question)).
    #[must_use]
    pub fn value_question(mut self, question: super::ValueQuestion) -> Self {
        self.value_question = Some(question);
        self
    }
}

/// Token usage reported by the provider.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Prompt tokens.
    pub input_tokens: u64,
    /// Generated tokens.
    pub output_tokens: u64,
}

impl Usage {
    /// Input plus output (saturating: counts come from providers, and u64::MAX must not wrap).
    pub fn total(&self) -> u64 {
        self.input_tokens.saturating_add(self.output_tokens)
    }
}

impl Usage {
    /// A conservative estimate of what a model call cost, for a provider that reported no usage:
    /// one token per 3 bytes (rounded up) of the request body as sent (`request_bytes`, its JSON
    /// framing included) and of what the model generated (the raw generation, else the text and
    /// each call's name and argument text), and at least one token each way.
    ///
    /// Tokenizers give about 4 bytes of English prose per token and 3 of code or JSON, and about
    /// one token per character of scripts written in 3-byte UTF-8 (Chinese, Japanese): 3 bytes
    /// per token overcounts the first, meets the others, and counting the request's framing
    /// overcounts the input further. A token budget then stops a run a little early, never late.
    ///
    /// ```
    /// use agents_core::ModelResponse;
    /// use agents_core::model::Usage;
    /// let usage = Usage::estimate(900, &ModelResponse::text("The weather is mild."));
    /// assert_eq!((usage.input_tokens, usage.output_tokens), (300, 7));
    /// ```
    pub fn estimate(request_bytes: usize, response: &ModelResponse) -> Usage {
        let generated = match &response.raw {
            Some(raw) => raw.len(),
            None => {
                response.text.as_deref().map_or(0, str::len)
                    + response
                        .tool_calls
                        .iter()
                        .map(|c| c.name.len() + c.arguments.len())
                        .sum::<usize>()
            }
        };
        let tokens = |bytes: usize| (bytes.div_ceil(3) as u64).max(1);
        Usage {
            input_tokens: tokens(request_bytes),
            output_tokens: tokens(generated),
        }
    }
}

/// One line for logs: `120 in / 15 out tokens`.
impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} in / {} out tokens",
            self.input_tokens, self.output_tokens
        )
    }
}

/// Saturating, like [`Usage::total`]: a wrapped sum would undercount a token budget.
impl std::ops::AddAssign for Usage {
    fn add_assign(&mut self, rhs: Usage) {
        self.input_tokens = self.input_tokens.saturating_add(rhs.input_tokens);
        self.output_tokens = self.output_tokens.saturating_add(rhs.output_tokens);
    }
}

/// Why the model stopped generating.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinishReason {
    /// A natural end.
    #[default]
    Stop,
    /// It wants tool results.
    ToolCalls,
    /// It hit the token cap: the last tool call may be truncated.
    Length,
    /// The provider filtered the output.
    ContentFilter,
    /// Anything else, as the provider named it.
    Other(String),
}

impl FinishReason {
    /// The reason in snake case, as it serialises (`stop`, `tool_calls`), or the provider's own
    /// word: what a trace records in `gen_ai.response.finish_reasons`.
    pub fn as_str(&self) -> &str {
        match self {
            FinishReason::Stop => "stop",
            FinishReason::ToolCalls => "tool_calls",
            FinishReason::Length => "length",
            FinishReason::ContentFilter => "content_filter",
            FinishReason::Other(other) => other,
        }
    }
}

/// Prints [`as_str`](FinishReason::as_str): `tool_calls`.
impl std::fmt::Display for FinishReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One response from a model.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ModelResponse {
    /// Text, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Tool calls, in order, with their raw argument text.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    /// Token usage.
    #[serde(default)]
    pub usage: Usage,
    /// Why it stopped.
    #[serde(default)]
    pub finish_reason: FinishReason,
    /// The text the model generated, as received, when the calls were read out of it (prompted
    /// tool calling: the whole generation, any prefill written for the model included). `None`
    /// when the provider returned the calls as structured data (`text` and `tool_calls` are then
    /// what the model sent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raw: Option<String>,
    /// Whether `usage` is an estimate ([`Usage::estimate`]) because the provider reported none
    /// (a stream that ended without its usage chunk, a server that leaves usage out). The agent
    /// loop announces such a response with an [`Event::Warning`](crate::event::Event::Warning)
    /// and charges the estimate to the token budget.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub usage_estimated: bool,
}

impl ModelResponse {
    /// A final text answer.
    pub fn text(text: impl Into<String>) -> Self {
        ModelResponse {
            text: Some(text.into()),
            ..Default::default()
        }
    }

    /// A response that calls one tool with the given raw argument text.
    pub fn tool_call(
        id: impl Into<String>,
        name: impl Into<String>,
        arguments: impl Into<String>,
    ) -> Self {
        ModelResponse {
            tool_calls: vec![ToolCall {
                id: id.into(),
                name: name.into(),
                arguments: arguments.into(),
            }],
            finish_reason: FinishReason::ToolCalls,
            ..Default::default()
        }
    }

    /// Adds another tool call.
    pub fn and_tool_call(
        mut self,
        id: impl Into<String>,
        name: impl Into<String>,
        arguments: impl Into<String>,
    ) -> Self {
        self.tool_calls.push(ToolCall {
            id: id.into(),
            name: name.into(),
            arguments: arguments.into(),
        });
        self.finish_reason = FinishReason::ToolCalls;
        self
    }

    /// Sets the reported usage.
    pub fn with_usage(mut self, input_tokens: u64, output_tokens: u64) -> Self {
        self.usage = Usage {
            input_tokens,
            output_tokens,
        };
        self
    }
}
