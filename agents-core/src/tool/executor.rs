//! The tool executor: one attempt at a call with the arguments as they stand. It parses them,
//! validates them against the tool's schema (every violation at once), lets the tool read them
//! (a panic there is a permanent failure), charges the run's budget, runs the tool under the
//! tighter of its timeout and the run's time (a panic is a permanent failure), announces the
//! attempt, and turns what the tool returned into an outcome, or into a typed [`ToolError`] for
//! the repair chain.

use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use tokio::time::Instant;

use super::journaled::ToolOutcome;
use super::task::ReadyCall;
use super::{ArgsValidator, Tool, ToolCallError, ToolContext};
use crate::budget::{BudgetScope, Within};
use crate::error::{
    AgentError, Classifier, DeserializationError, EscalationError, ExecutionError,
    ExecutionFailure, InvalidArgs, SchemaViolation, ToolError,
};
use crate::escalation;
use crate::event::Event;
use crate::grounding::EchoCheck;
use crate::journal::{Journal, Step, StepKind, journaled};
use crate::model::ToolCall;
use crate::path::AgentPath;
use crate::run::RunContext;

/// What the executor needs besides the call.
pub(crate) struct ExecSetup<'a> {
    /// The tool (shared: on a multi-thread runtime each call of a tool that may block runs on
    /// a task of its own, which keeps the tool alive while it runs).
    pub tool: &'a Arc<dyn Tool>,
    /// The tool's compiled argument schema, if it compiled.
    pub validator: Option<&'a ArgsValidator>,
    pub classifier: &'a Classifier,
    pub agent: &'a AgentPath,
    pub budget: &'a Arc<BudgetScope>,
    pub ctx: &'a RunContext,
    pub default_timeout: Option<Duration>,
    /// Whether the call, with its repaired arguments, must wait for approval (`None`: it was
    /// approved, or nothing asks).
    pub approval: Option<&'a (dyn Fn(&Value) -> bool + Send + Sync)>,
    /// The run's journal, if it is durable: the tool's execution is recorded there.
    pub journal: Option<&'a dyn Journal>,
    /// The values the model was shown in examples, which a call must not copy unless the user
    /// gave them too; `None`: nothing to check (no examples, or a strict agent).
    pub echo: Option<&'a EchoCheck>,
    /// Whether a success hands back the arguments the tool ran with (for the `on_tool_use`
    /// hook, or a tool that must not run twice): `prepare` takes them, so keeping them costs a
    /// copy of every call's arguments.
    pub keep_args: bool,
}

/// How one call ended.
#[derive(Debug)]
pub(crate) enum CallOutcome {
    /// The tool returned; `args` are the arguments it ran with (after repair), when
    /// [`ExecSetup::keep_args`] asked for them.
    Success { output: Value, args: Option<Value> },
    /// No step recovered the error.
    Failed(ToolError),
    /// A step or a fixer gave up softly.
    Escalated(EscalationError),
    /// A step, a fixer or a budget ended the run.
    Stop(AgentError),
    /// The arguments fit, and the call waits for a person's approval before it runs; `args`
    /// are the repaired arguments.
    AwaitingApproval { args: Value },
    /// The tool no longer exists where it runs; nothing ran (the invented-tool path follows).
    Vanished { detail: String },
}

/// Runs the attempts of one call, counting those that ran.
pub(crate) struct Executor<'a, 's> {
    setup: &'s ExecSetup<'a>,
    call: &'s ToolCall,
    executions: u32,
    /// `call.arguments` as strict JSON read them, until an attempt takes them.
    read: Option<Value>,
}

impl<'a, 's> Executor<'a, 's> {
    /// An executor for `call`, no attempt made yet.
    pub fn new(setup: &'s ExecSetup<'a>, call: &'s ToolCall) -> Self {
        Executor {
            setup,
            call,
            executions: 0,
            read: None,
        }
    }

    /// The executor, given `call.arguments` as strict JSON read them (for the loop guards'
    /// key): an attempt with that very text takes them instead of parsing it again.
    pub fn with_read(mut self, read: Option<Value>) -> Self {
        self.read = read;
        self
    }

    /// How many times the tool has run (an attempt whose arguments did not fit is not one).
    pub fn executions(&self) -> u32 {
        self.executions
    }

    /// The tool's name.
    pub fn tool_name(&self) -> &str {
        &self.setup.tool.spec().name
    }

    /// The tool's argument schema.
    pub fn schema(&self) -> &Value {
        &self.setup.tool.spec().parameters
    }

