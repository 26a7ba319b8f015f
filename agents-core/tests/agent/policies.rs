//! Unhandled-error policies, loop guards, invented tool names, LLM error policy and budgets.
use crate::common;

use std::time::Duration;

use agents_core::error::LoopGuard;
use agents_core::testing::ScriptedModel;
use agents_core::{
    AgentError, Budget, Event, ExecutionFailure, LlmAgent, Message, ModelResponse,
    agent::{LlmErrorDecision, UnhandledPolicy},
    budget::{BudgetDecision, BudgetKind},
    model::{ModelError, ModelErrorKind},
};
use common::*;

fn agent_with(model: &ScriptedModel, policy: UnhandledPolicy) -> LlmAgent<String, String> {
    LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(counter()))
        .strict(true)
        .unhandled(policy)
        .build()
        .unwrap()
}

/// FeedBack (the default): the error becomes the call's result in model-safe words, with the
/// expected schema, and the loop goes on.
#[tokio::test]
async fn feedback_tells_the_model_what_was_wrong_and_goes_on() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"days": 2}"#),
        ModelResponse::tool_call("c2", "weather", r#"{"city": "Oslo"}"#),
        ModelResponse::text("done"),
    ]);
    assert_eq!(
        agent_with(&model, UnhandledPolicy::FeedBack)
            .run("go".into())
            .await
            .unwrap(),
        "done"
    );
    let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert!(r.is_error);
    assert!(
        r.content
            .starts_with("ERROR: the arguments for tool 'weather' do not match its schema"),
        "{}",
        r.content
    );
    // The validator names the missing argument by its path (serde said "missing field").
    assert!(r.content.contains("`city` is missing"), "{}", r.content);
    assert!(
        r.content.contains(r#""required":["city"]"#),
        "{}",
        r.content
    );
}

/// Propagate: fail fast with the original error's identity kept.
#[tokio::test]
async fn propagate_fails_fast_with_the_original_error() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"days": 2}"#),
        ModelResponse::text("x"),
    ]);
    match agent_with(&model, UnhandledPolicy::Propagate)
        .run("go".into())
        .await
    {
        Err(AgentError::Tool(e)) => {
            let agents_core::ToolError::Deserialization(d) = *e else {
                panic!("wrong kind")
            };
            // Found by the schema validator: the path is the missing argument's own.
            assert_eq!(d.field_path, "city");
            assert!(d.message.contains("missing"));
            assert_eq!(d.violations.len(), 1);
            assert_eq!(d.violations[0].keyword, "required");
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(model.requests().len(), 1);
}

/// Omit: the failed call and its result are left out of what the model sees next turn; the
/// failure is an event; the transcript sent stays valid.
#[tokio::test]
async fn omit_hides_the_failed_call_from_the_next_turn() {
    let rec = Recorder::default();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("bad", "weather", r#"{"days": 2}"#).and_tool_call(
            "good",
            "weather",
            r#"{"city":"Oslo"}"#,
        ),
        ModelResponse::text("done"),
    ]);
    let agent = omitting(&model, &rec);
    agent.run("go".into()).await.unwrap();
    assert_eq!(call_ids(&model.requests()[1].messages), ["good", "good"]);
    assert!(rec.events().iter().any(|e| matches!(
        e,
        Event::ToolFailed {
            outcome: "omitted",
            ..
        }
    )));
}

/// An agent over `model` with the `weather` tool and the `Omit` policy, its events recorded.
pub(crate) fn omitting(model: &ScriptedModel, rec: &Recorder) -> LlmAgent<String, String> {
    LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(counter()))
        .unhandled(UnhandledPolicy::Omit)
        .on_event(rec.hook())
        .build()
        .unwrap()
}

/// The call ids in `messages`, in order: each call's, then each result's.
fn call_ids(messages: &[Message]) -> Vec<String> {
    messages
        .iter()
        .flat_map(|m| match m {
            Message::Assistant { tool_calls, .. } => {
                tool_calls.iter().map(|c| c.id.clone()).collect()
            }
            Message::Tool(r) => vec![r.call_id.clone()],
            _ => vec![],
        })
        .collect()
}

