//! The canonical form the loop guards compare calls by, as a hash: the arguments' structure,
//! whatever their whitespace or key order.

use std::hash::{Hash, Hasher};

use serde_json::Value;

/// A call's key (a hash of its tool's name and its arguments in canonical form), and the
/// arguments as strict JSON reads them, when it does: what the tool's executor reads from the
/// same text (`json::parse_strict`), handed to it so that a call's arguments are parsed once.
/// Text strict JSON does not read is keyed by what lenient repair reads from it, or else by the
/// trimmed text, and gives no value (the executor reports and repairs it as before).
pub(in crate::agent::llm::runner) fn key_and_read(name: &str, args: &str) -> (u64, Option<Value>) {
    let mut hasher = std::hash::DefaultHasher::new();
    name.hash(&mut hasher);
    // Strict JSON first (what models send nearly always, and cheap); lenient repair for the
    // rest; the trimmed text when nothing can be read.
    let strict = match serde_json::from_str::<Value>(args) {
        Ok(value) => {
            hash_value(&value, &mut hasher);
            Some(value)
        }
        Err(_) => {
            match crate::json::repair(args) {
                Ok(r) => hash_value(&r.value, &mut hasher),
                Err(_) => args.trim().hash(&mut hasher),
            }
            None
        }
    };
    (hasher.finish(), strict)
}

/// Feeds `value` to `hasher` so that equal JSON values hash equal whatever the order of their
/// object keys (sorted here when the map does not keep them sorted).
pub(super) fn hash_value(value: &Value, hasher: &mut impl Hasher) {
    match value {
        Value::Null => 0u8.hash(hasher),
        Value::Bool(b) => (1u8, b).hash(hasher),
        Value::Number(n) => {
            2u8.hash(hasher);
            match (n.as_i64(), n.as_u64(), n.as_f64()) {
                (Some(i), _, _) => (0u8, i).hash(hasher),
                (None, Some(u), _) => (1u8, u).hash(hasher),
                (None, None, f) => (2u8, f.map(f64::to_bits)).hash(hasher),
            }
        }
        Value::String(s) => (3u8, s).hash(hasher),
        Value::Array(items) => {
            (4u8, items.len()).hash(hasher);
            for item in items {
                hash_value(item, hasher);
            }
        }
        Value::Object(map) => {
            (5u8, map.len()).hash(hasher);
            let sorted = map.keys().zip(map.keys().skip(1)).all(|(a, b)| a <= b);
            if sorted {
                for (k, v) in map {
                    k.hash(hasher);
                    hash_value(v, hasher);
                }
            } else {
                let mut entries: Vec<(&String, &Value)> = map.iter().collect();
                entries.sort_by(|a, b| a.0.cmp(b.0));
                for (k, v) in entries {
                    k.hash(hasher);
                    hash_value(v, hasher);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> u64 {
        let mut h = std::hash::DefaultHasher::new();
        hash_value(&serde_json::from_str(text).unwrap(), &mut h);
        h.finish()
    }

    #[test]
    fn equal_values_hash_equal_and_different_ones_do_not() {
        assert_eq!(
            key(r#"{"a": 1, "b": [true, null]}"#),
            key(r#"{"b":[true,null],"a":1}"#)
        );
        assert_ne!(key(r#"{"a": 1}"#), key(r#"{"a": 2}"#));
        assert_ne!(key(r#"{"a": "1"}"#), key(r#"{"a": 1}"#));
        assert_ne!(key(r#"[1, 2]"#), key(r#"[2, 1]"#));
        assert_ne!(key(r#"{"a": {"b": 1}}"#), key(r#"{"a": {"c": 1}}"#));
    }

    /// The value handed to the executor is exactly what its own strict parse reads from the same
    /// text, and none where that parse fails (repaired or unreadable text, nesting past the
    /// limit): the executor then parses, reports and repairs the text itself.
    #[test]
    fn the_value_read_for_the_key_is_the_strict_parse_or_none() {
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        for text in [
            r#"{"city": "Oslo", "days": 2}"#,
            r#"  {"b": [true, null], "a": 1.5e3}  "#,
            r#"{"n": 18446744073709551615, "s": "\u00e9"}"#,
            r#"{"city": "Oslo",}"#,
            "{'city': 'Oslo'}",
            "```json\n{\"city\": \"Oslo\"}\n```",
            r#"{"city": "Os"#,
            "not json at all",
            "",
            &deep,
        ] {
            let (key, read) = key_and_read("weather", text);
            assert_eq!(read, crate::json::parse_strict(text).ok(), "{text:?}");
            assert_eq!(key, key_and_read("weather", text).0, "{text:?}");
        }
        // Whitespace and key order do not change the key; the tool's name does.
        assert_eq!(
            key_and_read("t", r#"{"a": 1, "b": 2}"#).0,
            key_and_read("t", r#"{"b":2,"a":1}"#).0
        );
        assert_ne!(key_and_read("t", "{}").0, key_and_read("u", "{}").0);
    }
}
