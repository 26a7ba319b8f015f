//! [`Event`] as the one line an operator logs: the agent, the call, what changed, bounded.
//!
//! Every value an event carries that can grow (model text, tool and agent names, error text,
//! lists) is cut to a size here, so that a line stays short whatever a model or a tool wrote;
//! a cut is marked `…`. Control characters (a newline in an error, a tab in a name) print as
//! spaces: one event is always one line.

use std::fmt::{self, Write as _};
use std::time::Duration;

use super::Event;
use crate::text::shorten;

/// The longest line an event prints, in bytes (the marker of a cut line included).
pub(crate) const MAX_LINE: usize = 512;
/// An agent path, tool, call id or source.
const NAME: usize = 64;
/// A preview of the model's text or of an answer.
const TEXT: usize = 80;
/// An error, a reason, a warning.
const DETAIL: usize = 200;
/// Items of a list shown before `(+N more)`.
const ITEMS: usize = 4;

impl fmt::Display for Event {
    /// One line a user would log: `calculator: add (call c1) repaired (invalid_args) by
    /// json_repair: removed trailing comma at byte 17`. At most 512 bytes, never a newline;
    /// long model text, errors and lists are shortened and marked `…` / `(+N more)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::with_capacity(128);
        self.write_line(&mut line)?;
        f.write_str(&one_line(&line))
    }
}

