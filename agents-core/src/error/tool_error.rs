//! The tool error taxonomy: four kinds, each a value carrying what a handler needs.

use std::fmt;

use serde_json::Value;

use super::{ErrorClass, ErrorKind, ExecutionFailure, Severity};
use crate::model::{argument_names, compact_schema};
use crate::path::AgentPath;
use crate::similar::did_you_mean;

/// Why argument text could not be parsed, and where: the JSON crate's own error type
/// ([`json::ParseError`](crate::json::ParseError)), named here too since the tool error
/// taxonomy carries it.
pub use agents_json::ParseError;

/// The argument text is not JSON, even after the deterministic repair (unless the tool is strict).
#[derive(Debug, Clone)]
pub struct InvalidArgs {
    /// The tool the model called.
    pub tool: String,
    /// The argument text exactly as the model sent it (or as the last repair left it).
    pub raw: String,
    /// Why it does not parse, and where.
    pub parse_error: ParseError,
    /// The tool's JSON Schema for its arguments.
    pub schema: Value,
}

/// The JSON parsed but does not fit the tool's parameter types: its JSON Schema (checked by the
/// runtime first, every violation at once) or its Rust type (serde, the first misfit).
#[derive(Debug, Clone)]
pub struct DeserializationError {
    /// The tool the model called.
    pub tool: String,
    /// The parsed value that did not fit.
    pub value: Value,
    /// The Rust type the tool expected.
    pub target_type: String,
    /// JSON path to the offending field (`.` for the root), e.g. `items[0].count`; the first
    /// violation's when the schema was broken.
    pub field_path: String,
    /// What serde said, or the first violation's message.
    pub message: String,
    /// The tool's JSON Schema for its arguments.
    pub schema: Value,
    /// Every way the value breaks the schema, as the runtime's validator found them (at most
    /// ten); empty when the schema was kept and serde refused the value.
    pub violations: Vec<super::SchemaViolation>,
}

/// The tool ran and failed.
#[derive(Debug, Clone)]
pub struct ExecutionError {
    /// The tool that failed.
    pub tool: String,
    /// The arguments it was called with.
    pub args: Value,
    /// What the tool reported.
    pub failure: ExecutionFailure,
    /// The class after classification ([`Classifier`](crate::error::Classifier)).
    pub class: ErrorClass,
    /// How many times the tool ran with these arguments (retries included).
    pub attempts: u32,
}

/// A repair gave up and handed the failure upwards, to whoever has the context to decide.
#[derive(Debug, Clone)]
pub struct EscalationError {
    /// The agent (or the agent whose tool call) that escalated.
    pub source: AgentPath,
    /// The agents the escalation has passed through so far, source first.
    pub travelled: Vec<AgentPath>,
    /// The tool whose call failed, when the escalation came from a tool call.
    pub tool: Option<String>,
    /// Why they gave up, in their words (model-safe: it was written for the model or by it).
    pub reason: String,
    /// How serious they judged it.
    pub severity: Severity,
    /// The error that started it, when there was one.
    pub original: Option<Box<ToolError>>,
    /// How many repair attempts were made before giving up.
    pub attempts: u32,
    /// Partial results gathered before the failure, if any.
    pub partial: Option<Value>,
    /// What the escalating party suggests the receiver try.
    pub suggestion: Option<String>,
}

impl EscalationError {
    /// A new escalation from `source`.
    pub fn new(source: AgentPath, reason: impl Into<String>, severity: Severity) -> Self {
        EscalationError {
            travelled: vec![source.clone()],
            source,
            tool: None,
            reason: reason.into(),
            severity,
            original: None,
            attempts: 0,
            partial: None,
            suggestion: None,
        }
    }

    /// The text the model sees as the failed call's result: the reason and the severity, then
    /// what the model can do about it, worded by what failed ([`advice`](Self::advice)).
    pub fn model_text(&self) -> String {
        let tool = self.tool.as_deref().unwrap_or(self.source.name());
        let mut s = format!(
            "ERROR: Tool '{tool}' failed: {} (severity: {}).",
            self.reason, self.severity
        );
        if let Some(advice) = self.advice() {
            s.push(' ');
            s.push_str(advice);
        }
        if let Some(sug) = &self.suggestion {
            s.push_str(" Suggestion: ");
            s.push_str(sug);
        }
        s
    }
}

