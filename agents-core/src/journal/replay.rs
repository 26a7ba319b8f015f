//! Whether the code running now replays a durable run's recorded steps, or does real work.
//!
//! A process that picks up a run after a crash replays the journal: it reads every recorded
//! step back, and re-derives from the recorded outcomes the same decisions (repairs, retries,
//! failures fed back, checkpoints). The process that recorded those steps reported all of that
//! already, so the replaying process must report none of it; it reports from the first step
//! that really runs in it. The run learns where that is from the journal's own answers
//! ([`Recorded::replayed`](super::Recorded::replayed)): a journal is a prefix of the run, so
//! once one step runs, every later step runs too. (Restate's SDK keeps its own replay state
//! private, exposing it only to its tracing filter, so the answers are the one source that
//! works for every journal.)
//!
//! The state is scoped to the run's future (a task-local, set while the future is polled), not
//! carried in the run's context: calls of one turn run concurrently, and each is a *branch* with
//! its own state from the moment it was started. A branch whose own step really ran is live; a
//! sibling still reading its steps back stays replaying, because the process that recorded its
//! steps reported its work. What the run does after the branches join is live if any branch
//! was.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, Ordering};

use futures_util::future::Either;

use crate::path::AgentPath;

tokio::task_local! {
    static BRANCH: Arc<Branch>;
}

/// No step yet: nothing is known, nothing is muted.
const UNKNOWN: u8 = 0;
/// Every step so far was read back from the journal.
const REPLAYING: u8 = 1;
/// A step really ran in this process (or the run started fresh).
const LIVE: u8 = 2;

/// One strand of a journaled run: the run itself, or one of the calls of a turn run at once.
struct Branch {
    state: AtomicU8,
    parent: Option<Arc<Branch>>,
    run: Arc<RunReplay>,
}

/// What is shared by every branch of one run.
struct RunReplay {
    /// The run's agent.
    agent: AgentPath,
    /// Model calls and tool executions read back from the journal.
    replayed_steps: AtomicU32,
    /// Whether the run's first step was read back: this process picked up a recorded run.
    resumed: AtomicBool,
    /// Whether the pick-up was announced.
    announced: AtomicBool,
}

/// Where the code running now stands, for what it reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Standing {
    /// It re-derives recorded work: report nothing.
    Replaying,
    /// The first report of a process that picked up a recorded run after reading
    /// `replayed_steps` steps back (returned once per run): announce that, then report.
    Resumed {
        agent: AgentPath,
        replayed_steps: u32,
    },
    /// Real work: report it.
    Live,
}

/// `run`, a journaled run of `agent`, with its replay state. (Not an `async fn`: a future
/// holding `run` would copy the whole run's state once more.)
pub(crate) fn scope<F: Future>(agent: AgentPath, run: F) -> impl Future<Output = F::Output> {
    let root = Branch {
        state: AtomicU8::new(UNKNOWN),
        parent: None,
        run: Arc::new(RunReplay {
            agent,
            replayed_steps: AtomicU32::new(0),
            resumed: AtomicBool::new(false),
            announced: AtomicBool::new(false),
        }),
    };
    BRANCH.scope(Arc::new(root), run)
}

/// `work` as a branch of the code creating it, run concurrently with its siblings: it starts
/// in the state the run is in now (not when it is first polled, by which time a sibling may
/// have gone live on its own account), and going live it makes the run live.
///
/// Outside a journaled run, `work` as it is.
pub(crate) fn branch<F: Future>(work: F) -> impl Future<Output = F::Output> {
    let child = BRANCH
        .try_with(|parent| {
            Arc::new(Branch {
                state: AtomicU8::new(parent.state.load(Ordering::SeqCst)),
                parent: Some(parent.clone()),
                run: parent.run.clone(),
            })
        })
        .ok();
    match child {
        Some(child) => Either::Left(BRANCH.scope(child, work)),
        None => Either::Right(work),
    }
}

/// `work`, to run on a task of its own, in the replay state of the code creating it (a task does
/// not inherit its creator's task-locals): what it reports counts as that code's.
///
/// Outside a journaled run, `work` as it is.
pub(crate) fn carried<F: Future>(work: F) -> impl Future<Output = F::Output> {
    match BRANCH.try_with(Arc::clone).ok() {
        Some(branch) => Either::Left(BRANCH.scope(branch, work)),
        None => Either::Right(work),
    }
}

/// A step's outcome was read back from the journal; `counted` when it is a model call or a
/// tool execution (the run's start time is a step too, but not one a user counts).
pub(crate) fn read_back(counted: bool) {
    let _ = BRANCH.try_with(|b| {
        // The first step read back makes the run a replay; a live branch stays live (a journal
        // is a prefix: nothing after a step that ran is read back).
        if b.state
            .compare_exchange(UNKNOWN, REPLAYING, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            b.run.resumed.store(true, Ordering::SeqCst);
        }
        if counted && b.state.load(Ordering::SeqCst) == REPLAYING {
            b.run.replayed_steps.fetch_add(1, Ordering::SeqCst);
        }
    });
}

/// A step really runs (or its outcome is recorded) in this process: this branch and the ones
/// it belongs to are live from here on.
pub(crate) fn ran() {
    let _ = BRANCH.try_with(|b| {
        let mut branch = Some(b);
        while let Some(b) = branch {
            b.state.store(LIVE, Ordering::SeqCst);
            branch = b.parent.as_ref();
        }
    });
}

/// The run ends in this process and the journal could not take its end step (the run was
/// cancelled, or the journal failed) while the process may still replay: the end is reported
/// all the same (a run's end is never lost), and as the first report after a pick-up it
/// announces the pick-up (`RunResumed`), as any other would.
pub(crate) fn ending() {
    ran();
}

/// Whether the code running now re-derives recorded work (outside a journaled run: no).
pub(crate) fn replaying() -> bool {
    BRANCH
        .try_with(|b| b.state.load(Ordering::SeqCst) == REPLAYING)
        .unwrap_or(false)
}

/// Where the code running now stands; [`Standing::Resumed`] is returned once per run, to the
/// first report after the pick-up.
pub(crate) fn standing() -> Standing {
    BRANCH
        .try_with(|b| match b.state.load(Ordering::SeqCst) {
            REPLAYING => Standing::Replaying,
            LIVE if b.run.resumed.load(Ordering::SeqCst)
                && !b.run.announced.swap(true, Ordering::SeqCst) =>
            {
                Standing::Resumed {
                    agent: b.run.agent.clone(),
                    replayed_steps: b.run.replayed_steps.load(Ordering::SeqCst),
                }
            }
            _ => Standing::Live,
        })
        .unwrap_or(Standing::Live)
}
