//! Admission of a run request: a body too large, not JSON, or not a [`RunRequest`] is refused
//! with what was wrong and where, before the run starts (so before anything of it is
//! journaled).

use restate_sdk::serde::{Deserialize, InputMetadata, PayloadMetadata};

use crate::RunRequest;

/// Why a run request was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// The body is larger than the service takes ([`AgentRun::max_input_bytes`]).
    ///
    /// [`AgentRun::max_input_bytes`]: crate::AgentRun::max_input_bytes
    #[error("the run request is {size} bytes, over the limit of {limit} bytes")]
    TooLarge {
        /// The body's size in bytes.
        size: usize,
        /// The largest body the service takes.
        limit: usize,
    },
    /// The body is not a JSON [`RunRequest`]: not JSON at all, a wrong type, a missing or an
    /// unknown field.
    #[error(
        "bad run request at line {line} column {column}: {message} (expected {{\"input\": \"<text>\"}})"
    )]
    Invalid {
        /// What was wrong, as the JSON reader says it.
        message: String,
        /// Where (1-based; 0 when the body ended before anything could be read).
        line: usize,
        /// Where on that line (1-based).
        column: usize,
    },
}

impl RequestError {
    /// The HTTP status the refusal answers with: 413 for a body too large, else 400.
    pub fn status(&self) -> u16 {
        match self {
            RequestError::TooLarge { .. } => 413,
            RequestError::Invalid { .. } => 400,
        }
    }
}

/// Reads a run request from `body`, refusing a body over `limit` bytes before reading it.
///
/// ```
/// use agents_restate::{RequestError, admit};
///
/// assert_eq!(admit(br#"{"input": "pay the invoice"}"#, 1024).unwrap().input, "pay the invoice");
/// assert!(matches!(admit(br#"{"input": 42}"#, 1024), Err(RequestError::Invalid { .. })));
/// assert_eq!(
///     admit(&[b' '; 2048], 1024),
///     Err(RequestError::TooLarge { size: 2048, limit: 1024 })
/// );
/// ```
pub fn admit(body: &[u8], limit: usize) -> Result<RunRequest, RequestError> {
    if body.len() > limit {
        return Err(RequestError::TooLarge {
            size: body.len(),
            limit,
        });
    }
    serde_json::from_slice(body).map_err(|e| RequestError::Invalid {
        // serde_json's own text ends with " at line L column C": kept apart, not twice.
        message: without_position(&e.to_string()).to_owned(),
        line: e.line(),
        column: e.column(),
    })
}

fn without_position(message: &str) -> &str {
    message
        .rfind(" at line ")
        .map_or(message, |at| &message[..at])
}

/// A run request's body as it arrived, for [`admit`] to read: the `start` handler's input.
/// Declared to Restate as JSON with [`RunRequest`]'s schema, so the ingress itself refuses
/// another content type or an empty body.
#[derive(Debug, Clone)]
pub(crate) struct RequestBody(pub(crate) Vec<u8>);

impl Deserialize for RequestBody {
    type Error = std::convert::Infallible;

    fn deserialize(bytes: &mut bytes::Bytes) -> Result<Self, Self::Error> {
        Ok(RequestBody(bytes.to_vec()))
    }
}

impl PayloadMetadata for RequestBody {
    fn json_schema() -> Option<serde_json::Value> {
        serde_json::to_value(schemars::schema_for!(RunRequest)).ok()
    }

    fn input_metadata() -> InputMetadata {
        InputMetadata::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any body: nothing panics; a body over the limit is refused for its size alone (with
        /// the size and the limit), whatever it holds; one within it is read exactly when it is
        /// a JSON object with the one string field `input`, and a refusal says where.
        #[test]
        fn any_body_is_admitted_or_refused_with_a_reason(
            body in prop_oneof![
                proptest::collection::vec(any::<u8>(), 0..64),
                ".{0,40}".prop_map(|s| format!(r#"{{"input": {}}}"#, serde_json::json!(s)).into_bytes()),
                "[ -~]{0,60}".prop_map(String::into_bytes),
            ],
            limit in 0usize..80,
        ) {
            match admit(&body, limit) {
                Err(RequestError::TooLarge { size, limit: l }) => {
                    prop_assert!(size > limit);
                    prop_assert_eq!((size, l), (body.len(), limit));
                }
                Err(RequestError::Invalid { message, line, column }) => {
                    prop_assert!(body.len() <= limit);
                    prop_assert!(!message.is_empty());
                    prop_assert!(serde_json::from_slice::<RunRequest>(&body).is_err());
                    let e = serde_json::from_slice::<RunRequest>(&body).unwrap_err();
                    prop_assert_eq!((line, column), (e.line(), e.column()));
                }
                Ok(request) => {
                    prop_assert!(body.len() <= limit);
                    let value: serde_json::Value = serde_json::from_slice(&body).unwrap();
                    prop_assert_eq!(value, serde_json::json!({ "input": request.input }));
                }
            }
        }
    }

    #[test]
    fn a_refusal_says_what_and_where() {
        let e = admit(br#"{"input": 42}"#, 100).unwrap_err();
        assert_eq!(e.status(), 400);
        assert_eq!(
            e.to_string(),
            "bad run request at line 1 column 12: invalid type: integer `42`, expected a string (expected {\"input\": \"<text>\"})"
        );
        let e = admit(&[b'x'; 101], 100).unwrap_err();
        assert_eq!(e.status(), 413);
        assert_eq!(
            e.to_string(),
            "the run request is 101 bytes, over the limit of 100 bytes"
        );
    }
}
