//! The Agents.KT wiki's "complete example", written with `#[tool]` and `agent!`: a file manager
//! with `read_file`, `write_file` and `list_dir`, shared `invalid_args` handling (a deterministic
//! cleanup, then a repair agent), and per-tool overrides.
//!
//! Runs offline: `ScriptedModel`s play the model and the repair agent's model, and the tools work
//! in a temporary directory.
//!
//! ```text
//! cargo run --example file_manager
//! ```

use std::path::Path;

use agents::testing::ScriptedModel;
use std::future::IntoFuture;

use agents::{ModelResponse, agent};
use serde_json::{Value, json};

#[path = "shared/file_tools.rs"]
mod file_tools;
use file_tools::{list_dir, read_file, write_file};

/// Deterministic cleanup of argument text: `key=value` lines become a JSON object.
fn try_json_cleanup(raw: &str) -> Option<String> {
    let mut object = serde_json::Map::new();
    for line in raw.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (key, value) = line.split_once('=')?;
        object.insert(
            key.trim().to_owned(),
            Value::String(value.trim().to_owned()),
        );
    }
    (!object.is_empty()).then(|| Value::Object(object).to_string())
}

/// Repairs write_file's arguments after they parsed: `file` is an alias of `path`, and Windows
/// separators become `/`.
fn normalize_path_separators(mut args: Value) -> Option<Value> {
    let object = args.as_object_mut()?;
    if let Some(file) = object.remove("file") {
        object.entry("path").or_insert(file);
    }
    let path = object.get("path")?.as_str()?.replace('\\', "/");
    object.insert("path".to_owned(), Value::String(path));
    Some(args)
}

fn main() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path().display().to_string();
    std::fs::write(
        dir.path().join("config.json"),
        r#"{"retries": 3, "mode": "safe"}"#,
    )
    .expect("seed a file");
    let config = format!("{root}/config.json");

    // The repair agent: an `Agent<String, String>` like any other, driven by its own model.
    let json_fixer = agent! {
        name: "json-fixer",
        prompt: "Fix the malformed JSON. Return only valid JSON.",
        model: ScriptedModel::new([ModelResponse::text(json!({ "path": config }).to_string())]),
        budget: { max_turns: 1 },
    };

    // What the file manager's model will do, turn by turn.
    let model = ScriptedModel::new([
        // Arguments as `key=value`: the shared `fix(try_json_cleanup)` repairs them.
        ModelResponse::tool_call("1", read_file::NAME, format!("path={config}")),
        // Prose instead of JSON: the cleanup passes, the repair agent answers.
        ModelResponse::tool_call("2", read_file::NAME, "the config file, please"),
        // `file` instead of `path`, with backslashes: write_file's `sanitize` repairs them.
        ModelResponse::tool_call(
            "3",
            write_file::NAME,
            json!({ "file": format!("{root}\\summary.txt"), "content": "retries=3, mode=safe" })
                .to_string(),
        ),
        ModelResponse::tool_call("4", list_dir::NAME, json!({ "path": root }).to_string()),
        // A missing file: permanent, so `retry` passes at once and `escalate` hands it back.
        ModelResponse::tool_call(
            "5",
            read_file::NAME,
            json!({ "path": format!("{root}/missing.txt") }).to_string(),
        ),
        ModelResponse::text("config.json asks for 3 retries in safe mode; summary.txt saved."),
    ]);

    let file_agent = agent! {
        name: "file-manager",
        prompt: "You manage files. Use tools to read, write, and list files.",
        model: model.clone(),
        budget: { max_turns: 10 },
        tools: [read_file, write_file, list_dir],
        on_error: {
            // Shared by every tool: deterministic cleanup first, then the repair agent.
            defaults => {
                invalid_args => fix(try_json_cleanup).or(fix_with(json_fixer, retries = 2)),
            },
            read_file => {
                execution_error => retry(3, exponential()).or(escalate()),
            },
            write_file => {
                deserialization_error => sanitize(normalize_path_separators),
                execution_error => retry(max_attempts = 2, backoff = exponential()),
            },
            // list_dir inherits the defaults: no block needed.
        },
        on_tool_use: |used| println!("[{}] args={} result={}", used.name, used.sent, used.result),
    };

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let answer = runtime
        .block_on(
            file_agent
                .run("Read config.json and summarize it".to_owned())
                .into_future(),
        )
        .expect("the run succeeds");
    println!("answer: {answer}");

    let summary = Path::new(&root).join("summary.txt");
    assert_eq!(
        std::fs::read_to_string(summary).expect("write_file ran"),
        "retries=3, mode=safe"
    );
    assert_eq!(model.remaining(), 0, "every scripted turn was used");
}
