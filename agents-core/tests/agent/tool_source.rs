//! Tool sources: a tool set that changes while an agent runs. The model is offered the set as
//! listed before each turn; a source is listed again only when it says it changed (or a call
//! found its tool gone); a call to a tool that left the set takes the invented-tool path; a
//! failed listing keeps the last set and does not end the run.
use crate::common;

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use agents_core::repair::{Handlers, no_backoff, retry};
use agents_core::testing::ScriptedModel;
use agents_core::tool::{Tool, ToolCallError, ToolSource, ToolSourceError, tool_fn};
use agents_core::{Event, ExecutionFailure, LlmAgent, LlmAgentBuilder, ModelResponse};
use common::*;
use futures_util::future::BoxFuture;

/// A source whose set the test changes by hand: tools by name, each answering "<name> ran".
/// `gone` names tools whose calls answer "vanished" and leave the list without an announcement
/// (the server dropped them between the listing and the call).
#[derive(Default)]
struct Switchboard {
    names: Mutex<Vec<&'static str>>,
    gone: Mutex<Vec<&'static str>>,
    changed: AtomicBool,
    fail_next: AtomicBool,
    listings: AtomicU32,
}

impl Switchboard {
    fn with(names: &[&'static str]) -> Arc<Self> {
        let board = Switchboard::default();
        *board.names.lock().unwrap() = names.to_vec();
        Arc::new(board)
    }

    /// Replaces the set and announces the change.
    fn set(&self, names: &[&'static str]) {
        *self.names.lock().unwrap() = names.to_vec();
        self.changed.store(true, Ordering::SeqCst);
    }

    fn listings(&self) -> u32 {
        self.listings.load(Ordering::SeqCst)
    }
}

struct Shared(Arc<Switchboard>);

impl ToolSource for Shared {
    fn label(&self) -> &str {
        "switchboard"
    }

    fn changed(&self) -> bool {
        self.0.changed.load(Ordering::SeqCst)
    }

    fn list(&self) -> BoxFuture<'_, Result<Vec<Arc<dyn Tool>>, ToolSourceError>> {
        let board = self.0.clone();
        Box::pin(async move {
            board.listings.fetch_add(1, Ordering::SeqCst);
            if board.fail_next.swap(false, Ordering::SeqCst) {
                return Err(ToolSourceError::new("the server is not answering"));
            }
            board.changed.store(false, Ordering::SeqCst);
            let names = board.names.lock().unwrap().clone();
            Ok(names
                .into_iter()
                .map(|name| Arc::new(Listed::new(name, board.clone())) as Arc<dyn Tool>)
                .collect())
        })
    }
}

/// A tool of the switchboard: answers "<name> ran", or `Vanished` if the board says it is gone
/// (and then leaves the list without an announcement, as a server that dropped it would).
struct Listed {
    spec: agents_core::model::ToolSpec,
    board: Arc<Switchboard>,
}

impl Listed {
    fn new(name: &'static str, board: Arc<Switchboard>) -> Self {
        let spec = agents_core::model::ToolSpec {
            name: name.to_owned(),
            description: "A listed tool.".to_owned(),
            parameters: serde_json::json!({"type": "object", "properties": {}}),
        };
        Listed { spec, board }
    }
}

impl Tool for Listed {
    fn spec(&self) -> &agents_core::model::ToolSpec {
        &self.spec
    }
    fn call<'a>(
        &'a self,
        _args: serde_json::Value,
        _ctx: &'a agents_core::tool::ToolContext,
    ) -> BoxFuture<'a, Result<serde_json::Value, ToolCallError>> {
        let name = self.spec.name.as_str();
        Box::pin(async move {
            if self.board.gone.lock().unwrap().contains(&name) {
                self.board.names.lock().unwrap().retain(|n| *n != name);
                return Err(ToolCallError::Vanished {
                    detail: format!("unknown tool {name}"),
                });
            }
            Ok(serde_json::Value::String(format!("{name} ran")))
        })
    }
}

fn offered(request: &agents_core::model::ModelRequest) -> Vec<String> {
    let mut names: Vec<String> = request.tools.iter().map(|t| t.name.clone()).collect();
    names.sort();
    names
}

/// A tool of the agent's own that changes the source's set when called (as a server does when
/// one of its tools adds another).
fn switch(board: Arc<Switchboard>, to: &'static [&'static str]) -> impl Tool {
    tool_fn("switch", "Changes the listed tools.", move |_: NoArgs| {
        let board = board.clone();
        async move {
            board.set(to);
            Ok::<_, ExecutionFailure>("switched")
        }
    })
}

/// Runs "go" on an agent that follows `board` (with `own` adding the agent's own tools),
/// recording its events; the run must answer "done". Returns the transcript.
async fn run_following(
    model: &ScriptedModel,
    board: &Arc<Switchboard>,
    own: impl FnOnce(LlmAgentBuilder) -> LlmAgentBuilder,
    events: &Recorder,
) -> Vec<agents_core::Message> {
    let builder = LlmAgent::builder("a").model(model.clone());
    let agent = own(builder)
        .tool_source(Shared(board.clone()), Handlers::new())
        .on_event(events.hook())
        .build()
        .unwrap();
    let report = agent.run("go".to_owned()).report().await;
    assert_eq!(report.output().unwrap(), "done");
    report.transcript
}

/// The source is listed before the first turn; its tools are offered beside the agent's own
/// and run like them.
#[tokio::test]
async fn a_source_is_listed_before_the_first_turn_and_its_tools_run() {
    let board = Switchboard::with(&["alpha"]);
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "alpha", "{}"),
        ModelResponse::text("done"),
    ]);
    let with_weather = |b: LlmAgentBuilder| b.tool(weather(Arc::new(AtomicU32::new(0))));
    let transcript = run_following(&model, &board, with_weather, &Recorder::default()).await;
    assert_eq!(offered(&model.requests()[0]), ["alpha", "weather"]);
    assert_eq!(tool_results(&transcript), ["alpha ran"]);
    assert_eq!(
        board.listings(),
        1,
        "an unchanged source is not listed again"
    );
}

