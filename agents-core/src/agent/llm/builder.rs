//! The builder of [`LlmAgent`]: the surface the `agent!` macro expands to.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::Arc;

use super::{Config, LlmAgent, Output, ToolEntry, ToolUse};
use crate::agent::policy::{LlmErrorDecision, UnhandledPolicy};
use crate::agent::skill::{ESCALATE_TOOL, Skill, THROW_TOOL};
use crate::budget::{Budget, BudgetDecision, BudgetExceeded};
use crate::error::{AgentError, Classifier, EscalationError};
use crate::escalation::EscalationDecision;
use crate::event::Event;
use crate::model::{Model, ModelError, Sampling};
use crate::repair::Handlers;
use crate::tool::Tool;

/// Builds an [`LlmAgent`]. Every setting has a safe default except the model.
pub struct LlmAgentBuilder<In, Out> {
    config: Config<In, Out>,
    model: Option<Arc<dyn Model>>,
    errors: Vec<String>,
    _io: PhantomData<fn(In) -> Out>,
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
    pub(crate) fn new(name: String) -> Self {
        LlmAgentBuilder {
            config: Config {
                name,
                prompt: String::new(),
                model: Arc::new(NoModel),
                sampling: Sampling::default(),
                tools: Vec::new(),
                tool_index: HashMap::new(),
                defaults: Handlers::new(),
                per_tool: HashMap::new(),
                unhandled: UnhandledPolicy::default(),
                classifier: Classifier::default(),
                budget: Budget::default(),
                budget_handler: None,
                retry_budget: None,
                llm_error: None,
                on_escalation: None,
                subscribers: Vec::new(),
                on_tool_use: None,
                skills: Vec::new(),
                strict: false,
                builtins: false,
                output_retries: 2,
                output_is_text: super::output::is_text::<Out>(),
                output_schema: crate::model::compact_schema(&crate::tool::schema_for::<Out>()),
                max_failed_rounds: 3,
                max_same_failure: 3,
            },
            model: None,
            errors: Vec::new(),
            _io: PhantomData,
        }
    }

    /// The system prompt.
    pub fn prompt(mut self, prompt: impl Into<String>) -> Self {
        self.config.prompt = prompt.into();
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
        self.config.sampling = sampling;
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
        let name = tool.spec().name.clone();
        if name == ESCALATE_TOOL || name == THROW_TOOL {
            self.errors.push(format!(
                "tool name `{name}` is reserved for the built-in tool"
            ));
        }
        if self
            .config
            .tool_index
            .insert(name.clone(), self.config.tools.len())
            .is_some()
        {
            self.errors
                .push(format!("tool `{name}` is registered twice"));
        }
        let validator = compile_validator(tool.spec());
        self.config.tools.push(ToolEntry {
            tool,
            handlers,
            chains: Default::default(),
            validator,
        });
    }

    /// The default handlers for every tool (the lowest-priority level).
    pub fn on_error(mut self, handlers: Handlers) -> Self {
        self.config.defaults = handlers;
        self
    }

    /// Agent-level handlers for one tool: above the defaults, below the tool's own.
    pub fn on_tool_error(mut self, tool: impl Into<String>, handlers: Handlers) -> Self {
        self.config.per_tool.insert(tool.into(), handlers);
        self
    }

    /// What happens to a tool error no handler recovered (default [`UnhandledPolicy::FeedBack`]).
    pub fn unhandled(mut self, policy: UnhandledPolicy) -> Self {
        self.config.unhandled = policy;
        self
    }

    /// Which execution failures count as transient.
    pub fn classifier(mut self, classifier: Classifier) -> Self {
        self.config.classifier = classifier;
        self
    }

    /// The limits of a run.
    pub fn budget(mut self, budget: Budget) -> Self {
        self.config.budget = budget;
        self
    }

    /// A pool of retries shared with other layers (the provider's transport, other agents): every
    /// tool `retry` and every `on_llm_error` retry of this agent takes one from it, and none
    /// happens when it is empty. Give the same budget to the model's transport so that retries
    /// add up instead of multiplying.
    pub fn retry_budget(mut self, budget: Arc<crate::budget::RetryBudget>) -> Self {
        self.config.retry_budget = Some(budget);
        self
    }