impl EscalationError {
    /// What the model can do about the failure, by what failed (the error that started the
    /// escalation, through any escalations it travelled in): arguments that did not fit are to be
    /// corrected; a transient execution failure (an outage) is not the arguments' fault and a
    /// later call may succeed, a permanent one will not succeed again, and one of unknown class
    /// may be either (a tool that could not read a value it was given fails that way: the
    /// model is told to correct the arguments if they were the cause). An escalation without an
    /// error (an agent gave up on its own judgement) adds nothing to its reason.
    pub fn advice(&self) -> Option<&'static str> {
        let mut cause = self.original.as_deref()?;
        loop {
            return Some(match cause {
                ToolError::Escalation(e) => {
                    cause = e.original.as_deref()?;
                    continue;
                }
                ToolError::InvalidArgs(_) | ToolError::Deserialization(_) => {
                    "Please retry with corrected arguments."
                }
                ToolError::Execution(e) => match e.class {
                    ErrorClass::Transient => {
                        "This is an outage, not a problem with the arguments: do not change \
                         them. Call the tool again later, or go on without its result."
                    }
                    ErrorClass::Permanent => {
                        "This is not a problem with the arguments, and repeating the call will \
                         not help: go on without its result."
                    }
                    ErrorClass::Unknown => {
                        "The tool failed while running: if the arguments were the cause, retry \
                         with corrected ones; otherwise go on without its result."
                    }
                },
            });
        }
    }
}

impl fmt::Display for EscalationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "escalated by {} (severity {}, after {} attempt(s)",
            self.source, self.severity, self.attempts
        )?;
        if self.travelled.len() > 1 {
            let path: Vec<String> = self.travelled.iter().map(ToString::to_string).collect();
            write!(f, ", via {}", path.join(" -> "))?;
        }
        write!(f, "): {}", self.reason)
    }
}

impl std::error::Error for EscalationError {}

/// Everything that can go wrong with one tool call, as a value.
///
/// Every variant carries what a handler needs to decide (the raw text, the parse position, the
/// field path, the source error and its class, the escalation chain). `Display` is the
/// operator-facing rendering with full detail; [`model_text`](Self::model_text) is the safe,
/// kind-level text a model may read.
#[derive(Debug, Clone)]
pub enum ToolError {
    /// See [`InvalidArgs`].
    InvalidArgs(InvalidArgs),
    /// See [`DeserializationError`].
    Deserialization(DeserializationError),
    /// See [`ExecutionError`].
    Execution(ExecutionError),
    /// See [`EscalationError`].
    Escalation(EscalationError),
}

impl ToolError {
    /// Which of the four kinds this is.
    pub fn kind(&self) -> ErrorKind {
        match self {
            ToolError::InvalidArgs(_) => ErrorKind::InvalidArgs,
            ToolError::Deserialization(_) => ErrorKind::Deserialization,
            ToolError::Execution(_) => ErrorKind::Execution,
            ToolError::Escalation(_) => ErrorKind::Escalation,
        }
    }

    /// The tool whose call failed.
    pub fn tool(&self) -> &str {
        match self {
            ToolError::InvalidArgs(e) => &e.tool,
            ToolError::Deserialization(e) => &e.tool,
            ToolError::Execution(e) => &e.tool,
            ToolError::Escalation(e) => e.tool.as_deref().unwrap_or(""),
        }
    }

    /// Whether repeating the same call cannot help (a permanent execution failure, a panic).
    pub fn is_permanent(&self) -> bool {
        matches!(self, ToolError::Execution(e) if e.class == ErrorClass::Permanent)
    }

    /// The safe text a model may read about this error: the tool, what was wrong at the level of
    /// its kind, and what is expected. A tool's own message is included only if the tool marked it
    /// model-safe; operator detail (sources, stack of causes) never is.
    pub fn model_text(&self) -> String {
        match self {
            ToolError::InvalidArgs(e) => format!(
                "ERROR: the arguments for tool '{}' {}",
                e.tool,
                self.model_reason()
            ),
            ToolError::Deserialization(e) => format!(
                "ERROR: the arguments for tool '{}' {}",
                e.tool,
                self.model_reason()
            ),
            ToolError::Execution(e) => {
                format!("ERROR: Tool '{}' failed: {}.", e.tool, self.model_reason())
            }
            ToolError::Escalation(e) => e.model_text(),
        }
    }

