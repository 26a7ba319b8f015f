//! The `answer_error` chain: what the agent does with a final answer that does not read as its
//! output type after lenient repair and coercion, before it sends the model back with the
//! error (the feedback every agent has, bounded by `output_retries`).
//!
//! Its steps run in order until one gives an answer that reads: `fix` and `fix_with` rewrite
//! the answer's text; `regenerate()` asks the model once more, without tools, held to the
//! answer's schema where the model can hold one ([`Capabilities::answer`](crate::model::Capabilities));
//! `escalate` and `throw` end the run. A repaired answer takes the model's place in the
//! transcript, as a regenerated call does.

use std::sync::Arc;

use futures_util::future::BoxFuture;

use super::prevention::answer_of;
use super::{Output, Runner};
use crate::agent::llm::output::answer_problem;
use crate::budget::{BudgetKind, Within};
use crate::error::{AgentError, ErrorKind, EscalationError, ToolError};
use crate::event::{ArgumentChange, Event};
use crate::model::{FINAL_ANSWER_TOOL, Message};
use crate::repair::call::preview;
use crate::repair::{AskOnce, Asked, ask_once};
use crate::repair::{FixOutcome, RepairContext, RepairRequest, StepImpl};

/// An answer's text (the model's, or the one a step gave) and `Out`, or what was wrong with it.
type ReadAnswer<Out> = (String, Result<Out, String>);

