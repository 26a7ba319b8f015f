//! What an agent was built with: the settings that do not depend on its input and output types,
//! and the few that do.
//!
//! The split is what lets the builder change `In` or `Out` ([`input`](super::LlmAgentBuilder::input),
//! [`output`](super::LlmAgentBuilder::output)) by moving [`Settings`] wholesale: a new setting is
//! written once, in `Settings`, and never copied field by field.

use crate::repair::BuiltIn;
use std::collections::HashMap;
use std::sync::Arc;

use super::checks::{InputGuardrail, OutputValidator};
use super::{ApprovalRule, CheckpointHook, Sources, ToolUseHook, Toolbox};
use crate::agent::policy::{LlmErrorHandler, UnhandledPolicy};
use crate::agent::skill::Skill;
use crate::budget::{Budget, BudgetHandler, RetryBudget};
use crate::error::Classifier;
use crate::escalation::EscalationHandler;
use crate::event::Subscriber;
use crate::model::{AnswerFormat, Model, Recovery, Sampling, ToolSpec};
use crate::repair::{Handlers, StepImpl};
use crate::run::DepsSet;

/// The default number of calls of one turn that run at once.
///
/// Providers ask for several calls in one turn only when they are independent (OpenAI's
/// parallel tool calls, Anthropic's several `tool_use` blocks), so running them at once is what
/// the model meant; a bound keeps a model that asks for fifty calls from opening fifty
/// connections. Four covers the common fan-outs (a few lookups, a few files) without surprising
/// a rate limit; `parallel_calls(1)` runs every turn's calls one after another.
pub const DEFAULT_PARALLEL_CALLS: usize = 4;

/// An agent's whole configuration.
pub(crate) struct Config<In, Out> {
    /// Everything that does not name `In` or `Out`.
    pub settings: Settings,
    /// The agent's skills.
    pub skills: Vec<Skill<In, Out>>,
    /// What happens after a failed model call (default: rethrow).
    pub llm_error: Option<LlmErrorHandler<Out>>,
    /// What happens to an escalation that reaches this agent.
    pub on_escalation: Option<EscalationHandler<Out>>,
    /// How the final answer is read.
    pub answer: AnswerShape,
    /// The application's checks of the typed answer, in order.
    pub output_validators: Vec<OutputValidator<Out>>,
    /// The application's checks of the input, in order, before the model is asked.
    pub input_guardrails: Vec<InputGuardrail<In>>,
}

impl<In, Out: super::Output> Config<In, Out> {
    /// A configuration with `settings` and nothing typed set.
    pub fn untyped(settings: Settings) -> Self {
        Config {
            settings,
            skills: Vec::new(),
            llm_error: None,
            on_escalation: None,
            answer: AnswerShape::of::<Out>(),
            output_validators: Vec::new(),
            input_guardrails: Vec::new(),
        }
    }

    /// Whether a typed setting is set (they cannot follow a change of `In` or `Out`).
    pub fn has_typed_settings(&self) -> bool {
        !self.skills.is_empty()
            || self.llm_error.is_some()
            || self.on_escalation.is_some()
            || !self.output_validators.is_empty()
            || !self.input_guardrails.is_empty()
    }
}

/// How the final answer is read into `Out`, and how it is asked for, decided once at build.
pub(crate) struct AnswerShape {
    /// Whether `Out` is read as plain text (its schema is a string).
    pub is_text: bool,
    /// `Out`'s schema as one line, for instructions and corrections (empty for text).
    pub schema: String,
    /// `Out`'s schema as requests carry it, for a model that holds typed answers (`None` for
    /// text: nothing to hold).
    pub format: Option<AnswerFormat>,
    /// Prevention mode's final-answer tool, its `answer` argument of `Out`'s schema.
    pub final_answer: ToolSpec,
}

