//! Hand-written cases for each keyword, recursion, depth and numbers at their edges.

use serde_json::{Value, json};

use super::{ArgsValidator, MAX_VIOLATIONS};

fn validator(schema: Value) -> ArgsValidator {
    ArgsValidator::compile("t", &schema).unwrap_or_else(|e| panic!("{e}"))
}

/// `schema` admits each of `good` and refuses each of `bad`.
fn admits(schema: Value, good: &[Value], bad: &[Value]) {
    let v = validator(schema.clone());
    for g in good {
        assert!(
            v.violations(g).is_empty(),
            "{schema} should admit {g}: {:?}",
            v.violations(g)
        );
    }
    for b in bad {
        assert!(!v.violations(b).is_empty(), "{schema} should refuse {b}");
    }
}

/// The one violation `args` gets: (path, keyword, message).
fn one(schema: Value, args: Value) -> (String, String, String) {
    let found = validator(schema.clone()).violations(&args);
    assert_eq!(found.len(), 1, "{schema} / {args}: {found:?}");
    let v = found.into_iter().next().unwrap();
    (v.field_path, v.keyword, v.message)
}

fn triple(path: &str, keyword: &str, message: &str) -> (String, String, String) {
    (path.to_owned(), keyword.to_owned(), message.to_owned())
}

#[test]
fn types() {
    admits(
        json!({"type": "integer"}),
        &[json!(3), json!(3.0), json!(-7)],
        &[json!(3.5), json!("3")],
    );
    admits(
        json!({"type": ["string", "null"]}),
        &[json!("a"), json!(null)],
        &[json!(1)],
    );
    admits(
        json!({"type": "number"}),
        &[json!(1), json!(1.5)],
        &[json!(true)],
    );
    assert_eq!(
        one(json!({"type": ["string", "null"]}), json!(1)),
        triple(".", "type", "must be null or a string")
    );
    assert_eq!(
        one(json!({"type": "integer"}), json!("x")),
        triple(".", "type", "must be an integer")
    );
    // A number no f64 holds, as a string: said so, not "must be a number".
    let (_, _, message) = one(json!({"type": "number"}), json!("1e999"));
    assert!(
        message.contains("finite") || message.contains("1e999"),
        "{message}"
    );
}

