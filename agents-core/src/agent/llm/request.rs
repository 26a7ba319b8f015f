//! One run of an agent as a request value: the options as methods, the form of the result
//! chosen last.

use std::future::IntoFuture;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::BoxFuture;

use super::{LlmAgent, Output, RunReport, RunStream, Start, Tap, now_ms, start_run};
use crate::agent::RunContext;
use crate::conversation::{Checkpoint, Conversation};
use crate::error::AgentError;
use crate::journal::Journal;
use crate::model::{Message, Usage};
use crate::run::DepsSet;

/// A run of an [`LlmAgent`], not started yet: what [`LlmAgent::run`] and [`LlmAgent::resume`]
/// return.
///
/// Set the options with its methods, then choose what you want back:
///
/// - `.await` it for the answer (`Result<Out, AgentError>`);
/// - [`.report()`](Self::report) for the [`RunReport`]: the [`Outcome`](super::Outcome) (the
///   answer, or the run paused for approval), the transcript, turns and usage;
/// - [`.stream()`](Self::stream) for every event as it happens, then the report.
///
/// ```
/// use agents_core::conversation::Conversation;
/// use agents_core::{LlmAgent, ModelResponse, testing::ScriptedModel};
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// let model = ScriptedModel::new([ModelResponse::text("Hi Ada."), ModelResponse::text("Ada.")]);
/// let agent = LlmAgent::builder("chat").model(model).build().unwrap();
/// let mut conversation = Conversation::new();
/// agent.run("I am Ada.".to_owned()).conversation(&mut conversation).await.unwrap();
/// let answer = agent.run("Who am I?".to_owned()).conversation(&mut conversation).await.unwrap();
/// assert_eq!(answer, "Ada.");
/// assert_eq!(conversation.messages().len(), 4);
/// # });
/// ```
#[must_use = "a run request does nothing until it is awaited, or sent with `.report()` or `.stream()`"]
pub struct RunRequest<'a, In, Out> {
    agent: &'a LlmAgent<In, Out>,
    start: Begin<In>,
    prior: Prior<'a>,
    journal: Option<&'a dyn Journal>,
    skill: Option<String>,
    deps: DepsSet,
    parent: Option<&'a RunContext>,
}

/// Where a run begins.
enum Begin<In> {
    Input(In),
    Resume(Checkpoint),
}

/// What the model reads before the run's input.
enum Prior<'a> {
    None,
    History(Vec<Message>),
    Conversation(&'a mut Conversation),
}

impl<In, Out> std::fmt::Debug for RunRequest<'_, In, Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunRequest")
            .field("agent", &self.agent.config.settings.name)
            .field("resume", &matches!(self.start, Begin::Resume(_)))
            .field("skill", &self.skill)
            .field("journal", &self.journal.is_some())
            .field("deps", &self.deps)
            .finish_non_exhaustive()
    }
}

impl<In, Out> LlmAgent<In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// A run of the agent on `input`, as the root of a new tree: await it for the answer, or
    /// set options first (see [`RunRequest`]).
    ///
    /// ```
    /// use agents_core::{LlmAgent, ModelResponse, testing::ScriptedModel};
    /// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
    /// let agent = LlmAgent::builder("greeter")
    ///     .model(ScriptedModel::new([ModelResponse::text("Hello!")]))
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(agent.run("hi".to_owned()).await.unwrap(), "Hello!");
    /// # });
    /// ```
    pub fn run(&self, input: In) -> RunRequest<'_, In, Out> {
        RunRequest::new(self, Begin::Input(input))
    }

    /// A run that goes on from a [`Checkpoint`] (see
    /// [`on_checkpoint`](super::LlmAgentBuilder::on_checkpoint) and
    /// [`Paused`](crate::conversation::Paused)), in this process or another one. It takes the
    /// same options as [`run`](Self::run), but no history or conversation: it continues the
    /// checkpoint's own transcript.
    ///
    /// Nothing that produced a result runs again: recorded results are kept as they are. A run
    /// that had answered returns that answer without calling the model. Calls of a round the
    /// interruption cut short run now if their tool is idempotent; any other gets an error
    /// result saying its outcome is unknown (it may have run), which the model reads. What the
    /// run spent before counts against its budget, its elapsed time included (and the time it
    /// waited for approval). The report's transcript is the whole resumed transcript.
    pub fn resume(&self, checkpoint: Checkpoint) -> RunRequest<'_, In, Out> {
        RunRequest::new(self, Begin::Resume(checkpoint))
    }
}

