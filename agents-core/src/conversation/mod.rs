//! Conversations: a transcript that outlives one run, stored by the application (serde), continued
//! by the next run, kept valid for every provider.
//!
//! A [`Conversation`] is a value, not a connection: serialize it anywhere (a database row, a
//! file, a session cookie), load it later, in another process, and continue it with
//! [`RunRequest::conversation`](crate::RunRequest::conversation). Each run appends what it said. Before a run sends a
//! loaded transcript to a model, it is [mended](pairing::mend): a tool call left without a result
//! (the process died between the two) gets a "no result recorded" result the model can read, so no
//! provider rejects the request and the model may ask again. A run never re-executes a call that
//! has a result.
//!
//! ```
//! # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
//! use agents_core::{conversation::Conversation, LlmAgent, ModelResponse};
//! use agents_core::testing::ScriptedModel;
//! let model = ScriptedModel::new([ModelResponse::text("Hi Ada."), ModelResponse::text("Ada.")]);
//! let agent = LlmAgent::builder("chat").model(model).build().unwrap();
//! let mut conversation = Conversation::new();
//! agent.run("I am Ada.".to_owned()).conversation(&mut conversation).await.unwrap();
//! let stored = serde_json::to_string(&conversation).unwrap();
//! let mut loaded: Conversation = serde_json::from_str(&stored).unwrap();
//! assert_eq!(agent.run("Who am I?".to_owned()).conversation(&mut loaded).await.unwrap(), "Ada.");
//! assert_eq!(loaded.messages().len(), 4);
//! # });
//! ```

mod approval;
mod checkpoint;
mod pairing;
mod trim;

pub(crate) use approval::Decisions;
pub use approval::{Decision, Paused, PendingCall};
pub use checkpoint::Checkpoint;

pub use pairing::{Mend, PairingError, check, mend, without_calls};
pub(crate) use pairing::{mend_with, not_executed};
pub use trim::{KeepLastMessages, KeepLastTurns, Trim, kept, safe_cut};

use serde::{Deserialize, Serialize};

use crate::model::Message;

/// A stored conversation: every message of every run on it, in order.
///
/// Serialized as `{"messages": [...]}` with the same message shape as
/// [`RunReport::transcript`](crate::RunReport::transcript). Loading never fails on a transcript
/// that breaks the pairing invariant: [`Conversation::problems`] says where, and a run mends it
/// before use.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conversation {
    messages: Vec<Message>,
}

impl Conversation {
    /// An empty conversation.
    pub fn new() -> Self {
        Conversation::default()
    }

    /// A conversation holding `messages` as they are (mended when a run continues it).
    pub fn from_messages(messages: Vec<Message>) -> Self {
        Conversation { messages }
    }

    /// Every message, oldest first.
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }

    /// The messages, given back.
    pub fn into_messages(self) -> Vec<Message> {
        self.messages
    }

    /// How many user turns it holds.
    pub fn user_turns(&self) -> usize {
        self.messages
            .iter()
            .filter(|m| matches!(m, Message::User { .. }))
            .count()
    }

    /// Every break of the pairing invariant (empty when every call has exactly one result).
    pub fn problems(&self) -> Vec<PairingError> {
        check(&self.messages)
    }

    /// Mends every break of the pairing invariant and says what changed.
    pub fn mend(&mut self) -> Vec<Mend> {
        mend(&mut self.messages)
    }

    /// Drops the oldest messages `policy` leaves out, at a safe cut; returns how many.
    pub fn trim(&mut self, policy: &dyn Trim) -> usize {
        let cut = safe_cut(&self.messages, policy.cut(&self.messages));
        self.messages.drain(..cut);
        cut
    }

    /// Appends messages a run said.
    pub(crate) fn extend(&mut self, said: impl IntoIterator<Item = Message>) {
        self.messages.extend(said);
    }
}

#[cfg(test)]
mod tests;