/// A change announced during a run is followed before the next turn: the new tool is offered
/// and callable, the removed one is not offered, and `ToolsChanged` says what changed.
#[tokio::test]
async fn a_change_between_turns_is_offered_at_the_next_turn() {
    let board = Switchboard::with(&["alpha"]);
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "switch", "{}"),
        ModelResponse::tool_call("c2", "beta", "{}"),
        ModelResponse::text("done"),
    ]);
    let events = Recorder::default();
    let switching = |b: LlmAgentBuilder| b.tool(switch(board.clone(), &["beta"]));
    let transcript = run_following(&model, &board, switching, &events).await;
    let requests = model.requests();
    assert_eq!(offered(&requests[0]), ["alpha", "switch"]);
    assert_eq!(offered(&requests[1]), ["beta", "switch"]);
    assert_eq!(tool_results(&transcript), ["switched", "beta ran"]);
    let changes: Vec<(Vec<String>, Vec<String>)> = events
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::ToolsChanged { added, removed, .. } => Some((added.clone(), removed.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        changes,
        [
            (vec!["alpha".to_owned()], vec![]),
            (vec!["beta".to_owned()], vec!["alpha".to_owned()]),
        ]
    );
}

/// A call to a tool that disappeared after the listing (the tool reports `Vanished`) takes the
/// invented-tool path: the model reads the allowed tools and a "did you mean"; nothing counts
/// as a tool failure; the source is listed again before the next turn even though it did not
/// announce a change.
#[tokio::test]
async fn a_vanished_tool_takes_the_invented_tool_path_and_the_source_is_listed_again() {
    let board = Switchboard::with(&["report_v1", "report_v2"]);
    board.gone.lock().unwrap().push("report_v1");
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "report_v1", "{}"),
        ModelResponse::tool_call("c2", "report_v2", "{}"),
        ModelResponse::text("done"),
    ]);
    let events = Recorder::default();
    let transcript = run_following(&model, &board, |b| b, &events).await;
    let results = tool_results(&transcript);
    assert!(
        results[0].contains("unknown") && results[0].contains("report_v2"),
        "{results:?}"
    );
    assert!(
        !results[0].contains("Allowed tools: report_v1"),
        "{results:?}"
    );
    assert_eq!(results[1], "report_v2 ran");
    assert_eq!(
        board.listings(),
        2,
        "listed at the start and after the call"
    );
    assert_eq!(offered(&model.requests()[1]), ["report_v2"]);
    let events = events.events();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::ToolHallucinated { requested, .. } if requested == "report_v1"
    )));
    assert!(
        !events.iter().any(|e| matches!(e, Event::ToolFailed { .. })),
        "a vanished tool is not a tool failure"
    );
}

/// A listing that fails does not end the run: the agent goes on with what it has, reports
/// `ToolSourceFailed`, and lists again before the next turn.
#[tokio::test]
async fn a_failed_listing_keeps_the_run_going_and_is_tried_again() {
    let board = Switchboard::with(&["alpha"]);
    board.fail_next.store(true, Ordering::SeqCst);
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"city": "Oslo"}"#),
        ModelResponse::tool_call("c2", "alpha", "{}"),
        ModelResponse::text("done"),
    ]);
    let events = Recorder::default();
    let with_weather = |b: LlmAgentBuilder| b.tool(weather(Arc::new(AtomicU32::new(0))));
    let transcript = run_following(&model, &board, with_weather, &events).await;
    let requests = model.requests();
    assert_eq!(offered(&requests[0]), ["weather"]);
    assert_eq!(offered(&requests[1]), ["alpha", "weather"]);
    assert_eq!(
        tool_results(&transcript),
        ["Oslo: sunny for 1 day(s)", "alpha ran"]
    );
    assert!(events.events().iter().any(|e| matches!(
        e,
        Event::ToolSourceFailed { source, error, .. }
            if source == "switchboard" && error.contains("not answering")
    )));
}

/// The source's tools get the handlers given with it, resolved like a native tool's: here a
/// `retry` chain recovers a transient failure of a listed tool.
#[tokio::test]
async fn a_sources_tools_run_under_its_handlers() {
    struct Flaky(Arc<AtomicU32>);
    impl ToolSource for Flaky {
        fn label(&self) -> &str {
            "flaky"
        }
        fn changed(&self) -> bool {
            false
        }
        fn list(&self) -> BoxFuture<'_, Result<Vec<Arc<dyn Tool>>, ToolSourceError>> {
            let calls = self.0.clone();
            Box::pin(async move {
                let tool = flaky(
                    "fetch",
                    1,
                    true,
                    || ExecutionFailure::transient("connection reset"),
                    calls,
                );
                Ok(vec![Arc::new(tool) as Arc<dyn Tool>])
            })
        }
    }
    let calls = Arc::new(AtomicU32::new(0));
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "fetch", "{}"),
        ModelResponse::text("done"),
    ]);
    let handlers = Handlers::new().execution_error(retry(2, no_backoff()));
    let agent = LlmAgent::builder("a")
        .model(model.clone())
        .tool_source(Flaky(calls.clone()), handlers)
        .build()
        .unwrap();
    let report = agent.run("go".to_owned()).report().await;
    assert_eq!(report.output().unwrap(), "done");
    assert_eq!(tool_results(&report.transcript), ["ok"]);
    assert_eq!(calls.load(Ordering::SeqCst), 2, "failed once, retried once");
}
