//! One round of tool calls: every call gets exactly one result, in order, whatever happens.
//!
//! Its parts: calls held for approval ([`approval`]), calls run at once ([`parallel`]), the
//! round a resumed run completes ([`resume`]), calls to invented tools asked again
//! ([`invented`]), a new request's call asked again for the tool its words name
//! ([`named_tool`]), and the calls made fit to record ([`calls`]).

mod approval;
mod calls;
mod invented;
mod named_tool;
mod parallel;
mod resume;

use std::collections::HashMap;
use std::ops::ControlFlow;

use serde_json::Value;

use super::{CallKey, Flow, Output, Runner, emit_budget};
use crate::agent::llm::ToolUse;
use crate::agent::llm::toolbox::ToolEntry;
use crate::agent::policy::UnhandledPolicy;
use crate::agent::skill::{ESCALATE_TOOL, THROW_TOOL};
use crate::budget::{BudgetExceeded, BudgetKind};
use crate::conversation::not_executed;
use crate::error::{AgentError, EscalationError, FailureKind, FeedbackStyle, LoopGuard, ToolError};
use crate::escalation;
use crate::escalation::walk::{Resolution, Switch};
use crate::event::Event;
use crate::grounding::EchoCheck;
use crate::model::{FINAL_ANSWER_TOOL, Message, ModelResponse, ToolCall, ToolResult};
use crate::repair::pipeline::{Asking, CallSetup, run_call};
use crate::tool::executor::{CallOutcome, ExecSetup};

pub(super) use approval::{Approvals, awaiting};

/// What one call produced: the result the model reads, and whether the run must end.
pub(super) struct Handled<Out> {
    pub result: ToolResult,
    pub failed: bool,
    pub stop: Option<Result<Out, AgentError>>,
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Runs every call of `response` in order and appends the assistant message and one result
    /// per call to the transcript. Breaks with the run's result when the run must end; the
    /// transcript is valid either way.
    ///
    /// Boxed in debug builds, as [`round_resumed`](Self::round_resumed): a tool may be an agent
    /// whose run holds rounds of its own, and unoptimised code gives every future a poll frame
    /// the size of the futures it awaits, so eight levels of agents overflowed a 2 MiB worker
    /// stack. Optimised builds share those stack slots; there the box would only cost an
    /// allocation and a copy of the round's state per round (about 2% of the loop's cost per
    /// call), so they await the round in place.
    pub(super) fn round(&mut self, response: ModelResponse) -> impl Future<Output = Flow<Out>> {
        let round = self.round_with(response, None);
        #[cfg(debug_assertions)]
        let round = Box::pin(round);
        round
    }

    /// Completes a round an interruption cut short (a resumed run): calls with a `recorded`
    /// result keep it and do not run; the others run if they may run again, and otherwise get
    /// an "outcome unknown" result.
    pub(super) fn round_resumed(
        &mut self,
        response: ModelResponse,
        recorded: HashMap<String, ToolResult>,
    ) -> impl Future<Output = Flow<Out>> {
        let round = self.round_with(response, Some(recorded));
        #[cfg(debug_assertions)]
        let round = Box::pin(round);
        round
    }

