//! Items named like the prelude's do not confuse the expansion.
#![allow(dead_code, non_camel_case_types)]

struct Result;
struct Option;
struct Some;
struct None;
struct Ok;
struct Err;
struct String;
struct Box;
struct Vec;
struct Default;
struct Clone;
struct Send;
struct Sync;
struct core;
struct std;
struct serde;
struct schemars;

/// Echoes its input.
#[agents::tool(idempotent)]
async fn echo(text: ::std::string::String) -> ::std::string::String {
    text
}

fn main() {
    let model = agents::testing::ScriptedModel::new([]);
    let _agent = agents::agent! {
        name: "echo",
        model: model,
        budget: { max_turns: 3, max_duration: "1m", max_tokens: None },
        tools: [echo],
        on_error: { echo => { execution_error => retry(2) } },
    };
}
