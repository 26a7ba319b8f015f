//! Our tools served over MCP (`ToolServer`), called by the official SDK's client (`rmcp`) over an
//! in-memory byte stream: listing, coercion of what the client sent, failures as `isError`
//! results the client's model can act on, a panic that does not stop the server, an unknown tool
//! as a protocol error, a cancelled call, and an agent served as a tool.
//!
//! The same server over a real process and a client none of us wrote (the MCP Inspector) is
//! tested in the facade's `tests/facade/mcp_inspector.rs`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use agents_core::ExecutionFailure;
use agents_core::agent::from_fn;
use agents_core::tool::tool_fn;
use agents_providers::mcp::ToolServer;
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Value, json};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Pair {
    a: i64,
    b: i64,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Nothing {}

/// How many `sleep` calls are running: a call counts from its start until its future is
/// dropped (it never finishes on its own).
static SLEEPING: AtomicUsize = AtomicUsize::new(0);

struct Running;

impl Running {
    fn start() -> Running {
        SLEEPING.fetch_add(1, Ordering::SeqCst);
        Running
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        SLEEPING.fetch_sub(1, Ordering::SeqCst);
    }
}

fn server() -> ToolServer {
    ToolServer::new("test-server", "0.0.1")
        .tool(
            tool_fn("add", "Adds two integers.", |p: Pair| async move {
                Ok::<_, ExecutionFailure>(json!({"sum": p.a + p.b}))
            })
            .idempotent(),
        )
        .tool(tool_fn("explode", "Panics.", |_: Nothing| async move {
            if true {
                panic!("internal invariant broken");
            }
            Ok::<_, ExecutionFailure>(0)
        }))
        .tool(tool_fn(
            "sleep",
            "Never answers.",
            |_: Nothing| async move {
                let _running = Running::start();
                tokio::time::sleep(Duration::from_secs(3600)).await;
                Ok::<_, ExecutionFailure>(0)
            },
        ))
        .agent(
            from_fn("shout", |s: String| async move { Ok(s.to_uppercase()) }),
            "Repeats the text in capitals.",
        )
}

/// The server on one end of an in-memory stream, the SDK's client on the other.
async fn connected() -> RunningService<RoleClient, ()> {
    let (client_end, server_end) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        let _ = server().serve(server_end).await;
    });
    ().serve(client_end).await.expect("the handshake succeeds")
}

async fn call(client: &RunningService<RoleClient, ()>, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(args))
        .await
        .unwrap_or_else(|e| panic!("tools/call {tool}: {e}"))
}

fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect()
}

/// `tools/list` names every tool with its schema and the idempotency hint; the handshake
/// carries the server's name.
#[tokio::test]
async fn lists_tools_with_schemas() {
    let client = connected().await;
    let info = client.peer_info().expect("server info");
    assert_eq!(info.server_info.as_ref().unwrap().name, "test-server");
    let tools = client.list_all_tools().await.expect("tools/list");
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, ["add", "explode", "sleep", "shout"]);
    assert_eq!(tools[0].input_schema["properties"]["a"]["type"], "integer");
    assert!(tools[0].annotations.as_ref().unwrap().is_idempotent());
    assert_eq!(tools[3].input_schema["required"][0], "input");
}

/// A string where the schema wants an integer is coerced before the tool reads it; the
/// object result comes back as structured content.
#[tokio::test]
async fn arguments_are_coerced_and_objects_are_structured() {
    let client = connected().await;
    let r = call(&client, "add", json!({"a": "40", "b": 2})).await;
    assert_eq!(r.is_error, Some(false), "{}", text(&r));
    assert_eq!(r.structured_content, Some(json!({"sum": 42})));
}

/// What cannot be coerced is an `isError` result naming the field and the expected schema,
/// the text our runtime would give its own model.
#[tokio::test]
async fn bad_arguments_are_an_error_result_with_the_schema() {
    let client = connected().await;
    let r = call(&client, "add", json!({"a": "forty or so", "b": 2})).await;
    assert_eq!(r.is_error, Some(true));
    let t = text(&r);
    assert!(t.contains("'add'") && t.contains("a"), "{t}");
    assert!(t.contains("\"integer\""), "{t}");
    let r = call(&client, "add", json!({"a": 1})).await;
    assert_eq!(r.is_error, Some(true));
    assert!(text(&r).contains('b'), "{}", text(&r));
}

