//! The tools a run can call: the agent's own (fixed at build) and those of its tool sources
//! (listed again before a model turn when a source says its set changed).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::event::Event;
use crate::repair::Handlers;
use crate::run::RunContext;
use crate::tool::{Tool, ToolSource};
use crate::{agent::AgentPath, error::PerKind};

/// One tool as the agent runs it.
pub(crate) struct ToolEntry {
    pub tool: Arc<dyn Tool>,
    pub handlers: Handlers,
    /// The steps run per error kind, resolved once: the tool's handlers merged per kind over
    /// `on_tool_error(tool)` and the defaults, the built-in repair first unless strict.
    pub chains: PerKind<Vec<crate::repair::StepImpl>>,
    /// The tool's argument schema, compiled once when the tool is added; `None` when the
    /// validator cannot compile it (the tool then runs unvalidated, after a warning).
    pub validator: Option<crate::tool::ArgsValidator>,
    /// The values the tool's schema shows as `examples`, which a call must not copy unless the
    /// user gave them too (the echo check).
    pub schema_examples: Vec<serde_json::Value>,
}

/// What a tool's chains are resolved against: the agent's handler levels below the tool's own.
pub(crate) struct HandlerLevels<'a> {
    pub defaults: &'a Handlers,
    pub per_tool: &'a HashMap<String, Handlers>,
    /// What the built-in part of each chain holds (strictness, `ask_values`, `regenerate()`).
    pub built_in: crate::repair::BuiltIn,
}

impl ToolEntry {
    /// `tool` with `handlers`, its validator compiled and its chains not yet resolved.
    pub fn new(tool: Arc<dyn Tool>, handlers: Handlers) -> Self {
        let validator = compile_validator(tool.spec());
        let schema_examples = crate::model::schema_examples(&tool.spec().parameters);
        ToolEntry {
            tool,
            handlers,
            chains: Default::default(),
            validator,
            schema_examples,
        }
    }

    /// Resolves the chains per kind against the agent's levels.
    pub fn resolve(&mut self, levels: &HandlerLevels<'_>) {
        let name = &self.tool.spec().name;
        let merged = match levels.per_tool.get(name) {
            Some(agent_level) => self
                .handlers
                .merged_over(&agent_level.merged_over(levels.defaults)),
            None => self.handlers.merged_over(levels.defaults),
        };
        self.chains = PerKind::from_fn(|k| merged.resolved(k, levels.built_in));
    }
}

/// The tool's argument validator, compiled once for every call the agent will make. A schema
/// the validator cannot compile does not stop the agent: the tool's arguments then go unchecked
/// by the schema (its own types still read them), and a warning says why.
fn compile_validator(spec: &crate::model::ToolSpec) -> Option<crate::tool::ArgsValidator> {
    match crate::tool::ArgsValidator::for_tool(&spec.name, &spec.parameters) {
        Ok(v) => Some(v),
        Err(e) => {
            tracing::warn!(target: "agents", tool = %spec.name, "{e}; its arguments are not validated against it");
            None
        }
    }
}

/// A set of tools by name. Shared by the runs that use it; a changed set is a new one.
#[derive(Default)]
pub(crate) struct Toolbox {
    pub entries: Vec<Arc<ToolEntry>>,
    pub index: HashMap<String, usize>,
}

impl Toolbox {
    /// Adds `entry`; `false` (and nothing added) if a tool of that name is in the box.
    pub fn push(&mut self, entry: Arc<ToolEntry>) -> bool {
        let name = entry.tool.spec().name.clone();
        if self.index.contains_key(&name) {
            return false;
        }
        self.index.insert(name, self.entries.len());
        self.entries.push(entry);
        true
    }

    /// The entry called `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<ToolEntry>> {
        self.index.get(name).map(|&i| &self.entries[i])
    }

    /// Whether a tool is called `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    /// The tools' names, in the order they were added.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.tool.spec().name.as_str())
    }
}

