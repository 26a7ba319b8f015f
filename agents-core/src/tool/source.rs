//! Tool sources: a set of tools an agent asks for again before each model turn, because the set
//! can change while the agent runs (an MCP server announcing `tools/list_changed`, a plugin
//! directory, a feature flag).

use std::sync::Arc;

use futures_util::future::BoxFuture;

use super::Tool;

/// A set of tools that can change while an agent runs.
///
/// Add one with [`LlmAgentBuilder::tool_source`](crate::LlmAgentBuilder::tool_source). Before
/// each model turn the agent asks every source whether its set [`changed`](Self::changed) and
/// lists the ones that did (every source is listed before the first turn), so the model is
/// offered the tools that exist now. A call to a tool that left the set takes the same path as
/// a call to a tool that never existed: the model is told which tools it may call, with a "did
/// you mean".
///
/// A listing that fails does not end the run: the agent keeps the tools the source listed last
/// (none, before its first listing), reports [`Event::ToolSourceFailed`](crate::Event), and asks
/// again before the next turn.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use agents_core::tool::{ToolSource, ToolSourceError, tool_fn};
/// use agents_core::Tool;
/// use futures_util::future::BoxFuture;
///
/// /// Offers `beta` once a flag is switched on.
/// struct Flagged { on: AtomicBool, changed: AtomicBool }
///
/// impl ToolSource for Flagged {
///     fn label(&self) -> &str { "flags" }
///     fn changed(&self) -> bool { self.changed.load(Ordering::SeqCst) }
///     fn list(&self) -> BoxFuture<'_, Result<Vec<Arc<dyn Tool>>, ToolSourceError>> {
///         self.changed.store(false, Ordering::SeqCst);
///         let on = self.on.load(Ordering::SeqCst);
///         Box::pin(async move {
///             let mut tools: Vec<Arc<dyn Tool>> = Vec::new();
///             if on {
///                 let beta = tool_fn("beta", "The beta feature.", |_: serde_json::Value| async {
///                     Ok::<_, agents_core::ExecutionFailure>("beta ran")
///                 });
///                 tools.push(Arc::new(beta));
///             }
///             Ok(tools)
///         })
///     }
/// }
/// ```
pub trait ToolSource: Send + Sync + 'static {
    /// A short name for events and logs (an MCP server's label, say).
    fn label(&self) -> &str;

    /// Whether the set may have changed since the last [`list`](Self::list). Called before
    /// every model turn, so it should be cheap (read a flag).
    fn changed(&self) -> bool;

    /// The tools now. Implementations clear whatever [`changed`](Self::changed) reads before
    /// they read the set, so that a change during the listing is seen next time.
    fn list(&self) -> BoxFuture<'_, Result<Vec<Arc<dyn Tool>>, ToolSourceError>>;
}

/// A [`ToolSource`] could not list its tools.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct ToolSourceError {
    message: String,
}

impl ToolSourceError {
    /// An error saying what went wrong (operator-facing: it never reaches the model).
    pub fn new(message: impl Into<String>) -> Self {
        ToolSourceError {
            message: message.into(),
        }
    }
}
