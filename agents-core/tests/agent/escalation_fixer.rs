//! Repair agents and the built-in `escalate` / `throw_exception` tools: the seed's complete
//! example end to end, when the built-ins are shown, and how their arguments are read.

use crate::common;

use std::sync::{Arc, Mutex};

use agents_core::agent::from_fn;
use agents_core::repair::{FixOutcome, Handlers, fix, fix_with};
use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{
    AgentError, Event, ExecutionFailure, LlmAgent, Message, ModelResponse, Severity, ToolError,
    agent::{AgentPath, Skill},
};
use common::{Recorder, counter, weather};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct KeysArgs {
    /// A JSON object, as text.
    json: String,
}

/// Counts the quoted top-level keys of a JSON object given as text; fails on unquoted keys.
fn calculate_number_of_keys() -> impl agents_core::tool::Tool {
    tool_fn(
        "calculateNumberOfKeys",
        "Count top-level keys in a JSON object. Args: json (valid JSON string)",
        |a: KeysArgs| async move {
            match serde_json::from_str::<serde_json::Value>(&a.json) {
                Ok(serde_json::Value::Object(m)) if !m.is_empty() => Ok(m.len()),
                _ => Err(ExecutionFailure::new("No valid keys — unquoted keys?")),
            }
        },
    )
}

const CORRECTED: &str = r#"{"name":"world","age":30,"active":true}"#;

/// The fixer's model: it reads the repair request and escalates with the corrected JSON.
fn escalating_fixer_model() -> ScriptedModel {
    let reason = format!("Unquoted keys. Corrected: {CORRECTED}");
    let args = serde_json::json!({ "reason": reason, "severity": "LOW" }).to_string();
    ScriptedModel::new([ModelResponse::tool_call("f1", "escalate", args).with_usage(40, 20)])
}

/// The main model: a malformed call, then (after reading the error) the corrected call, then
/// the answer.
fn analyst_model() -> ScriptedModel {
    ScriptedModel::new([
        ModelResponse::tool_call(
            "c1",
            "calculateNumberOfKeys",
            r#"{"json": "{name: world, age: 30, active: true}"}"#,
        )
        .with_usage(10, 5),
        ModelResponse::tool_call(
            "c2",
            "calculateNumberOfKeys",
            serde_json::json!({ "json": CORRECTED }).to_string(),
        )
        .with_usage(10, 5),
        ModelResponse::text("3").with_usage(10, 5),
    ])
}

type Uses = Arc<Mutex<Vec<(String, bool)>>>;

fn analyst(
    model: ScriptedModel,
    fixer: LlmAgent<String, String>,
    uses: &Uses,
) -> agents_core::LlmAgentBuilder<String, String> {
    let u = uses.clone();
    LlmAgent::builder("json-analyst")
        .prompt(
            "Use the calculateNumberOfKeys tool to count keys in JSON objects. If a tool returns an \
             ERROR, read it carefully — it contains corrected JSON. Retry the tool with the \
             corrected JSON. Reply with ONLY the number.",
        )
        .model(model)
        .tool_with(
            calculate_number_of_keys(),
            Handlers::new().execution_error(fix_with(fixer, 2)),
        )
        .skill(Skill::new("solve", "Analyze JSON using tools").tools(["calculateNumberOfKeys"]))
        .on_tool_use(move |t| {
            u.lock()
                .unwrap()
                .push((t.result.to_owned(), t.is_error))
        })
}

