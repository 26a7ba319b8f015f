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
    /// Everything said, complete and valid (every call paired with its result).
    pub fn transcript(&self) -> &Vec<Message> {
        self.transcript_apart
            .as_ref()
            .unwrap_or(&self.frame.request.messages)
    }

    /// The transcript, to change in place (a resumed transcript mended or cut back). While no
    /// call is omitted this is the next request's messages too; once calls are omitted, the
    /// caller rebuilds those with [`resync_messages`](Self::resync_messages).
    pub fn transcript_mut(&mut self) -> &mut Vec<Message> {
        self.transcript_apart
            .as_mut()
            .unwrap_or(&mut self.frame.request.messages)
    }

    /// The transcript, the run over.
    pub fn into_transcript(self) -> Vec<Message> {
        self.transcript_apart.unwrap_or(self.frame.request.messages)
    }

    /// Appends a message to the transcript and to the next request, and hands the run's state
    /// to the checkpoint hook, if any.
    pub fn say(&mut self, message: Message) {
        if let Some(tap) = &self.tap {
            tap.said(&message);
        }
        // One push while the request's messages are the transcript; two lists only once calls
        // were omitted from what the model sees.
        if let Some(apart) = &mut self.transcript_apart {
            apart.push(message.clone());
        }
        self.frame.request.messages.push(message);
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
            tap.replace_transcript(self.transcript());
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
            messages: self.transcript().clone(),
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

    /// Rebuilds the next request's messages from the transcript (after calls were omitted):
    /// from then on the transcript is kept apart from them.
    pub fn resync_messages(&mut self) {
        if self.omitted.is_empty() {
            if let Some(apart) = self.transcript_apart.take() {
                self.frame.request.messages = apart;
            }
            return;
        }
        let apart = match self.transcript_apart.take() {
            Some(apart) => apart,
            None => std::mem::take(&mut self.frame.request.messages),
        };
        self.frame.request.messages = crate::conversation::without_calls(&apart, &self.omitted);
        self.transcript_apart = Some(apart);
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