/// What the chain made of an unreadable answer.
enum Recovered<Out> {
    /// An answer that reads, and its text.
    Read(Out, String),
    /// No step gave one: the model is sent back with the error, as without a chain.
    Pass(Box<ToolError>),
    /// A step ended the run.
    Stop(AgentError),
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Reads the model's answer `text` into `Out`, through the `answer_error` chain when it has
    /// steps: the answer's text (the model's, or the one a step gave) and `Out` or what was
    /// wrong with it. An `Err` ends the run (a step said stop; the answer is in the transcript).
    ///
    /// Boxed: the chain's state would otherwise grow every run's future, and nested runs
    /// (agents as tools, fixers) stack them.
    pub(super) fn read_answer(
        &mut self,
        text: String,
    ) -> BoxFuture<'_, Result<ReadAnswer<Out>, AgentError>> {
        Box::pin(async move {
            let error = match self.read_reported(&text) {
                Ok(out) => return Ok((text, Ok(out))),
                Err(error) => error,
            };
            if self.agent.config.settings.answer_error.is_empty() {
                return Ok((text, Err(answer_problem(&error))));
            }
            match self.recover_answer(&text, error).await {
                Recovered::Read(out, fixed) => Ok((fixed, Ok(out))),
                Recovered::Pass(error) => Ok((text, Err(answer_problem(&error)))),
                Recovered::Stop(e) => {
                    self.say(Message::assistant(text));
                    Err(e)
                }
            }
        })
    }

    /// Reads an answer's `text` into `Out`, reporting each deterministic repair it took to read
    /// (lenient JSON, coercion) as a `Repaired` event of the answer, as a tool call's are: the
    /// pseudo-tool [`FINAL_ANSWER_TOOL`], kind [`ErrorKind::Answer`], no call id. Nothing is
    /// reported for an answer that reads as written, or that does not read (its error is).
    fn read_reported(&self, text: &str) -> Result<Out, Box<ToolError>> {
        let (out, repairs) =
            super::read_output_repaired::<Out>(text, self.agent.config.answer.is_text)?;
        for (step, fixes) in repairs {
            self.ctx.emit(Event::Repaired {
                agent: self.path.clone(),
                call_id: String::new(),
                tool: FINAL_ANSWER_TOOL.to_owned(),
                kind: ErrorKind::Answer,
                step,
                fixes,
            });
        }
        Ok(out)
    }

    /// Runs the `answer_error` chain on `text`, which failed to read with `error`.
    async fn recover_answer(&mut self, text: &str, error: Box<ToolError>) -> Recovered<Out> {
        let agent = self.agent;
        let mut text = text.to_owned();
        let mut error = error;
        for step in &agent.config.settings.answer_error {
            let attempts = match step {
                StepImpl::FixWith { retries, .. } => *retries,
                _ => 1,
            };
            for attempt in 1..=attempts {
                let fixed = match self
                    .answer_step(step, &text, &error, attempt, attempts)
                    .await
                {
                    Step::Fixed(fixed) => fixed,
                    Step::Pass => continue,
                    Step::Stop(e) => return Recovered::Stop(e),
                };
                self.ctx.emit(Event::Repaired {
                    agent: self.path.clone(),
                    call_id: String::new(),
                    tool: FINAL_ANSWER_TOOL.to_owned(),
                    kind: ErrorKind::Answer,
                    step: step.name(),
                    fixes: vec![ArgumentChange::Replaced {
                        by: None,
                        preview: preview(&fixed),
                    }],
                });
                match self.read_reported(&fixed) {
                    Ok(out) => return Recovered::Read(out, fixed),
                    Err(e) => {
                        text = fixed;
                        error = e;
                    }
                }
            }
        }
        Recovered::Pass(error)
    }

    /// One attempt of one step of the chain.
    async fn answer_step(
        &mut self,
        step: &StepImpl,
        text: &str,
        error: &ToolError,
        attempt: u32,
        attempts: u32,
    ) -> Step {
        let request = || RepairRequest {
            tool: FINAL_ANSWER_TOOL.to_owned(),
            raw: text.to_owned(),
            error: error.clone(),
            schema: crate::tool::schema_for::<Out>(),
            attempt,
            max_attempts: attempts,
        };
        match step {
            StepImpl::Fix(f) => {
                let request = request();
                let cx = RepairContext {
                    request: &request,
                    conversation: self.transcript(),
                };
                match f(text, &cx) {
                    FixOutcome::Fixed(fixed) => Step::Fixed(fixed),
                    FixOutcome::Pass => Step::Pass,
                    FixOutcome::Escalate { reason, severity } => {
                        Step::Stop(self.answer_escalated(error, reason, severity))
                    }
                    FixOutcome::Throw(reason) => Step::Stop(self.answer_thrown(error, reason)),
                }
            }
            StepImpl::FixWith { agent, .. } => {
                let conversation: Arc<[Message]> = Arc::from(self.transcript().as_slice());
                let fixer_ctx = self.ctx.for_repair(request(), conversation);
                let asked = agent.invoke(text.to_owned(), &fixer_ctx);
                match self.budget.within(None, asked).await {
                    Within::Done(Ok(fixed)) => Step::Fixed(fixed),
                    Within::Done(Err(e @ AgentError::Escalated(_)))
                    | Within::Done(Err(e @ AgentError::Thrown { .. }))
                    | Within::Done(Err(e @ AgentError::Budget(_))) => Step::Stop(e),
                    Within::Done(Err(other)) => {
                        self.warn(format!(
                            "repair agent {} failed on the answer, attempt {attempt}: {other}",
                            agent.name()
                        ));
                        Step::Pass
                    }
                    Within::RunOut(b) => Step::Stop(self.budget_error(b)),
                    Within::TimedOut(after) => {
                        let b = self.budget.time_out(after);
                        Step::Stop(self.budget_error(b))
                    }
                }
            }
            StepImpl::Regenerate => self.regenerate_answer(text, error, attempt).await,
            StepImpl::Escalate { reason, severity } => {
                let reason = reason.clone().unwrap_or_else(|| error.model_reason());
                Step::Stop(self.answer_escalated(error, reason, *severity))
            }
            StepImpl::Throw(reason) => Step::Stop(self.answer_thrown(error, reason.clone())),
            // The tool-only steps cannot be put in this chain (`Step<answer_error>`).
            _ => Step::Pass,
        }
    }

    /// `regenerate()`: the model asked once more for the answer, after its unreadable one and
    /// the error, with no tools offered and the answer's schema on the request.
    async fn regenerate_answer(&mut self, text: &str, error: &ToolError, attempt: u32) -> Step {
        let Some(format) = &self.agent.config.answer.format else {
            return Step::Pass;
        };
        if !self.model.capabilities(&[]).answer.is_supported() {
            self.warn(format!(
                "regenerate: the model {} cannot hold an answer to a schema; not asking it again",
                self.model.name()
            ));
            return Step::Pass;
        }
        self.budget.charge_repair_step();
        if let Err(b) = self
            .budget
            .check(BudgetKind::RepairSteps, u64::from(attempt))
        {
            super::emit_budget(&self.ctx, &b);
            return Step::Pass;
        }
        let mut request = self.frame.request.clone();
        request.tools.clear();
        request.constraint = None;
        request.answer = Some(format.clone());
        request.messages.push(Message::assistant(text));
        request.messages.push(Message::user(format!(
            "Your answer could not be read: {}. Answer again with only a JSON value matching this schema: {}",
            answer_problem(error),
            self.agent.config.answer.schema
        )));
        let emit = |e: Event| self.ctx.emit(e);
        let asked = ask_once(
            AskOnce {
                model: &*self.model,
                request: &request,
                budget: &self.budget,
                agent: &self.path,
                step: "regenerate answer".to_owned(),
                emit: &emit,
                journal: self.journal,
            },
            &|_| {},
        )
        .await;
        match asked {
            Asked::Answer(response) => {
                self.usage += response.usage;
                let call = response
                    .tool_calls
                    .iter()
                    .find(|c| c.name == FINAL_ANSWER_TOOL);
                match (call, response.text) {
                    (Some(call), _) => {
                        Step::Fixed(answer_of(&call.arguments, self.agent.config.answer.is_text))
                    }
                    (None, Some(text)) => Step::Fixed(text),
                    (None, None) => Step::Pass,
                }
            }
            Asked::Stop(e) => Step::Stop(e),
            Asked::Failed => Step::Pass,
        }
    }

    fn warn(&self, message: String) {
        self.ctx.emit(Event::Warning {
            agent: self.path.clone(),
            message,
        });
    }

    fn answer_escalated(
        &self,
        error: &ToolError,
        reason: String,
        severity: crate::error::Severity,
    ) -> AgentError {
        let mut e = EscalationError::new(self.path.clone(), reason, severity);
        e.tool = Some(FINAL_ANSWER_TOOL.to_owned());
        e.original = Some(Box::new(error.clone()));
        AgentError::Escalated(Box::new(e))
    }

    fn answer_thrown(&self, error: &ToolError, reason: String) -> AgentError {
        AgentError::Thrown {
            by: self.path.clone(),
            reason,
            original: Some(Box::new(error.clone())),
        }
    }
}

/// How one attempt of one step went.
enum Step {
    /// A new answer text, to read.
    Fixed(String),
    /// Nothing: the next attempt or step.
    Pass,
    /// The run ends.
    Stop(AgentError),
}