impl<'a, In, Out> RunRequest<'a, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    fn new(agent: &'a LlmAgent<In, Out>, start: Begin<In>) -> Self {
        RunRequest {
            agent,
            start,
            prior: Prior::None,
            journal: None,
            skill: None,
            deps: DepsSet::new(),
            parent: None,
        }
    }

    /// Continues `conversation`: the model reads it before the input (as much of it as the
    /// agent's [`history`](super::LlmAgentBuilder::history) policy keeps), and everything the
    /// run says is appended to it, also when the run fails (the transcript stays valid, with
    /// "not executed" results for calls the run did not reach). A stored transcript that breaks
    /// the pairing invariant is [mended](crate::conversation::mend) first, with an
    /// [`Event::TranscriptMended`](crate::Event::TranscriptMended).
    pub fn conversation(mut self, conversation: &'a mut Conversation) -> Self {
        self.prior = Prior::Conversation(conversation);
        self
    }

    /// Sends `messages` before the input, as [`conversation`](Self::conversation) does, without
    /// writing anything back.
    pub fn history(mut self, messages: impl Into<Vec<Message>>) -> Self {
        self.prior = Prior::History(messages.into());
        self
    }

    /// Makes the run durable: every model call, tool execution, wait, jitter draw and the run's
    /// start time pass through `journal`, which records their outcomes and replays them (see
    /// [`journal`](crate::journal) and docs/durable.md). Replaying the same journal makes the
    /// same decisions: a step whose outcome was recorded does not run again.
    ///
    /// Events, hooks (`on_tool_use`, `on_checkpoint`) and `tracing` events report every real
    /// step once across crashes: a process replaying the journal reports nothing until a step
    /// really runs in it, then [`Event::RunResumed`](crate::Event::RunResumed) and everything
    /// from there on.
    pub fn journal(mut self, journal: &'a dyn Journal) -> Self {
        self.journal = Some(journal);
        self
    }

    /// Runs the agent's skill called `skill` (without it, an agent with several skills asks its
    /// model to choose).
    pub fn skill(mut self, skill: impl Into<String>) -> Self {
        self.skill = Some(skill.into());
        self
    }

    /// Gives the run `value` as its dependency of type `T`, over any value of that type the
    /// agent was built with: what its tools read as `Deps<T>` (see [`Deps`](crate::Deps)).
    ///
    /// ```
    /// use agents_core::{LlmAgent, ModelResponse, testing::ScriptedModel};
    /// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
    /// struct CurrentUser(&'static str);
    /// let agent = LlmAgent::builder("assistant")
    ///     .model(ScriptedModel::new([ModelResponse::text("Hello, Ada.")]))
    ///     .build()
    ///     .unwrap();
    /// // Tools of this run that take `Deps<CurrentUser>` read Ada.
    /// let answer = agent.run("hi".to_owned()).deps(CurrentUser("ada")).await.unwrap();
    /// # assert_eq!(answer, "Hello, Ada.");
    /// # });
    /// ```
    pub fn deps<T: std::any::Any + Send + Sync>(mut self, value: T) -> Self {
        self.deps = self.deps.with(value);
        self
    }

    /// Gives the run every dependency of `deps` (over the agent's own).
    pub fn deps_set(mut self, deps: &DepsSet) -> Self {
        self.deps = self.deps.overlaid(deps);
        self
    }

    /// Runs the agent as a child of `parent` instead of as the root of a new tree: its path is
    /// below the parent's, it spends from the parent's budget, its events reach the parent's
    /// subscribers, and it sees the parent's dependencies.
    pub fn within(mut self, parent: &'a RunContext) -> Self {
        self.parent = Some(parent);
        self
    }

    /// Runs and reports: the outcome (the answer, or the run paused for approval), the
    /// transcript, the turns taken and the usage.
    pub fn report(self) -> BoxFuture<'a, RunReport<Out>> {
        let (run, conversation) = self.prepare();
        let skip = run.skip;
        Box::pin(async move {
            let mut report = run.go(None).await;
            report.transcript.drain(..skip.min(report.transcript.len()));
            if let Some(conversation) = conversation {
                conversation.extend(report.transcript.iter().cloned());
            }
            report
        })
    }

    /// Runs, yielding every event as it happens (the model's text as
    /// [`Event::TextDelta`](crate::Event::TextDelta)s, tool calls started, repaired, retried,
    /// finished and failed, escalations) and last its report. See [`RunStream`] for pace and
    /// cancellation; with a [`conversation`](Self::conversation), what the run said is
    /// appended when the stream ends, or, if it is dropped first, what it had said with each
    /// unanswered call answered as cancelled.
    pub fn stream(self) -> RunStream<'a, Out> {
        let (run, conversation) = self.prepare();
        let tap = Tap::new();
        let skip = run.skip;
        let report = {
            let tap = tap.clone();
            Box::pin(async move { run.go(Some(tap)).await })
        };
        RunStream::new(report, tap, skip, conversation)
    }

    /// The run ready to go, and the conversation to write back to.
    fn prepare(self) -> (Prepared<'a, In, Out>, Option<&'a mut Conversation>) {
        let RunRequest {
            agent,
            start,
            prior,
            journal,
            skill,
            deps,
            parent,
        } = self;
        let mut history = Vec::new();
        let mut conversation = None;
        let mut refused = None;
        let start = match start {
            Begin::Input(input) => {
                match prior {
                    Prior::None => {}
                    Prior::History(mut messages) => {
                        agent.mend_reported(&mut messages);
                        history = agent.kept(&messages).to_vec();
                    }
                    Prior::Conversation(c) => {
                        let mut messages = std::mem::take(c).into_messages();
                        agent.mend_reported(&mut messages);
                        history = agent.kept(&messages).to_vec();
                        *c = Conversation::from_messages(messages);
                        conversation = Some(c);
                    }
                }
                Start::Input(input)
            }
            Begin::Resume(checkpoint) => {
                if !matches!(prior, Prior::None) {
                    refused = Some(AgentError::Config(
                        "a resumed run continues its checkpoint's transcript: it takes no history or conversation".to_owned(),
                    ));
                }
                history = checkpoint.messages;
                // Time spent waiting for a person counts against the run's duration.
                let waited = checkpoint
                    .paused_at_ms
                    .map_or(0, |at| now_ms().saturating_sub(at));
                Start::Resume {
                    spent: checkpoint.spent,
                    elapsed: checkpoint
                        .elapsed
                        .saturating_add(Duration::from_millis(waited)),
                    awaiting: checkpoint.awaiting.into_iter().collect(),
                    decisions: checkpoint.decisions,
                    skill: checkpoint.skill,
                }
            }
        };
        let skip = match start {
            Start::Input(_) => history.len(),
            Start::Resume { .. } => 0,
        };
        let prepared = Prepared {
            agent,
            start,
            history,
            skip,
            journal,
            skill,
            deps,
            parent,
            refused,
        };
        (prepared, conversation)
    }
}

