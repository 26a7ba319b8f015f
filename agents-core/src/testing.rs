//! Test support for users: a model that plays a script and records every request.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;

use crate::model::{Model, ModelError, ModelErrorKind, ModelRequest, ModelResponse};

/// A model that answers from a script, in order, and records every request it receives.
///
/// Test your own agents offline: script the model's answers (including broken tool calls and
/// provider errors) and assert on what the agent sent.
///
/// ```
/// use agents_core::testing::ScriptedModel;
/// use agents_core::{AgentExt, LlmAgent, ModelResponse};
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// let model = ScriptedModel::new([ModelResponse::text("42")]);
/// let agent = LlmAgent::builder("answer")
///     .output::<u32>()
///     .model(model.clone())
///     .build()
///     .unwrap();
/// assert_eq!(agent.run("What is six times seven?".into()).await.unwrap(), 42);
/// assert_eq!(model.requests().len(), 1);
/// # });
/// ```
#[derive(Clone)]
pub struct ScriptedModel {
    name: String,
    script: Arc<Mutex<VecDeque<Result<ModelResponse, ModelError>>>>,
    requests: Arc<Mutex<Vec<ModelRequest>>>,
    capabilities: crate::model::Capabilities,
}

impl std::fmt::Debug for ScriptedModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptedModel")
            .field("name", &self.name)
            .field("remaining", &self.remaining())
            .finish()
    }
}

impl ScriptedModel {
    /// A model that answers with `responses`, in order.
    pub fn new(responses: impl IntoIterator<Item = ModelResponse>) -> Self {
        ScriptedModel::with_results(responses.into_iter().map(Ok))
    }

    /// A model that answers with `results` in order: responses or errors.
    pub fn with_results(
        results: impl IntoIterator<Item = Result<ModelResponse, ModelError>>,
    ) -> Self {
        ScriptedModel {
            name: "scripted".to_owned(),
            script: Arc::new(Mutex::new(results.into_iter().collect())),
            requests: Arc::new(Mutex::new(Vec::new())),
            capabilities: crate::model::Capabilities::default(),
        }
    }

    /// Says all of `capabilities` about itself ([`Model::capabilities`]), whatever the tools.
    #[must_use]
    pub fn with_capabilities(mut self, capabilities: crate::model::Capabilities) -> Self {
        self.capabilities = capabilities;
        self
    }

    /// Says it was shown worked example calls with these argument objects
    /// ([`Capabilities::examples`](crate::model::Capabilities)), as a prompted model is: where
    /// the recovery profile checks echoes, the runtime then refuses a call that copies one of
    /// their values the user never gave.
    #[must_use]
    pub fn with_examples(mut self, arguments: impl IntoIterator<Item = serde_json::Value>) -> Self {
        self.capabilities.examples = arguments.into_iter().collect();
        self
    }

    /// Asks for feedback in `style` (as a prompted model does with
    /// [`FeedbackStyle::Short`](crate::model::FeedbackStyle::Short)).
    #[must_use]
    pub fn with_feedback(mut self, style: crate::model::FeedbackStyle) -> Self {
        self.capabilities.feedback = style;
        self
    }

    /// Says the runtime should recover its calls with `recovery` (as a prompted model says
    /// [`Recovery::SMALL_MODEL`](crate::model::Recovery::SMALL_MODEL)).
    #[must_use]
    pub fn with_recovery(mut self, recovery: crate::model::Recovery) -> Self {
        self.capabilities.recovery = recovery;
        self
    }

    /// Says a turn may be asked for up to `cap` tokens beyond its usual cap
    /// ([`Capabilities::raised_token_cap`](crate::model::Capabilities)); read what each
    /// request asked for in [`requests`](Self::requests).
    pub fn with_raised_token_cap(mut self, cap: Option<u32>) -> Self {
        self.capabilities.raised_token_cap = cap;
        self
    }

    /// Says it enforces constraints as far as `support`
    /// ([`Capabilities::constraint`](crate::model::Capabilities)); the script's answers are
    /// what it returns either way (a test scripts the constrained answer, and reads the
    /// constraint each request carried in [`requests`](Self::requests)).
    #[must_use]
    pub fn with_constraint_support(mut self, support: crate::model::ConstraintSupport) -> Self {
        self.capabilities.constraint = support;
        self
    }

    /// Says it holds typed answers as far as `support`
    /// ([`Capabilities::answer`](crate::model::Capabilities)): the runtime then puts the
    /// answer's schema on each request (read it back in [`requests`](Self::requests)); the
    /// script's answers are what it returns either way.
    #[must_use]
    pub fn with_answer_support(mut self, support: crate::model::ConstraintSupport) -> Self {
        self.capabilities.answer = support;
        self
    }

