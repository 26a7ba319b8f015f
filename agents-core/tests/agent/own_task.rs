//! A call on a task of its own (a multi-thread runtime) is prepared in place with
//! `Tool::prepare_shared`, whose prepared call holds a share of the tool, and only its run is
//! spawned. What must hold there as in place: arguments that do not fit are found before the
//! call is charged, a tool that implements only `prepare` keeps that, `tool_fn` reads its
//! arguments once, the prepared closure runs on the tool's task (a blocking closure body cannot
//! hold the run), a panic anywhere in a tool is that call's result, and the tool outlives the
//! call that borrows it.
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agents_core::testing::ScriptedModel;
use agents_core::tool::{
    PreparedCall, ToolCallError, ToolContext, prepared, run_prepared, tool_fn,
};
use agents_core::{Budget, ExecutionFailure, ModelResponse, Tool};
use futures_util::future::BoxFuture;
use serde_json::{Value, json};

use crate::common::*;

fn spec(name: &str) -> agents_core::model::ToolSpec {
    agents_core::model::ToolSpec {
        name: name.to_owned(),
        description: "A test tool.".to_owned(),
        parameters: json!({"type": "object", "properties": {}}),
    }
}

/// The run's answer, if it answered.
fn answer(report: &agents_core::RunReport<String>) -> Option<&str> {
    match &report.outcome {
        Ok(agents_core::Outcome::Done(out)) => Some(out),
        _ => None,
    }
}

/// A tool that implements `call` and `prepare` (refusing arguments without `n`), not
/// `prepare_shared`; counts its runs.
struct ReadsOwnArgs {
    spec: agents_core::model::ToolSpec,
    runs: Arc<AtomicU32>,
}

impl Tool for ReadsOwnArgs {
    fn spec(&self) -> &agents_core::model::ToolSpec {
        &self.spec
    }
    fn call<'a>(
        &'a self,
        args: Value,
        ctx: &'a ToolContext,
    ) -> BoxFuture<'a, Result<Value, ToolCallError>> {
        run_prepared(self.prepare(args), ctx)
    }
    fn prepare<'a>(&'a self, args: Value) -> Result<PreparedCall<'a>, ToolCallError> {
        let Some(n) = args.get("n").and_then(Value::as_u64) else {
            return Err(ToolCallError::InvalidInput {
                target_type: "Args".to_owned(),
                field_path: "n".to_owned(),
                message: "missing field `n`".to_owned(),
            });
        };
        Ok(prepared(move |_| async move {
            self.runs.fetch_add(1, Ordering::SeqCst);
            Ok(json!(n))
        }))
    }
}

/// A tool with only its own `prepare` (the default `prepare_shared`), on a task of its own:
/// a call whose arguments do not fit is not charged, so under a budget of one tool call the
/// corrected call still runs, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tool_with_its_own_prepare_is_not_charged_for_arguments_that_do_not_fit() {
    let runs = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "own", "{}"),
        ModelResponse::tool_call("c2", "own", r#"{"n": 7}"#),
        ModelResponse::text("done"),
    ]);
    let tool = ReadsOwnArgs {
        spec: spec("own"),
        runs: runs.clone(),
    };
    let budget = Budget {
        max_tool_calls: Some(1),
        ..Budget::default()
    };
    let report = agent_with(&model, tool, budget)
        .run("go".into())
        .report()
        .await;
    assert_eq!(answer(&report), Some("done"));
    assert_eq!(count(&runs), 1);
    assert_eq!(tool_results(&report.transcript).last().unwrap(), "7");
}

/// Arguments whose reading is counted.
#[derive(schemars::JsonSchema)]
struct Counted {}

static READS: AtomicU32 = AtomicU32::new(0);

impl<'de> serde::Deserialize<'de> for Counted {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        READS.fetch_add(1, Ordering::SeqCst);
        serde::de::IgnoredAny::deserialize(d)?;
        Ok(Counted {})
    }
}

