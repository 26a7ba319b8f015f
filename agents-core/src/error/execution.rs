//! What a tool reports when it runs and fails.

use std::error::Error as StdError;
use std::fmt;
use std::sync::Arc;

use super::ErrorClass;

/// A tool ran and failed.
///
/// Carries two renderings: [`message`](Self::message) is for operators (logs, events) and may hold
/// any detail; [`model_message`](Self::model_message) is what the model may read, and is `None`
/// unless the tool marked its text safe with [`model_safe`](Self::model_safe) or
/// [`with_model_message`](Self::with_model_message). When it is `None` the model is told only the
/// kind of failure.
///
/// ```
/// use agents_core::{ExecutionFailure, error::ErrorClass};
/// let f = ExecutionFailure::new("disk quota exceeded for /srv/data").permanent();
/// assert_eq!(f.class(), ErrorClass::Permanent);
/// assert_eq!(f.model_message(), None);
/// let g = ExecutionFailure::new("city not found: Atlantis").model_safe();
/// assert_eq!(g.model_message(), Some("city not found: Atlantis"));
/// ```
#[derive(Clone)]
pub struct ExecutionFailure {
    message: String,
    model_message: Option<String>,
    class: ErrorClass,
    panicked: bool,
    timed_out: bool,
    source: Option<Arc<dyn StdError + Send + Sync>>,
}

impl ExecutionFailure {
    /// A failure with an operator-facing message and no class.
    pub fn new(message: impl Into<String>) -> Self {
        ExecutionFailure {
            message: message.into(),
            model_message: None,
            class: ErrorClass::Unknown,
            panicked: false,
            timed_out: false,
            source: None,
        }
    }

    /// A failure caused by `error`; its `Display` becomes the operator message and it is kept as
    /// the source, so a [`Classifier`](crate::error::Classifier) can recognise its type.
    pub fn from_error<E: StdError + Send + Sync + 'static>(error: E) -> Self {
        let mut f = ExecutionFailure::new(error.to_string());
        f.source = Some(Arc::new(error));
        f
    }

    /// A failure that is worth repeating.
    pub fn transient(message: impl Into<String>) -> Self {
        ExecutionFailure::new(message).with_class(ErrorClass::Transient)
    }

    /// Marks this failure permanent: repeating the call will not help.
    pub fn permanent(self) -> Self {
        self.with_class(ErrorClass::Permanent)
    }

    /// Sets the class.
    pub fn with_class(mut self, class: ErrorClass) -> Self {
        self.class = class;
        self
    }

    /// Declares the operator message safe to show to the model as it is.
    pub fn model_safe(mut self) -> Self {
        self.model_message = Some(self.message.clone());
        self
    }

    /// Sets a separate text for the model, leaving the operator message untouched.
    pub fn with_model_message(mut self, text: impl Into<String>) -> Self {
        self.model_message = Some(text.into());
        self
    }

    pub(crate) fn panic(payload: &(dyn std::any::Any + Send)) -> Self {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "non-string panic payload".to_owned());
        let mut f = ExecutionFailure::new(format!("the tool panicked: {what}")).permanent();
        f.panicked = true;
        f
    }

    /// A failure read back from a journal: its recorded parts, without a source (the class was
    /// resolved by the classifier before it was recorded, so it decides as the source did).
    pub(crate) fn restored(
        message: String,
        model_message: Option<String>,
        class: ErrorClass,
        panicked: bool,
        timed_out: bool,
    ) -> Self {
        ExecutionFailure {
            message,
            model_message,
            class,
            panicked,
            timed_out,
            source: None,
        }
    }

    pub(crate) fn timeout(after: std::time::Duration) -> Self {
        let mut f =
            ExecutionFailure::transient(format!("the tool did not finish within {after:?}"));
        f.timed_out = true;
        f.model_message = Some(format!("the tool timed out after {} ms", after.as_millis()));
        f
    }

    /// The operator-facing message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The model-facing message, if the tool marked one safe.
    pub fn model_message(&self) -> Option<&str> {
        self.model_message.as_deref()
    }

    /// The class the tool declared ([`ErrorClass::Unknown`] if it declared none).
    pub fn class(&self) -> ErrorClass {
        self.class
    }

    /// Whether the tool panicked (always [`ErrorClass::Permanent`]: a panic is a bug).
    pub fn is_panic(&self) -> bool {
        self.panicked
    }

    /// Whether the runtime stopped the tool at its timeout.
    pub fn is_timeout(&self) -> bool {
        self.timed_out
    }

    /// The underlying error, if any.
    pub fn source_error(&self) -> Option<&(dyn StdError + Send + Sync + 'static)> {
        self.source.as_deref()
    }

    /// The first error of type `E` in the source chain.
    pub fn find_source<E: StdError + 'static>(&self) -> Option<&E> {
        let mut cur: Option<&(dyn StdError + 'static)> = self.source.as_deref().map(|e| e as _);
        while let Some(e) = cur {
            if let Some(hit) = e.downcast_ref::<E>() {
                return Some(hit);
            }
            cur = e.source();
        }
        None
    }
}

impl fmt::Debug for ExecutionFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExecutionFailure")
            .field("message", &self.message)
            .field("model_message", &self.model_message)
            .field("class", &self.class)
            .field("panicked", &self.panicked)
            .field("timed_out", &self.timed_out)
            .field("source", &self.source.as_ref().map(|s| s.to_string()))
            .finish()
    }
}

impl fmt::Display for ExecutionFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        let mut cur: Option<&(dyn StdError + 'static)> =
            self.source.as_deref().and_then(|e| e.source());
        while let Some(e) = cur {
            write!(f, ": {e}")?;
            cur = e.source();
        }
        Ok(())
    }
}

/// Converts a tool's error into an [`ExecutionFailure`].
///
/// Implemented for every `std::error::Error + Send + Sync + 'static` (class unknown, message not
/// model-safe) and for `ExecutionFailure` itself, so a tool returning `Result<T, E>` works with
/// either.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be used as a tool's error",
    label = "this error type does not convert into an ExecutionFailure",
    note = "return `agents::ExecutionFailure`, or any type implementing `std::error::Error + Send + Sync + 'static`"
)]
pub trait IntoExecutionFailure {
    /// Performs the conversion.
    fn into_execution_failure(self) -> ExecutionFailure;
}

impl<E: StdError + Send + Sync + 'static> IntoExecutionFailure for E {
    fn into_execution_failure(self) -> ExecutionFailure {
        ExecutionFailure::from_error(self)
    }
}

impl IntoExecutionFailure for ExecutionFailure {
    fn into_execution_failure(self) -> ExecutionFailure {
        self
    }
}
