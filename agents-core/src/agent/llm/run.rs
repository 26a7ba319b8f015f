//! The agent loop: ask the model, run its tool calls through the pipeline, repeat until it
//! answers, every step bounded.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use super::output::read_output;
use super::stream::Tap;
use super::{LlmAgent, Output};
use crate::AgentPath;
use crate::agent::RunContext;
use crate::agent::policy::{LlmErrorDecision, MAX_RETRY_WAIT};
use crate::agent::skill::{ESCALATE_TOOL, THROW_TOOL};
use crate::budget::{BudgetExceeded, BudgetKind, BudgetScope, Spent, Within};
use crate::conversation::Checkpoint;
use crate::error::{AgentError, FailureKind, FailureRecord};
use crate::event::Event;
use crate::journal::{Journal, JournalError, ModelOutcome, Step, StepKind, journaled};
use crate::model::{
    Message, Model, ModelError, ModelErrorKind, ModelRequest, ModelResponse, StreamPart,
    ToolResult, ToolSpec, Usage,
};
use crate::retry::Backoff;
use crate::similar::did_you_mean;

/// Runs `agent` on `input` as a child of `parent`.
pub(super) async fn run<In, Out>(
    agent: &LlmAgent<In, Out>,
    input: In,
    parent: &RunContext,
    skill: Option<&str>,
) -> Result<Out, AgentError>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    run_report(agent, Start::Input(input), parent, skill, Vec::new(), None)
        .await
        .output
}

/// How a run begins.
pub(super) enum Start<In> {
    /// With a new input, after the history.
    Input(In),
    /// Where a stored run stopped: the history is its transcript, and it had spent this much;
    /// `awaiting` calls were held for approval, `decisions` say what became of them.
    Resume {
        spent: Spent,
        elapsed: Duration,
        awaiting: HashSet<String>,
        decisions: crate::conversation::Decisions,
    },
}

/// Runs `agent` after `history` (a valid transcript, sent before the new user message; or, on
/// resume, the run's own transcript) and reports the output with the transcript (history
/// included) and what the run spent.
pub(super) async fn run_report<In, Out>(
    agent: &LlmAgent<In, Out>,
    start: Start<In>,
    parent: &RunContext,
    skill: Option<&str>,
    history: Vec<Message>,
    tap: Option<Arc<Tap>>,
) -> RunReport<Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    run_report_in(agent, start, parent, skill, history, tap, None).await
}

