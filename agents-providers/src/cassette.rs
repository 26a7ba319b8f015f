//! Record and replay: [`Recorder`] wraps any [`Model`] and appends each exchange to a JSONL
//! cassette; [`Replay`] serves a cassette offline and fails clearly on a request it does not match.
//!
//! One line per exchange: `{"model": ..., "request": {...}, "response": {...}, "capabilities":
//! {...}}` or, for a failed call, `{"model": ..., "request": {...}, "error": {"kind": ...,
//! "message": ..., "status": ..., "retry_after_ms": ...}, "capabilities": {...}}`. Requests and
//! responses are the runtime's own provider-neutral types, so a cassette recorded against one
//! provider replays for any agent; no key or header is ever written (none is part of a
//! [`ModelRequest`]). What the recorded model said about itself for the request's tools
//! ([`Model::capabilities`]: feedback style, constraint support, examples shown, recovery
//! profile) is recorded with each exchange, and the replay says it again, so a recorded
//! prompted client replays with the behaviour it was recorded with.
//!
//! ```
//! use agents_core::testing::ScriptedModel;
//! use agents_core::{Message, Model, ModelResponse, model::ModelRequest};
//! use agents_providers::cassette::{Recorder, Replay};
//! # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
//! let path = std::env::temp_dir().join(format!("doc-cassette-{}.jsonl", std::process::id()));
//! # let _ = std::fs::remove_file(&path);
//! let request = ModelRequest::new().messages(vec![Message::user("hi")]);
//! let recorder = Recorder::new(ScriptedModel::new([ModelResponse::text("hello")]), &path).unwrap();
//! recorder.complete(&request).await.unwrap();
//!
//! let replay = Replay::from_file(&path).unwrap();
//! assert_eq!(replay.complete(&request).await.unwrap().text.as_deref(), Some("hello"));
//! # std::fs::remove_file(&path).unwrap();
//! # });
//! ```

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use agents_core::model::{
    Capabilities, Model, ModelError, ModelErrorKind, ModelRequest, ModelResponse, ToolSpec,
};
use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::truncate;

/// One recorded exchange: the request and either the response or the error.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Exchange {
    /// The model's name when it was recorded.
    pub model: String,
    /// What was sent.
    pub request: ModelRequest,
    /// What came back, if the call succeeded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response: Option<ModelResponse>,
    /// How it failed, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<RecordedError>,
    /// What the model said about itself for the request's tools when it was recorded (absent in
    /// cassettes recorded before it was kept: the replay then says the defaults).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Capabilities>,
}

/// A failed call as recorded (the provider's own error type is not kept).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedError {
    /// The kind.
    pub kind: ModelErrorKind,
    /// The message.
    pub message: String,
    /// The HTTP status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// The requested wait, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_ms: Option<u64>,
}

impl From<&ModelError> for RecordedError {
    fn from(e: &ModelError) -> Self {
        RecordedError {
            kind: e.kind(),
            message: e.message().to_owned(),
            status: e.status(),
            retry_after_ms: e.retry_after().map(|d| d.as_millis() as u64),
        }
    }
}

impl RecordedError {
    fn to_model_error(&self) -> ModelError {
        let mut e = ModelError::new(self.kind, self.message.clone());
        if let Some(s) = self.status {
            e = e.with_status(s);
        }
        if let Some(ms) = self.retry_after_ms {
            e = e.with_retry_after(Duration::from_millis(ms));
        }
        e
    }
}

/// A cassette that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CassetteError {
    /// The file could not be opened or read.
    #[error("cannot read cassette {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line is not an exchange.
    #[error("cassette line {line} is not an exchange: {message}")]
    Parse {
        /// 1-based line number.
        line: usize,
        /// The decoding error.
        message: String,
    },
}

/// Why a replay could not serve a request. It is the source of the [`ModelError`] returned
/// (kind `InvalidRequest`), so tests can downcast to it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The request differs from the recorded one.
    #[error(
        "request {index} does not match the cassette: first difference at `{field}`: recorded {expected}, got {actual}"
    )]
    Mismatch {
        /// 0-based index of the exchange.
        index: usize,
        /// Path of the first differing field (`messages[2].content`).
        field: String,
        /// The recorded value (JSON, cut to 200 bytes; `<absent>` if missing).
        expected: String,
        /// The value sent (same format).
        actual: String,
    },
    /// Every recorded exchange has been served.
    #[error("the cassette is exhausted: all {served} recorded exchanges were served")]
    Exhausted {
        /// How many were served.
        served: usize,
    },
}

/// Wraps a model and appends every exchange to a JSONL cassette.
///
/// A failed write is logged (`tracing::error!`) and does not fail the model call.
#[derive(Debug)]
pub struct Recorder<M> {
    inner: M,
    path: PathBuf,
    file: Mutex<File>,
}

impl<M: Model> Recorder<M> {
    /// Records `inner`'s exchanges into `path` (created if missing, appended to otherwise).
    pub fn new(inner: M, path: impl AsRef<Path>) -> Result<Self, CassetteError> {
        let path = path.as_ref().to_path_buf();
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|source| CassetteError::Io {
                path: path.clone(),
                source,
            })?;
        Ok(Recorder {
            inner,
            path,
            file: Mutex::new(file),
        })
    }

    /// The cassette file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The wrapped model.
    pub fn inner(&self) -> &M {
        &self.inner
    }

    fn write(&self, exchange: &Exchange) {
        let result = serde_json::to_string(exchange)
            .map_err(std::io::Error::other)
            .and_then(|line| {
                let mut f = self.file.lock().unwrap_or_else(|p| p.into_inner());
                writeln!(f, "{line}").and_then(|()| f.flush())
            });
        if let Err(e) = result {
            tracing::error!(path = %self.path.display(), error = %e, "cannot write to the cassette");
        }
    }
}

