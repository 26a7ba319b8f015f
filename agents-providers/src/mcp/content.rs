//! An MCP tool result as the JSON value the model reads.
//!
//! `structuredContent` when the server sent it; else the text blocks joined by newlines (a single
//! string); other blocks (images, audio, resources, links) are described in that text, never
//! dropped silently and never pasted as base64.

use rmcp::model::{CallToolResult, ContentBlock};
use serde_json::Value;

/// The value of a successful result.
pub fn result_value(result: &CallToolResult) -> Value {
    if let Some(structured) = &result.structured_content {
        return structured.clone();
    }
    Value::String(result_text(&result.content))
}

/// The content blocks as one text: text as it is, anything else described.
pub fn result_text(blocks: &[ContentBlock]) -> String {
    blocks.iter().map(describe).collect::<Vec<_>>().join("\n")
}

fn describe(block: &ContentBlock) -> String {
    if let Some(text) = block.as_text() {
        return text.text.clone();
    }
    // Read the wire form rather than the SDK's structs (non-exhaustive, and variants grow).
    let wire = serde_json::to_value(block).unwrap_or(Value::Null);
    let field = |name: &str| wire.get(name).and_then(Value::as_str);
    let kind = field("type").unwrap_or("content");
    match kind {
        "image" | "audio" => {
            let mime = field("mimeType").unwrap_or("unknown type");
            let bytes = field("data").map(|d| d.len() * 3 / 4).unwrap_or(0);
            format!("[{kind}: {mime}, about {bytes} bytes, not shown]")
        }
        "resource" => {
            let res = wire.get("resource");
            let get = |name: &str| res.and_then(|r| r.get(name)).and_then(Value::as_str);
            let uri = get("uri").unwrap_or("?");
            match get("text") {
                Some(text) => format!("[resource {uri}]\n{text}"),
                None => format!(
                    "[resource {uri}: {}, binary, not shown]",
                    get("mimeType").unwrap_or("unknown type")
                ),
            }
        }
        "resource_link" => {
            let uri = field("uri").unwrap_or("?");
            match field("name") {
                Some(name) => format!("[resource link {name}: {uri}]"),
                None => format!("[resource link: {uri}]"),
            }
        }
        other => format!("[{other} content, not shown]"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(json: Value) -> CallToolResult {
        serde_json::from_value(json).unwrap()
    }

    /// Structured content wins over the text rendering.
    #[test]
    fn structured_content_first() {
        let r = result(serde_json::json!({
            "content": [{"type": "text", "text": "{\"t\": 20}"}],
            "structuredContent": {"t": 20}
        }));
        assert_eq!(result_value(&r), serde_json::json!({"t": 20}));
    }

    /// Text blocks are joined; an image is described, not dropped and not pasted.
    #[test]
    fn text_joined_and_image_described() {
        let r = result(serde_json::json!({
            "content": [
                {"type": "text", "text": "a"},
                {"type": "image", "data": "AAAA", "mimeType": "image/png"},
                {"type": "text", "text": "b"}
            ]
        }));
        assert_eq!(
            result_value(&r),
            Value::String("a\n[image: image/png, about 3 bytes, not shown]\nb".into())
        );
    }

    /// An embedded text resource keeps its text.
    #[test]
    fn embedded_text_resource_kept() {
        let r = result(serde_json::json!({
            "content": [{"type": "resource", "resource": {"uri": "file:///x", "text": "hi"}}]
        }));
        assert_eq!(
            result_value(&r),
            Value::String("[resource file:///x]\nhi".into())
        );
    }
}