    /// Renames the model (as it appears in events).
    #[must_use]
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// Appends a response to the script.
    pub fn push(&self, response: ModelResponse) {
        self.lock_script().push_back(Ok(response));
    }

    /// Appends an error to the script.
    pub fn push_error(&self, error: ModelError) {
        self.lock_script().push_back(Err(error));
    }

    /// Every request received so far, in order.
    pub fn requests(&self) -> Vec<ModelRequest> {
        self.requests
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// How many scripted answers are left.
    pub fn remaining(&self) -> usize {
        self.lock_script().len()
    }

    fn lock_script(
        &self,
    ) -> std::sync::MutexGuard<'_, VecDeque<Result<ModelResponse, ModelError>>> {
        self.script.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Model for ScriptedModel {
    fn name(&self) -> &str {
        &self.name
    }

    fn capabilities(&self, _tools: &[crate::model::ToolSpec]) -> crate::model::Capabilities {
        self.capabilities.clone()
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        self.requests
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(request.clone());
        let next = self.lock_script().pop_front();
        Box::pin(async move {
            next.unwrap_or_else(|| {
                Err(ModelError::new(
                    ModelErrorKind::Other,
                    "the scripted model has no answers left: the agent asked for more turns than the script has",
                ))
            })
        })
    }
}

/// A durable run's journal kept in memory, to test durable runs without an engine: it records
/// each step's outcome in order, and a journal made from those entries
/// ([`replaying`](Self::replaying)) reads them back in order, as a process that picks the run up
/// after a crash does: a recorded step does not run again.
///
/// Waits are recorded, not slept; the jitter draw is always 0.5.
///
/// ```
/// use agents_core::testing::{MemoryJournal, ScriptedModel};
/// use agents_core::{LlmAgent, ModelResponse};
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// let agent = |model| LlmAgent::builder("a").model(model).build().unwrap();
/// let journal = MemoryJournal::new();
/// let first = ScriptedModel::new([ModelResponse::text("done")]);
/// agent(first.clone()).run("go".to_owned()).journal(&journal).await.unwrap();
/// // A new process replays the journal: the model is not asked again.
/// let replay = MemoryJournal::replaying(journal.entries());
/// let second = ScriptedModel::new([]);
/// let out = agent(second.clone()).run("go".to_owned()).journal(&replay).await.unwrap();
/// assert_eq!(out, "done");
/// assert!(second.requests().is_empty());
/// # });
/// ```
#[derive(Debug, Default)]
pub struct MemoryJournal {
    entries: Mutex<Vec<String>>,
    cursor: std::sync::atomic::AtomicUsize,
    waits: Mutex<Vec<std::time::Duration>>,
}

impl MemoryJournal {
    /// An empty journal: every step runs and is recorded.
    pub fn new() -> Self {
        MemoryJournal::default()
    }

    /// A journal that reads `entries` back first (the outcomes another run recorded), then
    /// records what runs after them.
    pub fn replaying(entries: Vec<String>) -> Self {
        MemoryJournal {
            entries: Mutex::new(entries),
            ..MemoryJournal::default()
        }
    }

    /// Every outcome recorded so far, in order.
    pub fn entries(&self) -> Vec<String> {
        self.entries
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Every wait the run asked for, in order.
    pub fn waits(&self) -> Vec<std::time::Duration> {
        self.waits.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

impl crate::journal::Journal for MemoryJournal {
    fn step<'a>(
        &'a self,
        _step: crate::journal::Step,
        work: BoxFuture<'a, String>,
    ) -> BoxFuture<'a, Result<crate::journal::Recorded, crate::journal::JournalError>> {
        Box::pin(async move {
            let at = self
                .cursor
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let recorded = self
                .entries
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get(at)
                .cloned();
            if let Some(value) = recorded {
                return Ok(crate::journal::Recorded {
                    value,
                    replayed: true,
                });
            }
            let value = work.await;
            self.entries
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push(value.clone());
            Ok(crate::journal::Recorded {
                value,
                replayed: false,
            })
        })
    }

    fn sleep(
        &self,
        wait: std::time::Duration,
    ) -> BoxFuture<'_, Result<(), crate::journal::JournalError>> {
        self.waits
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(wait);
        Box::pin(std::future::ready(Ok(())))
    }

    fn random(&self) -> f64 {
        0.5
    }
}
