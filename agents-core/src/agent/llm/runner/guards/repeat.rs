//! A failing call made again unchanged: the next turn samples differently.
//!
//! A small model that reads an ERROR often writes its previous call again byte for byte (87 of
//! 312 follow-up turns in the runs). Sending the same request again would most likely
//! get the same line back, so the second time the same call (tool and canonical arguments)
//! fails, the rest of the run samples hotter: temperature up by [`TEMPERATURE_STEP`] (from 0.7
//! when none was set, at most [`MAX_TEMPERATURE`]) and a different seed. The loop guard
//! `max_same_failure` (3 by default) still ends the run if failures go on. A strict agent
//! changes nothing: strict means no recovery.

use super::{CallKey, Output, Runner};
use crate::event::Event;

/// How much the temperature rises after a repeated failing call.
pub const TEMPERATURE_STEP: f32 = 0.5;
/// The highest temperature this raises it to.
pub const MAX_TEMPERATURE: f32 = 1.5;
/// Added to the seed, so the next sample differs even at the same temperature.
const SEED_STEP: u64 = 7919;

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Counts a failed call; the second failure of the same call changes the sampling.
    pub(in crate::agent::llm) fn failed_again(&mut self, tool: &str, key: CallKey) {
        let times = self.guards.failed_calls.entry(key).or_insert(0);
        *times += 1;
        if *times < 2
            || self.agent.config.settings.strict
            || !self.agent.config.settings.recovery.resample
        {
            return;
        }
        let s = &mut self.frame.request.sampling;
        let before = s.temperature;
        let t = (s.temperature.unwrap_or(0.7) + TEMPERATURE_STEP).min(MAX_TEMPERATURE);
        s.temperature = Some(t);
        s.seed = s.seed.map(|seed| seed.wrapping_add(SEED_STEP));
        self.ctx.emit(Event::Warning {
            agent: self.path.clone(),
            message: format!(
                "the model repeated a failing call to `{tool}` unchanged; sampling at temperature {t} (was {before:?}) with a new seed"
            ),
        });
    }
}
