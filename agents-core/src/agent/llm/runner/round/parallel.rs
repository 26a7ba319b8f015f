//! The calls of one model turn run at once, up to the agent's limit, each through its own
//! repair chain; what the model reads comes back in call order.

use std::sync::atomic::{AtomicBool, Ordering};

use futures_util::StreamExt;
use futures_util::future::BoxFuture;

use super::{CallKey, Handled, Output, Runner};
use crate::conversation::not_executed;
use crate::model::ToolCall;
use crate::tool::executor::CallOutcome;

impl<In, Out> Runner<'_, In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Handles `calls` with up to `limit` of them running at once, and returns what each call's
    /// result is, in call order.
    ///
    /// In three passes: the call-level checks, built-ins and unknown tools, in order; then the
    /// tool calls at once; then their outcomes, in order, through the same bookkeeping as one
    /// call alone (failures, escalations, loop guards). A call that ends the run (a throw, a
    /// budget) lets the calls already running finish, and their results are kept; calls not yet
    /// started are not started.
    pub(super) async fn concurrent(
        &mut self,
        calls: &[ToolCall],
        limit: usize,
        same_guard: &mut Option<u32>,
    ) -> Vec<Handled<Out>> {
        let mut routes = Vec::with_capacity(calls.len());
        // Each call's arguments as its key read them (its first attempt takes them).
        let mut reads: Vec<Option<serde_json::Value>> = Vec::with_capacity(calls.len());
        for call in calls {
            let route = match self.precheck(call, same_guard) {
                Ok((key, read)) => {
                    reads.push(read);
                    self.route(call, same_guard).map(|tool| (key, tool))
                }
                Err(handled) => {
                    reads.push(None);
                    Err(handled)
                }
            };
            routes.push(route);
        }
        // A call written twice in this turn, to a tool that must not run twice, runs once.
        let keys: Vec<Option<CallKey>> = routes
            .iter()
            .map(|r| r.as_ref().ok().map(|(key, _)| *key))
            .collect();
        let repeats: Vec<Option<usize>> = (0..calls.len())
            .map(|i| self.repeats_earlier(calls, &keys, i))
            .collect();
        // Only the tool numbers cross the awaits (the answers hold `Out`, which need not be Sync).
        let tools: Vec<Option<usize>> = routes
            .iter()
            .zip(&repeats)
            .map(|(r, repeat)| match repeat {
                Some(_) => None,
                None => r.as_ref().ok().map(|(_, tool)| *tool),
            })
            .collect();
        let stopping = AtomicBool::new(false);
        let outcomes: Vec<Option<CallOutcome>> = {
            let this = &*self;
            let stopping = &stopping;
            // Boxed up front: a future per call, started in order as the window allows.
            let mut runs: Vec<BoxFuture<'_, Option<CallOutcome>>> = Vec::with_capacity(calls.len());
            for ((call, tool), read) in calls.iter().zip(tools).zip(reads) {
                let run = async move {
                    let tool = tool?;
                    if stopping.load(Ordering::SeqCst) {
                        return None;
                    }
                    let outcome = this.execute(tool, call, read).await;
                    if matches!(outcome, CallOutcome::Stop(_)) {
                        stopping.store(true, Ordering::SeqCst);
                    }
                    Some(outcome)
                };
                // In a durable run each call is a branch of its own for what it reports: a call
                // whose steps are read back stays replaying while a sibling's step runs.
                match this.journal {
                    None => runs.push(Box::pin(run)),
                    Some(_) => runs.push(Box::pin(crate::journal::replay::branch(run))),
                }
            }
            futures_util::stream::iter(runs)
                .buffered(limit.max(1))
                .collect()
                .await
        };
        let mut handled: Vec<Handled<Out>> = Vec::with_capacity(calls.len());
        for (i, ((call, route), outcome)) in calls.iter().zip(routes).zip(outcomes).enumerate() {
            if let Some(j) = repeats[i] {
                let earlier = &handled[j];
                let answer = if earlier.failed {
                    Handled {
                        result: not_executed(call, "it repeats a call of this turn, which failed"),
                        failed: true,
                        stop: None,
                    }
                } else {
                    let content = earlier.result.content.clone();
                    self.repeated(call, &calls[j].id, &content)
                };
                handled.push(answer);
                continue;
            }
            handled.push(match (route, outcome) {
                (Err(answer), _) => answer,
                (Ok((key, _)), Some(outcome)) => {
                    let h = self.finish(call, &key, outcome, same_guard);
                    self.after_call(call, key, h)
                }
                (Ok(_), None) => Handled {
                    result: not_executed(call, "the run stopped before this call started"),
                    failed: false,
                    stop: None,
                },
            });
        }
        handled
    }
}
