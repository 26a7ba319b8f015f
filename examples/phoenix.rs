//! See a run in a trace viewer: the runtime's spans exported over OTLP to Phoenix, where the run,
//! each model call (with its token usage) and each tool call (with what was repaired) show as a
//! tree. Every event is printed too, one line each (`Event`'s `Display`).
//!
//! ```text
//! scripts/phoenix.sh start                      # Phoenix on http://127.0.0.1:16006
//! cargo run --example phoenix                   # a scripted model: no key, no network
//! scripts/local-llm.sh start
//! LOCAL_LLM_URL=http://127.0.0.1:8089 cargo run --example phoenix   # the local model
//! ```
//!
//! Then open the printed URL: project `agents-example`, the latest trace. The scripted model's
//! first call has broken JSON (single quotes, "2" for 2, a trailing comma): its `execute_tool`
//! span says `error.type = invalid_args`, `agents.outcome = recovered`, `agents.repair.steps =
//! json_repair,coerce`, and the tool ran once with the repaired arguments.

#[path = "shared/phoenix_export.rs"]
mod phoenix_export;

use std::sync::Arc;

use agents::model::{FinishReason, Model, ModelResponse, Usage};
use agents::providers::prompted::PromptedCompletions;
use agents::testing::ScriptedModel;
use agents::{Event, agent, tool};

/// Books a table at a restaurant.
#[tool]
fn book_table(
    /// The restaurant's name.
    restaurant: String,
    /// How many people.
    people: u32,
    /// The time, as HH:MM.
    time: String,
) -> String {
    format!("Booked {restaurant} for {people} at {time}.")
}

/// What the model says, scripted: a broken call, then the answer.
fn scripted() -> ScriptedModel {
    let said =
        |response: ModelResponse, input_tokens, output_tokens, finish_reason| ModelResponse {
            usage: Usage {
                input_tokens,
                output_tokens,
            },
            finish_reason,
            ..response
        };
    ScriptedModel::new([
        said(
            ModelResponse::tool_call(
                "call_1",
                book_table::NAME,
                "{'restaurant': 'Nonna Rosa', 'people': \"2\", 'time': '20:00',}",
            ),
            182,
            31,
            FinishReason::ToolCalls,
        ),
        said(
            ModelResponse::text("Your table at Nonna Rosa is booked for two at 20:00."),
            236,
            17,
            FinishReason::Stop,
        ),
    ])
}

fn model() -> Result<Arc<dyn Model>, Box<dyn std::error::Error>> {
    Ok(match std::env::var("LOCAL_LLM_URL") {
        Ok(url) => Arc::new(
            PromptedCompletions::builder("gemma3-270m")
                .base_url(format!("{}/v1", url.trim_end_matches('/')))
                .max_tokens(64)
                .build()?,
        ),
        Err(_) => Arc::new(scripted()),
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let phoenix =
        std::env::var("PHOENIX_URL").unwrap_or_else(|_| "http://127.0.0.1:16006".to_owned());
    // Outside the async runtime: the exporter's HTTP client lives on its own thread.
    let (provider, subscriber) = phoenix_export::export_to_phoenix(&phoenix, "agents-example")?;
    tracing::subscriber::set_global_default(subscriber)?;

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let answer = runtime.block_on(async {
        let assistant = agent! {
            name: "booking-assistant",
            prompt: "You book restaurant tables. Use the tools.",
            model: model()?,
            budget: { max_turns: 4 },
            tools: [book_table],
            on_event: |e: &Event| println!("{e}"),
        };
        let answer = assistant
            .run("Book Nonna Rosa for two at 8pm.".to_owned())
            .await?;
        Ok::<_, Box<dyn std::error::Error>>(answer)
    });
    // Sends the spans still batched; without it the last ones are lost.
    provider.shutdown()?;
    println!("\nAnswer: {}", answer?);
    println!("Trace: {phoenix} (project agents-example)");
    Ok(())
}
