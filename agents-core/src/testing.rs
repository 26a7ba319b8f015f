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

    /// Says it enforces constraints as far as `support`
    /// ([`Capabilities::constraint`](crate::model::Capabilities)); the script's answers are
    /// what it returns either way (a test scripts the constrained answer, and reads the
    /// constraint each request carried in [`requests`](Self::requests)).
    #[must_use]
    pub fn with_constraint_support(mut self, support: crate::model::ConstraintSupport) -> Self {
        self.capabilities.constraint = support;
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