/// An agent's tool sources, and the tool set of their last listing (shared by the agent's runs,
/// so a source is listed again only when it changed, not once per run).
pub(crate) struct Sources {
    sources: Vec<(Arc<dyn ToolSource>, Handlers)>,
    state: tokio::sync::Mutex<Listed>,
    /// The set offered now: the agent's own tools, then each source's in order. Read without
    /// waiting for a listing in progress.
    current: Mutex<Arc<Toolbox>>,
}

/// What each source listed last (`None`: never listed successfully).
struct Listed {
    per_source: Vec<Option<Vec<Arc<ToolEntry>>>>,
}

impl Sources {
    pub fn new(sources: Vec<(Arc<dyn ToolSource>, Handlers)>, own: Arc<Toolbox>) -> Self {
        let per_source = vec![None; sources.len()];
        Sources {
            sources,
            state: tokio::sync::Mutex::new(Listed { per_source }),
            current: Mutex::new(own),
        }
    }

    /// Whether the agent has any source.
    pub fn is_empty(&self) -> bool {
        self.sources.is_empty()
    }

    /// The tool set for the next model turn: sources that changed (all of them with `force`,
    /// and any never listed) are listed again first. `own` are the agent's own tools, which
    /// come first and win a name clash.
    pub async fn refreshed(
        &self,
        own: &Toolbox,
        levels: &HandlerLevels<'_>,
        force: bool,
        ctx: &RunContext,
        agent: &AgentPath,
    ) -> Arc<Toolbox> {
        let mut listed = self.state.lock().await;
        let mut any = false;
        for (i, (source, handlers)) in self.sources.iter().enumerate() {
            let stale = listed.per_source[i].is_none() || force || source.changed();
            if !stale {
                continue;
            }
            match source.list().await {
                Ok(tools) => {
                    let entries: Vec<Arc<ToolEntry>> = tools
                        .into_iter()
                        .map(|tool| {
                            let mut entry = ToolEntry::new(tool, handlers.clone());
                            entry.resolve(levels);
                            Arc::new(entry)
                        })
                        .collect();
                    let before = listed.per_source[i].replace(entries);
                    let after = listed.per_source[i].as_deref().unwrap_or_default();
                    let (added, removed) = difference(before.as_deref().unwrap_or_default(), after);
                    // Rebuilt even when the names are the same: a schema may have changed.
                    any = true;
                    if !added.is_empty() || !removed.is_empty() {
                        ctx.emit(Event::ToolsChanged {
                            agent: agent.clone(),
                            source: source.label().to_owned(),
                            added,
                            removed,
                        });
                    }
                }
                Err(error) => ctx.emit(Event::ToolSourceFailed {
                    agent: agent.clone(),
                    source: source.label().to_owned(),
                    error: error.to_string(),
                }),
            }
        }
        let mut current = self.current.lock().unwrap_or_else(|p| p.into_inner());
        if any {
            *current = Arc::new(self.combine(own, &listed));
        }
        current.clone()
    }

    fn combine(&self, own: &Toolbox, listed: &Listed) -> Toolbox {
        let mut all = Toolbox::default();
        for entry in &own.entries {
            all.push(entry.clone());
        }
        for (entries, (source, _)) in listed.per_source.iter().zip(&self.sources) {
            for entry in entries.iter().flatten() {
                if !all.push(entry.clone()) {
                    tracing::warn!(
                        target: "agents",
                        source = source.label(),
                        tool = %entry.tool.spec().name,
                        "a tool of this name is already offered; the source's is left out"
                    );
                }
            }
        }
        all
    }
}

/// The names in `after` and not in `before`, and those in `before` and not in `after`.
fn difference(before: &[Arc<ToolEntry>], after: &[Arc<ToolEntry>]) -> (Vec<String>, Vec<String>) {
    let names = |set: &[Arc<ToolEntry>]| -> Vec<String> {
        set.iter().map(|e| e.tool.spec().name.clone()).collect()
    };
    let (before, after) = (names(before), names(after));
    let added = after
        .iter()
        .filter(|n| !before.contains(n))
        .cloned()
        .collect();
    let removed = before
        .iter()
        .filter(|n| !after.contains(n))
        .cloned()
        .collect();
    (added, removed)
}
