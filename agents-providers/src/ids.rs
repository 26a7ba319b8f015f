//! Call ids for servers that send none.

use std::sync::atomic::{AtomicU64, Ordering};

static NEXT: AtomicU64 = AtomicU64::new(1);

/// A call id unique in this process (`call_synth_<n>_<index>`), for a tool call the server sent
/// without one: the runtime pairs every call with its result by id.
pub fn synthesize_call_id(index: usize) -> String {
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("call_synth_{n}_{index}")
}
