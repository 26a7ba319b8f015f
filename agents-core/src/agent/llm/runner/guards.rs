//! The loop guards: what the run remembers of failed and repeated calls, to stop a model that
//! goes round in circles.

mod call_key;
mod repeat;

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};

use serde_json::Value;

use super::{Output, Runner};
use crate::budget::{BudgetExceeded, BudgetKind};
use crate::error::{FailureKind, FailureRecord};
use crate::model::ToolResult;

/// A call as the loop guards see it: a hash of the tool and its canonical arguments.
pub(in crate::agent::llm) type CallKey = u64;

/// A map by [`CallKey`]: the key is a hash already, so the map uses it as it is instead of
/// hashing it again (SipHash, on every call's lookups).
pub(in crate::agent::llm) type KeyMap<V> = HashMap<CallKey, V, BuildHasherDefault<KeyHasher>>;

/// A set of [`CallKey`]s (see [`KeyMap`]).
pub(in crate::agent::llm) type KeySet = HashSet<CallKey, BuildHasherDefault<KeyHasher>>;

/// The hasher of [`KeyMap`]: a [`CallKey`] is its own hash.
#[derive(Default)]
pub(in crate::agent::llm) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }

    /// Not reached (a `CallKey` hashes through `write_u64`); folds the bytes in, so that any
    /// other use still hashes.
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
}

/// What the guards remember.
#[derive(Default)]
pub(in crate::agent::llm) struct Guards {
    /// Every failed call of the run, in order (the history a `RepeatedFailures` error carries).
    pub failures: Vec<FailureRecord>,
    /// Rounds in a row in which every call failed.
    pub failed_rounds: u32,
    /// Failures per (tool, kind).
    pub same_failure: HashMap<(String, FailureKind), u32>,
    /// Per call (tool and canonical arguments): a hash of the last result and how many times in
    /// a row the call gave it (the no-progress guard, `max_identical_calls`). A hash, not a copy:
    /// results can be large, and this runs for every call.
    pub identical: KeyMap<(u64, u64)>,
    /// Calls that failed permanently and were fed back once: the same call again ends the run.
    pub permanent_calls: KeySet,
    /// How many times each call (tool and canonical arguments) failed: the second time changes
    /// the sampling (see `repeat.rs`).
    pub failed_calls: KeyMap<u32>,
}

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Records a failed call for the loop guards; returns the guard that fires, if any.
    pub fn record_failure(
        &mut self,
        call_id: &str,
        tool: &str,
        kind: FailureKind,
        detail: String,
    ) -> Option<u32> {
        self.guards.failures.push(FailureRecord {
            turn: self.turn,
            call_id: call_id.to_owned(),
            tool: tool.to_owned(),
            kind,
            detail,
        });
        let n = self
            .guards
            .same_failure
            .entry((tool.to_owned(), kind))
            .or_insert(0);
        *n += 1;
        (*n >= self.agent.config.settings.max_same_failure).then_some(*n)
    }

    /// A call as the loop guards compare it: the tool and its arguments in canonical form
    /// (parsed leniently and written back compactly, so whitespace and key order do not matter;
    /// text nothing can be read from is compared trimmed).
    pub fn call_key(name: &str, args: &str) -> CallKey {
        Self::call_key_read(name, args).0
    }

    /// [`call_key`](Self::call_key), and the arguments as strict JSON reads them, when it does
    /// (see [`call_key::key_and_read`]).
    pub fn call_key_read(name: &str, args: &str) -> (CallKey, Option<Value>) {
        call_key::key_and_read(name, args)
    }

    /// The no-progress guard: a call that gives the same result as the last time it was made
    /// (same tool, same canonical arguments) counts as one more identical call; a different
    /// result (a polling tool whose answer changes) starts the count again. More than
    /// `max_identical_calls` in a row ends the run.
    pub fn no_progress(&mut self, key: CallKey, result: &ToolResult) -> Result<(), BudgetExceeded> {
        let mut hasher = std::hash::DefaultHasher::new();
        (result.is_error, &result.content).hash(&mut hasher);
        let fingerprint = hasher.finish();
        let entry = self.guards.identical.entry(key).or_insert((fingerprint, 0));
        if entry.0 == fingerprint {
            entry.1 += 1;
        } else {
            *entry = (fingerprint, 1);
        }
        self.budget.check(BudgetKind::IdenticalCalls, entry.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key map finds what was put in it by key, and only that: the key is its own hash.
    #[test]
    fn a_key_map_uses_the_key_as_its_hash() {
        let keys = [0u64, 1, u64::MAX, 0x9e37_79b9_7f4a_7c15, 1 << 63];
        let mut map = KeyMap::default();
        for (i, k) in keys.iter().enumerate() {
            map.insert(*k, i);
        }
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(map.get(k), Some(&i));
        }
        assert_eq!(map.get(&2), None);
        let mut hasher = KeyHasher::default();
        42u64.hash(&mut hasher);
        assert_eq!(hasher.finish(), 42);
    }
}
