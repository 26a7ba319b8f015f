//! The provider-neutral model interface.

mod answer;
mod capabilities;
pub mod constraint;
mod error;
mod message;
mod question;
mod schema;
mod stream;

use futures_util::future::BoxFuture;
use futures_util::stream::BoxStream;

pub use answer::AnswerFormat;
pub use capabilities::{Capabilities, FeedbackStyle, Recovery};
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
pub use schema::{
    ArgumentShapes, argument_shapes, call_shape, declared_order_text, property_order, resolve_ref,
    value_shape,
};
pub(crate) use schema::{
    MAX_LISTED_CHOICES, argument_names, compact_schema, concrete, each_subschema_mut,
    is_free_number, is_free_string, main_type, required_arguments, schema_choices, schema_examples,
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

    /// What this model says about itself for a request offering `tools`: how its error
    /// feedback is worded, how far it enforces a constraint, the example calls it is shown, and
    /// the recovery profile the runtime applies to its calls ([`Capabilities`]). The default is
    /// [`Capabilities::default`]: full feedback, no constraint, no examples, the neutral
    /// profile.
    ///
    /// A wrapper forwards this one method to keep the wrapped model's behaviour (the `Arc` and
    /// `Box` impls do).
    ///
    /// ```
    /// use agents_core::model::{Capabilities, Model, ModelRequest, ModelResponse, ModelError, ToolSpec};
    /// use futures_util::future::BoxFuture;
    ///
    /// /// Logs every request, and is in every other way the model it wraps.
    /// struct Logged<M>(M);
    ///
    /// impl<M: Model> Model for Logged<M> {
    ///     fn name(&self) -> &str {
    ///         self.0.name()
    ///     }
    ///     fn capabilities(&self, tools: &[ToolSpec]) -> Capabilities {
    ///         self.0.capabilities(tools)
    ///     }
    ///     fn complete<'a>(
    ///         &'a self,
    ///         request: &'a ModelRequest,
    ///     ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
    ///         println!("{} messages", request.messages.len());
    ///         self.0.complete(request)
    ///     }
    /// }
    /// ```
    fn capabilities(&self, tools: &[ToolSpec]) -> Capabilities {
        let _ = tools;
        Capabilities::default()
    }
}

/// `Arc<M>` and `Box<M>` are the model they point to, every method forwarded.
macro_rules! forward_model {
    ($pointer:ty) => {
        impl<M: Model + ?Sized> Model for $pointer {
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

            fn capabilities(&self, tools: &[ToolSpec]) -> Capabilities {
                (**self).capabilities(tools)
            }
        }
    };
}

forward_model!(std::sync::Arc<M>);
forward_model!(Box<M>);
