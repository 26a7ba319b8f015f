//! What a journal records for a model call: the response, or the provider's error without its
//! source (a provider's typed source error is not serialisable; its kind, message, status and
//! `Retry-After` are what the loop decides on).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::model::{ModelError, ModelErrorKind, ModelResponse};

/// The recorded outcome of one model call.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct ModelOutcome(Result<ModelResponse, ModelErrorRecord>);

#[derive(Debug, Serialize, Deserialize)]
struct ModelErrorRecord {
    kind: ModelErrorKind,
    message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    status: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    retry_after_ms: Option<u64>,
}

impl From<Result<ModelResponse, ModelError>> for ModelOutcome {
    fn from(result: Result<ModelResponse, ModelError>) -> Self {
        ModelOutcome(result.map_err(|e| {
            ModelErrorRecord {
                kind: e.kind(),
                message: e.message().to_owned(),
                status: e.status(),
                retry_after_ms: e
                    .retry_after()
                    .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
            }
        }))
    }
}

impl From<ModelOutcome> for Result<ModelResponse, ModelError> {
    fn from(outcome: ModelOutcome) -> Self {
        outcome.0.map_err(|r| {
            let mut e = ModelError::new(r.kind, r.message);
            if let Some(status) = r.status {
                e = e.with_status(status);
            }
            if let Some(ms) = r.retry_after_ms {
                e = e.with_retry_after(Duration::from_millis(ms));
            }
            e
        })
    }
}
