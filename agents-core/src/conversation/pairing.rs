//! The pairing invariant of a transcript (every tool call answered by exactly one result, right
//! after the message that made it), checked and mended.
//!
//! Providers reject a transcript that breaks it: OpenAI answers 400 to a call without a `tool`
//! message, Anthropic to a `tool_result` without its `tool_use`. A stored transcript breaks it
//! when the process died between a call and its result, or when the store lost or repeated a
//! message; mending makes it sendable again without dropping anything a provider accepts.

use std::collections::HashSet;

use crate::model::{Message, ToolCall, ToolResult};

/// Where a transcript breaks the pairing invariant. The index is the message's position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// A tool call has no result before the next message that is not a result.
    #[error("message {index}: tool call `{call_id}` ({tool}) has no result")]
    MissingResult {
        /// The assistant message that made the call.
        index: usize,
        /// The call's id.
        call_id: String,
        /// The tool it named.
        tool: String,
    },
    /// A result answers no call of the assistant message just before it.
    #[error("message {index}: result for `{call_id}` answers no call just before it")]
    OrphanResult {
        /// The result's position.
        index: usize,
        /// The id it claims to answer.
        call_id: String,
    },
    /// A second result for a call already answered.
    #[error("message {index}: a second result for call `{call_id}`")]
    DuplicateResult {
        /// The second result's position.
        index: usize,
        /// The call's id.
        call_id: String,
    },
    /// Two calls in the transcript share an id, so results cannot say which they answer.
    #[error("message {index}: call id `{call_id}` is used twice")]
    DuplicateCallId {
        /// The second call's message.
        index: usize,
        /// The shared id.
        call_id: String,
    },
}

/// One change [`mend`] made.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Mend {
    /// A call without a result got a "no result recorded" error result (the model may ask
    /// again).
    NoResultRecorded {
        /// The call's id.
        call_id: String,
        /// The tool it named.
        tool: String,
    },
    /// A result that answered no call just before it was removed (no provider accepts it).
    DroppedOrphan {
        /// The id it claimed to answer.
        call_id: String,
    },
    /// A second result for one call was removed; the first is kept.
    DroppedDuplicate {
        /// The call's id.
        call_id: String,
    },
    /// A call reused an id already taken earlier in the transcript and was given a fresh one
    /// (its result, if it follows, moves with it).
    RenamedCall {
        /// The id as stored.
        from: String,
        /// The id now used.
        to: String,
    },
}

/// One phrase for logs: `no result recorded for search (call c1)`.
impl std::fmt::Display for Mend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mend::NoResultRecorded { call_id, tool } => {
                write!(f, "no result recorded for {tool} (call {call_id})")
            }
            Mend::DroppedOrphan { call_id } => {
                write!(f, "dropped a result answering no call ({call_id})")
            }
            Mend::DroppedDuplicate { call_id } => {
                write!(f, "dropped a second result for call {call_id}")
            }
            Mend::RenamedCall { from, to } => write!(f, "renamed call {from} to {to}"),
        }
    }
}

/// The text of the result a call gets when nothing ran it.
pub(crate) fn not_executed(call: &ToolCall, why: &str) -> ToolResult {
    ToolResult {
        call_id: call.id.clone(),
        name: call.name.clone(),
        content: format!("Not executed: {why}."),
        is_error: true,
    }
}

/// The result a mended call gets: the store lost it or never had it, so whether the call ran is
/// unknown (a crash between a call and its result looks exactly like this).
fn no_result_recorded(call: &ToolCall) -> ToolResult {
    ToolResult {
        call_id: call.id.clone(),
        name: call.name.clone(),
        content: "No result recorded: the run stopped before this call's result was stored, so it may or may not have run. Check its effect before calling it again.".to_owned(),
        is_error: true,
    }
}

