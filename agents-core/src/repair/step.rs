//! Repair steps and the compile-time rule of which step may handle which kind of error.

use std::fmt;
use std::sync::Arc;

use serde_json::Value;

mod asking;
mod builtin;
mod fixer;
mod function;
pub(crate) mod regenerating;
mod retrying;

use super::pipeline::{CallOutcome, Cursor, Run, StepResult};
use super::{FixOutcome, RepairContext};
use crate::error::kinds::{self, Kind};
use crate::error::{Severity, ToolError};
use crate::retry::Backoff;
use crate::run::Agent;

pub(crate) type FixFn = Arc<dyn Fn(&str, &RepairContext<'_>) -> FixOutcome + Send + Sync>;
pub(crate) type SanitizeFn = Arc<dyn Fn(serde_json::Value) -> Option<Value> + Send + Sync>;

/// The settings of one `retry` step (what [`Retry`]'s builder methods set).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RetrySettings {
    /// Attempts in all, the first call included.
    pub max_attempts: u32,
    /// The wait between attempts.
    pub backoff: Backoff,
    /// Retry even if the tool does not declare itself idempotent.
    pub allow_non_idempotent: bool,
    /// Retry failures of unknown class too (permanent ones never are).
    pub retry_unknown: bool,
}

/// One step of a repair chain, as the runtime runs it.
#[derive(Clone)]
pub(crate) enum StepImpl {
    JsonRepair,
    Coerce,
    Fix(FixFn),
    FixWith {
        agent: Arc<dyn Agent<String, String>>,
        retries: u32,
    },
    Sanitize(SanitizeFn),
    Regenerate,
    AskValues,
    Retry(RetrySettings),
    Escalate {
        reason: Option<String>,
        severity: Severity,
    },
    Throw(String),
}

impl StepImpl {
    pub(crate) fn name(&self) -> &'static str {
        match self {
            StepImpl::JsonRepair => "json_repair",
            StepImpl::Coerce => "coerce",
            StepImpl::Fix(_) => "fix",
            StepImpl::FixWith { .. } => "fix_with",
            StepImpl::Sanitize(_) => "sanitize",
            StepImpl::Regenerate => "regenerate",
            StepImpl::AskValues => "ask_values",
            StepImpl::Retry(_) => "retry",
            StepImpl::Escalate { .. } => "escalate",
            StepImpl::Throw(_) => "throw",
        }
    }
}

impl StepImpl {
    /// Runs this step on `error`, from where `cursor` stands in its kind's chain. What each
    /// step does lives beside it in `repair/step/`; the two that only end the call are here.
    pub(super) async fn run(
        &self,
        run: &mut Run<'_, '_>,
        error: &ToolError,
        cursor: &mut Cursor,
    ) -> StepResult {
        // The steps that ask a model are boxed: an inline future of theirs would be carried
        // (and, in a debug build, copied on the stack) by every call's future, at every level of
        // nested agents (eight levels overflowed a 2 MiB thread without it). The box is made
        // only when such a step runs, which costs a model call anyway.
        match self {
            StepImpl::JsonRepair => builtin::json_repair(run, error, cursor),
            StepImpl::Coerce => builtin::coerce(run, error, cursor),
            StepImpl::Fix(f) => function::fix(run, f, error, cursor),
            StepImpl::FixWith { agent, retries } => {
                Box::pin(fixer::fix_with(run, agent, *retries, error, cursor)).await
            }
            StepImpl::Sanitize(f) => function::sanitize(run, f, error, cursor),
            StepImpl::Regenerate => Box::pin(regenerating::regenerate(run, error, cursor)).await,
            StepImpl::AskValues => Box::pin(asking::ask_values(run, error, cursor)).await,
            StepImpl::Retry(settings) => retrying::retry(run, settings, error, cursor).await,
            StepImpl::Escalate { reason, severity } => {
                let reason = reason.clone().unwrap_or_else(|| error.model_reason());
                StepResult::Done(CallOutcome::Escalated(
                    run.escalation(error, reason, *severity),
                ))
            }
            StepImpl::Throw(reason) => {
                StepResult::Done(CallOutcome::Stop(run.thrown(error, reason.clone())))
            }
        }
    }
}