    /// One pass: parse, validate against the schema, read into the tool's types, run. Only a
    /// call whose arguments fit is charged, announced (`ToolStarted`) and run.
    pub async fn attempt(&mut self, raw: &str) -> Result<CallOutcome, ToolError> {
        let args: Value = match self.read.take() {
            // Read from this very text already (a repair that changed it parses its own).
            Some(read) if raw == self.call.arguments => read,
            _ => crate::json::parse_strict(raw).map_err(|parse_error| {
                ToolError::InvalidArgs(InvalidArgs {
                    tool: self.tool_name().to_owned(),
                    raw: raw.to_owned(),
                    parse_error,
                    schema: self.schema().clone(),
                })
            })?,
        };
        let mut violations = match self.setup.validator {
            Some(validator) => validator.violations(&args),
            None => Vec::new(),
        };
        if let Some(echo) = self.setup.echo {
            let room = super::validate::MAX_VIOLATIONS.saturating_sub(violations.len());
            violations.extend(echo.violations(&args, self.schema(), room));
        }
        if !violations.is_empty() {
            // Every violation at once, so that one turn of feedback can fix them all.
            return Err(self.schema_violated(args, violations));
        }
        // `prepare` takes the arguments; a copy is kept only for what reads them after it: the
        // approval hold and `keep_args`. An error path reads them again from the same text.
        let held = self.setup.approval.is_some_and(|needs| needs(&args));
        let (prepared, kept) = if held || self.setup.keep_args {
            (
                super::task::prepare(self.setup.tool, args.clone()),
                Some(args),
            )
        } else {
            (super::task::prepare(self.setup.tool, args), None)
        };
        let prepared = match prepared {
            Ok(p) => p,
            // Nothing ran: not charged, not an attempt.
            Err(e) => return self.failed(Self::reread(kept, raw), e),
        };
        if held {
            return Ok(CallOutcome::AwaitingApproval {
                args: Self::reread(kept, raw),
            });
        }
        if let Err(b) = self.setup.budget.charge_tool_call() {
            return Ok(CallOutcome::Stop(b.into()));
        }
        self.executions += 1;
        // Read only when someone listens (a `ToolFinished` is built for them).
        let started = self.setup.ctx.events().is_listened().then(Instant::now);
        // A journaled execution announces itself only when it really runs (not on replay).
        let (result, _replayed) = match self.setup.journal {
            None => {
                self.setup.ctx.emit_with(|| self.started());
                (self.execute(prepared).await, false)
            }
            // Boxed: a run without a journal (an agent called as a tool, nested) does not carry
            // the journaled path's state in its own future, on its stack.
            Some(journal) => match Box::pin(self.execute_journaled(journal, prepared)).await {
                Ok(done) => done,
                Err(e) => return Ok(CallOutcome::Stop(AgentError::Journal(e))),
            },
        };
        match result {
            Ok(output) => {
                // A journaled execution reported its end inside its step (`execute_journaled`).
                if let (None, Some(started)) = (self.setup.journal, started) {
                    self.setup
                        .ctx
                        .emit_with(|| self.finished(started.elapsed()));
                }
                Ok(CallOutcome::Success { output, args: kept })
            }
            Err(e @ ToolCallError::InvalidInput { .. }) => {
                // A tool that reads its arguments only when it runs (no `prepare` of its own)
                // found they did not fit: nothing of its work ran, so this was no attempt.
                self.executions -= 1;
                self.failed(Self::reread(kept, raw), e)
            }
            Err(e) => self.failed(Self::reread(kept, raw), e),
        }
    }

