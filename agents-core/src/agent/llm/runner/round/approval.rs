//! Calls that wait for a person: held before they run, the run paused, and the decisions
//! applied when it resumes.

use std::collections::HashSet;

use serde_json::Value;

use super::{Handled, Output, Runner};
use crate::agent::llm::now_ms;
use crate::conversation::{Decision, Decisions, Paused, PendingCall};
use crate::event::Event;
use crate::model::{ToolCall, ToolResult};

/// The run's calls that wait for a person, and what was decided about them.
#[derive(Default)]
pub(in crate::agent::llm) struct Approvals {
    /// Calls of this round held for approval.
    pub held: Vec<PendingCall>,
    /// Calls a person approved: they run without asking again.
    pub approved: HashSet<String>,
    /// Calls a resumed run found held for approval (they did not run).
    pub awaiting: HashSet<String>,
    /// What a person decided about them.
    pub decisions: Decisions,
}

impl Approvals {
    /// What a resumed run was holding, and the decisions made since.
    pub fn resumed(&mut self, awaiting: HashSet<String>, decisions: Decisions) {
        self.awaiting = awaiting;
        self.decisions = decisions;
    }

    /// Every call waiting for a decision, by id (for a checkpoint).
    pub fn awaiting_ids(&self) -> Vec<String> {
        self.held
            .iter()
            .map(|p| p.call_id.clone())
            .chain(self.awaiting.iter().cloned())
            .collect()
    }
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Holds `call` (its arguments repaired to `args`) for approval: it gets no result now.
    pub(super) fn hold(&mut self, call: &ToolCall, args: Value) -> Handled<Out> {
        self.ctx.emit(Event::ApprovalRequested {
            agent: self.path.clone(),
            call_id: call.id.clone(),
            tool: call.name.clone(),
        });
        self.approvals.held.push(PendingCall {
            call_id: call.id.clone(),
            tool: call.name.clone(),
            arguments: args,
        });
        Handled {
            result: awaiting(call),
            failed: false,
            stop: None,
        }
    }

    pub(super) fn is_held(&self, call_id: &str) -> bool {
        self.approvals.held.iter().any(|p| p.call_id == call_id)
    }

    /// Ends the round with its held calls: the run's state, resumable once decided.
    pub(super) fn pause(&mut self) -> Paused {
        let mut checkpoint = self.checkpoint();
        checkpoint.paused_at_ms = Some(now_ms());
        let paused = Paused {
            calls: std::mem::take(&mut self.approvals.held),
            checkpoint,
        };
        if let Some(hook) = &self.agent.config.settings.on_checkpoint
            && !self.ctx.is_replaying()
        {
            hook(&paused.checkpoint);
        }
        paused
    }

    /// A held call on resume: runs as approved or edited, answers a denial, or is held again
    /// when no one decided.
    pub(super) async fn decided(
        &mut self,
        call: &ToolCall,
        same_guard: &mut Option<u32>,
    ) -> Handled<Out> {
        match self.approvals.decisions.remove(&call.id) {
            Some(Decision::Approve) => {
                self.approvals.approved.insert(call.id.clone());
                self.handle_call(call, same_guard).await
            }
            Some(Decision::Edit { arguments }) => {
                self.approvals.approved.insert(call.id.clone());
                let edited = ToolCall {
                    arguments: arguments.to_string(),
                    ..call.clone()
                };
                self.handle_call(&edited, same_guard).await
            }
            Some(Decision::Deny { reason }) => Handled {
                result: ToolResult {
                    call_id: call.id.clone(),
                    name: call.name.clone(),
                    content: format!("Denied: {reason}"),
                    is_error: true,
                },
                failed: false,
                stop: None,
            },
            None => self.handle_call(call, same_guard).await,
        }
    }
}

/// What a held call reads in a report's transcript while the run is paused.
pub(in crate::agent::llm) fn awaiting(call: &ToolCall) -> ToolResult {
    ToolResult {
        call_id: call.id.clone(),
        name: call.name.clone(),
        content: "Awaiting approval: not run yet.".to_owned(),
        is_error: true,
    }
}
