//! End-to-end tests of MCP tools against real MCP servers (placeholder).
