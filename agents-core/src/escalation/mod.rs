//! Escalation: a repair gives up softly and the failure walks up the tree of agents until one
//! decides what to do with it.
//!
//! This module owns the three parts of that: where an escalation starts ([`origin`]: a repair
//! step, a fixer, the model's built-in `escalate`), the path it records and announces as it
//! travels ([`path`]), and what reaching an agent does ([`walk`]: the agent's `on_escalation`
//! decision, [`EscalationDecision`], turned into what the agent loop does next). The loop, the
//! argument pipeline and the compositions call it; none of them edits an escalation's path itself.

mod decision;
pub(crate) mod origin;
pub(crate) mod path;
pub(crate) mod walk;

pub use decision::{EscalationDecision, EscalationHandler};
