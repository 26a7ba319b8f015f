//! What every repair step reads and changes: one call's repair state ([`CallRepair`]), where
//! its kind's chain stands ([`Cursor`]), what a step did ([`StepResult`]), and what the steps
//! read of the call's setup ([`StepSetup`]). The pipeline (`pipeline.rs`) walks the chains over
//! it; the steps (`steps/`) act on it.

use std::sync::Arc;

use serde_json::Value;

use crate::budget::{BudgetExceeded, BudgetKind};
use crate::error::{AgentError, ErrorKind, EscalationError, Severity, ToolError};
use crate::escalation;
use crate::event::{ArgumentChange, Event};
use crate::model::{Message, ToolCall};
use crate::run::RepairRequest;
use crate::telemetry::ToolTrace;
pub(crate) use crate::tool::executor::CallOutcome;
use crate::tool::executor::{ExecSetup, Executor};

/// What the steps read of a call's setup: the pipeline's `CallSetup` without the chains (which
/// only the pipeline walks).
#[derive(Clone, Copy)]
pub(crate) struct StepSetup<'a, 's> {
    /// What each attempt needs (the tool, the run's budget and context).
    pub exec: &'s ExecSetup<'a>,
    pub retry_budget: Option<&'a Arc<crate::budget::RetryBudget>>,
    pub conversation: &'a [Message],
    /// The model of the run and the request of the turn the call came from: what the
    /// `regenerate` step asks again.
    pub asking: Asking<'a>,
    /// The agent's recovery profile: the pieces the steps read (coercion's number words and
    /// dates, `regenerate` held to the user's words).
    pub recovery: crate::model::Recovery,
}

/// The model a call came from, and the request it answered.
#[derive(Clone, Copy)]
pub(crate) struct Asking<'a> {
    pub model: &'a dyn crate::model::Model,
    pub request: &'a crate::model::ModelRequest,
}

/// Per-kind position in the chain and attempts spent on the current step.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cursor {
    pub step: usize,
    pub attempts_on_step: u32,
}

impl Cursor {
    /// The current step is spent: on to the next, with no attempts on it yet.
    pub fn advance(&mut self) {
        *self = Cursor {
            step: self.step + 1,
            attempts_on_step: 0,
        };
    }
}

/// One call's repair state, which the steps read and change.
pub(crate) struct CallRepair<'a, 's> {
    pub setup: StepSetup<'a, 's>,
    pub call: &'s ToolCall,
    /// The argument text as it stands (repairs replace it).
    pub raw: String,
    /// The attempts at running the tool.
    pub exec: Executor<'a, 's>,
    repair_steps: u64,
    /// What the call's span records when it ends.
    pub trace: ToolTrace,
}

impl<'a, 's> CallRepair<'a, 's> {
    /// The repair state of `call` before its first attempt; `read`: its arguments as strict
    /// JSON read them, if it did (see [`Executor::with_read`]).
    pub fn new(setup: StepSetup<'a, 's>, call: &'s ToolCall, read: Option<Value>) -> Self {
        CallRepair {
            setup,
            call,
            raw: call.arguments.clone(),
            exec: Executor::new(setup.exec, call).with_read(read),
            repair_steps: 0,
            trace: ToolTrace::default(),
        }
    }

    pub fn tool_name(&self) -> &str {
        self.exec.tool_name()
    }

    pub fn schema(&self) -> &Value {
        self.exec.schema()
    }

    pub fn emit(&self, event: Event) {
        self.setup.exec.ctx.emit(event)
    }

    /// Reads `args`, which a step set from the model's answer, as the call's argument
    /// descriptions ask (`grounding::read_described`), each reading
    /// reported under its own step: the turn's own pass ran before the step, on the call as the
    /// model first wrote it. Whether anything changed.
    pub fn read_described(&mut self, kind: ErrorKind, args: &mut Value) -> bool {
        let recovery = self.setup.recovery;
        if !recovery.reads_described() {
            return false;
        }
        let told = crate::grounding::told_text(self.setup.conversation);
        let schema = self.schema().clone();
        let read = crate::grounding::read_described(args, &schema, &recovery, &told);
        let changed = !read.is_empty();
        for (step, changes) in read {
            self.emit_repaired(kind, step, changes);
        }
        changed
    }

    pub fn emit_repaired(
        &mut self,
        kind: ErrorKind,
        step: &'static str,
        fixes: Vec<ArgumentChange>,
    ) {
        self.trace.repaired(kind, step);
        self.emit(Event::Repaired {
            agent: self.setup.exec.agent.clone(),
            call_id: self.call.id.clone(),
            tool: self.tool_name().to_owned(),
            kind,
            step,
            fixes,
        });
    }

    /// Counts one more repair step of this call against its budgets.
    pub fn charge_repair_step(&mut self) -> Result<(), BudgetExceeded> {
        self.repair_steps += 1;
        self.setup.exec.budget.charge_repair_step();
        self.setup
            .exec
            .budget
            .check(BudgetKind::RepairSteps, self.repair_steps)
    }

    /// A step of this call gave up softly on `error`.
    pub fn escalation(
        &self,
        error: &ToolError,
        reason: String,
        severity: Severity,
    ) -> EscalationError {
        escalation::origin::from_step(
            self.setup.exec.agent,
            self.tool_name(),
            error,
            reason,
            severity,
            self.repair_steps as u32,
        )
    }

    /// A step of this call ends the run on `error`.
    pub fn thrown(&self, error: &ToolError, reason: String) -> AgentError {
        AgentError::Thrown {
            by: self.setup.exec.agent.clone(),
            reason,
            original: Some(Box::new(error.clone())),
        }
    }

    /// What a fixer is told about `error`, on attempt `attempt` of `max_attempts`.
    pub fn request(&self, error: &ToolError, attempt: u32, max_attempts: u32) -> RepairRequest {
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
}

/// What a step did.
pub(crate) enum StepResult {
    /// The step changed the arguments and is spent; run again.
    Again,
    /// The step acted and may act again on the same kind of failure; run again.
    AgainSameStep,
    /// The step did nothing; try the next.
    Pass,
    /// The call is over.
    Done(CallOutcome),
}

/// `text` shortened for an event.
pub(crate) fn preview(text: &str) -> String {
    crate::text::shorten(text, 120)
}
