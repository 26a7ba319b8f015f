//! The escalation tree, offline: scripted models and plain-function agents, no network.
//!
//! `cargo run --example escalation_tree`
//!
//! A tree of three agents — `month-end` delegates to `books`, which delegates to `ledger` — meets
//! four failures. For each, the example prints the path the failure took and how it ended:
//! 1. the ledger escalates and nobody handles it: it walks up untouched and ends the run;
//! 2. `books` raises the severity and `month-end` settles for a partial result;
//! 3. the ledger throws: the whole run stops at once;
//! 4. the seed's repair example: a fixer escalates with corrected JSON, the model retries.

use std::sync::Arc;

use agents::agent::{Compose, from_fn};
use agents::repair::{Handlers, fix_with};
use agents::testing::ScriptedModel;
use agents::tool::tool_fn;
use agents::{
    AgentError, Event, ExecutionFailure, LlmAgent, ModelResponse, Severity,
    agent::{EscalationDecision, RunContext},
    error::EscalationError,
};

type Handler = Arc<dyn Fn(&EscalationError) -> EscalationDecision<String> + Send + Sync>;

/// Prints every escalation event with the path it has travelled so far.
fn trace(event: &Event) {
    if let Event::Escalated {
        agent,
        severity,
        path,
        ..
    } = event
    {
        let via: Vec<String> = path.iter().map(ToString::to_string).collect();
        println!(
            "   escalation at {agent} ({severity}): {}",
            via.join(" -> ")
        );
    }
}

/// `ledger`: its model either escalates or throws, through the built-in tools.
fn ledger(builtin: &str, args: &str) -> LlmAgent<String, String> {
    LlmAgent::builder("ledger")
        .prompt("Post the month's entries.")
        .model(ScriptedModel::new([ModelResponse::tool_call(
            "l1", builtin, args,
        )]))
        .builtin_tools(true)
        .build()
        .expect("valid agent")
}

