//! The quickstart: an agent with two tools, driven offline by a scripted model whose tool calls
//! go wrong in the ways real models' do. Watch each failure get recovered.
//!
//! ```text
//! cargo run --example quickstart
//! ```

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use agents::repair::{exponential, retry, Handlers};
use agents::testing::ScriptedModel;
use agents::tool::tool_fn;
use agents::{AgentExt, Event, ExecutionFailure, LlmAgent, ModelResponse};

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

#[derive(serde::Deserialize, schemars::JsonSchema, Debug, Clone, Copy)]
enum Currency {
    EUR,
    USD,
}

/// What the model "says": a script of real-world mistakes.
fn script() -> ScriptedModel {
    ScriptedModel::new([
        // 1. Markdown fence, single quotes, an unquoted key and a trailing comma.
        ModelResponse::tool_call("call_1", "weather", "```json\n{'city': 'Paris', unit: \"Celsius\",}\n```"),
        // 2. A tool that does not exist.
        ModelResponse::tool_call("call_2", "get_exchange_rate", r#"{"from": "EUR", "to": "USD"}"#),
        // 3. Numbers as strings with a thousands separator, an enum in the wrong case; and the
        //    currency service is flaky on the first try.
        ModelResponse::tool_call("call_3", "convert_currency", r#"{"amount": "1,000", "from": "eur", "to": "USD"}"#),
        // 4. The final answer.
        ModelResponse::text("It is 18°C in Paris, and 1,000 EUR is 1,080 USD."),
    ])
}

fn print_event(e: &Event) {
    match e {
        Event::RunStarted { agent } => println!("▶ {agent} started"),
        Event::ModelResponded { turn, tool_calls, .. } => println!("  model turn {turn}: {tool_calls} tool call(s)"),
        Event::Repaired { tool, step, fixes, .. } => {
            println!("  🔧 {tool}: repaired by {step}");
            for f in fixes {
                println!("       - {f}");
            }
        }
        Event::ToolStarted { tool, attempt, .. } => println!("  → {tool} (attempt {attempt})"),
        Event::ToolFinished { tool, elapsed, .. } => println!("  ✓ {tool} finished in {} ms", elapsed.as_millis()),
        Event::Retry { tool, attempt, delay, error, .. } => {
            println!("  ↻ {tool}: retrying (attempt {attempt}) in {} ms after: {error}", delay.as_millis())
        }
        Event::ToolHallucinated { requested, suggestion, .. } => {
            println!("  ? the model called `{requested}`, which does not exist; suggested: {suggestion:?}")
        }
        Event::ToolFailed { tool, error, outcome, .. } => println!("  ✗ {tool}: {error} ({outcome})"),
        Event::RunFinished { agent, turns, usage, .. } => {
            println!("■ {agent} finished after {turns} turns ({} tokens)", usage.total())
        }
        other => println!("  {other:?}"),
    }
}

#[tokio::main]
async fn main() -> Result<(), agents::AgentError> {
    let weather = tool_fn("weather", "Current weather in a city.", |a: WeatherArgs| async move {
        Ok::<_, ExecutionFailure>(format!("18 degrees {:?} and sunny in {}", a.unit, a.city))
    })
    .idempotent();

    let attempts = AtomicU32::new(0);
    let convert = tool_fn("convert_currency", "Convert an amount between currencies.", move |a: ConvertArgs| {
        let first = attempts.fetch_add(1, Ordering::SeqCst) == 0;
        async move {
            if first {
                // A dropped connection: transient, so the retry step may repeat the call.
                let reset = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "connection reset by peer");
                return Err(ExecutionFailure::from_error(reset));
            }
            Ok(format!("{} {:?} = {:.0} {:?}", a.amount, a.from, a.amount * 1.08, a.to))
        }
    })
    .idempotent()
    .timeout(Duration::from_secs(5));

    let agent = LlmAgent::<String, String>::builder("travel-assistant")
        .prompt("You help travellers. Use the tools.")
        .model(script())
        .tool(weather)
        .tool_with(convert, Handlers::new().execution_error(retry(3, exponential())))
        .on_event(print_event)
        .build()?;

    let answer = agent.run("Weather in Paris, and 1000 EUR in USD?".to_owned()).await?;
    println!("\nAnswer: {answer}");
    Ok(())
}
