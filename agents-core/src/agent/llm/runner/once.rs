//! No side effect twice because a model loops ([`Recovery::skip_repeats`] and
//! [`Recovery::answer_after_repeat`], pieces of the small-model profile), and no turn spent
//! past the work ([`Recovery::answer_on_last_turn`]).
//!
//! A small model that got what it asked for often asks again, until the turn cap: on held-out
//! tasks (issue 28), prevention runs executed the same successful call twice in 9 of 15 runs,
//! and one run booked a `create_event` three times. A call identical to one that already
//! succeeded in this run (same tool, same canonical arguments: the loop guards' [`CallKey`],
//! taken of the arguments as sent and as they ran after repair), to a tool that is not
//! idempotent, does not run again: the model reads the earlier result and that the call was
//! not run again, and an [`Event::CallNotRepeated`] says so. The same holds for a call repeated
//! within one turn (a small model writes the same call twice on one line).
//!
//! The work the repeat asked for is done, so the next turn asks for the final answer: held to
//! the final-answer tool where the model can be constrained (the answer is read from it as in
//! prevention mode), else offered no tools for that turn. The turn after it offers the tools
//! again. An idempotent tool's repeat runs as before (reading again is harmless, and its answer
//! may have changed); the no-progress guard (`max_identical_calls`) bounds those.
//!
//! Outside prevention mode (which holds every last turn to the final answer), the last turn the
//! budget allows asks for the final answer the same way once calls ran since the user's message
//! ([`Recovery::answer_on_last_turn`]): a small model that read its result often calls on, a
//! made-up call of another tool, until the cap, and the run would end in `max_turns` exceeded
//! with its work done.
//!
//! [`Recovery::skip_repeats`]: crate::model::Recovery::skip_repeats
//! [`Recovery::answer_after_repeat`]: crate::model::Recovery::answer_after_repeat
//! [`Recovery::answer_on_last_turn`]: crate::model::Recovery::answer_on_last_turn
//! [`Event::CallNotRepeated`]: crate::Event::CallNotRepeated

use serde_json::Value;

use super::guards::{CallKey, KeyMap};
use super::prevention::CutOff;
use super::round::Handled;
use super::{Output, Runner};
use crate::event::Event;
use crate::model::{Constraint, FINAL_ANSWER_TOOL, Message, ToolCall, ToolResult, ToolSpec};

/// What a run has done that its next turns depend on.
#[derive(Default)]
pub(in crate::agent::llm) struct Progress {
    /// Calls of tools that are not idempotent that succeeded, by key (of the arguments as sent
    /// and as they ran): the earlier call's id and result.
    succeeded: KeyMap<(String, String)>,
    /// Whether the model called a tool since the run's request (prevention mode holds a new
    /// request's first turn to a tool call).
    pub tool_called: bool,
    /// A repeat was not run (or the answer it asked for copied an example): the next turn
    /// asks for the final answer.
    pub answer_due: bool,
    /// The tools withheld for an answer turn (a model that cannot be constrained), offered
    /// again on the turn after it.
    withheld: Option<Vec<ToolSpec>>,
    /// The final-answer tool was offered for an answer turn outside prevention mode.
    offered_answer: bool,
    /// Under prevention mode, the calls of the last round refused for copying an example's
    /// value: each tool with its `echo` violations (see `prevention.rs`, `hold_copied`).
    pub copied: Vec<(String, Vec<crate::error::SchemaViolation>)>,
    /// Under prevention mode, the call of this turn's response that the token cap cut off,
    /// whose missing required arguments the next turn holds (`hold_cut_off`).
    pub cut_off: Option<CutOff>,
    /// Under prevention mode, the lists of the last round's cut-off call to keep on the next
    /// turn (`keep_cut_lists`): its tool, and each top-level argument with its list.
    pub kept_lists: Option<(String, Vec<(String, Value)>)>,
    /// The argument schemas held to the user's words for one turn, as they were before, to be
    /// given back on the next.
    pub unheld: Vec<(String, Value)>,
    /// The token cap as it was before `room_after_cut_off` raised it for one turn.
    pub room_given: Option<Option<u32>>,
    /// The calls that succeeded in this run, in order: each call's id, tool and the arguments
    /// it ran with (after repair). `rest_of_list` reads the items they took; the answer turns
    /// (`answer_on_last_turn`, `call_on_last_turn`, `answer_after_malformed`) read whether any
    /// call has served the request yet.
    pub ran: Vec<(String, String, Value)>,
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Whether a successful call of `name` is one that must not run twice.
    fn runs_once(&self, name: &str) -> bool {
        self.frame
            .tools
            .get(name)
            .is_some_and(|entry| self.tool_runs_once(entry.tool.as_ref()))
    }

