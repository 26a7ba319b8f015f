//! The argument pipeline of one tool call:
//! raw text → parse → (invalid_args chain) → read into the tool's types → (deserialization_error
//! chain) → run → (execution_error chain). A repaired argument re-enters the pipeline and the tool
//! runs once more, with no extra model turn.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use futures_util::FutureExt;
use serde_json::Value;

use super::step::StepImpl;
use super::{FixOutcome, RepairContext, RepairRequest};
use crate::AgentPath;
use crate::agent::RunContext;
use crate::budget::{BudgetExceeded, BudgetKind, BudgetScope, Within};
use crate::error::{
    AgentError, Classifier, DeserializationError, ErrorClass, ErrorKind, EscalationError,
    ExecutionError, ExecutionFailure, InvalidArgs, Severity, ToolError,
};
use crate::event::{ArgumentChange, Event};
use crate::model::{Message, ToolCall};
use crate::tool::{PreparedCall, Tool, ToolCallError, ToolContext};

/// What the pipeline needs besides the call.
pub(crate) struct CallSetup<'a> {
    pub tool: &'a dyn Tool,
    pub chains: &'a [Vec<StepImpl>; 3],
    pub classifier: &'a Classifier,
    pub agent: &'a AgentPath,
    pub budget: &'a Arc<BudgetScope>,
    pub ctx: &'a RunContext,
    pub default_timeout: Option<Duration>,
    pub retry_budget: Option<&'a Arc<crate::budget::RetryBudget>>,
    pub conversation: &'a [Message],
}

/// How one call ended.
#[derive(Debug)]
pub(crate) enum CallOutcome {
    /// The tool returned; `args` are the arguments it ran with (after repair).
    Success { output: Value, args: Value },
    /// No step recovered the error.
    Failed(ToolError),
    /// A step or a fixer gave up softly.
    Escalated(EscalationError),
    /// A step, a fixer or a budget ended the run.
    Stop(AgentError),
}

/// Per-kind position in the chain and attempts spent on the current step.
#[derive(Default, Clone, Copy)]
struct Cursor {
    step: usize,
    attempts_on_step: u32,
}

fn slot(kind: ErrorKind) -> usize {
    match kind {
        ErrorKind::InvalidArgs => 0,
        ErrorKind::Deserialization => 1,
        _ => 2,
    }
}

enum Next {
    /// Run the pipeline again from the (possibly new) raw text.
    Again,
    /// Done.
    Done(CallOutcome),
}

struct Run<'a, 's> {
    setup: &'s CallSetup<'a>,
    call: &'s ToolCall,
    raw: String,
    cursors: [Cursor; 3],
    repair_steps: u64,
    executions: u32,
}

/// Runs one tool call through the pipeline.
pub(crate) async fn run_call(setup: &CallSetup<'_>, call: &ToolCall) -> CallOutcome {
    let span = tracing::span!(
        target: "agents",
        tracing::Level::INFO,
        "execute_tool",
        gen_ai.operation.name = "execute_tool",
        gen_ai.tool.name = %call.name,
        gen_ai.tool.call.id = %call.id,
    );
    tracing::Instrument::instrument(run_call_inner(setup, call), span).await
}

async fn run_call_inner(setup: &CallSetup<'_>, call: &ToolCall) -> CallOutcome {
    let mut run = Run {
        setup,
        call,
        raw: call.arguments.clone(),
        cursors: Default::default(),
        repair_steps: 0,
        executions: 0,
    };
    if run.raw.trim().is_empty() {
        // An empty argument string is how several providers send "no arguments".
        run.emit_repaired(
            ErrorKind::InvalidArgs,
            "json_repair",
            vec![ArgumentChange::EmptyAsObject],
        );
        run.raw = "{}".to_owned();
    }
    loop {
        let next = match run.attempt().await {
            Ok(out) => Next::Done(out),
            Err(error) => run.handle(error).await,
        };
        if let Next::Done(out) = next {
            return out;
        }
    }
}

impl Run<'_, '_> {
    fn tool_name(&self) -> &str {
        &self.setup.tool.spec().name
    }

    fn schema(&self) -> &Value {
        &self.setup.tool.spec().parameters
    }

