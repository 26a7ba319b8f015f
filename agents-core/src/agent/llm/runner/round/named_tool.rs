//! A new request's call of a tool its words do not name, where they name another offered tool
//! most ([`Recovery::named_tool`], a piece of the small-model profile).
//!
//! Left to choose among several tools as it writes, a small model often calls one the request
//! never speaks of (`calculate_density` for "the greatest common divisor of 450 and 300", with
//! the request's numbers). Prevention mode's calibrated choice reads the request's own words
//! for each tool ([`request_words_in_tools`]); outside it, the call the model made is checked
//! against the same reading: where one offered tool holds the request's words more than every
//! other, and more than the called one, the call is asked for again held to that tool (one
//! model call under [`Constraint::Tool`]), and the answer takes the call's place before
//! anything runs. Only for the first call of a request not yet served, written alone in its
//! turn: after a call ran, or beside other calls, the model may mean a tool the request does
//! not name.
//!
//! [`Recovery::named_tool`]: crate::model::Recovery::named_tool
//! [`request_words_in_tools`]: crate::request_words_in_tools

use super::invented::Ask;
use super::{Output, Runner};
use crate::error::AgentError;
use crate::event::Event;
use crate::grounding::last_user_words;
use crate::model::{Constraint, ToolCall};

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Asks again, held to the tool the request's words name, for a turn's one call of another
    /// tool (see the module). Returns the error that ends the run if a budget ran out while
    /// asking.
    pub(super) async fn call_named_tool(&mut self, calls: &mut [ToolCall]) -> Option<AgentError> {
        let [call] = calls else {
            return None;
        };
        // Only a call of one of the agent's own tools (not the final answer, not a built-in
        // such as `escalate`, which no request's words name).
        if !self.asks_named_tool()
            || self.frame.tools.get(&call.name).is_none()
            || !self.callable(&call.name)
            || self.served_since_request()
        {
            return None;
        }
        let named = self.named_tool(&call.name)?;
        match self.call_again(call, 1, Constraint::tool(&named)).await {
            Ok(Some(answer)) => {
                self.ctx.emit(Event::CallRedirected {
                    agent: self.path.clone(),
                    call_id: call.id.clone(),
                    called: std::mem::replace(&mut call.name, answer.name),
                    named,
                });
                call.arguments = answer.arguments;
                None
            }
            Ok(None) | Err(Ask::GiveUp | Ask::Asked) => None,
            Err(Ask::Stop(e)) => Some(e),
        }
    }

    /// Whether the small-model profile checks a new request's call against the request's words
    /// for this turn: outside prevention mode (whose choice of tool reads them already), where
    /// the model can be held to one tool.
    fn asks_named_tool(&self) -> bool {
        let settings = &self.agent.config.settings;
        settings.recovery.named_tool
            && !settings.strict
            && !self.prevention_on()
            && self.model.capabilities(&[]).constraint.is_supported()
    }

    /// The offered tool the request's words name more than every other and more than `called`,
    /// if there is one.
    fn named_tool(&self, called: &str) -> Option<String> {
        let request = last_user_words(&self.frame.request.messages)?;
        let tools: Vec<_> = self
            .frame
            .request
            .tools
            .iter()
            .filter(|t| self.frame.tools.get(&t.name).is_some())
            .collect();
        let scores = crate::request_words_in_tools(&request, tools.iter().copied());
        let score_of = |name: &str| {
            tools
                .iter()
                .zip(&scores)
                .find_map(|(t, s)| (t.name == name).then_some(*s))
        };
        let called_score = score_of(called)?;
        let best = scores.iter().copied().fold(0.0, f64::max);
        let mut top = tools.iter().zip(&scores).filter(|(_, s)| **s == best);
        let (tool, _) = top.next()?;
        let one = top.next().is_none();
        (one && best > called_score).then(|| tool.name.clone())
    }
}
