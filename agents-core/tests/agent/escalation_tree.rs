//! The escalation tree, three levels deep: root → middle → leaf, each child a tool of its parent.
//! Every `on_escalation` decision, every propagation path, the events, and hard stops.

use crate::common;

use std::sync::{Arc, Mutex};

use agents_core::agent::{Compose, from_fn};
use agents_core::testing::ScriptedModel;
use agents_core::{
    AgentError, Event, LlmAgent, Message, ModelResponse, Severity, ToolError,
    agent::{AgentPath, EscalationDecision, RunContext, Skill},
    error::EscalationError,
};
use common::Recorder;

const LEAF_REASON: &str = "the ledger is locked";

fn path(p: &str) -> AgentPath {
    let mut segs = p.split('/');
    let mut out = AgentPath::root(segs.next().unwrap());
    for s in segs {
        out = out.child(s);
    }
    out
}

fn paths(ps: &[&str]) -> Vec<AgentPath> {
    ps.iter().map(|p| path(p)).collect()
}

/// A leaf whose model calls the built-in `escalate` (MEDIUM).
fn llm_leaf() -> (LlmAgent<String, String>, ScriptedModel) {
    let model = ScriptedModel::new([ModelResponse::tool_call(
        "l1",
        "escalate",
        format!(r#"{{"reason": "{LEAF_REASON}", "severity": "medium"}}"#),
    )]);
    let leaf = LlmAgent::builder("leaf")
        .prompt("Post the entry.")
        .model(model.clone())
        .builtin_tools(true)
        .build()
        .unwrap();
    (leaf, model)
}

type Handler = Box<dyn Fn(&EscalationError) -> EscalationDecision<String> + Send + Sync>;

/// A middle agent that delegates to `leaf` once, then (if its model hears back) answers.
fn middle(
    leaf: impl agents_core::tool::Tool,
    handler: Option<Handler>,
) -> (LlmAgent<String, String>, ScriptedModel) {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("m1", "leaf", r#"{"input": "post the entry"}"#),
        ModelResponse::text("middle finished"),
    ]);
    let mut b = LlmAgent::builder("middle")
        .prompt("Close the month.")
        .model(model.clone())
        .tool(leaf);
    if let Some(h) = handler {
        b = b.on_escalation(h);
    }
    (b.build().unwrap(), model)
}

/// A root agent that delegates to `middle` once, then answers.
fn root_builder(
    middle: impl agents_core::tool::Tool,
) -> (agents_core::LlmAgentBuilder<String, String>, ScriptedModel) {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("r1", "middle", r#"{"input": "close the books"}"#),
        ModelResponse::text("root finished"),
    ]);
    let b = LlmAgent::builder("root")
        .prompt("Run the month-end.")
        .model(model.clone())
        .tool(middle);
    (b, model)
}

fn last_tool_result(model: &ScriptedModel) -> String {
    let reqs = model.requests();
    let last = reqs.last().expect("the model was asked");
    match last.messages.last() {
        Some(Message::Tool(r)) => {
            assert!(r.is_error, "an escalation is an error result: {r:?}");
            r.content.clone()
        }
        other => panic!("expected a tool result last, got {other:?}"),
    }
}

fn escalated_paths(rec: &Recorder) -> Vec<(AgentPath, Vec<AgentPath>, Severity)> {
    rec.events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Escalated {
                agent,
                path,
                severity,
                ..
            } => Some((agent, path, severity)),
            _ => None,
        })
        .collect()
}