/// [`run_report`], its nondeterministic steps passing through `journal` when it has one.
pub(super) async fn run_report_in<'a, In, Out>(
    agent: &'a LlmAgent<In, Out>,
    mut start: Start<In>,
    parent: &RunContext,
    skill: Option<&str>,
    history: Vec<Message>,
    tap: Option<Arc<Tap>>,
    journal: Option<&'a dyn Journal>,
) -> RunReport<Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    let cfg = &agent.config;
    let with_tap;
    let subscribers = match &tap {
        Some(tap) => {
            with_tap = tap.subscribed(&cfg.subscribers);
            &with_tap[..]
        }
        None => &cfg.subscribers[..],
    };
    let entered = parent.enter(
        &cfg.name,
        cfg.budget.clone(),
        cfg.budget_handler.clone(),
        subscribers,
    );
    let ctx = match entered {
        Ok(ctx) => ctx,
        Err(b) => {
            emit_budget(parent, &b);
            let output = Err(b.into());
            return RunReport {
                output,
                transcript: history,
                turns: 0,
                usage: Usage::default(),
            };
        }
    };
    let path = ctx
        .path()
        .cloned()
        .unwrap_or_else(|| AgentPath::root(&cfg.name));
    let budget = ctx
        .budget()
        .cloned()
        .unwrap_or_else(|| BudgetScope::unlimited(path.clone()));
    let span = tracing::span!(
        target: "agents",
        tracing::Level::INFO,
        "invoke_agent",
        gen_ai.operation.name = "invoke_agent",
        gen_ai.agent.name = %path,
        gen_ai.request.model = %cfg.model.name(),
        agents.resumed = tracing::field::Empty,
    );
    let mut runner = Runner {
        agent,
        ctx,
        path,
        budget,
        transcript: history.clone(),
        omitted: HashSet::new(),
        model: cfg.model.clone(),
        tools: cfg.tools.clone(),
        tools_stale: false,
        skill: None,
        turn: 0,
        usage: Usage::default(),
        failures: Vec::new(),
        failed_rounds: 0,
        same_failure: HashMap::new(),
        identical: HashMap::new(),
        permanent_calls: HashSet::new(),
        failed_calls: HashMap::new(),
        // Ids already answered in the history stay taken: a provider that numbers its calls per
        // response (Gemini) would otherwise reuse one, and a result would answer two calls.
        call_ids: history_call_ids(&history),
        request: ModelRequest {
            messages: history,
            ..ModelRequest::default()
        },
        tool_ctx: RunContext::top(),
        request_skill: None,
        tap,
        held: Vec::new(),
        approved: HashSet::new(),
        awaiting: HashSet::new(),
        decisions: Default::default(),
        journal,
        progress: Default::default(),
    };
    runner.sync_tap();
    runner.tool_ctx = runner.ctx.without_repair();
    if let Start::Resume {
        spent,
        elapsed,
        awaiting,
        decisions,
    } = &mut start
    {
        runner.budget.restore(*spent, *elapsed);
        runner.turn = u32::try_from(spent.turns).unwrap_or(u32::MAX);
        runner.awaiting = std::mem::take(awaiting);
        runner.decisions = std::mem::take(decisions);
    }
    // A durable run's start is its first step: a process that reads it back picked up a
    // recorded run, whose start was reported by the process that recorded it.
    let clock = runner.carry_journaled_time().await;
    if runner.journal.is_some() {
        span.record("agents.resumed", crate::journal::replaying());
    }
    span.in_scope(|| {
        runner.ctx.emit(Event::RunStarted {
            agent: runner.path.clone(),
        })
    });
    let result = match clock {
        Ok(()) => tracing::Instrument::instrument(runner.run(start, skill), span.clone()).await,
        Err(e) => Err(e),
    };
    span.in_scope(|| {
        runner.ctx.emit(Event::RunFinished {
            agent: runner.path.clone(),
            turns: runner.turn,
            success: result.is_ok(),
            usage: runner.usage,
        })
    });
    if let Err(AgentError::AwaitingApproval(_)) = &result {
        // The report's transcript is valid like any other; the paused state keeps the held
        // calls open for the resume.
        crate::conversation::mend_with(&mut runner.transcript, super::approval::awaiting);
    }
    RunReport {
        output: result,
        transcript: runner.transcript,
        turns: runner.turn,
        usage: runner.usage,
    }
}

fn history_call_ids(history: &[Message]) -> HashSet<String> {
    history
        .iter()
        .flat_map(|m| match m {
            Message::Assistant { tool_calls, .. } => {
                tool_calls.iter().map(|c| c.id.clone()).collect()
            }
            _ => Vec::new(),
        })
        .collect()
}

/// The outcome of one run with what it said and spent.
#[derive(Debug)]
pub struct RunReport<Out> {
    /// The output, or why there is none.
    pub output: Result<Out, AgentError>,
    /// The whole conversation, valid whatever happened: every tool call is followed by exactly one
    /// result with its id (calls the run did not reach say "Not executed: …").
    pub transcript: Vec<Message>,
    /// Model turns taken.
    pub turns: u32,
    /// Usage the model reported.
    pub usage: Usage,
}

pub(super) fn emit_budget(ctx: &RunContext, b: &BudgetExceeded) {
    ctx.emit(Event::BudgetExceeded {
        agent: b.agent.clone(),
        kind: b.kind,
        limit: b.limit,
        used: b.used,
    });
}

