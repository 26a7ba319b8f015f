//! Handlers: one chain per error kind, merged per kind across levels.

use std::marker::PhantomData;

use super::Step;
use super::step::{StepImpl, Steps};
use crate::error::ErrorKind;
use crate::error::kinds::{self, Kind};

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
/// use agents_core::ErrorKind;
/// let defaults = Handlers::new().invalid_args(fix(|raw: &str| Some(raw.trim().to_owned())));
/// let tool = Handlers::new().execution_error(retry(3, exponential()));
/// let merged = tool.merged_over(&defaults);
/// assert!(merged.has(ErrorKind::InvalidArgs) && merged.has(ErrorKind::Execution));
/// assert!(!merged.has(ErrorKind::Deserialization));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Handlers {
    invalid_args: Option<Steps>,
    deserialization: Option<Steps>,
    execution: Option<Steps>,
    strict: Option<bool>,
}

impl Handlers {
    /// No handlers.
    pub fn new() -> Self {
        Handlers::default()
    }

    /// Sets the `invalid_args` chain.
    pub fn invalid_args(mut self, step: impl Step<kinds::invalid_args>) -> Self {
        self.invalid_args = Some(Chain::new(step).steps);
        self
    }

    /// Sets the `deserialization_error` chain.
    pub fn deserialization_error(mut self, step: impl Step<kinds::deserialization_error>) -> Self {
        self.deserialization = Some(Chain::new(step).steps);
        self
    }

    /// Sets the `execution_error` chain.
    pub fn execution_error(mut self, step: impl Step<kinds::execution_error>) -> Self {
        self.execution = Some(Chain::new(step).steps);
        self
    }

    /// Sets the chain for `K` (the form the `agent!` macro expands to).
    pub fn on<K: Kind>(mut self, chain: Chain<K>) -> Self {
        let slot = match K::KIND {
            ErrorKind::InvalidArgs => &mut self.invalid_args,
            ErrorKind::Deserialization => &mut self.deserialization,
            ErrorKind::Execution => &mut self.execution,
            ErrorKind::Escalation => return self,
        };
        *slot = Some(chain.steps);
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
        match kind {
            ErrorKind::InvalidArgs => self.invalid_args.as_ref(),
            ErrorKind::Deserialization => self.deserialization.as_ref(),
            ErrorKind::Execution => self.execution.as_ref(),
            ErrorKind::Escalation => None,
        }
    }

    /// These handlers, with `lower`'s filling every kind this level leaves undeclared.
    pub fn merged_over(&self, lower: &Handlers) -> Handlers {
        Handlers {
            invalid_args: self
                .invalid_args
                .clone()
                .or_else(|| lower.invalid_args.clone()),
            deserialization: self
                .deserialization
                .clone()
                .or_else(|| lower.deserialization.clone()),
            execution: self.execution.clone().or_else(|| lower.execution.clone()),
            strict: self.strict.or(lower.strict),
        }
    }

    /// The steps the runtime runs for `kind`: the built-in repair first (unless strict), then the
    /// declared chain.
    pub(crate) fn resolved(&self, kind: ErrorKind, strict_default: bool) -> Vec<StepImpl> {
        let strict = self.strict.unwrap_or(strict_default);
        let mut out = Vec::new();
        if !strict {
            match kind {
                ErrorKind::InvalidArgs => out.push(StepImpl::JsonRepair),
                ErrorKind::Deserialization => out.push(StepImpl::Coerce),
                _ => {}
            }
        }
        if let Some(s) = self.slot(kind) {
            out.extend(s.0.iter().cloned());
        }
        out
    }
}