/// `messages` without the calls whose ids are in `calls` and without their results: what a
/// model is shown of a transcript once those calls are omitted (`UnhandledPolicy::Omit`). An
/// assistant message left with neither text nor calls is left out too, so a valid transcript
/// stays valid.
///
/// ```
/// use std::collections::HashSet;
/// use agents_core::conversation::{check, without_calls};
/// use agents_core::{Message, ModelResponse};
/// use agents_core::model::ToolResult;
///
/// let asked = ModelResponse::tool_call("c1", "weather", "{}").and_tool_call("c2", "weather", "{}");
/// let result = |id: &str| Message::Tool(ToolResult {
///     call_id: id.into(), name: "weather".into(), content: "sunny".into(), is_error: false,
/// });
/// let transcript = vec![
///     Message::user("go"),
///     Message::Assistant { content: None, tool_calls: asked.tool_calls },
///     result("c1"),
///     result("c2"),
/// ];
/// let shown = without_calls(&transcript, &HashSet::from(["c1".to_owned()]));
/// assert_eq!(shown.len(), 3);
/// assert!(check(&shown).is_empty());
/// ```
pub fn without_calls(messages: &[Message], calls: &HashSet<String>) -> Vec<Message> {
    messages
        .iter()
        .filter_map(|m| match m {
            Message::Assistant {
                content,
                tool_calls,
            } => {
                let kept: Vec<_> = tool_calls
                    .iter()
                    .filter(|c| !calls.contains(&c.id))
                    .cloned()
                    .collect();
                (content.is_some() || !kept.is_empty()).then(|| Message::Assistant {
                    content: content.clone(),
                    tool_calls: kept,
                })
            }
            Message::Tool(r) if calls.contains(&r.call_id) => None,
            other => Some(other.clone()),
        })
        .collect()
}

/// Every place `messages` breaks the pairing invariant, in order (empty when valid).
pub fn check(messages: &[Message]) -> Vec<PairingError> {
    let mut errors = Vec::new();
    walk(messages, |event| match event {
        Walk::Missing { index, call } => errors.push(PairingError::MissingResult {
            index,
            call_id: call.id.clone(),
            tool: call.name.clone(),
        }),
        Walk::Orphan { index, result } => errors.push(PairingError::OrphanResult {
            index,
            call_id: result.call_id.clone(),
        }),
        Walk::Duplicate { index, result } => errors.push(PairingError::DuplicateResult {
            index,
            call_id: result.call_id.clone(),
        }),
        Walk::ReusedId { index, call } => errors.push(PairingError::DuplicateCallId {
            index,
            call_id: call.id.clone(),
        }),
    });
    errors
}

/// Rewrites `messages` so that it holds the pairing invariant, and says what changed (nothing
/// when it already held). Results are put in the order of their calls; a call without a result
/// gets a "no result recorded" error result; results that answer nothing, and second results, are
/// removed; a reused call id gets a fresh one.
pub fn mend(messages: &mut Vec<Message>) -> Vec<Mend> {
    mend_with(messages, no_result_recorded)
}