impl fmt::Debug for StepImpl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepImpl::FixWith { agent, retries } => {
                write!(f, "fix_with({}, retries = {retries})", agent.name())
            }
            StepImpl::Retry(p) => write!(f, "retry({}, {:?})", p.max_attempts, p.backoff),
            StepImpl::Escalate { reason, severity } => {
                write!(f, "escalate({reason:?}, {severity})")
            }
            StepImpl::Throw(r) => write!(f, "throw({r:?})"),
            other => f.write_str(other.name()),
        }
    }
}

/// The steps of a chain, in order. Opaque: build it from steps with [`Step`].
#[derive(Clone, Default)]
pub struct Steps(pub(crate) Vec<StepImpl>);

impl fmt::Debug for Steps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.0).finish()
    }
}

/// A repair step that can handle errors of kind `K`.
///
/// Which step handles which kind is decided at compile time:
///
/// | step | `invalid_args` | `deserialization_error` | `execution_error` |
/// |---|---|---|---|
/// | `fix`, `fix_in_context`, `fix_with` | yes | yes | yes |
/// | `sanitize` | | yes | |
/// | `regenerate` | yes | yes | |
/// | `ask_values` | | yes | |
/// | `retry` | | | yes |
/// | `escalate`, `throw` | yes | yes | yes |
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot handle `{K}` errors",
    label = "this step cannot handle `{K}` errors",
    note = "`sanitize` handles only `deserialization_error`; `regenerate` handles `invalid_args` and `deserialization_error`; `ask_values` handles only `deserialization_error`; `retry` handles only `execution_error`; `fix`, `fix_with`, `escalate` and `throw` handle every kind"
)]
pub trait Step<K: Kind>: Sized {
    /// Appends this step's runtime form to `steps`.
    #[doc(hidden)]
    fn append_to(self, steps: &mut Steps);
}

/// Two steps in sequence: the first that succeeds wins. Built by `.or(..)` on any step.
#[derive(Clone)]
pub struct Or<A, B>(A, B);

macro_rules! or_method {
    ($($ty:ident $(<$($g:ident),*>)?),*) => {$(
        impl $(<$($g),*>)? $ty $(<$($g),*>)? {
            /// This step, then `next` if this one passes or its answer fails again.
            pub fn or<N>(self, next: N) -> Or<Self, N> {
                Or(self, next)
            }
        }
    )*};
}

or_method!(Fix, FixWith, Sanitize, Regenerate, AskValues, Retry, Escalate, Throw, Or<A, B>);

impl<K: Kind, A: Step<K>, B: Step<K>> Step<K> for Or<A, B> {
    fn append_to(self, steps: &mut Steps) {
        self.0.append_to(steps);
        self.1.append_to(steps);
    }
}

/// A deterministic repair: built by [`fix`] or [`fix_in_context`].
#[derive(Clone)]
pub struct Fix(StepImpl);
/// A repair by an agent: built by [`fix_with`].
#[derive(Clone)]
pub struct FixWith(StepImpl);
/// A repair of the parsed value: built by [`sanitize`].
#[derive(Clone)]
pub struct Sanitize(StepImpl);
/// A regeneration under constraint: built by [`regenerate`].
#[derive(Clone)]
pub struct Regenerate(StepImpl);
/// Questions to the model about the user's words: built by [`ask_values`].
#[derive(Clone)]
pub struct AskValues(StepImpl);
/// A retry schedule: built by [`retry`].
#[derive(Clone)]
pub struct Retry(StepImpl);
/// A soft give-up: built by [`escalate`].
#[derive(Clone)]
pub struct Escalate(StepImpl);
/// A hard stop: built by [`throw`].
#[derive(Clone)]
pub struct Throw(StepImpl);

// The steps that handle every kind. A macro only here: these never appear in a wrong-kind error,
// where a macro would show up in the listed impls. `Sanitize` and `Retry`, which do, are written
// out below.
macro_rules! every_kind {
    ($($ty:ty),+) => {$(
        impl<K: Kind> Step<K> for $ty {
            fn append_to(self, steps: &mut Steps) {
                steps.0.push(self.0);
            }
        }
    )+};
}

every_kind!(Escalate, Throw);

