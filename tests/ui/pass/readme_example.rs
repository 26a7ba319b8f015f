//! The README's example, kept compiling: if this case breaks, update README.md with it.
use agents::agent::from_fn;
use agents::{ExecutionFailure, Severity, agent, tool};

/// Current weather in a city.
#[tool(idempotent, timeout = "5s")]
async fn weather(city: String) -> Result<String, ExecutionFailure> {
    Ok(format!("18°C and sunny in {city}"))
}

async fn readme() -> Result<String, Box<dyn std::error::Error>> {
    let json_fixer = from_fn("json-fixer", |raw: String| async move { Ok(raw) });
    let assistant = agent! {
        name: "assistant",
        prompt: "Answer travel questions. Use the tools.",
        model: agents::providers::openai::OpenAi::from_env("gpt-4o-mini")?,
        tools: [weather],
        on_error: {
            defaults => { invalid_args => fix_with(json_fixer, retries = 2) },
            weather => { execution_error => retry(3, exponential()).or(escalate("weather service down", Severity::Medium)) },
        },
    };
    let answer = assistant.run("Weather in Paris?".into()).await?;
    Ok(answer)
}

fn main() {
    let _ = readme;
}
