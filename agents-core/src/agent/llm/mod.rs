//! An agent driven by a model: the agent loop with tools, repair, budgets and escalation.

mod builder;
mod calls;
mod output;
mod round;
mod run;

use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::Arc;

use futures_util::future::BoxFuture;

pub use builder::LlmAgentBuilder;
pub use output::Output;
pub use run::RunReport;

use super::policy::{LlmErrorHandler, UnhandledPolicy};
use super::skill::Skill;
use super::{Agent, RunContext};
use crate::budget::{Budget, BudgetHandler};
use crate::error::{AgentError, Classifier};
use crate::escalation::EscalationHandler;
use crate::event::Subscriber;
use crate::model::{Model, Sampling};
use crate::repair::Handlers;
use crate::tool::Tool;

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

pub(crate) struct ToolEntry {
    pub tool: Arc<dyn Tool>,
    pub handlers: Handlers,
    /// The steps run per error kind, resolved once at build: the tool's handlers merged per kind
    /// over `on_tool_error(tool)` and the defaults, the built-in repair first unless strict.
    pub chains: crate::error::PerKind<Vec<crate::repair::StepImpl>>,
    /// The tool's argument schema, compiled once when the tool is added; `None` when the
    /// validator cannot compile it (the tool then runs unvalidated, after a warning).
    pub validator: Option<crate::tool::ArgsValidator>,
}

pub(crate) struct Config<In, Out> {
    pub name: String,
    pub prompt: String,
    pub model: Arc<dyn Model>,
    pub sampling: Sampling,
    pub tools: Vec<ToolEntry>,
    pub tool_index: HashMap<String, usize>,
    pub defaults: Handlers,
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
    pub builtins: bool,
    pub output_retries: u32,
    /// Whether `Out` is read as plain text (its schema is a string), decided once at build.
    pub output_is_text: bool,
    /// The output's schema as one line, for instructions and corrections (empty for text).
    pub output_schema: String,
    pub max_failed_rounds: u32,
    pub max_same_failure: u32,
}

/// An agent whose work is done by a model calling tools.
///
/// Build one with [`LlmAgent::builder`] (or the `agent!` macro). Cheap to clone.
///
/// ```
/// use agents_core::{LlmAgent, AgentExt, testing::ScriptedModel, ModelResponse};
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// let model = ScriptedModel::new([ModelResponse::text("Hello!")]);
/// let agent = LlmAgent::<String, String>::builder("greeter")
///     .prompt("Greet the user.")
///     .model(model)
///     .build()
///     .unwrap();
/// assert_eq!(agent.run("hi".to_owned()).await.unwrap(), "Hello!");
/// # });
/// ```
pub struct LlmAgent<In, Out> {
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
            .field(
                "tools",
                &self
                    .config
                    .tools
                    .iter()
                    .map(|t| t.tool.spec().name.as_str())
                    .collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl<In, Out> LlmAgent<In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Starts building an agent called `name`.
    pub fn builder(name: impl Into<String>) -> LlmAgentBuilder<In, Out> {
        LlmAgentBuilder::new(name.into())
    }

    /// Runs the agent as the root of a new tree and returns the output together with the whole
    /// transcript and what the run spent.
    pub fn run_report(&self, input: In) -> BoxFuture<'_, RunReport<Out>> {
        Box::pin(async move { run::run_report(self, input, &RunContext::top(), None).await })
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