/// The transcript keeps what Omit hides from the model: the omitted call and its result stay in
/// the run's transcript, while every later request leaves them out and still gets each message
/// said after the omission, once.
#[tokio::test]
async fn omit_keeps_the_omitted_call_in_the_transcript_only() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("bad", "weather", r#"{"days": 2}"#).and_tool_call(
            "good",
            "weather",
            r#"{"city":"Oslo"}"#,
        ),
        ModelResponse::tool_call("later", "weather", r#"{"city":"Rome"}"#),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(counter()))
        .unhandled(UnhandledPolicy::Omit)
        .build()
        .unwrap();
    let report = agent.run("go".into()).report().await;
    assert_eq!(report.output().map(String::as_str), Some("done"));
    assert_eq!(
        call_ids(&report.transcript),
        ["bad", "good", "bad", "good", "later", "later"]
    );
    let requests = model.requests();
    assert_eq!(call_ids(&requests[1].messages), ["good", "good"]);
    assert_eq!(
        call_ids(&requests[2].messages),
        ["good", "good", "later", "later"]
    );
}

/// FeedBack is bounded: three rounds in a row in which every call failed stop the run with the
/// failure history.
#[tokio::test]
async fn three_all_failed_rounds_stop_the_run() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"days": 1}"#),
        ModelResponse::tool_call("c2", "nope", "{}"),
        ModelResponse::tool_call("c3", "weather", r#"{"days": 3}"#),
        ModelResponse::text("never"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(counter()))
        .loop_guards(3, 10)
        .build()
        .unwrap();
    match agent.run("go".into()).await {
        Err(AgentError::RepeatedFailures { guard, history }) => {
            assert_eq!(guard, LoopGuard::AllCallsFailed { rounds: 3 });
            assert_eq!(
                history
                    .iter()
                    .map(|h| h.call_id.as_str())
                    .collect::<Vec<_>>(),
                ["c1", "c2", "c3"]
            );
        }
        other => panic!("unexpected {other:?}"),
    }
}

/// The same (tool, error kind) three times stops the run even when other calls succeed.
#[tokio::test]
async fn the_same_failure_three_times_stops_the_run() {
    let ok = r#"{"city":"Oslo"}"#;
    let model = ScriptedModel::new([
        ModelResponse::tool_call("a1", "weather", "{}").and_tool_call("b1", "weather", ok),
        ModelResponse::tool_call("a2", "weather", r#"{"x":1}"#).and_tool_call(
            "b2",
            "weather",
            r#"{"city":"Rome"}"#,
        ),
        ModelResponse::tool_call("a3", "weather", r#"{"y":1}"#).and_tool_call(
            "b3",
            "weather",
            r#"{"city":"Lima"}"#,
        ),
        ModelResponse::text("never"),
    ]);
    match agent_with(&model, UnhandledPolicy::FeedBack)
        .run("go".into())
        .await
    {
        Err(AgentError::RepeatedFailures { guard, .. }) => {
            assert_eq!(guard, LoopGuard::SameFailureRepeated { times: 3 })
        }
        other => panic!("unexpected {other:?}"),
    }
}

/// An invented tool name never executes anything; the result lists the allowed tools and the
/// closest one; a ToolHallucinated event is emitted.
#[tokio::test]
async fn invented_tool_names_get_did_you_mean() {
    let calls = counter();
    let rec = Recorder::default();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "get_weather", r#"{"city":"Oslo"}"#),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(calls.clone()))
        .on_event(rec.hook())
        .build()
        .unwrap();
    agent.run("go".into()).await.unwrap();
    assert_eq!(count(&calls), 0);
    let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert_eq!(
        r.content,
        "ERROR: Tool 'get_weather' is unknown. Allowed tools: weather. Did you mean 'weather' (arguments: city, days)? Pick one of the allowed tools or return a final text answer."
    );
    assert!(rec.events().iter().any(
        |e| matches!(e, Event::ToolHallucinated { suggestion: Some(s), .. } if s == "weather")
    ));
}