/// No handler anywhere: the middle agent passes the escalation up untouched, and at the root it
/// ends the run with a typed error carrying the whole chain. Every level emits an event with the
/// path so far.
#[tokio::test]
async fn unhandled_escalation_walks_up_untouched_and_ends_the_run() {
    let (leaf, _) = llm_leaf();
    let (middle, middle_model) = middle(leaf.into_tool("Posts ledger entries."), None);
    let (root, root_model) = root_builder(middle.into_tool("Closes the month."));
    let rec = Recorder::default();
    let root = root.on_event(rec.hook()).build().unwrap();

    let err = root.run("month-end".into()).await.unwrap_err();
    let AgentError::Escalated(e) = err else {
        panic!("expected an unhandled escalation, got {err:?}")
    };
    assert_eq!(e.source, path("root/middle/leaf"));
    assert_eq!(e.reason, LEAF_REASON, "untouched on the way up");
    assert_eq!(e.severity, Severity::Medium, "untouched on the way up");
    assert_eq!(
        e.travelled,
        paths(&["root/middle/leaf", "root/middle", "root"])
    );
    assert_eq!(e.tool.as_deref(), Some("leaf"));
    // Nobody's model heard of it: the middle and the root each made exactly one turn.
    assert_eq!(middle_model.requests().len(), 1);
    assert_eq!(root_model.requests().len(), 1);
    assert_eq!(
        escalated_paths(&rec),
        vec![
            (
                path("root/middle/leaf"),
                paths(&["root/middle/leaf"]),
                Severity::Medium
            ),
            (
                path("root/middle"),
                paths(&["root/middle/leaf", "root/middle"]),
                Severity::Medium
            ),
            (
                path("root"),
                paths(&["root/middle/leaf", "root/middle", "root"]),
                Severity::Medium
            ),
        ]
    );
}

/// The root decides `FeedBack`: its model reads the model-safe rendering, naming the tool it
/// called, and goes on.
#[tokio::test]
async fn root_feeds_back_to_its_model() {
    let (leaf, _) = llm_leaf();
    let (middle, _) = middle(leaf.into_tool("Posts ledger entries."), None);
    let (root, root_model) = root_builder(middle.into_tool("Closes the month."));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    let root = root
        .on_escalation(move |e| {
            s.lock().unwrap().push(e.travelled.clone());
            EscalationDecision::FeedBack
        })
        .build()
        .unwrap();

    assert_eq!(root.run("month-end".into()).await.unwrap(), "root finished");
    assert_eq!(
        *seen.lock().unwrap(),
        vec![paths(&["root/middle/leaf", "root/middle", "root"])]
    );
    assert_eq!(
        last_tool_result(&root_model),
        format!("ERROR: Tool 'middle' failed: {LEAF_REASON} (severity: MEDIUM).")
    );
}

/// `RetryWithModel`: the rest of the root's run goes to the other model, which reads the error.
#[tokio::test]
async fn root_retries_with_another_model() {
    let (leaf, _) = llm_leaf();
    let (middle, _) = middle(leaf.into_tool("Posts ledger entries."), None);
    let (root, root_model) = root_builder(middle.into_tool("Closes the month."));
    let stronger =
        ScriptedModel::new([ModelResponse::text("done by the stronger model")]).named("stronger");
    let s = stronger.clone();
    let root = root
        .on_escalation(move |e| {
            assert_eq!(e.severity, Severity::Medium);
            EscalationDecision::RetryWithModel(Arc::new(s.clone()))
        })
        .build()
        .unwrap();

    assert_eq!(
        root.run("month-end".into()).await.unwrap(),
        "done by the stronger model"
    );
    assert_eq!(root_model.requests().len(), 1);
    assert_eq!(stronger.requests().len(), 1);
    assert!(last_tool_result(&stronger).contains(LEAF_REASON));
}

