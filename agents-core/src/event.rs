//! Typed events: every step of recovery is visible.

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use crate::budget::BudgetKind;
use crate::error::{ErrorKind, Severity};
use crate::model::{ToolCall, Usage};
use crate::path::AgentPath;

mod display;

/// Something that happened during a run.
///
/// Delivered to every subscriber (`on_event`) and emitted as a `tracing` event under the target
/// `agents` with attribute names after OpenTelemetry's GenAI conventions (`gen_ai.tool.name`,
/// `gen_ai.tool.call.id`, `gen_ai.agent.name`, `gen_ai.usage.input_tokens`, `error.type`).
/// Events never carry API keys; tool errors appear in their operator rendering.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Event {
    /// A run began.
    RunStarted {
        /// The agent.
        agent: AgentPath,
    },
    /// The model answered a turn.
    ModelResponded {
        /// The agent.
        agent: AgentPath,
        /// The turn (1-based).
        turn: u32,
        /// Tool calls in the answer.
        tool_calls: usize,
        /// Reported usage.
        usage: Usage,
        /// What the model wrote this turn, before anything was repaired or refused: its
        /// generated text as received for a prompted model (calls to unknown tools, made-up
        /// lines and all), else its text.
        raw: Option<String>,
        /// The calls as the model sent them (or as read from its text): names, unknown ones
        /// included, and argument text untouched.
        calls: Vec<ToolCall>,
    },
    /// A tool is about to run.
    ToolStarted {
        /// The agent.
        agent: AgentPath,
        /// The call id.
        call_id: String,
        /// The tool.
        tool: String,
        /// The attempt (1 for the first).
        attempt: u32,
    },
    /// A tool returned successfully.
    ToolFinished {
        /// The agent.
        agent: AgentPath,
        /// The call id.
        call_id: String,
        /// The tool.
        tool: String,
        /// How long the successful attempt took.
        #[serde(with = "millis")]
        elapsed: Duration,
    },
    /// A repair step changed the arguments.
    Repaired {
        /// The agent.
        agent: AgentPath,
        /// The call id.
        call_id: String,
        /// The tool.
        tool: String,
        /// The kind of error repaired.
        kind: ErrorKind,
        /// Which step did it (`json_repair`, `coerce`, `fix`, `fix_with`, `sanitize`,
        /// `cut_repeats`, `place_numbers`, `numbers_once`,
        /// `leave_out_echoes`).
        step: &'static str,
        /// What was changed, in order; each prints as one line (`removed trailing comma at byte
        /// 17`), and serialises as that line.
        fixes: Vec<ArgumentChange>,
    },
    /// A tool is being run again after a failure.
    Retry {
        /// The agent.
        agent: AgentPath,
        /// The call id.
        call_id: String,
        /// The tool.
        tool: String,
        /// The attempt about to start (2 for the first retry).
        attempt: u32,
        /// The wait before it.
        #[serde(with = "millis")]
        delay: Duration,
        /// The failure being retried (operator rendering).
        error: String,
    },
    /// A tool call failed and no handler recovered it.
    ToolFailed {
        /// The agent.
        agent: AgentPath,
        /// The call id.
        call_id: String,
        /// The tool.
        tool: String,
        /// The kind.
        kind: ErrorKind,
        /// Operator rendering.
        error: String,
        /// What happens next (`fed_back`, `omitted`, `propagated`).
        outcome: &'static str,
    },
    /// The model called a tool that does not exist; nothing ran.
    ToolHallucinated {
        /// The agent.
        agent: AgentPath,
        /// The call id.
        call_id: String,
        /// The name the model used.
        requested: String,
        /// The closest allowed name, if any is close.
        suggestion: Option<String>,
        /// The allowed tools.
        allowed: Vec<String>,
    },
    /// A failure was escalated (never reported as a success).
    Escalated {
        /// The agent that escalated.
        agent: AgentPath,
        /// The tool, when it came from a tool call.
        tool: Option<String>,
        /// The reason.
        reason: String,
        /// The severity.
        severity: Severity,
        /// The agents it has passed through, source first.
        path: Vec<AgentPath>,
    },
    /// A value in a built-in tool call (e.g. a severity) was not understood and a default used.
    Warning {
        /// The agent.
        agent: AgentPath,
        /// What happened.
        message: String,
    },
    /// A model call failed and is being retried.
    LlmRetry {
        /// The agent.
        agent: AgentPath,
        /// The attempt about to start (2 for the first retry).
        attempt: u32,
        /// The wait before it.
        #[serde(with = "millis")]
        delay: Duration,
        /// The failure (operator rendering).
        error: String,
    },
    /// A budget ran out.
    BudgetExceeded {
        /// The agent whose limit it was.
        agent: AgentPath,
        /// Which limit.
        kind: BudgetKind,
        /// The limit.
        limit: u64,
        /// How much was used.
        used: u64,
    },
    /// A call waits for a person's approval (it has not run); the run pauses at the end of the
    /// round with [`AgentError::AwaitingApproval`](crate::AgentError::AwaitingApproval).
    ApprovalRequested {
        /// The agent.
        agent: AgentPath,
        /// The call.
        call_id: String,
        /// Its tool.
        tool: String,
    },
    /// More of the model's text, as it arrives. Emitted only to a streamed run
    /// ([`RunRequest::stream`](crate::RunRequest::stream)), which asks the model to stream.
    /// A turn that is retried streams again from its start, after an [`Event::LlmRetry`].
    TextDelta {
        /// The agent.
        agent: AgentPath,
        /// The turn (1-based).
        turn: u32,
        /// The text added.
        text: String,
    },
    /// A typed answer as it grows, in a streamed run whose output is not text: the text so far
    /// read leniently (open strings, arrays and objects closed), each time it reads as a new
    /// value. Best effort: a partial value may lack fields the answer will have, and the last
    /// one is not the answer (the report's typed output is).
    PartialAnswer {
        /// The agent.
        agent: AgentPath,
        /// The turn (1-based).
        turn: u32,
        /// The answer so far.
        value: serde_json::Value,
    },
    /// A stored conversation broke the pairing invariant and was mended before the run sent it
    /// (see [`conversation::mend`](crate::conversation::mend)).
    TranscriptMended {
        /// The agent continuing the conversation.
        agent: AgentPath,
        /// What changed.
        changes: Vec<crate::conversation::Mend>,
    },
    /// The `regenerate` repair step asked the model again for one call, under a decoding
    /// constraint (or, after an invented tool name, prevention of it): one model call, whose
    /// usage is counted against the run's token budget here (the run's own `usage` counts
    /// model turns only).
    Regenerated {
        /// The agent.
        agent: AgentPath,
        /// The id of the call regenerated.
        call_id: String,
        /// The tool the call named (which may not exist).
        tool: String,
        /// What the model was held to.
        constraint: crate::model::Constraint,
        /// The regenerated calls, as the model sent them (raw argument text).
        calls: Vec<crate::model::ToolCall>,
        /// The model call's usage.
        usage: Usage,
    },
    /// The `ask_values` repair step (or `ask_reused_numbers`, for a number a call uses more
    /// often than the user wrote it) asked the model which value the user's words give for one
    /// argument of a call: one model call, whose usage is counted against the run's token
    /// budget here (the run's own `usage` counts model turns only).
    ValueAsked {
        /// The agent.
        agent: AgentPath,
        /// The id of the call the argument belongs to.
        call_id: String,
        /// The tool called.
        tool: String,
        /// The argument asked for.
        argument: String,
        /// The model's answer as it came (shortened for logs).
        answer: String,
        /// The model call's usage.
        usage: Usage,
    },
    /// A call the model made again, identical (same tool, same canonical arguments) to one that
    /// already succeeded in the run, to a tool that is not idempotent, was not run again: the
    /// model reads the earlier result and that it was not run again, and the next turn asks
    /// for the final answer ([`Recovery::skip_repeats`](crate::model::Recovery)).
    CallNotRepeated {
        /// The agent.
        agent: AgentPath,
        /// The id of the repeated call (answered, not run).
        call_id: String,
        /// The tool.
        tool: String,
        /// The id of the call that ran.
        earlier_call_id: String,
    },
    /// Outside prevention mode, a new request's call of a tool the request's words name less
    /// than another offered tool was asked for again held to that tool, and the answer took its
    /// place before anything ran ([`Recovery::named_tool`](crate::model::Recovery)).
    CallRedirected {
        /// The agent.
        agent: AgentPath,
        /// The call's id (kept by the call that replaced it).
        call_id: String,
        /// The tool the model called.
        called: String,
        /// The tool the request's words name, which the call now goes to.
        named: String,
    },
    /// Outside prevention mode, after calls ran since the user's message, the last turn the
    /// budget's `max_turns` allows asks for the final answer instead of another call
    /// ([`Recovery::answer_on_last_turn`](crate::model::Recovery)).
    LastTurnAnswer {
        /// The agent.
        agent: AgentPath,
        /// How many calls ran since the user's message.
        calls_ran: usize,
    },
    /// Under prevention mode, a tool whose call was refused for a number nobody gave, and that
    /// requires numbers the request gives none of, is no longer offered in the run
    /// ([`Recovery::pass_over_unfilled`](crate::model::Recovery)).
    ToolPassedOver {
        /// The agent.
        agent: AgentPath,
        /// The tool passed over.
        tool: String,
        /// Its required number arguments the request gives no number for.
        arguments: Vec<String>,
    },
    /// Under prevention mode, the turn is held to a tool whose last call took one item of a list
    /// the user wrote, its argument to the items no successful call has taken
    /// ([`Recovery::rest_of_list`](crate::model::Recovery)).
    ListContinued {
        /// The agent.
        agent: AgentPath,
        /// The tool the turn is held to.
        tool: String,
        /// The argument held to the items left.
        argument: String,
        /// The items left, as JSON.
        left: Vec<String>,
    },
    /// A [`ToolSource`](crate::tool::ToolSource) was listed again before a model turn and its
    /// tools changed (or it was listed for the first time): the model is offered the new set
    /// from this turn on.
    ToolsChanged {
        /// The agent.
        agent: AgentPath,
        /// The source's label.
        source: String,
        /// Tools offered now that were not before.
        added: Vec<String>,
        /// Tools no longer offered.
        removed: Vec<String>,
    },
    /// A [`ToolSource`](crate::tool::ToolSource) could not be listed: the agent keeps the tools
    /// it listed last and asks again before the next turn.
    ToolSourceFailed {
        /// The agent.
        agent: AgentPath,
        /// The source's label.
        source: String,
        /// What went wrong (operator-facing).
        error: String,
    },
    /// A process picked up a durable run after a crash and a step really ran in it: the steps
    /// before were read back from the run's journal and reported by the process that ran them
    /// (nothing is reported for them again). Emitted once, before the first report of the new
    /// process; there is no second [`RunStarted`](Event::RunStarted).
    RunResumed {
        /// The run's agent.
        agent: AgentPath,
        /// Model calls and tool executions read back from the journal.
        replayed_steps: u32,
    },
    /// An input guardrail or an output validator refused (see
    /// [`output_validator`](crate::LlmAgentBuilder::output_validator)).
    Rejected {
        /// The agent.
        agent: AgentPath,
        /// What was refused.
        checked: crate::error::Checked,
        /// The check's reason (what the model reads when it is sent back).
        reason: String,
        /// Whether the model is asked again.
        retrying: bool,
    },
    /// A run ended.
    RunFinished {
        /// The agent.
        agent: AgentPath,
        /// Model turns taken.
        turns: u32,
        /// Whether it produced an output.
        success: bool,
        /// Total usage reported by the model.
        usage: Usage,
    },
}

