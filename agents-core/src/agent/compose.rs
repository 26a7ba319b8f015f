//! Composition of agents: races ([`first_of`], [`Compose::speculative`]), loops
//! ([`loop_until`]), routing to a child by name ([`Route`]) and delegation
//! ([`Compose::into_tool`]).
//!
//! Every combinator is itself an [`Agent`], so they nest, and every child runs in the caller's
//! [`RunContext`]: it spends from the same budget (a cancelled racer's turns and tokens stay
//! charged) and its events reach the same subscribers.

use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use futures_util::future::BoxFuture;
use futures_util::stream::FuturesUnordered;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Agent, AgentTool, RunContext};
use crate::error::AgentError;
use crate::similar::did_you_mean;

/// One contestant of a race: its position among the racers and its agent's name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Racer {
    /// 0-based position (for `speculative(n)`, the sample number).
    pub index: usize,
    /// The agent's name.
    pub name: String,
}

/// How a race ended, as reported to an `on_race_settled` hook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RaceSettled {
    /// The racer whose output was taken (`None` when every racer failed or one stopped the run).
    pub winner: Option<Racer>,
    /// Racers still running when the race settled: their futures were dropped, which cancels
    /// them at their next await point. What they spent until then stays charged to the budget.
    pub cancelled: Vec<Racer>,
    /// Racers that finished with an error before the race settled, in the order they failed.
    pub failed: Vec<Racer>,
    /// Time from the start of the race until it settled.
    pub elapsed: Duration,
}

/// An `on_race_settled` hook.
pub type RaceHook = Arc<dyn Fn(&RaceSettled) + Send + Sync>;

/// Every racer failed: the last failure, with the others attached.
///
/// A race reports it as [`AgentError::Failed`] whose source is this value; read it back with
/// [`RaceFailed::find`] or [`RaceFailed::take`]. A hard stop from any racer is not collected
/// here: it ends the race (and the run) at once, unchanged.
#[derive(Debug)]
pub struct RaceFailed {
    /// The racer that failed last.
    pub last_racer: Racer,
    /// Its error.
    pub last: Box<AgentError>,
    /// The other racers' errors, in the order they failed.
    pub others: Vec<(Racer, AgentError)>,
}

impl RaceFailed {
    /// The `RaceFailed` inside `error`, if it is one.
    pub fn find(error: &AgentError) -> Option<&RaceFailed> {
        find_failed(error)
    }

    /// Takes the `RaceFailed` out of `error`, or gives the error back if it is not one.
    pub fn take(error: AgentError) -> Result<RaceFailed, AgentError> {
        take_failed(error)
    }

    /// The last failure itself, to re-raise it (an escalation walks up the tree again).
    pub fn into_last(self) -> AgentError {
        *self.last
    }
}

impl std::fmt::Display for RaceFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "all {} racer(s) failed; the last, {} (#{}): {}",
            self.others.len() + 1,
            self.last_racer.name,
            self.last_racer.index,
            self.last
        )
    }
}

impl std::error::Error for RaceFailed {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.last)
    }
}

/// The typed source of an [`AgentError::Failed`], if it is a `T`.
fn find_failed<T: std::error::Error + 'static>(error: &AgentError) -> Option<&T> {
    match error {
        AgentError::Failed { source, .. } => source.downcast_ref(),
        _ => None,
    }
}

/// Takes the typed source out of an [`AgentError::Failed`], or gives the error back.
fn take_failed<T: std::error::Error + 'static>(error: AgentError) -> Result<T, AgentError> {
    match error {
        AgentError::Failed { agent, source } => match source.downcast::<T>() {
            Ok(t) => Ok(*t),
            Err(source) => Err(AgentError::Failed { agent, source }),
        },
        other => Err(other),
    }
}

