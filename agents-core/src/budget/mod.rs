//! Budgets and loop guards: every run is bounded.

mod retry;
mod within;

pub use retry::RetryBudget;
pub use within::Within;

use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Duration;

// tokio's clock, so that paused test time drives `max_duration` like the timers that enforce it
// (outside a paused runtime it is the system's monotonic clock).
use tokio::time::Instant;

use crate::path::AgentPath;

/// Which limit ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BudgetKind {
    /// Model turns.
    Turns,
    /// Tool calls (every executed call, retries included).
    ToolCalls,
    /// Wall-clock time of the run.
    Duration,
    /// Bytes of one call's argument text.
    ArgumentBytes,
    /// Repair steps spent on one call.
    RepairSteps,
    /// Tokens, from the usage the provider reported.
    Tokens,
    /// Calls of the same tool with the same canonical arguments that gave the same result.
    IdenticalCalls,
    /// Depth of the tree of agents.
    AgentDepth,
}

impl fmt::Display for BudgetKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BudgetKind::Turns => "max_turns",
            BudgetKind::ToolCalls => "max_tool_calls",
            BudgetKind::Duration => "max_duration",
            BudgetKind::ArgumentBytes => "max_argument_bytes",
            BudgetKind::RepairSteps => "max_repair_steps",
            BudgetKind::Tokens => "max_tokens",
            BudgetKind::IdenticalCalls => "max_identical_calls",
            BudgetKind::AgentDepth => "max_agent_depth",
        })
    }
}

/// A limit ran out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("budget {kind} exceeded in {agent}: used {used}, limit {limit}")]
pub struct BudgetExceeded {
    /// Which limit.
    pub kind: BudgetKind,
    /// The limit (milliseconds for [`BudgetKind::Duration`]).
    pub limit: u64,
    /// How much was used, including the step that broke it.
    pub used: u64,
    /// The agent whose limit it was.
    pub agent: AgentPath,
}

/// What to do when a limit runs out: returned by an `on_budget_exceeded` handler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BudgetDecision {
    /// End the run with [`AgentError::Budget`](crate::AgentError::Budget).
    Stop,
    /// Raise the limit to this value and go on.
    Extend(u64),
}

/// The limits of one agent. `None` means unlimited.
///
/// ```
/// use std::time::Duration;
/// use agents_core::Budget;
/// let b = Budget { max_turns: Some(4), max_duration: Some(Duration::from_secs(30)), ..Budget::default() };
/// assert_eq!(Budget::default().max_turns, Some(10));
/// assert_eq!(b.max_repair_steps, Some(8));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    /// Model turns (default 10).
    pub max_turns: Option<u64>,
    /// Executed tool calls, retries included.
    pub max_tool_calls: Option<u64>,
    /// Wall-clock time of the run: model calls, tool runs and every wait included.
    pub max_duration: Option<Duration>,
    /// Default timeout of one tool execution; a tool's own timeout wins (default 60 s). Either is
    /// cut to what is left of `max_duration`.
    pub tool_timeout: Option<Duration>,
    /// Bytes of one call's argument text (default 1 MiB). Over it, the call is not run and the
    /// model reads why; the run goes on.
    pub max_argument_bytes: Option<u64>,
    /// Repair steps spent on one call (default 8). Over it, the repair of that call stops and its
    /// last error goes to the unhandled policy; the run goes on under `FeedBack`.
    pub max_repair_steps: Option<u64>,
    /// Tokens, from reported usage.
    pub max_tokens: Option<u64>,
    /// Calls in a row of the same tool with the same canonical arguments that gave the same
    /// result (no progress) (default 5).
    pub max_identical_calls: Option<u64>,
    /// Depth of the tree of agents (default 8).
    pub max_agent_depth: Option<u64>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_turns: Some(10),
            max_tool_calls: None,
            max_duration: None,
            tool_timeout: Some(Duration::from_secs(60)),
            max_argument_bytes: Some(1 << 20),
            max_repair_steps: Some(8),
            max_tokens: None,
            max_identical_calls: Some(5),
            max_agent_depth: Some(8),
        }
    }
}

impl Budget {
    /// No limits at all (use with care: loop guards still apply).
    pub fn unlimited() -> Self {
        Budget {
            max_turns: None,
            max_tool_calls: None,
            max_duration: None,
            tool_timeout: None,
            max_argument_bytes: None,
            max_repair_steps: None,
            max_tokens: None,
            max_identical_calls: None,
            max_agent_depth: None,
        }
    }

    fn limit(&self, kind: BudgetKind) -> Option<u64> {
        match kind {
            BudgetKind::Turns => self.max_turns,
            BudgetKind::ToolCalls => self.max_tool_calls,
            BudgetKind::Duration => self.max_duration.map(|d| d.as_millis() as u64),
            BudgetKind::ArgumentBytes => self.max_argument_bytes,
            BudgetKind::RepairSteps => self.max_repair_steps,
            BudgetKind::Tokens => self.max_tokens,
            BudgetKind::IdenticalCalls => self.max_identical_calls,
            BudgetKind::AgentDepth => self.max_agent_depth,
        }
    }

