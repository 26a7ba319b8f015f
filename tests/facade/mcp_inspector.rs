//! `examples/mcp_server.rs` (the file manager's tools served over MCP on stdio) as a real process,
//! called by two real clients: the official MCP Inspector's command-line mode (a client none of
//! us wrote, installed by `scripts/mcp-servers.sh`) and our own MCP client.
//!
//! The example binary is built by `cargo test` with the rest of the examples. With
//! `AGENTS_MCP_SERVERS` set (as `scripts/test.sh` sets it) a missing binary or Inspector fails the
//! tests; without it they say why and skip.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use agents::tool::StandaloneTool;
use agents_providers::mcp::{McpServer, StdioServer};
use serde_json::{Value, json};

fn required() -> bool {
    std::env::var_os("AGENTS_MCP_SERVERS").is_some()
}

/// `target/<profile>/examples/mcp_server`, beside this test's own `target/<profile>/deps/`.
fn server_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().expect("the test's own path");
    let bin = exe
        .parent()
        .and_then(Path::parent)
        .map(|profile| {
            profile
                .join("examples")
                .join(format!("mcp_server{}", std::env::consts::EXE_SUFFIX))
        })
        .filter(|p| p.is_file());
    if bin.is_none() {
        let why = "the example mcp_server is not built (`cargo test` builds it with the examples; \
                   `cargo build --example mcp_server` builds it alone)";
        assert!(!required(), "{why}");
        eprintln!("skipped: {why}");
    }
    bin
}