/// `Reroute`: the root switches to another skill, whose prompt and tools apply from the next turn.
#[tokio::test]
async fn root_reroutes_to_another_skill() {
    let (leaf, _) = llm_leaf();
    let (middle, _) = middle(leaf.into_tool("Posts ledger entries."), None);
    let (root, root_model) = root_builder(middle.into_tool("Closes the month."));
    let root = root
        .skill(Skill::new("automated", "Close the books with the ledger tools").tools(["middle"]))
        .skill(
            Skill::new("manual", "Prepare a checklist for a person")
                .prompt("Write a checklist for a person instead.")
                .tools(Vec::<String>::new()),
        )
        .on_escalation(|_| EscalationDecision::Reroute("manual".into()))
        .build()
        .unwrap();

    let out = root
        .run("month-end".into())
        .skill("automated")
        .within(&RunContext::top())
        .await
        .unwrap();
    assert_eq!(out, "root finished");
    let reqs = root_model.requests();
    assert_eq!(reqs.len(), 2);
    assert_eq!(reqs[0].tools.len(), 1);
    assert!(reqs[1].tools.is_empty(), "the manual skill has no tools");
    assert!(
        reqs[1]
            .system
            .as_deref()
            .unwrap()
            .contains("Write a checklist for a person instead.")
    );
}

/// `Partial`: the root ends successfully with a result typed as its output, built from the
/// partial results the escalation carried up.
#[tokio::test]
async fn root_returns_a_typed_partial_result() {
    #[derive(Debug, PartialEq, serde::Deserialize, serde::Serialize, schemars::JsonSchema)]
    struct Close {
        posted: u32,
        note: String,
    }
    // A plain-function leaf that got 3 of 5 entries posted before giving up.
    let leaf = from_fn("leaf", |_: String| async move {
        let mut err = AgentError::escalation("2 of 5 entries rejected", Severity::High);
        if let AgentError::Escalated(e) = &mut err {
            e.partial = Some(serde_json::json!({ "posted": 3 }));
            e.suggestion = Some("post the rest by hand".into());
        }
        Err::<String, _>(err)
    });
    let (middle, _) = middle(leaf.into_tool("Posts ledger entries."), None);
    let root_model = ScriptedModel::new([ModelResponse::tool_call(
        "r1",
        "middle",
        r#"{"input": "close"}"#,
    )]);
    let root = LlmAgent::builder("root")
        .output::<Close>()
        .model(root_model.clone())
        .tool(middle.into_tool("Closes the month."))
        .on_escalation(|e| {
            let posted = e
                .partial
                .as_ref()
                .and_then(|p| p["posted"].as_u64())
                .unwrap_or(0) as u32;
            EscalationDecision::Partial(Close {
                posted,
                note: format!("{} ({})", e.reason, e.suggestion.as_deref().unwrap_or("")),
            })
        })
        .build()
        .unwrap();

    let out = root.run("month-end".into()).await.unwrap();
    assert_eq!(
        out,
        Close {
            posted: 3,
            note: "2 of 5 entries rejected (post the rest by hand)".into()
        }
    );
    assert_eq!(
        root_model.requests().len(),
        1,
        "no further turn after a partial result"
    );
}

/// `Escalate` with a higher severity and context at the middle: the root sees the raised
/// severity and the added context.
#[tokio::test]
async fn middle_raises_severity_and_adds_context() {
    let (leaf, _) = llm_leaf();
    let (middle, middle_model) = middle(
        leaf.into_tool("Posts ledger entries."),
        Some(Box::new(|e: &EscalationError| {
            assert_eq!(e.severity, Severity::Medium);
            EscalationDecision::Escalate {
                severity: Some(Severity::Critical),
                context: Some("month-end close cannot finish today".into()),
            }
        })),
    );
    let (root, _) = root_builder(middle.into_tool("Closes the month."));
    let seen = Arc::new(Mutex::new(None));
    let s = seen.clone();
    let root = root
        .on_escalation(move |e| {
            *s.lock().unwrap() = Some((e.severity, e.reason.clone(), e.source.clone()));
            EscalationDecision::Escalate {
                severity: None,
                context: None,
            }
        })
        .build()
        .unwrap();

    let err = root.run("month-end".into()).await.unwrap_err();
    let (severity, reason, source) = seen.lock().unwrap().clone().unwrap();
    assert_eq!(severity, Severity::Critical);
    assert_eq!(
        reason,
        format!("{LEAF_REASON} (month-end close cannot finish today)")
    );
    assert_eq!(
        source,
        path("root/middle/leaf"),
        "the source stays the leaf"
    );
    assert_eq!(middle_model.requests().len(), 1);
    let AgentError::Escalated(e) = err else {
        panic!("{err:?}")
    };
    assert_eq!(e.severity, Severity::Critical);
}

