//! One call of one tool outside an agent's model loop: what a server exposing our tools to
//! another program (an MCP server, an HTTP endpoint) runs for each request it receives.
//!
//! It is the agent's own executor (schema validation, the tool's reading of its arguments, panic
//! capture, timeout, the execution error's class), preceded by the deterministic repair a caller
//! cannot do for itself: schema-guided coercion (`"42"` → `42` where the schema says number).
//! There is no model to give feedback to and no repair chain to walk: what is still wrong comes
//! back as a typed [`ToolError`] whose [`model_text`](ToolError::model_text) the caller can show
//! its own model.

use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use super::executor::{CallOutcome, ExecSetup, Executor};
use super::{ArgsValidator, Tool};
use crate::budget::BudgetScope;
use crate::error::{Classifier, ExecutionError, ExecutionFailure, ToolError};
use crate::model::ToolCall;
use crate::path::AgentPath;
use crate::run::{DepsSet, MissingDeps, RunContext};

/// A tool ready to be called from outside an agent run: its argument schema compiled once.
///
/// ```
/// use agents_core::tool::{StandaloneTool, tool_fn};
/// use agents_core::ExecutionFailure;
/// use serde_json::json;
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Add { a: i64, b: i64 }
///
/// let add = StandaloneTool::new(std::sync::Arc::new(tool_fn("add", "Adds.", |x: Add| async move {
///     Ok::<_, ExecutionFailure>(x.a + x.b)
/// })));
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// // `"2"` is coerced to the number the schema asks for.
/// let out = add.call("1", json!({"a": "2", "b": 3})).await.unwrap();
/// assert_eq!(out, json!(5));
/// // A missing field is a typed error, with the text a model can act on.
/// let err = add.call("2", json!({"a": 1})).await.unwrap_err();
/// assert!(err.model_text().contains("'add'"));
/// # });
/// ```
pub struct StandaloneTool {
    tool: Arc<dyn Tool>,
    validator: Option<ArgsValidator>,
    classifier: Classifier,
    caller: AgentPath,
    default_timeout: Option<Duration>,
    deps: DepsSet,
}

impl std::fmt::Debug for StandaloneTool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StandaloneTool")
            .field("tool", &self.tool.spec().name)
            .field("validated", &self.validator.is_some())
            .field("caller", &self.caller)
            .field("default_timeout", &self.default_timeout)
            .finish_non_exhaustive()
    }
}

impl StandaloneTool {
    /// Wraps `tool`, compiling its argument schema. A schema the validator cannot compile leaves
    /// the arguments to the tool's own types, as in an agent (with a `tracing` warning).
    pub fn new(tool: Arc<dyn Tool>) -> Self {
        let validator = match ArgsValidator::for_tool(&tool.spec().name, &tool.spec().parameters) {
            Ok(v) => Some(v),
            Err(e) => {
                tracing::warn!(target: "agents::tool", error = %e, "arguments are not validated");
                None
            }
        };
        StandaloneTool {
            tool,
            validator,
            classifier: Classifier::default(),
            caller: AgentPath::root("standalone"),
            default_timeout: None,
            deps: DepsSet::new(),
        }
    }

    /// The dependencies the tool reads (a `Deps<T>` parameter), under any a caller's context
    /// gives (see [`Deps`](crate::Deps)).
    pub fn deps(mut self, deps: DepsSet) -> Self {
        self.deps = deps;
        self
    }

    /// The dependency the tool needs and was not given, if any: a server checks this before
    /// it serves the tool.
    pub fn missing_deps(&self) -> Option<MissingDeps> {
        let needed = self.tool.deps_type()?;
        (!self.deps.has(needed)).then(|| MissingDeps {
            agent: self.caller.clone(),
            tool: self.tool.spec().name.clone(),
            needed,
        })
    }

    /// Who calls (the path tools see in their [`ToolContext`](super::ToolContext) and events
    /// name); default `standalone`.
    pub fn caller(mut self, caller: AgentPath) -> Self {
        self.caller = caller;
        self
    }

