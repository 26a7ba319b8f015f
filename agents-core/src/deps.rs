//! Dependencies: the application state a run's tools reach (a database pool, an HTTP client,
//! the current user), given to an agent once and overridable per run.
//!
//! A run carries a set of values, one per type. An agent adds its own
//! ([`LlmAgentBuilder::deps`](crate::LlmAgentBuilder::deps), `agent! { deps: .. }`) under what
//! the run was given ([`RunRequest::deps`](crate::RunRequest::deps)): the run's value of a type
//! wins over the agent's. Sub-agents, fixers and tools see the values of the run that calls
//! them. A tool asks for its type with a [`Deps<T>`] parameter (`#[tool]`) or
//! [`ToolContext::deps`](crate::tool::ToolContext::deps); a run whose tools need a type it was
//! not given fails with [`AgentError::MissingDeps`](crate::AgentError::MissingDeps) before the
//! model is asked.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use crate::path::AgentPath;

/// A dependency of type `T`, shared: what a tool's `Deps<T>` parameter receives.
///
/// Cheap to clone (an [`Arc`]); dereferences to `T`. Put what a tool needs into one type (a
/// struct with the pool, the client, the user id) and give it to the agent or the run.
///
/// ```
/// use agents_core::Deps;
/// struct Shop { name: String }
/// let deps = Deps::new(Shop { name: "corner shop".into() });
/// assert_eq!(deps.name, "corner shop");
/// ```
pub struct Deps<T: ?Sized>(Arc<T>);

impl<T> Deps<T> {
    /// Wraps `value`.
    pub fn new(value: T) -> Self {
        Deps(Arc::new(value))
    }
}

impl<T: ?Sized> Deps<T> {
    /// The shared value.
    pub fn arc(&self) -> &Arc<T> {
        &self.0
    }
}

impl<T: ?Sized> Clone for Deps<T> {
    fn clone(&self) -> Self {
        Deps(self.0.clone())
    }
}

impl<T: ?Sized> Deref for Deps<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: ?Sized> From<Arc<T>> for Deps<T> {
    fn from(value: Arc<T>) -> Self {
        Deps(value)
    }
}

impl<T: ?Sized + fmt::Debug> fmt::Debug for Deps<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Deps").field(&&*self.0).finish()
    }
}

/// A type of dependency something needs: its [`TypeId`] and its name for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DepsType {
    id: TypeId,
    name: &'static str,
}

impl DepsType {
    /// The type `T`.
    pub fn of<T: Any>() -> Self {
        DepsType {
            id: TypeId::of::<T>(),
            name: std::any::type_name::<T>(),
        }
    }

    /// The type's name, as Rust writes it.
    pub fn name(&self) -> &'static str {
        self.name
    }
}

impl fmt::Display for DepsType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// The dependencies a run carries, one value per type. Cheap to clone.
///
/// Applications rarely build one: they call `.deps(value)` on the agent's builder or the run.
#[derive(Clone, Default)]
pub struct DepsSet {
    values: Arc<HashMap<TypeId, Entry>>,
}

#[derive(Clone)]
struct Entry {
    name: &'static str,
    value: Arc<dyn Any + Send + Sync>,
}

impl DepsSet {
    /// No dependencies.
    pub fn new() -> Self {
        DepsSet::default()
    }

    /// This set with `value` as the dependency of type `T` (replacing any value of that type).
    pub fn with<T: Any + Send + Sync>(self, value: T) -> Self {
        self.with_arc(Arc::new(value))
    }

    /// [`with`](Self::with) for a value already shared.
    pub fn with_arc<T: Any + Send + Sync>(mut self, value: Arc<T>) -> Self {
        let entry = Entry {
            name: std::any::type_name::<T>(),
            value,
        };
        Arc::make_mut(&mut self.values).insert(TypeId::of::<T>(), entry);
        self
    }

    /// The dependency of type `T`, if the set has one.
    pub fn get<T: Any + Send + Sync>(&self) -> Option<Deps<T>> {
        let entry = self.values.get(&TypeId::of::<T>())?;
        entry.value.clone().downcast::<T>().ok().map(Deps)
    }

    /// Whether the set has a value of type `ty`.
    pub fn has(&self, ty: DepsType) -> bool {
        self.values.contains_key(&ty.id)
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// `self` with every value of `over` on top (`over` wins where both have a type).
    pub fn overlaid(&self, over: &DepsSet) -> DepsSet {
        if over.is_empty() {
            return self.clone();
        }
        if self.is_empty() {
            return over.clone();
        }
        let mut values = (*self.values).clone();
        values.extend(over.values.iter().map(|(k, v)| (*k, v.clone())));
        DepsSet {
            values: Arc::new(values),
        }
    }
}

impl fmt::Debug for DepsSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Type names only: the values are the application's (a pool, a client with a key).
        let mut names: Vec<&str> = self.values.values().map(|e| e.name).collect();
        names.sort_unstable();
        f.debug_set().entries(names).finish()
    }
}

/// A run's tools need a dependency the run was not given: the run stops before the model is
/// asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "agent {agent}: tool `{tool}` needs dependencies of type `{needed}`, and the run has none; give them with `.deps(..)` on the agent (builder or `agent!`) or on the run"
)]
pub struct MissingDeps {
    /// The agent whose run stopped.
    pub agent: AgentPath,
    /// The tool that needs them.
    pub tool: String,
    /// The type it needs.
    pub needed: DepsType,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Db(&'static str);
    struct User(u32);

    #[test]
    fn a_set_holds_one_value_per_type() {
        let set = DepsSet::new().with(Db("a")).with(User(7)).with(Db("b"));
        assert_eq!(set.get::<Db>().unwrap().arc().0, "b");
        assert_eq!(set.get::<User>().unwrap().arc().0, 7);
        assert!(set.get::<String>().is_none());
        assert!(set.has(DepsType::of::<User>()));
        assert!(!set.has(DepsType::of::<String>()));
    }

    #[test]
    fn the_overlay_wins_where_both_have_a_type() {
        let agent = DepsSet::new().with(Db("agent")).with(User(1));
        let run = DepsSet::new().with(Db("run"));
        let both = agent.overlaid(&run);
        assert_eq!(both.get::<Db>().unwrap().arc().0, "run");
        assert_eq!(both.get::<User>().unwrap().arc().0, 1);
        // Neither side changed.
        assert_eq!(agent.get::<Db>().unwrap().arc().0, "agent");
        assert!(run.get::<User>().is_none());
    }

    #[test]
    fn debug_names_types_never_values() {
        struct Secret(#[allow(dead_code)] &'static str);
        let set = DepsSet::new().with(Secret("sk-live-123"));
        let shown = format!("{set:?}");
        assert!(shown.contains("Secret"), "{shown}");
        assert!(!shown.contains("sk-live"), "{shown}");
    }
}