/// The seed's complete example: the fixer escalates with corrected JSON in its reason, the main
/// model reads the ERROR result and retries successfully, and `on_tool_use` fires twice.
#[tokio::test]
async fn seed_complete_example_fixer_escalates_with_corrected_json() {
    let fixer_model = escalating_fixer_model();
    let fixer = LlmAgent::<String, String>::builder("json-fixer")
        .prompt(
            "You receive a string that failed to parse as JSON. Call the escalate tool with a \
             reason that includes the corrected valid JSON.",
        )
        .model(fixer_model.clone())
        .skill(Skill::new("fix", "Analyze and escalate JSON errors").tools(["escalate"]))
        .build()
        .unwrap();
    let model = analyst_model();
    let uses: Uses = Arc::default();
    let rec = Recorder::default();
    let agent = analyst(model.clone(), fixer, &uses)
        .on_event(rec.hook())
        .build()
        .unwrap();

    let out = agent
        .run("How many keys? {name: world, age: 30, active: true}".into())
        .await
        .unwrap();
    assert_eq!(out, "3");

    // on_tool_use fired twice: the escalation as an error result, then the success.
    let uses = uses.lock().unwrap().clone();
    assert_eq!(uses.len(), 2, "{uses:?}");
    assert!(uses[0].1);
    assert_eq!(
        uses[0].0,
        format!(
            "ERROR: Tool 'calculateNumberOfKeys' failed: Unquoted keys. Corrected: {CORRECTED} (severity: LOW). The tool failed while running: if the arguments were the cause, retry with corrected ones; otherwise go on without its result."
        )
    );
    assert_eq!(uses[1], ("3".to_owned(), false));

    // The main model read the corrected JSON in the error before its second call.
    let reqs = model.requests();
    assert_eq!(reqs.len(), 3);
    let Some(Message::Tool(r)) = reqs[1].messages.last() else {
        panic!()
    };
    assert!(r.is_error && r.content.contains(CORRECTED));

    // The fixer saw the raw arguments, the error, the schema and the attempt, and had the
    // built-in escalate tool.
    let freqs = fixer_model.requests();
    assert_eq!(freqs.len(), 1);
    let Some(Message::User { content: prompt }) = freqs[0].messages.first() else {
        panic!("{:?}", freqs[0].messages)
    };
    assert!(prompt.contains("attempt 1 of 2"), "{prompt}");
    // The failure in its model-safe words: the tool's own message was not marked safe.
    assert!(prompt.contains("the tool reported an error"), "{prompt}");
    assert!(!prompt.contains("No valid keys"), "{prompt}");
    assert!(
        prompt.contains("{name: world, age: 30, active: true}"),
        "{prompt}"
    );
    assert!(prompt.contains(r#""json""#), "the schema: {prompt}");
    assert!(freqs[0].tools.iter().any(|t| t.name == "escalate"));

    // The escalation is an event with the path it took: the fixer, then the analyst.
    let escalated: Vec<Vec<AgentPath>> = rec
        .events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Escalated { path, .. } => Some(path),
            _ => None,
        })
        .collect();
    let fixer_path = AgentPath::root("json-analyst").child("json-fixer");
    assert_eq!(
        escalated,
        vec![
            vec![fixer_path.clone()],
            vec![fixer_path, AgentPath::root("json-analyst")]
        ]
    );
}

/// A fixer gets the built-ins without naming them: the runtime enables them when it runs an agent
/// as a fixer.
#[tokio::test]
async fn a_fixer_gets_the_builtins_automatically() {
    let fixer_model = escalating_fixer_model();
    let fixer = LlmAgent::<String, String>::builder("json-fixer")
        .model(fixer_model.clone())
        .build()
        .unwrap();
    let model = analyst_model();
    let uses: Uses = Arc::default();
    let agent = analyst(model, fixer, &uses).build().unwrap();
    assert_eq!(agent.run("How many keys?".into()).await.unwrap(), "3");
    let names: Vec<String> = fixer_model.requests()[0]
        .tools
        .iter()
        .map(|t| t.name.clone())
        .collect();
    assert_eq!(names, ["escalate", "throw_exception"]);
}

/// A fixer that calls `throw_exception` ends the run at once, with the error it was repairing
/// attached; `on_tool_use` does not fire and the main model is not asked again.
#[tokio::test]
async fn a_fixer_throw_ends_the_run() {
    let fixer = LlmAgent::<String, String>::builder("json-fixer")
        .model(ScriptedModel::new([ModelResponse::tool_call(
            "f1",
            "throw_exception",
            r#"{"reason": "binary data, not JSON"}"#,
        )]))
        .build()
        .unwrap();
    let model = analyst_model();
    let uses: Uses = Arc::default();
    let agent = analyst(model.clone(), fixer, &uses).build().unwrap();
    let err = agent.run("How many keys?".into()).await.unwrap_err();
    let AgentError::Thrown {
        by,
        reason,
        original,
    } = err
    else {
        panic!("{err:?}")
    };
    assert_eq!(by, AgentPath::root("json-analyst").child("json-fixer"));
    assert_eq!(reason, "binary data, not JSON");
    assert!(matches!(original.as_deref(), Some(ToolError::Execution(_))));
    assert!(uses.lock().unwrap().is_empty());
    assert_eq!(model.requests().len(), 1);
}

