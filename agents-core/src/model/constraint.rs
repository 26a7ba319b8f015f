//! Decoding constraints: what a request may ask the model's sampler to enforce, and what a
//! model says it can enforce.
//!
//! A constraint is prevention, not repair: where the provider can hold the model to a tool's
//! schema while it writes, an invented argument name, a unit inside a number or an enum value
//! outside the list cannot be written at all. The runtime asks for one where the agent runs in
//! prevention mode ([`constrained`](crate::LlmAgentBuilder::constrained)) and where the
//! [`regenerate`](crate::repair::regenerate) repair step asks the model again for one call.
//! The schema translations each provider needs live in [`schema`].

pub mod schema;

use serde::{Deserialize, Serialize};

use super::ToolSpec;

/// A decoding constraint on one model turn ([`ModelRequest::constraint`](super::ModelRequest)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Constraint {
    /// Exactly one call to one of the request's tools, its arguments valid against that tool's
    /// schema. The model cannot answer in text (prevention mode offers a
    /// [`FINAL_ANSWER_TOOL`] for that).
    AnyTool,
    /// Exactly one call to the named tool (one of the request's tools), its arguments valid
    /// against its schema.
    Tool {
        /// The tool's name.
        name: String,
    },
}

impl Constraint {
    /// A call to the tool `name`.
    pub fn tool(name: impl Into<String>) -> Self {
        Constraint::Tool { name: name.into() }
    }

    /// The tools of `offered` a call may go to under this constraint, in `offered`'s order.
    /// Empty when the constraint names a tool that is not offered (a provider must then refuse
    /// the request rather than send an unconstrained one).
    pub fn allowed<'a>(&self, offered: &'a [ToolSpec]) -> Vec<&'a ToolSpec> {
        match self {
            Constraint::AnyTool => offered.iter().collect(),
            Constraint::Tool { name } => offered.iter().filter(|t| &t.name == name).collect(),
        }
    }

    /// The names of the [`allowed`](Self::allowed) tools, in `offered`'s order (what a wire
    /// format lists as the tools a forced call may choose from).
    pub fn allowed_names<'a>(&self, offered: &'a [ToolSpec]) -> Vec<&'a str> {
        self.allowed(offered)
            .into_iter()
            .map(|t| t.name.as_str())
            .collect()
    }

    /// The one tool a call must go to, if the constraint names one.
    pub fn named(&self) -> Option<&str> {
        match self {
            Constraint::AnyTool => None,
            Constraint::Tool { name } => Some(name),
        }
    }
}

/// One phrase for logs: `any tool`, `tool book_table`.
impl std::fmt::Display for Constraint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Constraint::AnyTool => f.write_str("any tool"),
            Constraint::Tool { name } => write!(f, "tool {name}"),
        }
    }
}

/// How far a model can enforce a [`Constraint`] ([`Capabilities::constraint`](super::Capabilities)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConstraintSupport {
    /// Not at all: a request's constraint is not sent, and the runtime does not pretend it was
    /// (the `regenerate` step passes, prevention mode refuses to run).
    #[default]
    Unsupported,
    /// The provider forces a call to the allowed tool(s) (Anthropic's `tool_choice`, Gemini's
    /// mode `ANY`), but the arguments are only as good as the model: validation and repair
    /// still apply to them.
    ToolChoice,
    /// The sampler is held to the tool's schema: name and arguments (llama.cpp's JSON-schema
    /// grammar, Ollama's `format`, OpenAI's strict function schemas).
    Schema,
}

impl ConstraintSupport {
    /// Whether a constraint can be sent at all.
    pub fn is_supported(self) -> bool {
        self != ConstraintSupport::Unsupported
    }
}

/// The name of the pseudo-tool a constrained model ends its run with: under
/// [`Constraint::AnyTool`] the model cannot write free text, so prevention mode offers this
/// tool, and a call to it is the run's final answer (its `answer` argument).
pub const FINAL_ANSWER_TOOL: &str = "final_answer";

/// The [`FINAL_ANSWER_TOOL`]'s spec: one required string argument, `answer`.
pub fn final_answer_spec() -> ToolSpec {
    ToolSpec {
        name: FINAL_ANSWER_TOOL.to_owned(),
        description: "Give the final answer to the user and end the run. Call it once the tools \
                      have given what the answer needs."
            .to_owned(),
        parameters: serde_json::json!({
            "type": "object",
            "properties": {"answer": {"type": "string"}},
            "required": ["answer"],
            "additionalProperties": false
        }),
    }
}
