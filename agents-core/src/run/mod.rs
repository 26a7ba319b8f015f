//! A run: the [`Agent`] interface, the context a run carries down the tree ([`RunContext`]), and
//! what a fixer run is told about the call it repairs ([`RepairRequest`]).
//!
//! Its own module below `agent`, `tool` and `repair`, so that all three depend on it and not on
//! each other: a tool's context and a fixer agent are runs, not agents' internals.

mod context;
mod repair_request;

use std::sync::Arc;

use futures_util::future::BoxFuture;

pub use crate::deps::{Deps, DepsSet, DepsType, MissingDeps};
pub use context::RunContext;
pub use repair_request::{RepairContext, RepairRequest};

use crate::error::AgentError;

/// Something that turns an `In` into an `Out`, possibly failing.
///
/// The same interface serves applications, sub-agents and repair agents (`Agent<String, String>`
/// in `fix_with`): a plain function ([`from_fn`](crate::agent::from_fn)) or a model loop ([`LlmAgent`](crate::LlmAgent)).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an `Agent<{In}, {Out}>`",
    label = "expected an agent taking `{In}` and returning `{Out}`",
    note = "a repair agent for `fix_with` must be an `Agent<String, String>`: build one with `agents::agent::from_fn` or `agent!`"
)]
pub trait Agent<In, Out>: Send + Sync {
    /// The agent's name (its path segment in the tree).
    fn name(&self) -> &str;

    /// Runs the agent as a child of `ctx`.
    fn invoke<'a>(
        &'a self,
        input: In,
        ctx: &'a RunContext,
    ) -> BoxFuture<'a, Result<Out, AgentError>>;
}

/// An agent behind a shared or owned pointer is that agent (one body for both pointers).
macro_rules! forward_agent {
    ($($ptr:ident),*) => {$(
        impl<In, Out, A: Agent<In, Out> + ?Sized> Agent<In, Out> for $ptr<A> {
            fn name(&self) -> &str {
                (**self).name()
            }
            fn invoke<'a>(
                &'a self,
                input: In,
                ctx: &'a RunContext,
            ) -> BoxFuture<'a, Result<Out, AgentError>> {
                (**self).invoke(input, ctx)
            }
        }
    )*};
}

forward_agent!(Arc, Box);

/// Conveniences for every agent.
pub trait AgentExt<In, Out>: Agent<In, Out> {
    /// A run of the agent on `input` as the root of a new tree: await it for the output, or
    /// give it dependencies or a parent run first (see [`AgentRun`]). An
    /// [`LlmAgent`](crate::LlmAgent)'s own `run` takes more options
    /// ([`RunRequest`](crate::RunRequest)).
    fn run(&self, input: In) -> AgentRun<'_, Self, In, Out>
    where
        In: Send + 'static,
    {
        AgentRun {
            agent: self,
            input,
            deps: DepsSet::new(),
            parent: None,
            _out: std::marker::PhantomData,
        }
    }
}

impl<In, Out, A: Agent<In, Out> + ?Sized> AgentExt<In, Out> for A {}

/// A run of any agent, not started yet: `.await` it for the output. See [`AgentExt::run`].
///
/// ```
/// use agents_core::agent::{AgentExt, from_fn_with_context};
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// struct Greeting(&'static str);
/// let greet = from_fn_with_context("greet", |name: String, ctx| async move {
///     let greeting = ctx.deps().get::<Greeting>().map_or("Hello", |g| g.0);
///     Ok(format!("{greeting}, {name}"))
/// });
/// let out = greet.run("Ada".to_owned()).deps(Greeting("Hi")).await.unwrap();
/// assert_eq!(out, "Hi, Ada");
/// # });
/// ```
#[must_use = "a run does nothing until it is awaited"]
pub struct AgentRun<'a, A: ?Sized, In, Out> {
    agent: &'a A,
    input: In,
    deps: DepsSet,
    parent: Option<&'a RunContext>,
    _out: std::marker::PhantomData<fn() -> Out>,
}

impl<'a, A: Agent<In, Out> + ?Sized, In: Send + 'static, Out> AgentRun<'a, A, In, Out> {
    /// Gives the run `value` as its dependency of type `T` (see [`Deps`]).
    pub fn deps<T: std::any::Any + Send + Sync>(mut self, value: T) -> Self {
        self.deps = self.deps.with(value);
        self
    }

    /// Runs the agent as a child of `parent` instead of as the root of a new tree.
    pub fn within(mut self, parent: &'a RunContext) -> Self {
        self.parent = Some(parent);
        self
    }
}

impl<'a, A, In, Out> std::future::IntoFuture for AgentRun<'a, A, In, Out>
where
    A: Agent<In, Out> + ?Sized,
    In: Send + 'static,
    Out: 'a,
{
    type Output = Result<Out, AgentError>;
    type IntoFuture = BoxFuture<'a, Result<Out, AgentError>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(async move {
            let ctx = match self.parent {
                Some(p) => p.clone(),
                None => RunContext::top(),
            }
            .with_deps(&self.deps);
            self.agent.invoke(self.input, &ctx).await
        })
    }
}
