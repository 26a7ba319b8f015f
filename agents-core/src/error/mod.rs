//! The error taxonomy: tool errors as values, their classes, severities and run-level errors.

mod agent_error;
mod checked;
mod class;
mod execution;
mod feedback;
mod kind;
mod per_kind;
mod severity;
mod tool_error;
mod violation;

pub use agent_error::{AgentError, FailureKind, FailureRecord, LoopGuard};
pub use checked::Checked;
pub use class::{Classifier, ErrorClass};
pub use execution::{ExecutionFailure, IntoExecutionFailure};
pub use feedback::{ARGUMENT_ERROR_PREFIX, FeedbackStyle, unknown_tool_short};
pub use kind::{ErrorKind, kinds};
pub(crate) use per_kind::PerKind;
pub use severity::{Severity, UnknownSeverity};
pub use tool_error::{
    DeserializationError, EscalationError, ExecutionError, InvalidArgs, ParseError, ToolError,
};
pub use violation::SchemaViolation;
pub(crate) use violation::argument_of;
