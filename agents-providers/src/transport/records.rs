//! A streamed body cut into records (server-sent events, NDJSON lines) and pulled one at a time:
//! the one reading loop under every stream reader, whether it collects a whole response or hands
//! out its parts as they arrive.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use super::{ByteStream, LineDecoder, SseDecoder, SseEvent};
use crate::error::ProviderError;

/// How a body is cut into records, whatever the chunk boundaries.
pub(crate) trait Framing: Send {
    /// One record.
    type Record: Send;
    /// Feeds bytes; returns the records they complete.
    fn push(&mut self, bytes: &[u8]) -> Vec<Self::Record>;
    /// Ends the body: a record not closed yet is still delivered.
    fn finish(&mut self) -> Option<Self::Record>;
}

/// A public decoder is a framing through its own `push` and `finish` (one body for both).
macro_rules! framing {
    ($($decoder:ident => $record:ty),*) => {$(
        impl Framing for $decoder {
            type Record = $record;
            fn push(&mut self, bytes: &[u8]) -> Vec<$record> {
                $decoder::push(self, bytes)
            }
            fn finish(&mut self) -> Option<$record> {
                $decoder::finish(self)
            }
        }
    )*};
}

framing!(SseDecoder => SseEvent, LineDecoder => String);

/// The records of one body, read as they are asked for.
#[derive(Debug)]
pub(crate) struct Records<F: Framing> {
    framing: F,
    ready: VecDeque<F::Record>,
    ended: bool,
}

impl<F: Framing> Records<F> {
    /// Records cut by `framing`.
    pub(crate) fn new(framing: F) -> Self {
        Records {
            framing,
            ready: VecDeque::new(),
            ended: false,
        }
    }

    /// The next record of `stream`; `None` at the end of the body. A broken connection is an
    /// error (nothing is retried here: output began).
    pub(crate) async fn next(
        &mut self,
        stream: &mut ByteStream,
    ) -> Result<Option<F::Record>, ProviderError> {
        loop {
            if let Some(record) = self.ready.pop_front() {
                return Ok(Some(record));
            }
            if self.ended {
                return Ok(None);
            }
            match stream.next_chunk().await? {
                Some(bytes) => self.ready.extend(self.framing.push(&bytes)),
                None => {
                    self.ended = true;
                    self.ready.extend(self.framing.finish());
                }
            }
        }
    }

    /// Hands every record of `stream` to `on_record` until it breaks or the body ends. A broken
    /// connection is an error (nothing is retried here: output began).
    pub(crate) async fn for_each(
        mut self,
        stream: &mut ByteStream,
        mut on_record: impl FnMut(F::Record) -> Result<ControlFlow<()>, ProviderError>,
    ) -> Result<(), ProviderError> {
        while let Some(record) = self.next(stream).await? {
            if on_record(record)?.is_break() {
                break;
            }
        }
        Ok(())
    }
}