mod millis {
    pub fn serialize<S: serde::Serializer>(
        d: &std::time::Duration,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.serialize_u64(d.as_millis() as u64)
    }
}

impl Event {
    /// The `Warning` announcing that `response`'s token usage is an estimate (the provider
    /// reported none), if it is one: the token budget was charged the estimate.
    #[inline]
    pub(crate) fn usage_estimated(
        agent: &AgentPath,
        response: &crate::model::ModelResponse,
    ) -> Option<Event> {
        let usage = response.usage;
        response.usage_estimated.then(|| Event::Warning {
            agent: agent.clone(),
            message: format!(
                "the model's response reported no token usage; counted by an estimate \
                 ({} input and {} output tokens)",
                usage.input_tokens, usage.output_tokens
            ),
        })
    }

    /// The agent the event is about.
    pub fn agent(&self) -> &AgentPath {
        match self {
            Event::RunStarted { agent }
            | Event::ModelResponded { agent, .. }
            | Event::ToolStarted { agent, .. }
            | Event::ToolFinished { agent, .. }
            | Event::Repaired { agent, .. }
            | Event::Retry { agent, .. }
            | Event::ToolFailed { agent, .. }
            | Event::ToolHallucinated { agent, .. }
            | Event::Escalated { agent, .. }
            | Event::Warning { agent, .. }
            | Event::Rejected { agent, .. }
            | Event::LlmRetry { agent, .. }
            | Event::BudgetExceeded { agent, .. }
            | Event::TranscriptMended { agent, .. }
            | Event::TextDelta { agent, .. }
            | Event::PartialAnswer { agent, .. }
            | Event::ApprovalRequested { agent, .. }
            | Event::Regenerated { agent, .. }
            | Event::ValueAsked { agent, .. }
            | Event::CallNotRepeated { agent, .. }
            | Event::LastTurnAnswer { agent, .. }
            | Event::CallRedirected { agent, .. }
            | Event::ToolPassedOver { agent, .. }
            | Event::ListContinued { agent, .. }
            | Event::ToolsChanged { agent, .. }
            | Event::ToolSourceFailed { agent, .. }
            | Event::RunResumed { agent, .. }
            | Event::RunFinished { agent, .. } => agent,
        }
    }