    fn set_limit(&mut self, kind: BudgetKind, value: u64) {
        match kind {
            BudgetKind::Turns => self.max_turns = Some(value),
            BudgetKind::ToolCalls => self.max_tool_calls = Some(value),
            BudgetKind::Duration => self.max_duration = Some(Duration::from_millis(value)),
            BudgetKind::ArgumentBytes => self.max_argument_bytes = Some(value),
            BudgetKind::RepairSteps => self.max_repair_steps = Some(value),
            BudgetKind::Tokens => self.max_tokens = Some(value),
            BudgetKind::IdenticalCalls => self.max_identical_calls = Some(value),
            BudgetKind::AgentDepth => self.max_agent_depth = Some(value),
        }
    }
}

/// Decides what happens when one of an agent's limits runs out.
pub type BudgetHandler = Arc<dyn Fn(&BudgetExceeded) -> BudgetDecision + Send + Sync>;

#[derive(Default)]
struct Counters {
    turns: u64,
    tool_calls: u64,
    tokens: u64,
    repair_steps: u64,
}

/// The running account of one agent's run, linked to its parent's so that a child's spending
/// counts against every ancestor's caps.
pub struct BudgetScope {
    agent: AgentPath,
    limits: Mutex<Budget>,
    counters: Mutex<Counters>,
    started: Instant,
    /// Time spent before this process took the run over (a resumed run), in milliseconds.
    carried_ms: std::sync::atomic::AtomicU64,
    parent: Option<Arc<BudgetScope>>,
    handler: Option<BudgetHandler>,
}

impl fmt::Debug for BudgetScope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BudgetScope")
            .field("agent", &self.agent)
            .finish_non_exhaustive()
    }
}

impl BudgetScope {
    /// A scope for `agent` with `limits`, below `parent` (if any).
    pub fn new(
        agent: AgentPath,
        limits: Budget,
        parent: Option<Arc<BudgetScope>>,
        handler: Option<BudgetHandler>,
    ) -> Arc<Self> {
        Arc::new(BudgetScope {
            agent,
            limits: Mutex::new(limits),
            counters: Mutex::new(Counters::default()),
            started: Instant::now(),
            carried_ms: std::sync::atomic::AtomicU64::new(0),
            parent,
            handler,
        })
    }

    /// An unlimited root scope.
    pub fn unlimited(agent: AgentPath) -> Arc<Self> {
        BudgetScope::new(agent, Budget::unlimited(), None, None)
    }

    /// The default timeout of one tool execution in this scope.
    pub fn tool_timeout(&self) -> Option<Duration> {
        self.limits
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .tool_timeout
    }

    /// The enclosing agent's scope, if any.
    pub fn parent(&self) -> Option<&Arc<BudgetScope>> {
        self.parent.as_ref()
    }

    /// The agent this scope belongs to.
    pub fn agent(&self) -> &AgentPath {
        &self.agent
    }

