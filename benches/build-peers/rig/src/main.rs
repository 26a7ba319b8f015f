//! The travel assistant of ../ours on rig: two tools, an agent, the weather call retried (rig has
//! no per-tool error chain, so the tool retries itself), an OpenAI model from the environment
//! (`OPENAI_API_KEY`).

use std::time::Duration;

use rig_agent::AgentBuilder;
use rig_core::providers::openai::OpenAI;
use rig_core::tool::PortableTool;
use serde::Deserialize;

#[derive(Debug)]
struct ToolFailed(String);

impl std::fmt::Display for ToolFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ToolFailed {}

#[derive(Deserialize, schemars::JsonSchema)]
struct WeatherArgs {
    /// City name.
    city: String,
}

/// Current weather in a city.
struct Weather;

impl Weather {
    async fn fetch(city: &str) -> Result<String, ToolFailed> {
        Ok(format!("18 degrees and sunny in {city}"))
    }
}

impl PortableTool for Weather {
    const NAME: &'static str = "weather";
    type Args = WeatherArgs;
    type Output = String;
    type Error = ToolFailed;

    fn description(&self) -> String {
        "Current weather in a city.".to_owned()
    }

    fn parameters(&self) -> serde_json::Value {
        serde_json::to_value(schemars::schema_for!(WeatherArgs)).expect("a schema is JSON")
    }

    async fn call(&self, args: WeatherArgs) -> Result<String, ToolFailed> {
        // Up to three attempts, waiting longer each time.
        let mut wait = Duration::from_millis(200);
        let mut attempt = 1;
        loop {
            match Weather::fetch(&args.city).await {
                Ok(report) => return Ok(report),
                Err(e) if attempt == 3 => return Err(e),
                Err(_) => {
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                    attempt += 1;
                }
            }
        }
    }
}

#[derive(Deserialize, schemars::JsonSchema)]
struct ConvertArgs {
    amount: f64,
    from: String,
    to: String,
}

/// Converts an amount between two currencies.
struct Convert;

impl PortableTool for Convert {
    const NAME: &'static str = "convert";
    type Args = ConvertArgs;
    type Output = String;
    type Error = ToolFailed;

    fn description(&self) -> String {
        "Converts an amount between two currencies (ISO 4217 codes).".to_owned()
    }

    fn parameters(&self) -> serde_json::Value {
        serde_json::to_value(schemars::schema_for!(ConvertArgs)).expect("a schema is JSON")
    }

    async fn call(&self, args: ConvertArgs) -> Result<String, ToolFailed> {
        let rate = match (args.from.as_str(), args.to.as_str()) {
            ("EUR", "USD") => 1.08,
            ("USD", "EUR") => 0.93,
            _ => return Err(ToolFailed(format!("no rate from {} to {}", args.from, args.to))),
        };
        Ok(format!("{:.2} {}", args.amount * rate, args.to))
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let model = OpenAI::from_env()?.chat("gpt-4o-mini");
    // The agent declaration (../run.sh edits its preamble for the incremental build).
    let assistant = AgentBuilder::new(model)
        .preamble("You help travellers. Use the tools.")
        .tool(Weather)
        .tool(Convert)
        .build();
    let answer = assistant
        .prompt("Weather in Paris, and 100 EUR in USD?")
        .max_turns(8)
        .await?;
    println!("{}", answer.output());
    Ok(())
}
