//! An agent driven by a model: the agent loop with tools, repair, budgets and escalation.

mod approval;
mod builder;
mod call_key;
mod calls;
mod invented;
mod once;
mod output;
mod parallel;
mod prevention;
mod repeat;
mod resume;
mod round;
mod run;
mod stream;
mod toolbox;

use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::Arc;

use futures_util::future::BoxFuture;

pub use builder::LlmAgentBuilder;
pub use output::Output;
pub use parallel::DEFAULT_PARALLEL_CALLS;
pub use run::RunReport;
pub use stream::{RunEvent, RunStream};

use super::policy::{LlmErrorHandler, UnhandledPolicy};
use super::skill::Skill;
use super::{Agent, RunContext};
use crate::budget::{Budget, BudgetHandler};
use crate::conversation::{Checkpoint, Conversation};
use crate::error::{AgentError, Classifier};
use crate::escalation::EscalationHandler;
use crate::event::Subscriber;
use crate::model::{Model, Sampling};
use crate::repair::Handlers;

/// Called after every tool call that was dispatched: the tool, the arguments the model sent (raw
/// text), the arguments the tool ran with after repair (if it ran), and the result text the model
/// reads.
pub type ToolUseHook = Arc<dyn Fn(&ToolUse<'_>) + Send + Sync>;

/// What an `on_tool_use` hook sees.
#[derive(Debug, Clone, Copy)]
pub struct ToolUse<'a> {
    /// The tool.
    pub name: &'a str,
    /// The argument text the model sent.
    pub sent: &'a str,
    /// The arguments the tool ran with, after repair (`None` if it never ran).
    pub repaired: Option<&'a serde_json::Value>,
    /// The result the model reads.
    pub result: &'a str,
    /// Whether the result reports a failure.
    pub is_error: bool,
}

pub(crate) type ApprovalRule = Arc<dyn Fn(&serde_json::Value) -> bool + Send + Sync>;

pub(crate) type CheckpointHook = Arc<dyn Fn(&crate::conversation::Checkpoint) + Send + Sync>;

pub(crate) struct Config<In, Out> {
    pub name: String,
    pub prompt: String,
    pub model: Arc<dyn Model>,
    pub sampling: Sampling,
    /// The agent's own tools, fixed at build.
    pub tools: Arc<toolbox::Toolbox>,
    /// Tool sets listed at run time, and their last listing.
    pub sources: toolbox::Sources,
    pub defaults: Handlers,
    /// The steps for a call to a tool that is not offered (`unknown_tool` under the defaults),
    /// resolved at build.
    pub unknown_tool: Vec<crate::repair::StepImpl>,
    pub per_tool: HashMap<String, Handlers>,
    pub unhandled: UnhandledPolicy,
    pub classifier: Classifier,
    pub budget: Budget,
    pub budget_handler: Option<BudgetHandler>,
    pub retry_budget: Option<Arc<crate::budget::RetryBudget>>,
    pub llm_error: Option<LlmErrorHandler<Out>>,
    pub on_escalation: Option<EscalationHandler<Out>>,
    pub subscribers: Vec<Subscriber>,
    pub on_tool_use: Option<ToolUseHook>,
    pub skills: Vec<Skill<In, Out>>,
    pub strict: bool,
    /// The recovery profile the agent's calls get (its pieces are read where they act; none
    /// under strict): the builder's, or its model's, resolved at build.
    pub recovery: crate::model::Recovery,
    /// Prevention mode: every turn that may call tools is constrained (see `prevention.rs`).
    pub constrained: bool,
    pub builtins: bool,
    pub output_retries: u32,
    /// Whether `Out` is read as plain text (its schema is a string), decided once at build.
    pub output_is_text: bool,
    /// The output's schema as one line, for instructions and corrections (empty for text).
    pub output_schema: String,
    pub max_failed_rounds: u32,
    pub max_same_failure: u32,
    /// Tools whose calls wait for approval, beyond the tools' own `needs_approval`: by tool
    /// name, a predicate over the repaired arguments.
    pub approvals: HashMap<String, ApprovalRule>,
    /// How many calls of one turn run at once.
    pub parallel_calls: usize,
    /// Called with the run's state after every message it appends.
    pub on_checkpoint: Option<CheckpointHook>,
    /// What part of a continued conversation is sent (`None`: all of it).
    pub history: Option<Arc<dyn crate::conversation::Trim>>,
}

