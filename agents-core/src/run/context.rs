//! What an agent run carries down the tree: its path, the shared budget, the event bus.

use std::sync::Arc;

use super::{DepsSet, RepairRequest};
use crate::budget::{Budget, BudgetExceeded, BudgetHandler, BudgetKind, BudgetScope};
use crate::event::{Event, EventBus, Subscriber};
use crate::model::Message;
use crate::path::AgentPath;

/// The context of one agent run. Cheap to clone.
///
/// A parent creates its children's contexts, so a child's spending counts against the parent's
/// caps and a child's events reach the parent's subscribers.
#[derive(Clone, Debug)]
pub struct RunContext {
    path: Option<AgentPath>,
    budget: Option<Arc<BudgetScope>>,
    events: EventBus,
    repair: Option<Arc<RepairRequest>>,
    conversation: Arc<[Message]>,
    deps: DepsSet,
}

impl Default for RunContext {
    fn default() -> Self {
        RunContext::top()
    }
}

impl RunContext {
    /// The context above the root agent: no path, no limits, no subscribers.
    pub fn top() -> Self {
        RunContext {
            path: None,
            budget: None,
            events: EventBus::new(),
            repair: None,
            conversation: Arc::from(Vec::new()),
            deps: DepsSet::new(),
        }
    }

    /// This context with `deps` on top of the dependencies it carries (see
    /// [`Deps`](crate::run::Deps)): what an application gives a run.
    pub fn with_deps(mut self, deps: &DepsSet) -> Self {
        self.deps = self.deps.overlaid(deps);
        self
    }

    /// The dependencies this run carries, for its tools, fixers and sub-agents.
    pub fn deps(&self) -> &DepsSet {
        &self.deps
    }

    /// This context with an agent's own dependencies `defaults` under the ones it carries: a
    /// value the run was given wins over the agent's.
    pub(crate) fn with_agent_deps(mut self, defaults: &DepsSet) -> Self {
        self.deps = defaults.overlaid(&self.deps);
        self
    }

    /// A top context whose events go to `subscriber`.
    pub fn with_subscriber(mut self, subscriber: impl Fn(&Event) + Send + Sync + 'static) -> Self {
        self.events = self.events.with(&[Arc::new(subscriber)]);
        self
    }

    /// The path of the agent this context belongs to (`None` above the root).
    pub fn path(&self) -> Option<&AgentPath> {
        self.path.as_ref()
    }

    /// The path an agent called `name` gets when run in this context.
    pub fn child_path(&self, name: &str) -> AgentPath {
        match &self.path {
            Some(p) => p.child(name),
            None => AgentPath::root(name),
        }
    }

    /// The budget scope of this run, if limits apply.
    pub fn budget(&self) -> Option<&Arc<BudgetScope>> {
        self.budget.as_ref()
    }

    /// The event bus.
    pub fn events(&self) -> &EventBus {
        &self.events
    }

    /// Whether this code replays a durable run's recorded steps (see
    /// [`journal`](crate::journal)): its events are not delivered, and hooks should report
    /// nothing either, since the process that recorded the steps reported them. Always `false`
    /// outside a durable run.
    pub fn is_replaying(&self) -> bool {
        self.events.is_replaying()
    }

    /// Emits an event to this run's subscribers (and its ancestors').
    pub fn emit(&self, event: Event) {
        self.events.emit(event)
    }

    /// Builds and emits an event only if anyone listens (for events on hot paths).
    pub fn emit_with(&self, event: impl FnOnce() -> Event) {
        self.events.emit_with(event)
    }

    /// When this run repairs a tool call: what is being repaired (the error, the schema, the
    /// attempt). A plain-function fixer reads it from here; an LLM fixer renders it into its prompt.
    pub fn repair_request(&self) -> Option<&RepairRequest> {
        self.repair.as_deref()
    }

    /// The conversation of the agent whose tool call is being repaired (empty otherwise), so a
    /// fixer can fill a missing argument from an earlier turn.
    pub fn conversation(&self) -> &[Message] {
        &self.conversation
    }

    /// Enters a child agent called `name` with its own limits: checks the depth limit and links
    /// the child's budget to this one.
    pub fn enter(
        &self,
        name: &str,
        limits: Budget,
        handler: Option<BudgetHandler>,
        subscribers: &[Subscriber],
    ) -> Result<RunContext, BudgetExceeded> {
        let path = self.child_path(name);
        let scope = BudgetScope::new(path.clone(), limits, self.budget.clone(), handler);
        for s in std::iter::successors(Some(&scope), |s| s.parent()) {
            s.check(BudgetKind::AgentDepth, path.depth() as u64)?;
        }
        Ok(RunContext {
            path: Some(path),
            budget: Some(scope),
            events: self.events.with(subscribers),
            repair: self.repair.clone(),
            conversation: self.conversation.clone(),
            deps: self.deps.clone(),
        })
    }

    /// Enters a plain-function agent: a path segment, no limits of its own.
    pub fn enter_plain(&self, name: &str) -> RunContext {
        let mut c = self.clone();
        c.path = Some(self.child_path(name));
        c
    }

    /// A copy that carries a repair request, for running a fixer.
    pub fn for_repair(&self, request: RepairRequest, conversation: Arc<[Message]>) -> RunContext {
        let mut c = self.clone();
        c.repair = Some(Arc::new(request));
        c.conversation = conversation;
        c
    }

    /// A copy without the repair request (what an agent passes on to its own tools' fixers).
    pub(crate) fn without_repair(&self) -> RunContext {
        let mut c = self.clone();
        c.repair = None;
        c.conversation = Arc::from(Vec::new());
        c
    }
}
