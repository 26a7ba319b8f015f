//! Tools built from closures.

use std::future::Future;
use std::marker::PhantomData;
use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::BoxFuture;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{
    PreparedCall, Tool, ToolCallError, ToolContext, deserialize_args, prepared, run_prepared,
    schema_for,
};
use crate::error::IntoExecutionFailure;
use crate::model::ToolSpec;

/// A tool made from an async closure over typed arguments. Build it with [`tool_fn`].
pub struct FnTool<A, F> {
    spec: ToolSpec,
    idempotent: bool,
    non_blocking: bool,
    timeout: Option<Duration>,
    f: F,
    _args: PhantomData<fn(A)>,
}

/// Builds a tool from an async closure taking typed arguments.
///
/// The argument schema comes from `A`'s `JsonSchema`. The closure returns `Result<T, E>` where
/// `T: Serialize` and `E` converts into an [`ExecutionFailure`](crate::ExecutionFailure).
///
/// ```
/// use agents_core::tool::{tool_fn, Tool};
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Add { a: i64, b: i64 }
/// let add = tool_fn("add", "Adds two integers.", |args: Add| async move {
///     Ok::<_, agents_core::ExecutionFailure>(args.a + args.b)
/// })
/// .idempotent();
/// assert_eq!(add.spec().name, "add");
/// assert!(Tool::idempotent(&add));
/// ```
pub fn tool_fn<A, T, E, Fut, F>(
    name: impl Into<String>,
    description: impl Into<String>,
    f: F,
) -> FnTool<A, F>
where
    A: DeserializeOwned + schemars::JsonSchema + Send + 'static,
    T: Serialize,
    E: IntoExecutionFailure,
    Fut: Future<Output = Result<T, E>> + Send,
    F: Fn(A) -> Fut + Send + Sync + 'static,
{
    FnTool::with_spec(
        ToolSpec {
            name: name.into(),
            description: description.into(),
            parameters: schema_for::<A>(),
        },
        f,
    )
}

impl<A, F> std::fmt::Debug for FnTool<A, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FnTool")
            .field("name", &self.spec.name)
            .field("idempotent", &self.idempotent)
            .field("non_blocking", &self.non_blocking)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl<A, F> FnTool<A, F> {
    /// A tool with this spec, running `f`; neither idempotent nor with a timeout of its own.
    pub(crate) fn with_spec(spec: ToolSpec, f: F) -> Self {
        FnTool {
            spec,
            idempotent: false,
            non_blocking: false,
            timeout: None,
            f,
            _args: PhantomData,
        }
    }

    /// Declares the tool safe to run twice with the same arguments.
    pub fn idempotent(mut self) -> Self {
        self.idempotent = true;
        self
    }

    /// Declares that the closure's future never blocks its thread, so each call runs in place
    /// on the run's task instead of on a task of its own (see [`Tool::non_blocking`]: cheaper,
    /// and a call that does block then holds the run until it returns).
    ///
    /// ```
    /// use agents_core::tool::{tool_fn, Tool};
    /// #[derive(serde::Deserialize, schemars::JsonSchema)]
    /// struct Name { name: String }
    /// let greet = tool_fn("greet", "Greets someone.", |args: Name| async move {
    ///     Ok::<_, agents_core::ExecutionFailure>(format!("Hello, {}!", args.name))
    /// })
    /// .non_blocking();
    /// assert!(Tool::non_blocking(&greet));
    /// ```
    pub fn non_blocking(mut self) -> Self {
        self.non_blocking = true;
        self
    }

    /// Sets the tool's own timeout.
    pub fn timeout(mut self, after: Duration) -> Self {
        self.timeout = Some(after);
        self
    }
}

impl<A, T, E, Fut, F> Tool for FnTool<A, F>
where
    A: DeserializeOwned + schemars::JsonSchema + Send + 'static,
    T: Serialize,
    E: IntoExecutionFailure,
    Fut: Future<Output = Result<T, E>> + Send,
    F: Fn(A) -> Fut + Send + Sync + 'static,
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

    fn non_blocking(&self) -> bool {
        self.non_blocking
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

impl<A, T, E, Fut, F> FnTool<A, F>
where
    A: DeserializeOwned + Send + 'static,
    T: Serialize,
    E: IntoExecutionFailure,
    Fut: Future<Output = Result<T, E>> + Send,
    F: Fn(A) -> Fut + Send + Sync + 'static,
{
    /// Reads `args` into `A` and returns the call running the closure on them, holding `tool`
    /// (a borrow of the tool for `prepare`, a share of it for `prepare_shared`) while it runs.
    fn prepare_holding<'a, S>(tool: S, args: Value) -> Result<PreparedCall<'a>, ToolCallError>
    where
        S: Deref<Target = Self> + Send + Sync + 'a,
    {
        let args: A = deserialize_args(args)?;
        Ok(prepared(move |_| async move {
            super::args::tool_result((tool.f)(args).await)
        }))
    }
}