/// `tool_fn` prepares its shared call itself: a call on a task of its own reads its arguments
/// into the tool's type once (the default `prepare_shared` would read them twice).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tool_fn_reads_its_arguments_once_on_a_task_of_its_own() {
    let tool = tool_fn("counted", "Counts its readings.", |_: Counted| async move {
        Ok::<_, ExecutionFailure>("ok")
    });
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "counted", "{}"),
        ModelResponse::text("done"),
    ]);
    let report = agent_with(&model, tool, Budget::default())
        .run("go".into())
        .report()
        .await;
    assert_eq!(answer(&report), Some("done"));
    assert_eq!(READS.load(Ordering::SeqCst), 1);
}

/// A tool whose prepared closure blocks its thread before it makes its future, until released
/// (or, should the run be held, after a long while); both `prepare` and `prepare_shared`.
struct BlocksBeforeItsFuture {
    spec: agents_core::model::ToolSpec,
    release: Release,
}

/// Opened by the test once the run returned; `held` says the closure waited until it gave up
/// (the run was held by it).
#[derive(Clone, Default)]
struct Release {
    open: Arc<(Mutex<bool>, std::sync::Condvar)>,
    held: Arc<std::sync::atomic::AtomicBool>,
}

impl BlocksBeforeItsFuture {
    fn call_holding<'a>(release: Release) -> Result<PreparedCall<'a>, ToolCallError> {
        Ok(Box::new(move |_ctx| {
            let (lock, cv) = &*release.open;
            let open = lock.lock().unwrap();
            let (_open, waited) = cv
                .wait_timeout_while(open, Duration::from_secs(30), |open| !*open)
                .unwrap();
            if waited.timed_out() {
                release.held.store(true, Ordering::SeqCst);
            }
            Box::pin(async { Ok(json!("late")) })
        }))
    }
}

impl Tool for BlocksBeforeItsFuture {
    fn spec(&self) -> &agents_core::model::ToolSpec {
        &self.spec
    }
    fn call<'a>(
        &'a self,
        args: Value,
        ctx: &'a ToolContext,
    ) -> BoxFuture<'a, Result<Value, ToolCallError>> {
        run_prepared(self.prepare(args), ctx)
    }
    fn prepare<'a>(&'a self, _args: Value) -> Result<PreparedCall<'a>, ToolCallError> {
        Self::call_holding(self.release.clone())
    }
    fn prepare_shared(
        self: Arc<Self>,
        _args: Value,
    ) -> Result<PreparedCall<'static>, ToolCallError> {
        Self::call_holding(self.release.clone())
    }
}

/// The prepared closure is called on the tool's task: a closure that blocks before it returns
/// its future is cut by the tool's timeout like a blocking future, and the run goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closure_that_blocks_before_its_future_is_cut_by_its_timeout() {
    let release = Release::default();
    let tool = BlocksBeforeItsFuture {
        spec: spec("hold"),
        release: release.clone(),
    };
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "hold", "{}"),
        ModelResponse::text("went on"),
    ]);
    let budget = Budget {
        tool_timeout: Some(Duration::from_millis(100)),
        ..Budget::default()
    };
    let agent = agent_with(&model, tool, budget);
    let report = tokio::spawn(async move { agent.run("go".into()).report().await })
        .await
        .unwrap();
    let held = release.held.load(Ordering::SeqCst);
    {
        let (lock, cv) = &*release.open;
        *lock.lock().unwrap() = true;
        cv.notify_all();
    }
    assert!(!held, "the run waited for the blocking closure");
    assert_eq!(answer(&report), Some("went on"));
    let errors = error_results(&report.transcript);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("timed out") || errors[0].contains("timeout"),
        "{errors:?}"
    );
}

/// Where a tool panics.
#[derive(Clone, Copy, Debug)]
enum PanicAt {
    Prepare,
    Closure,
    Future,
}

struct Panics(agents_core::model::ToolSpec, PanicAt);