/// The Inspector's entry point under `AGENTS_MCP_SERVERS`, or `None` (skip) when unset.
fn inspector() -> Option<PathBuf> {
    let Some(dir) = std::env::var_os("AGENTS_MCP_SERVERS") else {
        eprintln!("skipped: AGENTS_MCP_SERVERS is unset (run scripts/test.sh)");
        return None;
    };
    let entry = PathBuf::from(dir)
        .join("node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
    assert!(
        entry.is_file(),
        "AGENTS_MCP_SERVERS is set but {} is missing: run scripts/mcp-servers.sh install",
        entry.display()
    );
    Some(entry)
}

/// Runs `inspector --cli <server> <args>` and reads the JSON it prints first.
fn inspect(inspector: &Path, server: &Path, args: &[&str]) -> Value {
    let out = Command::new("node")
        .arg(inspector)
        .arg("--cli")
        .arg(server)
        .args(args)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut values = serde_json::Deserializer::from_str(&stdout).into_iter::<Value>();
    match values.next() {
        Some(Ok(v)) => v,
        other => panic!(
            "the Inspector printed no JSON ({other:?}); stdout: {stdout}; stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

fn text(result: &Value) -> String {
    result["content"]
        .as_array()
        .map(|blocks| blocks.iter().filter_map(|b| b["text"].as_str()).collect())
        .unwrap_or_default()
}

/// The Inspector lists the three file tools with their schemas and idempotency hints.
#[test]
fn the_inspector_lists_the_file_tools() {
    let (Some(server), Some(inspector)) = (server_binary(), inspector()) else {
        return;
    };
    let listed = inspect(&inspector, &server, &["--method", "tools/list"]);
    let tools = listed["tools"].as_array().expect("a tool list");
    let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(names, ["read_file", "write_file", "list_dir"], "{listed}");
    assert_eq!(
        tools[1]["inputSchema"]["required"],
        json!(["path", "content"])
    );
    assert_eq!(tools[0]["annotations"]["idempotentHint"], json!(true));
    assert_eq!(tools[1]["annotations"]["idempotentHint"], json!(false));
}

/// Through the Inspector: a write, a read of what was written, and a failure that comes back as
/// an `isError` result with the text our runtime gives a model, the server unharmed.
#[test]
fn the_inspector_calls_tools_and_reads_failures_as_results() {
    let (Some(server), Some(inspector)) = (server_binary(), inspector()) else {
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("note.txt");
    let path_arg = format!("path={}", file.display());
    let call = |tool: &str, args: &[&str]| {
        let mut argv = vec!["--method", "tools/call", "--tool-name", tool];
        for a in args {
            argv.extend(["--tool-arg", a]);
        }
        inspect(&inspector, &server, &argv)
    };
    let written = call("write_file", &[&path_arg, "content=hello over MCP"]);
    assert_eq!(written["isError"], json!(false), "{written}");
    assert!(text(&written).starts_with("Written 14 bytes"), "{written}");
    let read = call("read_file", &[&path_arg]);
    assert_eq!(text(&read), "hello over MCP", "{read}");
    let missing = format!("path={}", dir.path().join("missing.txt").display());
    let failed = call("read_file", &[&missing]);
    assert_eq!(failed["isError"], json!(true), "{failed}");
    assert!(
        text(&failed).contains("Tool 'read_file' failed"),
        "{failed}"
    );
}

/// The example serving over Streamable HTTP (`--http`), on a free loopback port, until dropped.
struct HttpExample {
    child: std::process::Child,
    url: String,
}

impl HttpExample {
    fn start(binary: &Path) -> HttpExample {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(binary)
            .args(["--http", &format!("127.0.0.1:{port}")])
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the example starts");
        let started = std::time::Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < std::time::Duration::from_secs(30),
                "the example never listened on {port}"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        HttpExample {
            child,
            url: format!("http://127.0.0.1:{port}/mcp"),
        }
    }
}

impl Drop for HttpExample {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The same server over Streamable HTTP, listed and called by the Inspector (the TypeScript
/// SDK's HTTP client): a second transport, again a client none of us wrote.
#[test]
fn the_inspector_uses_the_server_over_streamable_http() {
    let (Some(server), Some(inspector)) = (server_binary(), inspector()) else {
        return;
    };
    let http = HttpExample::start(&server);
    let target = Path::new(&http.url);
    let listed = inspect(&inspector, target, &["--method", "tools/list"]);
    let names: Vec<&str> = listed["tools"]
        .as_array()
        .map(|t| t.iter().filter_map(|t| t["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(names, ["read_file", "write_file", "list_dir"], "{listed}");
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("a.txt"), "x").expect("a file");
    let path = format!("path={}", dir.path().display());
    let call = [
        "--method",
        "tools/call",
        "--tool-name",
        "list_dir",
        "--tool-arg",
        &path,
    ];
    let out = inspect(&inspector, target, &call);
    assert_eq!(out["isError"], json!(false), "{out}");
    assert!(text(&out).contains("a.txt"), "{out}");
}

/// Our own client against our own server, each in its own process: the tools it lists are
/// ordinary `Tool`s, and a number where the schema wants text is coerced on our side before
/// the call goes out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn our_client_calls_our_server() {
    let Some(server) = server_binary() else {
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mcp = McpServer::connect(StdioServer::new(server.to_string_lossy()).prefix("files"))
        .await
        .expect("the server starts");
    let tools = mcp.tools().await.expect("tools/list");
    let write = tools
        .iter()
        .find(|t| t.remote_name() == "write_file")
        .expect("write_file is listed")
        .clone();
    let write = StandaloneTool::new(Arc::new(write));
    let file = dir.path().join("n.txt");
    let out = write
        .call(
            "1",
            json!({"path": file.display().to_string(), "content": 42}),
        )
        .await
        .expect("the call succeeds");
    assert!(
        out.as_str()
            .unwrap_or_default()
            .starts_with("Written 2 bytes"),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&file).expect("written"), "42");
    mcp.shutdown().await;
}

/// `agent!` with `files = mcp(server)`: the agent follows our served file tools at run time
/// (listed before its first turn, with the group's `on_error` handlers), and a call with a
/// broken argument text is repaired on our side before it reaches the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_declared_with_the_macro_uses_a_served_tool_source() {
    use agents::testing::ScriptedModel;
    use agents::{Message, ModelResponse, agent};

    let Some(server) = server_binary() else {
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("notes.txt"), "hello").expect("written");
    let mcp = McpServer::connect(StdioServer::new(server.to_string_lossy()).prefix("files"))
        .await
        .expect("the server starts");
    let path = dir.path().display().to_string();
    let model = ScriptedModel::new([
        // Single quotes and a trailing comma: JSON repair fixes them before the call goes out.
        ModelResponse::tool_call("c1", "files.list_dir", format!("{{'path': '{path}',}}")),
        ModelResponse::text("one file: notes.txt"),
    ]);
    let agent = agent! {
        name: "librarian",
        model: model.clone(),
        tools: [files = mcp(mcp.clone())],
        on_error: {
            files => { execution_error => retry(2) },
        },
    };
    assert_eq!(
        agent
            .run("What is in the folder?".to_owned())
            .await
            .unwrap(),
        "one file: notes.txt"
    );
    let requests = model.requests();
    let offered: Vec<&str> = requests[0].tools.iter().map(|t| t.name.as_str()).collect();
    assert!(offered.contains(&"files.list_dir"), "{offered:?}");
    match requests[1].messages.last() {
        Some(Message::Tool(r)) => {
            assert!(!r.is_error, "{r:?}");
            assert!(r.content.contains("notes.txt"), "{r:?}");
        }
        other => panic!("expected the tool's result, got {other:?}"),
    }
    mcp.shutdown().await;
}