fn flaky_model(errors: usize) -> ScriptedModel {
    let mut script: Vec<Result<ModelResponse, ModelError>> = (0..errors)
        .map(|_| Err(ModelError::new(ModelErrorKind::Server, "503 upstream").with_status(503)))
        .collect();
    script.push(Ok(ModelResponse::text("recovered")));
    ScriptedModel::with_results(script)
}

/// Without a handler a model error is rethrown with its identity.
#[tokio::test]
async fn llm_errors_are_rethrown_by_default() {
    let agent = LlmAgent::<String, String>::builder("a")
        .model(flaky_model(1))
        .build()
        .unwrap();
    match agent.run("go".into()).await {
        Err(AgentError::Model(e)) => assert_eq!(e.status(), Some(503)),
        other => panic!("unexpected {other:?}"),
    }
}

/// Retry: exponential backoff 500/1000/2000 ms, the handler consulted after every failure with
/// the attempt number.
#[tokio::test(start_paused = true)]
async fn llm_retry_backs_off_and_consults_the_handler_every_time() {
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let s = seen.clone();
    let rec = Recorder::default();
    let agent = LlmAgent::<String, String>::builder("a")
        .model(flaky_model(3))
        .on_llm_error(move |e, attempt| {
            s.lock().unwrap().push((e.status(), attempt));
            LlmErrorDecision::Retry {
                max_attempts: 4,
                initial_backoff: Duration::from_millis(500),
            }
        })
        .on_event(rec.hook())
        .build()
        .unwrap();
    let t0 = tokio::time::Instant::now();
    assert_eq!(agent.run("go".into()).await.unwrap(), "recovered");
    assert_eq!(t0.elapsed(), Duration::from_millis(3500));
    assert_eq!(
        *seen.lock().unwrap(),
        vec![(Some(503), 1), (Some(503), 2), (Some(503), 3)]
    );
    let delays: Vec<u128> = rec
        .events()
        .iter()
        .filter_map(|e| {
            if let Event::LlmRetry { delay, .. } = e {
                Some(delay.as_millis())
            } else {
                None
            }
        })
        .collect();
    assert_eq!(delays, vec![500, 1000, 2000]);
}

/// The handler may switch from Retry to RespondWith mid-schedule; exhaustion rethrows.
#[tokio::test(start_paused = true)]
async fn llm_handler_can_switch_decision_and_exhaustion_rethrows() {
    let agent = LlmAgent::<String, String>::builder("a")
        .model(flaky_model(5))
        .on_llm_error(|_, attempt| {
            if attempt < 2 {
                LlmErrorDecision::Retry {
                    max_attempts: 5,
                    initial_backoff: Duration::from_millis(10),
                }
            } else {
                LlmErrorDecision::RespondWith("fallback".to_owned())
            }
        })
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "fallback");

    let agent = LlmAgent::<String, String>::builder("a")
        .model(flaky_model(5))
        .on_llm_error(|_, _| LlmErrorDecision::Retry {
            max_attempts: 2,
            initial_backoff: Duration::from_millis(10),
        })
        .build()
        .unwrap();
    assert!(matches!(
        agent.run("go".into()).await,
        Err(AgentError::Model(_))
    ));
}

/// The attempt counter is per model turn: one flaky turn does not starve the next.
#[tokio::test(start_paused = true)]
async fn llm_attempts_are_counted_per_turn() {
    let e = || Err(ModelError::new(ModelErrorKind::Connection, "reset"));
    let model = ScriptedModel::with_results([
        e(),
        Ok(ModelResponse::tool_call(
            "c1",
            "weather",
            r#"{"city":"Oslo"}"#,
        )),
        e(),
        Ok(ModelResponse::text("ok")),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model)
        .tool(weather(counter()))
        .on_llm_error(|_, _| LlmErrorDecision::Retry {
            max_attempts: 2,
            initial_backoff: Duration::from_millis(1),
        })
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "ok");
}

