//! A race whose racers all escalate escalates too, so the failure keeps walking up the tree;
//! a race with an ordinary failure among them reports `RaceFailed`.
use std::sync::Arc;

use agents_core::agent::{RaceFailed, from_fn};
use agents_core::{Agent, AgentError, AgentExt, Severity, agent::first_of};

fn escalating(name: &'static str, reason: &'static str) -> Arc<dyn Agent<String, String>> {
    Arc::new(from_fn(name, move |_: String| async move {
        Err::<String, _>(AgentError::escalation(reason, Severity::Medium))
    }))
}

#[tokio::test]
async fn all_racers_escalating_makes_the_race_escalate() {
    let race = first_of([escalating("a", "quota"), escalating("b", "disk full")]).named("race");
    match race.run("x".into()).await {
        Err(AgentError::Escalated(e)) => {
            assert!(
                e.reason.starts_with("disk full") || e.reason.starts_with("quota"),
                "{}",
                e.reason
            );
            assert!(
                e.reason.ends_with("(all 2 racers escalated)"),
                "{}",
                e.reason
            );
            assert_eq!(e.travelled.last().unwrap().to_string(), "race");
        }
        other => panic!("expected an escalation, got {other:?}"),
    }
}

#[tokio::test]
async fn a_plain_failure_among_them_gives_race_failed() {
    let failing: Arc<dyn Agent<String, String>> = Arc::new(from_fn("c", |_: String| async {
        Err::<String, _>(AgentError::Config("broken".into()))
    }));
    let race = first_of([escalating("a", "quota"), failing]).named("race");
    let err = race.run("x".into()).await.unwrap_err();
    assert!(RaceFailed::find(&err).is_some(), "{err:?}");
}
