//! The Berkeley Function Calling Leaderboard's questions, as the evaluation runs them.
//!
//! The data are BFCL's own, read at run time from the pinned `bfcl-eval` package that
//! `evals/bfcl/setup.sh` installs (nothing of BFCL is in this repository): one JSON object a
//! line, `{"id", "question": [[{"role", "content"}, …]], "function": [{"name", "description",
//! "parameters"}, …]}`. Each function becomes a tool whose name [`names`] maps and whose
//! parameters [`schema`] converts. The categories run here have one turn; in `live_simple` and
//! `live_multiple` that turn can open with a system message, which becomes the agent's system prompt
//! ([`Question::system`]), as BFCL's runner sends it to the model as the system's.

pub mod language;
pub mod names;
pub mod schema;

use std::path::Path;

use agents::model::ToolSpec;
use serde::Deserialize;
use serde_json::Value;

use language::Language;
use names::NameMap;

/// One BFCL question.
#[derive(Debug, Clone, Deserialize)]
pub struct Question {
    /// BFCL's id (`simple_python_0`, `multiple_12`, `live_simple_3-2-1`).
    pub id: String,
    /// The conversation: turns of messages (one turn in the categories measured here: one user
    /// message, after a system message in some `live_simple` questions).
    pub question: Vec<Vec<Message>>,
    /// The functions offered.
    pub function: Vec<Function>,
}

/// A message of a question.
#[derive(Debug, Clone, Deserialize)]
pub struct Message {
    /// `user` (or `system`).
    pub role: String,
    /// What was said.
    pub content: String,
}

/// A function as BFCL specifies it.
#[derive(Debug, Clone, Deserialize)]
pub struct Function {
    /// Its name, dots and all.
    pub name: String,
    /// What it does.
    #[serde(default)]
    pub description: String,
    /// Its parameters in BFCL's dialect ([`schema`]).
    #[serde(default)]
    pub parameters: Value,
}

impl Question {
    /// The user's words: the messages of the first turn that are the user's, one per line.
    pub fn request(&self) -> String {
        self.said_by("user")
    }

    /// The system's words, when the first turn has any (the messages whose role is `system`,
    /// one per line): the agent's system prompt.
    pub fn system(&self) -> Option<String> {
        Some(self.said_by("system")).filter(|s| !s.is_empty())
    }

    /// The messages of the first turn said by `role`, one per line.
    fn said_by(&self, role: &str) -> String {
        self.question
            .first()
            .map(|turn| {
                turn.iter()
                    .filter(|m| m.role == role)
                    .map(|m| m.content.as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .unwrap_or_default()
    }

    /// The tool names of the question's functions.
    pub fn names(&self) -> NameMap {
        NameMap::new(self.function.iter().map(|f| f.name.as_str()))
    }

    /// The question's functions as tool specs, under the names of `names`, offered as BFCL
    /// offers them in the question's [`Language`].
    pub fn tool_specs(&self, names: &NameMap) -> Vec<ToolSpec> {
        let language = Language::of_id(&self.id);
        self.function
            .iter()
            .map(|f| {
                let (description, parameters) = language.offered(&f.description, &f.parameters);
                ToolSpec {
                    name: names.tool(&f.name).unwrap_or(&f.name).to_owned(),
                    description,
                    parameters: schema::parameters(&parameters),
                }
            })
            .collect()
    }
}

/// Reads the questions of one category's data file (one JSON object a line).
pub fn load(path: &Path) -> Result<Vec<Question>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| {
                format!(
                    "{} line {}: not a BFCL question: {e}",
                    path.display(),
                    i + 1
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_gives_its_request_and_tools_under_allowed_names() {
        let line = r#"{"id": "simple_python_9", "question": [[{"role": "user", "content": "What is 5!?"}]],
            "function": [{"name": "math.factorial", "description": "Factorial.",
            "parameters": {"type": "dict", "properties": {"number": {"type": "integer"}}, "required": ["number"]}}]}"#;
        let q: Question = serde_json::from_str(line).unwrap();
        assert_eq!(q.request(), "What is 5!?");
        let names = q.names();
        let specs = q.tool_specs(&names);
        assert_eq!(specs.len(), 1);
        assert_eq!(specs[0].name, "math_factorial");
        assert_eq!(names.bfcl(&specs[0].name), Some("math.factorial"));
        assert_eq!(specs[0].parameters["type"], "object");
        assert_eq!(specs[0].parameters["required"][0], "number");
        assert_eq!(q.system(), None);
    }

    /// Our own suites (evals/blind to evals/blind7) load as BFCL's data does, and every function
    /// converts to a tool whose parameters are a JSON Schema the runtime compiles: a suite that
    /// stopped loading would fail the measurement only when someone ran it.
    #[test]
    fn the_blind_suites_load_and_every_function_converts() {
        let evals = Path::new(env!("CARGO_MANIFEST_DIR"));
        for (suite, category, count) in [
            ("blind", "blind_simple", 80),
            ("blind", "blind_multiple", 60),
            ("blind2", "blind2_simple", 80),
            ("blind2", "blind2_multiple", 60),
            ("blind3", "blind3_simple", 80),
            ("blind3", "blind3_multiple", 60),
            ("blind4", "blind4_simple", 80),
            ("blind4", "blind4_multiple", 60),
            ("blind5", "blind5_simple", 80),
            ("blind5", "blind5_multiple", 60),
            ("blind6", "blind6_simple", 80),
            ("blind6", "blind6_multiple", 60),
            ("blind7", "blind7_simple", 80),
            ("blind7", "blind7_multiple", 60),
        ] {
            let dir = evals.join(suite).join("data");
            let questions = load(&dir.join(format!("{category}.json"))).unwrap();
            assert_eq!(questions.len(), count, "{category}");
            for q in &questions {
                assert!(q.id.starts_with(category), "{}", q.id);
                assert!(!q.request().trim().is_empty(), "{}", q.id);
                for spec in q.tool_specs(&q.names()) {
                    assert_eq!(spec.parameters["type"], "object", "{} {}", q.id, spec.name);
                    jsonschema::validator_for(&spec.parameters)
                        .unwrap_or_else(|e| panic!("{} {}: {e}", q.id, spec.name));
                }
            }
        }
    }

    #[test]
    fn a_system_message_is_the_system_prompt_and_not_the_request() {
        let line = r#"{"id": "live_simple_1-1-0", "question": [[
            {"role": "system", "content": "Answer briefly."},
            {"role": "user", "content": "Open the door."}]],
            "function": [{"name": "door.open", "description": "Opens it.",
            "parameters": {"type": "dict", "properties": {}, "required": []}}]}"#;
        let q: Question = serde_json::from_str(line).unwrap();
        assert_eq!(q.request(), "Open the door.");
        assert_eq!(q.system().as_deref(), Some("Answer briefly."));
    }
}
