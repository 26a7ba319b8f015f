//! Recording a run's first model answer, and replaying it through the other mode.
//!
//! A replayed first answer goes through the same reading as a live one: the recorded generation
//! is handed to `PromptedChat`, which reads it with `read_generation` for the request (strict or
//! not), as `PromptedCompletions` reads live text. Later turns are live.

use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;

use agents::model::{FinishReason, Model, ModelError, ModelRequest, ModelResponse};
use agents_providers::prompted::PromptedChat;

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A first answer as the model gave it: its whole generation, or the error of the first call.
pub type First = Result<ModelResponse, ModelError>;

/// Wraps a live model: keeps its first answer; with `replay`, gives that answer back instead of
/// asking the model for the first turn.
pub struct Recorded<M> {
    pub live: M,
    pub first: Mutex<Option<First>>,
    replay: Mutex<Option<First>>,
}

impl<M> Recorded<M> {
    /// Live from the first turn.
    pub fn live(live: M) -> Self {
        Recorded {
            live,
            first: Mutex::new(None),
            replay: Mutex::new(None),
        }
    }

    /// The first turn answered by `first` (another run's first answer), the rest live.
    pub fn replaying(live: M, first: First) -> Self {
        Recorded {
            live,
            first: Mutex::new(None),
            replay: Mutex::new(Some(first)),
        }
    }

    /// The first answer this run got.
    pub fn first(&self) -> Option<First> {
        self.first.lock().unwrap().clone()
    }
}

/// A chat model that writes one fixed generation.
struct Fixed(ModelResponse);

impl Model for Fixed {
    fn name(&self) -> &str {
        "replay"
    }
    fn complete<'a>(
        &'a self,
        _: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        let r = self.0.clone();
        Box::pin(async move { Ok(r) })
    }
}

impl<M: Model> Model for Recorded<M> {
    fn name(&self) -> &str {
        self.live.name()
    }
    fn capabilities(&self, tools: &[agents::model::ToolSpec]) -> agents::model::Capabilities {
        self.live.capabilities(tools)
    }
    fn complete<'a>(
        &'a self,
        r: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(async move {
            let replay = self.replay.lock().unwrap().take();
            let out = match replay {
                Some(Ok(recorded)) => {
                    let generation = ModelResponse {
                        text: recorded.raw.clone(),
                        finish_reason: match recorded.finish_reason {
                            FinishReason::Length => FinishReason::Length,
                            _ => FinishReason::Stop,
                        },
                        usage: recorded.usage,
                        ..ModelResponse::default()
                    };
                    PromptedChat::new(Fixed(generation)).complete(r).await
                }
                Some(Err(e)) => Err(e),
                None => self.live.complete(r).await,
            };
            let mut first = self.first.lock().unwrap();
            if first.is_none() {
                *first = Some(out.clone());
            }
            out
        })
    }
}
