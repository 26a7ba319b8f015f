//! Where a resumed run picks up: an answer already given is read again, a round of tool calls
//! the interruption cut short is completed without running again what produced a result.

use std::collections::HashMap;

use std::ops::ControlFlow;

use super::{Flow, Output, Runner};
use crate::agent::llm::read_output;
use crate::model::{Message, ModelResponse, ToolCall, ToolResult};

/// A round of calls the interruption cut short: the calls, and the results recorded for some.
pub(super) struct Interrupted {
    pub response: ModelResponse,
    pub recorded: HashMap<String, ToolResult>,
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Takes a resumed transcript up where it stopped. Breaks when the run had already
    /// answered (its answer is the output) or the completed round ended the run; continues when
    /// the loop goes on with a model turn.
    pub(in crate::agent::llm) async fn pick_up(&mut self) -> Flow<Out> {
        let interrupted = self.take_interrupted_round();
        let changes = crate::conversation::mend(self.transcript_mut());
        if !changes.is_empty() {
            self.ctx.emit(crate::Event::TranscriptMended {
                agent: self.path.clone(),
                changes,
            });
        }
        self.recall_progress();
        self.sync_tap();
        // The round runs before any model turn: build the frame (the offered tools) it checks
        // calls against.
        self.refresh_tools().await;
        self.refresh_frame();
        if let Some(round) = interrupted {
            return self.round_resumed(round.response, round.recorded).await;
        }
        if let Some(Message::Assistant {
            content: Some(text),
            tool_calls,
        }) = self.transcript().last()
            && tool_calls.is_empty()
            && let Ok(out) = read_output::<Out>(text, self.agent.config.answer.is_text)
        {
            return ControlFlow::Break(Ok(out));
        }
        ControlFlow::Continue(())
    }

    /// Removes the last round of calls from the transcript if some of its calls have no
    /// result, and returns it with the results that were recorded.
    fn take_interrupted_round(&mut self) -> Option<Interrupted> {
        let at = self.transcript().iter().rposition(
            |m| matches!(m, Message::Assistant { tool_calls, .. } if !tool_calls.is_empty()),
        )?;
        let following = &self.transcript()[at + 1..];
        if !following.iter().all(|m| matches!(m, Message::Tool(_))) {
            return None;
        }
        let Message::Assistant {
            content,
            tool_calls,
        } = &self.transcript()[at]
        else {
            return None;
        };
        let recorded: HashMap<String, ToolResult> = following
            .iter()
            .filter_map(|m| match m {
                Message::Tool(r) => Some((r.call_id.clone(), r.clone())),
                _ => None,
            })
            .collect();
        if tool_calls.iter().all(|c| recorded.contains_key(&c.id)) {
            return None;
        }
        let response = ModelResponse {
            text: content.clone(),
            tool_calls: tool_calls.clone(),
            finish_reason: crate::model::FinishReason::ToolCalls,
            ..ModelResponse::default()
        };
        for call in &response.tool_calls {
            self.call_ids.remove(&call.id);
        }
        self.transcript_mut().truncate(at);
        Some(Interrupted { response, recorded })
    }

    /// Whether a call cut short by the interruption may run now: its tool is safe to repeat, or
    /// it names no tool of this agent (nothing ran for it).
    pub(super) fn may_run_again(&self, call: &ToolCall) -> bool {
        self.frame
            .tools
            .get(&call.name)
            .is_none_or(|entry| entry.tool.idempotent())
    }
}

/// The result of a call that may have run when the run was interrupted, and is not safe to
/// repeat.
pub(super) fn outcome_unknown(call: &ToolCall) -> ToolResult {
    ToolResult {
        call_id: call.id.clone(),
        name: call.name.clone(),
        content: "Outcome unknown: the run was interrupted while this call may have been running, and it is not safe to repeat, so it was not run again. Check its effect before calling it again.".to_owned(),
        is_error: true,
    }
}
