//! The argument pipeline and the repair chain: each test names the behaviour it protects.
use crate::common;

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agents_core::agent::from_fn;
use agents_core::repair::{
    Handlers, constant, escalate, fix, fix_in_context, fix_with, no_backoff, retry, sanitize, throw,
};
use agents_core::testing::ScriptedModel;
use agents_core::{
    AgentError, ExecutionFailure, LlmAgent, Message, ModelResponse, Severity, ToolError,
    error::ErrorClass,
};
use common::*;

fn last_tool_result(model: &ScriptedModel, request: usize) -> agents_core::model::ToolResult {
    match model.requests()[request].messages.last() {
        Some(Message::Tool(r)) => r.clone(),
        other => panic!("expected a tool result, got {other:?}"),
    }
}

/// A user `fix` receives the real `InvalidArgs` error (raw text and parse position), and its
/// answer re-enters the pipeline: the tool runs once, no extra model turn.
#[tokio::test]
async fn fix_receives_invalid_args_with_position_and_reenters_pipeline() {
    let calls = counter();
    let seen = Arc::new(Mutex::new(None));
    let seen2 = seen.clone();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", "city=Oslo"),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(calls.clone()))
        .strict(true)
        .on_error(Handlers::new().invalid_args(fix_in_context(
            move |raw: &str, cx: &agents_core::repair::RepairContext<'_>| {
                if let ToolError::InvalidArgs(e) = &cx.request.error {
                    *seen2.lock().unwrap() =
                        Some((e.raw.clone(), e.parse_error.position, e.schema.clone()));
                }
                let city = raw.strip_prefix("city=")?;
                Some(format!(r#"{{"city":"{city}"}}"#))
            },
        )))
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    assert_eq!(count(&calls), 1);
    assert_eq!(model.requests().len(), 2);
    let (raw, position, schema) = seen.lock().unwrap().clone().expect("fix saw the error");
    assert_eq!(raw, "city=Oslo");
    assert_eq!(position, Some(0));
    assert_eq!(schema["required"], serde_json::json!(["city"]));
}

/// `fix` returning None passes to the next step; a fixer agent failing twice then succeeding
/// runs exactly three times.
#[tokio::test]
async fn chain_passes_on_and_fixer_is_retried_until_it_succeeds() {
    let calls = counter();
    let fixer_runs = Arc::new(AtomicU32::new(0));
    let fr = fixer_runs.clone();
    let fixer = from_fn("json-fixer", move |_raw: String| {
        let n = fr.fetch_add(1, Ordering::SeqCst) + 1;
        async move {
            if n < 3 {
                Ok("still broken".to_owned())
            } else {
                Ok(r#"{"city":"Paris"}"#.to_owned())
            }
        }
    });
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", "<<garbage>>"),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(calls.clone()))
        .on_error(
            Handlers::new().invalid_args(fix(|_: &str| None::<String>).or(fix_with(fixer, 3))),
        )
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    assert_eq!(fixer_runs.load(Ordering::SeqCst), 3);
    assert_eq!(count(&calls), 1);
    assert_eq!(
        last_tool_result(&model, 1).content,
        "Paris: sunny for 1 day(s)"
    );
}

/// The fixer receives the raw text as input and the full repair request in its context.
#[tokio::test]
async fn fixer_sees_raw_error_schema_and_attempt() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s2 = seen.clone();
    let fixer = agents_core::agent::from_fn_with_context(
        "fixer",
        move |raw: String, ctx: agents_core::agent::RunContext| {
            let req = ctx
                .repair_request()
                .cloned()
                .expect("a fixer runs with a repair request");
            s2.lock().unwrap().push((
                raw.clone(),
                req.attempt,
                req.max_attempts,
                req.tool.clone(),
                ctx.path().unwrap().to_string(),
            ));
            async move { Ok(r#"{"city":"Rome"}"#.to_owned()) }
        },
    );
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", "not json at all"),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("main")
        .model(model)
        .tool(weather(counter()))
        .on_error(Handlers::new().invalid_args(fix_with(fixer, 2)))
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    let seen = seen.lock().unwrap().clone();
    assert_eq!(
        seen,
        vec![(
            "not json at all".to_owned(),
            1,
            2,
            "weather".to_owned(),
            "main/fixer".to_owned()
        )]
    );
}

/// With the built-in repair on (the default), malformed JSON never reaches a user step.
#[tokio::test]
async fn builtin_repair_runs_before_user_steps_and_strict_turns_it_off() {
    for strict in [false, true] {
        let user_fix_runs = Arc::new(AtomicU32::new(0));
        let u = user_fix_runs.clone();
        let model = ScriptedModel::new([
            ModelResponse::tool_call("c1", "weather", "{'city': 'Oslo',}"),
            ModelResponse::text("ok"),
        ]);
        let agent = LlmAgent::<String, String>::builder("a")
            .model(model)
            .tool(weather(counter()))
            .strict(strict)
            .on_error(Handlers::new().invalid_args(fix(move |_: &str| {
                u.fetch_add(1, Ordering::SeqCst);
                Some(r#"{"city":"Oslo"}"#.to_owned())
            })))
            .build()
            .unwrap();
        agent.run("go".into()).await.unwrap();
        assert_eq!(
            user_fix_runs.load(Ordering::SeqCst),
            u32::from(strict),
            "strict = {strict}"
        );
    }
}

/// `sanitize` handles deserialization errors on the parsed value, with the field path at hand.
#[tokio::test]
async fn sanitize_repairs_deserialization_errors() {
    let calls = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"town": "Lima"}"#),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(calls.clone()))
        .on_error(Handlers::new().deserialization_error(sanitize(|mut v| {
            let town = v.as_object_mut()?.remove("town")?;
            Some(serde_json::json!({ "city": town }))
        })))
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    assert_eq!(count(&calls), 1);
    assert_eq!(
        last_tool_result(&model, 1).content,
        "Lima: sunny for 1 day(s)"
    );
}

fn io_reset() -> ExecutionFailure {
    ExecutionFailure::from_error(std::io::Error::new(
        std::io::ErrorKind::ConnectionReset,
        "reset by peer",
    ))
}

/// A transient failure of an idempotent tool is retried with exponential backoff; the delays
/// follow the schedule (paused time).
#[tokio::test(start_paused = true)]
async fn retry_backs_off_exponentially_on_transient_failures() {
    let calls = counter();
    let rec = Recorder::default();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "fetch", "{}"),
        ModelResponse::text("ok"),
    ]);
    let backoff = agents_core::repair::Backoff::Exponential {
        initial: Duration::from_millis(100),
        factor: 2.0,
        max: Duration::from_secs(5),
        jitter: false,
    };
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool_with(
            flaky("fetch", 2, true, io_reset, calls.clone()),
            Handlers::new().execution_error(retry(3, backoff)),
        )
        .on_event(rec.hook())
        .build()
        .unwrap();
    let started = tokio::time::Instant::now();
    agent.run("go".into()).await.unwrap();
    assert_eq!(count(&calls), 3);
    assert_eq!(started.elapsed(), Duration::from_millis(300));
    let delays: Vec<u128> = rec
        .events()
        .iter()
        .filter_map(|e| match e {
            agents_core::Event::Retry { delay, attempt, .. } => Some((delay.as_millis(), *attempt)),
            _ => None,
        })
        .map(|(d, _)| d)
        .collect();
    assert_eq!(delays, vec![100, 200]);
    assert_eq!(last_tool_result(&model, 1).content, "ok");
}

