//! The `tracing` spans a trace viewer shows, named and attributed after OpenTelemetry's GenAI
//! semantic conventions: one `invoke_agent` span per run, one `chat` span per model call, one
//! `execute_tool` span per tool call. The loop opens each with one call here, and what a viewer
//! needs when the work ends (token usage, finish reasons, `error.type`, the span's status) is
//! recorded here too, once.
//!
//! Only `tracing` is used: `tracing-opentelemetry` turns the `otel.name`, `otel.kind`,
//! `otel.status_code` and `otel.status_description` fields into the span's name, kind and status,
//! and every other field into an attribute (docs/events.md, "Seeing runs in a trace viewer").
//! Without a subscriber the spans are disabled and nothing here allocates.

use tracing::Span;
use tracing::field::Empty;

use crate::error::{AgentError, ErrorKind};
use crate::model::{ModelError, ModelRequest, ModelResponse, Usage};
use crate::path::AgentPath;
use crate::text::shorten;
use crate::tool::executor::CallOutcome;

/// The longest status description recorded (an operator-facing error, shortened).
const STATUS_DESCRIPTION: usize = 240;

/// The span of one run of an agent: `invoke_agent {agent}`.
pub(crate) fn agent_span(agent: &AgentPath, model: &str) -> Span {
    tracing::span!(
        target: "agents",
        tracing::Level::INFO,
        "invoke_agent",
        gen_ai.operation.name = "invoke_agent",
        gen_ai.agent.name = %agent,
        gen_ai.request.model = %model,
        otel.name = %format_args!("invoke_agent {agent}"),
        agents.resumed = Empty,
        error.type = Empty,
        otel.status_code = Empty,
        otel.status_description = Empty,
    )
}

/// Records on a run's span how it ended, when it failed: the error's type and status. A run
/// paused for approval did not fail.
///
/// Token usage is on the run's `chat` spans only: a viewer adds up the usage of a span and its
/// descendants (Phoenix does), and the run's total on its own span would be counted twice. The
/// total is on the `run finished` event.
pub(crate) fn record_run<T>(span: &Span, result: &Result<T, AgentError>) {
    if span.is_disabled() {
        return;
    }
    if let Err(e) = result
        && let Some(kind) = agent_error_type(e)
    {
        record_error(span, kind, &e.to_string());
    }
}

/// The `chat {model}` span of one request to the model. The caller awaits the request
/// instrumented with it (unless the span is disabled) and then [`record_chat`]s what came back:
/// the request's future is built in the caller's own state, where a wrapping function or
/// combinator cost copies of it on every model call (callgrind: about 400 instructions).
pub(crate) fn chat_span(model: &str, request: &ModelRequest, streamed: bool) -> Span {
    let sampling = &request.sampling;
    tracing::span!(
        target: "agents",
        tracing::Level::INFO,
        "chat",
        gen_ai.operation.name = "chat",
        gen_ai.request.model = %model,
        otel.name = %format_args!("chat {model}"),
        otel.kind = "client",
        gen_ai.request.stream = streamed.then_some(true),
        gen_ai.request.temperature = sampling.temperature.map(f64::from),
        gen_ai.request.top_p = sampling.top_p.map(f64::from),
        gen_ai.request.max_tokens = sampling.max_tokens.map(i64::from),
        gen_ai.request.seed = sampling.seed.map(saturating_i64),
        gen_ai.usage.input_tokens = Empty,
        gen_ai.usage.output_tokens = Empty,
        gen_ai.response.finish_reasons = Empty,
        agents.tool_calls = Empty,
        error.type = Empty,
        otel.status_code = Empty,
        otel.status_description = Empty,
    )
}

/// Records on `span` what one request to the model gave: usage and finish reason, or the
/// error's kind.
#[inline]
pub(crate) fn record_chat(span: &Span, result: &Result<ModelResponse, ModelError>) {
    // The check inlined where the model call ends, the recording out of line.
    if !span.is_disabled() {
        record_chat_on(span, result);
    }
}

fn record_chat_on(span: &Span, result: &Result<ModelResponse, ModelError>) {
    match result {
        Ok(response) => {
            record_usage(span, response.usage);
            span.record(
                "gen_ai.response.finish_reasons",
                response.finish_reason.as_str(),
            );
            span.record("agents.tool_calls", response.tool_calls.len() as i64);
        }
        Err(e) => record_error(span, e.kind().as_str(), &e.to_string()),
    }
}

/// The span of one tool call's whole pipeline: `execute_tool {tool}`.
pub(crate) fn tool_span(tool: &str, call_id: &str) -> Span {
    tracing::span!(
        target: "agents",
        tracing::Level::INFO,
        "execute_tool",
        gen_ai.operation.name = "execute_tool",
        gen_ai.tool.name = %tool,
        gen_ai.tool.call.id = %call_id,
        otel.name = %format_args!("execute_tool {tool}"),
        agents.replayed = Empty,
        agents.outcome = Empty,
        agents.repair.steps = Empty,
        error.type = Empty,
        otel.status_code = Empty,
        otel.status_description = Empty,
    )
}

