//! The file tools of `shared/file_tools.rs` as an MCP server, shared by `examples/mcp_server.rs`
//! (which serves them) and `examples/mcp_agent.rs` (which starts itself as their server).

use agents_providers::mcp::ToolServer;

use crate::file_tools::{list_dir, read_file, write_file};

/// The server: `read_file`, `write_file` and `list_dir`, each call run through the runtime's
/// executor (coercion, schema validation, panic capture, timeout).
pub fn file_server() -> ToolServer {
    ToolServer::new("agents-file-manager", env!("CARGO_PKG_VERSION"))
        .instructions("Read, write and list files on this machine.")
        .tool(read_file {})
        .tool(write_file {})
        .tool(list_dir {})
}
