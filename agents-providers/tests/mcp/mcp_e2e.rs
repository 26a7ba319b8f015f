//! End-to-end: an `LlmAgent` driven by a `ScriptedModel` calls tools of REAL MCP servers
//! (`@modelcontextprotocol/server-everything` and `server-filesystem`, run with `node` over stdio).
//!
//! The servers come from `scripts/mcp-servers.sh install`; `scripts/test.sh` exports
//! `AGENTS_MCP_SERVERS` (their cache dir). With it set, a missing server fails the test; without
//! it (a bare `cargo test`), each test prints why and skips.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agents_core::repair::{Handlers, no_backoff, retry};
use agents_core::testing::ScriptedModel;
use agents_core::{Event, LlmAgent, Message, ModelResponse, Tool};
use agents_providers::mcp::{
    AnyEndpoint, McpServer, McpTool, ServerConfig, StdioServer, errors::OUTCOME_UNKNOWN,
};

/// The node entry point of `server-<name>`, or `None` (skip) when `AGENTS_MCP_SERVERS` is unset.
fn server_entry(name: &str) -> Option<PathBuf> {
    let Some(dir) = std::env::var_os("AGENTS_MCP_SERVERS") else {
        eprintln!(
            "skipped: AGENTS_MCP_SERVERS is unset (run `scripts/mcp-servers.sh install` and export \
             AGENTS_MCP_SERVERS=$(scripts/mcp-servers.sh dir), or run scripts/test.sh)"
        );
        return None;
    };
    let entry = PathBuf::from(dir)
        .join("node_modules/@modelcontextprotocol")
        .join(format!("server-{name}"))
        .join("dist/index.js");
    assert!(
        entry.is_file(),
        "AGENTS_MCP_SERVERS is set but {} is missing: run scripts/mcp-servers.sh install",
        entry.display()
    );
    Some(entry)
}

fn everything(entry: &std::path::Path) -> StdioServer {
    StdioServer::new("node")
        .arg(entry.to_string_lossy())
        .arg("stdio")
        .name("everything")
}

async fn connect<E: Into<AnyEndpoint>>(config: ServerConfig<E>) -> (McpServer, Vec<McpTool>) {
    let server = McpServer::connect(config).await.expect("server starts");
    let tools = server.tools().await.expect("tools/list");
    (server, tools)
}

fn agent_with(
    model: &ScriptedModel,
    tools: Vec<McpTool>,
    handlers: Handlers,
) -> agents_core::LlmAgentBuilder {
    let mut b = LlmAgent::builder("mcp").model(model.clone());
    for tool in tools {
        b = b.tool_with(tool, handlers.clone());
    }
    b
}

/// The text of the tool result the model read in request `request`.
fn tool_result_text(model: &ScriptedModel, request: usize) -> String {
    match model.requests()[request].messages.last() {
        Some(Message::Tool(r)) => format!("{:?}", r),
        other => panic!("expected a tool result, got {other:?}"),
    }
}

/// `tools/list` yields one tool per MCP tool, with the server's `inputSchema` as its schema, the
/// annotations as its idempotency, and the user's prefix on its name.
#[tokio::test]
async fn lists_tools_with_schema_annotations_and_prefix() {
    let Some(entry) = server_entry("everything") else {
        return;
    };
    let (_server, tools) = connect(everything(&entry).prefix("ev")).await;
    let sum = tools
        .iter()
        .find(|t| t.remote_name() == "get-sum")
        .expect("get-sum listed");
    assert_eq!(sum.spec().name, "ev.get-sum");
    assert_eq!(sum.spec().parameters["properties"]["a"]["type"], "number");
    assert!(sum.idempotent(), "readOnlyHint makes it idempotent");
    assert!(tools.iter().any(|t| t.spec().name == "ev.echo"));
}

/// A model's call reaches the real server and its answer is the tool result the model reads.
#[tokio::test]
async fn a_call_reaches_the_server_and_the_model_reads_the_answer() {
    let Some(entry) = server_entry("everything") else {
        return;
    };
    let (_server, tools) = connect(everything(&entry)).await;
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "echo", r#"{"message":"hello mcp"}"#),
        ModelResponse::text("done"),
    ]);
    let agent = agent_with(&model, tools, Handlers::new()).build().unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    assert!(tool_result_text(&model, 1).contains("Echo: hello mcp"));
}

