//! What an application check (an input guardrail, an output validator) looked at.

use std::fmt;

/// What a check looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Checked {
    /// The run's input (an input guardrail).
    Input,
    /// The model's answer (an output validator).
    Answer,
}

impl fmt::Display for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Checked::Input => "input",
            Checked::Answer => "answer",
        })
    }
}