#[test]
fn enums_and_consts_compare_numbers_by_value() {
    admits(
        json!({"enum": [1, "a", [1, 2]]}),
        &[json!(1.0), json!("a"), json!([1.0, 2])],
        &[json!(2), json!("b")],
    );
    admits(
        json!({"const": {"a": 1}}),
        &[json!({"a": 1.0})],
        &[json!({"a": 1, "b": 2})],
    );
    assert_eq!(
        one(json!({"enum": ["c", "f"]}), json!("k")),
        triple(".", "enum", r#"must be one of "c", "f""#)
    );
    assert_eq!(
        one(json!({"const": 3}), json!(4)),
        triple(".", "const", "must be 3")
    );
}

#[test]
fn numeric_bounds() {
    admits(
        json!({"minimum": 1, "maximum": 3}),
        &[json!(1), json!(3), json!(2.5), json!("x")],
        &[json!(0), json!(3.5)],
    );
    admits(
        json!({"exclusiveMinimum": 0, "exclusiveMaximum": 1}),
        &[json!(0.5)],
        &[json!(0), json!(1)],
    );
    // Exact where both are integers: these two round to the same f64.
    admits(
        json!({"maximum": 9_007_199_254_740_992_u64}),
        &[json!(9_007_199_254_740_992_u64)],
        &[json!(9_007_199_254_740_993_u64)],
    );
    admits(
        json!({"minimum": -1}),
        &[json!(u64::MAX)],
        &[json!(i64::MIN)],
    );
    admits(
        json!({"maximum": 1e308}),
        &[json!(1e300)],
        &[json!(1.5e308)],
    );
    assert_eq!(
        one(json!({"minimum": 1}), json!(0)),
        triple(".", "minimum", "must be at least 1")
    );
    assert_eq!(
        one(json!({"maximum": 1.5}), json!(2)),
        triple(".", "maximum", "must be at most 1.5")
    );
    assert_eq!(
        one(json!({"exclusiveMinimum": 0}), json!(0)),
        triple(".", "exclusiveMinimum", "must be greater than 0")
    );
    assert_eq!(
        one(json!({"exclusiveMaximum": 5}), json!(5)),
        triple(".", "exclusiveMaximum", "must be less than 5")
    );
    // Draft-04's boolean form, in a document that declares it.
    admits(
        json!({"$schema": "http://json-schema.org/draft-04/schema#", "minimum": 1, "exclusiveMinimum": true}),
        &[json!(2)],
        &[json!(1)],
    );
}

#[test]
fn multiples() {
    admits(
        json!({"multipleOf": 3}),
        &[json!(9), json!(9.0), json!(9_007_199_254_740_993_u64)],
        &[json!(10), json!(9.5)],
    );
    admits(
        json!({"multipleOf": 0.1}),
        &[json!(0.3), json!(1), json!(2.2)],
        &[json!(0.35)],
    );
    admits(json!({"multipleOf": 0.5}), &[json!(1e308)], &[json!(0.3)]);
    assert_eq!(
        one(json!({"multipleOf": 2.0}), json!(3)),
        triple(".", "multipleOf", "must be a multiple of 2")
    );
    assert_eq!(
        one(json!({"multipleOf": 0.5}), json!(0.3)),
        triple(".", "multipleOf", "must be a multiple of 0.5")
    );
}

#[test]
fn strings() {
    admits(
        json!({"minLength": 2, "maxLength": 3}),
        &[json!("ab"), json!("héé"), json!("日本語"), json!(5)],
        &[json!("a"), json!("abcd"), json!("日本語日")],
    );
    admits(
        json!({"pattern": "^[A-Z]"}),
        &[json!("Oslo")],
        &[json!("oslo")],
    );
    // Not anchored unless it says so.
    admits(json!({"pattern": "[0-9]"}), &[json!("a1b")], &[json!("ab")]);
    assert_eq!(
        one(json!({"minLength": 1}), json!("")),
        triple(".", "minLength", "must be at least 1 character long")
    );
    assert_eq!(
        one(json!({"maxLength": 2}), json!("abc")),
        triple(".", "maxLength", "must be at most 2 characters long")
    );
    assert_eq!(
        one(json!({"pattern": "^a"}), json!("b")),
        triple(".", "pattern", "must match the regular expression ^a")
    );
    assert_eq!(
        one(json!({"format": "date"}), json!("tomorrow")),
        triple(".", "format", "must be a date like 2024-01-31")
    );
    // Unknown formats are not checked.
    admits(json!({"format": "uint8"}), &[json!("anything")], &[]);
}

#[test]
fn objects() {
    let schema = json!({
        "properties": {"a": {"type": "integer"}, "b": {"type": "string"}, "city": {}},
        "patternProperties": {"^x_": {"type": "boolean"}},
        "additionalProperties": false,
        "required": ["a"],
        "minProperties": 1,
        "maxProperties": 3,
        "dependentRequired": {"b": ["a"]}
    });
    admits(
        schema.clone(),
        &[json!({"a": 1}), json!({"a": 1, "x_y": true}), json!([1])],
        &[
            json!({"a": 1, "x_y": 1}),
            json!({"a": 1, "c": 1}),
            json!({"b": "s"}),
            json!({"a": 1, "b": "s", "x_1": true, "x_2": true}),
        ],
    );
    assert_eq!(
        one(schema.clone(), json!({"a": 1, "cty": "s"})),
        triple(
            "cty",
            "additionalProperties",
            "is not an argument of this tool (did you mean `city`?)"
        )
    );
    assert_eq!(
        one(json!({"required": ["a"]}), json!({})),
        triple("a", "required", "is missing; the tool needs it")
    );
    let found = validator(json!({"dependentRequired": {"b": ["a"]}})).violations(&json!({"b": 1}));
    assert_eq!(found[0].field_path, "a");
    assert_eq!(
        found[0].message,
        "is missing; the tool needs it when `b` is given"
    );
    admits(
        json!({"additionalProperties": {"type": "string"}, "properties": {"n": {}}}),
        &[json!({"n": 1, "s": "x"})],
        &[json!({"s": 1})],
    );
    admits(
        json!({"propertyNames": {"maxLength": 2}}),
        &[json!({"ab": 1})],
        &[json!({"abc": 1})],
    );
    let (path, keyword, message) = one(
        json!({"propertyNames": {"pattern": "^[a-z]+$"}}),
        json!({"Ab": 1}),
    );
    assert_eq!((path.as_str(), keyword.as_str()), (".", "propertyNames"));
    assert!(
        message.contains("`Ab`") && message.contains("^[a-z]+$"),
        "{message}"
    );
    admits(
        json!({"dependentSchemas": {"a": {"required": ["b"]}}}),
        &[json!({"b": 1}), json!({"a": 1, "b": 1})],
        &[json!({"a": 1})],
    );
    admits(
        json!({"dependencies": {"a": ["b"], "c": {"required": ["d"]}}}),
        &[json!({"a": 1, "b": 1})],
        &[json!({"a": 1}), json!({"c": 1})],
    );
}

#[test]
fn arrays() {
    admits(
        json!({"items": {"type": "integer"}, "minItems": 1, "maxItems": 2}),
        &[json!([1]), json!([1, 2])],
        &[json!([]), json!([1, 2, 3]), json!(["a"])],
    );
    admits(
        json!({"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}),
        &[json!(["a", 1, 2]), json!([])],
        &[json!([1]), json!(["a", "b"])],
    );
    // The draft-07 tuple form.
    admits(
        json!({"items": [{"type": "string"}], "additionalItems": false}),
        &[json!(["a"])],
        &[json!(["a", 1])],
    );
    admits(
        json!({"contains": {"type": "string"}}),
        &[json!([1, "a"])],
        &[json!([1, 2]), json!([])],
    );
    admits(
        json!({"contains": {"type": "string"}, "minContains": 2, "maxContains": 3}),
        &[json!(["a", "b"]), json!(["a", 1, "b", "c"])],
        &[json!(["a"]), json!(["a", "b", "c", "d"])],
    );
    admits(
        json!({"contains": {"type": "string"}, "minContains": 0}),
        &[json!([]), json!([1])],
        &[],
    );
    admits(
        json!({"uniqueItems": true}),
        &[json!([1, 2]), json!([{"a": 1}, {"a": 2}])],
        &[json!([1, 1.0]), json!([{"a": 1}, {"a": 1}])],
    );
    assert_eq!(
        one(json!({"items": {"type": "string"}}), json!(["a", 1])),
        triple("[1]", "type", "must be a string")
    );
    assert_eq!(
        one(json!({"uniqueItems": true}), json!([1, 1])),
        triple(".", "uniqueItems", "must not repeat an item")
    );
    assert_eq!(
        one(json!({"minItems": 1}), json!([])),
        triple(".", "minItems", "must have at least 1 item")
    );
}

#[test]
fn combinators_and_conditions() {
    admits(
        json!({"allOf": [{"minimum": 1}, {"maximum": 3}]}),
        &[json!(2)],
        &[json!(0), json!(4)],
    );
    admits(
        json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
        &[json!("a"), json!(1)],
        &[json!(1.5)],
    );
    admits(
        json!({"oneOf": [{"type": "integer"}, {"minimum": 2}]}),
        &[json!(1), json!(2.5)],
        &[json!(3), json!(1.5)],
    );
    admits(
        json!({"not": {"type": "string"}}),
        &[json!(1)],
        &[json!("a")],
    );
    let conditional = json!({
        "if": {"properties": {"kind": {"const": "card"}}},
        "then": {"required": ["number"]},
        "else": {"required": ["iban"]}
    });
    admits(
        conditional.clone(),
        &[
            json!({"kind": "card", "number": "1"}),
            json!({"kind": "bank", "iban": "x"}),
        ],
        &[
            json!({"kind": "card", "iban": "x"}),
            json!({"kind": "bank"}),
        ],
    );
    assert_eq!(
        one(conditional, json!({"kind": "card"})),
        triple("number", "required", "is missing; the tool needs it")
    );
    admits(
        json!({"properties": {"a": true, "b": false}}),
        &[json!({"a": 1})],
        &[json!({"b": 1})],
    );
    assert_eq!(
        one(json!({"properties": {"b": false}}), json!({"b": 1})),
        triple("b", "falseSchema", "is not allowed here")
    );
    assert_eq!(
        one(
            json!({"anyOf": [{"type": "string"}, {"type": "null"}]}),
            json!(1)
        ),
        triple(".", "anyOf", "matches none of the allowed forms")
    );
    assert_eq!(
        one(json!({"oneOf": [{"minimum": 1}, {"minimum": 2}]}), json!(3)),
        triple(".", "oneOf", "matches more than one of the allowed forms")
    );
}

#[test]
fn references_and_recursion() {
    let tree = json!({
        "$ref": "#/$defs/node",
        "$defs": {"node": {
            "type": "object",
            "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}},
            "required": ["value"]
        }}
    });
    admits(
        tree.clone(),
        &[json!({"value": 1, "children": [{"value": 2, "children": []}]})],
        &[json!({"value": 1, "children": [{"children": []}]})],
    );
    assert_eq!(
        one(
            tree.clone(),
            json!({"value": 1, "children": [{"value": 2}, {"value": "x"}]})
        ),
        triple("children[1].value", "type", "must be an integer")
    );
    admits(
        json!({"properties": {"next": {"$ref": "#"}}, "required": ["v"]}),
        &[json!({"v": 1, "next": {"v": 2}})],
        &[json!({"v": 1, "next": {}})],
    );
    admits(
        json!({"definitions": {"a": {"type": "string"}}, "properties": {"x": {"$ref": "#/definitions/a"}}}),
        &[json!({"x": "s"})],
        &[json!({"x": 1})],
    );
    // Any pointer inside the document, percent-encoded or with escaped segments.
    admits(
        json!({"properties": {"a/b": {"type": "string"}, "c": {"$ref": "#/properties/a~1b"}}}),
        &[json!({"c": "s"})],
        &[json!({"c": 1})],
    );
    admits(
        json!({"$defs": {"a b": {"type": "string"}}, "$ref": "#/$defs/a%20b"}),
        &[json!("s")],
        &[json!(1)],
    );
    // A schema that applies itself to the same value would loop: refused when compiled.
    for endless in [
        json!({"$defs": {"loop": {"$ref": "#/$defs/loop"}}, "$ref": "#/$defs/loop"}),
        json!({"anyOf": [{"$ref": "#"}, {"type": "string"}]}),
        json!({"$defs": {"d": {"not": {"$ref": "#/$defs/d"}}}, "not": {"$ref": "#/$defs/d"}}),
    ] {
        let err = ArgsValidator::compile("t", &endless).unwrap_err();
        assert!(err.message.contains("endless loop"), "{}", err.message);
    }
}

/// A hand-built instance far deeper than the parser allows is refused as too deep, without
/// overflowing the stack (on a thread of the default test stack).
#[test]
fn a_deep_instance_does_not_overflow() {
    let mut deep = json!(1);
    for _ in 0..2_000 {
        deep = json!({"next": deep});
    }
    let v = validator(json!({"properties": {"next": {"$ref": "#"}}}));
    let found = v.violations(&deep);
    assert_eq!(found.len(), 1);
    assert!(found[0].message.contains("too deeply"), "{found:?}");
    let arrays = validator(json!({"items": {"$ref": "#"}, "type": "array"}));
    let mut nested = json!([]);
    for _ in 0..100 {
        nested = json!([nested]);
    }
    assert!(arrays.violations(&nested).is_empty());
}

#[test]
fn at_most_max_violations_each_once() {
    let v = validator(json!({"items": {"type": "string"}}));
    let found = v.violations(&json!((0..100).collect::<Vec<_>>()));
    assert_eq!(found.len(), MAX_VIOLATIONS);
    assert_eq!(found[0].field_path, "[0]");
}

#[test]
fn bad_schemas_are_refused_at_compile() {
    for (bad, says) in [
        (json!({"minimum": "x"}), "minimum"),
        (json!({"pattern": "(unclosed"}), "pattern"),
        (json!({"pattern": "[a-"}), "pattern"),
        (
            json!({"patternProperties": {"(?!x_)": true}}),
            "look-around",
        ),
        (json!({"type": "integr"}), "type"),
        (json!({"multipleOf": 0}), "multipleOf"),
        (json!({"minLength": -1}), "minLength"),
        (json!({"required": "a"}), "required"),
        (json!({"properties": {"a": 5}}), "/properties/a"),
        (json!({"$ref": "other.json#/a"}), "outside"),
        (json!({"$ref": "#anchor"}), "outside"),
        (json!({"$ref": "#/$defs/missing"}), "nothing"),
        (json!({"$defs": {"unused": {"type": 5}}}), "type"),
        (json!({"anyOf": []}), "anyOf"),
    ] {
        let err = ArgsValidator::compile("t", &bad)
            .err()
            .unwrap_or_else(|| panic!("{bad} compiled"));
        assert!(err.message.contains(says), "{bad}: {}", err.message);
    }
}

/// A `pattern` with look-around or a back-reference is a valid regular expression beyond
/// `regex-lite`: that keyword goes unchecked and the rest of the schema is still checked (an MCP
/// server's tool with such a pattern keeps working). An escaped backslash before a digit is not a
/// back-reference, and a pattern that is broken for another reason is still refused.
#[test]
fn look_around_and_back_references_leave_the_pattern_unchecked_and_the_rest_checked() {
    for unread in [
        r"^(?=.*\d)\w+$",
        r"^(?!admin).*",
        r"(?<=@)\w+",
        r"(?<!x)y",
        r"^(a)\1$",
        r"(?<q>a)\k<q>",
    ] {
        let v = validator(json!({
            "type": "object",
            "properties": {"code": {"type": "string", "pattern": unread}},
            "required": ["code"]
        }));
        assert!(
            v.violations(&json!({"code": "anything"})).is_empty(),
            "{unread}"
        );
        let missing = v.violations(&json!({}));
        assert_eq!(missing.len(), 1, "{unread}: the rest is checked");
        assert_eq!(missing[0].keyword, "required");
    }
    assert!(super::compile::beyond_regex_lite(r"(?=a)"));
    assert!(!super::compile::beyond_regex_lite(r"\\1"));
    assert!(!super::compile::beyond_regex_lite(r"(?:a)(?i)b"));
    admits(json!({"pattern": r"^\\1$"}), &[json!("\\1")], &[json!("1")]);
}

/// `uniqueItems` on long arrays (hashed, not compared pairwise) finds what pairwise comparison
/// finds: a repeat written as another number form (`1.0` after `1`, `-0.0` after `0`), an object
/// with its members in another order, a nested array; and a long array without a repeat passes.
#[test]
fn unique_items_on_long_arrays_agrees_with_pairwise_equality() {
    let unique = validator(json!({"uniqueItems": true}));
    let distinct: Vec<Value> = (0..100_000).map(|i| json!(i)).collect();
    assert!(
        unique
            .violations(&Value::Array(distinct.clone()))
            .is_empty()
    );
    let late_repeats = [
        (json!(7), json!(7.0)),
        (json!(0), json!(-0.0)),
        (json!({"a": 1, "b": [1, 2]}), json!({"b": [1.0, 2], "a": 1})),
        (json!(["x", null]), json!(["x", null])),
    ];
    for (first, again) in late_repeats {
        let mut items: Vec<Value> = (0..200).map(|i| json!(format!("s{i}"))).collect();
        items.insert(50, first.clone());
        items.push(again.clone());
        let found = unique.violations(&Value::Array(items));
        assert_eq!(found.len(), 1, "{first} then {again}");
        assert_eq!(found[0].keyword, "uniqueItems");
    }
    // Same-looking but different: no repeat.
    let mut items: Vec<Value> = (0..100).map(|i| json!(i)).collect();
    items.extend([
        json!("1"),
        json!([1]),
        json!({"1": 1}),
        json!(true),
        json!(null),
    ]);
    assert!(unique.violations(&Value::Array(items)).is_empty());
}

/// Over arrays drawn from a small set of values in several forms, the hashed search finds the
/// same first repeat as comparing every pair.
#[test]
fn the_hashed_repeat_search_finds_the_pairwise_one() {
    let forms = [
        json!(1),
        json!(1.0),
        json!(2),
        json!("1"),
        json!(null),
        json!([1]),
        json!([1.0]),
        json!({"a": 1, "b": 2}),
        json!({"b": 2, "a": 1.0}),
        json!(false),
    ];
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..300 {
        let len = 33 + (next() % 40) as usize;
        // Mostly distinct strings, a few forms from the set: repeats land anywhere, or nowhere.
        let items: Vec<Value> = (0..len)
            .map(|i| {
                if next() % 8 == 0 {
                    forms[(next() % forms.len() as u64) as usize].clone()
                } else {
                    json!(format!("u{i}"))
                }
            })
            .collect();
        let pairwise = (1..items.len()).find(|&j| {
            items[..j]
                .iter()
                .any(|a| super::number::equal(a, &items[j]))
        });
        assert_eq!(super::check::first_repeat(&items), pairwise, "{items:?}");
    }
}
