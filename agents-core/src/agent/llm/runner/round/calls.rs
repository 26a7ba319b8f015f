//! The model's tool calls made fit to run and to send back: ids unique in the whole run, invented
//! names capped before anything echoes them.

use std::collections::HashSet;

use crate::model::ToolCall;

/// The longest invented tool name echoed back to the model (in the error text, the result's name
/// and the recorded call). Providers cap real tool names at 64 to 128 bytes, so a longer name is
/// never a real tool; a 1 MB name echoed three times would bloat every later request.
pub(crate) const MAX_ECHOED_NAME: usize = 128;

/// Gives every call an id not used before in this run (`call_0`, then `call_0_2`, `call_0_3`…):
/// some models number their calls from zero each turn or repeat one id, and OpenAI and Anthropic
/// reject a request whose ids repeat. The call is rewritten before it is recorded, so the call,
/// its result and every event carry the same id. Names of unknown tools longer than
/// [`MAX_ECHOED_NAME`] are cut to it (`is_known` says which names are real tools).
pub(crate) fn normalise_calls(
    calls: &mut [ToolCall],
    used: &mut HashSet<String>,
    is_known: impl Fn(&str) -> bool,
) {
    for call in calls {
        if call.name.len() > MAX_ECHOED_NAME && !is_known(&call.name) {
            call.name = crate::text::shorten(&call.name, MAX_ECHOED_NAME);
        }
        if !used.insert(call.id.clone()) {
            let base = if call.id.is_empty() { "call" } else { &call.id };
            let fresh = (2u64..)
                .map(|n| format!("{base}_{n}"))
                .find(|id| !used.contains(id))
                .unwrap_or_default();
            used.insert(fresh.clone());
            call.id = fresh;
        }
    }
}
