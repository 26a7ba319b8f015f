//! One `tools/call` of `echo` on a real stdio MCP server, two ways, alternating in one run:
//! - `bare_rmcp`: the SDK's peer, `call_tool` with the arguments as a JSON object;
//! - `ours`: our `McpTool` through the runtime's executor (`StandaloneTool`): schema-guided
//!   coercion, validation against the tool's `inputSchema`, the MCP tool's own pre-check, the
//!   call, and the result mapped to JSON.
//!
//! Both talk to their own instance of the same server, so neither waits on the other. On a shared
//! machine the two round trips are noisy (hundreds of microseconds through node), so a third
//! function isolates our layer: `ours_layer_only` runs everything `ours` adds, with the same
//! schema and arguments, around a tool that answers at once instead of the server (the executor,
//! the MCP tool's own schema pre-check, and the result read from the SDK's type into JSON).

use std::path::PathBuf;
use std::sync::Arc;

use agents_core::ExecutionFailure;
use agents_core::tool::{StandaloneTool, schema_tool};
use agents_providers::mcp::content::result_value;
use agents_providers::mcp::{McpServer, StdioServer};
use criterion::{Criterion, criterion_group, criterion_main};
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::transport::TokioChildProcess;
use serde_json::{Value, json};

fn server_entry() -> PathBuf {
    let home = std::env::var_os("MCP_SERVERS_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.mcp-servers"));
    let entry = home.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    assert!(
        entry.is_file(),
        "{} is missing: run scripts/mcp-servers.sh install",
        entry.display()
    );
    entry
}

fn args() -> Value {
    json!({"message": "hello benchmark"})
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime");
    let entry = server_entry();

    let bare = rt.block_on(async {
        let mut cmd = tokio::process::Command::new("node");
        cmd.arg(&entry).arg("stdio");
        let transport = TokioChildProcess::new(cmd).expect("node starts");
        ().serve(transport).await.expect("handshake")
    });
    let (server, ours) = rt.block_on(async {
        let server = McpServer::connect(
            StdioServer::new("node")
                .arg(entry.to_string_lossy())
                .arg("stdio"),
        )
        .await
        .expect("handshake");
        let echo = server
            .tools()
            .await
            .expect("tools/list")
            .into_iter()
            .find(|t| t.remote_name() == "echo")
            .expect("echo is listed");
        (server, StandaloneTool::new(Arc::new(echo)))
    });

    // Our layer without the server: the executor around a tool with echo's listed schema that
    // repeats the MCP tool's pre-check and maps an SDK result to JSON, as `McpTool` does.
    let schema = ours.tool().spec().parameters.clone();
    let layer = StandaloneTool::new(Arc::new(
        schema_tool("echo", "", schema.clone(), move |args: Value| {
            let schema = schema.clone();
            async move {
                let checked = agents_core::json::coerce(args.clone(), &schema).expect("fits");
                assert!(checked.fixes.is_empty());
                let reply = json!({"content": [{"type": "text", "text": format!("Echo: {}", args["message"])}]});
                let result: CallToolResult = serde_json::from_value(reply).expect("a result");
                Ok::<_, ExecutionFailure>(result_value(&result))
            }
        })
        .expect("the schema compiles"),
    ));

    let mut group = c.benchmark_group("mcp_call_echo");
    group.bench_function("bare_rmcp", |b| {
        b.to_async(&rt).iter(|| async {
            let Value::Object(map) = args() else {
                unreachable!()
            };
            let out = bare
                .call_tool(CallToolRequestParams::new("echo").with_arguments(map))
                .await
                .expect("echo answers");
            assert_ne!(out.is_error, Some(true));
        })
    });
    group.bench_function("ours", |b| {
        b.to_async(&rt).iter(|| async {
            let out = ours.call("1", args()).await.expect("echo answers");
            assert!(out.as_str().is_some_and(|s| s.contains("hello")));
        })
    });
    group.bench_function("ours_layer_only", |b| {
        b.to_async(&rt).iter(|| async {
            let out = layer.call("1", args()).await.expect("answers");
            assert!(out.as_str().is_some_and(|s| s.contains("hello")));
        })
    });
    group.finish();
    rt.block_on(server.shutdown());
}

criterion_group!(benches, bench);
criterion_main!(benches);
