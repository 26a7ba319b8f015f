//! Our tools and their outcomes in MCP's words: a `Tool` as a listed MCP tool, an outcome as a
//! `CallToolResult` (a failure as `isError: true` with the text our runtime shows a model).

use agents_core::ToolError;
use agents_core::tool::Tool;
use rmcp::model::{CallToolResult, ContentBlock, ToolAnnotations};
use serde_json::Value;

/// A tool as `tools/list` shows it: name, description, the argument schema, and
/// `idempotentHint` from [`Tool::idempotent`] (so a client may retry it).
pub(super) fn listed(tool: &dyn Tool) -> rmcp::model::Tool {
    let spec = tool.spec();
    let schema = match &spec.parameters {
        Value::Object(map) => map.clone(),
        // MCP requires an object schema; a tool without one takes no arguments.
        _ => serde_json::Map::from_iter([("type".to_owned(), Value::from("object"))]),
    };
    rmcp::model::Tool::new(spec.name.clone(), spec.description.clone(), schema)
        .annotate(ToolAnnotations::new().idempotent(tool.idempotent()))
}

/// A call's outcome as the client receives it.
///
/// A success is the tool's JSON: an object as `structuredContent` (with its text), a string as
/// text, anything else as its JSON text. A failure is `isError: true` with
/// [`ToolError::model_text`]: the field and schema for arguments that do not fit, the tool's
/// message only if it marked it model-safe. The operator's detail is logged, never sent.
pub(super) fn result(server: &str, outcome: Result<Value, ToolError>) -> CallToolResult {
    match outcome {
        Ok(value @ Value::Object(_)) => CallToolResult::structured(value),
        Ok(Value::String(text)) => CallToolResult::success(vec![ContentBlock::text(text)]),
        Ok(other) => CallToolResult::success(vec![ContentBlock::text(other.to_string())]),
        Err(error) => {
            tracing::info!(target: "agents::mcp", server, tool = error.tool(), kind = ?error.kind(), %error, "call failed");
            CallToolResult::error(vec![ContentBlock::text(error.model_text())])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agents_core::tool::{StandaloneTool, tool_fn};
    use agents_core::{ExecutionFailure, ToolError};
    use serde_json::json;
    use std::sync::Arc;

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Args {
        n: i64,
    }

    fn text_of(r: &CallToolResult) -> String {
        r.content
            .iter()
            .filter_map(|c| c.as_text().map(|t| t.text.clone()))
            .collect()
    }

    async fn outcome(tool: impl Tool, args: Value) -> Result<Value, ToolError> {
        StandaloneTool::new(Arc::new(tool)).call("1", args).await
    }

    /// Objects go out as structured content; strings as text.
    #[tokio::test]
    async fn successes_keep_their_shape() {
        let obj = tool_fn("o", "", |a: Args| async move {
            Ok::<_, ExecutionFailure>(json!({"double": a.n * 2}))
        });
        let r = result("s", outcome(obj, json!({"n": "21"})).await);
        assert_eq!(r.is_error, Some(false));
        assert_eq!(r.structured_content, Some(json!({"double": 42})));
        let s = tool_fn("s", "", |a: Args| async move {
            Ok::<_, ExecutionFailure>(format!("n={}", a.n))
        });
        let r = result("s", outcome(s, json!({"n": 1})).await);
        assert_eq!(text_of(&r), "n=1");
    }

    /// Arguments that do not fit name the field and the schema; the server's reply is a result
    /// with `isError`, not a protocol error.
    #[tokio::test]
    async fn bad_arguments_name_the_field_and_the_schema() {
        let t = tool_fn(
            "t",
            "",
            |a: Args| async move { Ok::<_, ExecutionFailure>(a.n) },
        );
        let r = result("s", outcome(t, json!({"n": "many"})).await);
        assert_eq!(r.is_error, Some(true));
        let text = text_of(&r);
        assert!(text.contains("'t'") && text.contains("n"), "{text}");
        assert!(text.contains("\"integer\""), "the schema is shown: {text}");
    }

    /// A panic is a failure of the call, with no operator detail in the client's text.
    #[tokio::test]
    async fn a_panic_is_an_error_result() {
        let t = tool_fn("boom", "", |_: Args| async move {
            if true {
                panic!("secret internal state");
            }
            Ok::<_, ExecutionFailure>(0)
        });
        let r = result("s", outcome(t, json!({"n": 1})).await);
        assert_eq!(r.is_error, Some(true));
        let text = text_of(&r);
        assert!(text.contains("'boom'"), "{text}");
        assert!(!text.contains("secret internal state"), "{text}");
    }

    /// A tool's own message reaches the client only when the tool marked it model-safe.
    #[tokio::test]
    async fn only_model_safe_messages_are_sent() {
        let safe = tool_fn("safe", "", |_: Args| async move {
            Err::<i64, _>(
                ExecutionFailure::new("city not found")
                    .permanent()
                    .model_safe(),
            )
        });
        let r = result("s", outcome(safe, json!({"n": 1})).await);
        assert!(text_of(&r).contains("city not found"));
        let unsafe_ = tool_fn("unsafe", "", |_: Args| async move {
            Err::<i64, _>(ExecutionFailure::new("db password=hunter2 refused"))
        });
        let r = result("s", outcome(unsafe_, json!({"n": 1})).await);
        assert!(!text_of(&r).contains("hunter2"));
    }

    /// The listing carries the schema and the idempotency hint.
    #[test]
    fn listing_carries_schema_and_idempotency() {
        let t = tool_fn("t", "Doubles.", |a: Args| async move {
            Ok::<_, ExecutionFailure>(a.n)
        })
        .idempotent();
        let listed = listed(&t);
        assert_eq!(listed.name, "t");
        assert_eq!(listed.input_schema["properties"]["n"]["type"], "integer");
        assert!(listed.annotations.unwrap().is_idempotent());
    }
}
