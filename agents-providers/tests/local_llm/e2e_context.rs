//! A prompt longer than the real server's context: llama.cpp's refusal is read as
//! `ContextOverflow`, and the prompted clients send a prompt that only its made-up examples
//! made too long again without them.
//!
//! The server's context is read from its `/props`, and prompt lengths are counted by its own
//! `/tokenize`, so the tests hold whatever context `scripts/local-llm.sh` was started with.

use crate::common;

use agents_core::Model;
use agents_core::model::{Message, ModelErrorKind, ModelRequest, Sampling, ToolSpec};
use agents_providers::openai::OpenAi;
use agents_providers::prompted::{PromptFormat, PromptedChat, PromptedCompletions};
use common::local_llm::{server, skipped};
use serde_json::{Value, json};

fn model(url: &str) -> PromptedCompletions {
    common::prompted(url).max_tokens(32).build().unwrap()
}

/// The request of the fallback tests, which none of their tools' made-up examples says.
const REQUEST: &str = "Look up Ann's record in Oslo.";

fn greedy(messages: Vec<Message>, tools: Vec<ToolSpec>) -> ModelRequest {
    ModelRequest::new()
        .messages(messages)
        .tools(tools)
        .sampling(Sampling {
            temperature: Some(0.0),
            seed: Some(7),
            ..Sampling::default()
        })
}

/// The server's context size, from llama.cpp's `/props`.
async fn context_size(url: &str) -> u64 {
    let props: Value = reqwest::get(format!("{url}/props"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    props["default_generation_settings"]["n_ctx"]
        .as_u64()
        .expect("llama.cpp's /props names its n_ctx")
}

/// How many tokens the server reads `text` as.
async fn tokens(url: &str, text: &str) -> u64 {
    let counted: Value = reqwest::Client::new()
        .post(format!("{url}/tokenize"))
        .json(&json!({ "content": text }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    counted["tokens"].as_array().unwrap().len() as u64
}

/// `n` tools with two arguments each, so each gets a made-up example of its own.
fn tools(n: usize) -> Vec<ToolSpec> {
    (0..n)
        .map(|i| ToolSpec {
            name: format!("lookup_record_{i}"),
            description: format!("Looks up record kind {i} by its owner and region."),
            parameters: json!({
                "type": "object",
                "properties": {
                    "owner": {"type": "string", "description": "who owns it"},
                    "region": {"type": "string", "description": "where it is kept"}
                },
                "required": ["owner", "region"]
            }),
        })
        .collect()
}

#[tokio::test]
async fn a_prompt_longer_than_the_servers_context_is_a_context_overflow() {
    let Some(url) = server().await else { return };
    let ctx = context_size(&url).await;
    // Eight characters of a word and a space are more than one token each: past any context.
    let long = "weather ".repeat(ctx as usize * 2);
    let request = greedy(vec![Message::user(long)], tools(1));
    let error = model(&url).send(&request).await.unwrap_err();
    assert_eq!(error.kind, ModelErrorKind::ContextOverflow, "{error}");
    assert_eq!(error.status, Some(400), "{error}");
}

/// The fewest tools whose default prompt does not fit `ctx`, while the shorter prompt does
/// with room to answer; `None` when no count between them exists on this server.
async fn overflowing_tool_count(
    url: &str,
    ctx: u64,
    prompt: impl Fn(&PromptFormat, &ModelRequest) -> String,
) -> Option<Vec<ToolSpec>> {
    for n in (4..200).step_by(4) {
        let request = greedy(vec![Message::user(REQUEST)], tools(n));
        let full = PromptFormat::new();
        if tokens(url, &prompt(&full, &request)).await <= ctx {
            continue;
        }
        let shorter = full.shorter(&request.tools).unwrap();
        let room = tokens(url, &prompt(&shorter, &request)).await + 64;
        return (room <= ctx).then_some(request.tools);
    }
    None
}

#[tokio::test]
async fn a_prompt_its_made_up_examples_make_too_long_is_sent_without_them() {
    let Some(url) = server().await else { return };
    let ctx = context_size(&url).await;
    let Some(tools) = overflowing_tool_count(&url, ctx, |f, r| f.render(r)).await else {
        skipped(&format!(
            "no tool count overflows a context of {ctx} tokens only with its made-up examples"
        ));
        return;
    };
    let request = greedy(vec![Message::user(REQUEST)], tools);
    let client = model(&url);
    // The default prompt alone is refused by the server...
    let full = client.prompt(&request);
    assert!(tokens(&url, &full).await > ctx);
    // ...and the client's answer comes from the shorter one.
    let response = client.send(&request).await.unwrap();
    assert!(
        response.usage.input_tokens <= ctx,
        "the prompt sent was the shorter one: {:?}",
        response.usage
    );
}

#[tokio::test]
async fn a_chat_prompt_its_made_up_examples_make_too_long_is_sent_without_them() {
    let Some(url) = server().await else { return };
    let ctx = context_size(&url).await;
    let system_prompt = |f: &PromptFormat, r: &ModelRequest| {
        let chat = f.chat_request(r);
        chat.system.unwrap_or_default()
    };
    let Some(tools) = overflowing_tool_count(&url, ctx, system_prompt).await else {
        skipped(&format!(
            "no tool count overflows a context of {ctx} tokens only with its made-up examples"
        ));
        return;
    };
    let chat = OpenAi::builder("gemma3-270m")
        .base_url(format!("{url}/v1"))
        .transport(common::patient_transport())
        .build()
        .unwrap();
    let client = PromptedChat::new(chat);
    let mut request = greedy(vec![Message::user(REQUEST)], tools);
    request.sampling.max_tokens = Some(32);
    let response = client.complete(&request).await.unwrap();
    assert!(
        response.usage.input_tokens <= ctx,
        "the prompt sent was the shorter one: {:?}",
        response.usage
    );
}