    fn emit(&self, event: Event) {
        self.setup.ctx.emit(event)
    }

    fn emit_repaired(&self, kind: ErrorKind, step: &'static str, fixes: Vec<ArgumentChange>) {
        self.emit(Event::Repaired {
            agent: self.setup.agent.clone(),
            call_id: self.call.id.clone(),
            tool: self.tool_name().to_owned(),
            kind,
            step,
            fixes,
        });
    }

    /// One pass: parse, read into the tool's types, run. Only a call whose arguments fit is
    /// charged, announced (`ToolStarted`) and run.
    async fn attempt(&mut self) -> Result<CallOutcome, ToolError> {
        let args: Value = crate::json::parse_strict(&self.raw).map_err(|parse_error| {
            ToolError::InvalidArgs(InvalidArgs {
                tool: self.tool_name().to_owned(),
                raw: self.raw.clone(),
                parse_error,
                schema: self.schema().clone(),
            })
        })?;
        let tool = self.setup.tool;
        let prepared = std::panic::catch_unwind(AssertUnwindSafe(|| tool.prepare(args.clone())))
            .unwrap_or_else(|payload| {
                Err(ToolCallError::Failed(ExecutionFailure::panic(&*payload)))
            });
        let prepared = match prepared {
            Ok(p) => p,
            // Nothing ran: not charged, not an attempt.
            Err(e) => return self.failed(args, e),
        };
        if let Err(b) = self.setup.budget.charge_tool_call() {
            return Ok(CallOutcome::Stop(b.into()));
        }
        self.executions += 1;
        self.setup.ctx.emit_with(|| Event::ToolStarted {
            agent: self.setup.agent.clone(),
            call_id: self.call.id.clone(),
            tool: self.tool_name().to_owned(),
            attempt: self.executions,
        });
        let started = Instant::now();
        match self.execute(prepared).await {
            Ok(output) => {
                self.setup.ctx.emit_with(|| Event::ToolFinished {
                    agent: self.setup.agent.clone(),
                    call_id: self.call.id.clone(),
                    tool: self.tool_name().to_owned(),
                    elapsed: started.elapsed(),
                });
                Ok(CallOutcome::Success { output, args })
            }
            Err(e @ ToolCallError::InvalidInput { .. }) => {
                // A tool that reads its arguments only when it runs (no `prepare` of its own)
                // found they did not fit: nothing of its work ran, so this was no attempt.
                self.executions -= 1;
                self.failed(args, e)
            }
            Err(e) => self.failed(args, e),
        }
    }

    /// What a tool's error means for the call: an outcome, or an error for the repair chain
    /// (the same shape as `attempt`'s, which it completes).
    #[allow(clippy::result_large_err)]
    fn failed(&self, args: Value, error: ToolCallError) -> Result<CallOutcome, ToolError> {
        match error {
            ToolCallError::InvalidInput {
                target_type,
                field_path,
                message,
            } => Err(ToolError::Deserialization(DeserializationError {
                tool: self.tool_name().to_owned(),
                value: args,
                target_type,
                field_path: if field_path.is_empty() {
                    ".".to_owned()
                } else {
                    field_path
                },
                message,
                schema: self.schema().clone(),
            })),
            ToolCallError::Agent(e) => match *e {
                AgentError::Escalated(mut esc) => {
                    esc.travelled.push(self.setup.agent.clone());
                    esc.tool.get_or_insert_with(|| self.tool_name().to_owned());
                    Ok(CallOutcome::Escalated(*esc))
                }
                stop @ (AgentError::Thrown { .. } | AgentError::Budget(_)) => {
                    Ok(CallOutcome::Stop(stop))
                }
                other => Err(self.execution_error(args, ExecutionFailure::from_error(other))),
            },
            ToolCallError::Failed(failure) => Err(self.execution_error(args, failure)),
        }
    }

    fn execution_error(&self, args: Value, failure: ExecutionFailure) -> ToolError {
        ToolError::Execution(ExecutionError {
            tool: self.tool_name().to_owned(),
            args,
            class: self.setup.classifier.classify(&failure),
            failure,
            attempts: self.executions,
        })
    }