/// The state of one run.
pub(super) struct Runner<'a, In, Out> {
    pub agent: &'a LlmAgent<In, Out>,
    pub ctx: RunContext,
    pub path: AgentPath,
    pub budget: Arc<BudgetScope>,
    /// Everything said, complete and valid (every call paired with its result).
    pub transcript: Vec<Message>,
    /// Calls left out of what the model sees (the `Omit` policy).
    pub omitted: HashSet<String>,
    pub model: Arc<dyn Model>,
    /// The tools this turn: the agent's own, and its sources' as listed before the turn.
    pub tools: Arc<super::toolbox::Toolbox>,
    /// A call found its tool gone: list every source again before the next turn.
    pub tools_stale: bool,
    pub skill: Option<usize>,
    pub turn: u32,
    pub usage: Usage,
    pub failures: Vec<FailureRecord>,
    pub failed_rounds: u32,
    pub same_failure: HashMap<(String, FailureKind), u32>,
    /// Per call (tool and canonical arguments): a hash of the last result and how many times in
    /// a row the call gave it (the no-progress guard, `max_identical_calls`). A hash, not a copy:
    /// results can be large, and this runs for every call.
    pub identical: HashMap<CallKey, (u64, u64)>,
    /// Calls that failed permanently and were fed back once: the same call again ends the run.
    pub permanent_calls: HashSet<CallKey>,
    /// How many times each call (tool and canonical arguments) failed: the second time changes
    /// the sampling (see `repeat.rs`).
    pub failed_calls: HashMap<CallKey, u32>,
    /// Every call id recorded in this run (ids are made unique before a call is recorded).
    pub call_ids: HashSet<String>,
    /// The next request, kept between turns: messages are appended as they are said, the frame
    /// (system prompt, tools) is rebuilt only when the skill changes.
    pub request: ModelRequest,
    /// The skill the request's frame was built for (`None` before the first build).
    pub request_skill: Option<Option<usize>>,
    /// The context this agent's tools and their fixers run in (without this run's own repair
    /// request, if it is a fixer).
    pub tool_ctx: RunContext,
    /// The consumer of a streamed run: its event buffer and the transcript so far.
    pub tap: Option<Arc<Tap>>,
    /// Calls of this round held for approval.
    pub held: Vec<crate::conversation::PendingCall>,
    /// Calls a person approved: they run without asking again.
    pub approved: HashSet<String>,
    /// Calls a resumed run found held for approval (they did not run).
    pub awaiting: HashSet<String>,
    /// What a person decided about them.
    pub decisions: crate::conversation::Decisions,
    /// Where the run's nondeterministic steps are recorded, when it is durable (`None`: they
    /// run in place).
    pub journal: Option<&'a dyn Journal>,
    /// What the run has done that its next turns depend on (see `once.rs`).
    pub progress: super::once::Progress,
}

/// How a step of the loop ends the run early.
pub(super) enum Flow<Out> {
    Done(Result<Out, AgentError>),
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    pub fn budget_error(&self, b: BudgetExceeded) -> AgentError {
        emit_budget(&self.ctx, &b);
        AgentError::Budget(b)
    }

    /// A durable run counts the time since it first started against its duration budget: the
    /// start is a journaled clock read, so a run replayed after a crash carries the time it ran
    /// before (and the time it was down).
    async fn carry_journaled_time(&mut self) -> Result<(), AgentError> {
        if self.journal.is_none() {
            return Ok(());
        }
        let step = || Step {
            kind: StepKind::Clock,
            name: "clock".to_owned(),
            if_interrupted: None,
        };
        let work = async { super::approval::now_ms() };
        let (started_ms, _) = journaled::<u64, _>(self.journal, step, work).await?;
        let now_ms = super::approval::now_ms();
        let before = self.budget.elapsed();
        let down = Duration::from_millis(now_ms.saturating_sub(started_ms));
        self.budget
            .restore(self.budget.spent(), before.saturating_add(down));
        Ok(())
    }

    async fn run(&mut self, start: Start<In>, skill: Option<&str>) -> Result<Out, AgentError> {
        let cfg = &self.agent.config;
        let input = match start {
            Start::Input(input) => input,
            Start::Resume { .. } => {
                if skill.is_some() {
                    self.skill = self.choose_skill(skill, "").await?;
                }
                if let Err(Flow::Done(result)) = self.pick_up().await {
                    return result;
                }
                return self.converse().await;
            }
        };
        let input_text = match self.ctx.repair_request() {
            Some(req) => req.render(),
            None => render_input(&input),
        };
        self.skill = self.choose_skill(skill, &input_text).await?;
        if let Some(f) = self
            .skill
            .and_then(|i| cfg.skills[i].implemented_by.clone())
        {
            return f(input, self.ctx.clone())
                .await
                .map_err(|e| e.attributed_to(&self.path));
        }
        self.say(Message::user(input_text));
        self.converse().await
    }