// A fixer repairs a call's arguments: every kind but `unknown_tool`, which has none.
impl<K: kinds::ToolKind> Step<K> for Fix {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

impl<K: kinds::ToolKind> Step<K> for FixWith {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

impl Step<kinds::deserialization_error> for Sanitize {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

impl Step<kinds::invalid_args> for Regenerate {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

impl Step<kinds::deserialization_error> for Regenerate {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

impl Step<kinds::unknown_tool> for Regenerate {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

impl Step<kinds::deserialization_error> for AskValues {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

impl Step<kinds::execution_error> for Retry {
    fn append_to(self, steps: &mut Steps) {
        steps.0.push(self.0);
    }
}

/// A deterministic repair of the argument text. Return `None` to pass to the next step.
///
/// Under `invalid_args` it receives the raw text; under `deserialization_error` the parsed JSON;
/// under `execution_error` the arguments the tool failed with. Its answer re-enters the pipeline
/// (parse, read, run), and the tool runs once with no extra model turn.
///
/// ```
/// use agents_core::repair::{fix, Handlers};
/// fn strip_fences(raw: &str) -> Option<String> {
///     let t = raw.trim().strip_prefix("```json")?.strip_suffix("```")?;
///     Some(t.trim().to_owned())
/// }
/// let h = Handlers::new().invalid_args(fix(strip_fences));
/// assert!(h.has(agents_core::error::ErrorKind::InvalidArgs));
/// ```
pub fn fix<O: Into<FixOutcome>>(f: impl Fn(&str) -> O + Send + Sync + 'static) -> Fix {
    Fix(StepImpl::Fix(Arc::new(move |raw, _| f(raw).into())))
}

/// Like [`fix`], with the error, schema, attempt and conversation at hand.
pub fn fix_in_context<O: Into<FixOutcome>>(
    f: impl Fn(&str, &RepairContext<'_>) -> O + Send + Sync + 'static,
) -> Fix {
    Fix(StepImpl::Fix(Arc::new(move |raw, cx| f(raw, cx).into())))
}

/// A repair by an [`Agent<String, String>`] (LLM-driven or a plain function), tried up to
/// `retries` times. It receives the argument text as input and the full
/// [`RepairRequest`](super::RepairRequest) in its context; an escalation or a throw from it stops
/// the repair at once.
pub fn fix_with<A: Agent<String, String> + 'static>(agent: A, retries: u32) -> FixWith {
    FixWith(StepImpl::FixWith {
        agent: Arc::new(agent),
        retries: retries.max(1),
    })
}

/// A repair of the parsed value (for `deserialization_error`): return the corrected value, or
/// `None` to pass.
pub fn sanitize(f: impl Fn(Value) -> Option<Value> + Send + Sync + 'static) -> Sanitize {
    Sanitize(StepImpl::Sanitize(Arc::new(f)))
}

/// Asks the same model again for this one call, its decoding held to the failing tool's
/// schema ([`Constraint::Tool`](crate::model::Constraint)): the model already chose the tool,
/// and under the constraint it cannot write an invented argument, a unit inside a number or
/// an enum value outside the list. One model call per step, counted against the repair-step
/// and token budgets and the run's time, reported as [`Event::Regenerated`](crate::Event)
/// and [`Event::Repaired`](crate::Event) (step `regenerate`). The conversation sent is the
/// one the call answered, without the failed call. A model that cannot constrain
/// ([`Capabilities::constraint`](super::Capabilities)) is not asked: the step passes, with a
/// warning.
///
/// An invented tool name is not an error kind a chain handles (the call never reaches a
/// tool); prevention mode ([`constrained`](crate::LlmAgentBuilder::constrained)) makes one
/// impossible to write where the provider constrains.
///
/// ```
/// use agents_core::repair::{regenerate, Handlers};
/// let h = Handlers::new().invalid_args(regenerate()).deserialization_error(regenerate());
/// assert!(h.has(agents_core::error::ErrorKind::Deserialization));
/// ```
///
/// The tool ran, so its arguments were valid: there is nothing to regenerate after an
/// `execution_error`, and it does not compile:
///
/// ```compile_fail
/// use agents_core::repair::{regenerate, Handlers};
/// let _ = Handlers::new().execution_error(regenerate());
/// ```
pub fn regenerate() -> Regenerate {
    Regenerate(StepImpl::Regenerate)
}

/// Asks the model, one short question per argument the error names, which value the user's
/// last message gives for it ("In the text, what is the restaurant (text)?"), and puts the
/// answers into the call, which is then validated and read again. An answer is read the way
/// the argument's schema wants it: a number out of its words (`fifty dollars` is 50), a list
/// split at its commas; an optional argument the user did not give is left out.
///
/// For the small models that copy a worked example's values into their calls (see the `echo`
/// check in docs/repair.md): asked for one value in plain words, they read it out of the
/// request. Each question is one model call (at most six per step), counted against the token
/// budget and the run's time and reported as [`Event::ValueAsked`](crate::Event). The agent
/// runs it by default after coercion for models that take short feedback (the prompted
/// clients); [`LlmAgentBuilder::ask_values`](crate::LlmAgentBuilder::ask_values) says otherwise.
///
/// ```
/// use agents_core::repair::{ask_values, regenerate, Handlers};
/// let h = Handlers::new().deserialization_error(ask_values().or(regenerate()));
/// assert!(h.has(agents_core::error::ErrorKind::Deserialization));
/// ```
///
/// Unparsed text has no arguments to ask about; `invalid_args` does not take it:
///
/// ```compile_fail
/// use agents_core::repair::{ask_values, Handlers};
/// let _ = Handlers::new().invalid_args(ask_values());
/// ```
pub fn ask_values() -> AskValues {
    AskValues(StepImpl::AskValues)
}

/// Re-runs the tool with the same arguments, up to `max_attempts` in all, waiting `backoff`
/// between attempts. Only transient failures of idempotent tools are retried unless you opt in
/// with [`Retry::even_if_not_idempotent`] or [`Retry::on_unknown_errors`]; anything else passes to
/// the next step at once. Exhaustion reports the last error with the number of attempts.
pub fn retry(max_attempts: u32, backoff: Backoff) -> Retry {
    Retry(StepImpl::Retry(RetrySettings {
        max_attempts: max_attempts.max(1),
        backoff,
        allow_non_idempotent: false,
        retry_unknown: false,
    }))
}

impl Retry {
    fn settings(&mut self) -> &mut RetrySettings {
        match &mut self.0 {
            StepImpl::Retry(p) => p,
            _ => unreachable!("Retry always holds retry settings"),
        }
    }