    fn trace(&self) {
        let agent = self.agent().to_string();
        // Every event names its agent, and a tool call's event its tool and call id, in
        // OpenTelemetry's `gen_ai` names: written once here.
        macro_rules! emit {
            ($level:ident, tool: $tool:ident, call: $call_id:ident, $($rest:tt)+) => {
                emit!($level, gen_ai.tool.name = %$tool, gen_ai.tool.call.id = %$call_id, $($rest)+)
            };
            ($level:ident, $($rest:tt)+) => {
                tracing::event!(target: "agents", tracing::Level::$level, gen_ai.agent.name = %agent, $($rest)+)
            };
        }
        match self {
            Event::RunStarted { .. } => emit!(INFO, "run started"),
            Event::ModelResponded {
                turn,
                tool_calls,
                usage,
                ..
            } => emit!(
                DEBUG,
                gen_ai.operation.name = "chat",
                turn,
                tool_calls,
                gen_ai.usage.input_tokens = usage.input_tokens,
                gen_ai.usage.output_tokens = usage.output_tokens,
                "model responded"
            ),
            Event::ToolStarted {
                call_id,
                tool,
                attempt,
                ..
            } => emit!(
                DEBUG, gen_ai.operation.name = "execute_tool",
                gen_ai.tool.name = %tool, gen_ai.tool.call.id = %call_id, attempt, "tool started"
            ),
            Event::ToolFinished {
                call_id,
                tool,
                elapsed,
                ..
            } => emit!(
                DEBUG, tool: tool, call: call_id, elapsed_ms = elapsed.as_millis() as u64, "tool finished"
            ),
            Event::Repaired {
                call_id,
                tool,
                kind,
                step,
                fixes,
                ..
            } => emit!(
                INFO, tool: tool, call: call_id, error.type = %kind, step, fixes = ?Lines(fixes),
                "tool call repaired"
            ),
            Event::Regenerated {
                call_id,
                tool,
                calls,
                usage,
                ..
            } => emit!(
                INFO, tool: tool, call: call_id, calls = calls.len(),
                gen_ai.usage.input_tokens = usage.input_tokens, gen_ai.usage.output_tokens = usage.output_tokens,
                "call regenerated under constraint"
            ),
            Event::ValueAsked {
                call_id,
                tool,
                argument,
                usage,
                ..
            } => emit!(
                INFO, tool: tool, call: call_id, argument,
                gen_ai.usage.input_tokens = usage.input_tokens, gen_ai.usage.output_tokens = usage.output_tokens,
                "value asked for"
            ),
            Event::CallNotRepeated {
                call_id,
                tool,
                earlier_call_id,
                ..
            } => emit!(
                WARN, tool: tool, call: call_id, earlier_call_id = %earlier_call_id,
                "a repeated call to a tool that is not idempotent was not run again"
            ),
            Event::CallRedirected {
                call_id,
                called,
                named,
                ..
            } => emit!(
                INFO, tool: called, call: call_id, named = %named,
                "the call was asked for again, held to the tool the request's words name"
            ),
            Event::LastTurnAnswer { calls_ran, .. } => emit!(
                INFO,
                calls_ran,
                "the last turn the budget allows asks for the final answer"
            ),
            Event::ToolPassedOver {
                tool, arguments, ..
            } => emit!(
                INFO, gen_ai.tool.name = %tool, arguments = ?arguments,
                "a tool that needs a number nobody gave is no longer offered"
            ),
            Event::ListContinued {
                tool,
                argument,
                left,
                ..
            } => emit!(
                INFO, gen_ai.tool.name = %tool, argument = %argument, left = ?left,
                "the turn is held to the items of the user's list no call has taken"
            ),
            Event::Retry {
                call_id,
                tool,
                attempt,
                delay,
                error,
                ..
            } => emit!(
                WARN, tool: tool, call: call_id, attempt, delay_ms = delay.as_millis() as u64, error = %error,
                "retrying tool"
            ),
            Event::ToolFailed {
                call_id,
                tool,
                kind,
                error,
                outcome,
                ..
            } => emit!(
                WARN, tool: tool, call: call_id, error.type = %kind, outcome, error = %error, "tool call failed"
            ),
            Event::ToolHallucinated {
                call_id,
                requested,
                suggestion,
                ..
            } => emit!(
                WARN, tool: requested, call: call_id, suggestion = ?suggestion, "model called an unknown tool"
            ),
            Event::ToolsChanged {
                source,
                added,
                removed,
                ..
            } => {
                emit!(INFO, source = %source, added = ?added, removed = ?removed, "tool list changed")
            }
            Event::ToolSourceFailed { source, error, .. } => {
                emit!(WARN, source = %source, error = %error, "tool source could not be listed")
            }
            Event::Escalated {
                tool,
                reason,
                severity,
                path,
                ..
            } => emit!(
                WARN, gen_ai.tool.name = ?tool, severity = %severity,
                path = ?path.iter().map(ToString::to_string).collect::<Vec<_>>(), reason = %reason, "escalated"
            ),
            Event::Warning { message, .. } => emit!(WARN, "{message}"),
            Event::Rejected {
                checked,
                reason,
                retrying,
                ..
            } => emit!(WARN, checked = %checked, retrying, reason = %reason, "rejected"),
            Event::LlmRetry {
                attempt,
                delay,
                error,
                ..
            } => emit!(
                WARN, attempt, delay_ms = delay.as_millis() as u64, error = %error, "retrying model call"
            ),
            Event::BudgetExceeded {
                kind, limit, used, ..
            } => emit!(WARN, budget = %kind, limit, used, "budget exceeded"),
            Event::ApprovalRequested { call_id, tool, .. } => {
                emit!(INFO, tool: tool, call: call_id, "call awaits approval")
            }
            Event::TextDelta { turn, text, .. } => {
                emit!(TRACE, turn, bytes = text.len(), "text delta")
            }
            Event::PartialAnswer { turn, .. } => emit!(TRACE, turn, "partial answer"),
            Event::TranscriptMended { changes, .. } => {
                emit!(WARN, changes = ?changes, "stored transcript mended")
            }
            Event::RunResumed { replayed_steps, .. } => {
                emit!(INFO, replayed_steps, "run resumed from its journal")
            }
            Event::RunFinished {
                turns,
                success,
                usage,
                ..
            } => emit!(
                INFO,
                turns,
                success,
                gen_ai.usage.input_tokens = usage.input_tokens,
                gen_ai.usage.output_tokens = usage.output_tokens,
                "run finished"
            ),
        }
    }
}

