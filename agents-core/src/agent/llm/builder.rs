//! The builder of [`LlmAgent`]: the surface the `agent!` macro expands to.

use std::marker::PhantomData;
use std::sync::Arc;

use super::{
    Config, HandlerLevels, LlmAgent, Output, Settings, Sources, ToolEntry, ToolUse, Toolbox,
};
use crate::agent::policy::{LlmErrorDecision, UnhandledPolicy};
use crate::agent::skill::{ESCALATE_TOOL, Skill, THROW_TOOL};
use crate::budget::{Budget, BudgetDecision, BudgetExceeded};
use crate::error::{AgentError, Classifier, ErrorKind, EscalationError};
use crate::escalation::EscalationDecision;
use crate::event::Event;
use crate::model::{Model, ModelError, Recovery, Sampling};
use crate::repair::BuiltIn;
use crate::repair::Handlers;
use crate::run::DepsSet;
use crate::similar::did_you_mean;
use crate::tool::{Tool, ToolSource};

/// Builds an [`LlmAgent`]. Every setting has a safe default except the model.
///
/// ```
/// use agents_core::{LlmAgent, testing::ScriptedModel};
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Verdict { approve: bool }
/// let text = LlmAgent::builder("writer").model(ScriptedModel::new([])).build().unwrap();
/// let typed = LlmAgent::builder("judge")
///     .output::<Verdict>()
///     .model(ScriptedModel::new([]))
///     .build()
///     .unwrap();
/// # let _: (LlmAgent, LlmAgent<String, Verdict>) = (text, typed);
/// ```
#[must_use = "a builder does nothing until it is built"]
pub struct LlmAgentBuilder<In = String, Out = String> {
    config: Config<In, Out>,
    model: Option<Arc<dyn Model>>,
    /// The agent's own tools, their chains resolved at `build`.
    tools: Vec<ToolEntry>,
    sources: Vec<(Arc<dyn ToolSource>, Handlers)>,
    /// The recovery asked for, resolved against the model's at `build`.
    recovery: RecoveryChoice,
    errors: Vec<String>,
    _io: PhantomData<fn(In) -> Out>,
}

/// The recovery an agent asks for: a whole profile, and single pieces switched over whichever
/// profile applies (its own or its model's).
#[derive(Default, Clone, Copy)]
struct RecoveryChoice {
    profile: Option<Recovery>,
    echo_check: Option<bool>,
    ask_values: Option<bool>,
}

impl RecoveryChoice {
    /// The profile the agent runs with, its model's `model` unless it chose one.
    fn resolve(self, model: Recovery) -> Recovery {
        let mut r = self.profile.unwrap_or(model);
        if let Some(on) = self.echo_check {
            r = r.echo_check(on);
        }
        if let Some(on) = self.ask_values {
            r = r.ask_values(on);
        }
        r
    }
}

struct NoModel;

impl Model for NoModel {
    fn name(&self) -> &str {
        "none"
    }
    fn complete<'a>(
        &'a self,
        _: &'a crate::model::ModelRequest,
    ) -> futures_util::future::BoxFuture<'a, Result<crate::model::ModelResponse, ModelError>> {
        Box::pin(async {
            Err(ModelError::new(
                crate::model::ModelErrorKind::InvalidRequest,
                "no model configured",
            ))
        })
    }
}

