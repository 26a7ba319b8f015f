//! Sync and async tools, every option, per-parameter descriptions, infallible and fallible returns.
use agents::{ExecutionFailure, Tool, tool};

/// Adds two integers.
#[tool(idempotent, timeout = "500ms")]
fn add(
    /// The first term.
    a: i64,
    #[arg(description = "The second term.")] b: i64,
) -> i64 {
    a + b
}

/// Says hello.
#[tool(name = "say-hello", description = "Greets someone by name.", idempotent = false)]
pub async fn hello(name: String, #[serde(default)] times: Option<u8>) -> Result<String, ExecutionFailure> {
    Ok(format!("hello {name} x{}", times.unwrap_or(1)))
}

/// Does nothing, and cannot fail.
#[tool(timeout = "2m")]
pub(crate) async fn nothing() {}

/// Takes a reserved word as a parameter name.
#[tool]
fn kinds(r#type: String) -> Vec<String> {
    vec![r#type]
}

fn main() {
    assert_eq!(add(1, 2), 3);
    let _ = hello("a".to_owned(), None);
    let _ = nothing();
    assert_eq!(kinds("x".into()), ["x"]);
    assert_eq!(hello {}.spec().name, "say-hello");
    assert_eq!(kinds {}.spec().parameters["required"][0], "type");
    let _: &dyn Tool = &add {};
    let _ = (add::NAME, hello::NAME, nothing::NAME, kinds::NAME);
}
