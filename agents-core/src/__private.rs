//! What macro-generated code needs, under one hidden path.
//!
//! `#[tool]` and `agent!` expand to absolute paths into this module
//! (`::agents::__private::…`), never to names the user's scope may shadow. Each helper is a
//! small generic function whose bound is the rule being checked, so that a violation is reported
//! by rustc on the user's own expression (the argument), worded by the trait's
//! `#[diagnostic::on_unimplemented]`.
//!
//! Not a public API: anything here may change in any release.

pub use ::core;
pub use ::futures_util::future::BoxFuture;
pub use ::schemars;
pub use ::serde;
pub use ::serde_json;
pub use ::std;

pub use ::core::option::Option::{self, None, Some};
pub use ::core::result::Result::{self, Err, Ok};
pub use ::std::boxed::Box;
pub use ::std::string::String;
pub use ::std::sync::{Arc, OnceLock};
pub use ::std::time::Duration;

pub use crate::agent::Agent;
pub use crate::agent::llm::{LlmAgent, LlmAgentBuilder, Output};
pub use crate::budget::Budget;
pub use crate::error::kinds;
pub use crate::error::{IntoExecutionFailure, Severity};
pub use crate::model::{Model, ToolSpec};
pub use crate::repair::{
    Chain, Escalate, FixWith, Handlers, Retry, Step, ask_values, constant, escalate,
    escalate_error, exponential, fix, fix_in_context, fix_with, no_backoff, regenerate, retry,
    sanitize, throw,
};
pub use crate::run::DepsType;
pub use crate::tool::{
    PreparedCall, Tool, ToolCallError, ToolContext, deserialize_args, prepared, run_blocking,
    run_prepared, schema_for,
};

use crate::error::kinds::Kind;
use crate::tool::output_to_value;

/// The chain for kind `K`; a step that cannot handle `K` fails here, on the user's expression.
#[inline]
pub fn check_step<K: Kind>(step: impl Step<K>) -> Chain<K> {
    Chain::new(step)
}

// The checks below return trait objects: whatever the argument, the result satisfies the
// builder method it goes to, so a wrong argument gives one error (here), not a second one there.

/// `tool`, checked to be a [`Tool`] (the error lands on the user's expression).
#[inline]
pub fn check_tool<T: Tool>(tool: T) -> Arc<dyn Tool> {
    Arc::new(tool)
}

/// `agent`, checked to be an `Agent<String, String>` (a repair agent for `fix_with`).
#[inline]
pub fn check_fixer<A: Agent<String, String> + 'static>(agent: A) -> Arc<dyn Agent<String, String>> {
    Arc::new(agent)
}

/// `model`, checked to be a [`Model`].
#[inline]
pub fn check_model<M: Model + 'static>(model: M) -> Arc<dyn Model> {
    Arc::new(model)
}

/// `builder` with the checked model: the builder's own method for a shared model is not public.
pub fn with_model<In, Out>(
    builder: LlmAgentBuilder<In, Out>,
    model: Arc<dyn Model>,
) -> LlmAgentBuilder<In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    builder.model_arc(model)
}

/// `builder` with the checked tool and its handlers.
pub fn with_tool<In, Out>(
    builder: LlmAgentBuilder<In, Out>,
    tool: Arc<dyn Tool>,
    handlers: Handlers,
) -> LlmAgentBuilder<In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    builder.tool_arc(tool, handlers)
}

/// `builder` with the tools of `group` (`mcp(..)` in `agent!`), each with `handlers`.
pub fn with_tools<In, Out, G: ToolGroup>(
    builder: LlmAgentBuilder<In, Out>,
    group: G,
    handlers: Handlers,
) -> LlmAgentBuilder<In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    group.add_to(builder, handlers)
}

/// What `agent!`'s `mcp(..)` entry takes: a list of tools (fixed at build), or a tool source
/// (an MCP server, listed at run time and again when it announces a change).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a list of tools nor a tool source",
    label = "`mcp(..)` takes the tools an MCP server listed, or the server itself",
    note = "pass `server.tools().await?` (a fixed list) or the `McpServer` (followed at run time)"
)]
pub trait ToolGroup {
    /// Adds the group's tools to `builder`, each with `handlers`.
    fn add_to<In, Out>(
        self,
        builder: LlmAgentBuilder<In, Out>,
        handlers: Handlers,
    ) -> LlmAgentBuilder<In, Out>
    where
        In: serde::Serialize + Send + 'static,
        Out: Output;
}

