//! Tools from a JSON Schema that already exists (an MCP server's, an OpenAPI operation's, a
//! config file's) and an async closure over the JSON arguments: no Rust type needed.

use std::future::Future;

use serde::Serialize;
use serde_json::Value;

use super::FnTool;
use super::validate::{ArgsValidator, SchemaError};
use crate::error::IntoExecutionFailure;
use crate::model::ToolSpec;

/// A tool made from a JSON Schema and an async closure over [`Value`]: a [`FnTool`] whose
/// arguments are the JSON itself. Build it with [`schema_tool`].
pub type SchemaTool<F> = FnTool<Value, F>;

/// Builds a tool from a name, a description, the JSON Schema of its arguments and an async
/// closure that takes the arguments as a [`Value`].
///
/// The schema is sent to the model as it is, and the agent runs every call through the same
/// chain as any tool's: lenient JSON repair, coercion guided by this schema (`"42"` for an
/// integer, an enum value in the wrong case), then validation against it (unknown arguments
/// under `additionalProperties: false`, enums, patterns, formats, bounds, required
/// arguments), all violations of a call reported to the model at once. The closure sees only
/// arguments that passed. It returns `Result<T, E>` where `T: Serialize` and `E` converts into
/// an [`ExecutionFailure`](crate::ExecutionFailure), as with [`tool_fn`](super::tool_fn).
///
/// Fails with a [`SchemaError`] when the schema is not a JSON object or the validator cannot
/// compile it (an unknown type name, a pattern that is not a regular expression, a `$ref` to a
/// document outside the schema: nothing is fetched).
///
/// ```
/// use agents_core::tool::{schema_tool, Tool};
/// use agents_core::ExecutionFailure;
/// use serde_json::{json, Value};
///
/// let convert = schema_tool(
///     "convert",
///     "Converts an amount between currencies.",
///     json!({
///         "type": "object",
///         "properties": {
///             "amount": {"type": "number", "exclusiveMinimum": 0},
///             "from": {"type": "string", "pattern": "^[A-Z]{3}$"},
///             "to": {"type": "string", "pattern": "^[A-Z]{3}$"}
///         },
///         "required": ["amount", "from", "to"],
///         "additionalProperties": false
///     }),
///     |args: Value| async move {
///         let amount = args["amount"].as_f64().unwrap_or_default();
///         Ok::<_, ExecutionFailure>(json!({"amount": amount * 1.1, "currency": args["to"]}))
///     },
/// )
/// .expect("a valid schema")
/// .idempotent();
/// assert_eq!(convert.spec().name, "convert");
/// assert!(Tool::idempotent(&convert));
///
/// // A schema the validator cannot compile is an error, not a panic.
/// let err = schema_tool("bad", "", json!({"type": "integr"}), |v: Value| async move {
///     Ok::<_, ExecutionFailure>(v)
/// })
/// .unwrap_err();
/// assert_eq!(err.tool, "bad");
/// ```
pub fn schema_tool<T, E, Fut, F>(
    name: impl Into<String>,
    description: impl Into<String>,
    schema: Value,
    f: F,
) -> Result<SchemaTool<F>, SchemaError>
where
    T: Serialize,
    E: IntoExecutionFailure,
    Fut: Future<Output = Result<T, E>> + Send,
    F: Fn(Value) -> Fut + Send + Sync + 'static,
{
    let name = name.into();
    // Compiled here only to refuse a bad schema where it is given; the agent compiles its own
    // copy once, when the tool is added, and validates every call with it.
    ArgsValidator::compile(&name, &schema)?;
    Ok(FnTool::with_spec(
        ToolSpec {
            name,
            description: description.into(),
            parameters: schema,
        },
        f,
    ))
}