/// Runs `racers` concurrently on clones of `input`; the first success wins.
async fn race<In, Out>(
    name: &str,
    racers: &[&dyn Agent<In, Out>],
    input: In,
    ctx: &RunContext,
    hook: Option<&RaceHook>,
) -> Result<Out, AgentError>
where
    In: Clone + Send,
{
    // tokio's clock, so that paused time in tests shows in `elapsed`.
    let started = tokio::time::Instant::now();
    let racer = |i: usize| Racer {
        index: i,
        name: racers[i].name().to_owned(),
    };
    let mut running: FuturesUnordered<_> = racers
        .iter()
        .enumerate()
        .map(|(i, agent)| {
            let input = input.clone();
            async move { (i, agent.invoke(input, ctx).await) }
        })
        .collect();
    let mut done = vec![false; racers.len()];
    let mut failures: Vec<(usize, AgentError)> = Vec::new();
    let mut settled: Option<(usize, Result<Out, AgentError>)> = None;
    while let Some((i, result)) = running.next().await {
        done[i] = true;
        match result {
            Ok(out) => {
                settled = Some((i, Ok(out)));
                break;
            }
            Err(e) if e.is_hard_stop() => {
                settled = Some((i, Err(e)));
                break;
            }
            Err(e) => failures.push((i, e)),
        }
    }
    // Dropping the losers' futures cancels them; they hold no task of their own, so nothing is
    // left running once this returns.
    drop(running);
    if let Some(h) = hook {
        h(&RaceSettled {
            winner: match &settled {
                Some((i, Ok(_))) => Some(racer(*i)),
                _ => None,
            },
            cancelled: (0..racers.len()).filter(|&i| !done[i]).map(racer).collect(),
            failed: failures.iter().map(|(i, _)| racer(*i)).collect(),
            elapsed: started.elapsed(),
        });
    }
    if let Some((_, result)) = settled {
        return result;
    }
    let Some((last_i, last)) = failures.pop() else {
        return Err(AgentError::Config(format!("race `{name}` has no racers")));
    };
    // When every racer escalated, the race escalates too: the failure keeps walking up the tree
    // to an agent with an `on_escalation`, instead of turning into an ordinary failure.
    if let AgentError::Escalated(mut e) = last {
        if failures
            .iter()
            .all(|(_, f)| matches!(f, AgentError::Escalated(_)))
        {
            crate::escalation::path::pass_on(&mut e, ctx.child_path(name));
            if !failures.is_empty() {
                e.reason = format!("{} (all {} racers escalated)", e.reason, failures.len() + 1);
            }
            return Err(AgentError::Escalated(e));
        }
        return Err(race_failed(
            ctx,
            name,
            racer(last_i),
            AgentError::Escalated(e),
            failures,
            racer,
        ));
    }
    Err(race_failed(ctx, name, racer(last_i), last, failures, racer))
}

fn race_failed(
    ctx: &RunContext,
    name: &str,
    last_racer: Racer,
    last: AgentError,
    failures: Vec<(usize, AgentError)>,
    racer: impl Fn(usize) -> Racer,
) -> AgentError {
    AgentError::Failed {
        agent: ctx.child_path(name),
        source: Box::new(RaceFailed {
            last_racer,
            last: Box::new(last),
            others: failures.into_iter().map(|(i, e)| (racer(i), e)).collect(),
        }),
    }
}

/// Agents raced against each other on the same input: the first success wins. Build it with
/// [`first_of`] or [`FirstOf::new`] and [`FirstOf::or`].
///
/// The losers still running are cancelled (their futures dropped) once a winner is known; what
/// they spent stays charged to the shared budget. When every racer fails the race fails with
/// [`RaceFailed`]. A hard stop (a throw, a budget) from any racer ends the race at once.
///
/// ```
/// use agents_core::agent::{from_fn, AgentExt, FirstOf};
/// use agents_core::AgentError;
/// let race = FirstOf::new("lookup")
///     .or(from_fn("cache", |_: String| async move { Err::<String, _>(AgentError::Config("cold".into())) }))
///     .or(from_fn("origin", |k: String| async move { Ok(format!("value of {k}")) }));
/// let out = futures_util::FutureExt::now_or_never(std::future::IntoFuture::into_future(race.run("k".to_owned()))).unwrap();
/// assert_eq!(out.unwrap(), "value of k");
/// ```
pub struct FirstOf<In, Out> {
    name: String,
    racers: Vec<Arc<dyn Agent<In, Out>>>,
    hook: Option<RaceHook>,
}