    async fn round_with(
        &mut self,
        response: ModelResponse,
        mut recorded: Option<HashMap<String, ToolResult>>,
    ) -> Flow<Out> {
        let mut calls = response.tool_calls;
        let tools = &self.frame.tools;
        calls::normalise_calls(&mut calls, &mut self.call_ids, |n| tools.contains(n));
        self.progress.tool_called |= calls.iter().any(|c| c.name != FINAL_ANSWER_TOOL);
        let mut stop: Option<Result<Out, AgentError>> = None;
        if recorded.is_none()
            && let Some(e) = self.regenerate_invented(&mut calls).await
        {
            stop = Some(Err(e));
        }
        if recorded.is_none()
            && stop.is_none()
            && let Some(e) = self.call_named_tool(&mut calls).await
        {
            stop = Some(Err(e));
        }
        self.say(Message::Assistant {
            content: response.text,
            tool_calls: calls.clone(),
        });
        let mut failed = 0usize;
        let mut same_guard: Option<u32> = None;
        let omitted_before = self.omitted.len();
        // A journal that records one step at a time, in an order its replay must repeat
        // (Restate's Rust SDK), gets the calls one after another, as `parallel_calls(1)` would:
        // steps of calls run at once would reach it in an order left to timing, and a replay
        // would find them out of order.
        let limit = match self.journal {
            Some(j) if !j.concurrent_steps() => 1,
            _ => self.agent.config.settings.parallel_calls,
        };
        let mut at_once = match recorded {
            None if limit > 1 && calls.len() > 1 => Some(
                self.concurrent(&calls, limit, &mut same_guard)
                    .await
                    .into_iter(),
            ),
            _ => None,
        };
        for call in &calls {
            let resumed = recorded.as_mut().map(|r| r.remove(&call.id));
            let ran = at_once.as_mut().and_then(Iterator::next);
            let handled = match (stop.is_some(), resumed) {
                _ if ran.is_some() => ran.unwrap_or_else(|| unreachable!()),
                (false, Some(None)) if self.approvals.awaiting.contains(&call.id) => {
                    self.decided(call, &mut same_guard).await
                }
                (_, Some(Some(result))) => Handled {
                    result,
                    failed: false,
                    stop: None,
                },
                (true, _) => Handled {
                    result: not_executed(call, "the run stopped before this call"),
                    failed: false,
                    stop: None,
                },
                (false, Some(None)) if !self.may_run_again(call) => Handled {
                    result: resume::outcome_unknown(call),
                    failed: true,
                    stop: None,
                },
                (false, _) => self.handle_call(call, &mut same_guard).await,
            };
            if handled.failed && handled.stop.is_none() {
                self.failed_again(&call.name, Self::call_key(&call.name, &call.arguments));
            }
            failed += usize::from(handled.failed);
            if stop.is_none() {
                stop = handled.stop;
            }
            if self.is_held(&call.id) {
                // Its result comes when a person has decided.
                continue;
            }
            self.say(Message::Tool(handled.result));
            self.make_room().await;
        }
        if !self.approvals.held.is_empty() {
            match stop {
                // Another call ended the run: the held calls will not run either.
                Some(_) => {
                    for pending in std::mem::take(&mut self.approvals.held) {
                        let call = calls.iter().find(|c| c.id == pending.call_id);
                        if let Some(call) = call {
                            let why = "the run stopped before it was approved";
                            self.say(Message::Tool(not_executed(call, why)));
                        }
                    }
                }
                None => {
                    let paused = self.pause();
                    return ControlFlow::Break(Err(AgentError::AwaitingApproval(Box::new(paused))));
                }
            }
        }
        if self.omitted.len() != omitted_before {
            self.resync_messages();
        }
        if let Some(result) = stop {
            return ControlFlow::Break(result);
        }
        self.guards.failed_rounds = if failed == calls.len() {
            self.guards.failed_rounds + 1
        } else {
            0
        };
        let guard = if self.guards.failed_rounds >= self.agent.config.settings.max_failed_rounds {
            Some(LoopGuard::AllCallsFailed {
                rounds: self.guards.failed_rounds,
            })
        } else {
            same_guard.map(|times| LoopGuard::SameFailureRepeated { times })
        };
        match guard {
            Some(guard) => ControlFlow::Break(Err(AgentError::RepeatedFailures {
                guard,
                history: self.guards.failures.clone(),
            })),
            None => ControlFlow::Continue(()),
        }
    }

    pub(super) async fn handle_call(
        &mut self,
        call: &ToolCall,
        same_guard: &mut Option<u32>,
    ) -> Handled<Out> {
        let (key, read) = match self.precheck(call, same_guard) {
            Ok(checked) => checked,
            Err(handled) => return handled,
        };
        let handled = self.dispatch(call, &key, read, same_guard).await;
        self.after_call(call, key, handled)
    }