    /// What was wrong, in the same model-safe words as [`model_text`](Self::model_text) but
    /// without the `ERROR: Tool '…'` framing (the reason an `escalate()` step without its own
    /// reason gives).
    pub fn model_reason(&self) -> String {
        match self {
            ToolError::InvalidArgs(e) if e.parse_error.depth_limit.is_some() => format!(
                "are refused: {}. Send flatter arguments, a single JSON object matching this schema: {}",
                e.parse_error,
                compact_schema(&e.schema)
            ),
            ToolError::InvalidArgs(e) => format!(
                "are not valid JSON ({}). Send a single JSON object matching this schema: {}",
                e.parse_error,
                compact_schema(&e.schema)
            ),
            ToolError::Deserialization(e)
                if !e.value.is_object() && argument_names(&e.schema).is_some() =>
            {
                format!(
                    "must be a JSON object like {}, not {}. Expected schema: {}",
                    object_skeleton(&e.schema),
                    json_type_name(&e.value),
                    compact_schema(&e.schema)
                )
            }
            ToolError::Deserialization(e) if !e.violations.is_empty() => {
                super::violation::model_reason(e)
            }
            ToolError::Deserialization(e) => format!(
                "do not match its schema: at `{}`: {}.{} Expected schema: {}",
                e.field_path,
                e.message,
                unknown_arguments(&e.value, &e.schema),
                compact_schema(&e.schema)
            ),
            ToolError::Execution(e) => {
                // A permanent failure is fed back once: its text says not to repeat the call
                // (the loop ends the run if the model does).
                let permanent = e.class == ErrorClass::Permanent;
                let marked = |what: &str| {
                    if permanent {
                        format!("{what}; this failure is permanent, do not repeat this call")
                    } else {
                        what.to_owned()
                    }
                };
                if e.failure.is_panic() {
                    marked("it failed with an internal error")
                } else if let Some(m) = e.failure.model_message() {
                    marked(m)
                } else {
                    match e.class {
                        ErrorClass::Transient => {
                            "a temporary failure; the call may succeed later".to_owned()
                        }
                        ErrorClass::Permanent => {
                            "a permanent failure; do not repeat this call".to_owned()
                        }
                        ErrorClass::Unknown => "the tool reported an error".to_owned(),
                    }
                }
            }
            ToolError::Escalation(e) => e.reason.clone(),
        }
    }
}

/// `{"city": …, "unit": …}` from the required arguments (all of them if none is required).
fn object_skeleton(schema: &Value) -> String {
    let required = crate::json::schema::required(schema);
    let names = if required.is_empty() {
        argument_names(schema).unwrap_or_default()
    } else {
        required
    };
    let fields: Vec<String> = names.iter().map(|n| format!("\"{n}\": …")).collect();
    format!("{{{}}}", fields.join(", "))
}

fn json_type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// " Unknown arguments: `source` (did you mean `from`?)." for keys the schema does not declare,
/// or nothing.
pub(super) fn unknown_arguments(value: &Value, schema: &Value) -> String {
    let (Some(obj), Some(known)) = (value.as_object(), argument_names(schema)) else {
        return String::new();
    };
    let unknown: Vec<String> = obj
        .keys()
        .filter(|k| !known.contains(&k.as_str()))
        .map(|k| {
            let unused = known.iter().copied().filter(|n| !obj.contains_key(*n));
            format!("`{k}`{}", did_you_mean(k, unused))
        })
        .collect();
    if unknown.is_empty() {
        return String::new();
    }
    format!(" Unknown arguments: {}.", unknown.join(", "))
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::InvalidArgs(e) => {
                write!(
                    f,
                    "invalid arguments for tool '{}': {}; raw: {:?}",
                    e.tool,
                    e.parse_error,
                    truncate(&e.raw)
                )
            }
            ToolError::Deserialization(e) if !e.violations.is_empty() => {
                f.write_str(&super::violation::operator_text(e))
            }
            ToolError::Deserialization(e) => write!(
                f,
                "arguments for tool '{}' do not fit {}: at {}: {}",
                e.tool, e.target_type, e.field_path, e.message
            ),
            ToolError::Execution(e) => write!(
                f,
                "tool '{}' failed ({:?}, {} attempt(s)): {}",
                e.tool, e.class, e.attempts, e.failure
            ),
            ToolError::Escalation(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ToolError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ToolError::Execution(e) => e.failure.source_error().map(|s| s as _),
            ToolError::Escalation(e) => e.original.as_deref().map(|o| o as _),
            _ => None,
        }
    }
}

fn truncate(s: &str) -> &str {
    &s[..s.floor_char_boundary(512)]
}
