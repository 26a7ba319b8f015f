//! The runtime's spans, exported over OTLP to a real Phoenix (`scripts/phoenix.sh`), read back
//! through Phoenix's REST API: the run, its model calls and its tool call are there as a trace
//! viewer shows them, with their GenAI attributes (token usage, tool name, call id, and
//! `error.type` for the call that was repaired).
//!
//! Needs `PHOENIX_URL` (`scripts/phoenix.sh env`; `scripts/test.sh` starts Phoenix and sets it).
//! Without it, or when Phoenix does not answer, the test says why and skips; with
//! `AGENTS_REQUIRE_PHOENIX=1` it fails instead.

#[path = "../examples/shared/phoenix_export.rs"]
mod phoenix_export;

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use agents::model::{FinishReason, ModelResponse, Usage};
use agents::testing::ScriptedModel;
use agents::{agent, tool};
use serde_json::Value;

/// Books a table at a restaurant.
#[tool]
fn book_table(restaurant: String, people: u32, time: String) -> String {
    format!("Booked {restaurant} for {people} at {time}.")
}

fn required() -> bool {
    std::env::var("AGENTS_REQUIRE_PHOENIX").is_ok_and(|v| v == "1")
}

/// Says, where it is seen, that the test did not run (the harness captures a passing test's
/// `eprintln!`; the process's stderr is not).
fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: phoenix: {why} (set AGENTS_REQUIRE_PHOENIX=1 to make this a failure)"
    );
}

/// Phoenix's URL, or `None` (skip). Panics when Phoenix is required and unreachable.
async fn phoenix(http: &reqwest::Client) -> Option<String> {
    let Some(url) = std::env::var("PHOENIX_URL")
        .ok()
        .map(|u| u.trim().trim_end_matches('/').to_owned())
        .filter(|u| !u.is_empty())
    else {
        assert!(
            !required(),
            "AGENTS_REQUIRE_PHOENIX=1 but PHOENIX_URL is unset (scripts/phoenix.sh env)"
        );
        skipped("PHOENIX_URL is unset (start Phoenix with scripts/phoenix.sh start)");
        return None;
    };
    let health = http.get(format!("{url}/healthz")).send().await;
    match health {
        Ok(r) if r.status().is_success() => Some(url),
        other => {
            let why = match other {
                Ok(r) => format!("/healthz answered {}", r.status()),
                Err(e) => e.to_string(),
            };
            assert!(
                !required(),
                "AGENTS_REQUIRE_PHOENIX=1 but Phoenix at {url} is unreachable: {why}"
            );
            skipped(&format!("Phoenix at {url} is unreachable: {why}"));
            None
        }
    }
}

fn said(
    response: ModelResponse,
    input_tokens: u64,
    output_tokens: u64,
    finish_reason: FinishReason,
) -> ModelResponse {
    ModelResponse {
        usage: Usage {
            input_tokens,
            output_tokens,
        },
        finish_reason,
        ..response
    }
}

/// Runs an agent whose first tool call has broken JSON (repaired at zero model calls), with
/// every span going to `provider`'s exporter.
async fn run_agent() {
    let model = ScriptedModel::new([
        said(
            ModelResponse::tool_call(
                "call_1",
                book_table::NAME,
                "{'restaurant': 'Nonna Rosa', 'people': 2, 'time': '20:00',}",
            ),
            182,
            31,
            FinishReason::ToolCalls,
        ),
        said(
            ModelResponse::text("Booked for two at 20:00."),
            236,
            17,
            FinishReason::Stop,
        ),
    ]);
    let assistant = agent! {
        name: "booking-assistant",
        prompt: "You book restaurant tables.",
        model: model,
        tools: [book_table],
    };
    let answer = assistant
        .run("Book Nonna Rosa for two at 8pm.".to_owned())
        .await
        .expect("the scripted run succeeds");
    assert_eq!(answer, "Booked for two at 20:00.");
}

/// The project's spans once there are at least `want`, polling for at most `within`: Phoenix
/// inserts what it receives in the background.
async fn spans(
    http: &reqwest::Client,
    url: &str,
    project: &str,
    want: usize,
    within: Duration,
) -> Vec<Value> {
    let deadline = Instant::now() + within;
    loop {
        let answer = http
            .get(format!("{url}/v1/projects/{project}/spans"))
            .query(&[("limit", "100")])
            .send()
            .await;
        let last = match answer {
            // 404 until the first span of the project is stored.
            Ok(r) if r.status().is_success() => {
                let body: Value = r.json().await.expect("a JSON body");
                let spans = body["data"].as_array().cloned().unwrap_or_default();
                if spans.len() >= want {
                    return spans;
                }
                format!("{} spans: {body}", spans.len())
            }
            Ok(r) => format!("HTTP {}", r.status()),
            Err(e) => e.to_string(),
        };
        assert!(
            Instant::now() < deadline,
            "Phoenix did not list {want} spans of project {project} within {within:?}; last: {last}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

fn attr<'a>(span: &'a Value, key: &str) -> &'a Value {
    &span["attributes"][key]
}

fn named<'a>(spans: &'a [Value], name: &str) -> Vec<&'a Value> {
    spans.iter().filter(|s| s["name"] == name).collect()
}