impl<In, Out> std::fmt::Debug for FirstOf<In, Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FirstOf")
            .field("name", &self.name)
            .field(
                "racers",
                &self.racers.iter().map(|a| a.name()).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

/// A race of `racers` (see [`FirstOf`]), called `first_of`.
pub fn first_of<In, Out>(
    racers: impl IntoIterator<Item = Arc<dyn Agent<In, Out>>>,
) -> FirstOf<In, Out> {
    FirstOf {
        name: "first_of".to_owned(),
        racers: racers.into_iter().collect(),
        hook: None,
    }
}

impl<In, Out> FirstOf<In, Out> {
    /// An empty race called `name` (its name as a tool, and in errors).
    pub fn new(name: impl Into<String>) -> Self {
        FirstOf {
            name: name.into(),
            racers: Vec::new(),
            hook: None,
        }
    }

    /// Adds a racer.
    pub fn or(mut self, agent: impl Agent<In, Out> + 'static) -> Self {
        self.racers.push(Arc::new(agent));
        self
    }

    /// Renames the race.
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// Called once the race settles: the winner, the racers cancelled, the time it took.
    pub fn on_race_settled(mut self, f: impl Fn(&RaceSettled) + Send + Sync + 'static) -> Self {
        self.hook = Some(Arc::new(f));
        self
    }
}

impl<In, Out> Agent<In, Out> for FirstOf<In, Out>
where
    In: Clone + Send + 'static,
    Out: Send + 'static,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn invoke<'a>(
        &'a self,
        input: In,
        ctx: &'a RunContext,
    ) -> BoxFuture<'a, Result<Out, AgentError>> {
        Box::pin(async move {
            let racers: Vec<&dyn Agent<In, Out>> = self.racers.iter().map(|a| &**a).collect();
            race(&self.name, &racers, input, ctx, self.hook.as_ref()).await
        })
    }
}

/// `n` concurrent runs of the same agent on the same input; the first success wins (see
/// [`FirstOf`] for cancellation and failures). Built by [`Compose::speculative`].
pub struct Speculative<A, In, Out> {
    agent: A,
    n: usize,
    hook: Option<RaceHook>,
    _io: PhantomData<fn(In) -> Out>,
}

impl<A, In, Out> std::fmt::Debug for Speculative<A, In, Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Speculative")
            .field("n", &self.n)
            .finish_non_exhaustive()
    }
}

impl<A, In, Out> Speculative<A, In, Out> {
    /// Called once the race settles (the racers' indices are the sample numbers).
    pub fn on_race_settled(mut self, f: impl Fn(&RaceSettled) + Send + Sync + 'static) -> Self {
        self.hook = Some(Arc::new(f));
        self
    }
}

impl<A, In, Out> Agent<In, Out> for Speculative<A, In, Out>
where
    A: Agent<In, Out>,
    In: Clone + Send + 'static,
    Out: Send + 'static,
{
    fn name(&self) -> &str {
        self.agent.name()
    }

    fn invoke<'a>(
        &'a self,
        input: In,
        ctx: &'a RunContext,
    ) -> BoxFuture<'a, Result<Out, AgentError>> {
        Box::pin(async move {
            let racers: Vec<&dyn Agent<In, Out>> = vec![&self.agent; self.n];
            race(self.agent.name(), &racers, input, ctx, self.hook.as_ref()).await
        })
    }
}

/// No output passed the check within the allowed iterations. Carries the last output.
///
/// A loop reports it as [`AgentError::Failed`] whose source is this value; read it back, typed,
/// with [`LoopExhausted::find`] or [`LoopExhausted::take`].
pub struct LoopExhausted<Out> {
    /// How many times the agent ran.
    pub iterations: u32,
    /// The output of the last run (which did not pass).
    pub last: Out,
}

