//! Tools from MCP servers (feature `mcp`): spawn a server over stdio, list its tools, and call them
//! as ordinary [`Tool`](agents_core::Tool)s, with MCP failures mapped onto the error taxonomy.
//!
//! ```no_run
//! # async fn demo() -> Result<(), agents_providers::mcp::McpError> {
//! use agents_providers::mcp::{McpServer, StdioServer};
//!
//! let fs = McpServer::connect(
//!     StdioServer::new("node")
//!         .arg("/path/to/server-filesystem/dist/index.js")
//!         .arg("/srv/data")
//!         .prefix("fs"),
//! )
//! .await?;
//! let tools = fs.tools().await?; // `fs.read_text_file`, `fs.write_file`, ...
//! let mut builder = agents_core::LlmAgent::builder("files");
//! for tool in tools {
//!     builder = builder.tool(tool);
//! }
//! # Ok(())
//! # }
//! ```
//!
//! The protocol is the official SDK's (`rmcp`); this module only connects it to our runtime:
//! - each MCP tool's `inputSchema` is the [`ToolSpec`](agents_core::model::ToolSpec)'s schema, and
//!   arguments are checked against it before the call goes out, so the repair chain (JSON repair,
//!   schema-guided coercion) acts on MCP arguments as on native ones;
//! - results become JSON values ([`content`]);
//! - failures become [`ToolCallError`](agents_core::tool::ToolCallError)s ([`errors`]); a server
//!   that died is restarted before the next call ([`StdioServer::restart`]).
//!
//! The failure table is in `docs/mcp.md`.

mod client;
mod config;
pub mod content;
pub mod errors;
mod server;
mod tool;

pub use client::McpServer;
pub use config::{AnyEndpoint, Http, HttpServer, Restart, ServerConfig, Stdio, StdioServer};
pub use errors::McpError;
pub use server::ToolServer;
pub use tool::McpTool;
