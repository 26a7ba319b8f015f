//! The repair loop of one tool call:
//! raw text → parse → (invalid_args chain) → read into the tool's types → (deserialization_error
//! chain) → run → (execution_error chain). A repaired argument re-enters the loop and the tool
//! runs once more, with no extra model turn. Each attempt is the tool executor's
//! ([`crate::tool::executor`]); each step's behaviour lives beside its definition
//! (`repair/step/`); this file walks the chains and keeps the per-kind cursors.

use std::sync::Arc;

use serde_json::Value;

use super::step::StepImpl;
use crate::budget::{BudgetExceeded, BudgetKind};
use crate::error::{AgentError, ErrorKind, EscalationError, PerKind, Severity, ToolError};
use crate::escalation;
use crate::event::{ArgumentChange, Event};
use crate::model::{Message, ToolCall};
use crate::run::RepairRequest;
pub(crate) use crate::tool::executor::CallOutcome;
use crate::tool::executor::{ExecSetup, Executor};

/// What the pipeline needs besides the call.
pub(crate) struct CallSetup<'a> {
    /// What each attempt needs (the tool, the run's budget and context).
    pub exec: ExecSetup<'a>,
    pub chains: &'a PerKind<Vec<StepImpl>>,
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

enum Next {
    /// Run the pipeline again from the (possibly new) raw text.
    Again,
    /// Done.
    Done(CallOutcome),
}

/// One call's repair state, which the steps read and change.
pub(crate) struct Run<'a, 's> {
    pub setup: &'s CallSetup<'a>,
    pub call: &'s ToolCall,
    /// The argument text as it stands (repairs replace it).
    pub raw: String,
    /// The attempts at running the tool.
    pub exec: Executor<'a, 's>,
    repair_steps: u64,
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
        agents.replayed = tracing::field::Empty,
    );
    tracing::Instrument::instrument(run_call_inner(setup, call), span).await
}

async fn run_call_inner(setup: &CallSetup<'_>, call: &ToolCall) -> CallOutcome {
    let mut run = Run {
        setup,
        call,
        raw: call.arguments.clone(),
        exec: Executor::new(&setup.exec, call),
        repair_steps: 0,
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
    // Per kind: where its chain stands. Kept apart from `run` so a step can move its kind's
    // cursor while it works on the run.
    let mut cursors = PerKind::<Cursor>::default();
    loop {
        let next = match run.exec.attempt(&run.raw).await {
            Ok(out) => Next::Done(out),
            Err(error) => run.handle(error, &mut cursors).await,
        };
        if let Next::Done(out) = next {
            if setup.exec.journal.is_some() {
                // Whether every step of the call was read back from the journal (nothing ran in
                // this process; the process that ran it traced it).
                let replayed = setup.exec.ctx.is_replaying();
                tracing::Span::current().record("agents.replayed", replayed);
            }
            return out;
        }
    }
}

impl Run<'_, '_> {
    pub fn tool_name(&self) -> &str {
        self.exec.tool_name()
    }

    pub fn schema(&self) -> &Value {
        self.exec.schema()
    }

    pub fn emit(&self, event: Event) {
        self.setup.exec.ctx.emit(event)
    }

    pub fn emit_repaired(&self, kind: ErrorKind, step: &'static str, fixes: Vec<ArgumentChange>) {
        self.emit(Event::Repaired {
            agent: self.setup.exec.agent.clone(),
            call_id: self.call.id.clone(),
            tool: self.tool_name().to_owned(),
            kind,
            step,
            fixes,
        });
    }

    fn charge_repair_step(&mut self) -> Result<(), BudgetExceeded> {
        self.repair_steps += 1;
        self.setup.exec.budget.charge_repair_step();
        self.setup
            .exec
            .budget
            .check(BudgetKind::RepairSteps, self.repair_steps)
    }

    /// Walks `error`'s chain from where it stands.
    async fn handle(&mut self, error: ToolError, cursors: &mut PerKind<Cursor>) -> Next {
        let kind = error.kind();
        // An escalation has no chain here: it is handled up the tree.
        let (Some(chain), Some(cursor)) = (self.setup.chains.get(kind), cursors.get_mut(kind))
        else {
            return Next::Done(CallOutcome::Failed(error));
        };
        loop {
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
            match step.run(self, &error, cursor).await {
                StepResult::Again => return Next::Again,
                StepResult::AgainSameStep => {
                    cursor.attempts_on_step += 1;
                    return Next::Again;
                }
                StepResult::Pass => cursor.advance(),
                StepResult::Done(out) => return Next::Done(out),
            }
        }
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