/// A subscriber to events.
pub type Subscriber = Arc<dyn Fn(&Event) + Send + Sync>;

/// Delivers events to subscribers, up the tree: a child's events reach its parent's subscribers.
#[derive(Clone, Default)]
pub struct EventBus {
    subscribers: Vec<Subscriber>,
}

impl std::fmt::Debug for EventBus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventBus")
            .field("subscribers", &self.subscribers.len())
            .finish()
    }
}

impl EventBus {
    /// A bus with no subscribers (events still go to `tracing`).
    pub fn new() -> Self {
        EventBus::default()
    }

    /// This bus plus more subscribers.
    pub fn with(&self, more: &[Subscriber]) -> Self {
        let mut subscribers = self.subscribers.clone();
        subscribers.extend(more.iter().cloned());
        EventBus { subscribers }
    }

    /// Whether the code emitting now replays a durable run's recorded steps: nothing it emits
    /// is delivered (see [`journal`](crate::journal)). Outside a durable run, `false`.
    pub fn is_replaying(&self) -> bool {
        crate::journal::replaying()
    }

    /// Whether anyone listens: a subscriber, or a `tracing` subscriber interested in this crate's
    /// events, and the run is not replaying recorded steps. Events on hot paths are only built
    /// when this holds.
    pub fn is_listened(&self) -> bool {
        self.has_listeners() && !self.is_replaying()
    }

