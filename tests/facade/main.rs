//! The facade's tests: what the code `#[tool]` and `agent!` generate does at run time, the macros
//! behind a renamed facade, and the MCP example as a real process. One test binary for all of
//! them (each file a module); the compile-time cases (trybuild) keep `macros_ui.rs`.

#[cfg(feature = "macros")]
mod app_state;
#[cfg(feature = "macros")]
mod macros_agent;
#[cfg(feature = "macros")]
mod macros_renamed_facade;
#[cfg(feature = "macros")]
mod macros_tool;
mod mcp_inspector;
#[cfg(feature = "macros")]
mod serde_json_features;
#[cfg(feature = "macros")]
mod struct_args;

/// Building and running fixture crates of `tests/fixtures/`.
#[cfg(feature = "macros")]
#[path = "../support/mod.rs"]
mod support;