impl AnswerShape {
    pub fn of<Out: super::Output>() -> Self {
        let full = crate::tool::schema_for::<Out>();
        let is_text = super::is_text::<Out>();
        let format = (!is_text).then(|| AnswerFormat::new(&answer_name::<Out>(&full), &full));
        let final_answer = match &format {
            Some(f) => crate::model::typed_final_answer_spec(&f.schema),
            None => crate::model::final_answer_spec(),
        };
        AnswerShape {
            is_text,
            schema: crate::model::compact_schema(&full),
            format,
            final_answer,
        }
    }
}

/// The answer schema's name: its title (schemars writes the type's name), else the type's
/// own name without its path or generics.
fn answer_name<Out>(schema: &serde_json::Value) -> String {
    if let Some(title) = schema.get("title").and_then(serde_json::Value::as_str) {
        return title.to_owned();
    }
    let full = std::any::type_name::<Out>();
    let base = full.split('<').next().unwrap_or(full);
    base.rsplit("::").next().unwrap_or(base).to_owned()
}

/// The settings that do not depend on the agent's input and output types.
pub(crate) struct Settings {
    pub name: String,
    pub prompt: String,
    pub model: Arc<dyn Model>,
    pub sampling: Sampling,
    /// The agent's own tools, fixed at build.
    pub tools: Arc<Toolbox>,
    /// Tool sets listed at run time, and their last listing.
    pub sources: Sources,
    pub defaults: Handlers,
    /// The steps for a call to a tool that is not offered (`unknown_tool` under the defaults),
    /// resolved at build.
    pub unknown_tool: Vec<StepImpl>,
    /// The steps for a final answer that does not read as `Out` (`answer_error` under the
    /// defaults), resolved at build.
    pub answer_error: Vec<StepImpl>,
    pub per_tool: HashMap<String, Handlers>,
    pub unhandled: UnhandledPolicy,
    pub classifier: Classifier,
    pub budget: Budget,
    pub budget_handler: Option<BudgetHandler>,
    pub retry_budget: Option<Arc<RetryBudget>>,
    pub subscribers: Vec<Subscriber>,
    pub on_tool_use: Option<ToolUseHook>,
    pub strict: bool,
    /// The recovery profile the agent's calls get (its pieces are read where they act; none
    /// under strict): the builder's, or its model's, resolved at build.
    pub recovery: Recovery,
    /// Prevention mode: every turn that may call tools is constrained (see `prevention.rs`).
    pub constrained: bool,
    pub builtins: bool,
    pub output_retries: u32,
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
    /// The agent's own dependencies, under what a run is given.
    pub deps: DepsSet,
}

impl Settings {
    /// The defaults, for an agent called `name` whose model is not set yet.
    pub fn new(name: String, model: Arc<dyn Model>) -> Self {
        Settings {
            name,
            prompt: String::new(),
            model,
            sampling: Sampling::default(),
            tools: Arc::default(),
            sources: Sources::new(Vec::new(), Arc::default()),
            defaults: Handlers::new(),
            unknown_tool: Vec::new(),
            answer_error: Vec::new(),
            per_tool: HashMap::new(),
            unhandled: UnhandledPolicy::default(),
            classifier: Classifier::default(),
            budget: Budget::default(),
            budget_handler: None,
            retry_budget: None,
            subscribers: Vec::new(),
            on_tool_use: None,
            strict: false,
            recovery: Recovery::NEUTRAL,
            constrained: false,
            builtins: false,
            output_retries: 2,
            max_failed_rounds: 3,
            max_same_failure: 3,
            approvals: HashMap::new(),
            parallel_calls: DEFAULT_PARALLEL_CALLS,
            on_checkpoint: None,
            history: None,
            deps: DepsSet::new(),
        }
    }

    /// What the built-in part of each tool's chains holds: the default strictness, and the
    /// recovery profile's `ask_values` and `regenerate_refused` (the latter only where the
    /// model can constrain, outside prevention mode, whose held turns ask again themselves).
    pub fn built_in(&self) -> BuiltIn {
        BuiltIn {
            strict: self.strict,
            ask_values: self.recovery.ask_values,
            regenerate: self.recovery.regenerate_refused
                && !self.constrained
                && self.model.capabilities(&[]).constraint.is_supported(),
        }
    }
}
