//! A plain-function agent in the middle of the tree passes an escalation up untouched, but it
//! appears on the path the escalation travelled and emits an event.
use agents_core::agent::{from_fn, from_fn_with_context};
use agents_core::{Agent, AgentError, AgentExt, Event, Severity, agent::RunContext};

#[tokio::test]
async fn plain_middle_agent_is_on_the_escalation_path() {
    let events = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let ev = events.clone();
    let leaf = std::sync::Arc::new(from_fn("leaf", |_: String| async {
        Err::<String, _>(AgentError::escalation("disk full", Severity::Medium))
    }));
    let middle = from_fn_with_context("middle", move |input: String, ctx: RunContext| {
        let leaf = leaf.clone();
        async move { leaf.invoke(input, &ctx).await }
    });
    let top = RunContext::top().with_subscriber(move |e| ev.lock().unwrap().push(e.clone()));
    let err = middle.invoke("x".into(), &top).await.unwrap_err();
    let AgentError::Escalated(e) = err else {
        panic!("expected an escalation")
    };
    let path: Vec<String> = e.travelled.iter().map(ToString::to_string).collect();
    assert_eq!(path, ["middle/leaf", "middle"]);
    assert_eq!(
        (e.reason.as_str(), e.severity),
        ("disk full", Severity::Medium)
    );
    assert!(
        events
            .lock()
            .unwrap()
            .iter()
            .any(|e| matches!(e, Event::Escalated { agent, .. } if agent.to_string() == "middle"))
    );
    // A plain agent's own escalation is attributed to it and not listed twice.
    let own = from_fn("solo", |_: String| async {
        Err::<String, _>(AgentError::escalation("no", Severity::Low))
    });
    let AgentError::Escalated(e) = own.run("x".into()).await.unwrap_err() else {
        panic!()
    };
    assert_eq!(
        e.travelled
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["solo"]
    );
}
