//! Prevention mode ([`LlmAgentBuilder::constrained`](super::LlmAgentBuilder::constrained)):
//! every model turn that may call tools is held to one call to one of the offered tools, its
//! arguments to that tool's schema. Under that constraint the model cannot write free text, so
//! it ends the run through a pseudo-tool, [`FINAL_ANSWER_TOOL`], whose `answer` argument is
//! read as the final answer (and through `Out`, like any answer). Which turn offers it is
//! decided per turn (`once.rs`, `shape_turn`): not a new request's first turn (a small model
//! answers at once, before any tool, often with an example's value), always the last turn the
//! budget allows and the turn after a repeat that was not run, held to it alone. An answer that
//! copies an example's value nobody gave is refused like a failed call.

use serde_json::Value;

use super::round::Handled;
use super::{Output, Runner};
use crate::error::{AgentError, FailureKind, SchemaViolation, ToolError};
use crate::event::Event;
use crate::grounding::{
    CUT_OFF_KEYWORD, EchoCheck, Told, is_ungrounded, keep_lists, kept_lists, told_text,
    unfilled_arguments,
};
use crate::model::{Constraint, FINAL_ANSWER_TOOL, FinishReason, ModelResponse, ToolCall};

/// The call of a turn's response the token cap cut off (`hold_cut_off`).
pub(in crate::agent::llm) struct CutOff {
    /// Its id.
    pub call: String,
    /// The path of the list the cap cut inside it, if one was open ([`super::repeats::open_list`]).
    pub list: Option<String>,
    /// The tokens the cut turn generated (its cap, as far as the provider reports it).
    pub tokens: u64,
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// The request's frame under prevention mode: the final-answer tool offered after the
    /// agent's own, and the turn constrained to one call. Nothing without tools to call.
    pub(super) fn prevent(&mut self) {
        if !self.agent.config.settings.constrained || self.frame.request.tools.is_empty() {
            return;
        }
        self.frame
            .request
            .tools
            .push(self.agent.config.answer.final_answer.clone());
        self.frame.request.constraint = Some(Constraint::AnyTool);
    }

    /// Whether this run's turns are held under prevention mode (it has tools to call).
    pub(super) fn prevention_on(&self) -> bool {
        self.agent.config.settings.constrained && self.frame.request.constraint.is_some()
    }

    /// Prevention mode with a model that cannot constrain ends the run before the model is
    /// asked: running unconstrained would pretend.
    pub(super) fn check_prevention(&self) -> Result<(), AgentError> {
        if self.frame.request.constraint.is_none()
            || self.model.capabilities(&[]).constraint.is_supported()
        {
            return Ok(());
        }
        Err(AgentError::Config(format!(
            "agent `{}` runs constrained (prevention mode), but its model `{}` cannot constrain decoding",
            self.agent.config.settings.name,
            self.model.name()
        )))
    }

    /// A call to the final-answer tool, under a constraint (prevention mode, or the turn after
    /// a repeat) where it is offered, or from a provider that answers a typed request through it
    /// (Anthropic's forced output tool), is the model's answer: the response becomes that text,
    /// with no calls. One the turn did not offer (a new request's first turn), or that is an
    /// example's value nobody gave (`"text"`, where the echo check is on), is not taken: the
    /// call stays, and the round refuses it. Anything else is left as it is.
    pub(super) fn final_answer(&self, mut response: ModelResponse) -> ModelResponse {
        let request = &self.frame.request;
        // Without tools offered, a typed answer may come back as a call to the final-answer
        // tool (the provider's forced output tool); no tool of the agent can be meant.
        let answer_tool_sent = request.answer.is_some() && request.tools.is_empty();
        if request.constraint.is_none() && !answer_tool_sent {
            return response;
        }
        let Some(at) = response
            .tool_calls
            .iter()
            .position(|c| c.name == FINAL_ANSWER_TOOL)
        else {
            return response;
        };
        let answer = answer_of(
            &response.tool_calls[at].arguments,
            self.agent.config.answer.is_text,
        );
        let offered = answer_tool_sent || self.final_answer_offered();
        if !offered || self.copies_an_example(&answer) {
            return response;
        }
        response.text = Some(answer);
        response.tool_calls.clear();
        response
    }

