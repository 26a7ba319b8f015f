//! The quickstart: a travel assistant with two tools, driven by a real small model (Gemma 3
//! 270M, a base model, through prompted tool calling). Watch its mistakes get recovered.
//!
//! ```text
//! cargo run --example quickstart                 # offline: replays the embedded cassette
//! cargo run --example quickstart -- --record 2   # live: records a new cassette with seed 2
//! ```
//!
//! What is real: what the model wrote, printed as `model wrote:` lines (each call's tool name and
//! its argument text as generated, before any repair). It was recorded from llama.cpp's server
//! (`scripts/local-llm.sh start`, seed 2) with `cassette::Recorder` into
//! `examples/data/quickstart.jsonl`, which replays offline. Nothing the model says is scripted.
//!
//! What is ours: the tools, and two traps. The prompt's worked examples were written for another
//! tool set, where the weather tool is called `get_weather`; the model copies that name and the
//! runtime answers "Did you mean 'weather'?" (the prompted client then writes
//! `{"tool": "weather", "arguments": {` for the model, which writes the rest). And the weather
//! service drops the connection once (a transient error), so the retry shows. In the recorded run
//! the model also leaves its keys unquoted (JSON repair fixes that and the tool runs), and answers
//! only half of the question: a 270M base model is weak, which is the point.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use agents::model::{Model, ModelError, ModelRequest, ModelResponse, Sampling};
use agents::{Event, ExecutionFailure, agent, tool};
use agents_providers::cassette::{Recorder, Replay};
use agents_providers::prompted::{Example, PromptFormat, PromptedCompletions};

/// The cassette recorded from the real model.
const CASSETTE: &str = include_str!("data/quickstart.jsonl");
/// The seed the cassette was recorded with (part of every request, so replay matches).
const SEED: u64 = 2;

#[derive(serde::Deserialize, schemars::JsonSchema, Debug)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

// ISO 4217 codes. (A `///` comment here would change the schema the model sees, and so the
// requests the cassette was recorded with.)
#[derive(serde::Deserialize, schemars::JsonSchema, Debug, Clone, Copy)]
#[allow(clippy::upper_case_acronyms)]
enum Currency {
    EUR,
    USD,
    GBP,
    JPY,
}

/// How many times `weather` was called: the first call fails (see below).
static WEATHER_CALLS: AtomicU32 = AtomicU32::new(0);

// Ours: the weather service drops the connection on the first call (a transient error, so the
// retry step may repeat the call; the tool is idempotent). (Not in the doc comment: that is the
// description the model reads, part of the recorded requests.)
/// Current weather in a city.
#[tool(idempotent, timeout = "5s")]
async fn weather(
    /// City name.
    city: String,
    /// Temperature unit.
    unit: Unit,
) -> Result<String, ExecutionFailure> {
    if WEATHER_CALLS.fetch_add(1, Ordering::SeqCst) == 0 {
        let reset = std::io::Error::new(
            std::io::ErrorKind::ConnectionReset,
            "connection reset by peer",
        );
        return Err(ExecutionFailure::from_error(reset));
    }
    Ok(format!("18 degrees {unit:?} and sunny in {city}"))
}

/// Convert an amount between currencies.
#[tool(idempotent)]
fn convert_currency(amount: f64, from: Currency, to: Currency) -> String {
    format!("{amount} {from:?} = {:.0} {to:?}", amount * 1.08)
}

