//! A run paused for a person: the calls that wait for approval, and the decisions that resume it.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Checkpoint;

/// A call held for approval, with the arguments it would run with (after repair and coercion).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingCall {
    /// The call's id (what a decision names).
    pub call_id: String,
    /// The tool.
    pub tool: String,
    /// The repaired arguments.
    pub arguments: Value,
}

/// What a person decided about a held call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Decision {
    /// Run it as it is.
    Approve,
    /// Do not run it; the model reads `Denied: <reason>` as the call's result.
    Deny {
        /// Why, for the model.
        reason: String,
    },
    /// Run it with these arguments instead (checked against the tool's schema and repaired like
    /// any arguments; if they do not fit, the model reads why).
    Edit {
        /// The arguments to run with.
        arguments: Value,
    },
}

/// A run that stopped before calls that need a person's approval
/// ([`AgentError::AwaitingApproval`](crate::AgentError::AwaitingApproval)). Serializable: store
/// it, decide, possibly hours later and in another process, then
/// [`resume`](crate::LlmAgent::resume) from [`into_checkpoint`](Self::into_checkpoint).
///
/// ```
/// # use agents_core::conversation::{Paused, Decision};
/// fn decide(mut paused: Paused) -> agents_core::conversation::Checkpoint {
///     for call in paused.calls.clone() {
///         if call.tool == "send_money" {
///             paused.deny(&call.call_id, "over the daily limit");
///         } else {
///             paused.approve(&call.call_id);
///         }
///     }
///     paused.into_checkpoint()
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Paused {
    /// The held calls, in call order.
    pub calls: Vec<PendingCall>,
    /// The run's state, the held calls without results.
    pub checkpoint: Checkpoint,
}

impl Paused {
    /// Approves the call `call_id`. Returns whether such a call is held.
    pub fn approve(&mut self, call_id: &str) -> bool {
        self.decide(call_id, Decision::Approve)
    }

    /// Denies the call `call_id`, with a reason the model reads.
    pub fn deny(&mut self, call_id: &str, reason: impl Into<String>) -> bool {
        self.decide(
            call_id,
            Decision::Deny {
                reason: reason.into(),
            },
        )
    }

    /// Approves the call `call_id` with other arguments.
    pub fn edit(&mut self, call_id: &str, arguments: Value) -> bool {
        self.decide(call_id, Decision::Edit { arguments })
    }

    /// Records `decision` for `call_id`; a call without one is held again on resume.
    pub fn decide(&mut self, call_id: &str, decision: Decision) -> bool {
        if !self.calls.iter().any(|c| c.call_id == call_id) {
            return false;
        }
        self.checkpoint
            .decisions
            .insert(call_id.to_owned(), decision);
        true
    }

    /// The checkpoint to resume from, with the decisions made.
    pub fn into_checkpoint(self) -> Checkpoint {
        self.checkpoint
    }
}

/// The decisions of a checkpoint, by call id.
pub(crate) type Decisions = HashMap<String, Decision>;
