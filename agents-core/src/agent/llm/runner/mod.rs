//! One run of an agent: the loop that asks the model, runs its tool calls, and repeats until it
//! answers, every step bounded.
//!
//! The runner's state is grouped by the child module that owns it: the model turn
//! ([`turn`]), what was said ([`transcript`]), the request's system prompt and tools
//! ([`frame`]), skills ([`skill`]), the loop guards ([`guards`], [`repeat`]), prevention mode
//! ([`prevention`]) and the round of tool calls ([`round`], with approval, parallel calls, resume
//! and invented names below it).

mod answer;
mod ask_reused;
mod frame;
mod guards;
mod once;
mod prevention;
mod repeats;
mod rest_of_list;
mod round;
mod set_right;
mod skill;
mod transcript;
mod turn;

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use super::{
    Checked, HandlerLevels, LlmAgent, Output, Rejection, RunReport, Tap, now_ms,
    read_output_repaired,
};
use crate::agent::AgentPath;
use crate::agent::RunContext;
use crate::budget::{BudgetExceeded, BudgetScope, Spent};
use crate::error::AgentError;
use crate::event::Event;
use crate::journal::{Journal, Step, StepKind, journaled};
use crate::model::{Message, Model, Usage};
use crate::run::MissingDeps;

use frame::Frame;
use guards::Guards;
use round::Approvals;

pub(super) use guards::CallKey;

/// How a step of the loop goes on, or ends the run with its result.
type Flow<Out, T = ()> = ControlFlow<Result<Out, AgentError>, T>;

/// Ends the run with `error`.
fn fail<Out, T>(error: impl Into<AgentError>) -> Flow<Out, T> {
    ControlFlow::Break(Err(error.into()))
}

/// How a run begins.
pub(crate) enum Start<In> {
    /// With a new input, after the history.
    Input(In),
    /// Where a stored run stopped: the history is its transcript, and it had spent this much;
    /// `awaiting` calls were held for approval, `decisions` say what became of them; `skill` is
    /// the skill it ran.
    Resume {
        spent: Spent,
        elapsed: Duration,
        awaiting: HashSet<String>,
        decisions: crate::conversation::Decisions,
        skill: Option<String>,
    },
}