#[test]
fn phoenix_shows_the_run_its_model_calls_and_the_repaired_tool_call() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let Some(url) = runtime.block_on(phoenix(&http)) else {
        return;
    };
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let project = format!("agents-test-{}-{nanos}", std::process::id());

    // Outside the runtime: the exporter's blocking HTTP client runs on the batch thread.
    let (provider, subscriber) =
        phoenix_export::export_to_phoenix(&url, &project).expect("an OTLP exporter");
    tracing::subscriber::with_default(subscriber, || runtime.block_on(run_agent()));
    // Sends every batched span and waits for the export to finish.
    provider.shutdown().expect("the spans are exported");

    let spans = runtime.block_on(spans(&http, &url, &project, 4, Duration::from_secs(30)));
    let listing = serde_json::to_string_pretty(&spans).unwrap();

    let runs = named(&spans, "invoke_agent booking-assistant");
    assert_eq!(runs.len(), 1, "one run span: {listing}");
    let run = runs[0];
    let trace = &run["context"]["trace_id"];
    let run_id = &run["context"]["span_id"];
    assert_eq!(run["span_kind"], "AGENT", "{listing}");
    assert!(run["parent_id"].is_null());
    assert_eq!(attr(run, "gen_ai.operation.name"), "invoke_agent");
    assert_eq!(attr(run, "gen_ai.agent.name"), "booking-assistant");
    assert_eq!(attr(run, "gen_ai.request.model"), "scripted");
    // Usage is on the model calls: Phoenix adds up a span's descendants, and would count a
    // total on the run twice.
    assert!(attr(run, "llm.token_count.prompt").is_null(), "{listing}");

    let mut chats = named(&spans, "chat scripted");
    chats.sort_by_key(|s| s["start_time"].as_str().unwrap_or_default().to_owned());
    assert_eq!(chats.len(), 2, "a span per model call: {listing}");
    for (chat, (input, output, reason)) in chats
        .iter()
        .zip([(182, 31, "tool_calls"), (236, 17, "stop")])
    {
        assert_eq!(chat["span_kind"], "LLM", "{listing}");
        assert_eq!(&chat["context"]["trace_id"], trace);
        assert_eq!(&chat["parent_id"], run_id, "{listing}");
        assert_eq!(attr(chat, "gen_ai.operation.name"), "chat");
        assert_eq!(attr(chat, "gen_ai.request.model"), "scripted");
        assert_eq!(attr(chat, "gen_ai.usage.input_tokens"), input, "{listing}");
        assert_eq!(
            attr(chat, "gen_ai.usage.output_tokens"),
            output,
            "{listing}"
        );
        assert_eq!(attr(chat, "gen_ai.response.finish_reasons"), reason);
        // Phoenix read the GenAI attributes: the token counts it shows are ours.
        assert_eq!(attr(chat, "llm.token_count.prompt"), input, "{listing}");
        assert_eq!(
            attr(chat, "llm.token_count.completion"),
            output,
            "{listing}"
        );
    }

    let tools = named(&spans, "execute_tool book_table");
    assert_eq!(tools.len(), 1, "{listing}");
    let tool = tools[0];
    assert_eq!(tool["span_kind"], "TOOL", "{listing}");
    assert_eq!(&tool["context"]["trace_id"], trace);
    assert_eq!(&tool["parent_id"], run_id, "{listing}");
    assert_eq!(attr(tool, "gen_ai.operation.name"), "execute_tool");
    assert_eq!(attr(tool, "gen_ai.tool.name"), "book_table");
    assert_eq!(attr(tool, "gen_ai.tool.call.id"), "call_1");
    assert_eq!(attr(tool, "error.type"), "invalid_args", "{listing}");
    assert_eq!(attr(tool, "agents.outcome"), "recovered");
    assert_eq!(attr(tool, "agents.repair.steps"), "json_repair");
    assert_eq!(attr(tool, "tool.name"), "book_table", "{listing}");
    // Repaired, it ran: the call did not fail.
    assert_ne!(tool["status_code"], "ERROR", "{listing}");
    let events: Vec<&str> = tool["events"]
        .as_array()
        .map(|e| e.iter().filter_map(|e| e["name"].as_str()).collect())
        .unwrap_or_default();
    assert!(events.contains(&"tool call repaired"), "{events:?}");

    // The project was this test's alone.
    let deleted = runtime.block_on(async {
        let delete = http.delete(format!("{url}/v1/projects/{project}"));
        delete.send().await
    });
    assert!(
        deleted.is_ok_and(|r| r.status().is_success()),
        "the test's project could not be deleted"
    );
}
