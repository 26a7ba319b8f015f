//! Where an agent sits in the tree of agents.

use std::fmt;
use std::sync::Arc;

/// The path of an agent in the tree, root first: `root/coder/json-fixer`.
///
/// Cheap to clone.
///
/// ```
/// use agents_core::agent::AgentPath;
/// let p = AgentPath::root("root").child("coder").child("json-fixer");
/// assert_eq!(p.to_string(), "root/coder/json-fixer");
/// assert_eq!(p.depth(), 3);
/// assert_eq!(p.name(), "json-fixer");
/// assert_eq!(p.parent().unwrap().to_string(), "root/coder");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct AgentPath(Arc<[String]>);

impl AgentPath {
    /// A path with one segment.
    pub fn root(name: impl Into<String>) -> Self {
        AgentPath(Arc::from(vec![name.into()]))
    }

    /// This path extended by one segment.
    pub fn child(&self, name: impl Into<String>) -> Self {
        let mut v = self.0.to_vec();
        v.push(name.into());
        AgentPath(Arc::from(v))
    }

    /// The path without its last segment, or `None` at the root.
    pub fn parent(&self) -> Option<AgentPath> {
        (self.0.len() > 1).then(|| AgentPath(Arc::from(&self.0[..self.0.len() - 1])))
    }

    /// A placeholder for errors built where the path is not known yet (a plain function
    /// returning [`AgentError::escalation`](crate::AgentError::escalation)); the agent that
    /// returns the error fills in its own path.
    pub fn unattributed() -> Self {
        AgentPath(Arc::from(Vec::new()))
    }

    /// Whether this is the [`unattributed`](Self::unattributed) placeholder.
    pub fn is_unattributed(&self) -> bool {
        self.0.is_empty()
    }

    /// The last segment: this agent's own name.
    pub fn name(&self) -> &str {
        self.0.last().map(String::as_str).unwrap_or("")
    }

    /// How many segments the path has (the root has depth 1).
    pub fn depth(&self) -> usize {
        self.0.len()
    }

    /// The segments, root first.
    pub fn segments(&self) -> &[String] {
        &self.0
    }
}

impl fmt::Display for AgentPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.join("/"))
    }
}

impl fmt::Debug for AgentPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AgentPath({self})")
    }
}

impl serde::Serialize for AgentPath {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