    /// The checks before a call runs; `Err` answers it at once. (`Err` is an answer, not a
    /// failure, moved once per call: its size does not matter.) `Ok`: the call's key, and its
    /// arguments when strict JSON reads them (the executor's first attempt takes them).
    #[allow(clippy::result_large_err)]
    pub(super) fn precheck(
        &mut self,
        call: &ToolCall,
        same_guard: &mut Option<u32>,
    ) -> Result<(CallKey, Option<Value>), Handled<Out>> {
        // Arguments over the size cap are something the model can act on (send less, split the
        // work): the call is not run and the model reads why.
        if let Err(b) = self
            .budget
            .check(BudgetKind::ArgumentBytes, call.arguments.len() as u64)
        {
            return Err(self.oversized(call, b, same_guard));
        }
        let (key, read) = Self::call_key_read(&call.name, &call.arguments);
        if self.guards.permanent_calls.contains(&key) {
            return Err(self.repeated_permanent(call));
        }
        if let Some(answer) = self.not_again(call, key) {
            return Err(answer);
        }
        if let Err(b) = self.budget.check_time() {
            return Err(self.stopped(call, self.budget_error(b)));
        }
        Ok((key, read))
    }

    /// The no-progress guard, once a call has its result.
    pub(super) fn after_call(
        &mut self,
        call: &ToolCall,
        key: CallKey,
        mut handled: Handled<Out>,
    ) -> Handled<Out> {
        if handled.stop.is_none()
            && !self.is_held(&call.id)
            && let Err(b) = self.no_progress(key, &handled.result)
        {
            handled.stop = Some(Err(self.budget_error(b)));
        }
        handled
    }

    /// Runs one call that passed the call-level checks: a built-in, an invented name, or a tool
    /// through its argument pipeline.
    async fn dispatch(
        &mut self,
        call: &ToolCall,
        key: &CallKey,
        read: Option<Value>,
        same_guard: &mut Option<u32>,
    ) -> Handled<Out> {
        match self.route(call, same_guard) {
            Ok(tool) => {
                let outcome = self.execute(tool, call, read).await;
                self.finish(call, key, outcome, same_guard)
            }
            Err(handled) => handled,
        }
    }

    /// Where a call goes: the index of the agent's tool that runs it, or (`Err`) its answer at
    /// once: a built-in, or an unknown tool.
    #[allow(clippy::result_large_err)]
    pub(super) fn route(
        &mut self,
        call: &ToolCall,
        same_guard: &mut Option<u32>,
    ) -> Result<usize, Handled<Out>> {
        if call.name == ESCALATE_TOOL && self.builtins_enabled(ESCALATE_TOOL) {
            return Err(self.builtin_escalate(call));
        }
        if call.name == FINAL_ANSWER_TOOL && self.frame.request.constraint.is_some() {
            // A final answer reaches the round only when it was not taken.
            return Err(self.refused_answer(call, same_guard));
        }
        if call.name == THROW_TOOL && self.builtins_enabled(THROW_TOOL) {
            let reason = builtin_args(call)
                .get("reason")
                .and_then(Value::as_str)
                .map(str::to_owned);
            let reason = reason
                .unwrap_or_else(|| "the agent stopped the run without giving a reason".to_owned());
            let err = AgentError::Thrown {
                by: self.path.clone(),
                reason: reason.clone(),
                original: None,
            };
            return Err(Handled {
                result: error_result(call, format!("Run stopped: {reason}")),
                failed: true,
                stop: Some(Err(err)),
            });
        }

        // The request's tool list is the current skill's (built-ins were handled above).
        let offered = self.frame.request.tools.iter().any(|t| t.name == call.name);
        match self.frame.tools.index.get(&call.name).filter(|_| offered) {
            Some(&index) => Ok(index),
            None => {
                let allowed: Vec<String> = self
                    .frame
                    .request
                    .tools
                    .iter()
                    .map(|t| t.name.clone())
                    .collect();
                Err(self.hallucinated(call, &allowed, same_guard))
            }
        }
    }

    /// Runs `call` with the agent's tool number `tool`, through its argument pipeline; `read`:
    /// its arguments as strict JSON read them for its key, if it did. Needs only a shared
    /// borrow, so the calls of a round can run at once.
    pub(super) async fn execute(
        &self,
        tool: usize,
        call: &ToolCall,
        read: Option<Value>,
    ) -> CallOutcome {
        let cfg = &self.agent.config;
        let entry = &self.frame.tools.entries[tool];
        let rule = cfg.settings.approvals.get(&call.name);
        let tool = entry.tool.as_ref();
        let needs_approval =
            move |args: &Value| tool.needs_approval(args) || rule.is_some_and(|r| r(args));
        let echo = self.echo_check(entry);
        let setup = CallSetup {
            exec: ExecSetup {
                tool: &entry.tool,
                validator: entry.validator.as_ref(),
                classifier: &cfg.settings.classifier,
                agent: &self.path,
                budget: &self.budget,
                ctx: &self.tool_ctx,
                default_timeout: self.budget.tool_timeout(),
                approval: (!self.approvals.approved.contains(&call.id))
                    .then_some(&needs_approval as _),
                journal: self.journal,
                echo: echo.as_ref(),
                keep_args: cfg.settings.on_tool_use.is_some() || self.tool_runs_once(tool),
            },
            chains: &entry.chains,
            retry_budget: cfg.settings.retry_budget.as_ref(),
            conversation: self.transcript(),
            asking: Asking {
                model: &*self.model,
                request: &self.frame.request,
            },
            recovery: cfg.settings.recovery,
        };
        run_call(&setup, call, read).await
    }

