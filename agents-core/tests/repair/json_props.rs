//! Property tests for `agents_core::json::repair`: no panic on any input, valid JSON unchanged,
//! repaired output always valid JSON, and scanner work linear in the input size (counted in
//! scanner steps, never wall-clock time).

use agents_core::json::{
    MAX_DEPTH, RepairError, RepairOptions, repair, repair_counting, repair_with,
};
use proptest::prelude::*;
use serde_json::Value;

/// Arbitrary JSON values, a few levels deep.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-1.0e6f64..1.0e6).prop_map(Value::from),
        "[a-zA-Z0-9 ,:{}\\[\\]\"'\\\\/\n\té€😀-]{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_ \"]{0,6}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Text made of the characters that matter to the scanner.
fn jsonish() -> impl Strategy<Value = String> {
    "[{}\\[\\]\"',:0-9a-zA-Z .+\\-_eE\\\\/*#\n\t`~<>|“”‘’\u{feff}\u{a0}…]{0,80}"
}

/// Repaired output must always serialize to JSON that parses back to the same value.
fn assert_valid_output(result: &Result<agents_core::json::Repaired, RepairError>) {
    if let Ok(r) = result {
        let text = serde_json::to_string(&r.value).expect("serializes");
        let back: Value = serde_json::from_str(&text).expect("output is valid JSON");
        assert_eq!(back, r.value);
    }
}

/// Cuts `s` to at most `at` bytes, on a char boundary.
fn cut(s: &str, at: usize) -> &str {
    let mut at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    &s[..at]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn never_panics_on_any_string(s in any::<String>()) {
        assert_valid_output(&repair(&s));
    }

    #[test]
    fn never_panics_on_jsonish_text(s in jsonish()) {
        assert_valid_output(&repair(&s));
    }

    #[test]
    fn valid_json_round_trips_unchanged(v in json_value(), pretty in any::<bool>()) {
        let text = if pretty { serde_json::to_string_pretty(&v) } else { serde_json::to_string(&v) }.unwrap();
        // Valid JSON takes the strict path, which counts one step a byte: the quick checks that
        // skip it for certainly broken input never call valid JSON broken.
        let (result, steps) = repair_counting(&text, &RepairOptions::default());
        prop_assert_eq!(steps, text.len() as u64, "valid JSON went the lenient way: {}", text);
        let r = result.expect("valid JSON repairs");
        // A string that itself holds an object or array is decoded on purpose; skip those.
        if !matches!(&v, Value::String(s) if s.trim().starts_with(['{', '['])) {
            prop_assert_eq!(&r.value, &v);
            prop_assert!(r.fixes.is_empty());
        }
    }

    #[test]
    fn truncation_anywhere_keeps_a_prefix(v in json_value(), at in any::<prop::sample::Index>()) {
        let text = serde_json::to_string(&v).unwrap();
        let truncated = cut(&text, at.index(text.len() + 1));
        let result = repair(truncated);
        assert_valid_output(&result);
        if truncated.starts_with('{') {
            prop_assert!(result.expect("a truncated object is recovered").value.is_object());
        }
    }

    #[test]
    fn mutations_never_panic(v in json_value(), at in any::<prop::sample::Index>(), c in any::<char>(), delete in any::<bool>()) {
        let text = serde_json::to_string(&v).unwrap();
        let mut chars: Vec<char> = text.chars().collect();
        let i = at.index(chars.len() + 1);
        if delete && i < chars.len() {
            chars.remove(i);
        } else {
            chars.insert(i, c);
        }
        let mutated: String = chars.into_iter().collect();
        assert_valid_output(&repair(&mutated));
    }

    #[test]
    fn fix_offsets_lie_inside_the_input(s in jsonish()) {
        if let Ok(r) = repair(&s) {
            for fix in &r.fixes {
                prop_assert!(fix.offset <= s.len());
            }
        }
    }
}

/// Scanner steps for `unit` repeated `n` times (with `head` before and `tail` after).
fn steps(head: &str, unit: &str, n: usize, tail: &str) -> u64 {
    let input = format!("{head}{}{tail}", unit.repeat(n));
    let (result, steps) = repair_counting(&input, &RepairOptions::default());
    if let Ok(r) = result {
        dismantle(r.value);
    }
    steps
}

