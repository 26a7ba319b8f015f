//! The canonical form the loop guards compare calls by, as a hash: the arguments' structure,
//! whatever their whitespace or key order.

use std::hash::{Hash, Hasher};

use serde_json::Value;

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
}
