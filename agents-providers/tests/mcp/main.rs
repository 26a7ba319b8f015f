//! MCP: real MCP servers called by our client, a hand-written server that answers malformed
//! messages, and our tools served to the official SDK's client.

mod mcp_e2e;
mod mcp_malformed;
mod mcp_server;