impl Panics {
    fn call_panicking<'a>(at: PanicAt) -> Result<PreparedCall<'a>, ToolCallError> {
        if let PanicAt::Prepare = at {
            panic!("boom in prepare");
        }
        Ok(Box::new(move |_ctx| {
            if let PanicAt::Closure = at {
                panic!("boom in the closure");
            }
            Box::pin(async move {
                tokio::task::yield_now().await;
                panic!("boom in the future")
            })
        }))
    }
}

impl Tool for Panics {
    fn spec(&self) -> &agents_core::model::ToolSpec {
        &self.0
    }
    fn call<'a>(
        &'a self,
        args: Value,
        ctx: &'a ToolContext,
    ) -> BoxFuture<'a, Result<Value, ToolCallError>> {
        run_prepared(self.prepare(args), ctx)
    }
    fn prepare<'a>(&'a self, _args: Value) -> Result<PreparedCall<'a>, ToolCallError> {
        Self::call_panicking(self.1)
    }
    fn prepare_shared(
        self: Arc<Self>,
        _args: Value,
    ) -> Result<PreparedCall<'static>, ToolCallError> {
        Self::call_panicking(self.1)
    }
}

/// A panic while preparing, in the prepared closure, or in the tool's future, on a task of its
/// own: the call's one result is the tool's permanent internal error, and the run goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_on_a_task_of_its_own_is_the_calls_result() {
    for at in [PanicAt::Prepare, PanicAt::Closure, PanicAt::Future] {
        let model = ScriptedModel::new([
            ModelResponse::tool_call("c1", "panics", "{}"),
            ModelResponse::text("went on"),
        ]);
        let report = agent_with(&model, Panics(spec("panics"), at), Budget::default())
            .run("go".into())
            .report()
            .await;
        assert_eq!(answer(&report), Some("went on"), "{at:?}");
        let errors = error_results(&report.transcript);
        assert_eq!(errors.len(), 1, "{at:?}: {errors:?}");
        // A panic is an internal error to the model (its detail is the operator's), permanent.
        assert!(errors[0].contains("internal error"), "{at:?}: {errors:?}");
        assert!(errors[0].contains("permanent"), "{at:?}: {errors:?}");
    }
}

/// What happened to a tool and its call's future, in order.
type Log = Arc<Mutex<Vec<&'static str>>>;

/// A tool whose call waits forever, holding a borrow of the tool that it uses when dropped.
struct Borrowing {
    spec: agents_core::model::ToolSpec,
    log: Log,
    started: Arc<tokio::sync::Notify>,
}

impl Drop for Borrowing {
    fn drop(&mut self) {
        self.log.lock().unwrap().push("tool dropped");
    }
}

/// Held by the call's future: writes through its borrow of the tool when the future is dropped.
struct Leaving<'a>(&'a Borrowing);

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        self.0.log.lock().unwrap().push("call dropped");
    }
}

impl Tool for Borrowing {
    fn spec(&self) -> &agents_core::model::ToolSpec {
        &self.spec
    }
    fn call<'a>(
        &'a self,
        _args: Value,
        _ctx: &'a ToolContext,
    ) -> BoxFuture<'a, Result<Value, ToolCallError>> {
        Box::pin(async move {
            let _leaving = Leaving(self);
            self.started.notify_one();
            std::future::pending::<()>().await;
            Ok(Value::Null)
        })
    }
}

/// A call on a task of its own borrows its tool: when the run (and the agent that owned the
/// tool) is dropped while the call waits, the call's task keeps the tool alive until the call's
/// future is gone, and only then is the tool dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tool_outlives_the_call_that_borrows_it() {
    let log = Log::default();
    let started = Arc::new(tokio::sync::Notify::new());
    let tool = Borrowing {
        spec: spec("borrow"),
        log: log.clone(),
        started: started.clone(),
    };
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "borrow", "{}"),
        ModelResponse::text("never"),
    ]);
    abort_once_started(agent_with(&model, tool, Budget::default()), &started).await;
    within_ten_seconds(|| log.lock().unwrap().len() == 2).await;
    assert_eq!(*log.lock().unwrap(), ["call dropped", "tool dropped"]);
}
