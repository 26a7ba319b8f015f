//! [`RestateJournal`]: the agent loop's [`Journal`] on a Restate workflow context.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bytes::Bytes;

use agents_core::journal::{Journal, JournalError, Recorded, Step};
use futures_util::future::BoxFuture;
use restate_sdk::prelude::{
    ContextSideEffects, ContextTimers, RunFuture, RunRetryPolicy, TerminalError, WorkflowContext,
};
use restate_sdk::serde::{Deserialize, Serialize};

/// Records a run's steps as entries of the Restate invocation's journal.
///
/// Each model call and tool execution is one `ctx.run` entry holding the step's outcome (success
/// or our typed error), waits are Restate durable sleeps, jitter comes from a generator seeded by
/// the invocation's stable seed, and the run's start time is a `ctx.run` entry like any step.
///
/// Restate never retries an entry behind the agent's back: every entry has a retry policy of one
/// attempt, and the step's own failures are values of the entry, not errors, so the agent's
/// repair chain and `on_llm_error` policy decide about them. Restate only replays.
///
/// A tool that is not safe to repeat gets a second entry before its execution, a start marker:
/// when the marker is in the journal and the execution is not, the process died while the tool
/// was executing, and the step records "outcome unknown after a crash" (a permanent execution
/// error the model reads) instead of running the tool again.
pub struct RestateJournal<'a> {
    ctx: &'a WorkflowContext<'a>,
    rng: Mutex<fastrand::Rng>,
}

impl<'a> RestateJournal<'a> {
    /// A journal writing to the invocation of `ctx`.
    pub fn new(ctx: &'a WorkflowContext<'a>) -> Self {
        RestateJournal {
            ctx,
            rng: Mutex::new(fastrand::Rng::with_seed(ctx.random_seed())),
        }
    }
}

impl std::fmt::Debug for RestateJournal<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RestateJournal").finish_non_exhaustive()
    }
}

/// One attempt: a failing entry is never retried by Restate (our entries do not fail anyway;
/// the step's errors are recorded as values).
fn one_attempt() -> RunRetryPolicy {
    RunRetryPolicy::new().max_attempts(1)
}

/// What an entry's terminal error means for the run: a cancellation (an operator cancelled the
/// invocation through Restate: every entry from then on answers 409 "cancelled"), or a failure
/// of the journal. Our entries never fail on their own (a step's failures are values), so any
/// other terminal error is the journal's. `ran`: whether the step's work ran in this process.
fn journal_error(step: &str, e: TerminalError, ran: bool) -> JournalError {
    if e.code() == CANCELLED {
        JournalError::cancelled(step, e.message(), ran)
    } else {
        JournalError::new(step, e.to_string())
    }
}

/// The code Restate's SDK gives an entry (a `ctx.run`, a sleep) awaited after the invocation
/// was cancelled.
const CANCELLED: u16 = 409;

impl Journal for RestateJournal<'_> {
    fn step<'s>(
        &'s self,
        step: Step,
        work: BoxFuture<'s, String>,
    ) -> BoxFuture<'s, Result<Recorded, JournalError>> {
        Box::pin(async move {
            // The context lives as long as the journal; its entries borrow only for this step.
            let ctx: &'s WorkflowContext<'s> = self.ctx;
            let name = step.name;
            let mut resumed = false;
            if step.if_interrupted.is_some() {
                let marked = Arc::new(AtomicBool::new(false));
                let mark = marked.clone();
                ctx.run(move || async move {
                    mark.store(true, Ordering::SeqCst);
                    Ok(())
                })
                .name(format!("start {name}"))
                .retry_policy(one_attempt())
                .await
                .map_err(|e| journal_error(&name, e, false))?;
                // The marker was already in the journal: an earlier attempt started this step.
                resumed = !marked.load(Ordering::SeqCst);
            }
            let ran = Arc::new(AtomicBool::new(false));
            let running = ran.clone();
            let interrupted = step.if_interrupted;
            let Entry(value) = ctx
                .run(move || async move {
                    running.store(true, Ordering::SeqCst);
                    match interrupted {
                        // Started before, never recorded: the process died while it ran.
                        Some(unknown) if resumed => Ok(Entry(unknown)),
                        _ => Ok(Entry(work.await)),
                    }
                })
                .name(name.clone())
                .retry_policy(one_attempt())
                .await
                .map_err(|e| journal_error(&name, e, ran.load(Ordering::SeqCst)))?;
            Ok(Recorded {
                value,
                replayed: !ran.load(Ordering::SeqCst),
            })
        })
    }

    fn sleep(&self, wait: Duration) -> BoxFuture<'_, Result<(), JournalError>> {
        Box::pin(async move {
            self.ctx
                .sleep(wait)
                .await
                .map_err(|e| journal_error("sleep", e, false))
        })
    }

    fn random(&self) -> f64 {
        self.rng.lock().unwrap_or_else(|p| p.into_inner()).f64()
    }

    /// One step at a time: the SDK (0.13) runs one `ctx.run` at a time (two at once stall, and
    /// its await path has no support for a second), and Restate replays a journal only in the
    /// order it was written, which steps run at once would leave to timing.
    fn concurrent_steps(&self) -> bool {
        false
    }
}

