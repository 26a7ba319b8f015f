//! The runner's side of a number the user gave once, used once
//! ([`Recovery::numbers_once`], `grounding/once.rs`): before a round runs, each call's optional
//! number arguments that repeat a number the user gave once are left out, and an
//! [`Event::Repaired`] (`step: "numbers_once"`) says which.
//!
//! [`Recovery::numbers_once`]: crate::model::Recovery::numbers_once
//! [`Event::Repaired`]: crate::Event::Repaired

use super::{Output, Runner};
use crate::event::ArgumentChange;
use crate::grounding::{Told, leave_out_reused_numbers};
use crate::model::{FINAL_ANSWER_TOOL, ModelResponse};

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Leaves out of `response`'s calls the optional number arguments that repeat a number the
    /// user gave once, when the recovery profile has `numbers_once` on.
    pub(super) fn leave_out_reused(&self, mut response: ModelResponse) -> ModelResponse {
        let settings = &self.agent.config.settings;
        if !settings.recovery.numbers_once || settings.strict || response.tool_calls.is_empty() {
            return response;
        }
        let request = &self.frame.request;
        let told = Told::new(
            &crate::grounding::told_texts(&request.messages)
                .collect::<Vec<_>>()
                .join("\n"),
        );
        for call in &mut response.tool_calls {
            if call.name == FINAL_ANSWER_TOOL {
                continue;
            }
            let Some(spec) = request.tools.iter().find(|t| t.name == call.name) else {
                continue;
            };
            let Ok(repaired) = crate::json::repair(&call.arguments) else {
                continue;
            };
            let mut args = repaired.value;
            let reused = leave_out_reused_numbers(&mut args, &spec.parameters, &told);
            if reused.is_empty() {
                continue;
            }
            let changes = reused.into_iter().map(|r| ArgumentChange::NumberReused {
                argument: r.argument,
                value: r.value,
                kept_in: r.kept_in,
            });
            self.rewrite_arguments(call, "numbers_once", repaired.fixes, &args, changes);
        }
        response
    }
}
