//! The provider-neutral model interface.

mod answer;
pub mod constraint;
mod error;
mod message;
mod question;
mod schema;
mod stream;

use futures_util::future::BoxFuture;
use futures_util::stream::BoxStream;

pub use answer::AnswerFormat;
pub use constraint::{
    Constraint, ConstraintSupport, FINAL_ANSWER_TOOL, final_answer_spec, typed_final_answer_spec,
};
pub use error::{ModelError, ModelErrorKind};
pub use message::{
    FinishReason, Message, ModelRequest, ModelResponse, Sampling, ToolCall, ToolResult, ToolSpec,
    Usage,
};
pub use question::{
    ANSWER_TOKENS, QUESTION_INSTRUCTIONS, ValueQuestion, answered_value, question_request,
};
pub use schema::{ArgumentShapes, argument_shapes, call_shape, resolve_ref, value_shape};
pub(crate) use schema::{
    MAX_LISTED_CHOICES, argument_names, compact_schema, concrete, main_type, required_arguments,
    strip_noise,
};
pub use stream::{Deltas, StreamPart};

/// A language model the agent loop can call.
///
/// Implemented by the provider clients (`agents-providers`), by
/// [`ScriptedModel`](crate::testing::ScriptedModel) for tests, and by anything else that can turn a
/// [`ModelRequest`] into a [`ModelResponse`]. Streaming clients implement `complete` by
/// reassembling the stream, so the loop always sees whole tool calls with their raw argument text.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a model",
    label = "expected something implementing `agents::model::Model`",
    note = "use a provider client from `agents::providers`, or `agents::testing::ScriptedModel` in tests"
)]
pub trait Model: Send + Sync {
    /// A short name for events and traces (`gpt-4o`, `gemma3-270m`, `scripted`).
    fn name(&self) -> &str;

    /// Sends one request.
    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>>;

    /// Sends one request and yields the response as it arrives: text deltas, tool calls as they
    /// begin and grow, and last the whole response, exactly what
    /// [`complete`](Self::complete) would return ([`StreamPart::Done`]). An error ends the
    /// stream.
    ///
    /// The default calls `complete` and yields its parts at once; a client that streams on the
    /// wire yields them as they come.
    fn stream<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxStream<'a, Result<StreamPart, ModelError>> {
        stream::from_complete(self.complete(request))
    }

    /// How the runtime words error feedback for this model: in full by default; short and
    /// shaped like the call to write for a model that writes its calls as text (the prompted
    /// clients say so).
    fn feedback_style(&self) -> FeedbackStyle {
        FeedbackStyle::Full
    }

    /// How far this model enforces a request's [`constraint`](ModelRequest::constraint). The
    /// default is [`ConstraintSupport::Unsupported`]: a client that does not map constraints
    /// to its wire format must not claim to.
    fn constraint_support(&self) -> ConstraintSupport {
        ConstraintSupport::Unsupported
    }

    /// How far this model holds a typed answer to a request's
    /// [`answer`](ModelRequest::answer) schema: [`Schema`](ConstraintSupport::Schema) where the
    /// provider's sampler is held to it (OpenAI's `response_format`, Gemini's `responseSchema`,
    /// Ollama's `format`, llama.cpp's `json_schema`), [`ToolChoice`](ConstraintSupport::ToolChoice)
    /// where the answer is a forced tool call (Anthropic). The default is
    /// [`Unsupported`](ConstraintSupport::Unsupported): the runtime then sends no schema, and
    /// the answer is asked for in the prompt and read through repair as ever.
    fn answer_support(&self) -> ConstraintSupport {
        ConstraintSupport::Unsupported
    }

    /// The arguments of the worked example calls this model is shown besides the conversation,
    /// for a request offering `tools` (a prompted client's examples, made-up ones included).
    /// The runtime refuses a call that copies one of their values the user never gave (see
    /// the `echo` check in docs/repair.md). The default is none: a model shown no examples.
    fn example_arguments(&self, tools: &[ToolSpec]) -> Vec<serde_json::Value> {
        let _ = tools;
        Vec::new()
    }
}

impl<M: Model + ?Sized> Model for std::sync::Arc<M> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        (**self).complete(request)
    }
    fn stream<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxStream<'a, Result<StreamPart, ModelError>> {
        (**self).stream(request)
    }

    fn feedback_style(&self) -> FeedbackStyle {
        (**self).feedback_style()
    }

    fn constraint_support(&self) -> ConstraintSupport {
        (**self).constraint_support()
    }

    fn answer_support(&self) -> ConstraintSupport {
        (**self).answer_support()
    }

    fn example_arguments(&self, tools: &[ToolSpec]) -> Vec<serde_json::Value> {
        (**self).example_arguments(tools)
    }
}

/// How error feedback is worded for a model ([`Model::feedback_style`](crate::Model)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FeedbackStyle {
    /// What was wrong, with the expected JSON Schema and the allowed tools (models with native
    /// tool calling).
    #[default]
    Full,
    /// Short and shaped like the call to write (`add: {"a": number, "b": number}`): no
    /// JSON-Schema keyword a model could copy into its arguments, and no list of every tool
    /// (small models prompted to write their calls as text).
    Short,
}