    /// Decides whether a run stops or goes on when a limit runs out (default: stop).
    pub fn on_budget_exceeded(
        mut self,
        f: impl Fn(&BudgetExceeded) -> BudgetDecision + Send + Sync + 'static,
    ) -> Self {
        self.config.budget_handler = Some(Arc::new(f));
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

    /// Subscribes to this agent's events (and its children's).
    pub fn on_event(mut self, f: impl Fn(&Event) + Send + Sync + 'static) -> Self {
        self.config.subscribers.push(Arc::new(f));
        self
    }

    /// Called after every dispatched tool call.
    pub fn on_tool_use(mut self, f: impl Fn(&ToolUse<'_>) + Send + Sync + 'static) -> Self {
        self.config.on_tool_use = Some(Arc::new(f));
        self
    }

    /// Adds a skill.
    pub fn skill(mut self, skill: Skill<In, Out>) -> Self {
        self.config.skills.push(skill);
        self
    }

    /// Turns the built-in deterministic repair off for every tool that does not say otherwise.
    pub fn strict(mut self, strict: bool) -> Self {
        self.config.strict = strict;
        self
    }

    /// Shows the built-in `escalate` and `throw_exception` tools to the model in every skill.
    /// (They are always shown when the agent runs as a fixer, or when a skill names them.)
    pub fn builtin_tools(mut self, enabled: bool) -> Self {
        self.config.builtins = enabled;
        self
    }

    /// How many times a final answer that does not fit `Out` is sent back (default 2).
    pub fn output_retries(mut self, retries: u32) -> Self {
        self.config.output_retries = retries;
        self
    }

    /// The feedback loop's guards: rounds in a row in which every call failed, and repeats of the
    /// same (tool, error kind), before the run stops (defaults 3 and 3).
    pub fn loop_guards(mut self, max_failed_rounds: u32, max_same_failure: u32) -> Self {
        self.config.max_failed_rounds = max_failed_rounds.max(1);
        self.config.max_same_failure = max_same_failure.max(1);
        self
    }

    /// Checks the configuration and builds the agent.
    ///
    /// Fails with [`AgentError::Config`] when no model is set, a tool is registered twice, or an
    /// `on_tool_error` or a skill names a tool the agent does not have (with "did you mean").
    pub fn build(mut self) -> Result<LlmAgent<In, Out>, AgentError> {
        match self.model.take() {
            Some(m) => self.config.model = m,
            None => self.errors.push("no model: call `.model(..)`".to_owned()),
        }
        let known: Vec<&str> = self
            .config
            .tools
            .iter()
            .map(|t| t.tool.spec().name.as_str())
            .collect();
        let unknown = |name: &str| {
            let hint = crate::closest_name(name, known.iter().copied())
                .map(|c| format!(" (did you mean `{c}`?)"))
                .unwrap_or_default();
            format!("`{name}` is not one of this agent's tools{hint}")
        };
        let mut errors = std::mem::take(&mut self.errors);
        for name in self.config.per_tool.keys() {
            if !self.config.tool_index.contains_key(name) {
                errors.push(format!("on_tool_error: {}", unknown(name)));
            }
        }
        for skill in &self.config.skills {
            for name in skill.tools.iter().flatten() {
                if name != ESCALATE_TOOL
                    && name != THROW_TOOL
                    && !self.config.tool_index.contains_key(name)
                {
                    errors.push(format!("skill `{}`: {}", skill.name, unknown(name)));
                }
            }
        }
        for entry in &mut self.config.tools {
            let name = &entry.tool.spec().name;
            let merged = match self.config.per_tool.get(name) {
                Some(agent_level) => entry
                    .handlers
                    .merged_over(&agent_level.merged_over(&self.config.defaults)),
                None => entry.handlers.merged_over(&self.config.defaults),
            };
            entry.chains =
                crate::error::PerKind::from_fn(|k| merged.resolved(k, self.config.strict));
        }
        if !errors.is_empty() {
            return Err(AgentError::Config(format!(
                "agent `{}`: {}",
                self.config.name,
                errors.join("; ")
            )));
        }
        Ok(LlmAgent {
            config: Arc::new(self.config),
            _io: PhantomData,
        })
    }
}

/// The tool's argument validator, compiled once for every call the agent will make. A schema
/// the validator cannot compile does not stop the agent: the tool's arguments then go unchecked
/// by the schema (its own types still read them), and a warning says why.
fn compile_validator(spec: &crate::model::ToolSpec) -> Option<crate::tool::ArgsValidator> {
    match crate::tool::ArgsValidator::compile(&spec.name, &spec.parameters) {
        Ok(v) => Some(v),
        Err(e) => {
            tracing::warn!(target: "agents", tool = %spec.name, "{e}; its arguments are not validated against it");
            None
        }
    }
}