/// A plain-function fixer escalating (no model) takes the same route as the LLM fixer: the
/// escalation is this agent's own, so its model hears about it by default.
#[tokio::test]
async fn a_plain_function_fixer_escalation_is_fed_back() {
    let fixer = from_fn("regex-fixer", |_: String| async move {
        Err::<String, _>(AgentError::escalation(
            "schema mismatch, not a formatting issue",
            Severity::Medium,
        ))
    });
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "calculateNumberOfKeys", r#"{"json": "{a: 1}"}"#),
        ModelResponse::text("I could not count them."),
    ]);
    let agent = LlmAgent::<String, String>::builder("json-analyst")
        .model(model.clone())
        .tool_with(
            calculate_number_of_keys(),
            Handlers::new().execution_error(fix_with(fixer, 3)),
        )
        .build()
        .unwrap();
    assert_eq!(
        agent.run("count".into()).await.unwrap(),
        "I could not count them."
    );
    let Some(Message::Tool(r)) = model.requests()[1].messages.last().cloned() else {
        panic!()
    };
    assert!(
        r.content
            .contains("schema mismatch, not a formatting issue")
    );
    assert!(r.content.contains("severity: MEDIUM"));
}

/// A deterministic `fix` that answers `Escalate` is this agent's own escalation as well.
#[tokio::test]
async fn a_fix_step_escalation_is_fed_back_by_default() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"town": "Oslo"}"#),
        ModelResponse::text("No forecast."),
    ]);
    let agent = LlmAgent::<String, String>::builder("forecaster")
        .model(model.clone())
        .tool_with(
            weather(counter()),
            Handlers::new().deserialization_error(fix(|_: &str| FixOutcome::Escalate {
                reason: "which city?".into(),
                severity: Severity::Low,
            })),
        )
        .build()
        .unwrap();
    assert_eq!(agent.run("weather".into()).await.unwrap(), "No forecast.");
    let Some(Message::Tool(r)) = model.requests()[1].messages.last().cloned() else {
        panic!()
    };
    assert!(r.is_error && r.content.contains("which city?"), "{r:?}");
}

fn tool_names(model: &ScriptedModel) -> Vec<String> {
    model.requests()[0]
        .tools
        .iter()
        .map(|t| t.name.clone())
        .collect()
}

/// The built-ins are hidden from the model unless enabled, and calling a hidden one is just an
/// unknown tool.
#[tokio::test]
async fn builtins_are_hidden_unless_enabled() {
    // Not enabled.
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "escalate", r#"{"reason": "x"}"#),
        ModelResponse::text("ok"),
    ]);
    let agent = LlmAgent::<String, String>::builder("plain")
        .model(model.clone())
        .tool(weather(counter()))
        .build()
        .unwrap();
    assert_eq!(agent.run("hi".into()).await.unwrap(), "ok");
    assert_eq!(tool_names(&model), ["weather"]);
    let Some(Message::Tool(r)) = model.requests()[1].messages.last().cloned() else {
        panic!()
    };
    assert!(r.content.contains("Tool 'escalate' is unknown"), "{r:?}");

    // Enabled for the whole agent.
    let model = ScriptedModel::new([ModelResponse::text("ok")]);
    LlmAgent::<String, String>::builder("enabled")
        .model(model.clone())
        .tool(weather(counter()))
        .builtin_tools(true)
        .build()
        .unwrap()
        .run("hi".into())
        .await
        .unwrap();
    assert_eq!(
        tool_names(&model),
        ["weather", "escalate", "throw_exception"]
    );

    // Enabled one by one by a skill naming them.
    let model = ScriptedModel::new([ModelResponse::text("ok")]);
    LlmAgent::<String, String>::builder("skilled")
        .model(model.clone())
        .tool(weather(counter()))
        .skill(Skill::new("only", "one skill").tools(["weather", "escalate"]))
        .build()
        .unwrap()
        .run("hi".into())
        .await
        .unwrap();
    assert_eq!(tool_names(&model), ["weather", "escalate"]);
}