    /// Whether an event would reach anyone (checked before the replay state, which costs a
    /// thread-local read: a run nobody listens to pays nothing for it).
    fn has_listeners(&self) -> bool {
        !self.subscribers.is_empty() || tracing::enabled!(target: "agents", tracing::Level::ERROR)
    }

    /// Builds and delivers an event only if anyone listens (see [`is_listened`](Self::is_listened)).
    pub fn emit_with(&self, event: impl FnOnce() -> Event) {
        if self.is_listened() {
            self.emit(event());
        }
    }

    /// Delivers `event` to every subscriber and to `tracing`, unless its durable run replays
    /// recorded steps. The first event a process delivers after picking up a recorded run is
    /// preceded by [`Event::RunResumed`].
    pub fn emit(&self, event: Event) {
        use crate::journal::replay::Standing;
        if !self.has_listeners() {
            return;
        }
        match crate::journal::replay::standing() {
            Standing::Replaying => return,
            Standing::Resumed {
                agent,
                replayed_steps,
            } => self.deliver(&Event::RunResumed {
                agent,
                replayed_steps,
            }),
            Standing::Live => {}
        }
        self.deliver(&event);
    }

    fn deliver(&self, event: &Event) {
        event.trace();
        for s in &self.subscribers {
            s(event);
        }
    }
}