/// Wrong-typed arguments (`"2"` for a number) are coerced by the repair chain against the
/// server's schema before the call goes out: the server computes the sum, and the run records the
/// coercion.
#[tokio::test]
async fn wrong_typed_arguments_are_coerced_before_the_server_sees_them() {
    let Some(entry) = server_entry("everything") else {
        return;
    };
    let (_server, tools) = connect(everything(&entry)).await;
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "get-sum", r#"{"a":"2","b":3}"#),
        ModelResponse::text("done"),
    ]);
    let steps = Arc::new(Mutex::new(Vec::new()));
    let seen = steps.clone();
    let agent = agent_with(&model, tools, Handlers::new())
        .on_event(move |e| {
            if let Event::Repaired { step, .. } = e {
                seen.lock().unwrap().push(*step);
            }
        })
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    let result = tool_result_text(&model, 1);
    assert!(result.contains("The sum of 2 and 3 is 5"), "{result}");
    assert_eq!(*steps.lock().unwrap(), vec!["coerce"]);
}

/// A path outside the filesystem server's allowed root comes back with `isError: true`; its text
/// is fed back to the model and the run goes on.
#[tokio::test]
async fn an_is_error_result_is_fed_back_and_the_run_goes_on() {
    let Some(entry) = server_entry("filesystem") else {
        return;
    };
    let root = std::env::temp_dir().join(format!("agents-mcp-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&root).unwrap();
    let (_server, tools) = connect(
        StdioServer::new("node")
            .arg(entry.to_string_lossy())
            .arg(root.to_string_lossy())
            .prefix("fs"),
    )
    .await;
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "fs.read_text_file", r#"{"path":"/etc/hostname"}"#),
        ModelResponse::text("could not read it"),
    ]);
    let agent = agent_with(&model, tools, Handlers::new()).build().unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "could not read it");
    let result = tool_result_text(&model, 1);
    assert!(
        result.contains("outside allowed directories") || result.contains("Access denied"),
        "{result}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// Kills the server's process `after` the named tool started (the call is then in flight).
fn kill_when_started(
    server: &McpServer,
    tool: &'static str,
    after: Duration,
) -> impl Fn(&Event) + use<> {
    let server = server.clone();
    move |e| {
        if let Event::ToolStarted {
            tool: t,
            attempt: 1,
            ..
        } = e
            && t == tool
        {
            let server = server.clone();
            tokio::spawn(async move {
                tokio::time::sleep(after).await;
                let pid = server.pid().await.expect("server running");
                let status = std::process::Command::new("kill")
                    .args(["-9", &pid.to_string()])
                    .status()
                    .expect("kill runs");
                assert!(status.success());
            });
        }
    }
}

fn started_count(log: &Arc<Mutex<Vec<(String, u32)>>>, tool: &str) -> usize {
    log.lock()
        .unwrap()
        .iter()
        .filter(|(t, _)| t == tool)
        .count()
}

fn record_starts(log: &Arc<Mutex<Vec<(String, u32)>>>) -> impl Fn(&Event) + use<> {
    let log = log.clone();
    move |e| {
        if let Event::ToolStarted { tool, attempt, .. } = e {
            log.lock().unwrap().push((tool.clone(), *attempt));
        }
    }
}

const LONG: &str = "trigger-long-running-operation";

/// Runs an agent (retrying transient failures) whose server is killed one second into the first
/// attempt of `LONG`; returns the tool starts it saw.
async fn run_killing_the_server(
    server: &McpServer,
    model: &ScriptedModel,
    tools: Vec<McpTool>,
) -> Arc<Mutex<Vec<(String, u32)>>> {
    let starts = Arc::new(Mutex::new(Vec::new()));
    let agent = agent_with(
        model,
        tools,
        Handlers::new().execution_error(retry(2, no_backoff())),
    )
    .on_event(kill_when_started(server, LONG, Duration::from_secs(1)))
    .on_event(record_starts(&starts))
    .build()
    .unwrap();
    let run = tokio::time::timeout(Duration::from_secs(60), agent.run("go".into()));
    assert_eq!(run.await.expect("no hang").unwrap(), "done");
    starts
}

/// The server dies while an idempotent call is in flight: the call fails as transient, the retry
/// handler runs it again, the server is started again first, and the run ends normally.
#[tokio::test]
async fn server_killed_mid_call_is_restarted_and_an_idempotent_call_retried() {
    let Some(entry) = server_entry("everything") else {
        return;
    };
    let (server, tools) = connect(everything(&entry)).await;
    let first_pid = server.pid().await.unwrap();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", LONG, r#"{"duration":3,"steps":3}"#),
        ModelResponse::text("done"),
    ]);
    let starts = run_killing_the_server(&server, &model, tools).await;
    let result = tool_result_text(&model, 1);
    assert!(
        result.contains("Long running operation completed"),
        "{result}"
    );
    assert_eq!(started_count(&starts, LONG), 2, "ran once, retried once");
    let second_pid = server.pid().await.expect("restarted");
    assert_ne!(first_pid, second_pid);
}