/// A step's outcome as its journal entry holds it: the outcome's JSON text, byte for byte.
///
/// Held as a `String`, the SDK would store it as a JSON string: the outcome's JSON escaped into
/// it when recorded, and unescaped when read back, on every step (measured with callgrind: about
/// a tenth of the service's instructions per step). An entry written that way, by this crate up
/// to issue 29, is still read: its bytes are a JSON string, which no outcome the agent loop
/// records is (they are JSON objects and numbers), so the two forms never meet.
struct Entry(String);

impl Serialize for Entry {
    type Error = std::convert::Infallible;

    fn serialize(&self) -> Result<Bytes, Self::Error> {
        Ok(Bytes::copy_from_slice(self.0.as_bytes()))
    }
}

impl Deserialize for Entry {
    type Error = serde_json::Error;

    fn deserialize(bytes: &mut Bytes) -> Result<Self, Self::Error> {
        if bytes.first() == Some(&b'"') {
            return serde_json::from_slice(bytes).map(Entry);
        }
        String::from_utf8(bytes.to_vec())
            .map(Entry)
            .map_err(<serde_json::Error as serde::de::Error>::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(outcome: &str) -> Bytes {
        Entry(outcome.to_owned()).serialize().unwrap()
    }

    fn read(mut bytes: Bytes) -> String {
        Entry::deserialize(&mut bytes).unwrap().0
    }

    /// The entry holds the outcome's JSON as it is (not escaped into a JSON string), and reads
    /// back to the same text; so does an outcome that is not JSON (an unencodable one's
    /// message, which the loop's decoding then reports).
    #[test]
    fn an_entry_holds_the_outcome_as_it_is() {
        let outcomes = [
            r#"{"Ok":{"text":"done \"a\"","tool_calls":[{"id":"c1","name":"work","arguments":"{\"n\": 1}"}]}}"#,
            r#"{"Err":{"kind":"failed","message":"tab\there"}}"#,
            "1732712345678",
            "unencodable outcome at tool:work: key must be a string",
            "",
        ];
        for outcome in outcomes {
            assert_eq!(entry(outcome), Bytes::from(outcome.to_owned()), "{outcome}");
            assert_eq!(read(entry(outcome)), outcome);
        }
    }

    /// An entry written as a JSON string (this crate up to issue 29) reads back to the outcome
    /// it holds.
    #[test]
    fn an_entry_written_as_a_json_string_still_reads() {
        for outcome in [
            r#"{"Ok":{"text":"done"}}"#,
            "1732712345678",
            r#"{"Ok":"é \" \n"}"#,
        ] {
            let written = serde_json::to_vec(outcome).unwrap();
            assert_eq!(read(Bytes::from(written)), outcome);
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_are_an_error_not_a_panic() {
        let mut bytes = Bytes::from_static(&[b'{', 0xff, b'}']);
        assert!(Entry::deserialize(&mut bytes).is_err());
        let mut bytes = Bytes::from_static(b"\"unterminated");
        assert!(Entry::deserialize(&mut bytes).is_err());
    }
}
