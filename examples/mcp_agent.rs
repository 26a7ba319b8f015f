//! An agent whose tools live behind an MCP server: the file tools of `examples/file_manager.rs`,
//! served over stdio by a child process (this same program, started again with `--serve`), and
//! declared in `agent!` as `files = mcp(server)`.
//!
//! ```text
//! cargo run --example mcp_agent
//! ```
//!
//! The model is scripted (no key, no network), and makes the mistakes real models make with MCP
//! tools; each is recovered on our side of the wire:
//! - its arguments for `files.list_dir` are single-quoted with a trailing comma: JSON repair
//!   fixes them before the server sees a byte;
//! - it asks `files.read_file` for a file that is not there: the server answers with an
//!   `isError` result, which the model reads, and it tries again with the right name;
//! - it calls `files.read`, a tool the server does not have: it is told the tools it may call,
//!   with a "did you mean".
//!
//! The agent lists the server's tools before its first turn, and again before any turn after
//! the server announces `notifications/tools/list_changed` (see `docs/mcp.md`).

#[path = "shared/file_server.rs"]
mod file_server;
#[path = "shared/file_tools.rs"]
mod file_tools;

use agents::testing::ScriptedModel;
use agents::{Event, ModelResponse, agent};
use agents_providers::mcp::{McpServer, StdioServer};

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    if std::env::args().any(|a| a == "--serve") {
        return match file_server::file_server().serve_stdio().await {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("mcp_agent --serve: {e}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    match run().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mcp_agent: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    std::fs::write(
        dir.path().join("todo.txt"),
        "1. water the plants\n2. call Ana\n",
    )?;
    let here = dir.path().display();

    // The server: this program again, serving the file tools on its stdin and stdout.
    let me = std::env::current_exe()?;
    let server = McpServer::connect(
        StdioServer::new(me.to_string_lossy())
            .arg("--serve")
            .prefix("files"),
    )
    .await?;

    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "files.list_dir", format!("{{'path': '{here}',}}")),
        ModelResponse::tool_call(
            "c2",
            "files.read_file",
            format!(r#"{{"path": "{here}/todo.md"}}"#),
        ),
        ModelResponse::tool_call(
            "c3",
            "files.read",
            format!(r#"{{"path": "{here}/todo.txt"}}"#),
        ),
        ModelResponse::tool_call(
            "c4",
            "files.read_file",
            format!(r#"{{"path": "{here}/todo.txt"}}"#),
        ),
        ModelResponse::text("Your list: water the plants, then call Ana."),
    ]);
    let agent = agent! {
        name: "organiser",
        prompt: "Answer questions about the user's files.",
        model: model.clone(),
        tools: [files = mcp(server.clone())],
        on_error: {
            files => { execution_error => retry(2) },
        },
        on_event: |e| match e {
            Event::ToolsChanged { source, added, .. } => {
                println!("listed {source}: {}", added.join(", "))
            }
            Event::Repaired { tool, fixes, .. } => println!("repaired {tool}: {fixes:?}"),
            Event::ToolFailed { tool, error, .. } => println!("failed {tool}: {error}"),
            Event::ToolHallucinated { requested, suggestion, .. } => {
                println!("unknown tool {requested} (did you mean {suggestion:?}?)")
            }
            Event::ToolFinished { tool, .. } => println!("ran {tool}"),
            _ => {}
        },
    };
    let answer = agent.run("What is on my todo list?".to_owned()).await?;
    println!("answer: {answer}");
    server.shutdown().await;
    Ok(())
}