    /// Runs the prepared call under the tighter of its timeout (the tool's own, else the
    /// budget's default) and what is left of the run, turning a panic into a permanent failure.
    /// Running out of the run's time ends the run ([`AgentError::Budget`]); running out of the
    /// tool's own timeout is a transient failure of the tool.
    async fn execute(&self, prepared: PreparedCall<'_>) -> Result<Value, ToolCallError> {
        let tool_ctx = ToolContext {
            call_id: self.call.id.clone(),
            agent: self.setup.agent.clone(),
            attempt: self.executions,
            run: self.setup.ctx.clone(),
        };
        let own = self.setup.tool.timeout().or(self.setup.default_timeout);
        let fut = AssertUnwindSafe(async move { prepared(tool_ctx).await }).catch_unwind();
        let result = match self.setup.budget.within(own, fut).await {
            Within::Done(r) => r,
            Within::RunOut(b) => {
                return Err(ToolCallError::Agent(Box::new(AgentError::Budget(b))));
            }
            Within::TimedOut(limit) => {
                return Err(ToolCallError::Failed(ExecutionFailure::timeout(limit)));
            }
        };
        result.unwrap_or_else(|payload| {
            Err(ToolCallError::Failed(ExecutionFailure::panic(&*payload)))
        })
    }

    fn charge_repair_step(&mut self) -> Result<(), BudgetExceeded> {
        self.repair_steps += 1;
        self.setup.budget.charge_repair_step();
        self.setup
            .budget
            .check(BudgetKind::RepairSteps, self.repair_steps)
    }

    /// Walks `error`'s chain from where it stands.
    async fn handle(&mut self, error: ToolError) -> Next {
        let kind = error.kind();
        let chain = &self.setup.chains[slot(kind)];
        loop {
            let cursor = self.cursors[slot(kind)];
            let Some(step) = chain.get(cursor.step) else {
                return Next::Done(CallOutcome::Failed(error));
            };
            if let Err(b) = self.charge_repair_step() {
                // The model can act on what is wrong with its call: the cap ends the repair,
                // not the run, and the error goes to the unhandled policy like any other.
                self.emit(Event::BudgetExceeded {
                    agent: b.agent.clone(),
                    kind: b.kind,
                    limit: b.limit,
                    used: b.used,
                });
                return Next::Done(CallOutcome::Failed(error));
            }
            match self.run_step(step, &error).await {
                StepResult::Again => return Next::Again,
                StepResult::AgainSameStep => {
                    self.cursors[slot(kind)].attempts_on_step += 1;
                    return Next::Again;
                }
                StepResult::Pass => {
                    self.cursors[slot(kind)] = Cursor {
                        step: cursor.step + 1,
                        attempts_on_step: 0,
                    }
                }
                StepResult::Done(out) => return Next::Done(out),
            }
        }
    }

    fn advance(&mut self, kind: ErrorKind) {
        let c = &mut self.cursors[slot(kind)];
        *c = Cursor {
            step: c.step + 1,
            attempts_on_step: 0,
        };
    }

    fn escalation(&self, error: &ToolError, reason: String, severity: Severity) -> EscalationError {
        let mut e = EscalationError::new(self.setup.agent.clone(), reason, severity);
        e.tool = Some(self.tool_name().to_owned());
        e.original = Some(Box::new(error.clone()));
        e.attempts = self.repair_steps as u32;
        e
    }

    fn request(&self, error: &ToolError, attempt: u32, max_attempts: u32) -> RepairRequest {
        RepairRequest {
            tool: self.tool_name().to_owned(),
            raw: self.text_for(error),
            error: error.clone(),
            schema: self.schema().clone(),
            attempt,
            max_attempts,
        }
    }

    /// The text a fix works on: the raw text for invalid arguments, the JSON otherwise.
    fn text_for(&self, error: &ToolError) -> String {
        match error {
            ToolError::Deserialization(e) => e.value.to_string(),
            ToolError::Execution(e) => e.args.to_string(),
            _ => self.raw.clone(),
        }
    }

