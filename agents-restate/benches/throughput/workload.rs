//! The workload, each run: `calls` rounds of a model turn that asks for one tool call and the
//! tool call, then a model turn that answers: `2 × calls + 1` journaled steps. The model and the
//! tool are in-process and instant: what is measured is the durable execution around them. A
//! run's key says how many calls it makes (`…-L<calls>-…`), so one service serves every length.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use agents_core::model::{Message, ModelError, ModelRequest, ModelResponse, ToolCall, ToolResult};
use agents_core::tool::tool_fn;
use agents_core::{ExecutionFailure, LlmAgent, Model};
use agents_restate::restate_sdk::prelude::*;
use agents_restate::{RunOutcome, RunRequest, RunStarted};
use futures_util::future::BoxFuture;

/// The journaled steps of a run that makes `calls` tool calls.
pub fn steps_of(calls: usize) -> usize {
    2 * calls + 1
}

/// The tool calls the run `key` makes, from its `L<calls>` segment (1 without one).
pub fn calls_of(key: &str) -> usize {
    key.split('-')
        .find_map(|part| part.strip_prefix('L')?.parse().ok())
        .unwrap_or(1)
}

/// When each step of each run started, in order; and the runs whose last step started.
#[derive(Default)]
struct Clock {
    marks: HashMap<String, Vec<Instant>>,
    finished: Vec<String>,
}

fn clock() -> &'static Mutex<Clock> {
    static CLOCK: OnceLock<Mutex<Clock>> = OnceLock::new();
    CLOCK.get_or_init(Default::default)
}

fn mark(run: &str, last: bool) {
    let mut clock = clock().lock().unwrap();
    clock
        .marks
        .entry(run.to_owned())
        .or_default()
        .push(Instant::now());
    if last {
        clock.finished.push(run.to_owned());
    }
}

/// The step latencies (one step's start to the next's) of every run whose last step started,
/// those runs forgotten.
pub fn step_latencies() -> Vec<Duration> {
    let mut clock = clock().lock().unwrap();
    let finished = std::mem::take(&mut clock.finished);
    let mut steps = Vec::new();
    for run in finished {
        if let Some(marks) = clock.marks.remove(&run) {
            steps.extend(marks.windows(2).map(|w| w[1].duration_since(w[0])));
        }
    }
    steps
}

/// The model of the workload: a tool call while the run has calls left to make, then an
/// answer. Every turn marks a step.
#[derive(Debug, Clone, Copy)]
pub struct Script;

impl Script {
    pub fn answer(request: &ModelRequest) -> ModelResponse {
        let run = request
            .messages
            .iter()
            .find_map(|m| match m {
                Message::User { content } => Some(content.as_str()),
                _ => None,
            })
            .unwrap_or_default();
        let made = request
            .messages
            .iter()
            .filter(|m| matches!(m, Message::Tool(_)))
            .count();
        if made >= calls_of(run) {
            mark(run, true);
            ModelResponse::text(format!("done {run}"))
        } else {
            mark(run, false);
            let n = made + 1;
            let args = serde_json::json!({ "run": run, "n": n }).to_string();
            ModelResponse::tool_call(format!("call-{n}"), "work", args)
        }
    }
}