    /// Whether this turn offers the final-answer tool.
    fn final_answer_offered(&self) -> bool {
        self.frame
            .request
            .tools
            .iter()
            .any(|t| t.name == FINAL_ANSWER_TOOL)
    }

    /// Whether `answer` is, as a whole, a value of an example the model was shown that nothing
    /// it was told holds (where the recovery profile checks echoes).
    fn copies_an_example(&self, answer: &str) -> bool {
        let cfg = &self.agent.config;
        if !cfg.settings.recovery.echo_check || cfg.settings.strict {
            return false;
        }
        let shown = self.model.capabilities(&self.frame.request.tools).examples;
        EchoCheck::new(&shown, &self.frame.request, false).is_some_and(|c| c.copied_answer(answer))
    }

    /// A final answer not taken (see [`final_answer`](Self::final_answer)): not the run's
    /// answer; the model reads why, and the loop guards count it like a failed call.
    pub(super) fn refused_answer(
        &mut self,
        call: &ToolCall,
        same_guard: &mut Option<u32>,
    ) -> Handled<Out> {
        let answer = answer_of(&call.arguments, self.agent.config.answer.is_text);
        // Outside prevention mode the final answer was asked for (after a repeat): it still is.
        if !self.prevention_on() {
            self.progress.answer_due = true;
        }
        let text = if self.final_answer_offered() {
            format!(
                "ERROR: the answer {} is copied from an example, not taken from what the user or a result said. Answer with what the results say.",
                crate::text::shorten(&Value::String(answer).to_string(), 60)
            )
        } else {
            "ERROR: no answer before a tool was called: call one of the tools first.".to_owned()
        };
        if let Some(n) = self.record_failure(
            &call.id,
            &call.name,
            FailureKind::Tool(crate::error::ErrorKind::Deserialization),
            text.clone(),
        ) {
            same_guard.get_or_insert(n);
        }
        Handled {
            result: super::round::error_result(call, text),
            failed: true,
            stop: None,
        }
    }

    /// Notes which call of `response`, if any, the token cap cut off (its last), under
    /// prevention mode with the recovery profile's `hold_cut_off` on: a required argument it
    /// never reached is held on the next turn ([`note_copied`](Self::note_copied)), and, with
    /// `keep_cut_lists`, the lists it wrote kept. Read before any repair, where the cap cut.
    pub(super) fn note_cut_off(&mut self, response: &ModelResponse) {
        let cfg = &self.agent.config.settings;
        self.progress.cut_off = (self.prevention_on()
            && cfg.recovery.hold_cut_off
            && response.finish_reason == FinishReason::Length)
            .then(|| response.tool_calls.last())
            .flatten()
            .map(|c| CutOff {
                call: c.id.clone(),
                list: super::repeats::open_list(&c.arguments),
                tokens: response.usage.output_tokens,
            });
    }

    /// Under prevention mode with the recovery profile's `room_after_cut_off`, the turn after
    /// one the token cap cut off may generate twice the tokens the cut turn did, up to the
    /// model's [`raised_token_cap`](crate::model::Capabilities::raised_token_cap): never where
    /// the model has none or the agent's sampling sets its own cap. The cap before is kept
    /// for [`give_back_room`](Self::give_back_room).
    pub(super) fn room_after_cut_off(&mut self) {
        let settings = &self.agent.config.settings;
        if !settings.recovery.room_after_cut_off || settings.sampling.max_tokens.is_some() {
            return;
        }
        let Some(cut) = &self.progress.cut_off else {
            return;
        };
        let Some(most) = self.model.capabilities(&[]).raised_token_cap else {
            return;
        };
        let twice = u32::try_from(cut.tokens.saturating_mul(2)).unwrap_or(u32::MAX);
        let room = twice.min(most);
        if room > 0 {
            let sampling = &mut self.frame.request.sampling;
            self.progress.room_given = Some(sampling.max_tokens);
            sampling.max_tokens = Some(room);
        }
    }