impl<M: Model> Model for Recorder<M> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn capabilities(&self, tools: &[ToolSpec]) -> Capabilities {
        self.inner.capabilities(tools)
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(async move {
            let result = self.inner.complete(request).await;
            self.write(&Exchange {
                model: self.inner.name().to_owned(),
                request: request.clone(),
                response: result.as_ref().ok().cloned(),
                error: result.as_ref().err().map(RecordedError::from),
                capabilities: Some(self.inner.capabilities(&request.tools)),
            });
            result
        })
    }
}

/// Serves a cassette, in order: each request must match the next recorded one exactly.
#[derive(Debug)]
pub struct Replay {
    name: String,
    exchanges: Vec<Exchange>,
    next: Mutex<usize>,
}

impl Replay {
    /// Reads a cassette file.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Self, CassetteError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| CassetteError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Replay::from_jsonl(&text)
    }

    /// Reads a cassette from its text (e.g. one embedded with `include_str!`).
    pub fn from_jsonl(text: &str) -> Result<Self, CassetteError> {
        let exchanges = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| {
                serde_json::from_str::<Exchange>(l).map_err(|e| CassetteError::Parse {
                    line: i + 1,
                    message: e.to_string(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Replay::new(exchanges))
    }

    /// Serves `exchanges`.
    pub fn new(exchanges: Vec<Exchange>) -> Self {
        Replay {
            name: exchanges
                .first()
                .map_or_else(|| "replay".to_owned(), |e| e.model.clone()),
            exchanges,
            next: Mutex::new(0),
        }
    }

    /// Exchanges served so far.
    pub fn served(&self) -> usize {
        *self.next.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Exchanges left.
    pub fn remaining(&self) -> usize {
        self.exchanges.len() - self.served()
    }

    fn serve(&self, request: &ModelRequest) -> Result<ModelResponse, ModelError> {
        let mut next = self.next.lock().unwrap_or_else(|p| p.into_inner());
        let fail = |e: ReplayError| {
            Err(ModelError::new(ModelErrorKind::InvalidRequest, e.to_string()).with_source(e))
        };
        let Some(exchange) = self.exchanges.get(*next) else {
            return fail(ReplayError::Exhausted { served: *next });
        };
        let expected = serde_json::to_value(&exchange.request).unwrap_or(Value::Null);
        let actual = serde_json::to_value(request).unwrap_or(Value::Null);
        if let Some((field, e, a)) = first_difference(&expected, &actual, String::new()) {
            return fail(ReplayError::Mismatch {
                index: *next,
                field: if field.is_empty() {
                    "request".into()
                } else {
                    field
                },
                expected: show(e),
                actual: show(a),
            });
        }
        *next += 1;
        match (&exchange.response, &exchange.error) {
            (_, Some(e)) => Err(e.to_model_error()),
            (Some(r), None) => Ok(r.clone()),
            (None, None) => Ok(ModelResponse::default()),
        }
    }
}

impl Model for Replay {
    fn name(&self) -> &str {
        &self.name
    }

    /// What the recorded model said for these tools: from the next exchange to serve whose
    /// request offered them, else from any that did, else the first exchange's without its
    /// examples (they were for other tools), else the defaults.
    fn capabilities(&self, tools: &[ToolSpec]) -> Capabilities {
        let next = self.served().min(self.exchanges.len());
        let (ahead, before) = (&self.exchanges[next..], &self.exchanges[..next]);
        let same_tools = ahead
            .iter()
            .chain(before)
            .find(|e| e.capabilities.is_some() && e.request.tools == tools);
        if let Some(c) = same_tools.and_then(|e| e.capabilities.clone()) {
            return c;
        }
        match self.exchanges.iter().find_map(|e| e.capabilities.clone()) {
            Some(c) => c.examples(Vec::new()),
            None => Capabilities::default(),
        }
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(std::future::ready(self.serve(request)))
    }
}

fn show(v: Option<&Value>) -> String {
    v.map_or_else(|| "<absent>".to_owned(), |v| truncate(&v.to_string(), 200))
}

/// The path of the first place where `a` and `b` differ, with both values there.
fn first_difference<'v>(
    a: &'v Value,
    b: &'v Value,
    path: String,
) -> Option<(String, Option<&'v Value>, Option<&'v Value>)> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                match (x.get(k), y.get(k)) {
                    (Some(u), Some(v)) => first_difference(u, v, p),
                    (u, v) => Some((p, u, v)),
                }
            })
        }
        (Value::Array(x), Value::Array(y)) => (0..x.len().max(y.len())).find_map(|i| {
            let p = format!("{path}[{i}]");
            match (x.get(i), y.get(i)) {
                (Some(u), Some(v)) => first_difference(u, v, p),
                (u, v) => Some((p, u, v)),
            }
        }),
        _ if a == b => None,
        _ => Some((path, Some(a), Some(b))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names_the_first_differing_field() {
        let a = json!({"messages": [{"role": "user", "content": "hi"}], "tools": []});
        let b = json!({"messages": [{"role": "user", "content": "ho"}], "tools": []});
        let (field, e, g) = first_difference(&a, &b, String::new()).unwrap();
        assert_eq!(field, "messages[0].content");
        assert_eq!((show(e), show(g)), ("\"hi\"".into(), "\"ho\"".into()));
        let c = json!({"messages": [{"role": "user", "content": "hi"}, {"role": "user", "content": "again"}], "tools": []});
        let (field, e, _) = first_difference(&a, &c, String::new()).unwrap();
        assert_eq!(
            (field.as_str(), show(e).as_str()),
            ("messages[1]", "<absent>")
        );
        assert!(first_difference(&a, &a, String::new()).is_none());
    }
}
