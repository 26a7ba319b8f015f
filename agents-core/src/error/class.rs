//! Whether a failure is worth repeating: the transient/permanent classification.

use std::sync::Arc;

use super::ExecutionFailure;

/// Whether repeating the same call may succeed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorClass {
    /// Likely to succeed if repeated (a timeout, a dropped connection, a busy resource).
    Transient,
    /// Will fail again with the same input (a bug, bad credentials, a missing file).
    Permanent,
    /// Nobody said. The [`Classifier`] decides; unless it recognises the error, it is not retried.
    Unknown,
}

type Rule = Arc<dyn Fn(&ExecutionFailure) -> Option<ErrorClass> + Send + Sync>;

/// Decides the class of execution failures whose tool did not say.
///
/// The defaults recognise timeouts and I/O errors whose kind is a connection or
/// interruption problem, and nothing else. Extend it by error type or by inspecting the error:
///
/// ```
/// use agents_core::{ExecutionFailure, error::{Classifier, ErrorClass}};
///
/// #[derive(Debug, thiserror::Error)]
/// #[error("the upstream service is busy")]
/// struct Busy;
///
/// let classifier = Classifier::default()
///     .transient_if_type::<Busy>()
///     .rule(|f| f.message().contains("try again").then_some(ErrorClass::Transient));
/// assert_eq!(classifier.classify(&ExecutionFailure::from_error(Busy)), ErrorClass::Transient);
/// assert_eq!(classifier.classify(&ExecutionFailure::new("please try again")), ErrorClass::Transient);
/// assert_eq!(classifier.classify(&ExecutionFailure::new("no such file")), ErrorClass::Unknown);
/// ```
#[derive(Clone)]
pub struct Classifier {
    rules: Vec<Rule>,
}

impl std::fmt::Debug for Classifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Classifier")
            .field("rules", &self.rules.len())
            .finish()
    }
}

impl Default for Classifier {
    fn default() -> Self {
        Classifier {
            rules: vec![Arc::new(default_rule)],
        }
    }
}

impl Classifier {
    /// A classifier with no rules at all: every unclassified failure stays [`ErrorClass::Unknown`].
    pub fn empty() -> Self {
        Classifier { rules: Vec::new() }
    }

    /// Adds a rule; rules are asked in order and the first `Some` wins.
    pub fn rule(
        mut self,
        rule: impl Fn(&ExecutionFailure) -> Option<ErrorClass> + Send + Sync + 'static,
    ) -> Self {
        self.rules.push(Arc::new(rule));
        self
    }

    /// Treats every failure whose source chain contains an `E` as transient.
    pub fn transient_if_type<E: std::error::Error + 'static>(self) -> Self {
        self.rule(|f| f.find_source::<E>().map(|_| ErrorClass::Transient))
    }

    /// Treats every failure whose source chain contains an `E` as permanent.
    pub fn permanent_if_type<E: std::error::Error + 'static>(self) -> Self {
        self.rule(|f| f.find_source::<E>().map(|_| ErrorClass::Permanent))
    }

    /// The class of `failure`: its own if the tool set one, else the first rule's verdict.
    pub fn classify(&self, failure: &ExecutionFailure) -> ErrorClass {
        if failure.class() != ErrorClass::Unknown {
            return failure.class();
        }
        self.rules
            .iter()
            .find_map(|rule| rule(failure))
            .unwrap_or(ErrorClass::Unknown)
    }
}

fn default_rule(failure: &ExecutionFailure) -> Option<ErrorClass> {
    use std::io::ErrorKind as K;
    if failure.is_timeout() {
        return Some(ErrorClass::Transient);
    }
    if failure
        .find_source::<tokio::time::error::Elapsed>()
        .is_some()
    {
        return Some(ErrorClass::Transient);
    }
    let io = failure.find_source::<std::io::Error>()?;
    match io.kind() {
        K::TimedOut
        | K::ConnectionRefused
        | K::ConnectionReset
        | K::ConnectionAborted
        | K::NotConnected
        | K::BrokenPipe
        | K::Interrupted
        | K::WouldBlock
        | K::UnexpectedEof
        | K::HostUnreachable
        | K::NetworkUnreachable
        | K::NetworkDown
        | K::ResourceBusy => Some(ErrorClass::Transient),
        _ => None,
    }
}