    /// The loop: model turns and rounds of tool calls until an answer or a stop.
    async fn converse(&mut self) -> Result<Out, AgentError> {
        let cfg = &self.agent.config;
        let mut output_attempts = 0;
        loop {
            let response = match self.model_turn().await {
                Ok(r) => r,
                Err(Flow::Done(result)) => return result,
            };
            self.make_room().await;
            let response = self.final_answer(response);
            if response.tool_calls.is_empty() {
                let text = response.text.unwrap_or_default();
                match read_output::<Out>(&text, cfg.output_is_text) {
                    Ok(out) => {
                        self.say(Message::assistant(text));
                        return Ok(out);
                    }
                    Err(message) if output_attempts < cfg.output_retries => {
                        output_attempts += 1;
                        self.say(Message::assistant(text));
                        self.say(Message::user(format!(
                            "Your answer could not be read: {message}. Answer again with only a JSON value matching this schema: {}",
                            cfg.output_schema
                        )));
                    }
                    Err(message) => {
                        return Err(AgentError::Output {
                            target: std::any::type_name::<Out>().to_owned(),
                            message,
                            raw: text,
                        });
                    }
                }
                continue;
            }
            if let Err(Flow::Done(result)) = self.round(response).await {
                return result;
            }
        }
    }

    /// One model call, under the turn, time and token budgets and the `on_llm_error` policy.
    async fn model_turn(&mut self) -> Result<ModelResponse, Flow<Out>> {
        self.budget
            .charge_turn()
            .map_err(|b| Flow::Done(Err(self.budget_error(b))))?;
        self.turn += 1;
        self.refresh_tools().await;
        self.refresh_frame();
        self.shape_turn();
        self.check_prevention().map_err(|e| Flow::Done(Err(e)))?;
        let (response, replayed) = self.call_model(&self.request).await?;
        self.usage += response.usage;
        // A replayed response was announced by the process that received it.
        if !replayed {
            self.ctx.emit_with(|| Event::ModelResponded {
                agent: self.path.clone(),
                turn: self.turn,
                tool_calls: response.tool_calls.len(),
                usage: response.usage,
                raw: response.raw.clone().or_else(|| response.text.clone()),
                calls: response.tool_calls.clone(),
            });
        }
        self.budget
            .charge_tokens(response.usage.total())
            .map_err(|b| Flow::Done(Err(self.budget_error(b))))?;
        Ok(response)
    }

    /// The model's response to `request`, and whether it was replayed from the run's journal.
    async fn call_model(&self, request: &ModelRequest) -> Result<(ModelResponse, bool), Flow<Out>> {
        let cfg = &self.agent.config;
        let mut attempt = 1u32;
        loop {
            self.budget
                .check_time()
                .map_err(|b| Flow::Done(Err(self.budget_error(b))))?;
            let result = match self.budget.within(None, self.ask_journaled(request)).await {
                Within::Done(Ok((r, replayed))) => r.map(|r| (r, replayed)),
                Within::Done(Err(e)) => return Err(Flow::Done(Err(e.into()))),
                Within::RunOut(b) => return Err(Flow::Done(Err(self.budget_error(b)))),
                Within::TimedOut(after) => {
                    let b = self.budget.time_out(after);
                    return Err(Flow::Done(Err(self.budget_error(b))));
                }
            };
            let error = match result {
                Ok(r) => return Ok(r),
                Err(e) => e,
            };
            let decision = cfg
                .llm_error
                .as_ref()
                .map(|h| h(&error, attempt))
                .unwrap_or(LlmErrorDecision::Rethrow);
            match decision {
                LlmErrorDecision::Rethrow => return Err(Flow::Done(Err(AgentError::Model(error)))),
                LlmErrorDecision::RespondWith(out) => return Err(Flow::Done(Ok(out))),
                LlmErrorDecision::Retry {
                    max_attempts,
                    initial_backoff,
                } => {
                    if attempt >= max_attempts {
                        return Err(Flow::Done(Err(AgentError::Model(error))));
                    }
                    let nominal =
                        Backoff::doubling(initial_backoff, MAX_RETRY_WAIT, false).delay(attempt);
                    let delay = error.retry_after().map_or(nominal, |ra| ra.max(nominal));
                    if delay > MAX_RETRY_WAIT || !self.budget.fits(delay) {
                        // The provider asks for a wait beyond the cap or beyond what is left of
                        // the run: end now with its error (which says how long), not after
                        // sleeping.
                        self.ctx.emit(Event::Warning {
                            agent: self.path.clone(),
                            message: format!(
                                "the model asks to wait {delay:?} before a retry, longer than the cap ({MAX_RETRY_WAIT:?}) or what the run has left; not retrying"
                            ),
                        });
                        return Err(Flow::Done(Err(AgentError::Model(error))));
                    }
                    if cfg.retry_budget.as_ref().is_some_and(|b| !b.try_acquire()) {
                        return Err(Flow::Done(Err(AgentError::Model(error))));
                    }
                    attempt += 1;
                    self.ctx.emit(Event::LlmRetry {
                        agent: self.path.clone(),
                        attempt,
                        delay,
                        error: error.to_string(),
                    });
                    if delay > Duration::ZERO {
                        crate::journal::sleep(self.journal, delay)
                            .await
                            .map_err(|e| Flow::Done(Err(e.into())))?;
                    }
                }
            }
        }
    }

