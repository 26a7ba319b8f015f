//! The facade's tests: what the code `#[tool]` and `agent!` generate does at run time, the macros
//! behind a renamed facade, the MCP and orders examples, the docs' snippets and the
//! getting-started page's new crate. One test binary for all of
//! them (each file a module); the compile-time cases (trybuild) keep `macros_ui.rs`.

#[cfg(feature = "macros")]
mod app_state;
mod docs_snippets;
#[cfg(all(feature = "macros", feature = "providers"))]
mod getting_started;
#[cfg(feature = "macros")]
mod macros_agent;
#[cfg(feature = "macros")]
mod macros_renamed_facade;
#[cfg(feature = "macros")]
mod macros_tool;
mod mcp_inspector;
#[cfg(all(feature = "macros", feature = "providers"))]
mod orders_example;
#[cfg(feature = "macros")]
mod serde_json_features;
#[cfg(feature = "macros")]
mod struct_args;

/// Building and running crates outside the workspace (fixtures, the docs' new crate).
#[cfg(feature = "macros")]
#[path = "../support/mod.rs"]
mod support;

// The same skip-or-fail rule as the providers' end-to-end tests, from the same file.
#[cfg(all(feature = "macros", feature = "providers"))]
#[path = "../../agents-providers/tests/common/local_llm.rs"]
mod local_llm;
