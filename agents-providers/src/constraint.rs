//! What every client does with a request's [`Constraint`](agents_core::model::Constraint)
//! before mapping it to its wire format: find the tools it allows, and refuse a constraint
//! that allows none (sending the request unconstrained would pretend).
//!
//! Each item is compiled where a client that uses it is (the features name the clients).

use agents_core::model::{ModelRequest, ToolSpec};

use crate::error::ProviderError;
#[cfg(feature = "prompted")]
pub(crate) use prompted::{RawSchema, answer_schema, prompted_call_schema, refuse};

/// The tools `request`'s constraint allows, in the request's order; `None` without a
/// constraint. An error when the constraint allows no offered tool.
pub(crate) fn allowed<'a>(
    provider: &'static str,
    request: &'a ModelRequest,
) -> Result<Option<Vec<&'a ToolSpec>>, ProviderError> {
    let Some(constraint) = &request.constraint else {
        return Ok(None);
    };
    let tools = constraint.allowed(&request.tools);
    if tools.is_empty() {
        let what = match constraint.named() {
            Some(name) => format!("the tool `{name}`, which the request does not offer"),
            None => "any tool, but the request offers none".to_owned(),
        };
        return Err(ProviderError::config(
            provider,
            format!("the request is constrained to a call to {what}"),
        ));
    }
    Ok(Some(tools))
}

/// The typed answer a request asks to be held to on this turn, for a provider whose structured
/// answer takes the tools away (a schema over the whole generation, a forced tool): only on a
/// turn that offers no tools and is not constrained (a constraint wins: prevention mode's
/// final-answer tool carries the same schema), and never for a question about the user's
/// words. OpenAI's `response_format`, which leaves calls free, does not need this.
#[cfg(any(feature = "anthropic", feature = "gemini", feature = "prompted"))]
pub(crate) fn held_answer(request: &ModelRequest) -> Option<&agents_core::model::AnswerFormat> {
    request.answer.as_ref().filter(|_| {
        request.tools.is_empty() && request.constraint.is_none() && request.value_question.is_none()
    })
}

/// What the prompted clients (and Ollama's, built on them) send: schemas as written, and the
/// refusal of a constraint they cannot hold.
#[cfg(feature = "prompted")]
mod prompted {
    use agents_core::model::{
        AnswerFormat, ModelRequest, ToolSpec, constraint::schema::call_schema,
    };
    use serde_json::value::RawValue;

    use crate::error::ProviderError;

    /// A JSON schema kept as the text it was written as, so that its key order (the tool's name
    /// first: generation order for a grammar) reaches the server.
    #[derive(Debug, Clone, serde::Serialize)]
    #[serde(transparent)]
    pub(crate) struct RawSchema(Box<RawValue>);

    impl PartialEq for RawSchema {
        fn eq(&self, other: &Self) -> bool {
            self.0.get() == other.0.get()
        }
    }

    /// The JSON schema of one prompted call to one of `tools` ([`call_schema`]).
    pub(crate) fn prompted_call_schema(
        provider: &'static str,
        tools: &[&ToolSpec],
    ) -> Result<RawSchema, ProviderError> {
        let text = call_schema(tools)
            .ok_or_else(|| ProviderError::config(provider, "a constraint to no tool"))?;
        RawSchema::new(provider, text)
    }

    impl RawSchema {
        /// A schema already written as JSON text.
        pub(crate) fn new(
            provider: &'static str,
            text: String,
        ) -> Result<RawSchema, ProviderError> {
            RawValue::from_string(text).map(RawSchema).map_err(|e| {
                ProviderError::config(provider, format!("the schema is not JSON: {e}"))
            })
        }
    }

    /// Refuses a constrained request: for a client that cannot constrain, so that nothing is sent
    /// as if it were.
    pub(crate) fn refuse(
        provider: &'static str,
        request: &ModelRequest,
    ) -> Result<(), ProviderError> {
        match &request.constraint {
            None => Ok(()),
            Some(_) => Err(ProviderError::config(
                provider,
                "this client cannot constrain decoding (its capabilities say constraint Unsupported); \
                 the constrained request was not sent",
            )),
        }
    }

    /// The answer's schema as the text a grammar-holding server takes (`format`, `json_schema`).
    pub(crate) fn answer_schema(
        provider: &'static str,
        format: &AnswerFormat,
    ) -> Result<RawSchema, ProviderError> {
        RawSchema::new(provider, format.schema.to_string())
    }
}