impl<Out: Send + Sync + 'static> LoopExhausted<Out> {
    /// The `LoopExhausted` inside `error`, if it is one (for this output type).
    pub fn find(error: &AgentError) -> Option<&LoopExhausted<Out>> {
        find_failed(error)
    }

    /// Takes the `LoopExhausted` out of `error`, or gives the error back if it is not one.
    pub fn take(error: AgentError) -> Result<LoopExhausted<Out>, AgentError> {
        take_failed(error)
    }
}

impl<Out> std::fmt::Debug for LoopExhausted<Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoopExhausted")
            .field("iterations", &self.iterations)
            .finish_non_exhaustive()
    }
}

impl<Out> std::fmt::Display for LoopExhausted<Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "no output passed the check in {} iteration(s)",
            self.iterations
        )
    }
}

impl<Out> std::error::Error for LoopExhausted<Out> {}

type Predicate<Out> = Box<dyn Fn(&Out) -> bool + Send + Sync>;
type Feedback<In, Out> = Box<dyn Fn(&In, &Out, u32) -> In + Send + Sync>;

/// Re-runs an agent until its output passes a check. Built by [`loop_until`] or
/// [`Compose::loop_until`].
pub struct LoopUntil<A, In, Out> {
    agent: A,
    max_iterations: u32,
    predicate: Predicate<Out>,
    feedback: Feedback<In, Out>,
}

impl<A, In, Out> std::fmt::Debug for LoopUntil<A, In, Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoopUntil")
            .field("max_iterations", &self.max_iterations)
            .finish_non_exhaustive()
    }
}

/// Runs `agent` until `predicate` accepts its output, at most `max_iterations` times (at least
/// once). Before each further run, `feedback(original input, last output, iteration)` builds the
/// next input (say, the request plus what was wrong with the last answer). An error from the
/// agent ends the loop unchanged; running out of iterations fails with [`LoopExhausted`].
///
/// ```
/// use agents_core::agent::{from_fn, loop_until, AgentExt, LoopExhausted};
/// let guess = from_fn("guess", |n: u32| async move { Ok(n * 2) });
/// let looped = loop_until(guess, 5, |out: &u32| *out > 20, |_, last: &u32, _| *last);
/// let out = futures_util::FutureExt::now_or_never(std::future::IntoFuture::into_future(looped.run(3))).unwrap().unwrap();
/// assert_eq!(out, 24); // 6, 12, 24
/// ```
pub fn loop_until<A, In, Out>(
    agent: A,
    max_iterations: u32,
    predicate: impl Fn(&Out) -> bool + Send + Sync + 'static,
    feedback: impl Fn(&In, &Out, u32) -> In + Send + Sync + 'static,
) -> LoopUntil<A, In, Out>
where
    A: Agent<In, Out>,
{
    LoopUntil {
        agent,
        max_iterations: max_iterations.max(1),
        predicate: Box::new(predicate),
        feedback: Box::new(feedback),
    }
}

impl<A, In, Out> Agent<In, Out> for LoopUntil<A, In, Out>
where
    A: Agent<In, Out>,
    In: Clone + Send + Sync + 'static,
    Out: Send + Sync + 'static,
{
    fn name(&self) -> &str {
        self.agent.name()
    }

    fn invoke<'a>(
        &'a self,
        input: In,
        ctx: &'a RunContext,
    ) -> BoxFuture<'a, Result<Out, AgentError>> {
        Box::pin(async move {
            let mut next = input.clone();
            let mut iteration = 1;
            loop {
                let out = self.agent.invoke(next, ctx).await?;
                if (self.predicate)(&out) {
                    return Ok(out);
                }
                if iteration >= self.max_iterations {
                    return Err(AgentError::Failed {
                        agent: ctx.child_path(self.agent.name()),
                        source: Box::new(LoopExhausted {
                            iterations: iteration,
                            last: out,
                        }),
                    });
                }
                next = (self.feedback)(&input, &out, iteration);
                iteration += 1;
            }
        })
    }
}

