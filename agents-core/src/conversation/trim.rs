//! Which older messages a run leaves out of what it sends, without ever splitting a tool call
//! from its result.

use crate::model::Message;

/// Chooses how many of a conversation's oldest messages to leave out of a model request.
///
/// The runtime moves the cut back to the start of the user turn it falls in (see [`safe_cut`]),
/// so a policy can count in messages, turns or tokens without knowing the pairing rules: a kept
/// transcript always starts with a user message and never holds a result without its call.
///
/// ```
/// use agents_core::conversation::{KeepLastTurns, Trim};
/// use agents_core::Message;
/// let messages = vec![
///     Message::user("one"), Message::assistant("1"),
///     Message::user("two"), Message::assistant("2"),
/// ];
/// assert_eq!(KeepLastTurns(1).cut(&messages), 2);
/// // Any function of the messages is a policy too:
/// let keep_all = |_: &[Message]| 0;
/// assert_eq!(keep_all.cut(&messages), 0);
/// ```
pub trait Trim: Send + Sync {
    /// The number of leading messages to leave out (more than `messages.len()` means all).
    fn cut(&self, messages: &[Message]) -> usize;
}

impl<F> Trim for F
where
    F: Fn(&[Message]) -> usize + Send + Sync,
{
    fn cut(&self, messages: &[Message]) -> usize {
        self(messages)
    }
}

/// Keeps the last `n` user turns (a turn starts at a user message and holds everything said
/// until the next one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeepLastTurns(pub usize);

impl Trim for KeepLastTurns {
    fn cut(&self, messages: &[Message]) -> usize {
        if self.0 == 0 {
            return messages.len();
        }
        messages
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, m)| matches!(m, Message::User { .. }))
            .nth(self.0 - 1)
            .map_or(0, |(i, _)| i)
    }
}

/// Keeps about the last `n` messages: the cut moves back to the start of the user turn it falls
/// in, so a few more may be kept, never fewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeepLastMessages(pub usize);

impl Trim for KeepLastMessages {
    fn cut(&self, messages: &[Message]) -> usize {
        messages.len().saturating_sub(self.0)
    }
}

/// Where a cut asked for at `wanted` may go: `wanted` itself if it is the start of a user turn
/// or the end, else the start of the user turn that holds it (0 if there is none before it).
pub fn safe_cut(messages: &[Message], wanted: usize) -> usize {
    if wanted >= messages.len() {
        return messages.len();
    }
    messages[..=wanted]
        .iter()
        .rposition(|m| matches!(m, Message::User { .. }))
        .unwrap_or(0)
}

/// The part of `messages` that `policy` keeps.
pub fn kept<'a>(messages: &'a [Message], policy: &dyn Trim) -> &'a [Message] {
    &messages[safe_cut(messages, policy.cut(messages))..]
}
