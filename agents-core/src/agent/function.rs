//! Agents implemented by plain functions: zero model calls.

use std::future::Future;
use std::marker::PhantomData;

use futures_util::future::BoxFuture;

use super::{Agent, RunContext};
use crate::error::AgentError;
use crate::escalation::path::passed_through_plain;

/// An agent implemented by an async function of its input and context. Build it with
/// [`from_fn`] or [`from_fn_with_context`].
pub struct FnAgent<In, Out, F> {
    name: String,
    f: F,
    _io: PhantomData<fn(In) -> Out>,
}

/// An agent from an async function of its input.
///
/// A deterministic fixer is an `Agent<String, String>` like any other:
///
/// ```
/// use agents_core::agent::{from_fn, Agent, AgentExt};
/// let trim = from_fn("trim-fences", |raw: String| async move {
///     Ok(raw.trim().trim_start_matches("```json").trim_end_matches("```").trim().to_owned())
/// });
/// let out = futures_util::FutureExt::now_or_never(std::future::IntoFuture::into_future(trim.run("```json\n{}\n```".to_owned()))).unwrap().unwrap();
/// assert_eq!(out, "{}");
/// ```
pub fn from_fn<In, Out, Fut, F>(
    name: impl Into<String>,
    f: F,
) -> FnAgent<In, Out, impl Fn(In, RunContext) -> Fut + Send + Sync>
where
    In: Send + 'static,
    Out: Send + 'static,
    Fut: Future<Output = Result<Out, AgentError>> + Send,
    F: Fn(In) -> Fut + Send + Sync,
{
    FnAgent {
        name: name.into(),
        f: move |input, _ctx| f(input),
        _io: PhantomData,
    }
}

/// An agent from an async function of its input and its [`RunContext`] (for its path, the repair
/// request when it serves as a fixer, or the conversation).
pub fn from_fn_with_context<In, Out, Fut, F>(name: impl Into<String>, f: F) -> FnAgent<In, Out, F>
where
    In: Send + 'static,
    Out: Send + 'static,
    Fut: Future<Output = Result<Out, AgentError>> + Send,
    F: Fn(In, RunContext) -> Fut + Send + Sync,
{
    FnAgent {
        name: name.into(),
        f,
        _io: PhantomData,
    }
}

impl<In, Out, Fut, F> Agent<In, Out> for FnAgent<In, Out, F>
where
    In: Send + 'static,
    Out: Send + 'static,
    Fut: Future<Output = Result<Out, AgentError>> + Send,
    F: Fn(In, RunContext) -> Fut + Send + Sync,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn invoke<'a>(
        &'a self,
        input: In,
        ctx: &'a RunContext,
    ) -> BoxFuture<'a, Result<Out, AgentError>> {
        let ctx = ctx.enter_plain(&self.name);
        Box::pin(async move {
            let Some(path) = ctx.path().cloned() else {
                return (self.f)(input, ctx).await;
            };
            let events = ctx.events().clone();
            (self.f)(input, ctx)
                .await
                .map_err(|e| passed_through_plain(e.attributed_to(&path), &path, &events))
        })
    }
}