fn looping_model(n: usize) -> ScriptedModel {
    ScriptedModel::new((0..n).map(|i| {
        ModelResponse::tool_call(format!("c{i}"), "weather", format!(r#"{{"city":"C{i}"}}"#))
            .with_usage(100, 20)
    }))
}

/// max_turns: exceeding it is a typed error naming it.
#[tokio::test]
async fn max_turns_is_enforced() {
    let agent = LlmAgent::<String, String>::builder("a")
        .model(looping_model(20))
        .tool(weather(counter()))
        .budget(Budget {
            max_turns: Some(3),
            ..Default::default()
        })
        .build()
        .unwrap();
    match agent.run("go".into()).await {
        Err(AgentError::Budget(b)) => {
            assert_eq!((b.kind, b.limit, b.used), (BudgetKind::Turns, 3, 4))
        }
        other => panic!("unexpected {other:?}"),
    }
}

/// on_budget_exceeded may extend a limit.
#[tokio::test]
async fn on_budget_exceeded_can_extend() {
    let model = looping_model(4);
    model.push(ModelResponse::text("finally"));
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model)
        .tool(weather(counter()))
        .budget(Budget {
            max_turns: Some(2),
            ..Default::default()
        })
        .on_budget_exceeded(|b| {
            if b.kind == BudgetKind::Turns {
                BudgetDecision::Extend(b.limit + 2)
            } else {
                BudgetDecision::Stop
            }
        })
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "finally");
}

/// Token cap from reported usage; tool-call cap; identical-call cap (the argument-size cap is
/// fed back instead: `oversized_arguments_are_fed_back_not_fatal`).
#[tokio::test]
async fn token_tool_call_and_identical_caps() {
    let run = |budget: Budget, model: ScriptedModel| async move {
        let agent = LlmAgent::<String, String>::builder("a")
            .model(model)
            .tool(weather(counter()))
            .budget(budget)
            .build()
            .unwrap();
        match agent.run("go".into()).await {
            Err(AgentError::Budget(b)) => b.kind,
            other => panic!("unexpected {other:?}"),
        }
    };
    assert_eq!(
        run(
            Budget {
                max_tokens: Some(250),
                ..Default::default()
            },
            looping_model(5)
        )
        .await,
        BudgetKind::Tokens
    );
    assert_eq!(
        run(
            Budget {
                max_tool_calls: Some(2),
                ..Default::default()
            },
            looping_model(5)
        )
        .await,
        BudgetKind::ToolCalls
    );
    let same = ScriptedModel::new(
        (0..6).map(|i| ModelResponse::tool_call(format!("c{i}"), "weather", r#"{"city":"Oslo"}"#)),
    );
    assert_eq!(
        run(
            Budget {
                max_identical_calls: Some(2),
                ..Default::default()
            },
            same
        )
        .await,
        BudgetKind::IdenticalCalls
    );
}

/// max_duration bounds the whole run, model calls included.
#[tokio::test(start_paused = true)]
async fn max_duration_bounds_the_run() {
    struct Slow;
    impl agents_core::Model for Slow {
        fn name(&self) -> &str {
            "slow"
        }
        fn complete<'a>(
            &'a self,
            _: &'a agents_core::model::ModelRequest,
        ) -> futures_util::future::BoxFuture<'a, Result<ModelResponse, ModelError>> {
            Box::pin(async {
                tokio::time::sleep(Duration::from_secs(60)).await;
                Ok(ModelResponse::text("late"))
            })
        }
    }
    let agent = LlmAgent::<String, String>::builder("a")
        .model(Slow)
        .budget(Budget {
            max_duration: Some(Duration::from_secs(5)),
            ..Default::default()
        })
        .build()
        .unwrap();
    match agent.run("go".into()).await {
        Err(AgentError::Budget(b)) => assert_eq!(b.kind, BudgetKind::Duration),
        other => panic!("unexpected {other:?}"),
    }
}

