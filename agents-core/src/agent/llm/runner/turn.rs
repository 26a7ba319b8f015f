//! The model turn: one call to the model under the turn, time and token budgets, the
//! `on_llm_error` policy and the run's journal.

use std::ops::ControlFlow;
use std::time::Duration;

use super::{Flow, Output, Runner, fail};
use crate::agent::policy::{LlmErrorDecision, MAX_RETRY_WAIT};
use crate::budget::Within;
use crate::event::Event;
use crate::journal::{JournalError, ModelOutcome, Step, StepKind, journaled};
use crate::model::{ModelError, ModelErrorKind, ModelRequest, ModelResponse, StreamPart};
use crate::retry::Backoff;

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// One model turn: the frame brought up to date, the model asked, its answer announced and
    /// charged.
    pub(super) async fn model_turn(&mut self) -> Flow<Out, ModelResponse> {
        if let Err(b) = self.budget.charge_turn() {
            return fail(self.budget_error(b));
        }
        self.turn += 1;
        self.refresh_tools().await;
        self.refresh_frame();
        self.hold_answer();
        self.shape_turn();
        if let Err(e) = self.check_prevention() {
            return fail(e);
        }
        // The response is reported (`ModelResponded`) where it arrives, inside the journaled
        // step: a replayed response was reported by the process that received it.
        let (response, _replayed) = match self.call_model(&self.frame.request, true).await {
            ControlFlow::Break(Err(e)) if self.answers_after_malformed(&e) => {
                self.ctx.emit(Event::Warning {
                    agent: self.path.clone(),
                    message: format!(
                        "the model's turn could not be read ({e}); asking once more, held to the final answer"
                    ),
                });
                self.hold_to_answer();
                self.call_model(&self.frame.request, true).await?
            }
            asked => asked?,
        };
        self.usage += response.usage;
        if let Err(b) = self.budget.charge_tokens(response.usage.total()) {
            return fail(self.budget_error(b));
        }
        ControlFlow::Continue(response)
    }

    /// The model's response to `request`, and whether it was replayed from the run's journal,
    /// after the retries `on_llm_error` asks for; with `announce`, each response is reported
    /// (`ModelResponded`) as it arrives.
    pub(super) async fn call_model(
        &self,
        request: &ModelRequest,
        announce: bool,
    ) -> Flow<Out, (ModelResponse, bool)> {
        let cfg = &self.agent.config;
        let mut attempt = 1u32;
        loop {
            if let Err(b) = self.budget.check_time() {
                return fail(self.budget_error(b));
            }
            // Pinned here and lent to `within`: handed over by value, the request's future
            // (the journal's path, the span's and the model's) was copied twice on every model
            // call (callgrind: about 200 instructions).
            let asked = std::pin::pin!(self.ask_journaled(request, announce));
            let result = match self.budget.within(None, asked).await {
                Within::Done(Ok((r, replayed))) => r.map(|r| (r, replayed)),
                Within::Done(Err(e)) => return fail(e),
                Within::RunOut(b) => return fail(self.budget_error(b)),
                Within::TimedOut(after) => {
                    let b = self.budget.time_out(after);
                    return fail(self.budget_error(b));
                }
            };
            let error = match result {
                Ok(r) => return ControlFlow::Continue(r),
                Err(e) => e,
            };
            let decision = cfg
                .llm_error
                .as_ref()
                .map(|h| h(&error, attempt))
                .unwrap_or(LlmErrorDecision::Rethrow);
            let (max_attempts, initial_backoff) = match decision {
                LlmErrorDecision::Rethrow => return fail(error),
                LlmErrorDecision::RespondWith(out) => return ControlFlow::Break(Ok(out)),
                LlmErrorDecision::Retry {
                    max_attempts,
                    initial_backoff,
                } => (max_attempts, initial_backoff),
            };
            if attempt >= max_attempts {
                return fail(error);
            }
            let nominal = Backoff::doubling(initial_backoff, MAX_RETRY_WAIT, false).delay(attempt);
            let delay = error.retry_after().map_or(nominal, |ra| ra.max(nominal));
            if delay > MAX_RETRY_WAIT || !self.budget.fits(delay) {
                // The provider asks for a wait beyond the cap or beyond what is left of the
                // run: end now with its error (which says how long), not after sleeping.
                self.ctx.emit(Event::Warning {
                    agent: self.path.clone(),
                    message: format!(
                        "the model asks to wait {delay:?} before a retry, longer than the cap ({MAX_RETRY_WAIT:?}) or what the run has left; not retrying"
                    ),
                });
                return fail(error);
            }
            if cfg
                .settings
                .retry_budget
                .as_ref()
                .is_some_and(|b| !b.try_acquire())
            {
                return fail(error);
            }
            attempt += 1;
            self.ctx.emit(Event::LlmRetry {
                agent: self.path.clone(),
                attempt,
                delay,
                error: error.to_string(),
            });
            if delay > Duration::ZERO
                && let Err(e) = crate::journal::sleep(self.journal, delay).await
            {
                return fail(e);
            }
        }
    }

    /// [`ask`](Self::ask) through the run's journal, if any: a replayed call returns its
    /// recorded outcome without asking the model.
    async fn ask_journaled(
        &self,
        request: &ModelRequest,
        announce: bool,
    ) -> Result<(Result<ModelResponse, ModelError>, bool), JournalError> {
        if self.journal.is_none() {
            return Ok((self.ask_reported(request, announce).await, false));
        }
        let step = || Step {
            kind: StepKind::Model,
            name: "model".to_owned(),
            if_interrupted: None,
        };
        let work = async { ModelOutcome::from(self.ask_reported(request, announce).await) };
        // Boxed: the journaled step's state stays out of the turn's future (and off the stack of
        // a run without a journal, nested agents included).
        let recorded = Box::pin(journaled::<ModelOutcome, _>(self.journal, step, work));
        let (outcome, replayed) = recorded.await?;
        Ok((outcome.into(), replayed))
    }

    /// [`ask`](Self::ask), and with `announce` the response reported (`ModelResponded`) as
    /// soon as it arrives: in a durable run that is inside the journaled step, before the
    /// outcome is handed to the journal, so that a crash may repeat the report (in the instant
    /// before the hand-over) but never lose it.
    async fn ask_reported(
        &self,
        request: &ModelRequest,
        announce: bool,
    ) -> Result<ModelResponse, ModelError> {
        let streamed = self.tap.is_some();
        let span = crate::telemetry::chat_span(self.model.name(), request, streamed);
        // A span no subscriber wants does not wrap the request: entering and leaving it would
        // do nothing, and the wrapper cost copies of the request's future on every model call
        // (callgrind: about 200 instructions).
        let result = if span.is_disabled() {
            self.ask(request).await
        } else {
            tracing::Instrument::instrument(self.ask(request), span.clone()).await
        };
        crate::telemetry::record_chat(&span, &result);
        if let (true, Ok(response)) = (announce, &result) {
            self.ctx.emit_with(|| Event::ModelResponded {
                agent: self.path.clone(),
                turn: self.turn,
                tool_calls: response.tool_calls.len(),
                usage: response.usage,
                raw: response.raw.clone().or_else(|| response.text.clone()),
                calls: response.tool_calls.clone(),
            });
            if let Some(warning) = Event::usage_estimated(&self.path, response) {
                self.ctx.emit(warning);
            }
        }
        result
    }

    /// One request to the model: streamed when a consumer watches the run (its text arrives as
    /// [`Event::TextDelta`]s), else in one piece. Either way the loop reads the whole response.
    async fn ask(&self, request: &ModelRequest) -> Result<ModelResponse, ModelError> {
        if self.tap.is_none() {
            return self.model.complete(request).await;
        }
        let mut parts = self.model.stream(request);
        let mut partial = (!self.agent.config.answer.is_text).then(PartialAnswer::default);
        while let Some(part) = futures_util::StreamExt::next(&mut parts).await {
            match part? {
                StreamPart::TextDelta(text) => {
                    let grown = partial.as_mut().and_then(|p| p.grow(&text));
                    self.ctx.emit(Event::TextDelta {
                        agent: self.path.clone(),
                        turn: self.turn,
                        text,
                    });
                    if let Some(value) = grown {
                        self.ctx.emit(Event::PartialAnswer {
                            agent: self.path.clone(),
                            turn: self.turn,
                            value,
                        });
                    }
                    self.make_room().await;
                }
                StreamPart::Done(response) => return Ok(response),
                // Calls are read whole from `Done`, through the same repair path as ever.
                _ => {}
            }
        }
        Err(ModelError::new(
            ModelErrorKind::MalformedResponse,
            "the model's stream ended without a whole response",
        ))
    }
}

/// A typed answer read as it streams in: the text so far, and the last value it read as.
#[derive(Default)]
struct PartialAnswer {
    text: String,
    last: Option<serde_json::Value>,
}

impl PartialAnswer {
    /// Past this size the text is not read again on every delta (each read is linear in it).
    const MAX_READ: usize = 64 * 1024;

    /// Adds `delta`; the value the text now reads as, if it reads as a new one.
    fn grow(&mut self, delta: &str) -> Option<serde_json::Value> {
        self.text.push_str(delta);
        if self.text.len() > Self::MAX_READ || delta.trim().is_empty() {
            return None;
        }
        // Lenient repair closes what a truncated value leaves open; prose before the JSON is
        // skipped like in any answer.
        let value = crate::json::repair(&self.text).ok()?.value;
        if self.last.as_ref() == Some(&value) {
            return None;
        }
        self.last = Some(value.clone());
        Some(value)
    }
}
