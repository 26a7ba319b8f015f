#![cfg_attr(
    not(any(
        feature = "openai",
        feature = "anthropic",
        feature = "gemini",
        feature = "ollama"
    )),
    allow(unused)
)]
//! Reading a provider's streamed body once, for both ways a caller may want it: as one whole
//! response (`Model::complete`) or as the parts of it that arrive (`Model::stream`). The same
//! accumulator puts the response together either way; when streaming, it shows its progress to
//! a [`Deltas`] after each record, which turns it into text deltas and tool calls as they begin
//! and grow, and the whole response is the last part.
//!
//! Retries: everything that may be sent again is sent again before the first part exists (by the
//! transport, until a 2xx arrives; for Ollama, also an `unexpected EOF` read before the first
//! part). Once a part was handed out, an error ends the stream: nothing is sent twice.

use agents_core::model::{Deltas, ModelError, ModelResponse, StreamPart};
use futures_util::stream::BoxStream;
use std::future::Future;

use crate::client::SseAccumulator;
use crate::error::ProviderError;
use crate::transport::{ByteStream, Framing, Records, SseDecoder};

/// What became of one record.
pub(crate) enum Read {
    /// A record of this API, added to the response.
    Accepted,
    /// Nothing to read (a blank line, an empty event, a record of the API that carries nothing).
    Ignored,
    /// Not a record of this API: skipped with a warning (the decoder's message).
    Skipped(serde_json::Error),
}

/// A provider's accumulator over the records of its stream format.
pub(crate) trait Accumulate {
    /// How the body is cut into records.
    type Framing: Framing;
    /// A new framing for a body.
    fn framing() -> Self::Framing;
    /// Reads one record; an error the provider reported inside the stream ends it (build it with
    /// `stream`, which scrubs it and gives it the request's status and id).
    fn read(
        &mut self,
        record: <Self::Framing as Framing>::Record,
        stream: &ByteStream,
    ) -> Result<Read, ProviderError>;
    /// Whether the response is complete (a finish reason or the end marker arrived).
    fn is_complete(&self) -> bool;
    /// Whether nothing more will come (the end marker arrived).
    fn is_done(&self) -> bool;
    /// Shows the response so far to `deltas`.
    fn report(&mut self, deltas: &mut Deltas);
    /// The whole response.
    fn finish(self) -> Result<ModelResponse, ProviderError>;
}

/// A server-sent-event accumulator ([`SseAccumulator`]) over SSE framing.
pub(crate) struct Sse<A>(pub A);

impl<A: SseAccumulator> Accumulate for Sse<A> {
    type Framing = SseDecoder;
    fn framing() -> SseDecoder {
        SseDecoder::new()
    }
    fn read(
        &mut self,
        event: crate::transport::SseEvent,
        stream: &ByteStream,
    ) -> Result<Read, ProviderError> {
        let data = event.data.trim();
        if data.is_empty() {
            return Ok(Read::Ignored);
        }
        if A::is_error(&event) {
            return Err(stream.stream_error(data));
        }
        Ok(match self.0.push_data(data) {
            Ok(()) => Read::Accepted,
            Err(e) => Read::Skipped(e),
        })
    }
    fn is_complete(&self) -> bool {
        self.0.is_complete()
    }
    fn is_done(&self) -> bool {
        self.0.is_done()
    }
    fn report(&mut self, deltas: &mut Deltas) {
        self.0.report(deltas);
    }
    fn finish(self) -> Result<ModelResponse, ProviderError> {
        self.0.finish()
    }
}

/// One streamed body being read into a response.
pub(crate) struct Reading<A: Accumulate, S = ByteStream> {
    stream: S,
    records: Records<A::Framing>,
    /// `None` once the response was put together.
    acc: Option<A>,
    accepted: usize,
    skipped: usize,
}

impl<A: Accumulate, S: std::borrow::BorrowMut<ByteStream>> Reading<A, S> {
    /// Reads `stream` with `acc`.
    pub(crate) fn new(stream: S, acc: A) -> Self {
        Reading {
            stream,
            records: Records::new(A::framing()),
            acc: Some(acc),
            accepted: 0,
            skipped: 0,
        }
    }