/// An execution error's model text hides the tool's own message unless the tool marked it safe.
#[tokio::test]
async fn tool_messages_reach_the_model_only_when_marked_safe() {
    for safe in [false, true] {
        let failure: fn() -> ExecutionFailure = if safe {
            || ExecutionFailure::new("city not found: Atlantis").model_safe()
        } else {
            || ExecutionFailure::new("row 42 of table cities locked by transaction 9")
        };
        let model = ScriptedModel::new([
            ModelResponse::tool_call("c1", "lookup", "{}"),
            ModelResponse::text("ok"),
        ]);
        let rec = Recorder::default();
        let agent = LlmAgent::<String, String>::builder("a")
            .model(model.clone())
            .tool(flaky("lookup", 1, true, failure, counter()))
            .on_event(rec.hook())
            .build()
            .unwrap();
        agent.run("go".into()).await.unwrap();
        let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
            panic!()
        };
        if safe {
            assert_eq!(
                r.content,
                "ERROR: Tool 'lookup' failed: city not found: Atlantis."
            );
        } else {
            assert_eq!(
                r.content,
                "ERROR: Tool 'lookup' failed: the tool reported an error."
            );
            assert!(
                !serde_json::to_string(&model.requests())
                    .unwrap()
                    .contains("transaction 9")
            );
            // The operator still gets the full detail.
            assert!(rec.events().iter().any(
                |e| matches!(e, Event::ToolFailed { error, .. } if error.contains("transaction 9"))
            ));
        }
    }
}