/// On exhaustion the last error is reported with every attempt counted.
#[tokio::test(start_paused = true)]
async fn retry_exhaustion_reports_last_error_with_all_attempts() {
    let calls = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "fetch", "{}"),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool_with(
            flaky("fetch", 10, true, io_reset, calls.clone()),
            Handlers::new().execution_error(retry(3, no_backoff())),
        )
        .unhandled(agents_core::agent::UnhandledPolicy::Propagate)
        .build()
        .unwrap();
    match agent.run("go".into()).await {
        Err(AgentError::Tool(e)) => match *e {
            ToolError::Execution(e) => {
                assert_eq!(e.attempts, 3);
                assert_eq!(e.class, ErrorClass::Transient);
                assert!(e.failure.find_source::<std::io::Error>().is_some());
            }
            other => panic!("unexpected {other:?}"),
        },
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(count(&calls), 3);
}

/// Tools that are not idempotent are not retried unless the retry opts in.
#[tokio::test(start_paused = true)]
async fn non_idempotent_tools_need_explicit_opt_in() {
    for opt_in in [false, true] {
        let calls = counter();
        let model = ScriptedModel::new([
            ModelResponse::tool_call("c1", "pay", "{}"),
            ModelResponse::text("ok"),
        ]);
        let step = if opt_in {
            retry(3, constant(Duration::from_millis(10))).even_if_not_idempotent()
        } else {
            retry(3, constant(Duration::from_millis(10)))
        };
        let agent = LlmAgent::<String, String>::builder("a")
            .model(model)
            .tool_with(
                flaky("pay", 1, false, io_reset, calls.clone()),
                Handlers::new().execution_error(step),
            )
            .build()
            .unwrap();
        agent.run("go".into()).await.unwrap();
        assert_eq!(
            count(&calls),
            if opt_in { 2 } else { 1 },
            "opt_in = {opt_in}"
        );
    }
}

