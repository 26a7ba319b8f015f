//! Handlers: one chain per error kind, merged per kind across levels.

use std::marker::PhantomData;

use super::Step;
use super::steps::{StepImpl, Steps};
use crate::error::kinds::{self, Kind};
use crate::error::{ErrorKind, PerKind};

/// An ordered chain of steps for kind `K`.
#[derive(Debug, Clone)]
pub struct Chain<K: Kind> {
    steps: Steps,
    _k: PhantomData<K>,
}

impl<K: Kind> Chain<K> {
    /// A chain from any step (or `a.or(b)` of steps) that can handle `K`.
    pub fn new(step: impl Step<K>) -> Self {
        let mut steps = Steps::default();
        step.append_to(&mut steps);
        Chain {
            steps,
            _k: PhantomData,
        }
    }
}

impl<K: Kind> Step<K> for Chain<K> {
    fn append_to(self, steps: &mut Steps) {
        steps.0.extend(self.steps.0);
    }
}

/// The `on_error` handlers of one level (a tool, an agent's `on_tool_error(tool)`, or the
/// defaults): at most one chain per kind.
///
/// Levels merge **per kind**: a tool that declares only `execution_error` still gets the
/// defaults' `invalid_args`.
///
/// ```
/// use agents_core::repair::{exponential, fix, retry, Handlers};
/// use agents_core::error::ErrorKind;
/// let defaults = Handlers::new().invalid_args(fix(|raw: &str| Some(raw.trim().to_owned())));
/// let tool = Handlers::new().execution_error(retry(3, exponential()));
/// let merged = tool.merged_over(&defaults);
/// assert!(merged.has(ErrorKind::InvalidArgs) && merged.has(ErrorKind::Execution));
/// assert!(!merged.has(ErrorKind::Deserialization));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Handlers {
    chains: PerKind<Option<Steps>>,
    strict: Option<bool>,
}

impl Handlers {
    /// No handlers.
    pub fn new() -> Self {
        Handlers::default()
    }

    /// Sets the `invalid_args` chain.
    pub fn invalid_args(self, step: impl Step<kinds::invalid_args>) -> Self {
        self.on(Chain::new(step))
    }

    /// Sets the `deserialization_error` chain.
    pub fn deserialization_error(self, step: impl Step<kinds::deserialization_error>) -> Self {
        self.on(Chain::new(step))
    }

    /// Sets the `execution_error` chain.
    pub fn execution_error(self, step: impl Step<kinds::execution_error>) -> Self {
        self.on(Chain::new(step))
    }

    /// Sets the `unknown_tool` chain: what happens when the model calls a tool it was not
    /// offered. Only the agent's defaults ([`on_error`](crate::LlmAgentBuilder::on_error)) may
    /// set it (no tool owns such a call); `build` refuses it on a tool.
    pub fn unknown_tool(self, step: impl Step<kinds::unknown_tool>) -> Self {
        self.on(Chain::new(step))
    }

    /// Sets the `answer_error` chain: what happens when the model's final answer does not read
    /// as the agent's output type (after repair and coercion), before the model is sent back
    /// with the error. Only the agent's defaults ([`on_error`](crate::LlmAgentBuilder::on_error))
    /// may set it; `build` refuses it on a tool. Its steps: `fix` and `fix_with` (over the
    /// answer's text), `regenerate()` (the model asked again without tools, held to the
    /// answer's schema where it can be), `escalate` and `throw`.
    pub fn answer_error(self, step: impl Step<kinds::answer_error>) -> Self {
        self.on(Chain::new(step))
    }

    /// Sets the chain for `K` (the form the `agent!` macro expands to).
    pub fn on<K: Kind>(mut self, chain: Chain<K>) -> Self {
        if let Some(slot) = self.chains.get_mut(K::KIND) {
            *slot = Some(chain.steps);
        }
        self
    }

    /// Turns the built-in deterministic repair (lenient JSON, schema-guided coercion) off
    /// (`true`) or on (`false`) at this level.
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = Some(strict);
        self
    }

    /// Whether a chain is declared for `kind`.
    pub fn has(&self, kind: ErrorKind) -> bool {
        self.slot(kind).is_some()
    }

    fn slot(&self, kind: ErrorKind) -> Option<&Steps> {
        self.chains.get(kind)?.as_ref()
    }

    /// These handlers, with `lower`'s filling every kind this level leaves undeclared.
    pub fn merged_over(&self, lower: &Handlers) -> Handlers {
        Handlers {
            chains: PerKind::from_fn(|kind| self.slot(kind).or(lower.slot(kind)).cloned()),
            strict: self.strict.or(lower.strict),
        }
    }

    /// The steps the runtime runs for `kind`: the built-in repair first (unless strict), with
    /// `ask_values` after coercion, then `regenerate()`, where `built_in` says so and the chain
    /// does not name the step itself, then the declared chain.
    pub(crate) fn resolved(&self, kind: ErrorKind, built_in: BuiltIn) -> Vec<StepImpl> {
        let strict = self.strict.unwrap_or(built_in.strict);
        let declared = self.slot(kind).map(|s| s.0.as_slice()).unwrap_or_default();
        let mut out = Vec::new();
        if !strict {
            match kind {
                ErrorKind::InvalidArgs => out.push(StepImpl::JsonRepair),
                ErrorKind::Deserialization => {
                    out.push(StepImpl::Coerce);
                    if built_in.ask_values
                        && !declared.iter().any(|s| matches!(s, StepImpl::AskValues))
                    {
                        out.push(StepImpl::AskValues);
                    }
                    if built_in.regenerate
                        && !declared.iter().any(|s| matches!(s, StepImpl::Regenerate))
                    {
                        out.push(StepImpl::Regenerate);
                    }
                }
                // The answer was read through repair and coercion already.
                ErrorKind::Execution
                | ErrorKind::Escalation
                | ErrorKind::UnknownTool
                | ErrorKind::Answer => {}
            }
        }
        out.extend(declared.iter().cloned());
        out
    }
}

/// What the built-in part of a chain holds ([`Handlers::resolved`]), from the agent's settings
/// and its recovery profile.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct BuiltIn {
    /// The agent's default strictness: no built-in repair where a level does not say.
    pub strict: bool,
    /// `ask_values` after coercion ([`Recovery::ask_values`](crate::model::Recovery::ask_values)).
    pub ask_values: bool,
    /// `regenerate()` after it
    /// ([`Recovery::regenerate_refused`](crate::model::Recovery::regenerate_refused), with a
    /// model that can constrain, outside prevention mode).
    pub regenerate: bool,
}
