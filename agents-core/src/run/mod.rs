//! A run: the [`Agent`] interface, the context a run carries down the tree ([`RunContext`]), and
//! what a fixer run is told about the call it repairs ([`RepairRequest`]).
//!
//! Its own module below `agent`, `tool` and `repair`, so that all three depend on it and not on
//! each other: a tool's context and a fixer agent are runs, not agents' internals.

mod context;
mod repair_request;

use std::sync::Arc;

use futures_util::future::BoxFuture;

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
    /// Runs the agent as the root of a new tree.
    fn run(&self, input: In) -> BoxFuture<'_, Result<Out, AgentError>>
    where
        In: Send + 'static,
    {
        Box::pin(async move {
            let top = RunContext::top();
            self.invoke(input, &top).await
        })
    }
}

impl<In, Out, A: Agent<In, Out> + ?Sized> AgentExt<In, Out> for A {}