/// Failures of unknown class are not retried by default (nothing says they are transient).
#[tokio::test(start_paused = true)]
async fn unknown_failures_are_not_retried_by_default() {
    let calls = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "lookup", "{}"),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model)
        .tool_with(
            flaky(
                "lookup",
                1,
                true,
                || ExecutionFailure::new("record not found"),
                calls.clone(),
            ),
            Handlers::new().execution_error(retry(3, no_backoff())),
        )
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    assert_eq!(count(&calls), 1);
}

/// `throw` ends the run at once, even with retries left in the chain after it.
#[tokio::test]
async fn throw_ends_the_run_whatever_retries_remain() {
    let calls = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "db", "{}"),
        ModelResponse::text("never"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool_with(
            flaky(
                "db",
                5,
                true,
                || ExecutionFailure::new("credentials rejected").permanent(),
                calls.clone(),
            ),
            Handlers::new()
                .execution_error(throw("invalid credentials").or(retry(5, no_backoff()))),
        )
        .build()
        .unwrap();
    match agent.run("go".into()).await {
        Err(AgentError::Thrown {
            reason, original, ..
        }) => {
            assert_eq!(reason, "invalid credentials");
            assert!(matches!(original.as_deref(), Some(ToolError::Execution(_))));
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(count(&calls), 1);
    assert_eq!(
        model.requests().len(),
        1,
        "no further model turn after a throw"
    );
}

/// A retry never swallows an escalation: the chain stops at the escalation. The failure is
/// transient and the tool idempotent, so the retry after it would run if the chain went on.
#[tokio::test]
async fn escalation_renders_the_documented_text_and_is_never_a_success() {
    let calls = counter();
    let rec = Recorder::default();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "read", "{}"),
        ModelResponse::text("understood"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool_with(
            flaky(
                "read",
                5,
                true,
                || ExecutionFailure::transient("file server busy"),
                calls.clone(),
            ),
            Handlers::new().execution_error(
                escalate("File not found, cannot retry", Severity::Medium)
                    .or(retry(3, no_backoff())),
            ),
        )
        .on_event(rec.hook())
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "understood");
    let r = last_tool_result(&model, 1);
    assert_eq!(
        r.content,
        "ERROR: Tool 'read' failed: File not found, cannot retry (severity: MEDIUM). This is an outage, not a problem with the arguments: do not change them. Call the tool again later, or go on without its result."
    );
    assert!(r.is_error);
    let names = rec.names();
    assert!(names.contains(&"escalated".to_owned()));
    assert!(!names.contains(&"retry".to_owned()), "{names:?}");
    assert!(!names.contains(&"tool_finished".to_owned()), "{names:?}");
    assert_eq!(count(&calls), 1);
}

/// Resolution per kind: tool-level > agent-level `on_tool_error(tool)` > defaults (`on_error`).
/// Each pair of levels defines the same kind with different steps, so swapping any two levels
/// changes what runs; a kind a level does not define is inherited from the one below.
#[tokio::test(start_paused = true)]
async fn handlers_merge_per_kind_across_levels() {
    let calls = counter();
    let runs = |c: &Arc<AtomicU32>| c.load(Ordering::SeqCst);
    let (agent_fix, default_fix, default_sanitize) = (counter(), counter(), counter());
    let (a, d, s) = (
        agent_fix.clone(),
        default_fix.clone(),
        default_sanitize.clone(),
    );
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "fetch", "NOT JSON"),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model)
        .strict(true)
        // execution_error: the tool's retry must win over the agent level's throw.
        .tool_with(
            flaky("fetch", 1, true, io_reset, calls.clone()),
            Handlers::new().execution_error(retry(2, no_backoff())),
        )
        // invalid_args: the agent level's fix must win over the defaults'. It answers with a
        // JSON string, which does not fit the tool's (object) arguments.
        .on_tool_error(
            "fetch",
            Handlers::new()
                .execution_error(throw("agent-level must lose to tool-level"))
                .invalid_args(fix(move |_: &str| {
                    a.fetch_add(1, Ordering::SeqCst);
                    Some(r#""not an object""#.to_owned())
                })),
        )
        // deserialization_error: defined only here, so inherited by the tool.
        .on_error(
            Handlers::new()
                .invalid_args(fix(move |_: &str| {
                    d.fetch_add(1, Ordering::SeqCst);
                    Some("{}".to_owned())
                }))
                .deserialization_error(sanitize(move |_| {
                    s.fetch_add(1, Ordering::SeqCst);
                    Some(serde_json::json!({}))
                })),
        )
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    assert_eq!(
        runs(&agent_fix),
        1,
        "the agent level's invalid_args fix ran"
    );
    assert_eq!(runs(&default_fix), 0, "the defaults' invalid_args fix lost");
    assert_eq!(
        runs(&default_sanitize),
        1,
        "deserialization_error was inherited"
    );
    assert_eq!(
        count(&calls),
        2,
        "tool-level retry ran, not the agent-level throw"
    );
}

