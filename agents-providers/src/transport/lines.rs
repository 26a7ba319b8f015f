//! The incremental line decoder under both stream formats: newline-delimited JSON (NDJSON, read
//! as is) and server-sent events (whose fields are lines).
//! Bytes go in as they arrive, in chunks of any size; whole lines come out.

/// Splits bytes into lines, whatever the chunk boundaries (`\n` or `\r\n` endings).
#[derive(Debug, Default)]
pub struct LineDecoder {
    buf: Vec<u8>,
}

impl LineDecoder {
    /// A new decoder.
    pub fn new() -> Self {
        LineDecoder::default()
    }

    /// Feeds bytes; returns the lines they complete (without their ending).
    pub fn push(&mut self, bytes: &[u8]) -> Vec<String> {
        self.buf.extend_from_slice(bytes);
        let mut lines = Vec::new();
        while let Some(pos) = self.buf.iter().position(|&b| b == b'\n') {
            let mut line: Vec<u8> = self.buf.drain(..=pos).collect();
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            lines.push(String::from_utf8_lossy(&line).into_owned());
        }
        lines
    }

    /// The last line, if the body did not end with a newline.
    pub fn finish(&mut self) -> Option<String> {
        if self.buf.is_empty() {
            return None;
        }
        let mut line = std::mem::take(&mut self.buf);
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Some(String::from_utf8_lossy(&line).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_across_chunks() {
        let mut d = LineDecoder::new();
        assert!(d.push(b"{\"a\":").is_empty());
        assert_eq!(d.push(b"1}\n{\"b\""), vec!["{\"a\":1}".to_owned()]);
        assert_eq!(d.finish().as_deref(), Some("{\"b\""));
    }
}