#[test]
fn scanner_work_grows_linearly() {
    // Shapes chosen to stress lookahead, retries and closing: each must not grow faster than
    // linearly when the input doubles (4x allows for constant overheads, never for n^2).
    let shapes: &[(&str, &str, &str)] = &[
        ("{", "\"k\": \"v\", ", ""),
        ("{\"a\": \"", "x \" y ", "\"}"),
        ("{\"a\": \"", "\" , ", ""),
        ("[", "1, ", ""),
        ("", "[", ""),
        ("", "{\"a\":", ""),
        ("", "[x ", ""),
        ("", "{a ", ""),
        ("{'a': ", "'b\" , '", ""),
        ("", "\"' ", "{}"),
        ("{\"a\": [", "\"x\" \"y\" ", ""),
        ("", "```\n", "{}"),
        ("<tool_call>", "// c\n", "{}"),
        ("{\"a\": 1", ",000", "}"),
        // Bare values on one long line, each looking for the quote that would end its line.
        ("{", "\"k\": some words, ", "\"z\": \"end\"}"),
        ("{", "\"k\": x, ", "\"z\": 1\", ]]]]]] y}"),
        // Numbers with text attached, wrong-kind closers, doubled braces, tuples.
        ("{", "\"p\": 50%, ", "}"),
        ("[", "{\"a\": [1}, ", "]"),
        ("", "[{]", ""),
        ("", "{{", ""),
        ("{\"t\": ", "(1, ", ""),
        // Numbers with text after them: expressions, words, more numbers after commas.
        ("{", "\"a\": 12 + 3, ", "}"),
        ("{\"a\": 1", ", 2", "}"),
        ("{\"a\": 1", " 2", "}"),
        ("{", "\"a\": 1 b c, ", "}"),
        // Closers that match nothing open, commas and items after them.
        ("[", "[1}, ", "]"),
        ("{\"a\": {", "\"b\": 1], ", "}}"),
        // Lists of bare words; literals and numbers with words after them.
        ("[", "\"x\", y, ", "]"),
        ("[a, ", "b, ", "]"),
        ("  ", "[a, [", ""),
        ("{", "\"k\": true story, ", "}"),
        // A string value, then a key after a space.
        ("{", "\"a\": \"x\" ", "b: 1}"),
    ];
    assert_linear(shapes, true);
}

/// The lookaheads that decide where a string ends (quoted lists, embedded JSON, escapes read
/// raw) stay linear, with a bounded number of steps per byte.
#[test]
fn string_lookaheads_stay_linear() {
    let shapes: &[(&str, &str, &str)] = &[
        // Quoted lists: every quote looks at the token after `, `.
        ("{\"a\": \"x \"y", "\", \"z", "\"}"),
        (
            "{\"a\": \"x \"y",
            "\", \"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
            "\"}",
        ),
        // Embedded JSON, balanced, unbalanced, cut off, with wide gaps.
        ("{\"a\": \"{\"k\": [", "\"v\", ", "]}\"}"),
        ("{\"a\": \"{\"k\": 1", "\", \"b\": 1", "}"),
        ("{\"a\": \"{\"k\": 1", "}\", \"b\": \"{\"c\": 1", "}"),
        ("{\"a\": \"{\"k\":", "  \n ", "\"v\"}\"}"),
        ("[", "\"{\", ", "]"),
        ("[", "\"[\"a\", ", "]"),
        // Escapes: valid ones, raw ones, stretches split by quotes.
        ("{\"a\": \"", "\\n\\\" ", "\"}"),
        ("{\"a\": \"", "\\new \" ", "\\d\"}"),
        ("{\"a\": \"\\d ", "\\n\\t\\u00e9 ", "\"}"),
        ("{\"a\": \"", "\\n \\d \" ", "\"}"),
        ("", "{\"a\": \"\\n\\d\", ", ""),
        ("[", "\"{\"a\": 1\", ", "]"),
        ("{\"a\": \"", "\\n\\d \"{\"b\": 1}\" ", "\"}"),
        ("", "[\"[\"a\", ", "]"),
        // Closing quotes left out: before a comma and a key, before closers and the next
        // element, before a run of closers at the end, before long whitespace.
        ("{\"a\": \"x", ", \"b\": \"x", "}"),
        ("[", "\"x, ", "]"),
        ("{\"a\": {\"c\": \"x", "}, \"b\": {\"c\": \"x", "}}"),
        ("[{\"a\": \"x", "}, {\"a\": \"x", "}]"),
        ("{\"a\": \"x", "} ", ""),
        ("{\"a\": \"x", " ", "}"),
        // A quotation closed at a quote, then closers (fitting or not).
        ("[", "\"x \"y\"   ]]]]]]]] ", "]"),
        ("{\"a\": [", "\"x \"y\" }", "]}"),
        (
            "{\"a\": \"x",
            "}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}, \"",
            "",
        ),
        // Issue 30.6: two closing quotes left out (each quote looks at a short element and
        // the closers after it), closers that skip an array, a key after an array whose `]` was
        // left out, element objects whose `}` and comma were left out.
        ("[", "\"x, \"y", "]"),
        ("{\"a\": [", "\"x, \"y", "], \"b\": 1}"),
        ("{\"a\": [\"x", " y", "}"),
        ("{\"a\": [\"x\", \"y\"", "\n\"k\": [\"z\"", "}"),
        ("[", "{\"n\": 1", "}]"),
        ("[", "{\"n\": 1 ", "}]"),
        // Placeholders and comments before empty brackets.
        ("", "// c\n", "{}"),
        ("", "[...] ", ""),
    ];
    assert_linear(shapes, true);
}

