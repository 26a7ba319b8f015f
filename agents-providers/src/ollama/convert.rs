//! Between the agents-core types and Ollama's `/api/chat` bodies: the request body, and the
//! response put together from NDJSON records (or the one record of a whole response).

use agents_core::model::ModelErrorKind;
use agents_core::model::{
    Deltas, FinishReason, Message, ModelRequest, ModelResponse, ToolCall, Usage,
};

use super::PROVIDER;
use super::wire::{
    ChatMessage, ChatRecord, ChatRequest, FunctionCall, FunctionDeclaration, OPTIONS, Tool,
    ToolCall as WireToolCall,
};
use crate::error::ProviderError;
use crate::ids::synthesize_call_id;
use crate::parts::{Accumulate, Read};
use crate::transport::{ByteStream, HttpResponse, LineDecoder};
use crate::wire::{SamplingObject, arguments_object};

/// The `/api/chat` body.
pub(super) fn to_wire(request: &ModelRequest, model: &str, stream: bool) -> ChatRequest {
    let message = |role, content: &str| ChatMessage {
        role,
        content: content.to_owned(),
        tool_calls: Vec::new(),
        tool_name: None,
    };
    let mut messages = Vec::new();
    if let Some(s) = request.system.as_deref().filter(|s| !s.is_empty()) {
        messages.push(message("system", s));
    }
    for m in &request.messages {
        messages.push(match m {
            Message::User { content } => message("user", content),
            Message::Assistant {
                content,
                tool_calls,
            } => ChatMessage {
                tool_calls: tool_calls
                    .iter()
                    .map(|c| WireToolCall {
                        function: FunctionCall {
                            name: c.name.clone(),
                            arguments: arguments_object(&c.arguments),
                        },
                    })
                    .collect(),
                ..message("assistant", content.as_deref().unwrap_or_default())
            },
            Message::Tool(r) => ChatMessage {
                tool_name: Some(r.name.clone()),
                ..message("tool", &r.content)
            },
        });
    }
    ChatRequest {
        model: model.to_owned(),
        messages,
        stream,
        tools: request
            .tools
            .iter()
            .map(|t| Tool {
                kind: "function",
                function: FunctionDeclaration {
                    name: t.name.clone(),
                    description: t.description.clone(),
                    parameters: t.parameters.clone(),
                },
            })
            .collect(),
        options: SamplingObject::new(&OPTIONS, &request.sampling),
        format: None,
    }
}

/// Reads a whole (not streamed) response: one record. An `error` in it is a `Server` error.
pub(super) fn read_whole(response: &HttpResponse) -> Result<ModelResponse, ProviderError> {
    let record: ChatRecord = response.json(PROVIDER)?;
    if let Some(e) = record.error_text() {
        return Err(response.error(ModelErrorKind::Server, e));
    }
    let mut acc = Accumulator::default();
    acc.push(record);
    acc.into_response().map_err(|e| response.adopt(e))
}

/// Puts a response together from NDJSON records (or the one record of a whole response).
#[derive(Debug, Default)]
pub(super) struct Accumulator {
    text: String,
    calls: Vec<ToolCall>,
    done: bool,
    done_reason: Option<String>,
    usage: Usage,
    saw_message: bool,
}

impl Accumulator {
    fn push(&mut self, record: ChatRecord) {
        if let Some(m) = record.message {
            self.saw_message = true;
            if let Some(t) = m.content {
                self.text.push_str(&t);
            }
            for c in m.tool_calls.unwrap_or_default() {
                let (name, arguments) = match c.function {
                    Some(f) => (f.name, f.arguments),
                    None => (c.name, c.arguments),
                };
                let id =
                    c.id.filter(|s| !s.is_empty())
                        .unwrap_or_else(|| synthesize_call_id(self.calls.len()));
                self.calls.push(ToolCall {
                    id,
                    name: name.unwrap_or_default(),
                    arguments,
                });
            }
        }
        if record.done == Some(true) {
            self.done = true;
            self.done_reason = record.done_reason;
            self.usage = Usage {
                input_tokens: record.prompt_eval_count.unwrap_or(0),
                output_tokens: record.eval_count.unwrap_or(0),
            };
        }
    }

    fn into_response(self) -> Result<ModelResponse, ProviderError> {
        if !self.saw_message {
            return Err(ProviderError::malformed(
                PROVIDER,
                "the response has no message",
            ));
        }
        let finish_reason = match self.done_reason.as_deref() {
            Some("length") => FinishReason::Length,
            _ if !self.calls.is_empty() => FinishReason::ToolCalls,
            Some("stop") | Some("") | None => FinishReason::Stop,
            Some(other) => FinishReason::Other(other.to_owned()),
        };
        Ok(ModelResponse {
            text: (!self.text.is_empty()).then_some(self.text),
            tool_calls: self.calls,
            usage: self.usage,
            finish_reason,
            raw: None,
            usage_estimated: false,
        })
    }
}

/// The NDJSON stream: one record a line. A record with an `error` ends it with a `Server` error;
/// how a stream that ends or breaks early is judged is the same for every stream format.
impl Accumulate for Accumulator {
    type Framing = LineDecoder;

    fn framing() -> LineDecoder {
        LineDecoder::new()
    }

    fn read(&mut self, line: String, stream: &ByteStream) -> Result<Read, ProviderError> {
        if line.trim().is_empty() {
            return Ok(Read::Ignored);
        }
        let record: ChatRecord = match serde_json::from_str(&line) {
            Ok(record) => record,
            Err(e) => return Ok(Read::Skipped(e)),
        };
        if let Some(e) = record.error_text() {
            return Err(stream.error(ModelErrorKind::Server, e));
        }
        let of_this_api = record.is_of_this_api();
        self.push(record);
        Ok(if of_this_api {
            Read::Accepted
        } else {
            Read::Ignored
        })
    }

    fn is_complete(&self) -> bool {
        self.done
    }

    fn is_done(&self) -> bool {
        self.done
    }

    /// The text so far and each call (Ollama sends each call whole, its id fixed when read).
    fn report(&mut self, deltas: &mut Deltas) {
        deltas.text([self.text.as_str()]);
        for (i, c) in self.calls.iter().enumerate() {
            if !deltas.call(i, true, &c.name, &c.arguments, || c.id.clone()) {
                break;
            }
        }
    }

    fn finish(self) -> Result<ModelResponse, ProviderError> {
        self.into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A call's arguments are the text Ollama sent; absent or `null` arguments are `{}`, and a
    /// call may carry its name and arguments beside `function` instead of inside it.
    #[test]
    fn call_arguments_as_sent() {
        let mut acc = Accumulator::default();
        acc.push(
            serde_json::from_str(
                r#"{"message": {"content": "", "tool_calls": [
                    {"function": {"name": "a", "arguments": {"z": 1, "a": [1, 2]}}},
                    {"function": {"name": "b"}},
                    {"function": {"name": "c", "arguments": null}},
                    {"id": "x", "name": "d", "arguments": "{\"q\": 1"}]},
                  "done": true}"#,
            )
            .unwrap(),
        );
        let r = acc.into_response().unwrap();
        let got: Vec<(&str, &str)> = r
            .tool_calls
            .iter()
            .map(|c| (c.name.as_str(), c.arguments.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("a", r#"{"z": 1, "a": [1, 2]}"#),
                ("b", "{}"),
                ("c", "{}"),
                ("d", r#"{"q": 1"#)
            ]
        );
        assert_eq!(r.tool_calls[3].id, "x");
    }
}
