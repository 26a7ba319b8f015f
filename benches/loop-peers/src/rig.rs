//! The same scenario on rig's classic agent loop (`rig-agent` over `rig-core` 0.44).
//!
//! Since 0.44 a rig model is a wire (what to send, how to read the reply) bound to a transport
//! (how the payload travels); a scripted model is a wire whose payload is the request itself and
//! a transport that answers from memory. The agent loop sees it exactly as it sees a provider.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rig_agent::{Agent, AgentBuilder};
use rig_core::completion::options::{Mapping, OptionFields, OptionMap};
use rig_core::completion::{Accepts, CompletionRequest, ReplayTarget};
use rig_core::driver::{Exchange, Model, Opened, Opening, Transport};
use rig_core::error::{EncodeError, ProviderError};
use rig_core::message::{Api, CallId, ToolName};
use rig_core::operation::{Block, Completion, Finish};
use rig_core::tool::PortableTool;
use rig_core::wire::document::{Reassemble, Serves};
use rig_core::wire::{Decoder, Descriptor, Flow, Mode, Out, Wire, WireEvent};

use crate::{args_text, call_id};

/// One scripted turn: a tool call (raw argument text, as a provider sends it) or a text answer.
#[derive(Clone, Debug)]
pub enum Turn {
    /// The model calls `name` with the argument text `arguments`.
    Call {
        /// The call id.
        id: String,
        /// The tool.
        name: String,
        /// The argument JSON, as text.
        arguments: String,
    },
    /// The model answers.
    Text(String),
}

/// The responses of one run: `calls` turns with one `ping` call each, then `done`.
pub fn script(calls: usize) -> Vec<Turn> {
    (0..calls)
        .map(|i| Turn::Call {
            id: call_id(i),
            name: "ping".to_owned(),
            arguments: args_text(i),
        })
        .chain(std::iter::once(Turn::Text("done".to_owned())))
        .collect()
}

/// The scripted wire: the payload is the request, each reply is one [`Turn`].
#[derive(Clone, Debug, Default)]
pub struct ScriptWire;

const API: Api = Api::from_static("bench.script");

impl ReplayTarget for ScriptWire {
    fn api(&self) -> Api {
        API
    }

    fn provider(&self) -> &str {
        "script"
    }

    fn model(&self) -> &str {
        "script"
    }

    fn accepts(&self, _model: &str) -> Accepts {
        Accepts::ALL
    }

    fn map_options(&self, _request: &CompletionRequest, fields: OptionFields<'_>) -> OptionMap {
        let OptionFields {
            reasoning,
            cache,
            service_tier,
            verbosity,
            parallel_tool_calls,
            top_p,
            seed,
            stop,
        } = fields;
        let ignored = |set: bool| match set {
            true => Mapping::Omit("a script ignores options"),
            false => Mapping::Nothing,
        };
        OptionMap {
            reasoning: ignored(reasoning.is_some()),
            cache: ignored(cache.is_some()),
            service_tier: ignored(service_tier.is_some()),
            verbosity: ignored(verbosity.is_some()),
            parallel_tool_calls: ignored(parallel_tool_calls.is_some()),
            top_p: ignored(top_p.is_some()),
            seed: ignored(seed.is_some()),
            stop: ignored(!stop.is_empty()),
        }
    }

    fn states_finish_reason(&self) -> bool {
        false
    }
}

impl Wire for ScriptWire {
    type Op = Completion;
    type Payload = CompletionRequest;
    type Frame = Turn;
    type Decoder<'id> = TurnDecoder;
    type Reassembler = NoDocument;

    fn describe(&self) -> Descriptor<'_> {
        Descriptor::new("script").model(Some("script")).replay(self)
    }

    fn encode(
        &self,
        request: CompletionRequest,
        _mode: Mode,
    ) -> Result<CompletionRequest, EncodeError> {
        Ok(request)
    }

    fn decoder<'id>(&self) -> Self::Decoder<'id> {
        TurnDecoder
    }
}

