//! What an agent decides about an escalation that reached it (`on_escalation`).

use std::sync::Arc;

use crate::error::{EscalationError, Severity};
use crate::model::Model;

/// What an agent decides about an escalation that reached it (`on_escalation`).
#[derive(Clone)]
pub enum EscalationDecision<Out> {
    /// Tell this agent's model (the error, in model-safe words, as the call's result) and go on.
    FeedBack,
    /// Go on with another model for the rest of the run (the error is fed back to it).
    RetryWithModel(Arc<dyn Model>),
    /// Switch to another skill for the rest of the run (the error is fed back).
    Reroute(String),
    /// End this agent's run successfully with a partial result.
    Partial(Out),
    /// Pass it up to the parent, possibly more severe and with more context.
    Escalate {
        /// The new severity (`None` keeps it).
        severity: Option<Severity>,
        /// Context to add to the reason.
        context: Option<String>,
    },
    /// End the whole run (a hard stop).
    Stop(String),
}

impl<Out> std::fmt::Debug for EscalationDecision<Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EscalationDecision::FeedBack => f.write_str("FeedBack"),
            EscalationDecision::RetryWithModel(m) => write!(f, "RetryWithModel({})", m.name()),
            EscalationDecision::Reroute(s) => write!(f, "Reroute({s})"),
            EscalationDecision::Partial(_) => f.write_str("Partial(..)"),
            EscalationDecision::Escalate { severity, context } => {
                write!(f, "Escalate({severity:?}, {context:?})")
            }
            EscalationDecision::Stop(r) => write!(f, "Stop({r})"),
        }
    }
}

/// An `on_escalation` handler.
pub type EscalationHandler<Out> =
    Arc<dyn Fn(&EscalationError) -> EscalationDecision<Out> + Send + Sync>;
