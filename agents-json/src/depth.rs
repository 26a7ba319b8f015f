//! The one nesting limit, [`MAX_DEPTH`], and the strict parse of argument text that reports
//! it as what it is rather than as invalid JSON.

use serde_json::Value;

use crate::error::ParseError;

/// The deepest nesting of arrays and objects accepted wherever model text becomes a value:
/// strict parsing, [`repair`](super::repair), reading arguments into a tool's types and the
/// agent's answer into its output type. Deeper input is refused before a deep value is built,
/// with an error naming the limit.
///
/// The number is `serde_json`'s own: its parser accepts 127 levels and refuses the 128th, so
/// text the strict parser reads is never refused here, nor the other way round. Every later
/// step (rendering a value, coercion, deserializing, dropping) recurses once per level, and
/// 127 levels stay far inside a 2 MiB thread stack.
pub const MAX_DEPTH: usize = 127;

/// How a value or text nested too deeply is described, to the model and the operator alike.
pub fn depth_message() -> String {
    format!("arrays and objects nest deeper than {MAX_DEPTH} levels, the limit")
}

/// Parses argument text as strict JSON; an error says where and why, and whether the text is
/// only too deep (possibly valid JSON, but refused for nesting beyond [`MAX_DEPTH`]).
///
/// ```
/// use agents_json::{parse_strict, MAX_DEPTH};
///
/// assert!(parse_strict(r#"{"a": [1]}"#).is_ok());
/// let deep = format!("{}{}", "[".repeat(500), "]".repeat(500));
/// let err = parse_strict(&deep).unwrap_err();
/// assert_eq!(err.depth_limit, Some(MAX_DEPTH));
/// assert_eq!(err.position, Some(MAX_DEPTH));
/// ```
pub fn parse_strict(text: &str) -> Result<Value, ParseError> {
    serde_json::from_str(text).map_err(|e| match too_deep_at(text) {
        Some(at) if e.is_syntax() || e.is_eof() => ParseError {
            message: depth_message(),
            position: Some(at),
            depth_limit: Some(MAX_DEPTH),
        },
        _ => ParseError {
            message: e.to_string(),
            position: byte_offset(text, e.line(), e.column()),
            depth_limit: None,
        },
    })
}

/// The byte offset of the first bracket outside strings that opens a level beyond
/// [`MAX_DEPTH`], if any. Brackets are counted as JSON reads them: inside a double-quoted
/// string (escapes respected) they are text.
fn too_deep_at(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (at, b) in text.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(at);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// Whether `value` nests deeper than [`MAX_DEPTH`]; measured without recursion, so a value
/// built elsewhere (by a fixer, by hand) is checked before anything recurses over it.
pub fn deeper_than_limit(value: &Value) -> bool {
    // Tool arguments are nearly always an object (or list) of plain values: one level, below
    // any limit, answered without the stack's allocation.
    let is_container = |v: &Value| matches!(v, Value::Array(_) | Value::Object(_));
    let flat = match value {
        Value::Array(items) => !items.iter().any(is_container),
        Value::Object(map) => !map.values().any(is_container),
        _ => true,
    };
    // One level is within the limit.
    const _: () = assert!(MAX_DEPTH >= 1);
    if flat {
        return false;
    }
    let mut stack = vec![(value, 1usize)];
    while let Some((v, depth)) = stack.pop() {
        let (Value::Array(_) | Value::Object(_)) = v else {
            continue;
        };
        if depth > MAX_DEPTH {
            return true;
        }
        match v {
            Value::Array(items) => stack.extend(items.iter().map(|c| (c, depth + 1))),
            Value::Object(map) => stack.extend(map.values().map(|c| (c, depth + 1))),
            _ => {}
        }
    }
    false
}

/// The byte offset of a 1-based line and column as `serde_json` reports them.
fn byte_offset(text: &str, line: usize, column: usize) -> Option<usize> {
    if line == 0 {
        return None;
    }
    let start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    Some((start + column.saturating_sub(1)).min(text.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize) -> Value {
        (0..depth).fold(Value::Null, |v, _| Value::Array(vec![v]))
    }

    #[test]
    fn values_at_the_limit_pass_and_deeper_ones_do_not() {
        assert!(!deeper_than_limit(&nested(MAX_DEPTH)));
        assert!(deeper_than_limit(&nested(MAX_DEPTH + 1)));
        assert!(!deeper_than_limit(&Value::from(1)));
        // One level (the flat arguments nearly every call has) and one level more.
        assert!(!deeper_than_limit(
            &serde_json::json!({"a": 1, "b": "x", "c": null})
        ));
        assert!(!deeper_than_limit(&serde_json::json!([1, "x", true])));
        assert!(!deeper_than_limit(&serde_json::json!({"a": {"b": [1]}})));
        let mut deep_inside = serde_json::Map::new();
        deep_inside.insert("flat".into(), Value::from(1));
        deep_inside.insert("deep".into(), nested(MAX_DEPTH));
        assert!(deeper_than_limit(&Value::Object(deep_inside)));
    }

    #[test]
    fn strict_parse_agrees_with_serde_json_at_the_limit() {
        let at = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse_strict(&at).is_ok());
        let over = format!("[{at}]");
        assert_eq!(
            parse_strict(&over).unwrap_err().depth_limit,
            Some(MAX_DEPTH)
        );
    }

    #[test]
    fn brackets_inside_strings_do_not_count() {
        let text = format!("{{\"a\": \"{}\\\"{}\"}}", "[".repeat(500), "{".repeat(500));
        assert_eq!(too_deep_at(&text), None);
    }

    #[test]
    fn other_errors_keep_their_message_and_position() {
        let err = parse_strict("{\"a\":\n 1,}").unwrap_err();
        assert_eq!(err.depth_limit, None);
        assert_eq!(err.position, Some(9));
    }
}