/// Writes one [`Turn`] as a whole reply.
#[derive(Debug, Default)]
pub struct TurnDecoder;

impl<'id> Decoder<'id, Completion, Turn> for TurnDecoder {
    type Event = Turn;

    fn classify(&self, frame: Turn) -> WireEvent<Turn> {
        WireEvent::Known(frame)
    }

    fn decode(&mut self, turn: Turn, mut out: Out<'id, Completion>) -> Result<Flow, ProviderError> {
        let index = out.fresh_index();
        match turn {
            Turn::Text(text) => out.whole(index, Block::Text, serde_json::Value::Null, &text)?,
            Turn::Call {
                id,
                name,
                arguments,
            } => {
                let name =
                    ToolName::new(name).map_err(|e| ProviderError::Provider(e.to_string()))?;
                let block = Block::Call {
                    id: CallId::from_wire(id),
                    name,
                };
                out.whole(index, block, serde_json::Value::Null, &arguments)?
            }
        }
        Ok(out.end(Finish::default()))
    }
}

/// The script keeps no provider document.
#[derive(Debug, Default)]
pub struct NoDocument;

impl Reassemble<Turn> for NoDocument {
    fn absorb(&mut self, _frame: &Turn) {}

    fn finish(self) -> serde_json::Value {
        serde_json::Value::Null
    }
}

impl Serves<Completion> for NoDocument {}

/// The transport: answers every request with the next scripted turn, in a loop, and keeps
/// nothing of the request.
#[derive(Clone)]
pub struct Replay {
    turns: Arc<[Turn]>,
    next: Arc<AtomicUsize>,
}

impl Replay {
    /// Replays `turns` in a loop.
    pub fn new(turns: Vec<Turn>) -> Self {
        Replay {
            turns: turns.into(),
            next: Arc::new(AtomicUsize::new(0)),
        }
    }
}

impl Transport<ScriptWire> for Replay {
    fn send(&self, _request: CompletionRequest, _exchange: Exchange) -> Opening<Turn> {
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.turns.len();
        let turn = self.turns[i].clone();
        Opening::ready(Opened::new(futures::stream::iter([Ok(turn)])))
    }
}

/// The no-op tool's arguments.
#[derive(serde::Deserialize)]
pub struct PingArgs {
    /// Ignored.
    pub n: u32,
}

/// The no-op tool. Its schema is computed once, as agents-core computes its tools' schemas once.
pub struct Ping {
    parameters: serde_json::Value,
}

impl Ping {
    /// The tool, with the schema agents-core derives for its own `PingArgs`.
    pub fn new() -> Self {
        Ping {
            parameters: agents_core::tool::schema_for::<crate::ours::PingArgs>(),
        }
    }
}

impl Default for Ping {
    fn default() -> Self {
        Ping::new()
    }
}

impl PortableTool for Ping {
    const NAME: &'static str = "ping";
    type Args = PingArgs;
    type Output = String;
    type Error = std::convert::Infallible;

    fn description(&self) -> String {
        "Does nothing.".to_owned()
    }

    fn parameters(&self) -> serde_json::Value {
        self.parameters.clone()
    }

    async fn call(&self, _args: PingArgs) -> Result<String, std::convert::Infallible> {
        Ok("ok".to_owned())
    }
}

/// The agent over the scripted model: one no-op tool, defaults otherwise.
pub fn agent(calls: usize) -> Agent {
    let model = Model::new(ScriptWire, Replay::new(script(calls)));
    AgentBuilder::new(model)
        .preamble("You are a benchmark.")
        .tool(Ping::new())
        .build()
}

/// One run, with a turn budget of `calls + 1` model calls; panics unless it ends with the
/// scripted answer.
pub async fn run(agent: &Agent, calls: usize) -> String {
    let response = agent
        .prompt("go")
        .max_turns(calls + 1)
        .await
        .expect("the run succeeds");
    let out = response.output().to_owned();
    assert_eq!(out, "done");
    out
}
