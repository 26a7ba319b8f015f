//! The path an escalation records: every agent it reaches or passes through, once each, and the
//! [`Event::Escalated`] that announces each step.

use crate::error::{AgentError, EscalationError};
use crate::event::{Event, EventBus};
use crate::path::AgentPath;

/// Announces that `e` reached (or passed) the agent at `at`.
pub(crate) fn announce(events: &EventBus, at: &AgentPath, e: &EscalationError) {
    events.emit(Event::Escalated {
        agent: at.clone(),
        tool: e.tool.clone(),
        reason: e.reason.clone(),
        severity: e.severity,
        path: e.travelled.clone(),
    });
}

/// An escalation that ended a tool's run (an agent offered as a tool) is delivered to the agent
/// whose call it was: that agent joins the path, and the tool is named unless something deeper
/// already named one.
pub(crate) fn delivered_by_tool(e: &mut EscalationError, caller: &AgentPath, tool: &str) {
    e.travelled.push(caller.clone());
    e.tool.get_or_insert_with(|| tool.to_owned());
}

/// `e` reached the agent at `here` (whose loop will decide on it): joins the path unless it was
/// delivered through a tool (which already added `here`). Returns whether it comes from a child.
///
/// One that reached the agent through a tool that is an agent arrives with `here` already
/// appended: it comes from a child. One raised in the agent's own argument pipeline (a repair
/// step, or a fixer: fixers run below the agent but return to its pipeline, not through a tool)
/// is about the agent's own call.
pub(crate) fn arrive(e: &mut EscalationError, here: &AgentPath) -> bool {
    let delivered = e.travelled.last() == Some(here);
    let from_child = delivered && e.source != *here;
    if !delivered {
        e.travelled.push(here.clone());
    }
    from_child
}

/// An agent that has no `on_escalation` (a composition such as a race) passes the escalation on
/// as its own: it joins the path.
pub(crate) fn pass_on(e: &mut EscalationError, at: AgentPath) {
    e.travelled.push(at);
}

/// A plain-function agent has no `on_escalation`: an escalation from below passes through it
/// untouched, but it still appears on the path the escalation travelled, and in an event.
pub(crate) fn passed_through_plain(
    error: AgentError,
    path: &AgentPath,
    events: &EventBus,
) -> AgentError {
    match error {
        AgentError::Escalated(mut e) if e.source != *path && e.travelled.last() != Some(path) => {
            e.travelled.push(path.clone());
            announce(events, path, &e);
            AgentError::Escalated(e)
        }
        other => other,
    }
}