    /// Whether a successful call of `tool` is one that must not run twice (for a caller that
    /// holds the tool already, without looking it up by name again).
    pub(super) fn tool_runs_once(&self, tool: &dyn crate::tool::Tool) -> bool {
        let cfg = &self.agent.config;
        cfg.settings.recovery.skip_repeats && !cfg.settings.strict && !tool.idempotent()
    }

    /// Records a call that succeeded with `args`, if its tool must not run twice.
    pub(super) fn ran_once(
        &mut self,
        call: &ToolCall,
        key: CallKey,
        args: Option<&Value>,
        content: &str,
    ) {
        if !self.runs_once(&call.name) {
            return;
        }
        let earlier = (call.id.clone(), content.to_owned());
        // The arguments it ran with are kept for a tool that runs once (`keep_args`).
        if let Some(args) = args {
            let ran_with = Self::call_key(&call.name, &args.to_string());
            self.progress.succeeded.insert(ran_with, earlier.clone());
        }
        self.progress.succeeded.insert(key, earlier);
    }

    /// The answer for `call` without running it, when it repeats a call that succeeded in
    /// this run (the next turn then asks for the final answer).
    pub(super) fn not_again(&mut self, call: &ToolCall, key: CallKey) -> Option<Handled<Out>> {
        if !self.runs_once(&call.name) {
            return None;
        }
        let (earlier_id, content) = self.progress.succeeded.get(&key)?.clone();
        Some(self.repeated(call, &earlier_id, &content))
    }

    /// `call` is answered with the result of the earlier, identical call `earlier_id`.
    pub(super) fn repeated(
        &mut self,
        call: &ToolCall,
        earlier_id: &str,
        content: &str,
    ) -> Handled<Out> {
        self.ctx.emit(Event::CallNotRepeated {
            agent: self.path.clone(),
            call_id: call.id.clone(),
            tool: call.name.clone(),
            earlier_call_id: earlier_id.to_owned(),
        });
        self.progress.answer_due = self.agent.config.settings.recovery.answer_after_repeat;
        Handled {
            result: ToolResult {
                call_id: call.id.clone(),
                name: call.name.clone(),
                // The earlier result first, and the note short: what a small model answers
                // with is what it read last.
                content: format!("{content} (done before in this run: not run again)"),
                is_error: false,
            },
            failed: false,
            stop: None,
        }
    }

    /// The index of an earlier call of `calls` that `calls[i]` repeats, when their tool must
    /// not run twice (the same call written twice in one turn).
    pub(super) fn repeats_earlier(
        &self,
        calls: &[ToolCall],
        keys: &[Option<CallKey>],
        i: usize,
    ) -> Option<usize> {
        let key = keys[i]?;
        if !self.runs_once(&calls[i].name) {
            return None;
        }
        (0..i).find(|&j| keys[j] == Some(key) && calls[j].name == calls[i].name)
    }

    /// Shapes this turn's request for what the run has done: under prevention mode, a new
    /// request's first turn is held to a tool call (the final answer is not offered before a
    /// tool was called), the last turn the budget allows (with `call_on_last_turn`, once a call
    /// ran), or the turn after a repeat that was not run, is held to the final answer, and the
    /// turn after a call copied an example's values holds them to the user's words (and, with
    /// `hold_tool`, the turn to that tool);
    /// outside it, the turn after a repeat, or the last turn the budget allows once calls ran,
    /// asks for the final answer (held to the final-answer tool, or offered no tools).
    pub(super) fn shape_turn(&mut self) {
        let cfg = &self.agent.config;
        let answer_due = std::mem::take(&mut self.progress.answer_due) && !cfg.settings.strict;
        if let Some(tools) = self.progress.withheld.take() {
            self.frame.request.tools = tools;
        }
        self.give_back_held();
        self.give_back_room();
        if std::mem::take(&mut self.progress.offered_answer) {
            self.offer_final_answer(false);
            self.frame.request.constraint = None;
        }
        if self.prevention_on() {
            let copied = std::mem::take(&mut self.progress.copied);
            let kept_lists = self.progress.kept_lists.take();
            // A tool passed over: the request is still to be served, as if new.
            let passed_over = self.pass_over_unfilled(&copied);
            self.room_after_cut_off();
            let last_turn = self.budget.turns_left() == Some(0);
            // A request no call has served keeps its last turn for a call
            // (`call_on_last_turn`): an answer then would stand on nothing.
            let for_call = last_turn
                && cfg.settings.recovery.call_on_last_turn
                && self.progress.ran.is_empty();
            let new_request = !self.progress.tool_called || passed_over;
            self.offer_final_answer(!for_call && (answer_due || last_turn || !new_request));
            let answer_only = !for_call && (answer_due || last_turn);
            let constraint = if answer_only {
                Constraint::tool(FINAL_ANSWER_TOOL)
            } else {
                let held = self.hold_copied(copied, kept_lists);
                // A copy held to the user's words comes first; the list goes on after it.
                let listed = held.is_empty().then(|| self.hold_rest_of_list()).flatten();
                match listed {
                    Some(tool) => Constraint::tool(&tool),
                    None => self.held_constraint(&held),
                }
            };
            self.frame.request.constraint = Some(constraint);
            return;
        }
        let last_turn = !answer_due && self.answer_on_last_turn();
        if !(answer_due || last_turn) || self.frame.request.tools.is_empty() {
            return;
        }
        if last_turn {
            self.ctx.emit(Event::LastTurnAnswer {
                agent: self.path.clone(),
                calls_ran: self.progress.ran.len(),
            });
        }
        if self.model.capabilities(&[]).constraint.is_supported() {
            self.hold_to_answer();
        } else {
            self.progress.withheld = Some(std::mem::take(&mut self.frame.request.tools));
        }
    }