/// The middle handles it (`Partial`): the root's model gets an ordinary, successful tool result.
#[tokio::test]
async fn middle_handles_it_and_the_root_never_knows() {
    let (leaf, _) = llm_leaf();
    let (middle, _) = middle(
        leaf.into_tool("Posts ledger entries."),
        Some(Box::new(|e: &EscalationError| {
            EscalationDecision::Partial(format!("posted nothing: {}", e.reason))
        })),
    );
    let (root, root_model) = root_builder(middle.into_tool("Closes the month."));
    let called = Arc::new(Mutex::new(false));
    let c = called.clone();
    let root = root
        .on_escalation(move |_| {
            *c.lock().unwrap() = true;
            EscalationDecision::FeedBack
        })
        .build()
        .unwrap();

    assert_eq!(root.run("month-end".into()).await.unwrap(), "root finished");
    assert!(!*called.lock().unwrap());
    let reqs = root_model.requests();
    let Some(Message::Tool(r)) = reqs[1].messages.last() else {
        panic!()
    };
    assert!(!r.is_error);
    assert_eq!(r.content, format!("posted nothing: {LEAF_REASON}"));
}

/// `Stop` at the root: a hard stop carrying the escalation as its original error.
#[tokio::test]
async fn root_stops_the_run() {
    let (leaf, _) = llm_leaf();
    let (middle, _) = middle(leaf.into_tool("Posts ledger entries."), None);
    let (root, root_model) = root_builder(middle.into_tool("Closes the month."));
    let root = root
        .on_escalation(|e| EscalationDecision::Stop(format!("giving up: {}", e.reason)))
        .build()
        .unwrap();

    let err = root.run("month-end".into()).await.unwrap_err();
    let AgentError::Thrown {
        by,
        reason,
        original,
    } = err
    else {
        panic!("{err:?}")
    };
    assert_eq!(by, path("root"));
    assert_eq!(reason, format!("giving up: {LEAF_REASON}"));
    let Some(ToolError::Escalation(e)) = original.as_deref() else {
        panic!("{original:?}")
    };
    assert_eq!(e.source, path("root/middle/leaf"));
    assert_eq!(root_model.requests().len(), 1);
}

/// `Stop` in the middle ends the whole run at once: the root's handler is not consulted and its
/// model is not called again.
#[tokio::test]
async fn middle_stop_ends_the_whole_run() {
    let (leaf, _) = llm_leaf();
    let (middle, _) = middle(
        leaf.into_tool("Posts ledger entries."),
        Some(Box::new(|_: &EscalationError| {
            EscalationDecision::Stop("the ledger must not be touched".into())
        })),
    );
    let (root, root_model) = root_builder(middle.into_tool("Closes the month."));
    let consulted = Arc::new(Mutex::new(false));
    let c = consulted.clone();
    let root = root
        .on_escalation(move |_| {
            *c.lock().unwrap() = true;
            EscalationDecision::FeedBack
        })
        .build()
        .unwrap();

    let err = root.run("month-end".into()).await.unwrap_err();
    assert!(
        matches!(&err, AgentError::Thrown { by, .. } if *by == path("root/middle")),
        "{err:?}"
    );
    assert!(!*consulted.lock().unwrap());
    assert_eq!(root_model.requests().len(), 1);
}