/// The server dies while a NON-idempotent call is in flight: the call is not replayed; the model
/// reads "outcome unknown" and the run goes on; the next call finds the server started again.
#[tokio::test]
async fn server_killed_mid_call_reports_outcome_unknown_for_a_non_idempotent_call() {
    let Some(entry) = server_entry("everything") else {
        return;
    };
    let (server, tools) = connect(everything(&entry).idempotent(LONG, false)).await;
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", LONG, r#"{"duration":3,"steps":3}"#),
        ModelResponse::tool_call("c2", "echo", r#"{"message":"still here"}"#),
        ModelResponse::text("done"),
    ]);
    let starts = run_killing_the_server(&server, &model, tools).await;
    let unknown = tool_result_text(&model, 1);
    assert!(unknown.contains(OUTCOME_UNKNOWN), "{unknown}");
    assert_eq!(started_count(&starts, LONG), 1, "never replayed");
    assert!(tool_result_text(&model, 2).contains("Echo: still here"));
}

/// A call that outlives the server's call timeout fails as a timeout the model reads (rmcp sends
/// `notifications/cancelled` for the abandoned request); the run goes on, on the same server
/// process, without waiting for the operation to finish.
#[tokio::test]
async fn a_hanging_call_times_out_and_the_run_goes_on() {
    let Some(entry) = server_entry("everything") else {
        return;
    };
    let (server, tools) = connect(everything(&entry).call_timeout(Duration::from_secs(1))).await;
    let pid = server.pid().await.unwrap();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", LONG, r#"{"duration":60,"steps":2}"#),
        ModelResponse::tool_call("c2", "echo", r#"{"message":"after"}"#),
        ModelResponse::text("done"),
    ]);
    let agent = agent_with(&model, tools, Handlers::new()).build().unwrap();
    let started = std::time::Instant::now();
    let run = tokio::time::timeout(Duration::from_secs(50), agent.run("go".into()));
    assert_eq!(run.await.expect("no hang").unwrap(), "done");
    assert!(started.elapsed() < Duration::from_secs(50));
    assert!(tool_result_text(&model, 1).contains("timed out"));
    assert!(tool_result_text(&model, 2).contains("Echo: after"));
    assert_eq!(
        server.pid().await,
        Some(pid),
        "a timeout does not restart the server"
    );
}

/// The fixture server (`tests/fixtures/mcp_fixture_server.cjs`, on the official TypeScript SDK
/// the servers brought), or `None` (skip) when `AGENTS_MCP_SERVERS` is unset.
fn fixture() -> Option<StdioServer> {
    let everything = server_entry("everything")?;
    // <cache>/node_modules/@modelcontextprotocol/server-everything/dist/index.js
    let modules = everything
        .ancestors()
        .nth(4)
        .expect("node_modules")
        .to_owned();
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mcp_fixture_server.cjs");
    Some(
        StdioServer::new("node")
            .arg(script.to_string_lossy())
            .env("NODE_PATH", modules.to_string_lossy())
            .name("fixture"),
    )
}

