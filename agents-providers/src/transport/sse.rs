//! The incremental decoder of server-sent events (`text/event-stream`) bodies.
//! Bytes go in as they arrive, in chunks of any size; whole events come out.

use super::LineDecoder;

/// One server-sent event.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SseEvent {
    /// The `event:` field, if any.
    pub event: Option<String>,
    /// The `data:` lines, joined with `\n`.
    pub data: String,
}

/// Decodes a `text/event-stream` body.
///
/// ```
/// use agents_providers::transport::SseDecoder;
/// let mut d = SseDecoder::new();
/// assert!(d.push(b"event: ping\ndata: {\"a\"").is_empty());
/// let events = d.push(b":1}\n\ndata: [DONE]\n\n");
/// assert_eq!(events[0].event.as_deref(), Some("ping"));
/// assert_eq!(events[0].data, "{\"a\":1}");
/// assert_eq!(events[1].data, "[DONE]");
/// ```
#[derive(Debug, Default)]
pub struct SseDecoder {
    lines: LineDecoder,
    current: SseEvent,
    has_data: bool,
}

impl SseDecoder {
    /// A new decoder.
    pub fn new() -> Self {
        SseDecoder::default()
    }

    /// Feeds bytes; returns the events they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<SseEvent> {
        let lines = self.lines.push(bytes);
        lines.into_iter().filter_map(|l| self.line(&l)).collect()
    }

    /// Ends the body: an event not closed by a blank line is still delivered.
    pub fn finish(&mut self) -> Option<SseEvent> {
        if let Some(l) = self.lines.finish()
            && let Some(e) = self.line(&l)
        {
            return Some(e);
        }
        self.dispatch()
    }

    fn line(&mut self, line: &str) -> Option<SseEvent> {
        if line.is_empty() {
            return self.dispatch();
        }
        if line.starts_with(':') {
            return None;
        }
        let (field, value) = match line.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (line, ""),
        };
        match field {
            "event" => self.current.event = Some(value.to_owned()),
            "data" => {
                if self.has_data {
                    self.current.data.push('\n');
                }
                self.current.data.push_str(value);
                self.has_data = true;
            }
            _ => {}
        }
        None
    }

    fn dispatch(&mut self) -> Option<SseEvent> {
        let had = self.has_data || self.current.event.is_some();
        self.has_data = false;
        let event = std::mem::take(&mut self.current);
        had.then_some(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_at_a_time_with_crlf_and_comments() {
        let body =
            b": keep-alive\r\nevent: message_start\r\ndata: {\"x\":\r\ndata: 1}\r\n\r\ndata: tail";
        let mut d = SseDecoder::new();
        let mut events = Vec::new();
        for b in body {
            events.extend(d.push(&[*b]));
        }
        events.extend(d.finish());
        assert_eq!(
            events,
            vec![
                SseEvent {
                    event: Some("message_start".into()),
                    data: "{\"x\":\n1}".into()
                },
                SseEvent {
                    event: None,
                    data: "tail".into()
                }
            ]
        );
    }
}