impl Model for Script {
    fn name(&self) -> &str {
        "bench-script"
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        Box::pin(async move { Ok(Self::answer(request)) })
    }
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct WorkArgs {
    /// The run's key.
    run: String,
    /// Which of the run's calls this is (1-based).
    n: u32,
}

fn worked(run: &str, n: u32) -> String {
    format!("worked {run} #{n}")
}

/// The agent of the workload: the scripted model and the tool `work`, declared non-blocking
/// (its body only awaits, so its calls run in place) unless `own_task` (an `async` tool as
/// written without the declaration: each call on a task of its own).
pub fn agent(idempotent: bool, own_task: bool) -> LlmAgent {
    let work = tool_fn(
        "work",
        "Does the run's work.",
        |args: WorkArgs| async move {
            mark(&args.run, false);
            Ok::<_, ExecutionFailure>(worked(&args.run, args.n))
        },
    );
    let work = if idempotent { work.idempotent() } else { work };
    let work = if own_task { work } else { work.non_blocking() };
    LlmAgent::builder("bench")
        .model(Script)
        .tool(work)
        .build()
        .expect("the bench agent builds")
}

/// The workload's steps against the bare SDK: each model turn and each tool call one `ctx.run`,
/// recording what the agent's steps record (a model response, the tool's text), the model
/// shown the conversation so far as the agent shows it. The answer, and the conversation with
/// it (what ours answers with besides the answer).
async fn bare_steps(
    ctx: &WorkflowContext<'_>,
    run: &str,
) -> Result<(String, Vec<Message>), HandlerError> {
    let mut request = ModelRequest::new().messages(vec![Message::user(run.to_owned())]);
    for n in 1..=calls_of(run) as u32 {
        let Json(response): Json<ModelResponse> = ctx
            .run(|| async { Ok(Json(Script::answer(&request))) })
            .name("model")
            .await?;
        let key = run.to_owned();
        let content: String = ctx
            .run(|| async move {
                mark(&key, false);
                Ok(worked(&key, n))
            })
            .name("work")
            .await?;
        let calls: Vec<ToolCall> = response.tool_calls;
        let call_id = calls.first().map(|c| c.id.clone()).unwrap_or_default();
        request.messages.push(Message::Assistant {
            content: None,
            tool_calls: calls,
        });
        request.messages.push(Message::Tool(ToolResult {
            call_id,
            name: "work".to_owned(),
            content,
            is_error: false,
        }));
    }
    let Json(answer): Json<ModelResponse> = ctx
        .run(|| async { Ok(Json(Script::answer(&request))) })
        .name("model")
        .await?;
    let text = answer.text.unwrap_or_default();
    let mut messages = request.messages;
    messages.push(Message::assistant(text.clone()));
    Ok((text, messages))
}

/// The run's start time as one `ctx.run`, recorded as text as ours records it.
async fn bare_clock(ctx: &WorkflowContext<'_>) -> Result<(), HandlerError> {
    let _started: String = ctx
        .run(|| async {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default();
            Ok(now.as_millis().to_string())
        })
        .name("clock")
        .await?;
    Ok(())
}

/// The same workload against the bare SDK: the steps, nothing else.
pub struct BareRun;

#[restate_sdk::workflow(name = "BareRun")]
impl BareRun {
    #[handler]
    async fn run(&self, ctx: WorkflowContext<'_>, run: String) -> Result<String, HandlerError> {
        Ok(bare_steps(&ctx, &run).await?.0)
    }
}

/// The bare workload answering as ours does: the answer and the whole conversation (a
/// [`RunOutcome`]), whose size grows with the run's steps.
pub struct BareOutcomeRun;

#[restate_sdk::workflow(name = "BareOutcomeRun")]
impl BareOutcomeRun {
    #[handler]
    async fn run(
        &self,
        ctx: WorkflowContext<'_>,
        run: String,
    ) -> Result<Json<RunOutcome>, HandlerError> {
        let (answer, transcript) = bare_steps(&ctx, &run).await?;
        Ok(Json(RunOutcome {
            output: Some(answer),
            error: None,
            transcript,
            turns: calls_of(&run) as u32 + 1,
        }))
    }
}

/// The bare workload with the run's start time journaled first, as ours does.
pub struct BareClockRun;

#[restate_sdk::workflow(name = "BareClockRun")]
impl BareClockRun {
    #[handler]
    async fn run(&self, ctx: WorkflowContext<'_>, run: String) -> Result<String, HandlerError> {
        bare_clock(&ctx).await?;
        Ok(bare_steps(&ctx, &run).await?.0)
    }
}

/// The bare workload shaped like ours: submitted through a `start` handler that reads the
/// request and sends the run (private to the ingress), which journals its start time, then the
/// steps. No agent.
pub struct BareShapedRun;

#[restate_sdk::workflow(name = "BareShapedRun")]
impl BareShapedRun {
    #[handler(ingress_private)]
    async fn run(
        &self,
        ctx: WorkflowContext<'_>,
        request: Json<RunRequest>,
    ) -> Result<String, HandlerError> {
        bare_clock(&ctx).await?;
        Ok(bare_steps(&ctx, &request.into_inner().input).await?.0)
    }

    #[handler]
    async fn start(
        &self,
        ctx: SharedWorkflowContext<'_>,
        request: Json<RunRequest>,
    ) -> Result<Json<RunStarted>, HandlerError> {
        let sent = ctx
            .workflow_client::<BareShapedRunClient>(ctx.key())
            .run(request)
            .send()
            .await?;
        Ok(Json(RunStarted {
            invocation_id: sent.invocation_id().to_owned(),
        }))
    }
}