    /// The echo check for calls to the tool `entry` (values copied from a worked example are
    /// refused; under constraint, where the values are then asked for, so is a number nobody
    /// gave), when the recovery profile has it on. `None` under strict (no recovery) or when
    /// nothing was shown.
    pub(super) fn echo_check(&self, entry: &ToolEntry) -> Option<EchoCheck> {
        let settings = &self.agent.config.settings;
        let recovery = &settings.recovery;
        if !recovery.echo_check || settings.strict {
            return None;
        }
        let numbers_told =
            self.frame.request.constraint.is_some() && recovery.ask_values && recovery.numbers_told;
        let shown = self.model.capabilities(&self.frame.request.tools).examples;
        let shown = shown.iter().chain(&entry.schema_examples);
        EchoCheck::new(shown, &self.frame.request, numbers_told)
            .map(|check| check.with_other_kinds(recovery.other_kinds))
    }

    /// What the model reads of a call's outcome, with the loop's bookkeeping.
    pub(super) fn finish(
        &mut self,
        call: &ToolCall,
        key: &CallKey,
        outcome: CallOutcome,
        same_guard: &mut Option<u32>,
    ) -> Handled<Out> {
        let name = call.name.clone();
        let handled = match outcome {
            CallOutcome::Success { output, args } => {
                let content = match output {
                    Value::String(s) => s,
                    other => other.to_string(),
                };
                self.ran_once(call, *key, args.as_ref(), &content);
                let ran_with = args.clone().unwrap_or_else(|| {
                    crate::json::repair(&call.arguments).map_or(Value::Null, |r| r.value)
                });
                self.progress
                    .ran
                    .push((call.id.clone(), call.name.clone(), ran_with));
                self.tool_used(call, args.as_ref(), &content, false);
                return Handled {
                    result: ToolResult {
                        call_id: call.id.clone(),
                        name,
                        content,
                        is_error: false,
                    },
                    failed: false,
                    stop: None,
                };
            }
            CallOutcome::Failed(error) => self.unhandled(call, key, error, same_guard),
            CallOutcome::Escalated(e) => self.escalated(call, e, same_guard),
            CallOutcome::Stop(err) => return self.stopped(call, err),
            CallOutcome::AwaitingApproval { args } => return self.hold(call, args),
            CallOutcome::Vanished { detail } => self.vanished(call, &detail, same_guard),
        };
        self.tool_used(call, None, &handled.result.content, true);
        handled
    }

    /// Arguments over `max_argument_bytes`: not run; the model reads the limit and goes on.
    fn oversized(
        &mut self,
        call: &ToolCall,
        b: BudgetExceeded,
        same_guard: &mut Option<u32>,
    ) -> Handled<Out> {
        emit_budget(&self.ctx, &b);
        let text = format!(
            "ERROR: the arguments for tool '{}' are {} bytes, over the limit of {} bytes; the call was not run. Send shorter arguments, or split the work into several calls.",
            call.name, b.used, b.limit
        );
        if let Some(n) = self.record_failure(
            &call.id,
            &call.name,
            FailureKind::Tool(crate::error::ErrorKind::InvalidArgs),
            b.to_string(),
        ) {
            same_guard.get_or_insert(n);
        }
        Handled {
            result: error_result(call, text),
            failed: true,
            stop: None,
        }
    }

