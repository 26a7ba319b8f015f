//! `escalate`: a soft give-up. The failure goes up the tree of agents as an escalation.

use super::{Step, StepImpl, Steps};
use crate::error::kinds::Kind;
use crate::error::{Severity, ToolError};
use crate::repair::call::{CallOutcome, CallRepair, StepResult};

/// Ends the call with an escalation of `error`, for `reason` (the error's own model-safe text
/// when none was given).
pub(crate) fn handle(
    run: &CallRepair<'_, '_>,
    reason: &Option<String>,
    severity: Severity,
    error: &ToolError,
) -> StepResult {
    let reason = reason.clone().unwrap_or_else(|| error.model_reason());
    StepResult::Done(CallOutcome::Escalated(
        run.escalation(error, reason, severity),
    ))
}

/// A soft give-up: built by [`escalate`].
#[derive(Clone)]
pub struct Escalate(StepImpl);

impl<K: Kind> Step<K> for Escalate {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

/// Gives up softly: the failure becomes an [`EscalationError`](crate::error::EscalationError) that the
/// agent's `on_escalation` (or its model) sees. Never reported as a success.
pub fn escalate(reason: impl Into<String>, severity: Severity) -> Escalate {
    Escalate(StepImpl::Escalate {
        reason: Some(reason.into()),
        severity,
    })
}

/// Gives up softly with the error's own model-safe text as the reason, severity High.
pub fn escalate_error() -> Escalate {
    Escalate(StepImpl::Escalate {
        reason: None,
        severity: Severity::High,
    })
}

impl Escalate {
    /// A soft give-up with this reason, severity [`Severity::High`]; [`Escalate::severity`] sets
    /// another.
    pub fn new(reason: impl Into<String>) -> Self {
        escalate(reason, Severity::High)
    }

    /// Sets the severity the escalation reports.
    pub fn severity(mut self, severity: Severity) -> Self {
        if let StepImpl::Escalate { severity: s, .. } = &mut self.0 {
            *s = severity;
        }
        self
    }
}