    /// Retries even though the tool does not declare itself idempotent.
    pub fn even_if_not_idempotent(mut self) -> Self {
        self.settings().allow_non_idempotent = true;
        self
    }

    /// Retries failures whose class is unknown too (never permanent ones).
    pub fn on_unknown_errors(mut self) -> Self {
        self.settings().retry_unknown = true;
        self
    }
}

/// Gives up softly: the failure becomes an [`EscalationError`](crate::error::EscalationError) that the
/// agent's `on_escalation` (or its model) sees. Never reported as a success.
pub fn escalate(reason: impl Into<String>, severity: Severity) -> Escalate {
    Escalate(StepImpl::Escalate {
        reason: Some(reason.into()),
        severity,
    })
}

/// Gives up softly with the error's own model-safe text as the reason, severity High.
pub fn escalate_error() -> Escalate {
    Escalate(StepImpl::Escalate {
        reason: None,
        severity: Severity::High,
    })
}

/// Gives up hard: the run ends at once with this reason, whatever retries remain.
pub fn throw(reason: impl Into<String>) -> Throw {
    Throw(StepImpl::Throw(reason.into()))
}

// The steps' defaults and named options, owned here so that `agent!` only maps its arguments to
// calls: `fix_with(fixer, retries = 2)` becomes `FixWith::new(fixer).retries(2)`.

impl FixWith {
    /// A repair by `agent`, tried once; [`FixWith::retries`] allows more tries.
    pub fn new<A: Agent<String, String> + 'static>(agent: A) -> Self {
        fix_with(agent, 1)
    }

    /// Tries the repair agent up to `retries` times (at least once).
    pub fn retries(mut self, retries: u32) -> Self {
        if let StepImpl::FixWith { retries: r, .. } = &mut self.0 {
            *r = retries.max(1);
        }
        self
    }
}

impl Retry {
    /// Up to `max_attempts` in all, waiting [`exponential`](super::exponential) between attempts;
    /// [`Retry::backoff`] sets another wait.
    pub fn new(max_attempts: u32) -> Self {
        retry(max_attempts, super::exponential())
    }

    /// Waits `backoff` between attempts.
    pub fn backoff(mut self, backoff: Backoff) -> Self {
        self.settings().backoff = backoff;
        self
    }
}

impl Escalate {
    /// A soft give-up with this reason, severity [`Severity::High`]; [`Escalate::severity`] sets
    /// another.
    pub fn new(reason: impl Into<String>) -> Self {
        escalate(reason, Severity::High)
    }

    /// Sets the severity the escalation reports.
    pub fn severity(mut self, severity: Severity) -> Self {
        if let StepImpl::Escalate { severity: s, .. } = &mut self.0 {
            *s = severity;
        }
        self
    }
}
