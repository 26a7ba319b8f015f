//! What a journal records for one tool execution: the value it returned, or its error with the
//! class the classifier gave it (a recorded failure has no source for a classifier to inspect, so
//! the class is resolved before recording, and replay decides the same way).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ToolCallError;
use crate::error::{Classifier, ErrorClass, ExecutionFailure};

/// The recorded outcome of one tool execution.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct ToolOutcome(Result<Value, FailureRecord>);

/// A tool's value may hold a float, which serde_json reads back to within a unit in the last
/// place only: a live run reads its record back, as a replay does, and decides the same.
impl crate::journal::Outcome for ToolOutcome {
    const READS_BACK_EXACTLY: bool = false;
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum FailureRecord {
    /// The arguments did not fit the tool's types (nothing ran).
    InvalidInput {
        target_type: String,
        field_path: String,
        message: String,
    },
    /// The tool no longer existed where it runs (nothing ran).
    Vanished { detail: String },
    /// The tool ran and failed.
    Failed {
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        model_message: Option<String>,
        class: ErrorClass,
        #[serde(default)]
        panicked: bool,
        #[serde(default)]
        timed_out: bool,
    },
}

/// The text of the error a call gets when its tool was executing when the process died, and is
/// not safe to run again.
pub(crate) const OUTCOME_UNKNOWN: &str = "outcome unknown after a crash: this tool may have run. Its start was recorded and its result was not: the process that was to run it died, while it ran or just before it began (no process can tell which). It is not safe to repeat, so it was not run again. Check its effect before calling it again.";

impl ToolOutcome {
    /// Records `result`, resolving a failure's class with `classifier`.
    pub fn record(result: Result<Value, ToolCallError>, classifier: &Classifier) -> Self {
        ToolOutcome(result.map_err(|e| match e {
            ToolCallError::InvalidInput {
                target_type,
                field_path,
                message,
            } => FailureRecord::InvalidInput {
                target_type,
                field_path,
                message,
            },
            ToolCallError::Failed(f) => failed(&f, classifier.classify(&f)),
            ToolCallError::Vanished { detail } => FailureRecord::Vanished { detail },
            // A sub-agent's escalation or hard stop is recorded as a permanent failure with its
            // message: its typed parts (escalation chain, budget) are not serialisable
            // (docs/durable.md lists this limit).
            ToolCallError::Agent(e) => {
                failed(&ExecutionFailure::new(e.to_string()), ErrorClass::Permanent)
            }
        }))
    }

    /// The outcome recorded instead of running again a tool that was executing when its process
    /// died: a permanent execution failure the model reads.
    pub fn interrupted() -> Self {
        let f = ExecutionFailure::new(OUTCOME_UNKNOWN).model_safe();
        ToolOutcome(Err(failed(&f, ErrorClass::Permanent)))
    }

    /// The result as the executor handles it.
    pub fn into_result(self) -> Result<Value, ToolCallError> {
        self.0.map_err(|r| match r {
            FailureRecord::InvalidInput {
                target_type,
                field_path,
                message,
            } => ToolCallError::InvalidInput {
                target_type,
                field_path,
                message,
            },
            FailureRecord::Vanished { detail } => ToolCallError::Vanished { detail },
            FailureRecord::Failed {
                message,
                model_message,
                class,
                panicked,
                timed_out,
            } => ToolCallError::Failed(ExecutionFailure::restored(
                message,
                model_message,
                class,
                panicked,
                timed_out,
            )),
        })
    }
}

fn failed(f: &ExecutionFailure, class: ErrorClass) -> FailureRecord {
    FailureRecord::Failed {
        message: f.message().to_owned(),
        model_message: f.model_message().map(str::to_owned),
        class,
        panicked: f.is_panic(),
        timed_out: f.is_timeout(),
    }
}
