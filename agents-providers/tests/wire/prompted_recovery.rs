//! What recovery does for a prompted model, and what `strict(true)` turns off (issue 16, items
//! 6 and 9): the shapes read, the raw text shown to the user, the feedback the model reads.

use std::sync::{Arc, Mutex};

use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{Event, ExecutionFailure, LlmAgent, ModelResponse};
use agents_providers::prompted::PromptedChat;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct AddArgs {
    a: f64,
    b: f64,
}

fn add_tool() -> impl agents_core::tool::Tool {
    tool_fn("add", "add two numbers", |a: AddArgs| async move {
        Ok::<_, ExecutionFailure>(format!("{}", a.a + a.b))
    })
}

/// The agent, the tools it ran and the events it emitted.
type Probe = (
    LlmAgent<String, String>,
    Arc<Mutex<Vec<String>>>,
    Arc<Mutex<Vec<Event>>>,
);

/// An agent over a prompted chat model that writes `texts` in turn; it records the tools run.
fn agent(texts: &[&str], strict: bool) -> Probe {
    let model = ScriptedModel::new(texts.iter().map(|t| ModelResponse::text(*t)));
    let ran = Arc::new(Mutex::new(Vec::new()));
    let events = Arc::new(Mutex::new(Vec::new()));
    let (r, e) = (ran.clone(), events.clone());
    let agent = LlmAgent::<String, String>::builder("prompted")
        .model(PromptedChat::new(model))
        .tool(add_tool())
        .strict(strict)
        // The scripted turns are the model's calls and answers; asking it for values
        // (`ask_values`, agents-core/tests/repair/ask_values.rs) would take them as answers.
        .ask_values(false)
        .on_tool_use(move |u| {
            if !u.is_error {
                r.lock().unwrap().push(u.name.to_owned());
            }
        })
        .on_event(move |ev| e.lock().unwrap().push(ev.clone()))
        .build()
        .unwrap();
    (agent, ran, events)
}

/// Issue 16, item 9: `strict(true)` means no recovery for a prompted model too. `add: {...}`
/// and flattened arguments are shapes the parser recovers; a strict agent reads only the
/// documented `{"tool": ..., "arguments": {...}}`, so the model's text is its answer and no tool
/// runs. Without strict the same text runs the tool.
#[tokio::test]
async fn strict_reads_only_the_documented_shape() {
    for text in [
        r#"Call: add: {"a": 1, "b": 2}"#,
        r#"Call: {"tool": "add", "a": 1, "b": 2}"#,
        r#"Call: {"a": 1, "b": 2}"#,
    ] {
        let (strict, ran, _) = agent(&[text, "Answer: 3"], true);
        let out = strict.run("Add 1 and 2.".to_owned()).report().await;
        assert!(
            ran.lock().unwrap().is_empty(),
            "strict ran a tool for {text}"
        );
        assert_eq!(out.turns, 1, "{text}");

        let (lenient, ran, _) = agent(&[text, "Answer: 3"], false);
        let out = lenient.run("Add 1 and 2.".to_owned()).report().await;
        assert_eq!(*ran.lock().unwrap(), ["add"], "{text}");
        assert_eq!(out.output().unwrap(), "3");
    }
    // The documented shape is read in strict mode too.
    let (strict, ran, _) = agent(
        &[
            r#"Call: {"tool": "add", "arguments": {"a": 1, "b": 2}}"#,
            "Answer: 3",
        ],
        true,
    );
    assert_eq!(strict.run("Add 1 and 2.".to_owned()).await.unwrap(), "3");
    assert_eq!(*ran.lock().unwrap(), ["add"]);
}

/// Issue 16, item 9: the raw model text of every turn is visible to the user, a call to an
/// unknown tool included (`Event::ModelResponded` carries the text and the calls as read).
#[tokio::test]
async fn every_turn_reports_the_raw_model_text() {
    let first = r#"Call: {"tool": "sum_numbers", "arguments": {"x": 1}}"#;
    let (agent, _, events) = agent(
        &[
            first,
            r#"Call: {"tool": "add", "arguments": {"a": 1, "b": 2}}"#,
            "Answer: 3",
        ],
        false,
    );
    agent.run("Add 1 and 2.".to_owned()).await.unwrap();
    let turns: Vec<(Option<String>, Vec<String>)> = events
        .lock()
        .unwrap()
        .iter()
        .filter_map(|e| match e {
            Event::ModelResponded { raw, calls, .. } => {
                Some((raw.clone(), calls.iter().map(|c| c.name.clone()).collect()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(turns.len(), 3);
    assert_eq!(turns[0].0.as_deref(), Some(first));
    assert_eq!(turns[0].1, ["sum_numbers"]);
    assert_eq!(turns[1].1, ["add"]);
    assert_eq!(turns[2].0.as_deref(), Some("Answer: 3"));
    assert!(turns[2].1.is_empty());
}

/// Issue 16, item 6: a prompted client asks for short feedback, so the model reads what was
/// wrong and the call to write (`add: {"a": number, "b": number}`), not a schema dump.
#[tokio::test]
async fn a_prompted_model_reads_short_feedback() {
    let (agent, _, _) = agent(
        &[
            r#"Call: {"tool": "add", "arguments": {"a": "a couple", "b": 2}}"#,
            "Answer: 3",
        ],
        false,
    );
    let report = agent.run("Add a couple and 2.".to_owned()).report().await;
    let error = report
        .transcript
        .iter()
        .find_map(|m| match m {
            agents_core::Message::Tool(r) if r.is_error => Some(r.content.clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        error.starts_with(agents_core::error::ARGUMENT_ERROR_PREFIX),
        "{error}"
    );
    assert!(
        error.ends_with(r#"Write: add: {"a": number, "b": 2}"#),
        "{error}"
    );
    assert!(!error.contains("schema"), "{error}");
}