/// How the tools are shown to the base model: a list, and worked examples it imitates. The
/// examples say `get_weather` (the trap, see the top), while the agent's tool is `weather`.
fn prompt_format() -> PromptFormat {
    PromptFormat::new()
        .example(
            Example::new("Is it cold in Oslo? Give me fahrenheit.")
                .call("get_weather", r#"{"city": "Oslo", "unit": "fahrenheit"}"#)
                .result("20 degrees Fahrenheit and snowing in Oslo")
                .answer("Yes: 20°F and snowing in Oslo."),
        )
        .example(
            Example::new("Is it warm in Rome in celsius? And what is 40 USD in GBP?")
                .call("get_weather", r#"{"city": "Rome", "unit": "celsius"}"#)
                .result("25 degrees Celsius and sunny in Rome")
                .call(
                    "convert_currency",
                    r#"{"amount": 40, "from": "USD", "to": "GBP"}"#,
                )
                .result("40 USD = 31 GBP")
                .answer("Yes, 25°C and sunny in Rome. 40 USD is 31 GBP."),
        )
}

/// Wraps the model to print what it wrote each turn: every call's tool name and argument text
/// exactly as generated (before any repair), or its answer.
struct ShowText(Arc<dyn Model>);

impl Model for ShowText {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn capabilities(&self, tools: &[agents::model::ToolSpec]) -> agents::model::Capabilities {
        self.0.capabilities(tools)
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> Pin<Box<dyn Future<Output = Result<ModelResponse, ModelError>> + Send + 'a>> {
        Box::pin(async move {
            let response = self.0.complete(request).await?;
            for call in &response.tool_calls {
                println!("  model wrote: {} {}", call.name, call.arguments);
            }
            if response.tool_calls.is_empty()
                && let Some(text) = &response.text
            {
                println!("  model wrote: {text}");
            }
            Ok(response)
        })
    }
}

fn print_event(e: &Event) {
    match e {
        Event::RunStarted { agent } => println!("▶ {agent} started"),
        Event::ModelResponded { .. } => {}
        Event::Repaired {
            tool, step, fixes, ..
        } => {
            println!("  🔧 {tool}: repaired by {step}");
            for f in fixes {
                println!("       - {f}");
            }
        }
        Event::ToolStarted { tool, attempt, .. } => println!("  → {tool} (attempt {attempt})"),
        Event::ToolFinished { tool, elapsed, .. } => {
            println!("  ✓ {tool} finished in {} ms", elapsed.as_millis())
        }
        Event::Retry {
            tool,
            attempt,
            delay,
            error,
            ..
        } => println!(
            "  ↻ {tool}: retrying (attempt {attempt}) in {} ms after: {error}",
            delay.as_millis()
        ),
        Event::ToolHallucinated {
            requested,
            suggestion,
            ..
        } => match suggestion {
            Some(s) => {
                println!("  ? `{requested}` is not a tool; the model is told: Did you mean '{s}'?")
            }
            None => println!("  ? `{requested}` is not a tool"),
        },
        Event::ToolFailed {
            tool,
            error,
            outcome,
            ..
        } => println!("  ✗ {tool}: {error} ({outcome})"),
        Event::RunFinished {
            agent,
            turns,
            usage,
            ..
        } => println!(
            "■ {agent} finished after {turns} turns ({} tokens)",
            usage.total()
        ),
        other => println!("  {other}"),
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (model, seed): (Arc<dyn Model>, u64) = match args.iter().position(|a| a == "--record") {
        Some(i) => {
            let seed = args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(SEED);
            let url = std::env::var("LOCAL_LLM_URL")
                .unwrap_or_else(|_| "http://127.0.0.1:8089".to_owned());
            let live = PromptedCompletions::builder("gemma3-270m")
                .base_url(format!("{url}/v1"))
                .format(prompt_format())
                .max_tokens(64)
                .build()?;
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/target/quickstart.jsonl");
            let _ = std::fs::remove_file(path);
            println!("recording to {path} (seed {seed})\n");
            (Arc::new(Recorder::new(live, path)?), seed)
        }
        None => (Arc::new(Replay::from_jsonl(CASSETTE)?), SEED),
    };

    let agent = agent! {
        name: "travel-assistant",
        prompt: "You help travellers. Use the tools.",
        model: ShowText(model),
        sampling: Sampling { temperature: Some(0.7), seed: Some(seed), ..Sampling::default() },
        budget: { max_turns: 8 },
        tools: [weather, convert_currency],
        on_error: {
            weather => { execution_error => retry(3, exponential()) },
        },
        on_event: print_event,
    };

    let answer = agent
        .run("What's the weather in Paris in celsius, and how much is 1000 EUR in USD?".to_owned())
        .await;
    match answer {
        Ok(a) => println!("\nAnswer: {a}"),
        Err(e) => println!("\nThe run stopped, typed: {e}"),
    }
    Ok(())
}