impl<In, Out> LlmAgentBuilder<In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Starts building an agent called `name` with input `In` and output `Out` (the form
    /// generic code and the `agent!` macro use; otherwise [`LlmAgent::builder`]).
    pub fn new(name: impl Into<String>) -> Self {
        LlmAgentBuilder {
            config: Config::untyped(Settings::new(name.into(), Arc::new(NoModel))),
            model: None,
            tools: Vec::new(),
            sources: Vec::new(),
            recovery: RecoveryChoice::default(),
            errors: Vec::new(),
            _io: PhantomData,
        }
    }

    /// Reads the final answer into `T` (default: the text as is): the model is told the schema of
    /// `T`, and an answer that does not read as one gets a correction turn
    /// ([`output_retries`](Self::output_retries)). Call it before the settings whose types name
    /// the output ([`skill`](Self::skill), [`on_llm_error`](Self::on_llm_error),
    /// [`on_escalation`](Self::on_escalation)); after them, [`build`](Self::build) fails and
    /// says so.
    pub fn output<T: Output>(self) -> LlmAgentBuilder<In, T> {
        self.retype()
    }

    /// Takes input of type `T` (default: text), serialized to JSON for the model unless it is a
    /// string. Like [`output`](Self::output), call it before typed settings.
    pub fn input<T: serde::Serialize + Send + 'static>(self) -> LlmAgentBuilder<T, Out> {
        self.retype()
    }

    /// The same settings for other input and output types. The settings whose types name them
    /// cannot carry over: if any is set, [`build`](Self::build) reports it.
    fn retype<In2, Out2: Output>(self) -> LlmAgentBuilder<In2, Out2> {
        let mut errors = self.errors;
        if self.config.has_typed_settings() {
            errors.push(
                "`input::<T>()` and `output::<T>()` must come before `skill`, `on_llm_error`, `on_escalation`, `output_validator` and `input_guardrail`, whose types depend on them".to_owned(),
            );
        }
        LlmAgentBuilder {
            config: Config::untyped(self.config.settings),
            model: self.model,
            tools: self.tools,
            sources: self.sources,
            recovery: self.recovery,
            errors,
            _io: PhantomData,
        }
    }

    /// Gives the agent `value` as its dependency of type `T`: the application state its tools
    /// read as a `Deps<T>` parameter (a database pool, an HTTP client, the current user; see
    /// [`Deps`](crate::Deps)). A run may give its own value of the type
    /// ([`RunRequest::deps`](crate::RunRequest::deps)), which wins; sub-agents, fixers and
    /// tools see the values of the run that calls them.
    ///
    /// ```
    /// use agents_core::{LlmAgent, testing::ScriptedModel};
    /// struct Shop { name: &'static str }
    /// let agent = LlmAgent::builder("clerk")
    ///     .model(ScriptedModel::new([]))
    ///     .deps(Shop { name: "corner shop" })
    ///     .build()
    ///     .unwrap();
    /// # let _ = agent;
    /// ```
    pub fn deps<T: std::any::Any + Send + Sync>(mut self, value: T) -> Self {
        self.config.settings.deps = std::mem::take(&mut self.config.settings.deps).with(value);
        self
    }

    /// Gives the agent every dependency of `deps` (over those it has).
    pub fn deps_set(mut self, deps: &DepsSet) -> Self {
        self.config.settings.deps = self.config.settings.deps.overlaid(deps);
        self
    }

    /// The system prompt.
    pub fn prompt(mut self, prompt: impl Into<String>) -> Self {
        self.config.settings.prompt = prompt.into();
        self
    }

    /// The model (required).
    pub fn model(mut self, model: impl Model + 'static) -> Self {
        self.model = Some(Arc::new(model));
        self
    }

    /// The model, already shared (for `agent!`, through `__private`; users call `model`, which
    /// takes an `Arc` too).
    pub(crate) fn model_arc(mut self, model: Arc<dyn Model>) -> Self {
        self.model = Some(model);
        self
    }

    /// Sampling settings.
    pub fn sampling(mut self, sampling: Sampling) -> Self {
        self.config.settings.sampling = sampling;
        self
    }

    /// Adds a tool.
    pub fn tool(self, tool: impl Tool) -> Self {
        self.tool_with(tool, Handlers::new())
    }

    /// Adds a tool with its own handlers (the highest-priority level).
    pub fn tool_with(mut self, tool: impl Tool, handlers: Handlers) -> Self {
        self.push_tool(Arc::new(tool), handlers);
        self
    }

    /// Adds a shared tool (for `agent!`, through `__private`).
    pub(crate) fn tool_arc(mut self, tool: Arc<dyn Tool>, handlers: Handlers) -> Self {
        self.push_tool(tool, handlers);
        self
    }

    fn push_tool(&mut self, tool: Arc<dyn Tool>, handlers: Handlers) {
        let name = &tool.spec().name;
        if name == ESCALATE_TOOL || name == THROW_TOOL {
            self.errors.push(format!(
                "tool name `{name}` is reserved for the built-in tool"
            ));
        }
        if self.tools.iter().any(|t| &t.tool.spec().name == name) {
            self.errors
                .push(format!("tool `{name}` is registered twice"));
        }
        self.tools.push(ToolEntry::new(tool, handlers));
    }

    /// Adds a set of tools that can change while the agent runs (the tools of an MCP server,
    /// say), each with `handlers` as its own. The agent lists the source before its first model
    /// turn and again before any turn when the source says its set changed; see
    /// [`ToolSource`]. The agent's own tools win a name clash.
    ///
    /// Names of a source's tools are not known at build: [`on_tool_error`](Self::on_tool_error)
    /// and [`approval`](Self::approval) may then name tools the agent does not have yet
    /// (`build` checks names only for agents without sources).
    pub fn tool_source(mut self, source: impl ToolSource, handlers: Handlers) -> Self {
        self.sources.push((Arc::new(source), handlers));
        self
    }

    /// [`tool_source`](Self::tool_source) for a source already shared.
    pub fn tool_source_arc(mut self, source: Arc<dyn ToolSource>, handlers: Handlers) -> Self {
        self.sources.push((source, handlers));
        self
    }

    /// The default handlers for every tool (the lowest-priority level).
    pub fn on_error(mut self, handlers: Handlers) -> Self {
        self.config.settings.defaults = handlers;
        self
    }

    /// Agent-level handlers for one tool: above the defaults, below the tool's own.
    pub fn on_tool_error(mut self, tool: impl Into<String>, handlers: Handlers) -> Self {
        self.config.settings.per_tool.insert(tool.into(), handlers);
        self
    }

    /// What happens to a tool error no handler recovered (default [`UnhandledPolicy::FeedBack`]).
    pub fn unhandled(mut self, policy: UnhandledPolicy) -> Self {
        self.config.settings.unhandled = policy;
        self
    }

    /// Which execution failures count as transient.
    pub fn classifier(mut self, classifier: Classifier) -> Self {
        self.config.settings.classifier = classifier;
        self
    }

    /// The limits of a run.
    pub fn budget(mut self, budget: Budget) -> Self {
        self.config.settings.budget = budget;
        self
    }

    /// A pool of retries shared with other layers (the provider's transport, other agents): every
    /// tool `retry` and every `on_llm_error` retry of this agent takes one from it, and none
    /// happens when it is empty. Give the same budget to the model's transport so that retries
    /// add up instead of multiplying.
    pub fn retry_budget(mut self, budget: Arc<crate::budget::RetryBudget>) -> Self {
        self.config.settings.retry_budget = Some(budget);
        self
    }

    /// Decides whether a run stops or goes on when a limit runs out (default: stop).
    pub fn on_budget_exceeded(
        mut self,
        f: impl Fn(&BudgetExceeded) -> BudgetDecision + Send + Sync + 'static,
    ) -> Self {
        self.config.settings.budget_handler = Some(Arc::new(f));
        self
    }

    /// Decides what happens after every failed model call (default: rethrow).
    pub fn on_llm_error(
        mut self,
        f: impl Fn(&ModelError, u32) -> LlmErrorDecision<Out> + Send + Sync + 'static,
    ) -> Self {
        self.config.llm_error = Some(Arc::new(f));
        self
    }

    /// Decides what happens to an escalation that reaches this agent. Without it, an escalation
    /// from this agent's own tool calls is fed back to its model, and one from a child agent passes
    /// up untouched.
    pub fn on_escalation(
        mut self,
        f: impl Fn(&EscalationError) -> EscalationDecision<Out> + Send + Sync + 'static,
    ) -> Self {
        self.config.on_escalation = Some(Arc::new(f));
        self
    }

    /// Checks every answer the model gives, once it is read into `Out`: `Ok(())` accepts it;
    /// [`Rejection::retry`](crate::agent::Rejection::retry) sends the model back with the
    /// reason (the next turn asks for a new answer; with unreadable answers, at most
    /// [`output_retries`](Self::output_retries) tries in all, each a model turn of the budget);
    /// [`Rejection::stop`](crate::agent::Rejection::stop) ends the run with
    /// [`AgentError::Rejected`]. Validators run in the order they were added; each sees the
    /// run's context, its dependencies among them. An
    /// [`Event::Rejected`](crate::Event::Rejected) reports every rejection. Like
    /// [`output`](Self::output)'s other typed settings, call it after `output::<T>()`.
    ///
    /// ```
    /// use agents_core::agent::Rejection;
    /// use agents_core::{LlmAgent, ModelResponse, testing::ScriptedModel};
    /// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
    /// let model = ScriptedModel::new([ModelResponse::text("-3"), ModelResponse::text("3")]);
    /// let agent = LlmAgent::builder("counter")
    ///     .output::<i64>()
    ///     .model(model)
    ///     .output_validator(|n: &i64, _| match *n >= 0 {
    ///         true => Ok(()),
    ///         false => Err(Rejection::retry("a count is never negative")),
    ///     })
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(agent.run("How many?".to_owned()).await.unwrap(), 3);
    /// # });
    /// ```
    pub fn output_validator(
        mut self,
        f: impl Fn(&Out, &crate::agent::RunContext) -> Result<(), crate::agent::Rejection>
        + Send
        + Sync
        + 'static,
    ) -> Self {
        self.config.output_validators.push(Arc::new(f));
        self
    }

    /// Checks the input before the model is asked: a rejection ends the run at once with
    /// [`AgentError::Rejected`] (whether it says retry or stop: nothing here can try again),
    /// and no model call is made. Guardrails run in the order they were added, before skills
    /// are chosen; a resumed run's input was checked when it started.
    pub fn input_guardrail(
        mut self,
        f: impl Fn(&In, &crate::agent::RunContext) -> Result<(), crate::agent::Rejection>
        + Send
        + Sync
        + 'static,
    ) -> Self {
        self.config.input_guardrails.push(Arc::new(f));
        self
    }

    /// Subscribes to this agent's events (and its children's).
    pub fn on_event(mut self, f: impl Fn(&Event) + Send + Sync + 'static) -> Self {
        self.config.settings.subscribers.push(Arc::new(f));
        self
    }

    /// Called after every dispatched tool call.
    pub fn on_tool_use(mut self, f: impl Fn(&ToolUse<'_>) + Send + Sync + 'static) -> Self {
        self.config.settings.on_tool_use = Some(Arc::new(f));
        self
    }

    /// Adds a skill.
    pub fn skill(mut self, skill: Skill<In, Out>) -> Self {
        self.config.skills.push(skill);
        self
    }

    /// Turns the built-in deterministic repair off for every tool that does not say otherwise.
    pub fn strict(mut self, strict: bool) -> Self {
        self.config.settings.strict = strict;
        self
    }

    /// The recovery profile of the agent's calls (default: the one its model says, through
    /// [`Capabilities::recovery`](crate::model::Capabilities): [`Recovery::SMALL_MODEL`] for
    /// the prompted clients, [`Recovery::NEUTRAL`] for models with native tool calling). Each
    /// piece is a switch of [`Recovery`]; [`echo_check`](Self::echo_check) and
    /// [`ask_values`](Self::ask_values) switch theirs over whichever profile applies. A strict
    /// agent runs none of it. See docs/small-models.md.
    ///
    /// ```
    /// use agents_core::{LlmAgent, model::Recovery, testing::ScriptedModel};
    /// let agent = LlmAgent::builder("booker")
    ///     .model(ScriptedModel::new([]))
    ///     .recovery(Recovery::SMALL_MODEL.resample(false))
    ///     .build()
    ///     .unwrap();
    /// ```
    pub fn recovery(mut self, recovery: Recovery) -> Self {
        self.recovery.profile = Some(recovery);
        self
    }

    /// Whether a call that copies a value from a worked example, one the user never gave, is
    /// refused before it runs ([`Recovery::echo_check`]: on for the prompted clients, off for
    /// native tool calling; a strict agent never checks). A small model copies the example it
    /// was shown (`{"restaurant": "text"}`); the copy is valid against the schema and would run
    /// with values nobody gave. Turn it off when the examples hold values a model may rightly
    /// take without the user saying them (a default account, the caller's own country). See
    /// docs/repair.md, "Values copied from an example".
    pub fn echo_check(mut self, on: bool) -> Self {
        self.recovery.echo_check = Some(on);
        self
    }

    /// Whether the built-in repair asks the model for the values of arguments that fail their
    /// schema, after coercion and before any declared step ([`ask_values`](crate::repair::ask_values)):
    /// one short question per argument about the user's words ([`Recovery::ask_values`]: on
    /// for the prompted clients, whose small models copy example values into their calls; off
    /// for native tool calling, where a model mends its own call from the error). A strict
    /// agent never does.
    pub fn ask_values(mut self, on: bool) -> Self {
        self.recovery.ask_values = Some(on);
        self
    }

    /// Prevention mode (default off): every model turn that may call tools is constrained to
    /// one call to one of the offered tools, its arguments held to that tool's schema
    /// ([`Constraint::AnyTool`](crate::model::Constraint)), so that no call can be written that
    /// its schema refuses. The model ends the run by calling the pseudo-tool
    /// [`final_answer`](crate::model::FINAL_ANSWER_TOOL) (offered with the agent's tools), whose
    /// `answer` is the run's answer. A run whose model cannot constrain
    /// ([`Capabilities::constraint`](crate::model::Capabilities)) fails with [`AgentError::Config`](crate::AgentError)
    /// before the model is asked.
    pub fn constrained(mut self, on: bool) -> Self {
        self.config.settings.constrained = on;
        self
    }

    /// Shows the built-in `escalate` and `throw_exception` tools to the model in every skill.
    /// (They are always shown when the agent runs as a fixer, or when a skill names them.)
    pub fn builtin_tools(mut self, enabled: bool) -> Self {
        self.config.settings.builtins = enabled;
        self
    }

    /// How many times a final answer is sent back (default 2): one that does not fit `Out`, or
    /// that an [`output_validator`](Self::output_validator) rejects for a retry.
    pub fn output_retries(mut self, retries: u32) -> Self {
        self.config.settings.output_retries = retries;
        self
    }

    /// The feedback loop's guards: rounds in a row in which every call failed, and repeats of the
    /// same (tool, error kind), before the run stops (defaults 3 and 3).
    pub fn loop_guards(mut self, max_failed_rounds: u32, max_same_failure: u32) -> Self {
        self.config.settings.max_failed_rounds = max_failed_rounds.max(1);
        self.config.settings.max_same_failure = max_same_failure.max(1);
        self
    }

    /// How much of a continued [`Conversation`](crate::conversation::Conversation) the model
    /// sees on each run that continues it ([`RunRequest::conversation`](crate::RunRequest::conversation)): the stored conversation keeps everything; the
    /// request holds what `policy` keeps, cut at the start of a user turn so that no call is
    /// split from its result (default: all of it).
    ///
    /// ```
    /// use agents_core::{LlmAgent, conversation::KeepLastTurns, testing::ScriptedModel};
    /// let agent = LlmAgent::builder("chat")
    ///     .model(ScriptedModel::new([]))
    ///     .history(KeepLastTurns(20))
    ///     .build()
    ///     .unwrap();
    /// ```
    pub fn history(mut self, policy: impl crate::conversation::Trim + 'static) -> Self {
        self.config.settings.history = Some(Arc::new(policy));
        self
    }

    /// How many tool calls of one model turn run at once (default
    /// [`DEFAULT_PARALLEL_CALLS`](super::DEFAULT_PARALLEL_CALLS), 4; at least 1, which runs
    /// them one after another). Each call goes through its own repair chain; results go back in
    /// call order; budgets count every call exactly. See docs/runs.md for what happens to the
    /// other calls when one ends the run.
    pub fn parallel_calls(mut self, limit: usize) -> Self {
        self.config.settings.parallel_calls = limit.max(1);
        self
    }

    /// Every call of the tool `tool` waits for a person's approval: the run stops before it
    /// (after its arguments are repaired), with
    /// [`AgentError::AwaitingApproval`](crate::AgentError::AwaitingApproval), and resumes once
    /// it is approved, denied or edited. See docs/runs.md.
    pub fn approval(self, tool: impl Into<String>) -> Self {
        self.approval_if(tool, |_| true)
    }

    /// Calls of `tool` wait for approval when `rule` holds for their repaired arguments (for
    /// example, payments over an amount).
    pub fn approval_if(
        mut self,
        tool: impl Into<String>,
        rule: impl Fn(&serde_json::Value) -> bool + Send + Sync + 'static,
    ) -> Self {
        self.config
            .settings
            .approvals
            .insert(tool.into(), Arc::new(rule));
        self
    }

    /// Calls `f` with the run's [`Checkpoint`](crate::conversation::Checkpoint) after every
    /// message the run appends (the user message, each model turn, each tool result, the
    /// answer): store the latest and [`resume`](LlmAgent::resume) from it after a crash. `f` runs
    /// on the run's task and should only hand the value off (a channel, a write queue); each call
    /// clones the transcript.
    pub fn on_checkpoint(
        mut self,
        f: impl Fn(&crate::conversation::Checkpoint) + Send + Sync + 'static,
    ) -> Self {
        self.config.settings.on_checkpoint = Some(Arc::new(f));
        self
    }

    /// Checks the configuration and builds the agent.
    ///
    /// Fails with [`AgentError::Config`] when no model is set, a tool is registered twice, or an
    /// `on_tool_error` or a skill names a tool the agent does not have (with "did you mean").
    pub fn build(mut self) -> Result<LlmAgent<In, Out>, AgentError> {
        match self.model.take() {
            Some(m) => self.config.settings.model = m,
            None => self.errors.push("no model: call `.model(..)`".to_owned()),
        }
        let known: Vec<&str> = self
            .tools
            .iter()
            .map(|t| t.tool.spec().name.as_str())
            .collect();
        // With tool sources, a name may belong to a tool listed only at run time.
        let has = |name: &str| !self.sources.is_empty() || known.contains(&name);
        let unknown = |name: &str| {
            let hint = did_you_mean(name, known.iter().copied());
            format!("`{name}` is not one of this agent's tools{hint}")
        };
        let mut errors = std::mem::take(&mut self.errors);
        for name in self.config.settings.per_tool.keys() {
            if !has(name) {
                errors.push(format!("on_tool_error: {}", unknown(name)));
            }
        }
        for name in self.config.settings.approvals.keys() {
            if !has(name) {
                errors.push(format!("approval: {}", unknown(name)));
            }
        }
        for skill in &self.config.skills {
            for name in skill.tools.iter().flatten() {
                if name != ESCALATE_TOOL && name != THROW_TOOL && !has(name) {
                    errors.push(format!("skill `{}`: {}", skill.name, unknown(name)));
                }
            }
        }
        let owners = self
            .tools
            .iter()
            .map(|t| (format!("tool `{}`", t.tool.spec().name), &t.handlers))
            .chain(
                self.config
                    .settings
                    .per_tool
                    .iter()
                    .map(|(name, h)| (format!("on_tool_error(`{name}`)"), h)),
            )
            .chain(
                self.sources
                    .iter()
                    .map(|(s, h)| (format!("tool source `{}`", s.label()), h)),
            );
        for (owner, handlers) in owners {
            if handlers.has(ErrorKind::UnknownTool) {
                errors.push(format!(
                    "{owner}: `unknown_tool` is handled by the agent's defaults (`on_error`), not per tool: no tool owns a call to a tool that is not offered"
                ));
            }
            if handlers.has(ErrorKind::Answer) {
                errors.push(format!(
                    "{owner}: `answer_error` is handled by the agent's defaults (`on_error`), not per tool: no tool owns the final answer"
                ));
            }
        }
        let strict_only = BuiltIn {
            strict: self.config.settings.strict,
            ..BuiltIn::default()
        };
        self.config.settings.unknown_tool = self
            .config
            .settings
            .defaults
            .resolved(ErrorKind::UnknownTool, strict_only);
        self.config.settings.answer_error = self
            .config
            .settings
            .defaults
            .resolved(ErrorKind::Answer, strict_only);
        self.config.settings.recovery = self
            .recovery
            .resolve(self.config.settings.model.capabilities(&[]).recovery);
        let levels = HandlerLevels {
            defaults: &self.config.settings.defaults,
            per_tool: &self.config.settings.per_tool,
            built_in: self.config.settings.built_in(),
        };
        let mut own = Toolbox::default();
        for mut entry in self.tools {
            entry.resolve(&levels);
            own.push(Arc::new(entry));
        }
        let own = Arc::new(own);
        self.config.settings.sources = Sources::new(self.sources, own.clone());
        self.config.settings.tools = own;
        if !errors.is_empty() {
            return Err(AgentError::Config(format!(
                "agent `{}`: {}",
                self.config.settings.name,
                errors.join("; ")
            )));
        }
        Ok(LlmAgent {
            config: Arc::new(self.config),
            _io: PhantomData,
        })
    }
}