/// An agent whose work is done by a model calling tools.
///
/// Build one with [`LlmAgent::builder`] (or the `agent!` macro). Cheap to clone. Input and
/// output are text unless the builder says otherwise
/// ([`input`](LlmAgentBuilder::input), [`output`](LlmAgentBuilder::output)).
///
/// ```
/// use agents_core::{LlmAgent, AgentExt, testing::ScriptedModel, ModelResponse};
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// let model = ScriptedModel::new([ModelResponse::text("Hello!")]);
/// let agent = LlmAgent::builder("greeter")
///     .prompt("Greet the user.")
///     .model(model)
///     .build()
///     .unwrap();
/// assert_eq!(agent.run("hi".to_owned()).await.unwrap(), "Hello!");
/// # });
/// ```
pub struct LlmAgent<In = String, Out = String> {
    pub(crate) config: Arc<Config<In, Out>>,
    _io: PhantomData<fn(In) -> Out>,
}

impl<In, Out> Clone for LlmAgent<In, Out> {
    fn clone(&self) -> Self {
        LlmAgent {
            config: self.config.clone(),
            _io: PhantomData,
        }
    }
}

impl<In, Out> std::fmt::Debug for LlmAgent<In, Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LlmAgent")
            .field("name", &self.config.name)
            .field("model", &self.config.model.name())
            .field("tools", &self.config.tools.names().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl LlmAgent {
    /// Starts building an agent called `name` that reads text and answers text; change either
    /// with [`input`](LlmAgentBuilder::input) and [`output`](LlmAgentBuilder::output).
    pub fn builder(name: impl Into<String>) -> LlmAgentBuilder {
        LlmAgentBuilder::new(name)
    }
}

impl<In, Out> LlmAgent<In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Runs the agent as the root of a new tree and returns the output together with the whole
    /// transcript and what the run spent.
    pub fn run_report(&self, input: In) -> BoxFuture<'_, RunReport<Out>> {
        self.run_root(input, None)
    }

    /// [`run_report`](Self::run_report) as a durable run: every model call, tool execution,
    /// wait, jitter draw and the run's start time pass through `journal`, which records their
    /// outcomes and replays them (see [`journal`](crate::journal) and docs/durable.md).
    ///
    /// Replaying the same journal makes the same decisions: a step whose outcome was recorded
    /// does not run again. Each tool execution is one step, a sub-agent called as a tool
    /// included (its inner steps are not journaled one by one).
    ///
    /// Events, hooks (`on_tool_use`, `on_checkpoint`) and `tracing` events report every real
    /// step once across crashes: a process replaying the journal reports nothing until a step
    /// really runs in it, then [`Event::RunResumed`](crate::Event::RunResumed) and everything
    /// from there on (docs/durable.md says exactly what is reported where).
    pub fn run_journaled<'a>(
        &'a self,
        input: In,
        journal: &'a dyn crate::journal::Journal,
    ) -> BoxFuture<'a, RunReport<Out>> {
        let agent = crate::AgentPath::root(&self.config.name);
        // The run boxed before it is scoped: the scope then moves a pointer, not the run's state.
        Box::pin(crate::journal::replay::scope(
            agent,
            self.run_root(input, Some(journal)),
        ))
    }

    /// A run from `input` as the root of a new tree, its steps through `journal` if any.
    fn run_root<'a>(
        &'a self,
        input: In,
        journal: Option<&'a dyn crate::journal::Journal>,
    ) -> BoxFuture<'a, RunReport<Out>> {
        Box::pin(async move {
            run::run_report_in(
                self,
                run::Start::Input(input),
                &RunContext::top(),
                None,
                Vec::new(),
                None,
                journal,
            )
            .await
        })
    }

    /// Continues `conversation` with `input` as the next user message, as the root of a new
    /// tree, and appends everything the run said to it (also when the run fails: the transcript
    /// stays valid, with "not executed" results for calls it did not reach).
    ///
    /// The stored transcript is [mended](crate::conversation::mend) first if it breaks the
    /// pairing invariant (an [`Event::TranscriptMended`](crate::Event::TranscriptMended) says
    /// how); the builder's [`history`](LlmAgentBuilder::history) policy chooses how much of it
    /// the model sees. See [`conversation`](crate::conversation) for an example.
    pub fn chat<'a>(
        &'a self,
        conversation: &'a mut Conversation,
        input: In,
    ) -> BoxFuture<'a, Result<Out, AgentError>> {
        Box::pin(async move { self.chat_report(conversation, input).await.output })
    }

    /// [`chat`](Self::chat), reporting the run: its transcript holds only this run's messages
    /// (the ones appended to `conversation`).
    pub fn chat_report<'a>(
        &'a self,
        conversation: &'a mut Conversation,
        input: In,
    ) -> BoxFuture<'a, RunReport<Out>> {
        Box::pin(async move {
            let history = self.prepare_history(conversation);
            let skip = history.len();
            let start = run::Start::Input(input);
            let mut report =
                run::run_report(self, start, &RunContext::top(), None, history, None).await;
            report.transcript.drain(..skip.min(report.transcript.len()));
            conversation.extend(report.transcript.iter().cloned());
            report
        })
    }

    /// Mends `conversation` (with an event when it changed) and returns what the history policy
    /// sends of it.
    fn prepare_history(&self, conversation: &mut Conversation) -> Vec<crate::model::Message> {
        let changes = conversation.mend();
        if !changes.is_empty() {
            crate::event::EventBus::new()
                .with(&self.config.subscribers)
                .emit(crate::Event::TranscriptMended {
                    agent: crate::AgentPath::root(&self.config.name),
                    changes,
                });
        }
        match &self.config.history {
            Some(policy) => crate::conversation::kept(conversation.messages(), &**policy),
            None => conversation.messages(),
        }
        .to_vec()
    }

    /// Resumes a run from a [`Checkpoint`](crate::conversation::Checkpoint) (see
    /// [`on_checkpoint`](LlmAgentBuilder::on_checkpoint)), as the root of a new tree, in this
    /// process or another one.
    ///
    /// Nothing that produced a result runs again: recorded results are kept as they are. A run
    /// that had answered returns that answer without calling the model. Calls of a round the
    /// interruption cut short run now if their tool is idempotent; any other gets an error result
    /// saying its outcome is unknown (it may have run), which the model reads. What the run spent
    /// before counts against its budget, its elapsed time included. The report's `transcript` is
    /// the whole resumed transcript.
    pub fn resume(&self, checkpoint: Checkpoint) -> BoxFuture<'_, RunReport<Out>> {
        Box::pin(async move {
            // Time spent waiting for a person counts against the run's duration.
            let waited = checkpoint
                .paused_at_ms
                .map_or(0, |at| approval::now_ms().saturating_sub(at));
            let start = run::Start::Resume {
                spent: checkpoint.spent,
                elapsed: checkpoint
                    .elapsed
                    .saturating_add(std::time::Duration::from_millis(waited)),
                awaiting: checkpoint.awaiting.into_iter().collect(),
                decisions: checkpoint.decisions,
            };
            let skill = checkpoint.skill.as_deref();
            run::run_report(
                self,
                start,
                &RunContext::top(),
                skill,
                checkpoint.messages,
                None,
            )
            .await
        })
    }

    /// Runs the skill called `skill` on `input`, as a child of `ctx`.
    pub fn invoke_skill<'a>(
        &'a self,
        skill: &'a str,
        input: In,
        ctx: &'a RunContext,
    ) -> BoxFuture<'a, Result<Out, AgentError>> {
        Box::pin(run::run(self, input, ctx, Some(skill)))
    }
}

impl<In, Out> Agent<In, Out> for LlmAgent<In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    fn name(&self) -> &str {
        &self.config.name
    }

    fn invoke<'a>(
        &'a self,
        input: In,
        ctx: &'a RunContext,
    ) -> BoxFuture<'a, Result<Out, AgentError>> {
        Box::pin(run::run(self, input, ctx, None))
    }
}