/// At most `max_repair_steps` steps per call: the cap ends the repair (a `BudgetExceeded` event
/// naming it), not the run. The model can act on what is wrong with its call, so the last error
/// goes to the unhandled policy and, under FeedBack, the model reads it.
#[tokio::test]
async fn repair_steps_are_bounded_per_call() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", "nope"),
        ModelResponse::text("gave up"),
    ]);
    let fixer_runs = counter();
    let f = fixer_runs.clone();
    let always_broken = from_fn("broken-fixer", move |_: String| {
        f.fetch_add(1, Ordering::SeqCst);
        async { Ok("still nope".to_owned()) }
    });
    let rec = Recorder::default();
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(counter()))
        .budget(agents_core::Budget {
            max_repair_steps: Some(4),
            ..Default::default()
        })
        .on_error(Handlers::new().invalid_args(fix_with(always_broken, 100)))
        .on_event(rec.hook())
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "gave up");
    // Four steps: the built-in JSON repair (which finds nothing) and three fixer attempts.
    assert_eq!(count(&fixer_runs), 3);
    let budget: Vec<(agents_core::budget::BudgetKind, u64, u64)> = rec
        .events()
        .into_iter()
        .filter_map(|e| match e {
            agents_core::Event::BudgetExceeded {
                kind, limit, used, ..
            } => Some((kind, limit, used)),
            _ => None,
        })
        .collect();
    assert_eq!(
        budget,
        [(agents_core::budget::BudgetKind::RepairSteps, 4, 5)]
    );
    let r = last_tool_result(&model, 1);
    assert!(r.is_error && r.content.contains("not valid JSON"), "{r:?}");
}

/// A tool that panics becomes a permanent execution error marked as a panic; under FeedBack the
/// model reads it once, told not to repeat the call, and repeating it ends the run with the
/// history.
#[tokio::test]
async fn panics_are_permanent_execution_errors() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "explode", "{}"),
        ModelResponse::tool_call("c2", "explode", "{}"),
        ModelResponse::text("never"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(panicking())
        .build()
        .unwrap();
    match agent.run("go".into()).await {
        Err(AgentError::RepeatedFailures { guard, history }) => {
            assert_eq!(guard, agents_core::error::LoopGuard::PermanentFailure);
            assert_eq!(history.len(), 2);
            assert!(
                history[0].detail.contains("panicked"),
                "{}",
                history[0].detail
            );
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(model.requests().len(), 2);
    let r = last_tool_result(&model, 1);
    assert_eq!(
        r.content,
        "ERROR: Tool 'explode' failed: it failed with an internal error; this failure is permanent, do not repeat this call."
    );
}

/// A per-tool timeout becomes a transient execution error, fed back to the model.
#[tokio::test(start_paused = true)]
async fn timeouts_are_transient_execution_errors() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "sleepy", "{}"),
        ModelResponse::text("gave up"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(sleepy())
        .unhandled(agents_core::agent::UnhandledPolicy::Propagate)
        .build()
        .unwrap();
    match agent.run("go".into()).await {
        Err(AgentError::Tool(e)) => match *e {
            ToolError::Execution(e) => {
                assert!(e.failure.is_timeout());
                assert_eq!(e.class, ErrorClass::Transient);
            }
            other => panic!("unexpected {other:?}"),
        },
        other => panic!("unexpected {other:?}"),
    }
}

/// One retry budget shared by the layers: tool retries stop when it is spent.
#[tokio::test(start_paused = true)]
async fn tool_retries_draw_on_the_shared_retry_budget() {
    let calls = counter();
    let budget = agents_core::budget::RetryBudget::new(1);
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "fetch", "{}"),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model)
        .tool_with(
            flaky("fetch", 10, true, io_reset, calls.clone()),
            Handlers::new().execution_error(retry(5, no_backoff())),
        )
        .retry_budget(budget.clone())
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    assert_eq!(
        count(&calls),
        2,
        "the first call plus the one retry the budget allows"
    );
    assert_eq!(budget.remaining(), 0);
}

