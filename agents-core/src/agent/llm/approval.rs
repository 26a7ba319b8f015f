//! Calls that wait for a person: held before they run, the run paused, and the decisions
//! applied when it resumes.

use serde_json::Value;

use super::Output;
use super::round::Handled;
use super::run::Runner;
use crate::conversation::{Decision, Paused, PendingCall};
use crate::event::Event;
use crate::model::{ToolCall, ToolResult};

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
        self.held.push(PendingCall {
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
        self.held.iter().any(|p| p.call_id == call_id)
    }

    /// Ends the round with its held calls: the run's state, resumable once decided.
    pub(super) fn pause(&mut self) -> Paused {
        let mut checkpoint = self.checkpoint();
        checkpoint.paused_at_ms = Some(now_ms());
        let paused = Paused {
            calls: std::mem::take(&mut self.held),
            checkpoint,
        };
        if let Some(hook) = &self.agent.config.on_checkpoint
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
        match self.decisions.remove(&call.id) {
            Some(Decision::Approve) => {
                self.approved.insert(call.id.clone());
                self.handle_call(call, same_guard).await
            }
            Some(Decision::Edit { arguments }) => {
                self.approved.insert(call.id.clone());
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
pub(super) fn awaiting(call: &ToolCall) -> ToolResult {
    ToolResult {
        call_id: call.id.clone(),
        name: call.name.clone(),
        content: "Awaiting approval: not run yet.".to_owned(),
        is_error: true,
    }
}

/// Now, in milliseconds since the Unix epoch (0 if the clock is before it).
pub(super) fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}