/// Waits (at most 10 s) for `done`.
async fn eventually(mut done: impl FnMut() -> bool) -> bool {
    for _ in 0..100 {
        if done() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    done()
}

/// A call abandoned at its timeout reaches the server as `notifications/cancelled`: the server's
/// handler sees its abort signal.
#[tokio::test]
async fn a_timed_out_call_is_cancelled_on_the_server() {
    let Some(config) = fixture() else { return };
    let marker = std::env::temp_dir().join(format!("agents-mcp-cancel-{}", std::process::id()));
    let _ = std::fs::remove_file(&marker);
    let config = config
        .env("FIXTURE_CANCEL_MARKER", marker.to_string_lossy())
        .call_timeout(Duration::from_secs(1));
    let (_server, tools) = connect(config).await;
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "hang", "{}"),
        ModelResponse::text("gave up"),
    ]);
    let agent = agent_with(&model, tools, Handlers::new()).build().unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "gave up");
    assert!(tool_result_text(&model, 1).contains("timed out"));
    assert!(
        eventually(|| marker.exists()).await,
        "the server never saw the cancellation"
    );
    let _ = std::fs::remove_file(&marker);
}

/// `notifications/tools/list_changed` is noticed; listing again yields the new tool, which an
/// agent built from the new list calls.
#[tokio::test]
async fn a_tool_list_change_is_noticed_and_the_new_tool_is_listed() {
    let Some(config) = fixture() else { return };
    let (server, tools) = connect(config).await;
    assert!(!tools.iter().any(|t| t.remote_name() == "late"));
    assert!(!server.tool_list_changed());
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "add_tool", "{}"),
        ModelResponse::text("added"),
    ]);
    let agent = agent_with(&model, tools, Handlers::new()).build().unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "added");
    assert!(eventually(|| server.tool_list_changed()).await);

    let tools = server.tools().await.unwrap();
    assert!(!server.tool_list_changed(), "listing clears the mark");
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "late", "{}"),
        ModelResponse::text("done"),
    ]);
    let agent = agent_with(&model, tools, Handlers::new()).build().unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    assert!(tool_result_text(&model, 1).contains("late answer"));
}

/// The tools each request offered the model, sorted.
fn offered(model: &ScriptedModel) -> Vec<Vec<String>> {
    model
        .requests()
        .iter()
        .map(|r| {
            let mut names: Vec<String> = r.tools.iter().map(|t| t.name.clone()).collect();
            names.sort();
            names
        })
        .collect()
}

/// An agent that follows `server` (its tool source), and the events of its runs.
fn following(
    model: &ScriptedModel,
    server: &McpServer,
) -> (agents_core::LlmAgentBuilder, Arc<Mutex<Vec<Event>>>) {
    let events = Arc::new(Mutex::new(Vec::new()));
    let seen = events.clone();
    let builder = LlmAgent::builder("mcp")
        .model(model.clone())
        .tool_source(server.clone(), Handlers::new())
        .on_event(move |e| seen.lock().unwrap().push(e.clone()));
    (builder, events)
}

/// An agent given the server as a tool source follows a list change within the run: after
/// `add_tool`, the next turn offers `late` and the call reaches the server.
#[tokio::test]
async fn an_agent_following_the_server_offers_a_tool_added_mid_run() {
    let Some(config) = fixture() else { return };
    let server = McpServer::connect(config).await.unwrap();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "add_tool", "{}"),
        ModelResponse::tool_call("c2", "late", "{}"),
        ModelResponse::text("done"),
    ]);
    let (agent, events) = following(&model, &server);
    assert_eq!(
        agent.build().unwrap().run("go".into()).await.unwrap(),
        "done"
    );
    let offered = offered(&model);
    assert!(!offered[0].contains(&"late".to_owned()), "{offered:?}");
    assert!(offered[1].contains(&"late".to_owned()), "{offered:?}");
    assert!(tool_result_text(&model, 2).contains("late answer"));
    let added: Vec<Vec<String>> = events
        .lock()
        .unwrap()
        .iter()
        .filter_map(|e| match e {
            Event::ToolsChanged { added, .. } => Some(added.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(added.last().unwrap(), &["late".to_owned()]);
}

/// A call to a tool the server dropped after the agent listed it (here in the same turn, after
/// `drop_tool`) takes the invented-tool path: the model reads the allowed tools, the call is no
/// tool failure, and the next turn no longer offers the tool.
#[tokio::test]
async fn a_call_to_a_tool_the_server_dropped_takes_the_invented_tool_path() {
    let Some(config) = fixture() else { return };
    let server = McpServer::connect(config).await.unwrap();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "add_tool", "{}"),
        ModelResponse::tool_call("c2", "drop_tool", "{}").and_tool_call("c3", "late", "{}"),
        ModelResponse::text("done"),
    ]);
    let (agent, events) = following(&model, &server);
    let agent = agent.parallel_calls(1).build().unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    let offered = offered(&model);
    assert!(offered[1].contains(&"late".to_owned()), "{offered:?}");
    assert!(!offered[2].contains(&"late".to_owned()), "{offered:?}");
    let answer = tool_result_text(&model, 2);
    assert!(
        answer.contains("unknown") && answer.contains("Allowed tools"),
        "{answer}"
    );
    let events = events.lock().unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::ToolHallucinated { requested, .. } if requested == "late"
    )));
    assert!(
        !events.iter().any(|e| matches!(e, Event::ToolFailed { .. })),
        "{events:?}"
    );
}

