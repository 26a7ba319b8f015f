//! Skills: named capabilities of an agent, each with its own prompt and tools.

use std::sync::Arc;

use futures_util::future::BoxFuture;

use super::RunContext;
use crate::error::AgentError;

/// The built-in tool that escalates (`escalate(reason, severity)`).
pub const ESCALATE_TOOL: &str = "escalate";
/// The built-in tool that stops the run (`throw_exception(reason)`).
pub const THROW_TOOL: &str = "throw_exception";

type SkillFn<In, Out> =
    Arc<dyn Fn(In, RunContext) -> BoxFuture<'static, Result<Out, AgentError>> + Send + Sync>;

/// A named capability: a prompt fragment and a subset of the agent's tools, run by the model loop,
/// or a plain function (`implemented_by`) that needs no model at all.
///
/// Naming `escalate` or `throw_exception` among the tools enables those built-in tools.
///
/// ```
/// use agents_core::agent::Skill;
/// let s: Skill<String, String> = Skill::new("fix-json", "Repairs broken JSON")
///     .prompt("Return only the corrected JSON.")
///     .tools(["escalate"]);
/// assert_eq!(s.name(), "fix-json");
/// ```
pub struct Skill<In, Out> {
    pub(crate) name: String,
    pub(crate) description: String,
    pub(crate) prompt: Option<String>,
    pub(crate) tools: Option<Vec<String>>,
    pub(crate) implemented_by: Option<SkillFn<In, Out>>,
}

impl<In, Out> Clone for Skill<In, Out> {
    fn clone(&self) -> Self {
        Skill {
            name: self.name.clone(),
            description: self.description.clone(),
            prompt: self.prompt.clone(),
            tools: self.tools.clone(),
            implemented_by: self.implemented_by.clone(),
        }
    }
}

impl<In, Out> std::fmt::Debug for Skill<In, Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Skill")
            .field("name", &self.name)
            .field("tools", &self.tools)
            .field("implemented_by", &self.implemented_by.is_some())
            .finish()
    }
}

impl<In, Out> Skill<In, Out> {
    /// A skill with all of the agent's tools and no prompt of its own.
    pub fn new(name: impl Into<String>, description: impl Into<String>) -> Self {
        Skill {
            name: name.into(),
            description: description.into(),
            prompt: None,
            tools: None,
            implemented_by: None,
        }
    }

    /// The prompt fragment added to the agent's prompt while this skill runs.
    pub fn prompt(mut self, prompt: impl Into<String>) -> Self {
        self.prompt = Some(prompt.into());
        self
    }

    /// The tools this skill may use (by name); `escalate` and `throw_exception` enable the
    /// built-ins.
    pub fn tools<S: Into<String>>(mut self, tools: impl IntoIterator<Item = S>) -> Self {
        self.tools = Some(tools.into_iter().map(Into::into).collect());
        self
    }

    /// Runs this skill with a plain async function instead of the model.
    pub fn implemented_by<F, Fut>(mut self, f: F) -> Self
    where
        F: Fn(In) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<Out, AgentError>> + Send + 'static,
    {
        self.implemented_by = Some(Arc::new(move |input, _| Box::pin(f(input))));
        self
    }

    /// The skill's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The skill's description (what the model reads when it chooses a skill).
    pub fn description(&self) -> &str {
        &self.description
    }

    pub(crate) fn allows(&self, tool: &str) -> bool {
        self.tools
            .as_ref()
            .is_none_or(|t| t.iter().any(|n| n == tool))
    }

    pub(crate) fn names_builtin(&self, builtin: &str) -> bool {
        self.tools
            .as_ref()
            .is_some_and(|t| t.iter().any(|n| n == builtin))
    }
}