    /// Gives back the token cap [`room_after_cut_off`](Self::room_after_cut_off) raised for
    /// one turn.
    pub(super) fn give_back_room(&mut self) {
        if let Some(before) = self.progress.room_given.take() {
            self.frame.request.sampling.max_tokens = before;
        }
    }

    /// Notes a call refused for a value nobody gave (copied from an example, or a number the
    /// user never wrote), or, cut off by the token cap, for a required argument it never
    /// reached (`hold_cut_off`), under prevention mode with the recovery profile's
    /// `user_words` on, for the next turn to hold; for such a cut-off call, with
    /// `keep_cut_lists`, the lists it wrote of the user's values, for the next turn to keep.
    pub(super) fn note_copied(&mut self, call: &ToolCall, error: &ToolError) {
        let cfg = &self.agent.config.settings;
        if !self.prevention_on() || !cfg.recovery.user_words || cfg.strict {
            return;
        }
        let ToolError::Deserialization(e) = error else {
            return;
        };
        let cut_off = self.progress.cut_off.as_ref().filter(|c| c.call == call.id);
        let held: Vec<SchemaViolation> = e
            .violations
            .iter()
            .filter_map(|v| {
                if is_ungrounded(v) {
                    Some(v.clone())
                } else if cut_off.is_some() && v.keyword == "required" {
                    Some(SchemaViolation {
                        keyword: CUT_OFF_KEYWORD.to_owned(),
                        ..v.clone()
                    })
                } else {
                    None
                }
            })
            .collect();
        let never_reached = held.iter().any(|v| v.keyword == CUT_OFF_KEYWORD);
        if let (true, true, Some(cut_off)) = (cfg.recovery.keep_cut_lists, never_reached, cut_off)
            && let Ok(arguments) = crate::json::repair(&call.arguments)
        {
            let told = Told::new(&told_text(&self.frame.request.messages));
            let lists = kept_lists(&arguments.value, cut_off.list.as_deref(), &told);
            if !lists.is_empty() {
                self.progress.kept_lists = Some((call.name.clone(), lists));
            }
        }
        if !held.is_empty() {
            self.progress.copied.push((call.name.clone(), held));
        }
    }

    /// The turn after a call copied an example's value (or wrote a number nobody gave) under
    /// prevention mode: those arguments are held to the user's words for this turn (what
    /// `regenerate()` does when it asks again), so the constrained model cannot write the copy
    /// again, and a small model, which copies what it reads, takes the user's words instead.
    /// Without this, the model writes the same copy, it is refused again, and the turn budget
    /// runs out on a final answer with nothing run. The schemas are given back on the next
    /// turn ([`give_back_held`](Self::give_back_held)). Returns the tools held, each once.
    pub(super) fn hold_copied(
        &mut self,
        copied: Vec<(String, Vec<SchemaViolation>)>,
        kept_lists: Option<(String, Vec<(String, Value)>)>,
    ) -> Vec<String> {
        let recovery = self.agent.config.settings.recovery;
        let mut held: Vec<String> = Vec::new();
        for (tool, violations) in copied {
            let lists = match &kept_lists {
                Some((t, lists)) if *t == tool => lists.as_slice(),
                _ => &[],
            };
            let Some(before) = self
                .frame
                .request
                .tools
                .iter()
                .find(|t| t.name == tool)
                .map(|t| t.parameters.clone())
            else {
                continue;
            };
            let words = crate::grounding::hold_to_user_words(
                &mut self.frame.request,
                &tool,
                &violations,
                recovery,
            );
            if !(keep_lists(&mut self.frame.request, &tool, lists) || words) {
                continue;
            }
            if !self.progress.unheld.iter().any(|(t, _)| *t == tool) {
                self.progress.unheld.push((tool.clone(), before));
            }
            if !held.contains(&tool) {
                held.push(tool);
            }
        }
        held
    }

