//! How a whole agent run can end badly.

use std::fmt;

use super::{ErrorKind, EscalationError, ToolError};
use crate::budget::BudgetExceeded;
use crate::model::ModelError;
use crate::path::AgentPath;

/// Why a run stopped after repeated tool failures (the feedback loop's guard).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopGuard {
    /// This many rounds in a row in which every tool call failed.
    AllCallsFailed {
        /// Rounds in a row.
        rounds: u32,
    },
    /// The same (tool, error kind) failed this many times.
    SameFailureRepeated {
        /// Times seen.
        times: u32,
    },
    /// The model made again a call that had failed permanently (a permanent error, a panic),
    /// after reading that it must not.
    PermanentFailure,
}

impl fmt::Display for LoopGuard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopGuard::AllCallsFailed { rounds } => {
                write!(f, "every tool call failed in {rounds} rounds in a row")
            }
            LoopGuard::SameFailureRepeated { times } => {
                write!(f, "the same tool failed the same way {times} times")
            }
            LoopGuard::PermanentFailure => {
                f.write_str("a call that failed permanently was made again")
            }
        }
    }
}

/// What kind of failure a [`FailureRecord`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FailureKind {
    /// A tool error of this kind (after every handler).
    Tool(ErrorKind),
    /// The model called a tool that does not exist.
    UnknownTool,
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FailureKind::Tool(k) => k.fmt(f),
            FailureKind::UnknownTool => f.write_str("unknown_tool"),
        }
    }
}

/// One failed tool call, as remembered by the loop guard.
#[derive(Debug, Clone)]
pub struct FailureRecord {
    /// The model turn it happened in (1-based).
    pub turn: u32,
    /// The tool call id.
    pub call_id: String,
    /// The tool the model called.
    pub tool: String,
    /// What kind of failure.
    pub kind: FailureKind,
    /// The operator-facing rendering of the error.
    pub detail: String,
}

/// How an agent run can fail.
///
/// `Display` is operator-facing. Errors never contain API keys or auth headers: providers redact
/// them before building a [`ModelError`].
#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    /// A budget or loop guard ran out and `on_budget_exceeded` chose to stop.
    #[error(transparent)]
    Budget(#[from] BudgetExceeded),
    /// A handler or a repair agent threw: a hard stop, whatever retries remained.
    #[error("run stopped by {by}: {reason}")]
    Thrown {
        /// Who threw.
        by: AgentPath,
        /// Why.
        reason: String,
        /// The tool error being handled when it threw, if any.
        original: Option<Box<ToolError>>,
    },
    /// An escalation that no agent up the tree handled.
    #[error("unhandled escalation: {0}")]
    Escalated(Box<EscalationError>),
    /// A tool error under the `Propagate` policy: the original error, unchanged.
    #[error(transparent)]
    Tool(Box<ToolError>),
    /// The feedback loop kept failing; carries the failure history.
    #[error("stopped after repeated tool failures: {guard} (last: {})", .history.last().map(|r| r.detail.as_str()).unwrap_or("none"))]
    RepeatedFailures {
        /// Which guard fired.
        guard: LoopGuard,
        /// Every failed call of the run, in order.
        history: Vec<FailureRecord>,
    },
    /// The model call failed and `on_llm_error` did not recover it. The provider's error is kept
    /// unchanged inside.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// The model's final answer never matched the output type.
    #[error("the final answer does not match {target}: {message}")]
    Output {
        /// The output type.
        target: String,
        /// What was wrong with the last answer.
        message: String,
        /// The last answer text.
        raw: String,
    },
    /// The agent was configured in a way that cannot run (a tool named twice, no model, ...).
    #[error("invalid agent configuration: {0}")]
    Config(String),
    /// An input guardrail refused the run's input (before any model call), or an output
    /// validator refused the answer for good (it said stop, or the model's retries ran out).
    #[error("{checked} rejected by agent {agent}: {reason}")]
    Rejected {
        /// The agent whose check refused.
        agent: AgentPath,
        /// What was refused.
        checked: crate::error::Checked,
        /// The check's reason.
        reason: String,
        /// How many answers were refused (0 for an input).
        attempts: u32,
    },
    /// A tool of the run needs application state (a `Deps<T>` parameter) the run was not
    /// given; nothing ran, the model was not asked.
    #[error(transparent)]
    MissingDeps(#[from] crate::deps::MissingDeps),
    /// The run stopped before calls that need a person's approval; every other call of the
    /// round ran. Not a failure: decide on the held calls and resume (see
    /// [`Paused`](crate::conversation::Paused)).
    #[error("waiting for approval of {} call(s): {}", .0.calls.len(), .0.calls.iter().map(|c| c.tool.as_str()).collect::<Vec<_>>().join(", "))]
    AwaitingApproval(Box<crate::conversation::Paused>),
    /// A durable run's journal could not record or replay a step (see
    /// [`journal`](crate::journal)).
    #[error(transparent)]
    Journal(#[from] crate::journal::JournalError),
    /// A plain-function agent failed with its own error.
    #[error("agent {agent} failed: {source}")]
    Failed {
        /// Which agent.
        agent: AgentPath,
        /// Its error.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

impl AgentError {
    /// A hard stop: ends the run at once, whatever retries remain.
    ///
    /// A plain-function fixer returns this to refuse a repair for good:
    /// ```
    /// use agents_core::{AgentError, agent::AgentPath};
    /// let e = AgentError::throw(AgentPath::root("fixer"), "binary data, not JSON");
    /// assert!(matches!(e, AgentError::Thrown { .. }));
    /// ```
    pub fn throw(by: AgentPath, reason: impl Into<String>) -> Self {
        AgentError::Thrown {
            by,
            reason: reason.into(),
            original: None,
        }
    }

    /// A soft failure that walks up the tree of agents.
    pub fn escalate(by: AgentPath, reason: impl Into<String>, severity: super::Severity) -> Self {
        AgentError::Escalated(Box::new(EscalationError::new(by, reason, severity)))
    }

    /// An escalation from a plain function that does not know its own path: the agent returning
    /// it fills the path in.
    ///
    /// ```
    /// use agents_core::{AgentError, Severity};
    /// let e = AgentError::escalation("schema mismatch, not a formatting issue", Severity::Medium);
    /// assert!(matches!(e, AgentError::Escalated(_)));
    /// ```
    pub fn escalation(reason: impl Into<String>, severity: super::Severity) -> Self {
        AgentError::escalate(AgentPath::unattributed(), reason, severity)
    }

    /// A hard stop from a plain function that does not know its own path.
    pub fn thrown(reason: impl Into<String>) -> Self {
        AgentError::throw(AgentPath::unattributed(), reason)
    }

    /// Fills in `path` where the error was built without one.
    pub fn attributed_to(mut self, path: &AgentPath) -> Self {
        match &mut self {
            AgentError::Escalated(e) if e.source.is_unattributed() => {
                e.source = path.clone();
                e.travelled = vec![path.clone()];
            }
            AgentError::Thrown { by, .. } if by.is_unattributed() => *by = path.clone(),
            _ => {}
        }
        self
    }

    /// Whether this error ends the whole run at once (no handler may recover it).
    pub fn is_hard_stop(&self) -> bool {
        matches!(self, AgentError::Thrown { .. } | AgentError::Budget(_))
    }
}