/// What went wrong with one tool call and what repaired it, for its span.
#[derive(Debug, Default)]
pub(crate) struct ToolTrace {
    /// The kind of the first error the call hit.
    first_error: Option<ErrorKind>,
    /// The repair steps that changed its arguments, in order.
    steps: Vec<&'static str>,
}

impl ToolTrace {
    /// The call hit an error of `kind` (a repair step, a retry or nothing handles it next).
    pub fn hit(&mut self, kind: ErrorKind) {
        self.first_error.get_or_insert(kind);
    }

    /// The repair step `step` changed the arguments after an error of `kind`.
    pub fn repaired(&mut self, kind: ErrorKind, step: &'static str) {
        self.hit(kind);
        if !self.steps.contains(&step) {
            self.steps.push(step);
        }
    }

    /// Records how the call ended on its span:
    ///
    /// - `agents.outcome`: `success`, `recovered` (it ran after an error was repaired or
    ///   retried), `failed`, `escalated`, `stopped`, `awaiting_approval` or `vanished`;
    /// - `error.type`: the kind of the error the call failed with, or, for a recovered call, of
    ///   the first error it recovered from (`invalid_args`, `deserialization_error`,
    ///   `execution_error`, `escalation`, `unknown_tool`; a stop's cause otherwise);
    /// - `agents.repair.steps`: the steps that changed the arguments (`json_repair,coerce`);
    /// - status `ERROR` with the operator-facing error, for a call that failed, escalated or
    ///   stopped the run.
    #[inline]
    pub fn record(&self, span: &Span, outcome: &CallOutcome) {
        // The check inlined where the call ends, the recording out of line.
        if !span.is_disabled() {
            self.record_on(span, outcome);
        }
    }

    fn record_on(&self, span: &Span, outcome: &CallOutcome) {
        if !self.steps.is_empty() {
            span.record("agents.repair.steps", self.steps.join(",").as_str());
        }
        let (name, error_type) = match outcome {
            CallOutcome::Success { .. } => match self.first_error {
                Some(kind) => ("recovered", Some(kind.dsl_name())),
                None => ("success", None),
            },
            CallOutcome::AwaitingApproval { .. } => ("awaiting_approval", None),
            CallOutcome::Failed(e) => {
                record_error(span, e.kind().dsl_name(), &e.to_string());
                ("failed", None)
            }
            CallOutcome::Escalated(e) => {
                record_error(span, ErrorKind::Escalation.dsl_name(), &e.to_string());
                ("escalated", None)
            }
            CallOutcome::Stop(e) => {
                let kind = agent_error_type(e).unwrap_or("_OTHER");
                record_error(span, kind, &e.to_string());
                ("stopped", None)
            }
            CallOutcome::Vanished { detail } => {
                record_error(span, ErrorKind::UnknownTool.dsl_name(), detail);
                ("vanished", None)
            }
        };
        span.record("agents.outcome", name);
        if let Some(kind) = error_type {
            span.record("error.type", kind);
        }
    }
}

/// A low-cardinality name for what ended a run, as `error.type` takes it; `None` for a pause.
fn agent_error_type(error: &AgentError) -> Option<&'static str> {
    Some(match error {
        AgentError::AwaitingApproval(_) => return None,
        AgentError::Budget(_) => "budget_exceeded",
        AgentError::Thrown { .. } => "thrown",
        AgentError::Escalated(_) => ErrorKind::Escalation.dsl_name(),
        AgentError::Tool(e) => e.kind().dsl_name(),
        AgentError::RepeatedFailures { .. } => "repeated_failures",
        AgentError::Model(e) => e.kind().as_str(),
        AgentError::Output { .. } => "output_mismatch",
        AgentError::Config(_) => "configuration",
        AgentError::Journal(_) => "journal",
        AgentError::Failed { .. } => "agent_failed",
        AgentError::Rejected { .. } => "rejected",
        AgentError::MissingDeps(_) => "missing_deps",
    })
}

/// Token counts as integer attributes (`tracing-opentelemetry` writes a `u64` as text).
fn record_usage(span: &Span, usage: Usage) {
    span.record(
        "gen_ai.usage.input_tokens",
        saturating_i64(usage.input_tokens),
    );
    span.record(
        "gen_ai.usage.output_tokens",
        saturating_i64(usage.output_tokens),
    );
}

/// `error.type` and an `ERROR` status with the operator-facing message, shortened.
fn record_error(span: &Span, kind: &str, message: &str) {
    span.record("error.type", kind);
    span.record("otel.status_code", "error");
    span.record(
        "otel.status_description",
        shorten(message, STATUS_DESCRIPTION).as_str(),
    );
}

fn saturating_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
