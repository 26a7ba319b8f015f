//! The expansion depends on nothing from the prelude.
#![no_implicit_prelude]

/// Echoes its input.
#[::agents::tool(idempotent, timeout = "1s")]
async fn echo(text: ::std::string::String) -> ::std::result::Result<::std::string::String, ::agents::ExecutionFailure> {
    ::std::result::Result::Ok(text)
}

/// Counts.
#[::agents::tool]
fn count(items: ::std::vec::Vec<u8>) -> usize {
    items.len()
}

fn main() {
    let model = ::agents::testing::ScriptedModel::new([]);
    let _agent = ::agents::agent! {
        name: "echo",
        prompt: "Echo.",
        model: model,
        budget: { max_turns: 3, max_duration: "30s" },
        tools: [echo, count],
        on_error: exhaustive {
            defaults => {
                invalid_args => fix(|raw: &str| ::std::option::Option::Some(::std::borrow::ToOwned::to_owned(raw.trim()))),
                deserialization_error => sanitize(|v| ::std::option::Option::Some(v)).or(escalate()),
            },
            echo => { execution_error => retry(3, exponential()).or(throw("down")) },
            count => { execution_error => escalate("count failed", severity = ::agents::Severity::Low) },
        },
        on_llm_error: |_err| ::agents::agent::LlmErrorDecision::Rethrow,
    };
}