    /// Under prevention mode with the recovery profile's `pass_over_unfilled` (and `user_words`,
    /// which notes the refused calls), takes out of the offered tools each tool of `copied`
    /// whose call was refused at a required number the request gives no number for: no number
    /// of the user's can hold it, and held to that tool a small model writes the same made-up
    /// number until its turns run out. Never the last tool the agent offers. Returns whether
    /// one was taken out (the next turn is then a new request's).
    pub(super) fn pass_over_unfilled(&mut self, copied: &[(String, Vec<SchemaViolation>)]) -> bool {
        let cfg = &self.agent.config.settings;
        if !cfg.recovery.pass_over_unfilled || cfg.strict {
            return false;
        }
        let mut passed = false;
        for (tool, violations) in copied {
            let request = &self.frame.request;
            let own = request.tools.iter().filter(|t| t.name != FINAL_ANSWER_TOOL);
            if own.count() < 2 {
                break;
            }
            let Some(at) = request.tools.iter().position(|t| t.name == *tool) else {
                continue;
            };
            let arguments: Vec<String> =
                unfilled_arguments(&request.tools[at].parameters, &request.messages)
                    .into_iter()
                    .map(str::to_owned)
                    .collect();
            let refused_there = violations.iter().any(|v| {
                is_ungrounded(v)
                    && arguments
                        .iter()
                        .any(|a| a == crate::error::argument_of(&v.field_path))
            });
            if !refused_there {
                continue;
            }
            self.frame.request.tools.remove(at);
            self.ctx.emit(Event::ToolPassedOver {
                agent: self.path.clone(),
                tool: tool.clone(),
                arguments,
            });
            passed = true;
        }
        passed
    }

    /// This turn's constraint under prevention mode, after [`hold_copied`](Self::hold_copied)
    /// held the tools `held`: with the recovery profile's `hold_tool`, a turn that holds one
    /// tool's call is held to that tool, as `regenerate()` asks again under the failing tool's
    /// schema; otherwise any tool (the final answer included, where offered).
    pub(super) fn held_constraint(&self, held: &[String]) -> Constraint {
        match held {
            [tool] if self.agent.config.settings.recovery.hold_tool => Constraint::tool(tool),
            _ => Constraint::AnyTool,
        }
    }

    /// Gives back the argument schemas [`hold_copied`](Self::hold_copied) held for one turn.
    pub(super) fn give_back_held(&mut self) {
        for (tool, parameters) in std::mem::take(&mut self.progress.unheld) {
            if let Some(spec) = self.frame.request.tools.iter_mut().find(|t| t.name == tool) {
                spec.parameters = parameters;
            }
        }
        self.frame.request.declared_tools.clear();
    }
}

/// The answer a call to the final-answer tool gives: its `answer` argument, for a text output
/// (`is_text`) a string as it is, else the value as JSON (a string enum's `"billing"` quoted,
/// so that it reads as written). The schema holds a constrained model to `{"answer": <Out>}`;
/// a provider that only forces the tool (not its schema) may send less, and then the whole
/// argument text is the answer.
pub(super) fn answer_of(arguments: &str, is_text: bool) -> String {
    match crate::json::repair(arguments).map(|r| r.value) {
        Ok(Value::Object(m)) => match m.get("answer") {
            Some(Value::String(s)) if is_text => s.clone(),
            Some(other) => other.to_string(),
            None => arguments.to_owned(),
        },
        _ => arguments.to_owned(),
    }
}