    /// The arguments an attempt read from `raw`: the copy kept, or `raw` read again (it was
    /// read once already, by the same strict parse, so this gives the same value).
    fn reread(kept: Option<Value>, raw: &str) -> Value {
        kept.unwrap_or_else(|| crate::json::parse_strict(raw).unwrap_or_default())
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
                violations: Vec::new(),
            })),
            ToolCallError::Agent(e) => match *e {
                AgentError::Escalated(mut esc) => {
                    escalation::path::delivered_by_tool(
                        &mut esc,
                        self.setup.agent,
                        self.tool_name(),
                    );
                    Ok(CallOutcome::Escalated(*esc))
                }
                stop @ (AgentError::Thrown { .. } | AgentError::Budget(_)) => {
                    Ok(CallOutcome::Stop(stop))
                }
                other => Err(self.execution_error(args, ExecutionFailure::from_error(other))),
            },
            ToolCallError::Failed(failure) => Err(self.execution_error(args, failure)),
            ToolCallError::Vanished { detail } => Ok(CallOutcome::Vanished { detail }),
        }
    }

    /// The arguments break the tool's schema: a deserialization error, like serde's refusals
    /// (the same chain, with coercion first, handles both), listing every violation.
    fn schema_violated(&self, args: Value, violations: Vec<SchemaViolation>) -> ToolError {
        let (field_path, message) = violations
            .first()
            .map(|v| (v.field_path.clone(), v.message.clone()))
            .unwrap_or_default();
        ToolError::Deserialization(DeserializationError {
            tool: self.tool_name().to_owned(),
            value: args,
            target_type: "the tool's JSON Schema".to_owned(),
            field_path,
            message,
            schema: self.schema().clone(),
            violations,
        })
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

    /// [`execute`](Self::execute) through the run's journal: the tool under its own timeout is
    /// the recorded step (its outcome, a timeout included, is what replay reads), the run's time
    /// bounds it from outside (running out of it ends the run, which a replay re-decides).
    async fn execute_journaled(
        &self,
        journal: &dyn Journal,
        prepared: ReadyCall<'_>,
    ) -> Result<(Result<Value, ToolCallError>, bool), crate::journal::JournalError> {
        let tool_ctx = self.tool_context();
        let own = self.setup.tool.timeout().or(self.setup.default_timeout);
        let classifier = self.setup.classifier;
        let events = &self.setup.ctx;
        let work = async move {
            // The reports are built only when someone listens, the clock read included: a
            // journaled call nobody watches pays nothing for them.
            events.emit_with(|| self.started());
            let started = events.events().is_listened().then(Instant::now);
            let run = prepared.run(tool_ctx);
            let result = match own {
                None => run.await,
                Some(limit) => match tokio::time::timeout(limit, run).await {
                    Ok(r) => r,
                    Err(_) => Err(ToolCallError::Failed(ExecutionFailure::timeout(limit))),
                },
            };
            // Reported inside the step, before its outcome is handed to the journal: a crash
            // may repeat the report (in the instant before the hand-over), never lose it.
            if let (true, Some(started)) = (result.is_ok(), started) {
                events.emit_with(|| self.finished(started.elapsed()));
            }
            ToolOutcome::record(result, classifier)
        };
        let idempotent = self.setup.tool.idempotent();
        let step = || Step {
            kind: StepKind::Tool {
                call_id: self.call.id.clone(),
                idempotent,
            },
            name: format!("tool:{}", self.tool_name()),
            if_interrupted: (!idempotent)
                .then(|| serde_json::to_string(&ToolOutcome::interrupted()).unwrap_or_default()),
        };
        let recorded = journaled::<ToolOutcome, _>(Some(journal), step, work);
        match self.setup.budget.within(None, recorded).await {
            Within::Done(r) => r.map(|(outcome, replayed)| (outcome.into_result(), replayed)),
            Within::RunOut(b) => Ok((Err(ToolCallError::Agent(Box::new(b.into()))), false)),
            Within::TimedOut(after) => {
                let b = self.setup.budget.time_out(after);
                Ok((Err(ToolCallError::Agent(Box::new(b.into()))), false))
            }
        }
    }

    /// The `ToolFinished` report of this attempt, which took `elapsed`.
    fn finished(&self, elapsed: std::time::Duration) -> Event {
        Event::ToolFinished {
            agent: self.setup.agent.clone(),
            call_id: self.call.id.clone(),
            tool: self.tool_name().to_owned(),
            elapsed,
        }
    }

    /// The `ToolStarted` announcement of this attempt, to emit when the tool really runs.
    fn started(&self) -> Event {
        Event::ToolStarted {
            agent: self.setup.agent.clone(),
            call_id: self.call.id.clone(),
            tool: self.tool_name().to_owned(),
            attempt: self.executions,
        }
    }

    fn tool_context(&self) -> ToolContext {
        ToolContext {
            call_id: self.call.id.clone(),
            agent: self.setup.agent.clone(),
            attempt: self.executions,
            run: self.setup.ctx.clone(),
        }
    }

    /// Runs the prepared call under the tighter of its timeout (the tool's own, else the
    /// budget's default) and what is left of the run, a panic being a permanent failure (see
    /// [`task`](super::task) for where it runs). Running out of the run's time ends the run
    /// ([`AgentError::Budget`]); running out of the tool's own timeout is a transient failure of
    /// the tool.
    async fn execute(&self, prepared: ReadyCall<'_>) -> Result<Value, ToolCallError> {
        let own = self.setup.tool.timeout().or(self.setup.default_timeout);
        match self
            .setup
            .budget
            .within(own, prepared.run(self.tool_context()))
            .await
        {
            Within::Done(r) => r,
            Within::RunOut(b) => Err(ToolCallError::Agent(Box::new(AgentError::Budget(b)))),
            Within::TimedOut(limit) => Err(ToolCallError::Failed(ExecutionFailure::timeout(limit))),
        }
    }
}