impl<I, T> ToolGroup for I
where
    I: IntoIterator<Item = T>,
    T: Tool,
{
    fn add_to<In, Out>(
        self,
        mut builder: LlmAgentBuilder<In, Out>,
        handlers: Handlers,
    ) -> LlmAgentBuilder<In, Out>
    where
        In: serde::Serialize + Send + 'static,
        Out: Output,
    {
        for tool in self {
            builder = builder.tool_arc(Arc::new(tool), handlers.clone());
        }
        builder
    }
}

pub use crate::tool::args::tool_result;

/// What an infallible `#[tool]` function may return: any `Serialize` type. A trait rather than
/// a bound on a helper function, so that a type that does not serialise is reported in the
/// words below, on the user's return type, with no helper's path in the message.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a tool's output: it does not implement `serde::Serialize`",
    label = "the model receives this as JSON, so it must implement `serde::Serialize`",
    note = "derive it (`#[derive(serde::Serialize)]` on `{Self}`), or return a type that does"
)]
pub trait ToolOutput {
    /// The output as JSON, or a permanent failure if it does not serialise.
    fn into_tool_output(self) -> Result<serde_json::Value, ToolCallError>;
}

impl<T: serde::Serialize> ToolOutput for T {
    fn into_tool_output(self) -> Result<serde_json::Value, ToolCallError> {
        output_to_value(&self)
    }
}

/// A tool's spec, computed once per tool type by the caller's `OnceLock`.
pub fn tool_spec<A: schemars::JsonSchema>(name: &str, description: &str) -> ToolSpec {
    ToolSpec {
        name: name.to_owned(),
        description: description.to_owned(),
        parameters: schema_for::<A>(),
    }
}

/// Whether `T`'s schema is an object with named properties (a struct): a `#[tool]` function
/// whose only argument is such a type takes the type's fields as its arguments.
pub fn is_object_schema<T: schemars::JsonSchema>() -> bool {
    let schema = schema_for::<T>();
    schema.get("type").and_then(serde_json::Value::as_str) == Some("object")
        && schema
            .get("properties")
            .and_then(serde_json::Value::as_object)
            .is_some_and(|p| !p.is_empty())
}

/// The spec of a tool whose arguments are `T`'s fields; `param_doc` (the parameter's own
/// description) describes them when `T` has no description of its own.
pub fn tool_spec_flat<T: schemars::JsonSchema>(
    name: &str,
    description: &str,
    param_doc: Option<&str>,
) -> ToolSpec {
    let mut parameters = schema_for::<T>();
    if let (Some(doc), serde_json::Value::Object(map)) = (param_doc, &mut parameters) {
        map.entry("description")
            .or_insert_with(|| serde_json::Value::String(doc.to_owned()));
    }
    ToolSpec {
        name: name.to_owned(),
        description: description.to_owned(),
        parameters,
    }
}

/// What `agent! { deps: .. }` checks of each of its tools: the tool reads no dependencies, or
/// dependencies of the agent's type `D`. `#[tool]` implements it.
#[diagnostic::on_unimplemented(
    message = "tool `{Self}` reads dependencies of another type than this agent's `{D}`",
    label = "its `Deps<..>` parameter names another type than `{D}`",
    note = "give the agent the type the tool's `Deps<T>` parameter names (`deps: ..` in `agent!`), or change the parameter"
)]
pub trait UsesDeps<D> {}

/// `tool` checked to read no dependencies or the agent's `deps` (the error lands on the tool).
#[inline]
pub fn check_tool_deps<D, T: UsesDeps<D>>(_deps: &D, _tool: &T) {}

/// Builds the agent an `agent!` invocation describes.
///
/// Everything `agent!` can check at compile time it has checked; what is left (two tools whose
/// `name = ".."` options collide, a reserved tool name, a skill naming a tool the agent lacks) is
/// a programming error in a fixed configuration, reported here with the builder's message at the
/// `agent!` call site.
#[track_caller]
pub fn build_agent<In, Out>(builder: LlmAgentBuilder<In, Out>) -> LlmAgent<In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    match builder.build() {
        Ok(agent) => agent,
        Err(e) => panic!("agent!: invalid configuration: {e}"),
    }
}

/// A value of the right type for an `agent!` invocation that failed to compile, so that one
/// mistake gives one error. Never runs: the crate does not compile.
pub fn dummy_agent<In, Out>() -> LlmAgent<In, Out> {
    unreachable!("agent! emitted a placeholder next to a compile error")
}

/// The placeholder spec of a `#[tool]` whose attribute failed to compile.
pub fn dummy_spec() -> &'static ToolSpec {
    unreachable!("#[tool] emitted a placeholder next to a compile error")
}
