//! Prevention mode ([`LlmAgentBuilder::constrained`](super::LlmAgentBuilder::constrained)):
//! every model turn that may call tools is held to one call to one of the offered tools, its
//! arguments to that tool's schema. Under that constraint the model cannot write free text, so
//! it ends the run through a pseudo-tool, [`FINAL_ANSWER_TOOL`], whose `answer` argument is
//! read as the final answer (and through `Out`, like any answer).

use serde_json::Value;

use super::{Output, Runner};
use crate::error::AgentError;
use crate::model::{Constraint, FINAL_ANSWER_TOOL, ModelResponse};

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// The request's frame under prevention mode: the final-answer tool offered after the
    /// agent's own, and the turn constrained to one call. Nothing without tools to call.
    pub(super) fn prevent(&mut self) {
        if !self.agent.config.settings.constrained || self.frame.request.tools.is_empty() {
            return;
        }
        self.frame
            .request
            .tools
            .push(self.agent.config.answer.final_answer.clone());
        self.frame.request.constraint = Some(Constraint::AnyTool);
    }

    /// Under prevention mode, the last turn the budget allows is held to the final-answer tool:
    /// the run ends with the model's answer rather than on the turn limit with none (a model
    /// that never chooses `final_answer` on its own, as small base models do, still answers).
    pub(super) fn answer_on_last_turn(&mut self) {
        if self.frame.request.constraint.is_some()
            && self.agent.config.settings.constrained
            && self.budget.turns_left() == Some(0)
        {
            self.frame.request.constraint = Some(Constraint::tool(FINAL_ANSWER_TOOL));
        }
    }

    /// Prevention mode with a model that cannot constrain ends the run before the model is
    /// asked: running unconstrained would pretend.
    pub(super) fn check_prevention(&self) -> Result<(), AgentError> {
        if self.frame.request.constraint.is_none() || self.model.constraint_support().is_supported()
        {
            return Ok(());
        }
        Err(AgentError::Config(format!(
            "agent `{}` runs constrained (prevention mode), but its model `{}` cannot constrain decoding",
            self.agent.config.settings.name,
            self.model.name()
        )))
    }

    /// A call to the final-answer tool, under prevention mode or from a provider that answers
    /// a typed request through it (Anthropic's forced output tool), is the model's answer: the
    /// response becomes that text, with no calls. Anything else is left as it is (an agent
    /// whose own tool is called `final_answer` keeps its calls outside these two cases).
    pub(super) fn final_answer(&self, mut response: ModelResponse) -> ModelResponse {
        let request = &self.frame.request;
        // Without tools offered, a typed answer may come back as a call to the final-answer
        // tool (the provider's forced output tool); no tool of the agent can be meant.
        let answer_tool_sent = request.answer.is_some() && request.tools.is_empty();
        if request.constraint.is_none() && !answer_tool_sent {
            return response;
        }
        let Some(at) = response
            .tool_calls
            .iter()
            .position(|c| c.name == FINAL_ANSWER_TOOL)
        else {
            return response;
        };
        let call = response.tool_calls.remove(at);
        response.text = Some(answer_of(&call.arguments));
        response.tool_calls.clear();
        response
    }
}

/// The answer a call to the final-answer tool gives: its `answer` argument (a string as it
/// is, any other value as JSON). The schema holds a constrained model to `{"answer": <Out>}`;
/// a provider that only forces the tool (not its schema) may send less, and then the whole
/// argument text is the answer.
pub(super) fn answer_of(arguments: &str) -> String {
    match crate::json::repair(arguments).map(|r| r.value) {
        Ok(Value::Object(m)) => match m.get("answer") {
            Some(Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
            None => arguments.to_owned(),
        },
        _ => arguments.to_owned(),
    }
}