type Selector<In> = Box<dyn Fn(&In) -> String + Send + Sync>;

/// Routes each input to one child, chosen by name. Unknown names fail with
/// [`AgentError::Config`] naming the closest child.
///
/// ```
/// use agents_core::agent::{from_fn, AgentExt, Route};
/// let router = Route::new("triage", |q: &String| if q.contains("bill") { "billing".into() } else { "support".into() })
///     .child(from_fn("billing", |_: String| async move { Ok("billing team".to_owned()) }))
///     .child(from_fn("support", |_: String| async move { Ok("support team".to_owned()) }));
/// let out = futures_util::FutureExt::now_or_never(std::future::IntoFuture::into_future(router.run("my bill".to_owned()))).unwrap();
/// assert_eq!(out.unwrap(), "billing team");
/// ```
pub struct Route<In, Out> {
    name: String,
    selector: Selector<In>,
    children: Vec<Arc<dyn Agent<In, Out>>>,
}

impl<In, Out> std::fmt::Debug for Route<In, Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Route")
            .field("name", &self.name)
            .field(
                "children",
                &self.children.iter().map(|a| a.name()).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl<In, Out> Route<In, Out> {
    /// A router called `name` that sends each input to the child `selector` names.
    pub fn new(
        name: impl Into<String>,
        selector: impl Fn(&In) -> String + Send + Sync + 'static,
    ) -> Self {
        Route {
            name: name.into(),
            selector: Box::new(selector),
            children: Vec::new(),
        }
    }

    /// Adds a child (selected by its name).
    pub fn child(mut self, agent: impl Agent<In, Out> + 'static) -> Self {
        self.children.push(Arc::new(agent));
        self
    }
}

impl<In, Out> Agent<In, Out> for Route<In, Out>
where
    In: Send + 'static,
    Out: Send + 'static,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn invoke<'a>(
        &'a self,
        input: In,
        ctx: &'a RunContext,
    ) -> BoxFuture<'a, Result<Out, AgentError>> {
        Box::pin(async move {
            let wanted = (self.selector)(&input);
            match self.children.iter().find(|c| c.name() == wanted) {
                Some(child) => child.invoke(input, ctx).await,
                None => {
                    let hint = did_you_mean(&wanted, self.children.iter().map(|c| c.name()));
                    Err(AgentError::Config(format!(
                        "router `{}` has no child `{wanted}`{hint}",
                        self.name
                    )))
                }
            }
        })
    }
}

/// Composition methods for every agent.
pub trait Compose<In, Out>: Agent<In, Out> + Sized {
    /// This agent as a tool of another agent (see [`AgentTool`]).
    fn into_tool(self, description: impl Into<String>) -> AgentTool<Self, In, Out>
    where
        Self: 'static,
        In: DeserializeOwned + schemars::JsonSchema + Send + 'static,
        Out: Serialize + Send + 'static,
    {
        AgentTool::new(self, description)
    }

    /// `n` concurrent runs of this agent (at least 1); the first success wins.
    fn speculative(self, n: usize) -> Speculative<Self, In, Out> {
        Speculative {
            agent: self,
            n: n.max(1),
            hook: None,
            _io: PhantomData,
        }
    }

    /// Re-runs this agent until `predicate` accepts the output (see [`loop_until`]).
    fn loop_until(
        self,
        max_iterations: u32,
        predicate: impl Fn(&Out) -> bool + Send + Sync + 'static,
        feedback: impl Fn(&In, &Out, u32) -> In + Send + Sync + 'static,
    ) -> LoopUntil<Self, In, Out> {
        loop_until(self, max_iterations, predicate, feedback)
    }
}

impl<In, Out, A: Agent<In, Out>> Compose<In, Out> for A {}