/// One change a repair step made to a call's arguments, as [`Event::Repaired`] reports it.
///
/// Typed, so that a subscriber can tell a lenient-JSON repair from a coercion without parsing
/// text; it prints (and serialises) as the one-line sentence the operator reads.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ArgumentChange {
    /// The lenient JSON repair changed the text (`json_repair`, or a repair agent's answer).
    Json(crate::json::JsonFix),
    /// Schema-guided coercion changed a field (`coerce`).
    Coerced(crate::json::Coercion),
    /// Empty arguments were read as `{}` (several providers send "no arguments" so).
    EmptyAsObject,
    /// The model's answer to a question about the user's words set one argument (`ask_values`).
    Answered {
        /// The argument.
        argument: String,
        /// The value it now has (shortened for logs).
        value: String,
    },
    /// A list of a call the token cap cut off repeated one run of items to its end: it keeps
    /// the items before the repetition and one run (`cut_repeats`).
    RepeatsCut {
        /// Where the list is (`features`, `rows[1]`, `(root)`).
        at: String,
        /// The items kept.
        kept: usize,
        /// The items cut.
        dropped: usize,
    },
    /// The token cap cut a call off inside an item of a list (a string never closed, a number
    /// still being written): the item was dropped (`cut_repeats`).
    CutOffItemDropped {
        /// Where the list is (`companies`, `rows[1]`, `(root)`).
        at: String,
        /// The cut-off item as written (shortened for logs).
        item: String,
    },
    /// An optional number argument repeated a number the user gave once, which another argument
    /// holds: it was left out (`numbers_once`).
    NumberReused {
        /// The argument left out.
        argument: String,
        /// The number it held.
        value: String,
        /// The argument that holds the same number and stays.
        kept_in: String,
    },
    /// A number the call used more often than the user wrote it was replaced, in this
    /// argument, by the user's number the words around it name (`place_numbers`).
    NumberPlaced {
        /// The argument.
        argument: String,
        /// The number it held, which another argument keeps.
        from: String,
        /// The number it now holds.
        to: String,
    },
    /// A text of the user's that the call wrote into two arguments stays in the one the words
    /// around it name; this argument took the text the user quoted for it instead
    /// (`place_strings`).
    TextPlaced {
        /// The argument.
        argument: String,
        /// The text it held.
        from: String,
        /// The argument that keeps that text.
        kept_in: String,
        /// The text it now holds.
        to: String,
    },
    /// An optional number argument's value was copied from an example (or, under a
    /// constraint, was a number nobody gave), and the user's words put one of their numbers
    /// where they name the argument: it was set to that number (`leave_out_echoes`).
    EchoNamed {
        /// The argument.
        argument: String,
        /// Its value, as written.
        value: String,
        /// Whether the value was a number nobody gave rather than a copy of an example.
        not_given: bool,
        /// The user's number it now holds.
        number: String,
    },
    /// An optional argument's value was copied from an example (or, under a constraint, was a
    /// number nobody gave): it was left out, and the tool's default applies
    /// (`leave_out_echoes`).
    EchoLeftOut {
        /// The argument left out.
        argument: String,
        /// The value it held, as written.
        value: String,
        /// Whether the value was a number nobody gave rather than a copy of an example.
        not_given: bool,
    },
    /// A required number argument's value was copied from an example (or was a number nobody
    /// gave), the user's words give no number, and the tool declares a default for it: it was
    /// set to that default (`default_echoes`).
    EchoDefaulted {
        /// The argument.
        argument: String,
        /// The value it held, as written.
        value: String,
        /// The default it now holds.
        default: String,
    },
    /// An argument with choices held a value copied from an example, and the user's words name
    /// one of its choices: it was set to that choice (`named_choices`).
    ChoiceNamed {
        /// The argument.
        argument: String,
        /// The value it held, as written.
        value: String,
        /// The choice it now holds, as JSON.
        choice: String,
    },
    /// A number argument held a number the user never gave, its description lists codes
    /// (`1 for cleaning, 2 for ironing`), and the user's words name one: it was set to that
    /// code (`described_codes`).
    CodeNamed {
        /// The argument.
        argument: String,
        /// The value it held, as written.
        value: String,
        /// The code it now holds.
        code: String,
        /// The code's words, as the description writes them (lowercased).
        words: String,
    },
    /// A number argument whose description asks for a fraction of one (`ranging from 0 to 1`,
    /// `as a decimal`) held a number the user wrote as a percent: it was set to that number over
    /// a hundred (`described_fractions`).
    PercentAsFraction {
        /// The argument, or the item's path (`rates[1]`).
        argument: String,
        /// The number it held, as written.
        value: String,
        /// The fraction it now holds.
        fraction: String,
    },
    /// A free string held a piece of one text the user quoted: it was set to the whole quote
    /// (`whole_quotes`).
    QuoteWidened {
        /// The argument.
        argument: String,
        /// The value it held, as written.
        value: String,
        /// The quote it now holds.
        quote: String,
    },
    /// A free string held a piece of one code the user wrote (`"448812"` of `HX-448812`): it was
    /// set to the whole code (`whole_codes`).
    CodeWidened {
        /// The argument, or the list item's path (`track_ids[0]`).
        argument: String,
        /// The value it held, as written.
        value: String,
        /// The code it now holds.
        code: String,
    },
    /// An optional free text opened as the user's message does and held another argument's
    /// value: the request retold, it was left out (`leave_out_retold`).
    RetellingLeftOut {
        /// The argument left out.
        argument: String,
        /// The text it held, as written.
        value: String,
        /// The argument whose value the text holds.
        holds: String,
    },
    /// A currency argument held no currency the user wrote, and the user wrote one no other
    /// currency argument held (or a range's two ends held one of the two the user wrote): it
    /// was given that one (`told_currencies`).
    CurrencyTold {
        /// The argument.
        argument: String,
        /// The value it held, as written.
        value: String,
        /// The ISO 4217 code it now holds.
        code: String,
        /// How the user wrote the currency (`€`, `Swiss francs`, `GBP`).
        written: String,
    },
    /// An argument asking for e-mail addresses held a value that is none, and the user wrote
    /// addresses no other argument held: it was given them (`told_emails`).
    EmailsTold {
        /// The argument.
        argument: String,
        /// What it held, as JSON.
        value: String,
        /// What it holds now, as JSON.
        now: String,
    },
    /// A number argument held a number the user wrote only inside a code (`118` of
    /// `PH-118`): it was given the number the user wrote for it (`code_digits`).
    NumberOutOfCode {
        /// The argument.
        argument: String,
        /// The number it held, as written.
        from: String,
        /// The number it now holds.
        to: String,
    },
    /// An identifier held no code of the user's, and the user wrote one code no argument
    /// held: it was given that code (`lone_codes`).
    LoneCode {
        /// The argument.
        argument: String,
        /// The value it held, as written.
        value: String,
        /// The code it now holds.
        code: String,
    },
    /// An identifier held a code the user labelled for another argument, and the user wrote
    /// one code no argument held whose label names this one: it was given that code
    /// (`labelled_codes`).
    CodeByLabel {
        /// The argument.
        argument: String,
        /// The code it held, as written.
        value: String,
        /// The argument the user's word labels that code for.
        labelled_for: String,
        /// The code it now holds.
        code: String,
    },
    /// A free text retold the user's message around one text they quoted: it was set to the
    /// quoted text (`quotes_over_retold`).
    QuoteInRetelling {
        /// The argument.
        argument: String,
        /// The retelling it held, as written.
        value: String,
        /// The quoted text it now holds.
        quoted: String,
    },
    /// A free text ran on into another argument's value: it was cut before it
    /// (`cut_other_values`).
    RunOnCut {
        /// The argument.
        argument: String,
        /// The text it held, as written.
        value: String,
        /// The argument whose value it ran on into.
        other: String,
        /// The text it now holds.
        to: String,
    },
    /// A name was set to the standard code its argument's description asks for (a country's
    /// ISO 3166 alpha-2, a US state's abbreviation, a currency's ISO 4217, a language's ISO
    /// 639-1: `standard_codes`).
    StandardCode {
        /// The argument.
        argument: String,
        /// The name it held, as written.
        value: String,
        /// The code it now holds.
        code: String,
    },
    /// An optional switch held `true` and the user's words name nothing of it: it was left
    /// out, and the tool's default applies (`unnamed_flags`).
    FlagLeftOut {
        /// The argument left out.
        argument: String,
    },
    /// A value was set to a part of itself: an identifier to the one code of the user's it
    /// held among their words (`bare_codes`), a name to the words after the sentence's `the`
    /// (`names_without_the`).
    Narrowed {
        /// The argument.
        argument: String,
        /// The value it held, as written.
        value: String,
        /// The part of it it now holds.
        to: String,
    },
    /// A range of two date arguments ended before it started, or held one date at both ends
    /// where the user wrote two: it was set the way the user wrote it (`date_ranges`).
    RangeSet {
        /// The argument holding its start.
        start: String,
        /// The argument holding its end.
        end: String,
        /// The start and the end it held.
        was: (String, String),
        /// The start and the end it holds now.
        now: (String, String),
    },
    /// A list of free strings held an item of one list the user wrote and words nobody wrote
    /// (or stopped short of the list): it was set to the user's list (`whole_lists`).
    ListWidened {
        /// The argument.
        argument: String,
        /// The list it held, as JSON.
        value: String,
        /// The user's list it now holds, as JSON.
        list: String,
    },
    /// A string whose description asks for a date or a timestamp held a piece of one date the
    /// user wrote (its year, its day): it was set to that whole date, in the form asked
    /// (`whole_dates`).
    DateWidened {
        /// The argument.
        argument: String,
        /// The value it held, as written.
        value: String,
        /// The date (or timestamp) it now holds.
        date: String,
        /// The user's words it was read from.
        written: String,
    },
    /// A string written wholly in capitals that the user wrote in another case was set to the
    /// user's spelling (`user_spelling`).
    Respelled {
        /// The argument, or the value's path (`stops[1]`).
        argument: String,
        /// The value as written.
        value: String,
        /// The user's spelling it now has.
        spelling: String,
    },
    /// A step's answer replaced the arguments (`fix`, `sanitize`, `fix_with`).
    Replaced {
        /// The repair agent's name, for `fix_with`.
        by: Option<String>,
        /// The start of the new arguments, shortened for logs.
        preview: String,
    },
}

