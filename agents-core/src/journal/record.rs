//! What a journal records for a model call: the response, or the provider's error without its
//! source (a provider's typed source error is not serialisable; its kind, message, status and
//! `Retry-After` are what the loop decides on).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::model::{ModelError, ModelErrorKind, ModelResponse};

/// The recorded outcome of one model call.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct ModelOutcome(Result<ModelResponse, ModelErrorRecord>);

/// Text, integers and enums, every field that is left out when empty read back as empty: its
/// JSON reads back to the same value (`tests::a_model_outcome_reads_back_exactly`).
impl super::Outcome for ModelOutcome {
    const READS_BACK_EXACTLY: bool = true;
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{FinishReason, ToolCall, Usage};

    /// What `READS_BACK_EXACTLY` promises: a model outcome's JSON reads back to the very
    /// value, so a live run may go on with the outcome it recorded instead of decoding it (as a
    /// replay does) and decide the same. A field added that does not read back (a float, a
    /// field skipped when it is not empty) fails here.
    #[test]
    fn a_model_outcome_reads_back_exactly() {
        let response = ModelResponse {
            text: Some(String::new()),
            tool_calls: vec![ToolCall {
                id: "call-1".into(),
                name: "work".into(),
                arguments: "{\"n\": 1.5e300, \"s\": \"é\\u0000\"}".into(),
            }],
            usage: Usage {
                input_tokens: u64::MAX,
                output_tokens: 7,
            },
            finish_reason: FinishReason::Other("tool_calls".into()),
            raw: Some("<tool_call>".into()),
            usage_estimated: true,
        };
        let error = ModelError::new(ModelErrorKind::RateLimited, "slow down")
            .with_status(429)
            .with_retry_after(Duration::from_millis(1500));
        let outcomes = [
            ModelOutcome::from(Ok(response)),
            ModelOutcome::from(Ok(ModelResponse::default())),
            ModelOutcome::from(Ok(ModelResponse::text("done"))),
            ModelOutcome::from(Err(error)),
            ModelOutcome::from(Err(ModelError::new(ModelErrorKind::Connection, ""))),
        ];
        for outcome in outcomes {
            let json = serde_json::to_string(&outcome).unwrap();
            let back: ModelOutcome = serde_json::from_str(&json).unwrap();
            assert_eq!(format!("{back:?}"), format!("{outcome:?}"), "{json}");
        }
    }
}