/// A server outliving the runtime it was started on is dropped without a panic.
#[test]
fn dropping_a_server_after_its_runtime_does_not_panic() {
    let Some(entry) = server_entry("everything") else {
        return;
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (server, tools) = rt.block_on(connect(everything(&entry)));
    drop(rt);
    drop(tools);
    drop(server);
}

/// The everything server in Streamable HTTP mode on a free loopback port: the child, and its
/// URL once it listens.
struct HttpEverything {
    child: tokio::process::Child,
    url: String,
    port: u16,
}

impl HttpEverything {
    async fn start(entry: &std::path::Path, port: Option<u16>) -> HttpEverything {
        let port = port.unwrap_or_else(|| {
            let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
            l.local_addr().unwrap().port()
        });
        let child = tokio::process::Command::new("node")
            .arg(entry)
            .arg("streamableHttp")
            .env("PORT", port.to_string())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("node starts");
        // Wait until it accepts connections (a bound that only a broken start reaches).
        let listening = async {
            while tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_err()
            {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        };
        tokio::time::timeout(Duration::from_secs(30), listening)
            .await
            .expect("the HTTP server listens");
        HttpEverything {
            child,
            url: format!("http://127.0.0.1:{port}/mcp"),
            port,
        }
    }
}

/// Over Streamable HTTP: the tools are listed and a call reaches the server; when the server
/// process is killed and started again on the same port (without the old session), the call
/// after it is abandoned at its timeout, and the retry connects and initializes again (a new
/// session) and succeeds. Header values never show in `Debug`.
#[tokio::test]
async fn streamable_http_lists_calls_and_reconnects_after_the_server_restarts() {
    use agents_providers::mcp::HttpServer;
    let Some(entry) = server_entry("everything") else {
        return;
    };
    let mut http = HttpEverything::start(&entry, None).await;
    let config = HttpServer::new(&http.url)
        .header("X-Api-Key", "key-never-shown")
        .name("everything-http")
        // This server answers a session it forgot with a 400 the SDK cannot pair with the
        // request, so the first call after its restart goes unanswered until this timeout;
        // the retry then opens a new session.
        .call_timeout(Duration::from_secs(5));
    assert!(!format!("{config:?}").contains("key-never-shown"));
    let (_server, tools) = connect(config).await;
    assert!(tools.iter().any(|t| t.remote_name() == "get-sum"));
    let echo = |id: &str, message: &str| {
        ModelResponse::tool_call(id, "echo", format!(r#"{{"message":"{message}"}}"#))
    };
    let handlers = Handlers::new().execution_error(retry(3, no_backoff()));
    let model = ScriptedModel::new([echo("c1", "over http"), ModelResponse::text("one")]);
    let agent = agent_with(&model, tools.clone(), handlers.clone())
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "one");
    assert!(tool_result_text(&model, 1).contains("Echo: over http"));

    // The server dies between runs and comes back on the same port, without the old session.
    http.child.kill().await.expect("kill the server");
    let _again = HttpEverything::start(&entry, Some(http.port)).await;
    let model = ScriptedModel::new([echo("c2", "after restart"), ModelResponse::text("two")]);
    let agent = agent_with(&model, tools, handlers).build().unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "two");
    let result = tool_result_text(&model, 1);
    assert!(result.contains("Echo: after restart"), "{result}");
}