/// Runs `agent` as a child of `parent` after `history` (a valid transcript, sent before the new
/// user message; or, on resume, the run's own transcript), its nondeterministic steps through
/// `journal` when it has one, and reports the outcome with the transcript (history included)
/// and what the run spent.
pub(crate) async fn start_run<'a, In, Out>(
    agent: &'a LlmAgent<In, Out>,
    start: Start<In>,
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
    let cfg = &agent.config.settings;
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
        Ok(ctx) => ctx.with_agent_deps(&cfg.deps),
        Err(b) => {
            emit_budget(parent, &b);
            return RunReport::new(Err(b.into()), history, 0, Usage::default());
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
    let span = crate::telemetry::agent_span(&path, cfg.model.name());
    let tool_ctx = ctx.without_repair();
    let mut runner = Runner {
        agent,
        path,
        budget,
        model: cfg.model.clone(),
        turn: 0,
        usage: Usage::default(),
        // Ids already answered in the history stay taken: a provider that numbers its calls per
        // response (Gemini) would otherwise reuse one, and a result would answer two calls.
        call_ids: transcript::call_ids(&history),
        frame: Frame::new(cfg.tools.clone(), history),
        transcript_apart: None,
        omitted: HashSet::new(),
        guards: Guards::default(),
        approvals: Approvals::default(),
        ctx,
        tool_ctx,
        tap,
        journal,
        progress: Default::default(),
    };
    runner.sync_tap();
    let mut skill = skill.map(str::to_owned);
    let start = match start {
        Start::Resume {
            spent,
            elapsed,
            awaiting,
            decisions,
            skill: resumed,
        } => {
            runner.budget.restore(spent, elapsed);
            runner.turn = u32::try_from(spent.turns).unwrap_or(u32::MAX);
            runner.approvals.resumed(awaiting, decisions);
            skill = skill.or(resumed);
            None
        }
        Start::Input(input) => Some(input),
    };
    // A durable run's start is its first step, and the step reports it (`RunStarted`, inside
    // the step, before its outcome is handed to the journal): a process that reads the step
    // back picked up a recorded run whose start was reported by the process that recorded it.
    let clock = match runner.journal {
        None => {
            span.in_scope(|| {
                runner.ctx.emit(Event::RunStarted {
                    agent: runner.path.clone(),
                })
            });
            Ok(())
        }
        Some(_) => {
            // Boxed: a run without a journal does not carry this step's state in its future.
            let clock = Box::pin(runner.carry_journaled_time(&span)).await;
            span.record("agents.resumed", crate::journal::replaying());
            clock
        }
    };
    let result = match clock {
        Ok(()) => {
            let run = runner.run(start, skill.as_deref());
            tracing::Instrument::instrument(run, span.clone()).await
        }
        Err(e) => Err(e),
    };
    crate::telemetry::record_run(&span, &result);
    let finished = Event::RunFinished {
        agent: runner.path.clone(),
        turns: runner.turn,
        success: result.is_ok(),
        usage: runner.usage,
    };
    match runner.journal {
        None => span.in_scope(|| runner.ctx.emit(finished)),
        // Boxed, like the start: a run without a journal does not carry this step's state.
        Some(journal) => {
            Box::pin(report_journaled_end(journal, &runner.ctx, &span, finished)).await
        }
    }
    if let Err(AgentError::AwaitingApproval(_)) = &result {
        // The report's transcript is valid like any other; the paused state keeps the held
        // calls open for the resume.
        crate::conversation::mend_with(runner.transcript_mut(), round::awaiting);
    }
    let (turn, usage) = (runner.turn, runner.usage);
    RunReport::new(result, runner.into_transcript(), turn, usage)
}

