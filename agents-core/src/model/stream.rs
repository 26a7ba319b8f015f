//! A model response as it arrives.

use futures_util::StreamExt;
use futures_util::future::BoxFuture;
use futures_util::stream::BoxStream;

use super::{ModelError, ModelResponse};

/// One piece of a streamed model response (see [`Model::stream`](super::Model::stream)).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum StreamPart {
    /// More of the answer's text.
    TextDelta(String),
    /// A tool call began: its position in the response, id and tool name as sent.
    ToolCallStarted {
        /// Position among the response's calls.
        index: usize,
        /// The call id.
        id: String,
        /// The tool name the model asked for.
        name: String,
    },
    /// More of a tool call's argument text, unparsed.
    ToolCallDelta {
        /// Position among the response's calls.
        index: usize,
        /// The text added.
        arguments: String,
    },
    /// The whole response, reassembled: always the last part of a stream that did not fail.
    Done(ModelResponse),
}

/// The parts of a whole response, in the order a stream would give them.
pub(crate) fn parts_of(response: ModelResponse) -> Vec<StreamPart> {
    let mut parts = Vec::with_capacity(2 + 2 * response.tool_calls.len());
    if let Some(text) = response.text.as_ref().filter(|t| !t.is_empty()) {
        parts.push(StreamPart::TextDelta(text.clone()));
    }
    for (index, call) in response.tool_calls.iter().enumerate() {
        parts.push(StreamPart::ToolCallStarted {
            index,
            id: call.id.clone(),
            name: call.name.clone(),
        });
        parts.push(StreamPart::ToolCallDelta {
            index,
            arguments: call.arguments.clone(),
        });
    }
    parts.push(StreamPart::Done(response));
    parts
}

/// A stream of one `complete` call's parts (the default [`Model::stream`](super::Model::stream)).
pub(crate) fn from_complete<'a>(
    complete: BoxFuture<'a, Result<ModelResponse, ModelError>>,
) -> BoxStream<'a, Result<StreamPart, ModelError>> {
    futures_util::stream::once(complete)
        .flat_map(|result| {
            let parts: Vec<Result<StreamPart, ModelError>> = match result {
                Ok(response) => parts_of(response).into_iter().map(Ok).collect(),
                Err(e) => vec![Err(e)],
            };
            futures_util::stream::iter(parts)
        })
        .boxed()
}
