//! API keys that never show up in logs, `Debug` output or errors.

use std::fmt;

/// A secret value (an API key). `Debug` and `Display` print `[redacted]`; the value is only
/// reachable through [`Secret::expose`], which the transport calls when it builds a request.
///
/// ```
/// use agents_providers::Secret;
/// let key = Secret::new("sk-live-123");
/// assert_eq!(format!("{key} {key:?}"), "[redacted] Secret([redacted])");
/// assert_eq!(key.expose(), "sk-live-123");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret value.
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// Reads a secret from the environment variable `var`; `None` if it is unset or empty.
    pub fn from_env(var: &str) -> Option<Self> {
        std::env::var(var)
            .ok()
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
            .map(Secret)
    }

    /// The value itself. Only for putting it on the wire.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Replaces every occurrence of the secret in `text` with `[redacted]`.
    pub fn scrub(&self, text: &str) -> String {
        if self.0.len() < 4 {
            // Too short to tell apart from ordinary text; it is still never printed by us.
            return text.to_owned();
        }
        text.replace(&self.0, "[redacted]")
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Self {
        Secret(value)
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Self {
        Secret(value.to_owned())
    }
}
