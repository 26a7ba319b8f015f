//! The steps' defaults and named options are the runtime's: `agent!` maps
//! `fix_with(f, retries = 2)` to `FixWith::new(f).retries(2)`, `retry(3)` to `Retry::new(3)` and
//! `escalate(r)` to `Escalate::new(r)`, so each must build the same step as the positional
//! function with the documented default.

use agents_core::Severity;
use agents_core::error::kinds::execution_error;
use agents_core::repair::{
    Escalate, FixWith, Handlers, Retry, Step, escalate, exponential, fix_with, no_backoff, retry,
};

/// The step as the runtime holds it (its `Debug` shows every setting).
fn shown(step: impl Step<execution_error>) -> String {
    format!("{:?}", Handlers::new().execution_error(step))
}

fn fixer() -> impl agents_core::Agent<String, String> {
    agents_core::agent::from_fn("fixer", |raw: String| async move { Ok(raw) })
}

#[test]
fn fix_with_tries_once_unless_told_otherwise() {
    assert_eq!(shown(FixWith::new(fixer())), shown(fix_with(fixer(), 1)));
    assert_eq!(
        shown(FixWith::new(fixer()).retries(3)),
        shown(fix_with(fixer(), 3))
    );
    assert_eq!(
        shown(FixWith::new(fixer()).retries(0)),
        shown(fix_with(fixer(), 1)),
        "at least one try"
    );
}

#[test]
fn retry_backs_off_exponentially_unless_told_otherwise() {
    // The comparison below means something only if the settings show.
    assert_ne!(
        shown(Retry::new(3)),
        shown(Retry::new(3).backoff(no_backoff()))
    );
    assert_eq!(shown(Retry::new(3)), shown(retry(3, exponential())));
    assert_eq!(
        shown(Retry::new(3).backoff(no_backoff())),
        shown(retry(3, no_backoff()))
    );
}

#[test]
fn escalate_is_high_severity_unless_told_otherwise() {
    assert_eq!(
        shown(Escalate::new("down")),
        shown(escalate("down", Severity::High))
    );
    assert_eq!(
        shown(Escalate::new("down").severity(Severity::Low)),
        shown(escalate("down", Severity::Low))
    );
}
