//! How serious a failure is, as judged by whoever gives up on it.

use std::fmt;
use std::str::FromStr;

/// How serious an escalated failure is.
///
/// Ordered from least to most serious, so `severity >= Severity::High` reads naturally.
///
/// ```
/// use agents_core::Severity;
/// assert!(Severity::Critical > Severity::Low);
/// assert_eq!("medium".parse::<Severity>().unwrap(), Severity::Medium);
/// assert_eq!(Severity::High.to_string(), "HIGH");
/// ```
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "UPPERCASE")]
pub enum Severity {
    /// A nuisance: a retry or a stronger model will probably fix it.
    Low,
    /// Needs another route (another skill, another tool) but not a person.
    Medium,
    /// The task cannot be completed as asked; a partial result is the best outcome.
    High,
    /// Continuing may cause harm; stop or hand to a person.
    Critical,
}

impl Severity {
    /// All severities, from least to most serious.
    pub const ALL: [Severity; 4] = [
        Severity::Low,
        Severity::Medium,
        Severity::High,
        Severity::Critical,
    ];

    /// The upper-case name used in model-facing text (`LOW`, `MEDIUM`, `HIGH`, `CRITICAL`).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Low => "LOW",
            Severity::Medium => "MEDIUM",
            Severity::High => "HIGH",
            Severity::Critical => "CRITICAL",
        }
    }

    /// Parses a severity the way a model writes it: case-insensitive, surrounding space ignored.
    ///
    /// Returns `(severity, recognised)`: a missing or unknown value falls back to [`Severity::High`]
    /// with `recognised == false`, so the caller can emit a warning event.
    pub fn parse_lenient(text: Option<&str>) -> (Severity, bool) {
        match text.map(str::trim).filter(|t| !t.is_empty()) {
            None => (Severity::High, true),
            Some(t) => match t.parse() {
                Ok(s) => (s, true),
                Err(_) => (Severity::High, false),
            },
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text did not name a severity.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown severity {0:?}: expected one of LOW, MEDIUM, HIGH, CRITICAL")]
pub struct UnknownSeverity(pub String);

impl FromStr for Severity {
    type Err = UnknownSeverity;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        Severity::ALL
            .into_iter()
            .find(|sev| sev.as_str().eq_ignore_ascii_case(t))
            .ok_or_else(|| UnknownSeverity(s.to_owned()))
    }
}
