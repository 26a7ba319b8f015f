//! Delegation: any agent as a tool of another, so a parent's model can hand work to a child.
//!
//! The child runs as a child of the calling agent's run (its path is `parent/child`, it spends
//! from the same budget, its events reach the parent's subscribers). An escalation or a hard stop
//! that ends the child's run reaches the parent unchanged, where the parent's `on_escalation`
//! decides; any other failure of the child is an ordinary execution failure of the tool.

use std::marker::PhantomData;
use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::BoxFuture;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::Agent;
use crate::budget::BudgetKind;
use crate::error::AgentError;
use crate::model::ToolSpec;
use crate::tool::{
    PreparedCall, Tool, ToolCallError, ToolContext, deserialize_args, output_to_value, prepared,
    run_prepared, schema_for,
};

/// The argument name under which an input that is not a JSON object (a string, a number, a list)
/// is passed: the tool's parameters are always an object.
pub const INPUT_FIELD: &str = "input";

/// An agent wrapped as a [`Tool`]. Build it with [`AgentTool::new`] or
/// [`Compose::into_tool`](super::compose::Compose::into_tool).
///
/// The tool's name is the agent's name, its parameters are `In`'s JSON Schema (wrapped as
/// `{"input": …}` when `In` is not an object), and its result is the child's output serialized
/// as JSON (a string output as it is).
///
/// ```
/// use agents_core::agent::{from_fn, AgentTool};
/// use agents_core::tool::Tool;
/// let child = from_fn("shout", |s: String| async move { Ok(s.to_uppercase()) });
/// let tool = AgentTool::new(child, "Repeats the text in capitals.");
/// assert_eq!(tool.spec().name, "shout");
/// assert_eq!(tool.spec().parameters["required"][0], "input");
/// ```
pub struct AgentTool<A, In, Out> {
    agent: A,
    spec: ToolSpec,
    wrapped: bool,
    idempotent: bool,
    timeout: Option<Duration>,
    _io: PhantomData<fn(In) -> Out>,
}

impl<A, In, Out> std::fmt::Debug for AgentTool<A, In, Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentTool")
            .field("name", &self.spec.name)
            .field("idempotent", &self.idempotent)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl<A, In, Out> AgentTool<A, In, Out>
where
    A: Agent<In, Out> + 'static,
    In: DeserializeOwned + schemars::JsonSchema + Send + 'static,
    Out: Serialize + Send + 'static,
{
    /// Wraps `agent`; `description` is what the parent's model reads when it decides to delegate.
    pub fn new(agent: A, description: impl Into<String>) -> Self {
        let schema = schema_for::<In>();
        let is_object = schema.get("type").and_then(Value::as_str) == Some("object");
        let parameters = if is_object {
            schema
        } else {
            let mut inner = schema;
            if let Value::Object(m) = &mut inner {
                m.remove("$schema");
                m.remove("title");
            }
            serde_json::json!({
                "type": "object",
                "properties": { INPUT_FIELD: inner },
                "required": [INPUT_FIELD],
            })
        };
        AgentTool {
            spec: ToolSpec {
                name: agent.name().to_owned(),
                description: description.into(),
                parameters,
            },
            agent,
            wrapped: !is_object,
            idempotent: false,
            timeout: None,
            _io: PhantomData,
        }
    }

    /// Declares the child safe to run twice on the same input (so `retry` may repeat it).
    pub fn idempotent(mut self) -> Self {
        self.idempotent = true;
        self
    }

    /// The child's own time limit as a tool, overriding the caller's per-tool timeout (which
    /// defaults to 60 s and may be too short for an agent that calls a model several times).
    pub fn timeout(mut self, after: Duration) -> Self {
        self.timeout = Some(after);
        self
    }

    /// The wrapped agent.
    pub fn agent(&self) -> &A {
        &self.agent
    }

    /// Reads the arguments into `In`, unwrapping `{"input": …}` for non-object inputs (a bare
    /// value is accepted too).
    fn read_input(&self, args: Value) -> Result<In, ToolCallError> {
        if !self.wrapped {
            return deserialize_args(args);
        }
        let inner = match args {
            Value::Object(mut m) if m.contains_key(INPUT_FIELD) => {
                m.remove(INPUT_FIELD).unwrap_or(Value::Null)
            }
            other => other,
        };
        deserialize_args(inner).map_err(|e| match e {
            ToolCallError::InvalidInput {
                target_type,
                field_path,
                message,
            } => ToolCallError::InvalidInput {
                target_type,
                field_path: if field_path.is_empty() || field_path == "." {
                    INPUT_FIELD.to_owned()
                } else {
                    format!("{INPUT_FIELD}.{field_path}")
                },
                message,
            },
            other => other,
        })
    }
}

impl<A, In, Out> Tool for AgentTool<A, In, Out>
where
    A: Agent<In, Out> + 'static,
    In: DeserializeOwned + schemars::JsonSchema + Send + 'static,
    Out: Serialize + Send + 'static,
{
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    fn idempotent(&self) -> bool {
        self.idempotent
    }

    fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    fn call<'a>(
        &'a self,
        args: Value,
        ctx: &'a ToolContext,
    ) -> BoxFuture<'a, Result<Value, ToolCallError>> {
        run_prepared(self.prepare(args), ctx)
    }

    fn prepare<'a>(&'a self, args: Value) -> Result<PreparedCall<'a>, ToolCallError> {
        Self::prepare_holding(self, args)
    }

    fn prepare_shared(
        self: Arc<Self>,
        args: Value,
    ) -> Result<PreparedCall<'static>, ToolCallError> {
        Self::prepare_holding(self, args)
    }
}

impl<A, In, Out> AgentTool<A, In, Out>
where
    A: Agent<In, Out> + 'static,
    In: DeserializeOwned + schemars::JsonSchema + Send + 'static,
    Out: Serialize + Send + 'static,
{
    /// Reads `args` into the agent's input and returns the call invoking the agent on it,
    /// holding `tool` (a borrow of the tool for `prepare`, a share of it for `prepare_shared`)
    /// while it runs.
    fn prepare_holding<'a, S>(tool: S, args: Value) -> Result<PreparedCall<'a>, ToolCallError>
    where
        S: Deref<Target = Self> + Send + Sync + 'a,
    {
        let input = tool.read_input(args)?;
        Ok(prepared(move |ctx| {
            async move {
                // Plain-function children do not check the depth themselves; check it here so
                // that delegation cannot recurse without bound whatever the child is.
                let depth = ctx.run.child_path(tool.agent.name()).depth() as u64;
                if let Some(scope) = ctx.run.budget() {
                    for s in std::iter::successors(Some(scope), |s| s.parent()) {
                        s.check(BudgetKind::AgentDepth, depth)
                            .map_err(|b| ToolCallError::Agent(Box::new(AgentError::Budget(b))))?;
                    }
                }
                match tool.agent.invoke(input, &ctx.run).await {
                    Ok(out) => output_to_value(&out),
                    // The pipeline passes escalations and hard stops to the caller unchanged and
                    // turns any other agent error into an execution failure of this tool.
                    Err(e) => Err(ToolCallError::Agent(Box::new(e))),
                }
            }
        }))
    }
}
