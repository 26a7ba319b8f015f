//! Reading a streamed body of newline-delimited JSON records (NDJSON, Ollama's `/api/chat`), the
//! counterpart of the server-sent-event reader: bytes come in chunks of any size, whole records
//! go out, and a line that is not a record is skipped with a warning.

use std::ops::ControlFlow;

use serde::de::DeserializeOwned;

use super::{ByteStream, LineDecoder, Records};
use crate::error::ProviderError;

impl ByteStream {
    /// Reads the body as newline-delimited lines, calling `on_line` for each non-empty line
    /// until it breaks or the body ends. A broken connection is returned as an error (nothing
    /// is retried: output began).
    pub async fn read_lines(
        &mut self,
        mut on_line: impl FnMut(String) -> Result<ControlFlow<()>, ProviderError>,
    ) -> Result<(), ProviderError> {
        Records::new(LineDecoder::new())
            .for_each(self, |line| {
                if line.trim().is_empty() {
                    Ok(ControlFlow::Continue(()))
                } else {
                    on_line(line)
                }
            })
            .await
    }

    /// Reads the body as NDJSON records of type `T`, calling `on_record` for each until it
    /// breaks or the body ends; returns how many non-empty lines were not a `T` (each skipped
    /// with a warning whose decoder message is scrubbed: it may quote an echoed key). A broken
    /// connection is returned as an error.
    pub async fn read_ndjson<T: DeserializeOwned>(
        &mut self,
        mut on_record: impl FnMut(T) -> ControlFlow<()>,
    ) -> Result<usize, ProviderError> {
        let scrubber = self.scrubber();
        let mut skipped = 0usize;
        self.read_lines(|line| match serde_json::from_str::<T>(&line) {
            Ok(record) => Ok(on_record(record)),
            Err(e) => {
                skipped += 1;
                let error = scrubber.scrub(&e.to_string());
                tracing::warn!(%error, "skipping a stream line that is not a record of this API");
                Ok(ControlFlow::Continue(()))
            }
        })
        .await?;
        Ok(skipped)
    }
}