/// A `throw_exception` deep in the tree ends the whole run at once, whatever the handlers above
/// would have decided about an escalation.
#[tokio::test]
async fn throw_at_the_leaf_ends_everything() {
    let leaf_model = ScriptedModel::new([ModelResponse::tool_call(
        "l1",
        "throw_exception",
        r#"{"reason": "credentials revoked"}"#,
    )]);
    let leaf = LlmAgent::<String, String>::builder("leaf")
        .model(leaf_model)
        .builtin_tools(true)
        .build()
        .unwrap();
    let (middle, middle_model) = middle(
        leaf.into_tool("Posts ledger entries."),
        Some(Box::new(|_: &EscalationError| EscalationDecision::FeedBack)),
    );
    let (root, root_model) = root_builder(middle.into_tool("Closes the month."));
    let rec = Recorder::default();
    let root = root
        .on_escalation(|_| EscalationDecision::FeedBack)
        .on_event(rec.hook())
        .build()
        .unwrap();

    let err = root.run("month-end".into()).await.unwrap_err();
    match &err {
        AgentError::Thrown { by, reason, .. } => {
            assert_eq!(*by, path("root/middle/leaf"));
            assert_eq!(reason, "credentials revoked");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(middle_model.requests().len(), 1);
    assert_eq!(root_model.requests().len(), 1);
    assert!(
        escalated_paths(&rec).is_empty(),
        "a throw is not an escalation"
    );
    // Each level's run finished unsuccessfully, innermost first.
    let finished: Vec<(AgentPath, bool)> = rec
        .events()
        .into_iter()
        .filter_map(|e| match e {
            Event::RunFinished { agent, success, .. } => Some((agent, success)),
            _ => None,
        })
        .collect();
    assert_eq!(
        finished,
        vec![
            (path("root/middle/leaf"), false),
            (path("root/middle"), false),
            (path("root"), false),
        ]
    );
}

/// A plain-function leaf escalating (no model anywhere below the middle) takes the same path,
/// and the error that started it never reaches a model: only the model-safe rendering does.
#[tokio::test]
async fn only_the_model_safe_rendering_reaches_a_parent_model() {
    use agents_core::ExecutionFailure;
    use agents_core::repair::{Handlers, escalate};
    use agents_core::tool::tool_fn;

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Entry {
        #[allow(dead_code)]
        account: String,
    }
    // The leaf's tool fails with an operator-only message; its repair chain escalates.
    let post = tool_fn("post", "Posts an entry.", |_: Entry| async move {
        Err::<String, _>(ExecutionFailure::new(
            "connect to db://admin:hunter2@ledger failed",
        ))
    });
    let leaf_model = ScriptedModel::new([ModelResponse::tool_call(
        "l1",
        "post",
        r#"{"account": "4000"}"#,
    )]);
    let leaf = LlmAgent::<String, String>::builder("leaf")
        .model(leaf_model)
        .tool_with(
            post,
            Handlers::new().execution_error(escalate("the ledger is unreachable", Severity::High)),
        )
        // Its own tool's escalation would be fed back to its own model; pass it up instead.
        .on_escalation(|_| EscalationDecision::Escalate {
            severity: None,
            context: None,
        })
        .build()
        .unwrap();
    let (middle, _) = middle(leaf.into_tool("Posts ledger entries."), None);
    let (root, root_model) = root_builder(middle.into_tool("Closes the month."));
    let root = root
        .on_escalation(|e| {
            // The operator detail is there for the handler...
            let original = e.original.as_deref().unwrap().to_string();
            assert!(original.contains("hunter2"), "{original}");
            assert_eq!(e.tool.as_deref(), Some("post"));
            EscalationDecision::FeedBack
        })
        .build()
        .unwrap();

    assert_eq!(root.run("month-end".into()).await.unwrap(), "root finished");
    // ... but not for the model.
    let text = last_tool_result(&root_model);
    assert!(!text.contains("hunter2"), "{text}");
    assert!(text.contains("the ledger is unreachable"), "{text}");
    assert!(text.contains("severity: HIGH"), "{text}");
}