/// Runs an agent whose model calls `escalate` with `args`; returns the escalation and the events.
async fn escalate_with(args: &str) -> (agents_core::error::EscalationError, Vec<Event>) {
    let rec = Recorder::default();
    let agent = LlmAgent::<String, String>::builder("solo")
        .model(ScriptedModel::new([ModelResponse::tool_call(
            "c1", "escalate", args,
        )]))
        .builtin_tools(true)
        .on_event(rec.hook())
        .build()
        .unwrap();
    match agent.run("go".into()).await {
        Err(AgentError::Escalated(e)) => (*e, rec.events()),
        other => panic!("{other:?}"),
    }
}

fn warnings(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Warning { message, .. } => Some(message.clone()),
            _ => None,
        })
        .collect()
}

/// Severity is read case-insensitively; missing means HIGH; an unknown value means HIGH with a
/// warning event; a missing or blank reason becomes a clear default.
#[tokio::test]
async fn builtin_escalate_severity_and_reason_parsing() {
    for (given, expected) in [
        ("low", Severity::Low),
        ("Medium", Severity::Medium),
        (" HIGH ", Severity::High),
        ("cRiTiCaL", Severity::Critical),
    ] {
        let args = serde_json::json!({ "reason": "r", "severity": given }).to_string();
        let (e, events) = escalate_with(&args).await;
        assert_eq!(e.severity, expected, "{given:?}");
        assert!(warnings(&events).is_empty(), "{given:?}");
    }

    let (e, events) = escalate_with(r#"{"reason": "no severity given"}"#).await;
    assert_eq!(e.severity, Severity::High);
    assert!(warnings(&events).is_empty());
    assert_eq!(e.reason, "no severity given");

    let (e, events) = escalate_with(r#"{"reason": "r", "severity": "urgent"}"#).await;
    assert_eq!(e.severity, Severity::High);
    let w = warnings(&events);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains("urgent") && w[0].contains("HIGH"), "{w:?}");

    for args in [
        r#"{"severity": "low"}"#,
        r#"{"reason": "  "}"#,
        "not json at all",
    ] {
        let (e, _) = escalate_with(args).await;
        assert_eq!(
            e.reason, "the agent escalated without giving a reason",
            "{args:?}"
        );
        assert_eq!(e.source, AgentPath::root("solo"));
    }
}

/// `throw_exception` without a reason gets a clear default too.
#[tokio::test]
async fn builtin_throw_without_reason() {
    let agent = LlmAgent::<String, String>::builder("solo")
        .model(ScriptedModel::new([ModelResponse::tool_call(
            "c1",
            "throw_exception",
            "{}",
        )]))
        .builtin_tools(true)
        .build()
        .unwrap();
    let err = agent.run("go".into()).await.unwrap_err();
    assert!(
        matches!(&err, AgentError::Thrown { reason, .. } if reason == "the agent stopped the run without giving a reason"),
        "{err:?}"
    );
}

/// The escalation a fixer raises carries what Agents.KT leaves empty: the original error, the
/// attempts made, the tool, and where it came from.
#[tokio::test]
async fn a_fixer_escalation_carries_the_original_error_and_attempts() {
    let tries = counter();
    let t = tries.clone();
    let fixer = from_fn("stubborn-fixer", move |_: String| {
        let n = t.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
        async move {
            if n == 1 {
                // The fixer itself failing spends an attempt; the pipeline tries again.
                Err(AgentError::Config("fixer model unavailable".into()))
            } else {
                Err(AgentError::escalation(
                    "cannot infer the keys",
                    Severity::High,
                ))
            }
        }
    });
    let seen = Arc::new(Mutex::new(None));
    let s = seen.clone();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "calculateNumberOfKeys", r#"{"json": "{a: 1}"}"#),
        ModelResponse::text("unknown"),
    ]);
    let agent = LlmAgent::<String, String>::builder("json-analyst")
        .model(model)
        .tool_with(
            calculate_number_of_keys(),
            Handlers::new().execution_error(fix_with(fixer, 3)),
        )
        .on_escalation(move |e| {
            *s.lock().unwrap() = Some(e.clone());
            agents_core::agent::EscalationDecision::FeedBack
        })
        .build()
        .unwrap();
    assert_eq!(agent.run("count".into()).await.unwrap(), "unknown");
    let e = seen.lock().unwrap().clone().expect("the handler saw it");
    assert_eq!(e.attempts, 2);
    assert_eq!(e.tool.as_deref(), Some("calculateNumberOfKeys"));
    assert_eq!(
        e.source,
        AgentPath::root("json-analyst").child("stubborn-fixer")
    );
    assert_eq!(
        e.travelled,
        [
            AgentPath::root("json-analyst").child("stubborn-fixer"),
            AgentPath::root("json-analyst")
        ]
    );
    match e.original.as_deref() {
        Some(ToolError::Execution(x)) => {
            assert_eq!(x.failure.message(), "No valid keys — unquoted keys?")
        }
        other => panic!("{other:?}"),
    }
}