    /// Whether the built-in `escalate` / `throw_exception` tools are shown this turn.
    pub fn builtins_enabled(&self, builtin: &str) -> bool {
        let cfg = &self.agent.config;
        cfg.builtins
            || self.ctx.repair_request().is_some()
            || self
                .skill
                .is_some_and(|i| cfg.skills[i].names_builtin(builtin))
    }

    /// The tools the model may call this turn (the current skill's, plus enabled built-ins).
    pub fn allowed_tools(&self) -> Vec<&ToolSpec> {
        let cfg = &self.agent.config;
        self.tools
            .entries
            .iter()
            .map(|t| t.tool.spec())
            .filter(|s| self.skill.is_none_or(|i| cfg.skills[i].allows(&s.name)))
            .chain(
                BUILTIN_SPECS
                    .iter()
                    .filter(|s| self.builtins_enabled(&s.name)),
            )
            .collect()
    }

    /// Appends a message to the transcript and to the next request, and hands the run's state
    /// to the checkpoint hook, if any.
    pub fn say(&mut self, message: Message) {
        self.request.messages.push(message.clone());
        if let Some(tap) = &self.tap {
            tap.said(&message);
        }
        self.transcript.push(message);
        if let Some(hook) = &self.agent.config.on_checkpoint
            && !self.ctx.is_replaying()
        {
            hook(&self.checkpoint());
        }
    }

    /// Gives a streamed run's consumer the whole transcript (at the start, and after a resumed
    /// transcript was mended).
    pub(super) fn sync_tap(&self) {
        if let Some(tap) = &self.tap {
            tap.replace_transcript(&self.transcript);
        }
    }

    /// In a streamed run, waits until the consumer has taken every event so far: a slow
    /// consumer holds the run at the next step instead of letting events pile up.
    pub(super) async fn make_room(&self) {
        if let Some(tap) = &self.tap {
            tap.drained().await;
        }
    }

    /// [`ask`](Self::ask) through the run's journal, if any: a replayed call returns its
    /// recorded outcome without asking the model.
    async fn ask_journaled(
        &self,
        request: &ModelRequest,
    ) -> Result<(Result<ModelResponse, ModelError>, bool), JournalError> {
        if self.journal.is_none() {
            return Ok((self.ask(request).await, false));
        }
        let step = || Step {
            kind: StepKind::Model,
            name: "model".to_owned(),
            if_interrupted: None,
        };
        let work = async { ModelOutcome::from(self.ask(request).await) };
        let (outcome, replayed) = journaled::<ModelOutcome, _>(self.journal, step, work).await?;
        Ok((outcome.into(), replayed))
    }

