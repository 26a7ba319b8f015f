//! The request's frame: the system prompt, the tools offered and the sampling, rebuilt only when
//! the skill or the tool set changes; the messages are appended as they are said.

use std::sync::Arc;

use super::{Output, Runner};
use crate::agent::skill::{ESCALATE_TOOL, THROW_TOOL};
use crate::model::{Message, ModelRequest, ToolSpec};

/// The next request and what it was built from.
pub(in crate::agent::llm) struct Frame {
    /// The next request, kept between turns.
    pub request: ModelRequest,
    /// The tools this turn: the agent's own, and its sources' as listed before the turn.
    pub tools: Arc<crate::agent::llm::Toolbox>,
    /// A call found its tool gone: list every source again before the next turn.
    pub tools_stale: bool,
    /// The skill the run is in (an index into the agent's skills).
    pub skill: Option<usize>,
    /// The system prompt and tools must be rebuilt before the next turn (the skill or the tool
    /// set changed, or none was built yet).
    rebuild: bool,
}

impl Frame {
    /// The frame of a run with `tools`, whose request starts with `history`.
    pub fn new(tools: Arc<crate::agent::llm::Toolbox>, history: Vec<Message>) -> Self {
        Frame {
            request: ModelRequest {
                messages: history,
                ..ModelRequest::default()
            },
            tools,
            tools_stale: false,
            skill: None,
            rebuild: true,
        }
    }

    /// Moves the run to `skill`; the next turn's frame is built for it.
    pub fn set_skill(&mut self, skill: Option<usize>) {
        if self.skill != skill {
            self.skill = skill;
            self.rebuild = true;
        }
    }
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Whether the built-in `escalate` / `throw_exception` tools are shown this turn.
    pub fn builtins_enabled(&self, builtin: &str) -> bool {
        let cfg = &self.agent.config;
        cfg.settings.builtins
            || self.ctx.repair_request().is_some()
            || self
                .frame
                .skill
                .is_some_and(|i| cfg.skills[i].names_builtin(builtin))
    }

    /// The tools the model may call this turn (the current skill's, plus enabled built-ins).
    pub fn allowed_tools(&self) -> Vec<&ToolSpec> {
        let cfg = &self.agent.config;
        self.frame
            .tools
            .entries
            .iter()
            .map(|t| t.tool.spec())
            .filter(|s| {
                self.frame
                    .skill
                    .is_none_or(|i| cfg.skills[i].allows(&s.name))
            })
            .chain(
                BUILTIN_SPECS
                    .iter()
                    .filter(|s| self.builtins_enabled(&s.name)),
            )
            .collect()
    }

    /// Lists the agent's tool sources again where they changed (every one after a call found
    /// its tool gone); a new set rebuilds the request's frame.
    pub(super) async fn refresh_tools(&mut self) {
        let cfg = &self.agent.config.settings;
        if cfg.sources.is_empty() {
            return;
        }
        let force = std::mem::take(&mut self.frame.tools_stale);
        let levels = self.handler_levels();
        let tools = cfg
            .sources
            .refreshed(&cfg.tools, &levels, force, &self.ctx, &self.path)
            .await;
        if !Arc::ptr_eq(&tools, &self.frame.tools) {
            self.frame.tools = tools;
            self.frame.rebuild = true;
        }
    }

    /// Rebuilds the request's system prompt and tool list when the skill or the tool set
    /// changed (or at first).
    pub(super) fn refresh_frame(&mut self) {
        if !self.frame.rebuild {
            return;
        }
        let cfg = &self.agent.config;
        let mut parts: Vec<&str> = Vec::new();
        if !cfg.settings.prompt.is_empty() {
            parts.push(&cfg.settings.prompt);
        }
        if let Some(p) = self
            .frame
            .skill
            .and_then(|i| cfg.skills[i].prompt.as_deref())
        {
            parts.push(p);
        }
        let instruction;
        if !cfg.answer.is_text {
            instruction = format!(
                "When you give your final answer, answer with only a JSON value matching this schema: {}",
                cfg.answer.schema
            );
            parts.push(&instruction);
        }
        let system = parts.join("\n\n");
        let tools = self.allowed_tools().into_iter().cloned().collect();
        let request = &mut self.frame.request;
        request.system = (!system.is_empty()).then_some(system);
        request.tools = tools;
        request.sampling = cfg.settings.sampling.clone();
        request.strict = cfg.settings.strict;
        self.frame.rebuild = false;
        self.prevent();
    }
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Puts the answer's schema on the request when the answer is typed and the model (which
    /// an escalation may have switched) can hold one; says once per run when the schema cannot
    /// be strict, so that it is sent without strict mode openly, never dropped.
    pub(super) fn hold_answer(&mut self) {
        let format = self.agent.config.answer.format.as_ref();
        // The model is asked only for a typed answer (an untyped run's every turn skips it).
        let holds = format.is_some() && self.model.capabilities(&[]).answer.is_supported();
        let request = &mut self.frame.request;
        match format {
            Some(format) if holds => {
                if request.answer.is_none() && !format.strict {
                    self.ctx.emit(crate::event::Event::Warning {
                        agent: self.path.clone(),
                        message: format!(
                            "the answer's schema `{}` cannot be sent under a strict mode (not an object at its root, or a map type); providers with one receive it without",
                            format.name
                        ),
                    });
                }
                if request.answer.is_none() {
                    request.answer = Some(format.clone());
                }
            }
            _ => request.answer = None,
        }
    }
}

/// The built-in tools' specs.
static BUILTIN_SPECS: std::sync::LazyLock<[ToolSpec; 2]> = std::sync::LazyLock::new(|| {
    [
        ToolSpec {
            name: ESCALATE_TOOL.to_owned(),
            description: "Give up on this task softly and hand it to the agent above you, saying why (include corrected data if you have it)."
                .to_owned(),
            parameters: serde_json::json!({
                "type": "object",
                "properties": {
                    "reason": {"type": "string", "description": "Why you cannot finish, and what you suggest."},
                    "severity": {"type": "string", "enum": ["LOW", "MEDIUM", "HIGH", "CRITICAL"]}
                },
                "required": ["reason"]
            }),
        },
        ToolSpec {
            name: THROW_TOOL.to_owned(),
            description: "Stop the whole run at once because continuing is unsafe or pointless (bad credentials, corrupted data)."
                .to_owned(),
            parameters: serde_json::json!({
                "type": "object",
                "properties": {"reason": {"type": "string"}},
                "required": ["reason"]
            }),
        },
    ]
});