/// An error whose source chain holds a secret an operator may see but a model must not.
#[derive(Debug)]
struct ConnectFailed(std::io::Error);

impl std::fmt::Display for ConnectFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("connect to postgres://admin:hunter2@db.internal failed")
    }
}

impl std::error::Error for ConnectFailed {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// An LLM fixer is a model like any other: its prompt carries the model-safe rendering of the
/// failure, never the tool's operator message or its source chain.
#[tokio::test]
async fn an_llm_fixer_reads_only_the_model_safe_failure() {
    let fixer_model = ScriptedModel::new([ModelResponse::text(r#"{"json": "{}"}"#)]);
    let fixer = LlmAgent::<String, String>::builder("fixer")
        .model(fixer_model.clone())
        .build()
        .unwrap();
    let leaky = tool_fn("connect", "Connects.", |_: KeysArgs| async move {
        Err::<(), _>(ExecutionFailure::from_error(ConnectFailed(
            std::io::Error::other("password hunter2 rejected"),
        )))
    });
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "connect", r#"{"json": "x"}"#),
        ModelResponse::text("gave up"),
    ]);
    let agent = LlmAgent::<String, String>::builder("main")
        .model(model)
        .tool_with(leaky, Handlers::new().execution_error(fix_with(fixer, 1)))
        .build()
        .unwrap();
    let _ = agent.run("go".into()).await;
    let freqs = fixer_model.requests();
    assert!(!freqs.is_empty(), "the fixer ran");
    let Some(Message::User { content: prompt }) = freqs[0].messages.first() else {
        panic!("{:?}", freqs[0].messages)
    };
    assert!(!prompt.contains("hunter2"), "{prompt}");
    assert!(!prompt.contains("postgres://"), "{prompt}");
    assert!(prompt.contains("the tool reported an error"), "{prompt}");
}

/// A fixer's answer is model output: a fixer that wraps its JSON in a code fence has it repaired
/// like any model's, and the tool runs on its first answer instead of every attempt burning.
#[tokio::test]
async fn a_fixers_fenced_answer_is_repaired() {
    let tries = counter();
    let t = tries.clone();
    let fixer = from_fn("fenced-fixer", move |_: String| {
        t.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        async move { Ok("Here you go:\n```json\n{\"city\": \"Oslo\"}\n```".to_owned()) }
    });
    let calls = counter();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", "<<<no json here>>>"),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::<String, String>::builder("main")
        .model(model.clone())
        .tool_with(
            weather(calls.clone()),
            Handlers::new()
                .strict(true)
                .invalid_args(fix_with(fixer, 3)),
        )
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    assert_eq!(
        common::count(&calls),
        1,
        "the tool ran on the repaired answer"
    );
    assert_eq!(common::count(&tries), 1, "one fixer attempt was enough");
    let Some(Message::Tool(r)) = model.requests()[1].messages.last().cloned() else {
        panic!()
    };
    assert!(!r.is_error && r.content.contains("Oslo"), "{r:?}");
}
