//! What a deterministic fix function may answer.

use crate::error::Severity;

/// The answer of a `fix` function.
///
/// A fix function may return `Option<String>` (`None` passes to the next step), `String`, or a
/// `FixOutcome` to escalate or stop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FixOutcome {
    /// The corrected argument text; it re-enters the pipeline.
    Fixed(String),
    /// Not mine to fix: pass to the next step.
    Pass,
    /// Give up softly: hand the failure upwards.
    Escalate {
        /// Why.
        reason: String,
        /// How serious.
        severity: Severity,
    },
    /// Give up hard: end the run.
    Throw(String),
}

impl From<Option<String>> for FixOutcome {
    fn from(o: Option<String>) -> Self {
        o.map_or(FixOutcome::Pass, FixOutcome::Fixed)
    }
}

impl From<String> for FixOutcome {
    fn from(s: String) -> Self {
        FixOutcome::Fixed(s)
    }
}