    /// Reads records until `deltas` (when given) has parts ready, or the body ended: then the
    /// whole response, judged as every stream's end is (see [`stream_end`]).
    async fn read(
        &mut self,
        mut deltas: Option<&mut Deltas>,
    ) -> Result<Option<ModelResponse>, ProviderError> {
        let Some(acc) = self.acc.as_mut() else {
            return Err(self.stream.borrow().error(
                agents_core::model::ModelErrorKind::Other,
                "the stream was read to its end already",
            ));
        };
        let stream = self.stream.borrow_mut();
        let read = loop {
            let record = match self.records.next(stream).await {
                Ok(Some(record)) => record,
                Ok(None) => break Ok(()),
                Err(e) => break Err(e),
            };
            match acc.read(record, stream)? {
                Read::Accepted if acc.is_complete() => {
                    self.accepted += 1;
                    stream.response_complete();
                }
                Read::Accepted => self.accepted += 1,
                Read::Ignored => {}
                Read::Skipped(e) => {
                    self.skipped += 1;
                    // A decoder's message may quote the payload (and so an echoed key).
                    let error = stream.scrubber().scrub(&e.to_string());
                    tracing::warn!(%error, "skipping a stream payload this API does not define");
                }
            }
            if acc.is_done() {
                break Ok(());
            }
            if let Some(d) = deltas.as_deref_mut() {
                acc.report(d);
                if !d.is_empty() {
                    return Ok(None);
                }
            }
        };
        let stream = self.stream.borrow();
        stream_end(stream, read, acc.is_complete(), self.accepted, self.skipped)?;
        let acc = self.acc.take().map(A::finish);
        match acc {
            Some(Ok(mut response)) => {
                // A stream cut after its finish reason may lack its usage (OpenAI's last chunk).
                stream.settle_usage(&mut response);
                Ok(Some(response))
            }
            Some(Err(e)) => Err(stream.adopt(e)),
            None => Ok(None),
        }
    }

    /// Reads the whole body into one response.
    pub(crate) async fn collect(mut self) -> Result<ModelResponse, ProviderError> {
        loop {
            if let Some(response) = self.read(None).await? {
                return Ok(response);
            }
        }
    }
}

/// Judges a stream (of any format) that ended or broke, before its response is put together.
/// A broken connection before the response was complete is that error; after it, the response
/// stands. A body that ended cleanly without a complete response is a `MalformedResponse` when
/// it held payloads not of this API (`skipped`) or none of it (`accepted`), as in whole-body mode
/// (sending it again will not help); else a `Connection` error (it was cut short).
fn stream_end(
    stream: &ByteStream,
    read: Result<(), ProviderError>,
    complete: bool,
    accepted: usize,
    skipped: usize,
) -> Result<(), ProviderError> {
    match read {
        Err(e) if !complete => return Err(e),
        Err(e) => tracing::debug!(error = %e, "stream broke after the response was complete"),
        Ok(()) if !complete && (skipped > 0 || accepted == 0) => {
            return Err(stream.error(
                agents_core::model::ModelErrorKind::MalformedResponse,
                format!(
                    "the stream ended without a response this API defines \
                     ({accepted} payloads read, {skipped} not of this API)"
                ),
            ));
        }
        Ok(()) if !complete => {
            return Err(stream.error(
                agents_core::model::ModelErrorKind::Connection,
                "the stream ended before the response was complete",
            ));
        }
        Ok(()) => {}
    }
    if skipped > 0 {
        tracing::warn!(skipped, "stream payloads skipped");
    }
    Ok(())
}

/// A response on its way to the caller: read from a stream, or already whole (a client that did
/// not stream on the wire, or a fallback that reads the whole answer first). With `deltas`, its
/// parts are handed out as they arrive; without, it is only ever collected.
pub(crate) struct Parts<A: Accumulate> {
    reading: Option<Reading<A>>,
    whole: Option<ModelResponse>,
    deltas: Option<Deltas>,
}