    /// One request to the model: streamed when a consumer watches the run (its text arrives as
    /// [`Event::TextDelta`]s), else in one piece. Either way the loop reads the whole response.
    async fn ask(&self, request: &ModelRequest) -> Result<ModelResponse, ModelError> {
        if self.tap.is_none() {
            return self.model.complete(request).await;
        }
        let mut parts = self.model.stream(request);
        while let Some(part) = futures_util::StreamExt::next(&mut parts).await {
            match part? {
                StreamPart::TextDelta(text) => {
                    self.ctx.emit(Event::TextDelta {
                        agent: self.path.clone(),
                        turn: self.turn,
                        text,
                    });
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

    /// The run's state now.
    pub(super) fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            messages: self.transcript.clone(),
            spent: self.budget.spent(),
            elapsed: self.budget.elapsed(),
            skill: self.skill.map(|i| self.agent.config.skills[i].name.clone()),
            awaiting: self
                .held
                .iter()
                .map(|p| p.call_id.clone())
                .chain(self.awaiting.iter().cloned())
                .collect(),
            decisions: self.decisions.clone(),
            paused_at_ms: None,
        }
    }

    /// Rebuilds the next request's messages from the transcript (after calls were omitted).
    pub fn resync_messages(&mut self) {
        self.request.messages = self.visible_messages();
    }

    /// Lists the agent's tool sources again where they changed (every one after a call found
    /// its tool gone); a new set rebuilds the request's frame.
    pub(super) async fn refresh_tools(&mut self) {
        let cfg = &self.agent.config;
        if cfg.sources.is_empty() {
            return;
        }
        let levels = super::toolbox::HandlerLevels {
            defaults: &cfg.defaults,
            per_tool: &cfg.per_tool,
            strict: cfg.strict,
            ask_values: cfg.recovery.ask_values,
        };
        let force = std::mem::take(&mut self.tools_stale);
        let tools = cfg
            .sources
            .refreshed(&cfg.tools, &levels, force, &self.ctx, &self.path)
            .await;
        if !Arc::ptr_eq(&tools, &self.tools) {
            self.tools = tools;
            self.request_skill = None;
        }
    }

    /// Rebuilds the request's system prompt and tool list when the skill or the tool set
    /// changed (or at first).
    pub(super) fn refresh_frame(&mut self) {
        if self.request_skill == Some(self.skill) {
            return;
        }
        let cfg = &self.agent.config;
        let mut parts: Vec<&str> = Vec::new();
        if !cfg.prompt.is_empty() {
            parts.push(&cfg.prompt);
        }
        if let Some(p) = self.skill.and_then(|i| cfg.skills[i].prompt.as_deref()) {
            parts.push(p);
        }
        let instruction;
        if !cfg.output_is_text {
            instruction = format!(
                "When you give your final answer, answer with only a JSON value matching this schema: {}",
                cfg.output_schema
            );
            parts.push(&instruction);
        }
        let system = parts.join("\n\n");
        let tools = self.allowed_tools().into_iter().cloned().collect();
        self.request.system = (!system.is_empty()).then_some(system);
        self.request.tools = tools;
        self.request.sampling = cfg.sampling.clone();
        self.request.strict = cfg.strict;
        self.request_skill = Some(self.skill);
        self.prevent();
    }

    /// The transcript as the model sees it: omitted calls and their results left out.
    fn visible_messages(&self) -> Vec<Message> {
        if self.omitted.is_empty() {
            return self.transcript.clone();
        }
        self.transcript
            .iter()
            .filter_map(|m| match m {
                Message::Assistant {
                    content,
                    tool_calls,
                } => {
                    let calls: Vec<_> = tool_calls
                        .iter()
                        .filter(|c| !self.omitted.contains(&c.id))
                        .cloned()
                        .collect();
                    (content.is_some() || !calls.is_empty()).then(|| Message::Assistant {
                        content: content.clone(),
                        tool_calls: calls,
                    })
                }
                Message::Tool(r) if self.omitted.contains(&r.call_id) => None,
                other => Some(other.clone()),
            })
            .collect()
    }

    async fn choose_skill(
        &mut self,
        requested: Option<&str>,
        input: &str,
    ) -> Result<Option<usize>, AgentError> {
        let skills = &self.agent.config.skills;
        if let Some(name) = requested {
            return skills
                .iter()
                .position(|s| s.name == name)
                .map(Some)
                .ok_or_else(|| {
                    let hint = did_you_mean(name, skills.iter().map(|s| s.name.as_str()));
                    AgentError::Config(format!(
                        "agent `{}` has no skill `{name}`{hint}",
                        self.agent.config.name
                    ))
                });
        }
        match skills.len() {
            0 => Ok(None),
            1 => Ok(Some(0)),
            _ => {
                let list: String = skills
                    .iter()
                    .map(|s| format!("- {}: {}\n", s.name, s.description))
                    .collect();
                let request = ModelRequest {
                    system: Some(format!(
                        "Choose the skill that fits the request. Skills:\n{list}Answer with the skill name only."
                    )),
                    messages: vec![Message::user(input)],
                    tools: Vec::new(),
                    sampling: self.agent.config.sampling.clone(),
                    strict: self.agent.config.strict,
                    constraint: None,
                    value_question: None,
                };
                self.budget
                    .charge_turn()
                    .map_err(|b| self.budget_error(b))?;
                self.turn += 1;
                let answer = match self.call_model(&request).await {
                    Ok((r, _replayed)) => r,
                    Err(Flow::Done(Err(e))) => return Err(e),
                    // A fallback output from on_llm_error cannot choose a skill: use the first.
                    Err(Flow::Done(Ok(_))) => return Ok(Some(0)),
                };
                self.usage += answer.usage;
                let text = answer.text.unwrap_or_default();
                let chosen =
                    crate::closest_name(text.trim(), skills.iter().map(|s| s.name.as_str()))
                        .and_then(|n| skills.iter().position(|s| s.name == n));
                if chosen.is_none() {
                    self.ctx.emit(Event::Warning {
                        agent: self.path.clone(),
                        message: format!(
                            "the model chose no known skill ({text:?}); using `{}`",
                            skills[0].name
                        ),
                    });
                }
                Ok(Some(chosen.unwrap_or(0)))
            }
        }
    }

    /// Records a failed call for the loop guards; returns the guard that fires, if any.
    pub fn record_failure(
        &mut self,
        call_id: &str,
        tool: &str,
        kind: FailureKind,
        detail: String,
    ) -> Option<u32> {
        self.failures.push(FailureRecord {
            turn: self.turn,
            call_id: call_id.to_owned(),
            tool: tool.to_owned(),
            kind,
            detail,
        });
        let n = self
            .same_failure
            .entry((tool.to_owned(), kind))
            .or_insert(0);
        *n += 1;
        (*n >= self.agent.config.max_same_failure).then_some(*n)
    }

    /// A call as the loop guards compare it: the tool and its arguments in canonical form
    /// (parsed leniently and written back compactly, so whitespace and key order do not matter;
    /// text nothing can be read from is compared trimmed).
    pub fn call_key(name: &str, args: &str) -> CallKey {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        name.hash(&mut hasher);
        // Strict JSON first (what models send nearly always, and cheap); lenient repair for the
        // rest; the trimmed text when nothing can be read.
        match serde_json::from_str::<Value>(args) {
            Ok(value) => super::call_key::hash_value(&value, &mut hasher),
            Err(_) => match crate::json::repair(args) {
                Ok(r) => super::call_key::hash_value(&r.value, &mut hasher),
                Err(_) => args.trim().hash(&mut hasher),
            },
        }
        hasher.finish()
    }

    /// The no-progress guard: a call that gives the same result as the last time it was made
    /// (same tool, same canonical arguments) counts as one more identical call; a different
    /// result (a polling tool whose answer changes) starts the count again. More than
    /// `max_identical_calls` in a row ends the run.
    pub fn no_progress(&mut self, key: CallKey, result: &ToolResult) -> Result<(), BudgetExceeded> {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        (result.is_error, &result.content).hash(&mut hasher);
        let fingerprint = hasher.finish();
        let entry = self.identical.entry(key).or_insert((fingerprint, 0));
        if entry.0 == fingerprint {
            entry.1 += 1;
        } else {
            *entry = (fingerprint, 1);
        }
        self.budget.check(BudgetKind::IdenticalCalls, entry.1)
    }
}

/// A call as the loop guards see it: a hash of the tool and its canonical arguments.
pub(super) type CallKey = u64;

/// The built-in tools' specs.
static BUILTIN_SPECS: std::sync::LazyLock<[ToolSpec; 2]> = std::sync::LazyLock::new(|| {
    [
        ToolSpec {
            name: ESCALATE_TOOL.to_owned(),
            description: "Give up on this task softly and hand it to the agent above you, saying why (include corrected data if you have it)."
                .to_owned(),
            parameters: serde_json::json!({
                "type": "object",
                "properties": {
                    "reason": {"type": "string", "description": "Why you cannot finish, and what you suggest."},
                    "severity": {"type": "string", "enum": ["LOW", "MEDIUM", "HIGH", "CRITICAL"]}
                },
                "required": ["reason"]
            }),
        },
        ToolSpec {
            name: THROW_TOOL.to_owned(),
            description: "Stop the whole run at once because continuing is unsafe or pointless (bad credentials, corrupted data)."
                .to_owned(),
            parameters: serde_json::json!({
                "type": "object",
                "properties": {"reason": {"type": "string"}},
                "required": ["reason"]
            }),
        },
    ]
});

/// The input as the first user message: a string as it is, anything else as JSON.
fn render_input<In: serde::Serialize>(input: &In) -> String {
    match serde_json::to_value(input) {
        Ok(Value::String(s)) => s,
        Ok(v) => v.to_string(),
        Err(e) => format!("(input could not be serialised: {e})"),
    }
}