/// A panicking tool is an `isError` result without its panic message, and the server goes on
/// serving the next call.
#[tokio::test]
async fn a_panic_does_not_stop_the_server() {
    let client = connected().await;
    let r = call(&client, "explode", json!({})).await;
    assert_eq!(r.is_error, Some(true));
    assert!(!text(&r).contains("invariant"), "{}", text(&r));
    let r = call(&client, "add", json!({"a": 1, "b": 1})).await;
    assert_eq!(r.structured_content, Some(json!({"sum": 2})));
}

/// An unknown tool is a protocol error (-32602) that names the tools there are.
#[tokio::test]
async fn an_unknown_tool_is_a_protocol_error_with_a_hint() {
    let client = connected().await;
    let err = client
        .call_tool(CallToolRequestParams::new("addd").with_arguments(Default::default()))
        .await
        .expect_err("no such tool");
    let shown = err.to_string();
    assert!(shown.contains("did you mean `add`"), "{shown}");
    assert!(
        shown.contains("-32602") || shown.contains("Invalid"),
        "{shown}"
    );
}

/// An agent served as a tool runs once per call.
#[tokio::test]
async fn an_agent_is_served_as_a_tool() {
    let client = connected().await;
    let r = call(&client, "shout", json!({"input": "hello"})).await;
    assert_eq!(text(&r), "HELLO");
}

/// A call the client abandons (`notifications/cancelled`, sent by the SDK when the request's
/// future is dropped) stops the tool on the server, and the server answers the next call.
#[tokio::test]
async fn a_cancelled_call_stops_the_tool() {
    let client = connected().await;
    let params = CallToolRequestParams::new("sleep").with_arguments(Default::default());
    let abandoned =
        tokio::time::timeout(Duration::from_millis(300), client.call_tool(params)).await;
    assert!(abandoned.is_err(), "the sleeping tool does not answer");
    // The cancellation travels to the server and drops the tool's future; wait for it (a
    // generous bound that only a broken cancellation reaches).
    let stopped = async {
        while SLEEPING.load(Ordering::SeqCst) != 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(20), stopped)
        .await
        .expect("the abandoned tool was stopped on the server");
    let r = call(&client, "add", json!({"a": 2, "b": 2})).await;
    assert_eq!(r.structured_content, Some(json!({"sum": 4})));
}

/// Over Streamable HTTP on a loopback port, our own client (a `McpTool` run by the executor)
/// lists the tools and calls one; the server coerced nothing it did not have to, since our
/// client coerces first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn served_over_streamable_http() {
    use agents_core::tool::StandaloneTool;
    use agents_providers::mcp::{HttpServer, McpServer};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let serving = tokio::spawn(server().serve_http(listener, &[]));
    let client = McpServer::connect(HttpServer::new(&url))
        .await
        .expect("connects");
    let tools = client.tools().await.expect("tools/list");
    let names: Vec<&str> = tools.iter().map(|t| t.remote_name()).collect();
    assert_eq!(names, ["add", "explode", "sleep", "shout"]);
    let add = StandaloneTool::new(std::sync::Arc::new(tools[0].clone()));
    let out = add
        .call("1", json!({"a": "40", "b": 2}))
        .await
        .expect("add answers");
    assert_eq!(out, json!({"sum": 42}));
    let explode = StandaloneTool::new(std::sync::Arc::new(tools[1].clone()));
    let err = explode
        .call("2", json!({}))
        .await
        .expect_err("the panic is an error result");
    assert!(err.model_text().contains("explode"), "{}", err.model_text());
    assert_eq!(
        add.call("3", json!({"a": 1, "b": 1})).await.unwrap(),
        json!({"sum": 2})
    );
    client.shutdown().await;
    serving.abort();
}