    /// The timeout of a call when the tool has none of its own.
    pub fn default_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.default_timeout = timeout;
        self
    }

    /// How execution failures are classified (transient or permanent).
    pub fn classifier(mut self, classifier: Classifier) -> Self {
        self.classifier = classifier;
        self
    }

    /// The tool.
    pub fn tool(&self) -> &Arc<dyn Tool> {
        &self.tool
    }

    /// Runs one call with `args` in a fresh top-level run; `call_id` names it in events.
    pub async fn call(&self, call_id: &str, args: Value) -> Result<Value, ToolError> {
        self.call_in(call_id, args, &RunContext::top()).await
    }

    /// Runs one call with `args` inside `ctx` (its budget is charged, its subscribers see the
    /// events; a context without a budget runs unlimited).
    ///
    /// The arguments are coerced towards the tool's schema first (only changes that lose
    /// nothing), then validated, read and run as in an agent. A tool that asks for a person's
    /// approval ([`Tool::needs_approval`]) is refused: nobody here can give it.
    pub async fn call_in(
        &self,
        call_id: &str,
        args: Value,
        ctx: &RunContext,
    ) -> Result<Value, ToolError> {
        let ctx = &ctx.clone().with_agent_deps(&self.deps);
        let schema = &self.tool.spec().parameters;
        let args = match crate::json::coerce(args.clone(), schema) {
            Ok(coerced) => coerced.value,
            // The validator names what is wrong, with every violation at once.
            Err(_) => args,
        };
        if self.tool.needs_approval(&args) {
            let failure = ExecutionFailure::new(
                "this call needs a person's approval, which a standalone call cannot ask for",
            )
            .permanent()
            .model_safe();
            return Err(self.execution_error(args, failure));
        }
        let budget = match ctx.budget() {
            Some(b) => b.clone(),
            None => BudgetScope::unlimited(self.caller.clone()),
        };
        let setup = ExecSetup {
            tool: &self.tool,
            validator: self.validator.as_ref(),
            classifier: &self.classifier,
            agent: &self.caller,
            budget: &budget,
            ctx,
            default_timeout: self.default_timeout,
            approval: None,
            // A standalone call is one step of someone else's process; nothing to replay.
            journal: None,
            // No model wrote these arguments, so none copied an example.
            echo: None,
            // The answer is the output alone.
            keep_args: false,
        };
        let call = ToolCall {
            id: call_id.to_owned(),
            name: self.tool.spec().name.clone(),
            arguments: args.to_string(),
        };
        match Executor::new(&setup, &call)
            .attempt(&call.arguments)
            .await?
        {
            CallOutcome::Success { output, .. } => Ok(output),
            CallOutcome::Failed(e) => Err(e),
            CallOutcome::Escalated(e) => Err(ToolError::Escalation(e)),
            CallOutcome::Stop(stop) => {
                Err(self.execution_error(args, ExecutionFailure::from_error(stop).permanent()))
            }
            // A served tool has no tool list to send the caller back to: say it is gone.
            CallOutcome::Vanished { .. } => {
                let name = &self.tool.spec().name;
                Err(self.execution_error(
                    args,
                    ExecutionFailure::new(format!("the tool `{name}` no longer exists"))
                        .permanent()
                        .with_model_message(format!("The tool `{name}` no longer exists.")),
                ))
            }
            // `approval` is `None`: the executor never pauses here.
            CallOutcome::AwaitingApproval { args } => Err(self.execution_error(
                args,
                ExecutionFailure::new("the call waits for an approval").permanent(),
            )),
        }
    }

    fn execution_error(&self, args: Value, failure: ExecutionFailure) -> ToolError {
        ToolError::Execution(ExecutionError {
            tool: self.tool.spec().name.clone(),
            args,
            class: self.classifier.classify(&failure),
            failure,
            attempts: 0,
        })
    }
}
