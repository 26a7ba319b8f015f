//! A model response as it arrives.

use std::collections::VecDeque;

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

/// Turns a response that grows as a stream delivers it into the [`StreamPart`]s not yet given
/// out, so a streaming client derives its parts from the same accumulator that builds its whole
/// response (see `agents-providers`).
///
/// The client shows the response so far after each piece it reads ([`text`](Self::text),
/// [`call`](Self::call)), and the whole response last ([`finish`](Self::finish)); what was added
/// since the last look is queued, and [`next_part`](Self::next_part) hands it out. Text and arguments are
/// expected to grow only at their end; the whole response is what counts: whatever of it was not
/// given out yet comes before [`StreamPart::Done`].
///
/// ```
/// use agents_core::model::{Deltas, ModelResponse, StreamPart, ToolCall};
/// let mut d = Deltas::new();
/// d.text(["Hel"]);
/// d.call(0, true, "add", "{\"a\":", || "call_1".to_owned());
/// d.text(["Hello"]);
/// let whole = ModelResponse {
///     text: Some("Hello".into()),
///     tool_calls: vec![ToolCall { id: "call_1".into(), name: "add".into(), arguments: "{\"a\":1}".into() }],
///     ..ModelResponse::default()
/// };
/// d.finish(whole.clone());
/// let parts: Vec<StreamPart> = std::iter::from_fn(|| d.next_part()).collect();
/// assert_eq!(parts, vec![
///     StreamPart::TextDelta("Hel".into()),
///     StreamPart::ToolCallStarted { index: 0, id: "call_1".into(), name: "add".into() },
///     StreamPart::ToolCallDelta { index: 0, arguments: "{\"a\":".into() },
///     StreamPart::TextDelta("lo".into()),
///     StreamPart::ToolCallDelta { index: 0, arguments: "1}".into() },
///     StreamPart::Done(whole),
/// ]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Deltas {
    /// Bytes of text given out.
    text_sent: usize,
    /// For each call started (in order), the bytes of its arguments given out.
    calls: Vec<usize>,
    ready: VecDeque<StreamPart>,
}

impl Deltas {
    /// Nothing given out yet.
    pub fn new() -> Self {
        Deltas::default()
    }

    /// The text so far, in the pieces the client keeps it in (their concatenation is the text):
    /// what was added since the last look becomes a [`StreamPart::TextDelta`].
    pub fn text<'s>(&mut self, pieces: impl IntoIterator<Item = &'s str>) {
        let mut skip = self.text_sent;
        let mut added = String::new();
        for piece in pieces {
            if skip >= piece.len() {
                skip -= piece.len();
                continue;
            }
            // A piece that did not grow at its end (not expected) is left to `finish`.
            let Some(rest) = piece.get(skip..) else {
                return;
            };
            skip = 0;
            added.push_str(rest);
        }
        if !added.is_empty() {
            self.text_sent += added.len();
            self.ready.push_back(StreamPart::TextDelta(added));
        }
    }

    /// Call `index` so far. It is started ([`StreamPart::ToolCallStarted`], with the id `id`
    /// gives) once every earlier call has started, its name is not empty and `named` says the
    /// name is whole (a client whose wire may split a name says so once arguments or a later
    /// call arrived); then each look gives out the arguments added
    /// ([`StreamPart::ToolCallDelta`]). Returns whether the call has started: a client shows
    /// its calls in order and stops at the first that has not.
    pub fn call(
        &mut self,
        index: usize,
        named: bool,
        name: &str,
        arguments: &str,
        id: impl FnOnce() -> String,
    ) -> bool {
        if index > self.calls.len() {
            return false;
        }
        if index == self.calls.len() {
            if !named || name.is_empty() {
                return false;
            }
            self.ready.push_back(StreamPart::ToolCallStarted {
                index,
                id: id(),
                name: name.to_owned(),
            });
            self.calls.push(0);
        }
        self.arguments(index, arguments);
        true
    }

    /// The whole response: what of it was not given out yet (text, calls not started, the rest
    /// of their arguments), then [`StreamPart::Done`] with the response itself.
    pub fn finish(&mut self, response: ModelResponse) {
        if let Some(text) = &response.text {
            self.text([text.as_str()]);
        }
        for (index, call) in response.tool_calls.iter().enumerate() {
            self.call(index, true, &call.name, &call.arguments, || call.id.clone());
            if index >= self.calls.len() {
                // A call without a name still starts here: the response is whole.
                self.ready.push_back(StreamPart::ToolCallStarted {
                    index,
                    id: call.id.clone(),
                    name: call.name.clone(),
                });
                self.calls.push(0);
                self.arguments(index, &call.arguments);
            }
        }
        self.ready.push_back(StreamPart::Done(response));
    }

    /// Whether parts are waiting to be handed out.
    pub fn is_empty(&self) -> bool {
        self.ready.is_empty()
    }

    /// Hands out the next part queued, in order.
    pub fn next_part(&mut self) -> Option<StreamPart> {
        self.ready.pop_front()
    }

    /// Gives out the arguments of started call `index` added since the last look.
    fn arguments(&mut self, index: usize, arguments: &str) {
        let Some(sent) = self.calls.get_mut(index) else {
            return;
        };
        if let Some(added) = arguments.get(*sent..).filter(|a| !a.is_empty()) {
            *sent = arguments.len();
            self.ready.push_back(StreamPart::ToolCallDelta {
                index,
                arguments: added.to_owned(),
            });
        }
    }
}

/// The parts of a whole response, in the order a stream would give them.
pub(crate) fn parts_of(response: ModelResponse) -> Vec<StreamPart> {
    let mut deltas = Deltas::new();
    deltas.finish(response);
    std::iter::from_fn(|| deltas.next_part()).collect()
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