/// A run with its options resolved.
struct Prepared<'a, In, Out> {
    agent: &'a LlmAgent<In, Out>,
    start: Start<In>,
    history: Vec<Message>,
    /// How many messages of the report's transcript the run was given (not its own).
    skip: usize,
    journal: Option<&'a dyn Journal>,
    skill: Option<String>,
    deps: DepsSet,
    parent: Option<&'a RunContext>,
    /// Why the run cannot start, found while preparing it.
    refused: Option<AgentError>,
}

impl<In, Out> Prepared<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Runs, with `tap` as the consumer of a streamed run.
    async fn go(self, tap: Option<Arc<Tap>>) -> RunReport<Out> {
        if let Some(e) = self.refused {
            return RunReport::new(Err(e), Vec::new(), 0, Usage::default());
        }
        let parent = match self.parent {
            Some(p) => p.clone(),
            None => RunContext::top(),
        }
        .with_deps(&self.deps);
        let path = parent.child_path(&self.agent.config.settings.name);
        let run = start_run(
            self.agent,
            self.start,
            &parent,
            self.skill.as_deref(),
            self.history,
            tap,
            self.journal,
        );
        match self.journal {
            // Boxed before it is scoped: the scope then moves a pointer, not the run's state.
            Some(_) => crate::journal::replay::scope(path, Box::pin(run)).await,
            None => run.await,
        }
    }
}

impl<'a, In, Out> IntoFuture for RunRequest<'a, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    type Output = Result<Out, AgentError>;
    type IntoFuture = BoxFuture<'a, Result<Out, AgentError>>;

    fn into_future(self) -> Self::IntoFuture {
        let report = self.report();
        Box::pin(async move { report.await.into_output() })
    }
}
