//! A travel assistant on `agents`: two tools, an agent that retries the weather service, an
//! OpenAI-compatible model from the environment (`OPENAI_API_KEY`).

use agents::providers::openai::OpenAi;
use agents::{AgentExt, ExecutionFailure, agent, tool};

/// Current weather in a city.
#[tool(idempotent)]
async fn weather(
    /// City name.
    city: String,
) -> Result<String, ExecutionFailure> {
    Ok(format!("18 degrees and sunny in {city}"))
}

/// Converts an amount between two currencies (ISO 4217 codes).
#[tool]
fn convert(amount: f64, from: String, to: String) -> Result<String, ExecutionFailure> {
    let rate = match (from.as_str(), to.as_str()) {
        ("EUR", "USD") => 1.08,
        ("USD", "EUR") => 0.93,
        _ => return Err(ExecutionFailure::new(format!("no rate from {from} to {to}")).permanent()),
    };
    Ok(format!("{:.2} {to}", amount * rate))
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let model = OpenAi::from_env("gpt-4o-mini")?;
    // The agent declaration (../run.sh edits its prompt for the incremental build).
    let assistant = agent! {
        name: "travel-assistant",
        prompt: "You help travellers. Use the tools.",
        model: model,
        tools: [weather, convert],
        on_error: {
            weather => { execution_error => retry(3, exponential()) },
        },
    };
    let answer = assistant
        .run("Weather in Paris, and 100 EUR in USD?".to_owned())
        .await?;
    println!("{answer}");
    Ok(())
}