/// Why the echo check refused an optional argument's value, as [`ArgumentChange::EchoLeftOut`]
/// and [`ArgumentChange::EchoNamed`] say it.
fn refused_because(not_given: bool) -> &'static str {
    if not_given {
        "a number nobody gave"
    } else {
        "copied from an example"
    }
}

impl From<crate::json::Coercion> for ArgumentChange {
    fn from(coercion: crate::json::Coercion) -> Self {
        ArgumentChange::Coerced(coercion)
    }
}

impl std::fmt::Display for ArgumentChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArgumentChange::Json(fix) => fix.fmt(f),
            ArgumentChange::Coerced(coercion) => coercion.fmt(f),
            ArgumentChange::EmptyAsObject => f.write_str("read empty arguments as {}"),
            ArgumentChange::NumberReused {
                argument,
                value,
                kept_in,
            } => write!(
                f,
                "left out `{argument}` ({value}): the user gave that number once, and `{kept_in}` holds it"
            ),
            ArgumentChange::NumberPlaced { argument, from, to } => write!(
                f,
                "set `{argument}` to {to} (was {from}): the user wrote {from} once, for another argument, and {to} where they named this one"
            ),
            ArgumentChange::TextPlaced {
                argument,
                from,
                kept_in,
                to,
            } => write!(
                f,
                "set `{argument}` to {to:?} (was {from:?}): the user wrote {from:?} once, for `{kept_in}`, and quoted {to:?} for this one"
            ),
            ArgumentChange::EchoNamed {
                argument,
                value,
                not_given,
                number,
            } => write!(
                f,
                "set `{argument}` to {number} (was {value}): {}, and the user's words put {number} where they name the argument",
                refused_because(*not_given)
            ),
            ArgumentChange::EchoLeftOut {
                argument,
                value,
                not_given,
            } => write!(
                f,
                "left out `{argument}` ({value}): {}, and the argument is optional",
                refused_because(*not_given)
            ),
            ArgumentChange::EchoDefaulted {
                argument,
                value,
                default,
            } => write!(
                f,
                "set `{argument}` to {default} (was {value}): nobody gave that number, the user gave none, and the tool declares {default} as its default"
            ),
            ArgumentChange::ChoiceNamed {
                argument,
                value,
                choice,
            } => write!(
                f,
                "set `{argument}` to {choice} (was {value}): the value was copied from an example, and the user's words name {choice}"
            ),
            ArgumentChange::CodeNamed {
                argument,
                value,
                code,
                words,
            } => write!(
                f,
                "set `{argument}` to {code} (was {value}): nobody gave that number, and the argument's description gives {code} for \"{words}\", which the user's words name"
            ),
            ArgumentChange::PercentAsFraction {
                argument,
                value,
                fraction,
            } => write!(
                f,
                "set `{argument}` to {fraction} (was {value}): the user wrote {value}%, and the argument's description asks for a fraction of 1"
            ),
            ArgumentChange::QuoteWidened {
                argument,
                value,
                quote,
            } => write!(
                f,
                "set `{argument}` to \"{quote}\" (was \"{value}\"): a piece of the text the user quoted"
            ),
            ArgumentChange::CodeWidened {
                argument,
                value,
                code,
            } => write!(
                f,
                "set `{argument}` to \"{code}\" (was \"{value}\"): a piece of the code the user wrote"
            ),
            ArgumentChange::RetellingLeftOut {
                argument,
                value,
                holds,
            } => write!(
                f,
                "left out `{argument}` (was \"{value}\"): the request retold, holding `{holds}`'s value"
            ),
            ArgumentChange::CurrencyTold {
                argument,
                value,
                code,
                written,
            } => write!(
                f,
                "set `{argument}` to \"{code}\" (was \"{value}\"): the currency the user wrote as \"{written}\""
            ),
            ArgumentChange::EmailsTold {
                argument,
                value,
                now,
            } => write!(
                f,
                "set `{argument}` to {now} (was {value}): the e-mail addresses the user wrote"
            ),
            ArgumentChange::NumberOutOfCode { argument, from, to } => write!(
                f,
                "set `{argument}` to {to} (was {from}): the user wrote {from} only inside a code, and {to} for this argument"
            ),
            ArgumentChange::LoneCode {
                argument,
                value,
                code,
            } => write!(
                f,
                "set `{argument}` to \"{code}\" (was \"{value}\"): the one code the user wrote that no argument held"
            ),
            ArgumentChange::CodeByLabel {
                argument,
                value,
                labelled_for,
                code,
            } => write!(
                f,
                "set `{argument}` to \"{code}\" (was \"{value}\", the code the user labelled for `{labelled_for}`): the code the user's word for `{argument}` labels"
            ),
            ArgumentChange::QuoteInRetelling {
                argument,
                value,
                quoted,
            } => write!(
                f,
                "set `{argument}` to \"{quoted}\" (was \"{value}\"): the text the user quoted in the request it retold"
            ),
            ArgumentChange::RunOnCut {
                argument,
                value,
                other,
                to,
            } => write!(
                f,
                "set `{argument}` to \"{to}\" (was \"{value}\"): cut before `{other}`'s value it ran on into"
            ),
            ArgumentChange::StandardCode {
                argument,
                value,
                code,
            } => write!(
                f,
                "set `{argument}` to \"{code}\" (was \"{value}\"): the code its description asks for"
            ),
            ArgumentChange::FlagLeftOut { argument } => write!(
                f,
                "left out `{argument}` (was true): a switch the user's words never name"
            ),
            ArgumentChange::Narrowed {
                argument,
                value,
                to,
            } => write!(
                f,
                "set `{argument}` to \"{to}\" (was \"{value}\"): the user's value without the words around it"
            ),
            ArgumentChange::RangeSet {
                start,
                end,
                was,
                now,
            } => write!(
                f,
                "set `{start}` to \"{}\" and `{end}` to \"{}\" (was \"{}\" to \"{}\"): the range the user wrote",
                now.0, now.1, was.0, was.1
            ),
            ArgumentChange::ListWidened {
                argument,
                value,
                list,
            } => write!(
                f,
                "set `{argument}` to {list} (was {value}): the list the user wrote"
            ),
            ArgumentChange::DateWidened {
                argument,
                value,
                date,
                written,
            } => write!(
                f,
                "set `{argument}` to {date} (was \"{value}\"): a piece of \"{written}\", which the user wrote, and the argument's description asks for a date"
            ),
            ArgumentChange::Respelled {
                argument,
                value,
                spelling,
            } => write!(
                f,
                "set `{argument}` to \"{spelling}\" (was \"{value}\"): the user wrote it so, not in capitals"
            ),
            ArgumentChange::RepeatsCut { at, kept, dropped } => write!(
                f,
                "cut the list at `{at}` to its first {kept} items: the {dropped} after them repeated them until the token cap"
            ),
            ArgumentChange::CutOffItemDropped { at, item } => write!(
                f,
                "dropped the last item of the list at `{at}` ({item}): the token cap cut it off"
            ),
            ArgumentChange::Answered { argument, value } => {
                write!(
                    f,
                    "set `{argument}` to {value}, as the model read it in the request"
                )
            }
            ArgumentChange::Replaced {
                by: Some(by),
                preview,
            } => {
                write!(f, "{by} replaced the arguments with {preview}")
            }
            ArgumentChange::Replaced { by: None, preview } => {
                write!(f, "replaced the arguments with {preview}")
            }
        }
    }
}

impl Serialize for ArgumentChange {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Changes as the list of their one-line sentences, for the trace (as before they were typed).
struct Lines<'a>(&'a [ArgumentChange]);

impl std::fmt::Debug for Lines<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.0.iter().map(ToString::to_string))
            .finish()
    }
}