    /// Whether this turn, outside prevention mode, is the last one the budget allows and calls
    /// ran since the user's message, so that it asks for the final answer
    /// ([`Recovery::answer_on_last_turn`](crate::model::Recovery::answer_on_last_turn)).
    fn answer_on_last_turn(&self) -> bool {
        let cfg = &self.agent.config;
        cfg.settings.recovery.answer_on_last_turn
            && !cfg.settings.strict
            && !self.progress.ran.is_empty()
            && self.budget.turns_left() == Some(0)
    }

    /// Holds this turn to the final-answer tool, offered for it alone (the turn after gives
    /// the tools back as they were).
    pub(super) fn hold_to_answer(&mut self) {
        self.offer_final_answer(true);
        self.progress.offered_answer = true;
        self.frame.request.constraint = Some(Constraint::tool(FINAL_ANSWER_TOOL));
    }

    /// Whether a turn that failed with `error` is asked once more held to the final answer
    /// ([`Recovery::answer_after_malformed`](crate::model::Recovery::answer_after_malformed)):
    /// a response the client could not read, after a call ran, from a model that can be
    /// constrained, on a turn not held to the answer already.
    pub(super) fn answers_after_malformed(&self, error: &crate::AgentError) -> bool {
        let cfg = &self.agent.config;
        let crate::AgentError::Model(e) = error else {
            return false;
        };
        cfg.settings.recovery.answer_after_malformed
            && !cfg.settings.strict
            && e.kind() == crate::model::ModelErrorKind::MalformedResponse
            && !self.progress.ran.is_empty()
            && self.frame.request.constraint != Some(Constraint::tool(FINAL_ANSWER_TOOL))
            && self.model.capabilities(&[]).constraint.is_supported()
    }

    /// Offers the final-answer tool this turn (after the agent's own), or takes it away.
    fn offer_final_answer(&mut self, offered: bool) {
        let tools = &mut self.frame.request.tools;
        let has = tools.last().is_some_and(|t| t.name == FINAL_ANSWER_TOOL);
        if offered && !has {
            // Its `answer` of `Out`'s schema (a typed agent's answer is data, not a string).
            tools.push(self.agent.config.answer.final_answer.clone());
        } else if !offered && has {
            tools.pop();
        }
    }

    /// What a resumed run had done before it stopped, read from its transcript after the last
    /// user message: whether a tool was called, and which calls of tools that must not run
    /// twice succeeded.
    pub(super) fn recall_progress(&mut self) {
        let since = self
            .transcript()
            .iter()
            .rposition(|m| matches!(m, Message::User { .. }))
            .map_or(0, |at| at + 1);
        let messages = self.transcript()[since..].to_vec();
        for m in &messages {
            match m {
                Message::Assistant { tool_calls, .. } => {
                    self.progress.tool_called |=
                        tool_calls.iter().any(|c| c.name != FINAL_ANSWER_TOOL);
                }
                Message::Tool(r) if !r.is_error => {
                    let call = messages.iter().find_map(|m| match m {
                        Message::Assistant { tool_calls, .. } => {
                            tool_calls.iter().find(|c| c.id == r.call_id)
                        }
                        _ => None,
                    });
                    if let Some(call) = call.cloned() {
                        let key = Self::call_key(&call.name, &call.arguments);
                        let args =
                            crate::json::repair(&call.arguments).map_or(Value::Null, |r| r.value);
                        self.ran_once(&call, key, Some(&args), &r.content);
                        self.progress.ran.push((call.id, call.name, args));
                    }
                }
                _ => {}
            }
        }
    }
}