impl<A: Accumulate> Parts<A> {
    /// The parts of `stream`, read by `acc`; handed out as they arrive when `streaming`.
    pub(crate) fn stream(stream: ByteStream, acc: A, streaming: bool) -> Self {
        Parts {
            reading: Some(Reading::new(stream, acc)),
            whole: None,
            deltas: streaming.then(Deltas::new),
        }
    }

    /// A response already whole.
    pub(crate) fn whole(response: ModelResponse, streaming: bool) -> Self {
        Parts {
            reading: None,
            whole: Some(response),
            deltas: streaming.then(Deltas::new),
        }
    }

    /// Reads until the first parts are ready (or, when not streaming, to the end of the body),
    /// so that whatever fails before any part was handed out fails here, where a provider may
    /// still send the request again.
    pub(crate) async fn start(mut self) -> Result<Self, ProviderError> {
        if self.deltas.is_none() {
            if let Some(reading) = self.reading.take() {
                self.whole = Some(reading.collect().await?);
            }
            return Ok(self);
        }
        self.fill().await?;
        Ok(self)
    }

    /// The whole response: read to the end of the body (past any parts already handed out),
    /// or taken from the parts not handed out yet.
    pub(crate) async fn collect(self) -> Result<ModelResponse, ProviderError> {
        if let Some(response) = self.whole {
            return Ok(response);
        }
        if let Some(reading) = self.reading {
            return reading.collect().await;
        }
        let mut deltas = self.deltas.unwrap_or_default();
        std::iter::from_fn(|| deltas.next_part())
            .find_map(|part| match part {
                StreamPart::Done(response) => Some(response),
                _ => None,
            })
            .ok_or_else(|| {
                ProviderError::new(
                    "agents-providers",
                    agents_core::model::ModelErrorKind::Other,
                    "the whole response was handed out as parts already",
                )
            })
    }

    /// Reads until parts are ready or the response was handed out whole.
    async fn fill(&mut self) -> Result<(), ProviderError> {
        let Some(deltas) = self.deltas.as_mut() else {
            return Ok(());
        };
        while deltas.is_empty() {
            if let Some(response) = self.whole.take() {
                deltas.finish(response);
            } else if let Some(reading) = self.reading.as_mut() {
                if let Some(response) = reading.read(Some(deltas)).await? {
                    self.reading = None;
                    deltas.finish(response);
                }
            } else {
                break;
            }
        }
        Ok(())
    }

    /// The next part; `None` after the whole response was handed out.
    async fn next(&mut self) -> Result<Option<StreamPart>, ProviderError> {
        self.fill().await?;
        Ok(self.deltas.as_mut().and_then(Deltas::next_part))
    }
}

/// The parts a provider's `start` future opens, as the stream `Model::stream` returns: each
/// error (scrubbed by `to_model`) ends it.
pub(crate) fn into_stream<'a, A, F>(
    start: F,
    to_model: impl Fn(ProviderError) -> ModelError + Send + 'a,
) -> BoxStream<'a, Result<StreamPart, ModelError>>
where
    A: Accumulate + Send + 'a,
    F: Future<Output = Result<Parts<A>, ProviderError>> + Send + 'a,
{
    enum State<A: Accumulate, F> {
        Opening(F),
        // Boxed: the open state is large, and moved at every step.
        Open(Box<Parts<A>>),
        Over,
    }
    let state = State::Opening(start);
    // Fused: polling after the end (or after an error) yields `None`, never a panic.
    Box::pin(futures_util::StreamExt::fuse(futures_util::stream::unfold(
        (state, to_model),
        |(state, to_model)| async move {
            let mut parts = match state {
                State::Opening(start) => match start.await {
                    Ok(parts) => Box::new(parts),
                    Err(e) => return Some((Err(to_model(e)), (State::Over, to_model))),
                },
                State::Open(parts) => parts,
                State::Over => return None,
            };
            match parts.next().await {
                Ok(Some(part)) => Some((Ok(part), (State::Open(parts), to_model))),
                Ok(None) => None,
                Err(e) => Some((Err(to_model(e)), (State::Over, to_model))),
            }
        },
    )))
}