/// Feedback names unknown arguments with their closest declared name, and says when the
/// arguments are not an object at all.
#[tokio::test]
async fn feedback_names_unknown_arguments_and_non_objects() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"cty": "Oslo", "town": "x"}"#),
        ModelResponse::tool_call("c2", "weather", "42"),
        ModelResponse::text("done"),
    ]);
    agent_with(&model, UnhandledPolicy::FeedBack)
        .run("go".into())
        .await
        .unwrap();
    let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert!(
        r.content
            .contains("Unknown arguments: `cty` (did you mean `city`?), `town`."),
        "{}",
        r.content
    );
    let Message::Tool(r) = model.requests()[2].messages.last().unwrap().clone() else {
        panic!()
    };
    assert!(
        r.content
            .contains(r#"must be a JSON object like {"city": …}, not a number."#),
        "{}",
        r.content
    );
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct PathArgs {
    path: String,
}

/// `read(path)`: "a" is missing (a permanent failure with a model-safe message), anything else
/// is read; counts its runs.
fn reader(runs: std::sync::Arc<std::sync::atomic::AtomicU32>) -> impl agents_core::Tool {
    agents_core::tool::tool_fn("read", "Reads a file.", move |a: PathArgs| {
        let runs = runs.clone();
        async move {
            runs.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            if a.path == "a" {
                Err(ExecutionFailure::new("file not found: a")
                    .model_safe()
                    .permanent())
            } else {
                Ok(format!("contents of {}", a.path))
            }
        }
    })
}

/// One permanent failure does not end the run under FeedBack: the model reads it, marked "do not
/// repeat", and may try another call.
#[tokio::test]
async fn a_permanent_failure_is_fed_back_once_marked_do_not_repeat() {
    let runs = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "read", r#"{"path": "a"}"#),
        ModelResponse::tool_call("c2", "read", r#"{"path": "b"}"#),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(reader(runs.clone()))
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    assert_eq!(count(&runs), 2);
    let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert!(r.is_error);
    assert!(r.content.contains("file not found: a"), "{}", r.content);
    assert!(r.content.contains("do not repeat"), "{}", r.content);
}

/// A model that repeats a permanently failed call anyway (same arguments, canonically) ends the
/// run with the permanent-failure guard; the repeat does not run.
#[tokio::test]
async fn repeating_a_permanently_failed_call_ends_the_run() {
    let runs = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "read", r#"{"path": "a"}"#),
        ModelResponse::tool_call("c2", "read", r#"{ "path":"a" }"#),
        ModelResponse::text("never"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(reader(runs.clone()))
        .build()
        .unwrap();
    match agent.run("go".into()).await {
        Err(AgentError::RepeatedFailures { guard, history }) => {
            assert_eq!(guard, LoopGuard::PermanentFailure);
            assert_eq!(history.len(), 2, "{history:?}");
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(count(&runs), 1, "the repeat did not run");
    assert_eq!(model.requests().len(), 2);
}

/// A polling tool called again and again with the same arguments is making progress while its
/// answer changes: the identical-call guard counts only calls that repeat the same result.
#[tokio::test]
async fn a_polling_tool_whose_answer_changes_is_not_stopped() {
    let polls = counter();
    let p = polls.clone();
    let status = agents_core::tool::tool_fn("status", "Job status.", move |_: NoArgs| {
        let n = p.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
        async move { Ok::<_, ExecutionFailure>(format!("{}% done", n * 10)) }
    });
    let mut script: Vec<ModelResponse> = (0..8)
        .map(|i| ModelResponse::tool_call(format!("c{i}"), "status", "{}"))
        .collect();
    script.push(ModelResponse::text("finished"));
    let agent = LlmAgent::<String, String>::builder("a")
        .model(ScriptedModel::new(script))
        .tool(status)
        .budget(Budget {
            max_turns: Some(20),
            ..Budget::default()
        })
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "finished");
    assert_eq!(count(&polls), 8);
}

/// The identical-call guard compares canonical arguments: key order and whitespace do not hide
/// a call that repeats itself with the same result.
#[tokio::test]
async fn identical_calls_are_compared_on_canonical_arguments() {
    let texts = [
        r#"{"city":"Oslo","days":1}"#,
        r#"{ "days": 1, "city": "Oslo" }"#,
        r#"{"days":1,   "city":"Oslo"}"#,
        r#"{"city": "Oslo", "days": 1}"#,
    ];
    let mut script: Vec<ModelResponse> = texts
        .iter()
        .enumerate()
        .map(|(i, t)| ModelResponse::tool_call(format!("c{i}"), "weather", *t))
        .collect();
    script.push(ModelResponse::text("never"));
    let calls = counter();
    let agent = LlmAgent::<String, String>::builder("a")
        .model(ScriptedModel::new(script))
        .tool(weather(calls.clone()))
        .budget(Budget {
            max_identical_calls: Some(2),
            ..Budget::default()
        })
        .build()
        .unwrap();
    match agent.run("go".into()).await {
        Err(AgentError::Budget(b)) => {
            assert_eq!(b.kind, BudgetKind::IdenticalCalls);
            assert_eq!(b.used, 3);
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(count(&calls), 3);
}

/// Oversized arguments are something the model can act on (send less, split the work): the
/// call is not run, the model reads why, and the run goes on.
#[tokio::test]
async fn oversized_arguments_are_fed_back_not_fatal() {
    let calls = counter();
    let rec = Recorder::default();
    let model = ScriptedModel::new([
        ModelResponse::tool_call(
            "c1",
            "weather",
            format!(r#"{{"city":"{}"}}"#, "x".repeat(100)),
        ),
        ModelResponse::tool_call("c2", "weather", r#"{"city":"Oslo"}"#),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(weather(calls.clone()))
        .budget(Budget {
            max_argument_bytes: Some(50),
            ..Budget::default()
        })
        .on_event(rec.hook())
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    assert_eq!(count(&calls), 1);
    let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert!(r.is_error);
    assert!(r.content.contains("50 bytes"), "{}", r.content);
    assert!(rec.events().iter().any(|e| matches!(
        e,
        Event::BudgetExceeded {
            kind: BudgetKind::ArgumentBytes,
            ..
        }
    )));
}
