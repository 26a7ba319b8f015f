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

/// What the [`FINAL_ANSWER_TOOL`] says it does.
const FINAL_ANSWER_DESCRIPTION: &str = "Give the final answer to the user and end the run. Call \
     it once the tools have given what the answer needs.";

/// The [`FINAL_ANSWER_TOOL`]'s spec for a text answer: one required string argument, `answer`.
pub fn final_answer_spec() -> ToolSpec {
    typed_final_answer_spec(&serde_json::json!({"type": "string"}))
}

/// The [`FINAL_ANSWER_TOOL`]'s spec for an answer of schema `answer`: one required argument,
/// `answer`, of that schema (a tool's arguments are an object, and the answer may not be). The
/// answer's definitions (`$defs`, `definitions`) move to the arguments' root, so that its
/// `$ref`s still resolve.
///
/// ```
/// use agents_core::model::typed_final_answer_spec;
/// use serde_json::json;
/// let spec = typed_final_answer_spec(&json!({
///     "type": "object", "properties": {"unit": {"$ref": "#/$defs/Unit"}},
///     "$defs": {"Unit": {"enum": ["c", "f"]}}
/// }));
/// assert_eq!(spec.parameters["properties"]["answer"]["properties"]["unit"]["$ref"], "#/$defs/Unit");
/// assert_eq!(spec.parameters["$defs"]["Unit"], json!({"enum": ["c", "f"]}));
/// ```
pub fn typed_final_answer_spec(answer: &serde_json::Value) -> ToolSpec {
    let mut answer = answer.clone();
    let mut defs = serde_json::Map::new();
    if let serde_json::Value::Object(m) = &mut answer {
        m.remove("$schema");
        for key in ["$defs", "definitions"] {
            if let Some(serde_json::Value::Object(d)) = m.remove(key) {
                defs.insert(key.to_owned(), serde_json::Value::Object(d));
            }
        }
    }
    let mut parameters = serde_json::json!({
        "type": "object",
        "properties": {"answer": answer},
        "required": ["answer"],
        "additionalProperties": false
    });
    if let serde_json::Value::Object(m) = &mut parameters {
        m.extend(defs);
    }
    ToolSpec {
        name: FINAL_ANSWER_TOOL.to_owned(),
        description: FINAL_ANSWER_DESCRIPTION.to_owned(),
        parameters,
    }
}
