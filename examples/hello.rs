//! The smallest agent: one `#[tool]`, one `agent!`, a scripted model (no key, no network).
//!
//! `cargo run --example hello`
use agents::testing::ScriptedModel;
use agents::{ModelResponse, agent, tool};

/// Adds two integers.
#[tool]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), agents::AgentError> {
    // What a model might send: a markdown fence, a trailing comma and "2" for 2. The runtime
    // repairs the arguments before `add` runs; the model never sees an error.
    let model = ScriptedModel::new([
        ModelResponse::tool_call("1", add::NAME, "```json\n{\"a\": 40, \"b\": \"2\",}\n```"),
        ModelResponse::text("40 + 2 = 42"),
    ]);
    let calculator = agent! {
        name: "calculator",
        prompt: "Use the tools to compute.",
        model: model,
        tools: [add],
    };
    println!("{}", calculator.run("What is 40 + 2?".to_owned()).await?);
    Ok(())
}
