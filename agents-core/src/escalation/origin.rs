//! Where an escalation starts: a repair step that gives up softly, a fixer agent that escalated,
//! or the model's built-in `escalate` tool.

use crate::error::{EscalationError, Severity, ToolError};
use crate::event::Event;
use crate::path::AgentPath;
use crate::run::RunContext;

/// A repair step of the agent at `agent` gave up on its call of `tool`: the escalation carries
/// the error it gave up on and the repair steps spent.
pub(crate) fn from_step(
    agent: &AgentPath,
    tool: &str,
    error: &ToolError,
    reason: String,
    severity: Severity,
    repair_steps: u32,
) -> EscalationError {
    let mut e = EscalationError::new(agent.clone(), reason, severity);
    e.tool = Some(tool.to_owned());
    e.original = Some(Box::new(error.clone()));
    e.attempts = repair_steps;
    e
}

/// A fixer agent escalated on attempt `attempt` of repairing `error` (a call of `tool`): what
/// the fixer did not say itself is filled in from the repair.
pub(crate) fn from_fixer(
    mut e: EscalationError,
    error: &ToolError,
    tool: &str,
    attempt: u32,
) -> EscalationError {
    if e.original.is_none() {
        e.original = Some(Box::new(error.clone()));
    }
    e.tool.get_or_insert_with(|| tool.to_owned());
    e.attempts = e.attempts.max(attempt);
    e
}

/// The model of the agent at `here` called the built-in `escalate` with `reason` and the
/// severity it gave (`HIGH`, with a warning, when unrecognised). A fixer's escalation carries
/// the repair it was asked for. Announced at once: the agent's run ends with it.
pub(crate) fn from_model(
    here: &AgentPath,
    reason: String,
    given_severity: Option<&str>,
    ctx: &RunContext,
) -> EscalationError {
    let (severity, recognised) = Severity::parse_lenient(given_severity);
    if !recognised {
        ctx.emit(Event::Warning {
            agent: here.clone(),
            message: format!(
                "unknown severity {:?} in escalate; using HIGH",
                given_severity.unwrap_or_default()
            ),
        });
    }
    let mut e = EscalationError::new(here.clone(), reason, severity);
    if let Some(req) = ctx.repair_request() {
        e.tool = Some(req.tool.clone());
        e.original = Some(Box::new(req.error.clone()));
        e.attempts = req.attempt;
    }
    super::path::announce(ctx.events(), here, &e);
    e
}
