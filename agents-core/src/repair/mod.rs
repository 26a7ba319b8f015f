//! The repair chain: per error kind, an ordered list of steps; the first that succeeds wins.
//!
//! Steps: [`fix`] (deterministic), [`fix_with`] (an `Agent<String, String>`), [`sanitize`] (on the
//! parsed value), [`retry`] (with [`Backoff`]), [`escalate`], [`throw`]. Chains compose with
//! `.or(..)`. Which step may handle which kind is checked at compile time by [`Step<K>`].

pub(crate) mod call;
mod handlers;
mod outcome;
pub(crate) mod pipeline;
mod steps;

pub use crate::run::{RepairContext, RepairRequest};
// The step's schedule is the runtime's one backoff, re-exported where the steps are written.
pub use crate::retry::{Backoff, constant, exponential, no_backoff};
pub(crate) use handlers::BuiltIn;
pub use handlers::{Chain, Handlers};
pub use outcome::FixOutcome;
pub(crate) use steps::StepImpl;
pub(crate) use steps::regenerate::{Again, AskOnce, Asked, ask_again, ask_once};
pub use steps::{
    AskValues, Escalate, Fix, FixWith, Or, Regenerate, Retry, Sanitize, Step, Steps, Throw,
    ask_values, escalate, escalate_error, fix, fix_in_context, fix_with, regenerate, retry,
    sanitize, throw,
};
pub(crate) use steps::{QuestionSite, ask_value};