    /// The model repeated a call that failed permanently after reading that it must not: the
    /// repeat is not run, and the run ends.
    fn repeated_permanent(&mut self, call: &ToolCall) -> Handled<Out> {
        self.record_failure(
            &call.id,
            &call.name,
            FailureKind::Tool(crate::error::ErrorKind::Execution),
            "repeated a call that had failed permanently".to_owned(),
        );
        Handled {
            result: not_executed(call, "this call failed permanently before"),
            failed: true,
            stop: Some(Err(AgentError::RepeatedFailures {
                guard: LoopGuard::PermanentFailure,
                history: self.guards.failures.clone(),
            })),
        }
    }

    fn tool_used(&self, call: &ToolCall, repaired: Option<&Value>, result: &str, is_error: bool) {
        if let Some(hook) = &self.agent.config.settings.on_tool_use
            && !self.ctx.is_replaying()
        {
            hook(&ToolUse {
                name: &call.name,
                sent: &call.arguments,
                repaired,
                result,
                is_error,
            });
        }
    }

    pub(super) fn stopped(&self, call: &ToolCall, err: AgentError) -> Handled<Out> {
        let result = match &err {
            // The engine cancelled the run while this call's step ran: its tool ran (its
            // outcome is discarded) or never started; either way the call gets a result.
            AgentError::Journal(crate::journal::JournalError {
                cancelled: Some(c),
                ..
            }) if c.step_ran => error_result(
                call,
                "Cancelled: the run was cancelled while this tool ran; it ran, and its result was discarded.".to_owned(),
            ),
            AgentError::Journal(crate::journal::JournalError {
                cancelled: Some(_), ..
            }) => not_executed(call, "the run was cancelled before this tool started"),
            _ => not_executed(call, &format!("{err}")),
        };
        Handled {
            result,
            failed: true,
            stop: Some(Err(err)),
        }
    }

    fn hallucinated(
        &mut self,
        call: &ToolCall,
        allowed: &[String],
        same_guard: &mut Option<u32>,
    ) -> Handled<Out> {
        let suggestion =
            crate::closest_name(&call.name, allowed.iter().map(String::as_str)).map(str::to_owned);
        let scope = match self.frame.skill {
            Some(i) => format!(" for skill '{}'", self.agent.config.skills[i].name),
            None => String::new(),
        };
        let suggested = suggestion
            .as_ref()
            .and_then(|s| self.frame.request.tools.iter().find(|t| &t.name == s));
        let text = match self.model.capabilities(&[]).feedback {
            FeedbackStyle::Short => crate::error::unknown_tool_short(
                &call.name,
                suggested.map(|t| (t.name.as_str(), &t.parameters)),
            ),
            FeedbackStyle::Full => {
                let mut text = format!(
                    "ERROR: Tool '{}' is unknown{scope}. Allowed tools: {}.",
                    call.name,
                    allowed.join(", ")
                );
                if let Some(t) = suggested {
                    let args = crate::model::argument_names(&t.parameters)
                        .filter(|names| !names.is_empty())
                        .map(|names| format!(" (arguments: {})", names.join(", ")))
                        .unwrap_or_default();
                    text.push_str(&format!(" Did you mean '{}'{args}?", t.name));
                }
                text.push_str(" Pick one of the allowed tools or return a final text answer.");
                text
            }
        };
        self.ctx.emit(Event::ToolHallucinated {
            agent: self.path.clone(),
            call_id: call.id.clone(),
            requested: call.name.clone(),
            suggestion,
            allowed: allowed.to_vec(),
        });
        if let Some(n) =
            self.record_failure(&call.id, &call.name, FailureKind::UnknownTool, text.clone())
        {
            same_guard.get_or_insert(n);
        }
        if let Some(ended) = self.unknown_tool_end(call, &text, same_guard) {
            return ended;
        }
        Handled {
            result: error_result(call, text),
            failed: true,
            stop: None,
        }
    }

    /// The call's tool is gone from where it runs (nothing ran): the invented-tool path, with the
    /// tools offered minus this one, and every tool source listed again before the next turn.
    fn vanished(
        &mut self,
        call: &ToolCall,
        detail: &str,
        same_guard: &mut Option<u32>,
    ) -> Handled<Out> {
        tracing::info!(target: "agents", tool = %call.name, detail, "the tool no longer exists where it runs");
        self.frame.tools_stale = true;
        let allowed: Vec<String> = self
            .frame
            .request
            .tools
            .iter()
            .map(|t| t.name.clone())
            .filter(|n| n != &call.name)
            .collect();
        self.hallucinated(call, &allowed, same_guard)
    }