    /// A copy of the current limits (after any extensions).
    pub fn limits(&self) -> Budget {
        self.limits
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Whether this scope limits `kind` (now, after any extensions).
    fn has_limit(&self, kind: BudgetKind) -> bool {
        self.limits
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .limit(kind)
            .is_some()
    }

    fn ancestors(self: &Arc<Self>) -> impl Iterator<Item = &BudgetScope> {
        std::iter::successors(Some(&**self), |s| s.parent.as_deref())
    }

    /// Checks `used` against this scope's limit of `kind`, consulting the handler once.
    fn check_one(&self, kind: BudgetKind, used: u64) -> Result<(), BudgetExceeded> {
        let limit = match self
            .limits
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .limit(kind)
        {
            Some(l) => l,
            None => return Ok(()),
        };
        if used <= limit {
            return Ok(());
        }
        let exceeded = BudgetExceeded {
            kind,
            limit,
            used,
            agent: self.agent.clone(),
        };
        match self.handler.as_ref().map(|h| h(&exceeded)) {
            Some(BudgetDecision::Extend(new)) if new >= used => {
                self.limits
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .set_limit(kind, new);
                Ok(())
            }
            _ => Err(exceeded),
        }
    }

    fn charge(
        self: &Arc<Self>,
        kind: BudgetKind,
        amount: u64,
        field: fn(&mut Counters) -> &mut u64,
    ) -> Result<(), BudgetExceeded> {
        for scope in self.ancestors() {
            let used = {
                let mut c = scope.counters.lock().unwrap_or_else(|p| p.into_inner());
                let f = field(&mut c);
                *f += amount;
                *f
            };
            scope.check_one(kind, used)?;
        }
        Ok(())
    }

    /// Counts one model turn.
    pub fn charge_turn(self: &Arc<Self>) -> Result<(), BudgetExceeded> {
        self.charge(BudgetKind::Turns, 1, |c| &mut c.turns)
    }

    /// Counts one executed tool call.
    pub fn charge_tool_call(self: &Arc<Self>) -> Result<(), BudgetExceeded> {
        self.charge(BudgetKind::ToolCalls, 1, |c| &mut c.tool_calls)
    }

    /// Counts reported tokens.
    pub fn charge_tokens(self: &Arc<Self>, tokens: u64) -> Result<(), BudgetExceeded> {
        self.charge(BudgetKind::Tokens, tokens, |c| &mut c.tokens)
    }

    /// Counts one repair step (the per-call cap is checked by the caller with
    /// [`check`](Self::check); this total is what the tree shares).
    pub fn charge_repair_step(self: &Arc<Self>) {
        for scope in self.ancestors() {
            scope
                .counters
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .repair_steps += 1;
        }
    }

    /// Checks a per-call or per-run quantity (argument bytes, repair steps of one call,
    /// identical calls, depth) against this scope's own limit.
    pub fn check(&self, kind: BudgetKind, used: u64) -> Result<(), BudgetExceeded> {
        self.check_one(kind, used)
    }

    /// Checks the wall clock against this scope's and every ancestor's `max_duration`.
    pub fn check_time(self: &Arc<Self>) -> Result<(), BudgetExceeded> {
        for scope in self.ancestors() {
            // The clock is read only for a scope with a duration limit (none by default).
            if scope.has_limit(BudgetKind::Duration) {
                scope.check_one(BudgetKind::Duration, scope.elapsed().as_millis() as u64)?;
            }
        }
        Ok(())
    }

    /// Time this run has taken, including time spent before it was resumed.
    pub fn elapsed(&self) -> Duration {
        let carried = self.carried_ms.load(std::sync::atomic::Ordering::Relaxed);
        self.started
            .elapsed()
            .saturating_add(Duration::from_millis(carried))
    }

    /// Takes over a run's earlier spending (a resumed run): what it spent and how long it took
    /// count against this scope's limits as if this process had spent them.
    pub fn restore(&self, spent: Spent, elapsed: Duration) {
        *self.counters.lock().unwrap_or_else(|p| p.into_inner()) = Counters {
            turns: spent.turns,
            tool_calls: spent.tool_calls,
            tokens: spent.tokens,
            repair_steps: spent.repair_steps,
        };
        let ms = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
        self.carried_ms
            .store(ms, std::sync::atomic::Ordering::Relaxed);
    }

    /// Time left before the nearest `max_duration` of this scope or an ancestor, if any.
    pub fn remaining_time(self: &Arc<Self>) -> Option<Duration> {
        self.ancestors()
            .filter_map(|s| {
                let lim = s
                    .limits
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .max_duration?;
                Some(lim.saturating_sub(s.elapsed()))
            })
            .min()
    }

    /// `limit` cut to what is left of the run (the nearest `max_duration` of this scope or an
    /// ancestor), with a millisecond of slack so that a timer firing at the bound finds the
    /// duration budget really exceeded. `None` if neither bounds it.
    pub fn bound(self: &Arc<Self>, limit: Option<Duration>) -> Option<Duration> {
        let left = self
            .remaining_time()
            .map(|l| l.saturating_add(Duration::from_millis(1)));
        match (limit, left) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// How many more model turns this scope and its ancestors allow for certain (`None`: no
    /// turn limit). A scope with an `on_budget_exceeded` handler does not count: it may extend.
    pub fn turns_left(self: &Arc<Self>) -> Option<u64> {
        self.ancestors()
            .filter(|s| s.handler.is_none())
            .filter_map(|s| {
                let limit = s.limits().max_turns?;
                Some(limit.saturating_sub(s.spent().turns))
            })
            .min()
    }

    /// Whether a wait of `delay` ends before the run's time does.
    pub fn fits(self: &Arc<Self>, delay: Duration) -> bool {
        self.remaining_time().is_none_or(|left| delay < left)
    }

    /// What this scope has spent so far: (turns, tool calls, tokens, repair steps).
    pub fn spent(&self) -> Spent {
        let c = self.counters.lock().unwrap_or_else(|p| p.into_inner());
        Spent {
            turns: c.turns,
            tool_calls: c.tool_calls,
            tokens: c.tokens,
            repair_steps: c.repair_steps,
        }
    }
}

/// What a scope has spent, children included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Spent {
    /// Model turns.
    pub turns: u64,
    /// Executed tool calls.
    pub tool_calls: u64,
    /// Reported tokens.
    pub tokens: u64,
    /// Repair steps.
    pub repair_steps: u64,
}