impl Event {
    fn write_line(&self, out: &mut String) -> fmt::Result {
        write!(out, "{}: ", Cut(self.agent(), 2 * NAME))?;
        match self {
            Event::RunStarted { .. } => out.write_str("run started"),
            Event::ModelResponded {
                turn,
                tool_calls,
                usage,
                raw,
                calls,
                ..
            } => {
                write!(out, "turn {turn}: ")?;
                if *tool_calls == 0 {
                    match raw.as_deref().filter(|t| !t.trim().is_empty()) {
                        Some(text) => write!(out, "model answered {}", Quoted(text, TEXT))?,
                        None => out.write_str("model answered with no text")?,
                    }
                } else {
                    let s = if *tool_calls == 1 { "" } else { "s" };
                    write!(out, "model made {tool_calls} tool call{s}: ")?;
                    list(out, calls.iter().map(|c| Short(&c.name, NAME)))?;
                }
                write!(out, "; {usage}")
            }
            Event::ToolStarted {
                call_id,
                tool,
                attempt,
                ..
            } => {
                write!(out, "{} started", Call(tool, call_id))?;
                if *attempt > 1 {
                    write!(out, ", attempt {attempt}")?;
                }
                Ok(())
            }
            Event::ToolFinished {
                call_id,
                tool,
                elapsed,
                ..
            } => write!(
                out,
                "{} finished in {}",
                Call(tool, call_id),
                Took(*elapsed)
            ),
            Event::Repaired {
                call_id,
                tool,
                kind,
                step,
                fixes,
                ..
            } => {
                write!(out, "{} repaired ({kind}) by {step}", Call(tool, call_id))?;
                if !fixes.is_empty() {
                    out.write_str(": ")?;
                    separated(out, fixes.iter().map(|c| Cut(c, TEXT)), "; ")?;
                }
                Ok(())
            }
            Event::Retry {
                call_id,
                tool,
                attempt,
                delay,
                error,
                ..
            } => write!(
                out,
                "{} retrying as attempt {attempt} in {}: {}",
                Call(tool, call_id),
                Took(*delay),
                Short(error, DETAIL)
            ),
            Event::ToolFailed {
                call_id,
                tool,
                kind,
                error,
                outcome,
                ..
            } => write!(
                out,
                "{} failed ({kind}, {outcome}): {}",
                Call(tool, call_id),
                Short(error, DETAIL)
            ),
            Event::ToolHallucinated {
                call_id,
                requested,
                suggestion,
                allowed,
                ..
            } => {
                write!(
                    out,
                    "unknown tool {} (call {})",
                    Quoted(requested, NAME),
                    Short(call_id, NAME)
                )?;
                if let Some(s) = suggestion {
                    write!(out, ", did you mean {}?", Short(s, NAME))?;
                }
                out.write_str(" offered: ")?;
                if allowed.is_empty() {
                    out.write_str("none")
                } else {
                    list(out, allowed.iter().map(|t| Short(t, NAME)))
                }
            }
            Event::Escalated {
                tool,
                reason,
                severity,
                path,
                ..
            } => {
                write!(out, "escalated ({severity})")?;
                if let Some(tool) = tool {
                    write!(out, " from tool {}", Short(tool, NAME))?;
                }
                write!(out, ": {}", Short(reason, DETAIL))?;
                if !path.is_empty() {
                    out.write_str("; via ")?;
                    separated(out, path.iter().map(|p| Cut(p, NAME)), " -> ")?;
                }
                Ok(())
            }
            Event::Warning { message, .. } => write!(out, "warning: {}", Short(message, DETAIL)),
            Event::LlmRetry {
                attempt,
                delay,
                error,
                ..
            } => write!(
                out,
                "model call retrying as attempt {attempt} in {}: {}",
                Took(*delay),
                Short(error, DETAIL)
            ),
            Event::BudgetExceeded {
                kind, limit, used, ..
            } => write!(out, "budget {kind} exceeded: used {used} of {limit}"),
            Event::ApprovalRequested { call_id, tool, .. } => {
                write!(out, "{} awaits approval", Call(tool, call_id))
            }
            Event::TextDelta { turn, text, .. } => {
                write!(out, "turn {turn}: text {}", Quoted(text, TEXT))
            }
            Event::PartialAnswer { turn, value, .. } => {
                write!(
                    out,
                    "turn {turn}: partial answer {}",
                    Quoted(&value.to_string(), TEXT)
                )
            }
            Event::Rejected {
                checked,
                reason,
                retrying,
                ..
            } => {
                let next = if *retrying {
                    "model asked again"
                } else {
                    "run stops"
                };
                write!(
                    out,
                    "{checked} rejected ({next}): {}",
                    Short(reason, DETAIL)
                )
            }
            Event::TranscriptMended { changes, .. } => {
                out.write_str("stored transcript mended: ")?;
                if changes.is_empty() {
                    return out.write_str("no change");
                }
                separated(out, changes.iter().map(|c| Cut(c, TEXT)), "; ")
            }
            Event::Regenerated {
                call_id,
                tool,
                constraint,
                calls,
                usage,
                ..
            } => {
                write!(
                    out,
                    "{} regenerated under constraint ({}): ",
                    Call(tool, call_id),
                    Cut(constraint, NAME)
                )?;
                if calls.is_empty() {
                    out.write_str("no call")?;
                } else {
                    list(out, calls.iter().map(|c| Short(&c.name, NAME)))?;
                }
                write!(out, "; {usage}")
            }
            Event::ValueAsked {
                call_id,
                tool,
                argument,
                answer,
                usage,
                ..
            } => write!(
                out,
                "{} asked the model for `{}`: {}; {usage}",
                Call(tool, call_id),
                Short(argument, NAME),
                Quoted(answer, TEXT)
            ),
            Event::CallNotRepeated {
                call_id,
                tool,
                earlier_call_id,
                ..
            } => write!(
                out,
                "{} not run again: it repeats {}, which succeeded",
                Call(tool, call_id),
                Short(earlier_call_id, NAME)
            ),
            Event::CallRedirected {
                call_id,
                called,
                named,
                ..
            } => write!(
                out,
                "{} asked again as a call of {}, the tool the request's words name",
                Call(called, call_id),
                Short(named, NAME)
            ),
            Event::LastTurnAnswer { calls_ran, .. } => write!(
                out,
                "last turn asks for the answer: {calls_ran} call(s) ran"
            ),
            Event::ToolPassedOver {
                tool, arguments, ..
            } => write!(
                out,
                "{} passed over: the request gives no number for {}",
                Short(tool, NAME),
                Short(&arguments.join(", "), TEXT)
            ),
            Event::ListContinued {
                tool,
                argument,
                left,
                ..
            } => write!(
                out,
                "{} held to the rest of the user's list: {} in {}",
                Short(tool, NAME),
                Short(argument, NAME),
                Short(&left.join(", "), TEXT)
            ),
            Event::ToolsChanged {
                source,
                added,
                removed,
                ..
            } => {
                write!(out, "tools of {} changed: ", Short(source, NAME))?;
                let changes = added
                    .iter()
                    .map(|t| format!("+{}", Short(t, NAME)))
                    .chain(removed.iter().map(|t| format!("-{}", Short(t, NAME))));
                if added.is_empty() && removed.is_empty() {
                    out.write_str("none")
                } else {
                    list(out, changes)
                }
            }
            Event::ToolSourceFailed { source, error, .. } => write!(
                out,
                "tool source {} could not be listed: {}",
                Short(source, NAME),
                Short(error, DETAIL)
            ),
            Event::RunResumed { replayed_steps, .. } => write!(
                out,
                "run resumed from its journal ({replayed_steps} steps replayed)"
            ),
            Event::RunFinished {
                turns,
                success,
                usage,
                ..
            } => {
                let how = if *success { "succeeded" } else { "failed" };
                let s = if *turns == 1 { "" } else { "s" };
                write!(out, "run {how} after {turns} turn{s}; {usage}")
            }
        }
    }
}

