//! The walk up the tree: what an escalation does when it reaches an agent's loop. The agent's
//! `on_escalation` (or the default: a child's escalation goes on up, the agent's own is told to
//! its model) decides, and the decision becomes a [`Resolution`] the loop carries out.

use std::sync::Arc;

use super::path::{announce, arrive};
use super::{EscalationDecision, EscalationHandler};
use crate::error::{AgentError, EscalationError, ToolError};
use crate::event::EventBus;
use crate::model::Model;
use crate::path::AgentPath;

/// What the loop does with an escalation that reached it.
pub(crate) enum Resolution<Out> {
    /// Tell the model (the call's result is the escalation's text) and go on, after switching
    /// model or skill if the decision said so. `reason` is what the failure history records.
    FeedBack {
        /// The escalation's reason.
        reason: String,
        /// The switch the decision asked for, if any.
        switch: Option<Switch>,
    },
    /// End the agent's run successfully with this output.
    Partial(Out),
    /// End the agent's run with this error (passed up, or a hard stop).
    End(AgentError),
}

/// A change of course for the rest of the run, before feeding the escalation back.
pub(crate) enum Switch {
    /// Go on with another model.
    Model(Arc<dyn Model>),
    /// Go on with the skill of this name (the loop warns and stays if there is none).
    Skill(String),
}

/// `e` reached the loop of the agent at `here` through its model's call of the tool `called`.
/// Records and announces the step, asks `handler` (or applies the default), and returns the
/// model-safe text of the escalation as it arrived (the call's result) with the resolution.
pub(crate) fn reach<Out>(
    mut e: EscalationError,
    here: &AgentPath,
    called: &str,
    handler: Option<&EscalationHandler<Out>>,
    events: &EventBus,
) -> (String, Resolution<Out>) {
    let from_child = arrive(&mut e, here);
    announce(events, here, &e);
    let decision = match handler {
        Some(h) => h(&e),
        None if from_child => EscalationDecision::Escalate {
            severity: None,
            context: None,
        },
        None => EscalationDecision::FeedBack,
    };
    let text = model_text(called, &e);
    let feed_back = |e: EscalationError, switch| Resolution::FeedBack {
        reason: e.reason,
        switch,
    };
    let resolution = match decision {
        EscalationDecision::FeedBack => feed_back(e, None),
        EscalationDecision::RetryWithModel(model) => feed_back(e, Some(Switch::Model(model))),
        EscalationDecision::Reroute(skill) => feed_back(e, Some(Switch::Skill(skill))),
        EscalationDecision::Partial(out) => Resolution::Partial(out),
        EscalationDecision::Escalate { severity, context } => {
            if let Some(s) = severity {
                e.severity = s;
            }
            if let Some(c) = context {
                e.reason = format!("{} ({c})", e.reason);
            }
            Resolution::End(AgentError::Escalated(Box::new(e)))
        }
        EscalationDecision::Stop(reason) => Resolution::End(AgentError::Thrown {
            by: here.clone(),
            reason,
            original: Some(Box::new(ToolError::Escalation(e))),
        }),
    };
    (text, resolution)
}

/// The model-safe text of an escalation, naming the tool this agent's model called (for an
/// escalation from a child agent that is the child, not the tool deep down that failed).
fn model_text(called: &str, e: &EscalationError) -> String {
    EscalationError {
        tool: Some(called.to_owned()),
        ..e.clone()
    }
    .model_text()
}