/// `escalate_error()` uses the error's own model-safe words as the reason, framed once.
#[tokio::test]
async fn escalate_without_a_reason_frames_the_error_once() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "read", "{}"),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool_with(
            flaky(
                "read",
                5,
                true,
                || ExecutionFailure::new("no such file").model_safe(),
                counter(),
            ),
            Handlers::new().execution_error(agents_core::repair::escalate_error()),
        )
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    assert_eq!(
        last_tool_result(&model, 1).content,
        "ERROR: Tool 'read' failed: no such file (severity: HIGH). The tool failed while running: if the arguments were the cause, retry with corrected ones; otherwise go on without its result."
    );
}

/// An agent with `weather` under `max_tool_calls = 1`, recording events.
fn one_tool_call_agent(
    model: &ScriptedModel,
    calls: &Arc<AtomicU32>,
    strict: bool,
    rec: &Recorder,
) -> LlmAgent<String, String> {
    LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(calls.clone()))
        .strict(strict)
        .budget(agents_core::Budget {
            max_tool_calls: Some(1),
            ..agents_core::Budget::default()
        })
        .on_event(rec.hook())
        .build()
        .unwrap()
}

fn tool_started(rec: &Recorder) -> Vec<u32> {
    rec.events()
        .into_iter()
        .filter_map(|e| match e {
            agents_core::Event::ToolStarted { attempt, .. } => Some(attempt),
            _ => None,
        })
        .collect()
}

/// Arguments are read into the tool's types in their own step, before it runs: a call whose
/// arguments do not fit emits no `ToolStarted` and is not charged as a tool call (so a later
/// call still fits in `max_tool_calls = 1`).
#[tokio::test]
async fn arguments_that_do_not_fit_are_not_charged_or_announced() {
    let calls = counter();
    let rec = Recorder::default();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"days": 2}"#),
        ModelResponse::tool_call("c2", "weather", r#"{"city": "Oslo"}"#),
        ModelResponse::text("done"),
    ]);
    let agent = one_tool_call_agent(&model, &calls, true, &rec);
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    assert_eq!(count(&calls), 1);
    assert_eq!(
        tool_started(&rec),
        [1],
        "only the call that ran was announced"
    );
    assert!(last_tool_result(&model, 1).is_error);
}

/// A call that coercion fixes runs once and is charged once (`max_tool_calls = 1` holds), with
/// one `ToolStarted` whose attempt is 1.
#[tokio::test]
async fn a_call_fixed_by_coercion_is_charged_once() {
    let calls = counter();
    let rec = Recorder::default();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"city": "Oslo", "days": "2"}"#),
        ModelResponse::text("done"),
    ]);
    let agent = one_tool_call_agent(&model, &calls, false, &rec);
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    assert_eq!(count(&calls), 1);
    assert_eq!(tool_started(&rec), [1]);
    let r = last_tool_result(&model, 1);
    assert!(!r.is_error && r.content.contains("2 day"), "{r:?}");
}

/// Tool-retry jitter: with `jitter`, each wait is drawn within [½, 1] of its nominal value, and
/// the waits differ from one another (so many clients do not retry in step).
#[tokio::test(start_paused = true)]
async fn tool_retry_jitter_spreads_the_waits() {
    let calls = counter();
    let rec = Recorder::default();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "fetch", "{}"),
        ModelResponse::text("ok"),
    ]);
    let jittered = agents_core::repair::Backoff::Exponential {
        initial: Duration::from_millis(1000),
        factor: 1.0,
        max: Duration::from_millis(1000),
        jitter: true,
    };
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model)
        .tool_with(
            flaky("fetch", 12, true, io_reset, calls.clone()),
            Handlers::new().execution_error(retry(13, jittered)),
        )
        .budget(agents_core::Budget {
            max_repair_steps: None,
            ..agents_core::Budget::default()
        })
        .on_event(rec.hook())
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "ok");
    assert_eq!(count(&calls), 13);
    let delays: Vec<Duration> = rec
        .events()
        .into_iter()
        .filter_map(|e| match e {
            agents_core::Event::Retry { delay, .. } => Some(delay),
            _ => None,
        })
        .collect();
    assert_eq!(delays.len(), 12);
    for d in &delays {
        assert!(
            *d >= Duration::from_millis(500) && *d <= Duration::from_millis(1000),
            "{delays:?}"
        );
    }
    let distinct: std::collections::HashSet<_> = delays.iter().collect();
    assert!(distinct.len() > 1, "every wait the same: {delays:?}");
}

