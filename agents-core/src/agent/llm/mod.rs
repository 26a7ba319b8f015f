//! An agent driven by a model: the agent loop with tools, repair, budgets and escalation.
//!
//! The modules form a tree: [`runner`] owns one run (its children the model turn, the
//! transcript, the request's frame, skills, loop guards and the round of tool calls, which owns
//! approval, parallel calls, resume and invented names); the others are what a run is built
//! from and handed back as. A module uses what its parent gives it (`super::…`), never a
//! sibling's internals: what several children share is named here.

mod builder;
mod checks;
mod config;
mod output;
mod report;
mod request;
mod runner;
mod stream;
mod tap;
mod toolbox;

use std::marker::PhantomData;
use std::sync::Arc;

use futures_util::future::BoxFuture;

pub use builder::LlmAgentBuilder;
pub use checks::{Checked, Rejection};
pub use config::DEFAULT_PARALLEL_CALLS;
pub use output::Output;
pub use report::{Outcome, RunReport};
pub use request::RunRequest;
pub use stream::{RunEvent, RunStream};

use config::{Config, Settings};
use output::{is_text, read_output, read_output_repaired};
use runner::{Start, start_run};
use tap::Tap;
use toolbox::{HandlerLevels, Sources, ToolEntry, Toolbox};

use super::{Agent, RunContext};
use crate::error::AgentError;
use crate::model::Message;

/// Called after every tool call that was dispatched: the tool, the arguments the model sent (raw
/// text), the arguments the tool ran with after repair (if it ran), and the result text the model
/// reads.
pub type ToolUseHook = Arc<dyn Fn(&ToolUse<'_>) + Send + Sync>;

/// What an `on_tool_use` hook sees.
#[derive(Debug, Clone, Copy)]
pub struct ToolUse<'a> {
    /// The tool.
    pub name: &'a str,
    /// The argument text the model sent.
    pub sent: &'a str,
    /// The arguments the tool ran with, after repair (`None` if it never ran).
    pub repaired: Option<&'a serde_json::Value>,
    /// The result the model reads.
    pub result: &'a str,
    /// Whether the result reports a failure.
    pub is_error: bool,
}

pub(crate) type ApprovalRule = Arc<dyn Fn(&serde_json::Value) -> bool + Send + Sync>;

pub(crate) type CheckpointHook = Arc<dyn Fn(&crate::conversation::Checkpoint) + Send + Sync>;

/// An agent whose work is done by a model calling tools.
///
/// Build one with [`LlmAgent::builder`] (or the `agent!` macro); run it with
/// [`run`](LlmAgent::run). Cheap to clone. Input and output are text unless the builder says
/// otherwise ([`input`](LlmAgentBuilder::input), [`output`](LlmAgentBuilder::output)).
///
/// ```
/// use agents_core::{LlmAgent, testing::ScriptedModel, ModelResponse};
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// let model = ScriptedModel::new([ModelResponse::text("Hello!")]);
/// let agent = LlmAgent::builder("greeter")
///     .prompt("Greet the user.")
///     .model(model)
///     .build()
///     .unwrap();
/// assert_eq!(agent.run("hi".to_owned()).await.unwrap(), "Hello!");
/// # });
/// ```
pub struct LlmAgent<In = String, Out = String> {
    pub(crate) config: Arc<Config<In, Out>>,
    _io: PhantomData<fn(In) -> Out>,
}

impl<In, Out> Clone for LlmAgent<In, Out> {
    fn clone(&self) -> Self {
        LlmAgent {
            config: self.config.clone(),
            _io: PhantomData,
        }
    }
}

impl<In, Out> std::fmt::Debug for LlmAgent<In, Out> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let settings = &self.config.settings;
        f.debug_struct("LlmAgent")
            .field("name", &settings.name)
            .field("model", &settings.model.name())
            .field("tools", &settings.tools.names().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl LlmAgent {
    /// Starts building an agent called `name` that reads text and answers text; change either
    /// with [`input`](LlmAgentBuilder::input) and [`output`](LlmAgentBuilder::output).
    pub fn builder(name: impl Into<String>) -> LlmAgentBuilder {
        LlmAgentBuilder::new(name)
    }
}

impl<In, Out> LlmAgent<In, Out> {
    /// Mends `messages` (a stored transcript about to be continued), announcing what changed to
    /// the agent's subscribers.
    fn mend_reported(&self, messages: &mut Vec<Message>) {
        let changes = crate::conversation::mend(messages);
        if !changes.is_empty() {
            crate::event::EventBus::new()
                .with(&self.config.settings.subscribers)
                .emit(crate::Event::TranscriptMended {
                    agent: crate::agent::AgentPath::root(&self.config.settings.name),
                    changes,
                });
        }
    }

    /// What the agent's history policy sends of `messages`.
    fn kept<'m>(&self, messages: &'m [Message]) -> &'m [Message] {
        match &self.config.settings.history {
            Some(policy) => crate::conversation::kept(messages, &**policy),
            None => messages,
        }
    }
}

impl<In, Out> Agent<In, Out> for LlmAgent<In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    fn name(&self) -> &str {
        &self.config.settings.name
    }

    fn invoke<'a>(
        &'a self,
        input: In,
        ctx: &'a RunContext,
    ) -> BoxFuture<'a, Result<Out, AgentError>> {
        std::future::IntoFuture::into_future(self.run(input).within(ctx))
    }
}

/// Now, in milliseconds since the Unix epoch (0 if the clock is before it).
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}
