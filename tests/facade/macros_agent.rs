//! Runtime behaviour of the code `agent!` generates: the handlers reach the right tools.

use std::sync::atomic::{AtomicU32, Ordering};

use agents::testing::ScriptedModel;
use agents::{ExecutionFailure, Message, ModelResponse, agent, tool};

static FLAKY_CALLS: AtomicU32 = AtomicU32::new(0);

/// Fails transiently on its first call.
#[tool(idempotent)]
fn flaky() -> Result<&'static str, ExecutionFailure> {
    if FLAKY_CALLS.fetch_add(1, Ordering::SeqCst) == 0 {
        Err(ExecutionFailure::transient("try again"))
    } else {
        Ok("ok")
    }
}

/// Echoes its text.
#[tool]
fn echo(text: String) -> String {
    text
}

fn results(model: &ScriptedModel) -> Vec<(String, bool)> {
    let last = model.requests().pop().expect("the model was called");
    last.messages
        .into_iter()
        .filter_map(|m| match m {
            Message::Tool(r) => Some((r.content, r.is_error)),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn per_tool_and_default_handlers_apply() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("1", flaky::NAME, "{}")
            // Not JSON and not repairable: the defaults' fix answers.
            .and_tool_call("2", echo::NAME, "say hi"),
        ModelResponse::text("done"),
    ]);
    let agent = agent! {
        name: "handlers",
        model: model.clone(),
        tools: [flaky, echo],
        on_error: {
            defaults => { invalid_args => fix(|raw: &str| Some(serde_json::json!({ "text": raw }).to_string())) },
            flaky => { execution_error => retry(2, no_backoff()) },
        },
    };
    assert_eq!(agent.run("go".to_owned()).await.unwrap(), "done");
    assert_eq!(
        results(&model),
        [("ok".to_owned(), false), ("say hi".to_owned(), false)]
    );
    assert_eq!(FLAKY_CALLS.load(Ordering::SeqCst), 2, "retried once");
}

#[tokio::test]
async fn a_fixer_agent_repairs_arguments() {
    let fixer = agent! {
        name: "json-fixer",
        model: ScriptedModel::new([ModelResponse::text(r#"{"text": "fixed"}"#)]),
    };
    let model = ScriptedModel::new([
        ModelResponse::tool_call("1", echo::NAME, "broken"),
        ModelResponse::text("done"),
    ]);
    let agent = agent! {
        name: "with-fixer",
        model: model.clone(),
        tools: [echo],
        on_error: { echo => { invalid_args => fix_with(fixer, retries = 1) } },
    };
    assert_eq!(agent.run("go".to_owned()).await.unwrap(), "done");
    assert_eq!(results(&model), [("fixed".to_owned(), false)]);
}

#[test]
#[should_panic(expected = "agent!: invalid configuration")]
fn a_runtime_only_mistake_panics_at_the_call_site() {
    /// Also called `echo` by the model.
    #[tool(name = "echo")]
    fn echo_again(text: String) -> String {
        text
    }
    let _ = agent! {
        name: "twice",
        model: ScriptedModel::new([]),
        tools: [echo, echo_again],
    };
}

/// `mcp(..)` adds every tool an expression yields (an MCP server's tools, listed at run time);
/// named (`server = mcp(..)`), the group takes its handlers from `on_error` under that name: here
/// the first call of the group's transient tool is retried by the group's `retry`.
#[tokio::test]
async fn runtime_listed_tools_join_with_their_group_handlers() {
    use agents::tool::tool_fn;
    static LISTED_CALLS: AtomicU32 = AtomicU32::new(0);

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Nothing {}

    // What `McpServer::tools().await?` returns, played by two plain tools (boxed: two closures).
    let listed: Vec<Box<dyn agents::Tool>> = vec![
        Box::new(
            tool_fn("remote.first", "Fails once.", |_: Nothing| async {
                if LISTED_CALLS.fetch_add(1, Ordering::SeqCst) == 0 {
                    Err(ExecutionFailure::transient("server busy"))
                } else {
                    Ok("first ok".to_owned())
                }
            })
            .idempotent(),
        ),
        Box::new(tool_fn("remote.second", "Answers.", |_: Nothing| async {
            Ok::<_, ExecutionFailure>("second ok".to_owned())
        })),
    ];
    let model = ScriptedModel::new([
        ModelResponse::tool_call("1", "remote.first", "{}"),
        ModelResponse::tool_call("2", "remote.second", "{}"),
        ModelResponse::tool_call("3", echo::NAME, r#"{"text": "local"}"#),
        ModelResponse::text("done"),
    ]);
    let agent = agent! {
        name: "mixed",
        model: model.clone(),
        tools: [echo, remote = mcp(listed)],
        on_error: {
            remote => { execution_error => retry(2) },
        },
    };
    assert_eq!(agent.run("go".to_owned()).await.unwrap(), "done");
    assert_eq!(
        results(&model),
        [
            ("first ok".to_owned(), false),
            ("second ok".to_owned(), false),
            ("local".to_owned(), false),
        ]
    );
    assert_eq!(LISTED_CALLS.load(Ordering::SeqCst), 2, "retried once");
}