/// [`mend`], answering each call without a result with `answer(call)`.
pub(crate) fn mend_with(
    messages: &mut Vec<Message>,
    answer: impl Fn(&ToolCall) -> ToolResult,
) -> Vec<Mend> {
    if check(messages).is_empty() {
        return Vec::new();
    }
    let mut changes = Vec::new();
    let mut out: Vec<Message> = Vec::with_capacity(messages.len());
    let mut seen_ids: HashSet<String> = HashSet::new();
    let mut i = 0;
    while i < messages.len() {
        match &messages[i] {
            Message::Assistant {
                content,
                tool_calls,
            } if !tool_calls.is_empty() => {
                let end = results_end(messages, i + 1);
                let mut results: Vec<ToolResult> = messages[i + 1..end]
                    .iter()
                    .filter_map(|m| match m {
                        Message::Tool(r) => Some(r.clone()),
                        _ => None,
                    })
                    .collect();
                let mut calls = tool_calls.clone();
                for k in 0..calls.len() {
                    let id = calls[k].id.clone();
                    if !seen_ids.insert(id.clone()) {
                        let fresh = fresh_id(&id, &seen_ids, messages);
                        changes.push(Mend::RenamedCall {
                            from: id.clone(),
                            to: fresh.clone(),
                        });
                        // Results answer calls of one id in order: the n-th call with this id in
                        // this message takes the n-th result naming it.
                        let earlier = tool_calls[..k].iter().filter(|c| c.id == id).count();
                        if let Some(r) = results.iter_mut().filter(|r| r.call_id == id).nth(earlier)
                        {
                            r.call_id = fresh.clone();
                        }
                        let call = &mut calls[k];
                        seen_ids.insert(fresh.clone());
                        call.id = fresh;
                    }
                }
                out.push(Message::Assistant {
                    content: content.clone(),
                    tool_calls: calls.clone(),
                });
                let mut used = vec![false; results.len()];
                for call in &calls {
                    match results
                        .iter()
                        .enumerate()
                        .find(|(k, r)| !used[*k] && r.call_id == call.id)
                    {
                        Some((k, r)) => {
                            used[k] = true;
                            out.push(Message::Tool(r.clone()));
                        }
                        None => {
                            changes.push(Mend::NoResultRecorded {
                                call_id: call.id.clone(),
                                tool: call.name.clone(),
                            });
                            out.push(Message::Tool(answer(call)));
                        }
                    }
                }
                for (k, r) in results.iter().enumerate() {
                    if used[k] {
                        continue;
                    }
                    let call_id = r.call_id.clone();
                    changes.push(if calls.iter().any(|c| c.id == call_id) {
                        Mend::DroppedDuplicate { call_id }
                    } else {
                        Mend::DroppedOrphan { call_id }
                    });
                }
                i = end;
            }
            Message::Tool(r) => {
                changes.push(Mend::DroppedOrphan {
                    call_id: r.call_id.clone(),
                });
                i += 1;
            }
            other => {
                out.push(other.clone());
                i += 1;
            }
        }
    }
    *messages = out;
    changes
}

/// The end of the run of `Tool` messages starting at `from`.
fn results_end(messages: &[Message], from: usize) -> usize {
    messages[from..]
        .iter()
        .position(|m| !matches!(m, Message::Tool(_)))
        .map_or(messages.len(), |p| from + p)
}

/// `id` with the smallest `-n` suffix no message uses.
fn fresh_id(id: &str, seen: &HashSet<String>, messages: &[Message]) -> String {
    let taken = |candidate: &str| {
        seen.contains(candidate)
            || messages.iter().any(|m| match m {
                Message::Assistant { tool_calls, .. } => {
                    tool_calls.iter().any(|c| c.id == candidate)
                }
                Message::Tool(r) => r.call_id == candidate,
                Message::User { .. } => false,
            })
    };
    (2u64..)
        .map(|n| format!("{id}-{n}"))
        .find(|c| !taken(c))
        .unwrap_or_else(|| format!("{id}-mended"))
}

/// What [`walk`] finds, message by message.
enum Walk<'a> {
    Missing {
        index: usize,
        call: &'a ToolCall,
    },
    Orphan {
        index: usize,
        result: &'a ToolResult,
    },
    Duplicate {
        index: usize,
        result: &'a ToolResult,
    },
    ReusedId {
        index: usize,
        call: &'a ToolCall,
    },
}

/// Reads `messages` once, reporting each break of the invariant.
fn walk<'a>(messages: &'a [Message], mut report: impl FnMut(Walk<'a>)) {
    let mut ids: HashSet<&str> = HashSet::new();
    let mut i = 0;
    while i < messages.len() {
        match &messages[i] {
            Message::Assistant { tool_calls, .. } if !tool_calls.is_empty() => {
                for call in tool_calls {
                    if !ids.insert(&call.id) {
                        report(Walk::ReusedId { index: i, call });
                    }
                }
                let end = results_end(messages, i + 1);
                let mut answered: HashSet<&str> = HashSet::new();
                for (index, m) in messages.iter().enumerate().take(end).skip(i + 1) {
                    let Message::Tool(result) = m else { continue };
                    if !tool_calls.iter().any(|c| c.id == result.call_id) {
                        report(Walk::Orphan { index, result });
                    } else if !answered.insert(&result.call_id) {
                        report(Walk::Duplicate { index, result });
                    }
                }
                for call in tool_calls {
                    if !answered.contains(call.id.as_str()) {
                        report(Walk::Missing { index: i, call });
                    }
                }
                i = end;
            }
            Message::Tool(result) => {
                report(Walk::Orphan { index: i, result });
                i += 1;
            }
            _ => i += 1,
        }
    }
}