    fn unhandled(
        &mut self,
        call: &ToolCall,
        key: &CallKey,
        error: ToolError,
        same_guard: &mut Option<u32>,
    ) -> Handled<Out> {
        let policy = self.agent.config.settings.unhandled;
        let outcome = match policy {
            UnhandledPolicy::FeedBack => "fed_back",
            UnhandledPolicy::Propagate => "propagated",
            UnhandledPolicy::Omit => "omitted",
        };
        self.ctx.emit(Event::ToolFailed {
            agent: self.path.clone(),
            call_id: call.id.clone(),
            tool: call.name.clone(),
            kind: error.kind(),
            error: error.to_string(),
            outcome,
        });
        let text = error.model_text_in(self.model.capabilities(&[]).feedback);
        self.note_copied(call, &error);
        match policy {
            UnhandledPolicy::Propagate => Handled {
                result: error_result(call, text),
                failed: true,
                stop: Some(Err(AgentError::Tool(Box::new(error)))),
            },
            UnhandledPolicy::FeedBack | UnhandledPolicy::Omit => {
                if policy == UnhandledPolicy::Omit {
                    self.omitted.insert(call.id.clone());
                }
                // Fed back once (its text says not to repeat it); the same call again ends the
                // run (`repeated_permanent`).
                if error.is_permanent() {
                    self.guards.permanent_calls.insert(*key);
                }
                if let Some(n) = self.record_failure(
                    &call.id,
                    &call.name,
                    FailureKind::Tool(error.kind()),
                    error.to_string(),
                ) {
                    same_guard.get_or_insert(n);
                }
                Handled {
                    result: error_result(call, text),
                    failed: true,
                    stop: None,
                }
            }
        }
    }

    /// An escalation reached this agent's loop: the escalation module decides, the loop carries
    /// the decision out.
    pub(super) fn escalated(
        &mut self,
        call: &ToolCall,
        e: EscalationError,
        same_guard: &mut Option<u32>,
    ) -> Handled<Out> {
        let (text, resolution) = escalation::walk::reach(
            e,
            &self.path,
            &call.name,
            self.agent.config.on_escalation.as_ref(),
            self.ctx.events(),
        );
        let stop = match resolution {
            Resolution::FeedBack { reason, switch } => {
                match switch {
                    Some(Switch::Model(model)) => self.model = model,
                    Some(Switch::Skill(skill)) => self.reroute(&skill),
                    None => {}
                }
                if let Some(n) = self.record_failure(
                    &call.id,
                    &call.name,
                    FailureKind::Tool(crate::error::ErrorKind::Escalation),
                    reason,
                ) {
                    same_guard.get_or_insert(n);
                }
                None
            }
            Resolution::Partial(out) => Some(Ok(out)),
            Resolution::End(err) => Some(Err(err)),
        };
        Handled {
            result: error_result(call, text),
            failed: true,
            stop,
        }
    }

    /// The model called the built-in `escalate`: this agent's run ends with an escalation.
    fn builtin_escalate(&mut self, call: &ToolCall) -> Handled<Out> {
        let args = builtin_args(call);
        let reason = args
            .get("reason")
            .and_then(Value::as_str)
            .filter(|r| !r.trim().is_empty())
            .unwrap_or("the agent escalated without giving a reason")
            .to_owned();
        let given = args.get("severity").and_then(Value::as_str);
        let e = escalation::origin::from_model(&self.path, reason.clone(), given, &self.ctx);
        Handled {
            result: error_result(call, format!("Escalated: {reason}")),
            failed: true,
            stop: Some(Err(AgentError::Escalated(Box::new(e)))),
        }
    }
}

/// The arguments of a built-in call, leniently read (an empty object if unreadable).
fn builtin_args(call: &ToolCall) -> serde_json::Map<String, Value> {
    match crate::json::repair(&call.arguments).map(|r| r.value) {
        Ok(Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    }
}

pub(super) fn error_result(call: &ToolCall, content: String) -> ToolResult {
    ToolResult {
        call_id: call.id.clone(),
        name: call.name.clone(),
        content,
        is_error: true,
    }
}
