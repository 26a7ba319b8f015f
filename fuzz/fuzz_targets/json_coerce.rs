//! Fuzzes `agents_json::coerce`: the first input byte picks one schema from a small fixed
//! set (types, enums, defaults, nested objects and arrays, `anyOf`, `$ref`, unknown-key policies),
//! the rest is repaired into a value. Coercion must not panic, and a coerced value must already
//! fit: coercing it again changes nothing.
#![no_main]

use agents_json::{CoerceOptions, UnknownKeys, coerce_with, repair};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

fn schemas() -> Vec<Value> {
    vec![
        json!({"type": "integer"}),
        json!({"type": ["number", "null"]}),
        json!({"type": "boolean"}),
        json!({"enum": ["Celsius", "Fahrenheit", 5, true]}),
        json!({"type": "array", "items": {"type": "string"}}),
        json!({
            "type": "object",
            "properties": {
                "n": {"type": "integer"},
                "unit": {"enum": ["Celsius", "Fahrenheit"], "default": "Celsius"},
                "tags": {"type": "array", "items": {"type": "string"}},
                "inner": {"type": "object", "properties": {"x": {"type": "number"}}},
                "flag": {"type": "boolean", "default": false}
            },
            "required": ["n"],
            "additionalProperties": false
        }),
        json!({"anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "array", "items": {"type": "boolean"}}]}),
        json!({
            "$defs": {"node": {"type": "object", "properties": {
                "v": {"type": "integer"},
                "next": {"$ref": "#/$defs/node"}
            }}},
            "$ref": "#/$defs/node"
        }),
        json!({"type": "array", "prefixItems": [{"type": "integer"}, {"const": "x"}], "items": {"type": "number"}}),
        json!({"oneOf": [{"type": "object", "properties": {"a": {"type": "integer"}}}, {"type": "null"}]}),
    ]
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(repaired) = repair(text) else {
        return;
    };
    let schemas = schemas();
    let schema = &schemas[usize::from(pick) % schemas.len()];
    let unknown_keys = match pick / 16 % 3 {
        0 => UnknownKeys::Keep,
        1 => UnknownKeys::Drop,
        _ => UnknownKeys::Refuse,
    };
    let options = CoerceOptions {
        unknown_keys,
        ..CoerceOptions::default()
    };
    if let Ok(out) = coerce_with(repaired.value, schema, &options) {
        let again = coerce_with(out.value.clone(), schema, &options).expect("coerced value fits");
        assert_eq!(again.value, out.value, "coercion is idempotent");
    }
});
