//! Fuzzes `agents_json::repair`: it must not panic or overflow on any input, valid JSON
//! must come back unchanged with no fixes, every fix offset must lie inside the input, and a
//! repaired value must serialize to valid JSON (and so must its exact text, `to_json`). An
//! input that opens with `{` is also read by `object_members`, whose spans must lie inside it.
//! The result is then coerced against a small schema, which must not panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let strict = serde_json::from_str::<Value>(input).ok();
    let repaired = match agents_json::repair(input) {
        Ok(repaired) => repaired,
        Err(e) => {
            assert!(strict.is_none(), "valid JSON refused: {e}");
            return;
        }
    };
    // Valid JSON comes back as it is (a string holding a whole object or array is decoded).
    if let Some(strict) = &strict
        && !strict.is_string()
    {
        assert_eq!(&repaired.value, strict, "valid JSON changed");
        assert!(repaired.fixes.is_empty(), "fixes on valid JSON");
    }
    for fix in &repaired.fixes {
        assert!(fix.offset <= input.len(), "fix {fix} outside the input");
    }
    let text = serde_json::to_string(&repaired.value).expect("serializes");
    // One depth limit: repair never builds a value serde_json could not read back.
    assert!(
        depth(&repaired.value) <= agents_json::MAX_DEPTH,
        "value deeper than the limit"
    );
    let back: Value = serde_json::from_str(&text).expect("repaired value is valid JSON");
    assert_eq!(back, repaired.value);
    // The exact text (integers beyond 64 bits with their own digits) reads back as the value.
    let exact: Value = serde_json::from_str(&repaired.to_json()).expect("to_json is valid JSON");
    assert_eq!(exact, repaired.value, "to_json reads back as another value");
    // The prompted parser's spans: inside the input, in order, on char boundaries.
    if input.starts_with('{')
        && let Some(object) = agents_json::object_members(input)
    {
        assert!(object.end <= input.len() && input.is_char_boundary(object.end));
        for member in &object.members {
            let span = member.value.clone();
            assert!(span.start <= span.end && span.end <= object.end, "{span:?}");
            assert!(input.get(span).is_some(), "span off a char boundary");
        }
    }
    let schema = json!({
        "type": "object",
        "properties": {"n": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}
    });
    let _ = agents_json::coerce(repaired.value, &schema);
});

/// Nesting depth of a value in arrays and objects (a scalar adds none), without recursion.
fn depth(value: &Value) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 1)];
    while let Some((v, d)) = stack.pop() {
        match v {
            Value::Array(items) => stack.extend(items.iter().map(|i| (i, d + 1))),
            Value::Object(map) => stack.extend(map.values().map(|i| (i, d + 1))),
            _ => continue,
        }
        deepest = deepest.max(d);
    }
    deepest
}