    async fn run_step(&mut self, step: &StepImpl, error: &ToolError) -> StepResult {
        let kind = error.kind();
        let cursor = self.cursors[slot(kind)];
        match step {
            StepImpl::JsonRepair => match super::builtin::repair_text(&self.raw) {
                Some((value, fixes)) => {
                    self.advance(kind);
                    self.emit_repaired(kind, "json_repair", fixes);
                    self.raw = value.to_string();
                    StepResult::Again
                }
                None => StepResult::Pass,
            },
            StepImpl::Coerce => {
                let ToolError::Deserialization(e) = error else {
                    return StepResult::Pass;
                };
                match super::builtin::coerce_value(e.value.clone(), self.schema()) {
                    Ok((value, fixes)) if !fixes.is_empty() => {
                        self.advance(kind);
                        self.emit_repaired(kind, "coerce", fixes);
                        self.raw = value.to_string();
                        StepResult::Again
                    }
                    _ => StepResult::Pass,
                }
            }
            StepImpl::Fix(f) => {
                let request = self.request(error, 1, 1);
                let cx = RepairContext {
                    request: &request,
                    conversation: self.setup.conversation,
                };
                match f(&request.raw, &cx) {
                    FixOutcome::Fixed(text) => {
                        self.advance(kind);
                        self.emit_repaired(
                            kind,
                            "fix",
                            vec![ArgumentChange::Replaced {
                                by: None,
                                preview: preview(&text),
                            }],
                        );
                        self.raw = text;
                        StepResult::Again
                    }
                    FixOutcome::Pass => StepResult::Pass,
                    FixOutcome::Escalate { reason, severity } => StepResult::Done(
                        CallOutcome::Escalated(self.escalation(error, reason, severity)),
                    ),
                    FixOutcome::Throw(reason) => {
                        StepResult::Done(CallOutcome::Stop(AgentError::Thrown {
                            by: self.setup.agent.clone(),
                            reason,
                            original: Some(Box::new(error.clone())),
                        }))
                    }
                }
            }
            StepImpl::FixWith { agent, retries } => {
                let mut attempt = cursor.attempts_on_step;
                loop {
                    if attempt >= *retries {
                        return StepResult::Pass;
                    }
                    attempt += 1;
                    let request = self.request(error, attempt, *retries);
                    let input = request.raw.clone();
                    let fixer_ctx = self
                        .setup
                        .ctx
                        .for_repair(request, Arc::from(self.setup.conversation));
                    let answer = match self
                        .setup
                        .budget
                        .within(None, agent.invoke(input, &fixer_ctx))
                        .await
                    {
                        Within::Done(answer) => answer,
                        Within::RunOut(b) => Err(AgentError::Budget(b)),
                        Within::TimedOut(after) => {
                            Err(AgentError::Budget(self.setup.budget.time_out(after)))
                        }
                    };
                    match answer {
                        Ok(text) => {
                            self.cursors[slot(kind)].attempts_on_step = attempt - 1;
                            let mut fixes = vec![ArgumentChange::Replaced {
                                by: Some(agent.name().to_owned()),
                                preview: preview(&text),
                            }];
                            self.raw = repair_answer(text, &mut fixes);
                            self.emit_repaired(kind, "fix_with", fixes);
                            return StepResult::AgainSameStep;
                        }
                        Err(AgentError::Escalated(mut e)) => {
                            if e.original.is_none() {
                                e.original = Some(Box::new(error.clone()));
                            }
                            e.tool.get_or_insert_with(|| self.tool_name().to_owned());
                            e.attempts = e.attempts.max(attempt);
                            return StepResult::Done(CallOutcome::Escalated(*e));
                        }
                        Err(AgentError::Thrown {
                            by,
                            reason,
                            original,
                        }) => {
                            let original = original.or_else(|| Some(Box::new(error.clone())));
                            return StepResult::Done(CallOutcome::Stop(AgentError::Thrown {
                                by,
                                reason,
                                original,
                            }));
                        }
                        Err(stop @ AgentError::Budget(_)) => {
                            return StepResult::Done(CallOutcome::Stop(stop));
                        }
                        Err(other) => {
                            // The fixer itself failed (a model error, an unusable answer): that
                            // attempt is spent; try again while attempts remain.
                            self.emit(Event::Warning {
                                agent: self.setup.agent.clone(),
                                message: format!(
                                    "repair agent {} failed on attempt {attempt}: {other}",
                                    agent.name()
                                ),
                            });
                            self.cursors[slot(kind)].attempts_on_step = attempt;
                        }
                    }
                }
            }
            StepImpl::Sanitize(f) => {
                let ToolError::Deserialization(e) = error else {
                    return StepResult::Pass;
                };
                match f(e.value.clone()) {
                    Some(v) => {
                        self.advance(kind);
                        self.emit_repaired(
                            kind,
                            "sanitize",
                            vec![ArgumentChange::Replaced {
                                by: None,
                                preview: preview(&v.to_string()),
                            }],
                        );
                        self.raw = v.to_string();
                        StepResult::Again
                    }
                    None => StepResult::Pass,
                }
            }
            StepImpl::Retry(policy) => {
                let ToolError::Execution(e) = error else {
                    return StepResult::Pass;
                };
                let class_ok = match e.class {
                    ErrorClass::Transient => true,
                    ErrorClass::Unknown => policy.retry_unknown,
                    ErrorClass::Permanent => false,
                };
                let safe = self.setup.tool.idempotent() || policy.allow_non_idempotent;
                let retry_no = cursor.attempts_on_step + 1;
                if !class_ok || !safe || retry_no >= policy.max_attempts {
                    return StepResult::Pass;
                }
                if self.setup.retry_budget.is_some_and(|b| !b.try_acquire()) {
                    self.emit(Event::Warning {
                        agent: self.setup.agent.clone(),
                        message: format!(
                            "the shared retry budget is spent; not retrying {}",
                            self.tool_name()
                        ),
                    });
                    return StepResult::Pass;
                }
                let delay = policy.backoff.delay(retry_no);
                if !self.setup.budget.fits(delay) {
                    // Sleeping would outlast the run: give up retrying now, while the model
                    // still has time to act on the failure.
                    self.emit(Event::Warning {
                        agent: self.setup.agent.clone(),
                        message: format!(
                            "the retry of {} would wait {delay:?}, longer than the run has left; not retrying",
                            self.tool_name()
                        ),
                    });
                    return StepResult::Pass;
                }
                self.emit(Event::Retry {
                    agent: self.setup.agent.clone(),
                    call_id: self.call.id.clone(),
                    tool: self.tool_name().to_owned(),
                    attempt: self.executions + 1,
                    delay,
                    error: error.to_string(),
                });
                if !delay.is_zero() {
                    tokio::time::sleep(delay).await;
                }
                self.raw = e.args.to_string();
                StepResult::AgainSameStep
            }
            StepImpl::Escalate { reason, severity } => {
                let reason = reason.clone().unwrap_or_else(|| error.model_reason());
                StepResult::Done(CallOutcome::Escalated(
                    self.escalation(error, reason, *severity),
                ))
            }
            StepImpl::Throw(reason) => StepResult::Done(CallOutcome::Stop(AgentError::Thrown {
                by: self.setup.agent.clone(),
                reason: reason.clone(),
                original: Some(Box::new(error.clone())),
            })),
        }
    }
}

enum StepResult {
    /// The step changed the arguments and is spent; run again.
    Again,
    /// The step acted and may act again on the same kind of failure; run again.
    AgainSameStep,
    /// The step did nothing; try the next.
    Pass,
    /// The call is over.
    Done(CallOutcome),
}

/// A fixer's answer is model output: text that is not JSON as it stands (a code fence, a
/// sentence around it) goes through the same lenient repair as the model's own arguments, so a
/// fixer's formatting slip does not burn its attempts. What the repair changed joins `fixes`;
/// text nothing can be recovered from is kept as it is (the next pass reports it).
fn repair_answer(text: String, fixes: &mut Vec<ArgumentChange>) -> String {
    if serde_json::from_str::<serde::de::IgnoredAny>(&text).is_ok() {
        return text;
    }
    match super::builtin::repair_text(&text) {
        Some((value, repaired)) => {
            fixes.extend(repaired);
            value.to_string()
        }
        None => text,
    }
}

fn preview(text: &str) -> String {
    shorten(text, 120)
}

/// `text` cut to at most `max` bytes (on a char boundary), marked `…` when cut.
pub(crate) fn shorten(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}