/// A durable run's end is its last step, and the step reports it (`RunFinished`, inside the
/// step, before its outcome is handed to the journal), as the first step reports the start: a
/// process that replays a finished run whose result was not stored yet (the one before died
/// after its end, or the engine ended that attempt) reads the end back and reports nothing,
/// and a crash can repeat the end (in the instant between the report and the hand-over) but
/// never lose it. When the journal cannot take the step (the run was cancelled, the journal
/// failed), the end is reported all the same.
async fn report_journaled_end(
    journal: &dyn Journal,
    ctx: &RunContext,
    span: &tracing::Span,
    finished: Event,
) {
    let step = || Step {
        kind: StepKind::End,
        name: "run end".to_owned(),
        if_interrupted: None,
    };
    let unreported = std::sync::Mutex::new(Some(finished));
    let report = || {
        let taken = unreported.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(event) = taken {
            span.in_scope(|| ctx.emit(event));
        }
    };
    let work = async { report() };
    if journaled::<(), _>(Some(journal), step, work).await.is_err() {
        crate::journal::replay::ending();
        report();
    }
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
    /// The model this run asks (an escalation may switch it).
    pub model: Arc<dyn Model>,
    pub turn: u32,
    pub usage: Usage,
    /// Everything said, complete and valid (every call paired with its result), kept apart
    /// from the next request's messages only once calls were omitted from what the model sees:
    /// until then the request's messages are the transcript (one list, not a copy of every
    /// message said; see [`transcript`](Self::transcript)).
    transcript_apart: Option<Vec<Message>>,
    /// Calls left out of what the model sees (the `Omit` policy).
    pub omitted: HashSet<String>,
    /// Every call id recorded in this run (ids are made unique before a call is recorded).
    pub call_ids: HashSet<String>,
    /// The next request, its system prompt and tools, and the skill they were built for.
    pub frame: Frame,
    /// The loop guards' memory of failed and repeated calls.
    pub guards: Guards,
    /// Calls held for a person's approval, and the decisions about them.
    pub approvals: Approvals,
    /// The context this agent's tools and their fixers run in (without this run's own repair
    /// request, if it is a fixer).
    pub tool_ctx: RunContext,
    /// The consumer of a streamed run: its event buffer and the transcript so far.
    pub tap: Option<Arc<Tap>>,
    /// Where the run's nondeterministic steps are recorded, when it is durable (`None`: they
    /// run in place).
    pub journal: Option<&'a dyn Journal>,
    /// What the run has done that its next turns depend on (see `once.rs`).
    pub progress: once::Progress,
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
    ///
    /// The step reports the run's start (`RunStarted`) when it runs, before its outcome is
    /// handed to the journal: a crash can then repeat the report (in the instant between the
    /// report and the hand-over) but never lose it, and a process that reads the step back
    /// does not report it again.
    async fn carry_journaled_time(&mut self, span: &tracing::Span) -> Result<(), AgentError> {
        let step = || Step {
            kind: StepKind::Clock,
            name: "clock".to_owned(),
            if_interrupted: None,
        };
        let (ctx, path) = (&self.ctx, &self.path);
        let work = async move {
            let now = now_ms();
            span.in_scope(|| {
                ctx.emit(Event::RunStarted {
                    agent: path.clone(),
                })
            });
            now
        };
        let (started_ms, _) = journaled::<u64, _>(self.journal, step, work).await?;
        let before = self.budget.elapsed();
        let down = Duration::from_millis(now_ms().saturating_sub(started_ms));
        self.budget
            .restore(self.budget.spent(), before.saturating_add(down));
        Ok(())
    }

    /// The run from its start: a new input (`Some`) is said after the history; a resumed run
    /// (`None`) picks up where its transcript stopped.
    async fn run(&mut self, input: Option<In>, skill: Option<&str>) -> Result<Out, AgentError> {
        self.check_deps()?;
        let Some(input) = input else {
            if skill.is_some() {
                let chosen = self.choose_skill(skill, "").await?;
                self.frame.set_skill(chosen);
            }
            if let ControlFlow::Break(result) = self.pick_up().await {
                return result;
            }
            return self.converse().await;
        };
        self.check_input(&input)?;
        let input_text = match self.ctx.repair_request() {
            Some(req) => req.render(),
            None => render_input(&input),
        };
        let chosen = self.choose_skill(skill, &input_text).await?;
        self.frame.set_skill(chosen);
        let skills = &self.agent.config.skills;
        if let Some(f) = chosen.and_then(|i| skills[i].implemented_by.clone()) {
            return f(input, self.ctx.clone())
                .await
                .map_err(|e| e.attributed_to(&self.path));
        }
        self.say(Message::user(input_text));
        self.converse().await
    }

    /// A run whose tools need a dependency it was not given stops here, before the model is
    /// asked.
    fn check_deps(&self) -> Result<(), MissingDeps> {
        let deps = self.ctx.deps();
        for entry in &self.frame.tools.entries {
            if let Some(needed) = entry.tool.deps_type()
                && !deps.has(needed)
            {
                return Err(MissingDeps {
                    agent: self.path.clone(),
                    tool: entry.tool.spec().name.clone(),
                    needed,
                });
            }
        }
        Ok(())
    }

    /// The loop: model turns and rounds of tool calls until an answer or a stop.
    async fn converse(&mut self) -> Result<Out, AgentError> {
        let cfg = &self.agent.config;
        // Answers sent back, unreadable or refused by a validator: `output_retries` in all.
        let mut sent_back = 0;
        loop {
            let response = match self.model_turn().await {
                ControlFlow::Continue(r) => r,
                ControlFlow::Break(result) => return result,
            };
            self.make_room().await;
            self.note_cut_off(&response);
            let response = self.final_answer(self.set_right(self.cut_repeats(response)));
            let response = match self.ask_reused(response).await {
                ControlFlow::Continue(response) => response,
                ControlFlow::Break(e) => return Err(e),
            };
            if !response.tool_calls.is_empty() {
                if let ControlFlow::Break(result) = self.round(response).await {
                    return result;
                }
                continue;
            }
            let text = response.text.unwrap_or_default();
            let retries_left = sent_back < cfg.settings.output_retries;
            let (text, read) = match self.read_answer(text).await {
                Ok(read) => read,
                Err(e) => return Err(e),
            };
            let why = match read {
                Ok(out) => match self.check_answer(&out, retries_left, sent_back) {
                    Ok(()) => {
                        self.say(Message::assistant(text));
                        return Ok(out);
                    }
                    Err(ControlFlow::Break(e)) => {
                        self.say(Message::assistant(text));
                        return Err(e);
                    }
                    Err(ControlFlow::Continue(reason)) => {
                        format!("Your answer was not accepted: {reason}. Answer again.")
                    }
                },
                Err(message) if retries_left => format!(
                    "Your answer could not be read: {message}. Answer again with only a JSON value matching this schema: {}",
                    cfg.answer.schema
                ),
                Err(message) => {
                    return Err(AgentError::Output {
                        target: std::any::type_name::<Out>().to_owned(),
                        message,
                        raw: text,
                    });
                }
            };
            sent_back += 1;
            self.say(Message::assistant(text));
            self.say(Message::user(why));
        }
    }

    /// The input guardrails: the first refusal ends the run before the model is asked.
    fn check_input(&self, input: &In) -> Result<(), AgentError> {
        for guardrail in &self.agent.config.input_guardrails {
            if let Err(rejection) = guardrail(input, &self.ctx) {
                return Err(self.rejected(Checked::Input, rejection, false, 0));
            }
        }
        Ok(())
    }

    /// The output validators on a readable answer: `Ok` accepts it; `Continue(reason)` sends
    /// the model back; `Break` ends the run (a validator said stop, or no retry is left).
    fn check_answer(
        &self,
        out: &Out,
        retries_left: bool,
        sent_back: u32,
    ) -> Result<(), ControlFlow<AgentError, String>> {
        for validator in &self.agent.config.output_validators {
            let Err(rejection) = validator(out, &self.ctx) else {
                continue;
            };
            let retrying = rejection.retries() && retries_left;
            let reason = rejection.reason().to_owned();
            let error = self.rejected(Checked::Answer, rejection, retrying, sent_back + 1);
            return Err(match retrying {
                true => ControlFlow::Continue(reason),
                false => ControlFlow::Break(error),
            });
        }
        Ok(())
    }

    /// Reports a rejection, and the error that ends the run if it does.
    fn rejected(
        &self,
        checked: Checked,
        rejection: Rejection,
        retrying: bool,
        attempts: u32,
    ) -> AgentError {
        self.ctx.emit(Event::Rejected {
            agent: self.path.clone(),
            checked,
            reason: rejection.reason().to_owned(),
            retrying,
        });
        AgentError::Rejected {
            agent: self.path.clone(),
            checked,
            reason: rejection.reason().to_owned(),
            attempts,
        }
    }

    /// The agent's tool-handler levels, as tools listed at run time are resolved against.
    fn handler_levels(&self) -> HandlerLevels<'_> {
        let cfg = &self.agent.config.settings;
        HandlerLevels {
            defaults: &cfg.defaults,
            per_tool: &cfg.per_tool,
            built_in: cfg.built_in(),
        }
    }
}

/// The input as the first user message: a string as it is, anything else as JSON.
fn render_input<In: serde::Serialize>(input: &In) -> String {
    match serde_json::to_value(input) {
        Ok(Value::String(s)) => s,
        Ok(v) => v.to_string(),
        Err(e) => format!("(input could not be serialised: {e})"),
    }
}
