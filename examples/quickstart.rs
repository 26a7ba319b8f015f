//! The quickstart: a travel assistant with two tools, driven by a real small model (Gemma 3
//! 270M, a base model, through prompted tool calling). Watch its mistakes get recovered.
//!
//! ```text
//! cargo run --example quickstart                 # offline: replays the embedded cassette
//! cargo run --example quickstart -- --record 7   # live: records a new cassette with seed 7
//! ```
//!
//! Offline, the model's answers come from `examples/data/quickstart.jsonl`, a cassette recorded
//! with `cassette::Recorder` from the real model (llama.cpp's server, `scripts/local-llm.sh
//! start`, seed 5): every call you see below is what the model really wrote, nothing is
//! scripted. In it the model copies the signature's `"celsius" or "fahrenheit"` into its call
//! (JSON repair keeps the stray quotes, the schema check refuses the value and feeds the error
//! back), then calls the currency tool correctly and answers, forgetting the weather: a 270M base
//! model is weak, which is the point. The tools run for real each time; the currency service
//! fails once on purpose (a transient error), so the retry shows.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use agents::model::{Model, Sampling};
use agents::repair::{Handlers, exponential, retry};
use agents::tool::tool_fn;
use agents::{AgentExt, Budget, Event, ExecutionFailure, LlmAgent};
use agents_providers::cassette::{Recorder, Replay};
use agents_providers::prompted::{Example, PromptFormat, PromptedCompletions};

/// The cassette recorded from the real model.
const CASSETTE: &str = include_str!("data/quickstart.jsonl");
/// The seed the cassette was recorded with (part of every request, so replay matches).
const SEED: u64 = 5;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct WeatherArgs {
    /// City name.
    city: String,
    /// Temperature unit.
    unit: Unit,
}

#[derive(serde::Deserialize, schemars::JsonSchema, Debug)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct ConvertArgs {
    amount: f64,
    from: Currency,
    to: Currency,
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

/// How the tools are shown to the base model: a list, and worked examples it imitates.
fn prompt_format() -> PromptFormat {
    PromptFormat::new()
        .example(
            Example::new("Is it cold in Oslo? Give me fahrenheit.")
                .call("weather", r#"{"city": "Oslo", "unit": "fahrenheit"}"#)
                .result("20 degrees Fahrenheit and snowing in Oslo")
                .answer("Yes: 20°F and snowing in Oslo."),
        )
        .example(
            Example::new("How much is 250 GBP in JPY?")
                .call(
                    "convert_currency",
                    r#"{"amount": 250, "from": "GBP", "to": "JPY"}"#,
                )
                .result("250 GBP = 47500 JPY")
                .answer("250 GBP is 47,500 JPY."),
        )
}

fn print_event(e: &Event) {
    match e {
        Event::RunStarted { agent } => println!("▶ {agent} started"),
        Event::ModelResponded {
            turn, tool_calls, ..
        } => println!("  model turn {turn}: {tool_calls} tool call(s)"),
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
        } => println!(
            "  ? the model called `{requested}`, which does not exist; suggested: {suggestion:?}"
        ),
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
        other => println!("  {other:?}"),
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

    let weather = tool_fn(
        "weather",
        "Current weather in a city.",
        |a: WeatherArgs| async move {
            Ok::<_, ExecutionFailure>(format!("18 degrees {:?} and sunny in {}", a.unit, a.city))
        },
    )
    .idempotent();

    let attempts = AtomicU32::new(0);
    let convert = tool_fn(
        "convert_currency",
        "Convert an amount between currencies.",
        move |a: ConvertArgs| {
            let first = attempts.fetch_add(1, Ordering::SeqCst) == 0;
            async move {
                if first {
                    // A dropped connection: transient, so the retry step may repeat the call.
                    let reset = std::io::Error::new(
                        std::io::ErrorKind::ConnectionReset,
                        "connection reset by peer",
                    );
                    return Err(ExecutionFailure::from_error(reset));
                }
                Ok(format!(
                    "{} {:?} = {:.0} {:?}",
                    a.amount,
                    a.from,
                    a.amount * 1.08,
                    a.to
                ))
            }
        },
    )
    .idempotent()
    .timeout(Duration::from_secs(5));

    let agent = LlmAgent::<String, String>::builder("travel-assistant")
        .prompt("You help travellers. Use the tools.")
        .model_arc(model)
        .sampling(Sampling {
            temperature: Some(0.7),
            seed: Some(seed),
            ..Sampling::default()
        })
        .budget(Budget {
            max_turns: Some(6),
            ..Budget::default()
        })
        .tool(weather)
        .tool_with(
            convert,
            Handlers::new().execution_error(retry(3, exponential())),
        )
        .on_event(print_event)
        .on_tool_use(|u| println!("    the model wrote: {} {}", u.name, u.sent))
        .build()?;

    let answer = agent
        .run("What's the weather in Paris in celsius, and how much is 1000 EUR in USD?".to_owned())
        .await;
    match answer {
        Ok(a) => println!("\nAnswer: {a}"),
        Err(e) => println!("\nThe run stopped, typed: {e}"),
    }
    Ok(())
}