/// `text` cut to `max` bytes, marked `…` when cut.
struct Short<'a>(&'a str, usize);

impl fmt::Display for Short<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.len() <= self.1 {
            f.write_str(self.0)
        } else {
            f.write_str(&shorten(self.0, self.1))
        }
    }
}

/// A value's text cut to `max` bytes, marked `…` when cut.
struct Cut<T>(T, usize);

impl<T: fmt::Display> fmt::Display for Cut<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&shorten(&self.0.to_string(), self.1))
    }
}

/// Text the model wrote, cut to `max` bytes and quoted with its escapes (`"line\nnext…"`): where
/// it starts and ends is visible, and a newline in it stays on the line.
struct Quoted<'a>(&'a str, usize);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", shorten(self.0, self.1))
    }
}

/// A tool call: `search (call c1)`.
struct Call<'a>(&'a str, &'a str);

impl fmt::Display for Call<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (call {})", Short(self.0, NAME), Short(self.1, NAME))
    }
}

/// A duration as people read it in a log: `850 ms`, `2.5 s`.
struct Took(Duration);

impl fmt::Display for Took {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0.as_millis();
        if ms < 1000 {
            write!(f, "{ms} ms")
        } else {
            write!(f, "{:.1} s", self.0.as_secs_f64())
        }
    }
}

/// `a, b, c, d (+3 more)`.
fn list<T: fmt::Display>(out: &mut String, items: impl Iterator<Item = T>) -> fmt::Result {
    separated(out, items, ", ")
}

/// The first [`ITEMS`] of `items` joined with `sep`, then `(+N more)` for the rest.
fn separated<T: fmt::Display>(
    out: &mut String,
    items: impl Iterator<Item = T>,
    sep: &str,
) -> fmt::Result {
    let mut more = 0usize;
    for (i, item) in items.enumerate() {
        if i >= ITEMS {
            more += 1;
            continue;
        }
        if i > 0 {
            out.write_str(sep)?;
        }
        write!(out, "{item}")?;
    }
    if more > 0 {
        write!(out, " (+{more} more)")?;
    }
    Ok(())
}

/// The line with every control or line-breaking character as a space, cut to [`MAX_LINE`].
fn one_line(line: &str) -> String {
    let flat: String = line
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                ' '
            } else {
                c
            }
        })
        .collect();
    // `shorten` keeps `max` bytes and adds the 3-byte marker.
    shorten(&flat, MAX_LINE - '…'.len_utf8())
}

#[cfg(test)]
mod tests;
