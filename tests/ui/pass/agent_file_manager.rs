//! The full grammar, shaped like the wiki's file-manager example.
use agents::agent::from_fn;
use agents::{ExecutionFailure, Severity, agent, tool, agent::LlmErrorDecision};

/// Reads a file.
#[tool(idempotent, timeout = "5s")]
async fn read_file(path: String) -> Result<String, ExecutionFailure> {
    std::fs::read_to_string(&path).map_err(|e| ExecutionFailure::new(e.to_string()))
}

/// Writes a file.
#[tool]
async fn write_file(path: String, content: String) -> Result<String, ExecutionFailure> {
    std::fs::write(&path, &content).map_err(ExecutionFailure::from_error)?;
    Ok(format!("Written {} bytes to {path}", content.len()))
}

/// Lists a directory.
#[tool]
fn list_dir(path: String) -> Vec<String> {
    let _ = path;
    Vec::new()
}

fn try_cleanup(raw: &str) -> Option<String> {
    Some(raw.trim().to_owned())
}

fn normalize_paths(v: serde_json::Value) -> Option<serde_json::Value> {
    Some(v)
}

fn main() {
    let json_fixer = from_fn("json-fixer", |raw: String| async move { Ok(raw) });
    let model = agents::testing::ScriptedModel::new([]);
    let _files = agent! {
        name: "file-manager",
        prompt: "You manage files. Use tools to read, write, and list files.",
        model: model,
        budget: { max_turns: 10 },
        tools: [read_file, write_file, list_dir],
        on_error: {
            defaults => { invalid_args => fix(try_cleanup).or(fix_with(json_fixer, retries = 2)) },
            read_file => { execution_error => retry(3, exponential()).or(escalate("cannot read", Severity::Medium)) },
            write_file => {
                deserialization_error => sanitize(normalize_paths),
                execution_error => retry(max_attempts = 2, backoff = exponential()),
            },
        },
        on_llm_error: |_err, attempt| if attempt < 3 {
            LlmErrorDecision::Retry { max_attempts: 3, initial_backoff: std::time::Duration::from_millis(500) }
        } else {
            LlmErrorDecision::Rethrow
        },
        on_tool_use: |u| println!("[{}] {}", u.name, u.result),
        on_event: |_e| {},
        unhandled: agents::agent::UnhandledPolicy::FeedBack,
        strict: false,
    };
}
