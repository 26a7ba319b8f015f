//! A number a call uses more often than the user wrote it, asked for in each argument that
//! holds it ([`Recovery::ask_reused_numbers`], an opt-in piece: off in every profile, the
//! small model's too, as measured in docs/small-models.md).
//!
//! Held to the user's numbers, a small model writes one of them into every number argument of
//! a long request: "I roll the die 20 times ... exactly five sixes ... a 60% chance" became
//! `{"k": 20, "n": 20, "p": 20}`, and "every 18 beats ... every 24 beats" `{"a": 18, "b":
//! 18}`. `place_numbers` moves such a number where a word around it names an argument, but
//! names like `k`, `n` or `a` are words nobody writes, and a chatty request puts other words
//! between. On BFCL's executable categories (docs/EVAL.md), 22 of 150 prevention calls held a
//! number more often than the request wrote it, all wrong. Asked for one argument alone ("In
//! the text, what is the k (a number)?"), as `ask_values` asks, the model reads the argument's
//! own number out of the request. Nothing is refused here: an answer the user's words give,
//! other than the repeated number, replaces it; where none does, the call runs as written, so a
//! question can never cost a run its call.
//!
//! [`Recovery::ask_reused_numbers`]: crate::model::Recovery::ask_reused_numbers

use std::ops::ControlFlow;

use super::{Output, Runner};
use crate::error::AgentError;
use crate::event::{ArgumentChange, Event};
use crate::grounding::{
    Told, last_user_words, reused_number_holders, shape_words, told_text, value_for,
};
use crate::model::{ModelResponse, ValueQuestion};
use crate::repair::{Asked, QuestionSite, ask_value};

/// At most this many questions per call: each is a model call.
const MAX_QUESTIONS: usize = 6;

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Asks for the arguments of `response`'s calls that hold a number the call uses more
    /// often than the user wrote it, where the recovery profile says so; breaks with the run's
    /// end when a budget runs out while asking.
    pub(super) async fn ask_reused(
        &self,
        mut response: ModelResponse,
    ) -> ControlFlow<AgentError, ModelResponse> {
        let settings = &self.agent.config.settings;
        if !settings.recovery.ask_reused_numbers || settings.strict {
            return ControlFlow::Continue(response);
        }
        let messages = &self.frame.request.messages;
        let Some(text) = last_user_words(messages) else {
            return ControlFlow::Continue(response);
        };
        let told = Told::new(&told_text(messages));
        for call in &mut response.tool_calls {
            let Some((spec, repaired)) = self.offered_call(call) else {
                continue;
            };
            let schema = self.declared_parameters(spec);
            let mut args = repaired.value;
            let holders = reused_number_holders(&args, &told);
            let mut changes = Vec::new();
            for (argument, x) in holders.into_iter().take(MAX_QUESTIONS) {
                let Some(property) = schema.get("properties").and_then(|p| p.get(&argument)) else {
                    continue;
                };
                let Some(shape) = shape_words(schema, property) else {
                    continue;
                };
                let question = ValueQuestion {
                    text: text.clone(),
                    argument: argument.clone(),
                    shape,
                    choices: Vec::new(),
                };
                let emit = |e: Event| self.ctx.emit(e);
                let site = QuestionSite {
                    model: &*self.model,
                    budget: &self.budget,
                    agent: &self.path,
                    journal: self.journal,
                    emit: &emit,
                    call_id: &call.id,
                    tool: &call.name,
                    step: "ask_reused_numbers",
                };
                // Each question's usage is reported in its `ValueAsked`; the run's own usage
                // counts model turns only, as for `ask_values`.
                let answer = match ask_value(site, question).await {
                    Asked::Answer(r) => r.text.unwrap_or_default(),
                    Asked::Stop(e) => return ControlFlow::Break(e),
                    Asked::Failed => continue,
                };
                let value = crate::model::answered_value(&answer)
                    .and_then(|a| value_for(schema, property, a, &told));
                if let Some(value) = value.filter(|v| v.as_f64().is_some_and(|y| y != x)) {
                    changes.push(ArgumentChange::Answered {
                        argument: argument.clone(),
                        value: value.to_string(),
                    });
                    if let Some(members) = args.as_object_mut() {
                        members.insert(argument, value);
                    }
                }
            }
            if !changes.is_empty() {
                self.rewrite_arguments(call, "ask_reused_numbers", repaired.fixes, &args, changes);
            }
        }
        ControlFlow::Continue(response)
    }
}
