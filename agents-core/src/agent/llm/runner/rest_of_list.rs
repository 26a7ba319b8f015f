//! The calls a list the user wrote still owes ([`Recovery::rest_of_list`], a piece of the
//! small-model profile, under prevention mode).
//!
//! "The coordinates of New York, Los Angeles, Chicago and Houston": a small model calls the
//! tool for New York and answers through the final-answer tool, and three of the four calls the
//! user asked for are never made (BFCL's parallel questions: the model executed one call in 62
//! of 90 prevention runs that wanted two to four). After a turn whose call ran, where an
//! argument of that call holds one item of a list the user wrote (`grounding/listed.rs`) and
//! other items of it no successful call of that tool has taken, the next turn is held to that
//! tool, the argument to those items (an `enum` for the turn; the other arguments as the tool
//! declares them): the model writes the call for the next item. The schema is given back on the
//! turn after, as the held turns of `prevention.rs` are; once every item has its call, the run
//! goes on as before, to its answer.
//!
//! [`Recovery::rest_of_list`]: crate::model::Recovery::rest_of_list

use serde_json::Value;

use super::{Output, Runner};
use crate::event::Event;
use crate::grounding::{last_user_words, list_holding};
use crate::model::{Message, ToolCall};

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Under prevention mode with `rest_of_list`, right after a round whose call ran: holds this
    /// turn to that call's tool, the one argument whose list of the user's still owes items to
    /// those items. Returns the tool held.
    pub(super) fn hold_rest_of_list(&mut self) -> Option<String> {
        let settings = &self.agent.config.settings;
        if !settings.recovery.rest_of_list || settings.strict || !self.prevention_on() {
            return None;
        }
        let transcript = self.transcript();
        let since = transcript
            .iter()
            .rposition(|m| matches!(m, Message::User { .. }))?;
        let turn = &transcript[since + 1..];
        // Only right after a round: its results are the transcript's last messages.
        if !matches!(turn.last(), Some(Message::Tool(_))) {
            return None;
        }
        // The calls that ran, with the arguments they ran with (after repair).
        let ran = &self.progress.ran;
        let (tool, args) = last_round(turn)
            .into_iter()
            .rev()
            .find_map(|c| ran.iter().find(|(id, _, _)| *id == c.id))
            .map(|(_, tool, args)| (tool.clone(), args.clone()))?;
        let text = last_user_words(transcript)?;
        let at = self
            .frame
            .request
            .tools
            .iter()
            .position(|t| t.name == tool)?;
        let properties = self.frame.request.tools[at]
            .parameters
            .get("properties")?
            .as_object()?;
        let mut owed = Vec::new();
        for (argument, value) in args.as_object()? {
            let Some(property) = properties.get(argument) else {
                continue;
            };
            let free = match value {
                Value::String(_) => agents_json::schema::is_free_string(property),
                Value::Number(_) => agents_json::schema::is_free_number(property),
                _ => false,
            };
            if !free {
                continue;
            }
            let taken: Vec<&Value> = ran
                .iter()
                .filter(|(_, name, _)| *name == tool)
                .filter_map(|(_, _, a)| a.get(argument))
                .collect();
            let left: Vec<Value> = list_holding(&text, value)
                .into_iter()
                .filter(|item| !taken.iter().any(|t| same_item(t, item)))
                .filter(|item| {
                    item.as_f64()
                        .is_none_or(|x| agents_json::schema::takes_number(property, x))
                })
                .collect();
            if !left.is_empty() {
                owed.push((argument.clone(), left));
            }
        }
        let [(argument, left)] = &owed[..] else {
            return None;
        };
        let before = self.frame.request.tools[at].parameters.clone();
        let held = self.frame.request.tools[at]
            .parameters
            .get_mut("properties")
            .and_then(|p| p.get_mut(argument.as_str()))
            .and_then(Value::as_object_mut)?;
        held.insert("enum".to_owned(), Value::Array(left.clone()));
        if !self.progress.unheld.iter().any(|(t, _)| *t == tool) {
            self.progress.unheld.push((tool.clone(), before));
        }
        self.ctx.emit(Event::ListContinued {
            agent: self.path.clone(),
            tool: tool.clone(),
            argument: argument.clone(),
            left: left.iter().map(Value::to_string).collect(),
        });
        Some(tool)
    }
}

/// The calls of the last model turn of `turn`.
fn last_round(turn: &[Message]) -> Vec<&ToolCall> {
    turn.iter()
        .rev()
        .find_map(|m| match m {
            Message::Assistant { tool_calls, .. } if !tool_calls.is_empty() => {
                Some(tool_calls.iter().collect())
            }
            _ => None,
        })
        .unwrap_or_default()
}

/// Whether a call's value is the list's item: the same text, case aside, or the same number.
fn same_item(value: &Value, item: &Value) -> bool {
    match (value, item) {
        (Value::String(a), Value::String(b)) => a.trim().eq_ignore_ascii_case(b.trim()),
        (a, b) => match (a.as_f64(), b.as_f64()) {
            (Some(x), Some(y)) => crate::grounding::same_number(x, y),
            _ => a == b,
        },
    }
}