/// `books` delegates to `ledger`; `month-end` delegates to `books`. Either may have a handler.
fn tree(
    ledger: LlmAgent<String, String>,
    books_handler: Option<Handler>,
    root_handler: Option<Handler>,
) -> LlmAgent<String, String> {
    let mut books = LlmAgent::builder("books")
        .prompt("Close the books.")
        .model(ScriptedModel::new([
            ModelResponse::tool_call("b1", "ledger", r#"{"input": "post entries"}"#),
            ModelResponse::text("books closed"),
        ]))
        .tool(ledger.into_tool("Posts ledger entries."));
    if let Some(h) = books_handler {
        books = books.on_escalation(move |e| h(e));
    }
    let books = books.build().expect("valid agent");
    let mut root = LlmAgent::builder("month-end")
        .prompt("Run the month-end close.")
        .model(ScriptedModel::new([
            ModelResponse::tool_call("m1", "books", r#"{"input": "close March"}"#),
            ModelResponse::text("month-end done"),
        ]))
        .tool(books.into_tool("Closes the books."))
        .on_event(trace);
    if let Some(h) = root_handler {
        root = root.on_escalation(move |e| h(e));
    }
    root.build().expect("valid agent")
}

fn report(result: Result<String, AgentError>) {
    match result {
        Ok(out) => println!("   => finished: {out:?}"),
        Err(AgentError::Escalated(e)) => {
            let via: Vec<String> = e.travelled.iter().map(ToString::to_string).collect();
            println!(
                "   => unhandled escalation from {} ({}): {:?}\n      path: {}",
                e.source,
                e.severity,
                e.reason,
                via.join(" -> ")
            );
        }
        Err(AgentError::Thrown { by, reason, .. }) => {
            println!("   => hard stop by {by}: {reason:?}")
        }
        Err(other) => println!("   => failed: {other}"),
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct KeysArgs {
    /// A JSON object, as text.
    json: String,
}

#[tokio::main]
async fn main() {
    let locked = r#"{"reason": "the ledger is locked for audit", "severity": "medium"}"#;

    println!("1. The ledger escalates; no agent has a handler.");
    let root = tree(ledger("escalate", locked), None, None);
    report(root.run("close March".into()).await);

    println!("\n2. `books` raises it to CRITICAL; `month-end` returns a partial result.");
    let raise: Handler = Arc::new(|_| EscalationDecision::Escalate {
        severity: Some(Severity::Critical),
        context: Some("the close is due today".into()),
    });
    let settle: Handler = Arc::new(|e| {
        EscalationDecision::Partial(format!(
            "partial close; blocked: {} [{}]",
            e.reason, e.severity
        ))
    });
    let root = tree(ledger("escalate", locked), Some(raise), Some(settle));
    report(root.run("close March".into()).await);

    println!("\n3. The ledger throws; the handlers above are never consulted.");
    let feed_back: Handler = Arc::new(|_| EscalationDecision::FeedBack);
    let root = tree(
        ledger(
            "throw_exception",
            r#"{"reason": "audit credentials revoked"}"#,
        ),
        Some(feed_back.clone()),
        Some(feed_back),
    );
    report(root.run("close March".into()).await);

    println!("\n4. A fixer escalates with corrected JSON; the model reads it and retries.");
    let corrected = r#"{"name":"world","age":30,"active":true}"#;
    let fixer = LlmAgent::builder("json-fixer")
        .prompt("Call the escalate tool with a reason that includes the corrected valid JSON.")
        .model(ScriptedModel::new([ModelResponse::tool_call(
            "f1",
            "escalate",
            serde_json::json!({ "reason": format!("Unquoted keys. Corrected: {corrected}") })
                .to_string(),
        )]))
        .build()
        .expect("valid agent");
    let count_keys = tool_fn(
        "calculateNumberOfKeys",
        "Count top-level keys in a JSON object.",
        |a: KeysArgs| async move {
            match serde_json::from_str::<serde_json::Value>(&a.json) {
                Ok(serde_json::Value::Object(m)) if !m.is_empty() => Ok(m.len()),
                _ => Err(ExecutionFailure::new("No valid keys — unquoted keys?")),
            }
        },
    );
    let analyst = LlmAgent::builder("json-analyst")
        .prompt(
            "Count keys with the tool. If it returns an ERROR with corrected JSON, retry with it.",
        )
        .model(ScriptedModel::new([
            ModelResponse::tool_call(
                "c1",
                "calculateNumberOfKeys",
                r#"{"json": "{name: world, age: 30, active: true}"}"#,
            ),
            ModelResponse::tool_call(
                "c2",
                "calculateNumberOfKeys",
                serde_json::json!({ "json": corrected }).to_string(),
            ),
            ModelResponse::text("3"),
        ]))
        .tool_with(
            count_keys,
            Handlers::new().execution_error(fix_with(fixer, 2)),
        )
        .on_tool_use(|t| println!("   {}({}) = {}", t.name, t.sent, t.result))
        .on_event(trace)
        .build()
        .expect("valid agent");
    report(
        analyst
            .run("How many keys? {name: world, age: 30, active: true}".into())
            .await,
    );

    println!("\n5. Plain functions escalate too: a deterministic child, no model below the root.");
    let rates = from_fn("rates", |_: String| async move {
        Err::<String, _>(AgentError::escalation(
            "no exchange rate for XTS",
            Severity::Low,
        ))
    });
    let root = LlmAgent::builder("converter")
        .model(ScriptedModel::new([
            ModelResponse::tool_call("r1", "rates", r#"{"input": "XTS"}"#),
            ModelResponse::text("cannot convert XTS"),
        ]))
        .tool(rates.into_tool("Looks up exchange rates."))
        .on_escalation(|_| EscalationDecision::FeedBack)
        .build()
        .expect("valid agent");
    let ctx = RunContext::top().with_subscriber(trace);
    report(agents::Agent::invoke(&root, "convert 10 XTS".into(), &ctx).await);
}
