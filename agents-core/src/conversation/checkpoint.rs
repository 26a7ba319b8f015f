//! A run's state at one moment, stored to resume it later (after a crash, a deploy, a pause).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::budget::Spent;
use crate::model::Message;

/// Everything needed to resume a run where it stopped: its transcript, what it spent, how long
/// it ran, and the skill it runs.
///
/// A run hands one to [`on_checkpoint`](crate::LlmAgentBuilder::on_checkpoint) after every
/// message it appends; store the latest (serde) and give it to
/// [`LlmAgent::resume`](crate::LlmAgent::resume) to go on. See docs/runs.md for what a resumed
/// run does again and what it never does again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The run's transcript so far (for a chat, the whole conversation).
    pub messages: Vec<Message>,
    /// What the run spent: turns, tool calls, tokens, repair steps.
    pub spent: Spent,
    /// How long the run has taken, counted against its `max_duration` when resumed.
    #[serde(rename = "elapsed_ms", with = "millis")]
    pub elapsed: Duration,
    /// The skill the run was started with, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<String>,
    /// Calls held for approval (they did not run), by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub awaiting: Vec<String>,
    /// Decisions about held calls, by call id ([`Paused`](super::Paused) records them).
    #[serde(default, skip_serializing_if = "std::collections::HashMap::is_empty")]
    pub decisions: std::collections::HashMap<String, super::Decision>,
    /// When the run paused for approval (milliseconds since the Unix epoch): the wait counts
    /// against the run's `max_duration` on resume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused_at_ms: Option<u64>,
}

mod millis {
    use std::time::Duration;

    pub fn serialize<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        <u64 as serde::Deserialize>::deserialize(d).map(Duration::from_millis)
    }
}
