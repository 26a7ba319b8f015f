//! What a fixer is told about the call it repairs.

use serde_json::Value;

use crate::error::ToolError;
use crate::model::Message;
use crate::model::compact_schema;

/// Everything a fixer needs: the raw arguments, the error (with its parse position or field
/// path), the schema and the attempt number.
#[derive(Debug, Clone)]
pub struct RepairRequest {
    /// The tool whose call is being repaired.
    pub tool: String,
    /// The argument text as it stands (the input the fixer receives).
    pub raw: String,
    /// The error being repaired.
    pub error: ToolError,
    /// The tool's argument schema.
    pub schema: Value,
    /// This attempt (1-based) ...
    pub attempt: u32,
    /// ... of at most this many.
    pub max_attempts: u32,
}

impl RepairRequest {
    /// The request as a prompt for an LLM fixer: the error, where it is, the schema, the attempt
    /// and the raw text, with an instruction to answer with the corrected JSON only.
    ///
    /// A fixer is a model like any other, so the failure is told in its model-safe words
    /// ([`ToolError::model_reason`]): a tool's operator message and its source chain (which may
    /// hold a connection string or a path) never reach it. A plain-function fixer that needs the
    /// operator detail reads [`error`](Self::error) itself.
    pub fn render(&self) -> String {
        let what = match &self.error {
            ToolError::InvalidArgs(e) if e.parse_error.depth_limit.is_some() => {
                format!("The text is refused: {}. Nest less deeply.", e.parse_error)
            }
            ToolError::InvalidArgs(e) => format!("The text is not valid JSON: {}.", e.parse_error),
            ToolError::Deserialization(e) => format!(
                "The JSON does not fit the schema at `{}`: {}.",
                e.field_path, e.message
            ),
            ToolError::Execution(_) => {
                format!("The tool ran and failed: {}.", self.error.model_reason())
            }
            ToolError::Escalation(e) => format!("An earlier repair escalated: {}.", e.reason),
        };
        if self.tool == crate::model::FINAL_ANSWER_TOOL {
            // The `answer_error` chain: the text is a final answer, not a call's arguments.
            return format!(
                "Repair an agent's final answer (attempt {a} of {m}).\n{what}\nExpected JSON Schema: {schema}\nAnswer as sent:\n{raw}\n\nAnswer with the corrected JSON only. If this is not a formatting problem you can fix, call the `escalate` tool with the reason.",
                a = self.attempt,
                m = self.max_attempts,
                schema = compact_schema(&self.schema),
                raw = self.raw,
            );
        }
        format!(
            "Repair the arguments of a call to the tool `{tool}` (attempt {a} of {m}).\n{what}\nExpected JSON Schema: {schema}\nArguments as sent:\n{raw}\n\nAnswer with the corrected JSON arguments only. If this is not a formatting problem you can fix, call the `escalate` tool with the reason (and the corrected JSON if you know it).",
            tool = self.tool,
            a = self.attempt,
            m = self.max_attempts,
            schema = compact_schema(&self.schema),
            raw = self.raw,
        )
    }
}

/// What a context-aware fix function sees besides the text.
#[derive(Debug, Clone, Copy)]
pub struct RepairContext<'a> {
    /// The error, schema and attempt.
    pub request: &'a RepairRequest,
    /// The agent's conversation so far (to fill a missing argument from an earlier turn).
    pub conversation: &'a [Message],
}
