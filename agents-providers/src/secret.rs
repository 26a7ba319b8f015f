//! API keys that never show up in logs, `Debug` output or errors, and the scrubber that removes
//! them from any text a provider sent before that text is kept.

use std::fmt;
use std::sync::Arc;

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

/// Every secret one client was configured with (its API key, and the values of extra headers whose
/// names say they carry credentials). Text that came from a provider (an error body, a header, a
/// decoder's message quoting the body) passes through [`Scrubber::scrub`] before it becomes an
/// error, an event, a log line or a cassette entry.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scrubber(Arc<[Secret]>);

impl Scrubber {
    /// A scrubber for `secrets`.
    pub(crate) fn new(secrets: impl IntoIterator<Item = Secret>) -> Self {
        Scrubber(secrets.into_iter().collect())
    }

    /// This scrubber and one more secret.
    pub(crate) fn with(&self, secret: Secret) -> Self {
        Scrubber(self.0.iter().cloned().chain([secret]).collect())
    }

    /// `text` with every secret replaced by `[redacted]`.
    pub(crate) fn scrub(&self, text: &str) -> String {
        self.0
            .iter()
            .fold(text.to_owned(), |text, secret| secret.scrub(&text))
    }
}

/// Whether a header of this name carries a credential (its value is scrubbed and marked
/// sensitive): `Authorization`, `Cookie`, and any name with `key`, `token`, `secret` or `auth`.
pub(crate) fn is_credential_header(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name == "cookie"
        || ["key", "token", "secret", "auth"]
            .iter()
            .any(|w| name.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrubber_removes_every_secret() {
        let s = Scrubber::new([Secret::new("key-aaaa")]).with(Secret::new("tok-bbbb"));
        assert_eq!(
            s.scrub("a key-aaaa b tok-bbbb c key-aaaa"),
            "a [redacted] b [redacted] c [redacted]"
        );
        assert!(is_credential_header("X-Api-Key"));
        assert!(is_credential_header("Proxy-Authorization"));
        assert!(!is_credential_header("anthropic-version"));
    }
}
