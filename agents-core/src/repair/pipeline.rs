//! The repair loop of one tool call:
//! raw text → parse → (invalid_args chain) → read into the tool's types → (deserialization_error
//! chain) → run → (execution_error chain). A repaired argument re-enters the loop and the tool
//! runs once more, with no extra model turn. Each attempt is the tool executor's
//! ([`crate::tool::executor`]); each step's behaviour lives beside its definition
//! (`repair/steps/`), and what they work on in `call.rs`; this file walks the chains and keeps
//! the per-kind cursors.

use std::sync::Arc;

pub(crate) use super::call::Asking;
use super::call::{CallOutcome, CallRepair, Cursor, StepResult, StepSetup};
use super::steps::StepImpl;
use crate::error::{ErrorKind, PerKind, ToolError};
use crate::event::{ArgumentChange, Event};
use crate::model::{Message, ToolCall};
use crate::tool::executor::ExecSetup;

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

enum Next {
    /// Run the pipeline again from the (possibly new) raw text.
    Again,
    /// Done.
    Done(CallOutcome),
}

/// Runs one tool call through the pipeline, in its `execute_tool` span.
///
/// An `async fn` in optimised builds: the pipeline's future is then built inside the caller's
/// state, where a plain function returning it cost two copies of it per call (callgrind: about
/// 600 instructions).
#[cfg(not(debug_assertions))]
pub(crate) use run_traced as run_call;

/// Runs one tool call through the pipeline, in its `execute_tool` span.
///
/// Boxed in debug builds, like the round (see `Runner::round`): unoptimised poll frames are as
/// large as the futures they await, and an agent used as a tool nests a whole run per level.
#[cfg(debug_assertions)]
pub(crate) fn run_call<'a>(
    setup: &'a CallSetup<'_>,
    call: &'a ToolCall,
    read: Option<serde_json::Value>,
) -> impl Future<Output = CallOutcome> + 'a {
    Box::pin(run_traced(setup, call, read))
}

/// The pipeline in the call's span. A span no subscriber wants (none is installed, or a filter
/// leaves it out) does not wrap the pipeline: entering and leaving it would do nothing, and the
/// wrapper cost a copy of the pipeline's future and its own poll on every call (callgrind:
/// about 100 instructions). The pipeline records how the call ended on the span it is given,
/// not on whichever span is current (which, under a filter that leaves the tool's span out,
/// was the run's).
///
/// `read`: the call's arguments as strict JSON read them (for the loop guards' key), if it did;
/// the first attempt takes them instead of parsing the same text again.
pub(crate) async fn run_traced(
    setup: &CallSetup<'_>,
    call: &ToolCall,
    read: Option<serde_json::Value>,
) -> CallOutcome {
    let span = crate::telemetry::tool_span(&call.name, &call.id);
    if span.is_disabled() {
        return run_call_inner(setup, call, read, &span).await;
    }
    tracing::Instrument::instrument(run_call_inner(setup, call, read, &span), span.clone()).await
}

async fn run_call_inner(
    setup: &CallSetup<'_>,
    call: &ToolCall,
    read: Option<serde_json::Value>,
    span: &tracing::Span,
) -> CallOutcome {
    let steps_see = StepSetup {
        exec: &setup.exec,
        retry_budget: setup.retry_budget,
        conversation: setup.conversation,
        asking: setup.asking,
        recovery: setup.recovery,
    };
    let mut run = CallRepair::new(steps_see, call, read);
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
            Err(error) => run.handle(error, setup.chains, &mut cursors).await,
        };
        if let Next::Done(out) = next {
            if setup.exec.journal.is_some() {
                // Whether every step of the call was read back from the journal (nothing ran in
                // this process; the process that ran it traced it).
                let replayed = setup.exec.ctx.is_replaying();
                span.record("agents.replayed", replayed);
            }
            run.trace.record(span, &out);
            return out;
        }
    }
}

impl CallRepair<'_, '_> {
    /// Walks `error`'s chain from where it stands.
    async fn handle(
        &mut self,
        error: ToolError,
        chains: &PerKind<Vec<StepImpl>>,
        cursors: &mut PerKind<Cursor>,
    ) -> Next {
        let kind = error.kind();
        self.trace.hit(kind);
        // An escalation has no chain here: it is handled up the tree.
        let (Some(chain), Some(cursor)) = (chains.get(kind), cursors.get_mut(kind)) else {
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
}
