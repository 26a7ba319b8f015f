//! What the run said: the transcript, what the model sees of it, the streamed consumer's copy
//! and the checkpoints handed out after every message.

use std::collections::HashSet;

use super::{Output, Runner};
use crate::conversation::Checkpoint;
use crate::model::Message;

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Appends a message to the transcript and to the next request, and hands the run's state
    /// to the checkpoint hook, if any.
    pub fn say(&mut self, message: Message) {
        self.frame.request.messages.push(message.clone());
        if let Some(tap) = &self.tap {
            tap.said(&message);
        }
        self.transcript.push(message);
        if let Some(hook) = &self.agent.config.settings.on_checkpoint
            && !self.ctx.is_replaying()
        {
            hook(&self.checkpoint());
        }
    }

    /// Gives a streamed run's consumer the whole transcript (at the start, and after a resumed
    /// transcript was mended).
    pub(super) fn sync_tap(&self) {
        if let Some(tap) = &self.tap {
            tap.replace_transcript(&self.transcript);
        }
    }

    /// In a streamed run, waits until the consumer has taken every event so far: a slow
    /// consumer holds the run at the next step instead of letting events pile up.
    pub(super) async fn make_room(&self) {
        if let Some(tap) = &self.tap {
            tap.drained().await;
        }
    }

    /// The run's state now.
    pub(super) fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            messages: self.transcript.clone(),
            spent: self.budget.spent(),
            elapsed: self.budget.elapsed(),
            skill: self
                .frame
                .skill
                .map(|i| self.agent.config.skills[i].name.clone()),
            awaiting: self.approvals.awaiting_ids(),
            decisions: self.approvals.decisions.clone(),
            paused_at_ms: None,
        }
    }

    /// Rebuilds the next request's messages from the transcript (after calls were omitted).
    pub fn resync_messages(&mut self) {
        self.frame.request.messages = self.visible_messages();
    }

    /// The transcript as the model sees it: omitted calls and their results left out.
    fn visible_messages(&self) -> Vec<Message> {
        if self.omitted.is_empty() {
            return self.transcript.clone();
        }
        self.transcript
            .iter()
            .filter_map(|m| match m {
                Message::Assistant {
                    content,
                    tool_calls,
                } => {
                    let calls: Vec<_> = tool_calls
                        .iter()
                        .filter(|c| !self.omitted.contains(&c.id))
                        .cloned()
                        .collect();
                    (content.is_some() || !calls.is_empty()).then(|| Message::Assistant {
                        content: content.clone(),
                        tool_calls: calls,
                    })
                }
                Message::Tool(r) if self.omitted.contains(&r.call_id) => None,
                other => Some(other.clone()),
            })
            .collect()
    }
}

/// The ids of every call in `history`.
pub(super) fn call_ids(history: &[Message]) -> HashSet<String> {
    history
        .iter()
        .flat_map(|m| match m {
            Message::Assistant { tool_calls, .. } => {
                tool_calls.iter().map(|c| c.id.clone()).collect()
            }
            _ => Vec::new(),
        })
        .collect()
}