/// `strict` holds per level, the nearest level deciding: a tool's own `Handlers::strict` beats
/// the agent's, and `on_tool_error(tool)`'s beats the agent's too.
#[tokio::test]
async fn strict_is_decided_per_level() {
    // Needs the built-in repair: unquoted key and value.
    let sloppy = "{city: Oslo}";
    let run = |agent_strict: bool, tool_level: Option<bool>, agent_level: Option<bool>| async move {
        let calls = counter();
        let model = ScriptedModel::new([
            ModelResponse::tool_call("c1", "weather", sloppy),
            ModelResponse::text("done"),
        ]);
        let tool_handlers = match tool_level {
            Some(s) => Handlers::new().strict(s),
            None => Handlers::new(),
        };
        let mut builder = LlmAgent::<String, String>::builder("a")
            .model(model)
            .strict(agent_strict)
            .tool_with(weather(calls.clone()), tool_handlers);
        if let Some(s) = agent_level {
            builder = builder.on_tool_error("weather", Handlers::new().strict(s));
        }
        builder.build().unwrap().run("go".into()).await.unwrap();
        count(&calls)
    };
    assert_eq!(run(false, None, None).await, 1, "repaired by default");
    assert_eq!(run(true, None, None).await, 0, "the agent's strict");
    assert_eq!(
        run(false, Some(true), None).await,
        0,
        "the tool's strict wins"
    );
    assert_eq!(
        run(true, Some(false), None).await,
        1,
        "the tool's non-strict wins"
    );
    assert_eq!(
        run(true, None, Some(false)).await,
        1,
        "on_tool_error's wins"
    );
    assert_eq!(
        run(false, Some(false), Some(true)).await,
        1,
        "the tool's beats on_tool_error's"
    );
}

/// The text an escalation of `read`'s failure gives the model, the tool failing with `failure`
/// and its handler escalating with `reason` (or, without one, the error's own words).
async fn escalation_text(failure: fn() -> ExecutionFailure, reason: Option<&str>) -> String {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "read", "{}"),
        ModelResponse::text("ok"),
    ]);
    let step = match reason {
        Some(r) => escalate(r, Severity::Medium),
        None => agents_core::repair::escalate_error(),
    };
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool_with(
            flaky("read", 5, false, failure, counter()),
            Handlers::new().execution_error(step),
        )
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    last_tool_result(&model, 1).content
}

/// An outage (a transient execution failure) escalated to the model is worded as an outage, with
/// its severity: the arguments were fine, so it does not ask for corrected ones.
#[tokio::test]
async fn an_escalated_outage_is_not_worded_as_wrong_arguments() {
    let outage = || ExecutionFailure::transient("weather service down").model_safe();
    for reason in [Some("weather service down"), None] {
        let text = escalation_text(outage, reason).await;
        assert!(text.starts_with("ERROR: Tool 'read' failed: "), "{text}");
        assert!(text.contains("(severity: "), "{text}");
        assert!(!text.contains("corrected arguments"), "{text}");
        assert!(text.contains("not a problem with the arguments"), "{text}");
        assert!(text.contains("later"), "{text}");
    }
}

/// A permanent failure escalated says that repeating the call will not help, without asking for
/// corrected arguments; a failure of unknown class asks for them only if they were the cause.
#[tokio::test]
async fn escalated_execution_failures_are_worded_by_their_class() {
    let permanent = || {
        ExecutionFailure::new("no such file")
            .permanent()
            .model_safe()
    };
    let text = escalation_text(permanent, Some("no such file")).await;
    assert!(!text.contains("corrected arguments"), "{text}");
    assert!(text.contains("will not help"), "{text}");
    assert!(text.contains("(severity: MEDIUM)"), "{text}");
    let unknown = || ExecutionFailure::new("disk quota exceeded");
    let text = escalation_text(unknown, Some("the tool broke")).await;
    assert!(text.contains("if the arguments were the cause"), "{text}");
    // The operator's detail never reaches the model.
    assert!(!text.contains("disk quota"), "{text}");
}