/// The paths for reasoning blocks, fences read on and escaped JSON stay linear.
#[test]
fn extraction_paths_grow_linearly() {
    let shapes: &[(&str, &str, &str)] = &[
        ("", "<think>", ""),
        ("x ", "\n</think>", "{}"),
        ("", "<think></think>\n", "{}"),
        ("", "<think>a</think>{\"a\": \"", ""),
        ("", "<|channel|>analysis<|message|>x<|end|>", "{}"),
        ("<|message|>", "<|message|>{\"a\":<|call|>", ""),
        ("", "{\\\"", ""),
        ("x ", "{\\\"a\\\": [", ""),
        ("", "```json\n{\"a\": \"x\n```\nz", ""),
        ("```json\n", "x```", ""),
        ("```json\n{\"a\": \"", "\n```bash", ""),
        ("", "   ```", "{}"),
        ("<think>", "\\\"{", ""),
        // Candidates inside comments.
        ("", "// {\"a\": 1}\n", "{}"),
        ("", "/* [1] */ ", "{}"),
        ("x ", "/* {", ""),
        ("x", " // [", ""),
    ];
    assert_linear(shapes, false);
}

/// Each shape (`unit` repeated between `head` and `tail`) must not grow faster than linearly
/// when the input doubles (4x allows for constant overheads, never for n^2); with `per_byte`,
/// it must also take at most 16 steps a byte (lookahead capped or remembered).
fn assert_linear(shapes: &[(&str, &str, &str)], per_byte: bool) {
    for (head, unit, tail) in shapes {
        let small = steps(head, unit, 2_000, tail).max(1);
        let large = steps(head, unit, 4_000, tail);
        assert!(
            large <= small * 4,
            "{head:?}{unit:?}*n{tail:?}: {small} steps at n, {large} at 2n"
        );
        let len = (head.len() + unit.len() * 4_000 + tail.len()) as u64;
        assert!(
            !per_byte || large <= 16 * len,
            "{head:?}{unit:?}*n{tail:?}: {large} steps for {len} bytes"
        );
    }
}

/// Ten thousand levels, closed or cut off, are refused at the one depth limit before a deep
/// value is built (they used to repair into a value later steps could not recurse over).
#[test]
fn ten_thousand_levels_are_refused_at_the_limit() {
    let depth = 10_000;
    let input = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    match repair(&input) {
        Err(RepairError::DepthLimit { limit, offset }) => {
            assert_eq!((limit, offset), (MAX_DEPTH, MAX_DEPTH));
        }
        other => panic!("expected a depth error, got {other:?}"),
    }
    // Two levels per repetition: 10,000 in all.
    let truncated = "{\"a\": [".repeat(depth / 2);
    assert!(matches!(
        repair(&truncated),
        Err(RepairError::DepthLimit {
            limit: MAX_DEPTH,
            ..
        })
    ));
}

/// Found by the `json_repair` fuzzer: a zero-width joiner, 131 open arrays, then `2{` cut
/// off. Deeper than the limit, so it is refused where the 128th level opens.
#[test]
fn fuzz_deep_arrays_then_cut_object() {
    let input = format!("\u{200d}{}2{{", "[".repeat(131));
    match repair(&input) {
        // The joiner is 3 bytes; the 128th bracket follows 127 others.
        Err(RepairError::DepthLimit { limit, offset }) => {
            assert_eq!((limit, offset), (MAX_DEPTH, 3 + MAX_DEPTH));
        }
        other => panic!("expected a depth error, got {other:?}"),
    }
}

/// A limit set above the one limit is lowered to it: later steps rely on it.
#[test]
fn configured_depth_limit_cannot_exceed_the_one_limit() {
    let input = "[".repeat(500);
    let options = RepairOptions {
        max_depth: 100_000,
        ..RepairOptions::default()
    };
    assert!(matches!(
        repair_with(&input, &options),
        Err(RepairError::DepthLimit {
            limit: MAX_DEPTH,
            ..
        })
    ));
}

#[test]
fn configured_depth_limit_is_an_error() {
    let input = "[".repeat(200);
    let options = RepairOptions {
        max_depth: 100,
        ..RepairOptions::default()
    };
    match repair_with(&input, &options) {
        Err(RepairError::DepthLimit { limit: 100, offset }) => assert_eq!(offset, 100),
        other => panic!("expected a depth error, got {other:?}"),
    }
}

#[test]
fn megabyte_input_is_handled() {
    let item = "{'id': 1, 'name': 'x', 'tags': ['a', 'b',], 'ok': True},";
    let input = format!("[{}", item.repeat(1 << 20 >> 6));
    let (result, steps) = repair_counting(&input, &RepairOptions::default());
    let value = result.expect("large input repairs").value;
    assert_eq!(value.as_array().map(Vec::len), Some(1 << 20 >> 6));
    assert!(
        steps < 8 * input.len() as u64,
        "{steps} steps for {} bytes",
        input.len()
    );
}

/// Drops a deeply nested value level by level, so the test does not depend on `Value`'s
/// recursive drop.
fn dismantle(value: Value) {
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}
