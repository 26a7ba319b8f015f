//! Repair steps and the compile-time rule of which step may handle which kind of error.
//!
//! Each step has a file of its own under `steps/`, named after it: its type, its constructor,
//! its named options (`FixWith::new(f).retries(2)`, which `agent!` maps `fix_with(f, retries =
//! 2)` to, so the macro only maps arguments to calls), the kinds it handles (its `Step<K>`
//! impls) and what it does to a call (`handle`). This file holds what they share: the chain
//! ([`Steps`], [`Or`]), the rule ([`Step`]) and the runtime form ([`StepImpl`]).

use std::fmt;
use std::sync::Arc;

use serde_json::Value;

mod ask_values;
mod coerce;
mod escalate;
mod fix;
mod fix_with;
mod json_repair;
pub(crate) mod regenerate;
mod retry;
mod sanitize;
mod throw;

pub use ask_values::{AskValues, ask_values};
pub(crate) use ask_values::{QuestionSite, ask_value};
pub use escalate::{Escalate, escalate, escalate_error};
pub use fix::{Fix, fix, fix_in_context};
pub use fix_with::{FixWith, fix_with};
pub use regenerate::{Regenerate, regenerate};
pub(crate) use retry::RetrySettings;
pub use retry::{Retry, retry};
pub use sanitize::{Sanitize, sanitize};
pub use throw::{Throw, throw};

use super::call::{CallRepair, Cursor, StepResult};
use super::{FixOutcome, RepairContext};
use crate::error::kinds::Kind;
use crate::error::{Severity, ToolError};
use crate::run::Agent;

pub(crate) type FixFn = Arc<dyn Fn(&str, &RepairContext<'_>) -> FixOutcome + Send + Sync>;
pub(crate) type SanitizeFn = Arc<dyn Fn(serde_json::Value) -> Option<Value> + Send + Sync>;

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
    /// step does lives in its own file under `repair/steps/`.
    pub(super) async fn run(
        &self,
        run: &mut CallRepair<'_, '_>,
        error: &ToolError,
        cursor: &mut Cursor,
    ) -> StepResult {
        match self {
            StepImpl::JsonRepair => json_repair::handle(run, error, cursor),
            StepImpl::Coerce => coerce::handle(run, error, cursor),
            StepImpl::Fix(f) => fix::handle(run, f, error, cursor),
            StepImpl::FixWith { agent, retries } => {
                fix_with::handle(run, agent, *retries, error, cursor).await
            }
            StepImpl::Sanitize(f) => sanitize::handle(run, f, error, cursor),
            StepImpl::Regenerate => regenerate::handle(run, error, cursor).await,
            StepImpl::AskValues => ask_values::handle(run, error, cursor).await,
            StepImpl::Retry(settings) => retry::handle(run, settings, error, cursor).await,
            StepImpl::Escalate { reason, severity } => {
                escalate::handle(run, reason, *severity, error)
            }
            StepImpl::Throw(reason) => throw::handle(run, reason, error),
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
/// | step | `invalid_args` | `deserialization_error` | `execution_error` | `unknown_tool` | `answer_error` |
/// |---|---|---|---|---|---|
/// | `fix`, `fix_in_context`, `fix_with` | yes | yes | yes | | yes |
/// | `sanitize` | | yes | | | |
/// | `regenerate` | yes | yes | | yes | yes |
/// | `ask_values` | | yes | | | |
/// | `retry` | | | yes | | |
/// | `escalate`, `throw` | yes | yes | yes | yes | yes |
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot handle `{K}` errors",
    label = "this step cannot handle `{K}` errors",
    note = "`sanitize` handles only `deserialization_error`; `regenerate` handles `invalid_args`, `deserialization_error`, `unknown_tool` and `answer_error`; `ask_values` handles only `deserialization_error`; `retry` handles only `execution_error`; `fix` and `fix_with` handle every kind but `unknown_tool`; `escalate` and `throw` handle every kind"
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
