//! Our validator against the `jsonschema` crate (a dev-dependency), on generated schemas built
//! from the keywords we check and generated instances: both must agree whether an instance is
//! valid, and on the places of the violations where both report them.

use std::collections::BTreeSet;

use proptest::prelude::*;
use serde_json::{Map, Value, json};

use super::{ArgsValidator, MAX_VIOLATIONS};

const KEYS: [&str; 5] = ["a", "b", "c", "ab", "x"];

/// Strings that exercise the patterns and formats below.
const STRINGS: [&str; 16] = [
    "",
    "a",
    "ab",
    "abc",
    "b",
    "x1",
    "2024-01-31",
    "2024-02-30",
    "2024-01-31T09:30:00Z",
    "09:30:00Z",
    "name@example.com",
    "192.0.2.1",
    "2001:db8::1",
    "123e4567-e89b-12d3-a456-426614174000",
    "https://example.com/a?b#c",
    "P1DT2H",
];

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-3i64..10).prop_map(Value::from),
        prop::sample::select(vec![0.5, 1.0, 2.5, -1.5, 4.0, 1e300]).prop_map(Value::from),
        prop::sample::select(vec![u64::MAX, 9_007_199_254_740_993]).prop_map(Value::from),
        Just(Value::from(i64::MIN)),
    ]
}

fn instance() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        prop::sample::select(STRINGS.to_vec()).prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(prop::sample::select(KEYS.to_vec()), inner, 0..4).prop_map(
                |m| Value::Object(m.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
            ),
        ]
    })
}

fn object(entries: Vec<(&str, Value)>) -> Value {
    Value::Object(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect::<Map<_, _>>(),
    )
}

/// One keyword with a value that reads no subschema.
fn leaf_keyword() -> impl Strategy<Value = (&'static str, Value)> {
    let types = [
        "null", "boolean", "integer", "number", "string", "array", "object",
    ];
    prop_oneof![
        prop::sample::select(types.to_vec()).prop_map(|t| ("type", json!(t))),
        prop::sample::subsequence(types.to_vec(), 2).prop_map(|t| ("type", json!(t))),
        prop::collection::vec(instance(), 1..4).prop_map(|e| ("enum", Value::Array(e))),
        number().prop_map(|n| ("const", n)),
        (
            prop::sample::select(vec![
                "minimum",
                "maximum",
                "exclusiveMinimum",
                "exclusiveMaximum"
            ]),
            number()
        )
            .prop_map(|(k, n)| (k, n)),
        prop::sample::select(vec![json!(1), json!(2), json!(3), json!(0.5), json!(0.25)])
            .prop_map(|m| ("multipleOf", m)),
        (
            prop::sample::select(vec![
                "minLength",
                "maxLength",
                "minItems",
                "maxItems",
                "minProperties",
                "maxProperties"
            ]),
            0u64..4
        )
            .prop_map(|(k, n)| (k, json!(n))),
        prop::sample::select(vec!["^a", "b$", "^[a-c]+$", "\\d", "^.{2}$", "x|y", "^$"])
            .prop_map(|p| ("pattern", json!(p))),
        prop::sample::select(vec![
            "date",
            "date-time",
            "time",
            "email",
            "ipv4",
            "ipv6",
            "uuid",
            "uri",
            "duration",
            "int64"
        ])
        .prop_map(|f| ("format", json!(f))),
        prop::sample::subsequence(KEYS.to_vec(), 0..3).prop_map(|r| ("required", json!(r))),
        Just(("uniqueItems", json!(true))),
        (
            prop::sample::select(KEYS.to_vec()),
            prop::sample::subsequence(KEYS.to_vec(), 1..3)
        )
            .prop_map(|(k, r)| ("dependentRequired", json!({ k: r }))),
        Just(("$ref", json!("#/$defs/d"))),
        Just(("$ref", json!("#"))),
    ]
}

fn schema() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        any::<bool>().prop_map(Value::Bool),
        prop::collection::vec(leaf_keyword(), 0..3).prop_map(object),
    ];
    leaf.prop_recursive(3, 16, 3, |sub| {
        let applied = prop_oneof![
            prop::collection::btree_map(prop::sample::select(KEYS.to_vec()), sub.clone(), 1..3)
                .prop_map(|m| ("properties", json!(m))),
            sub.clone().prop_map(|s| ("additionalProperties", s)),
            any::<bool>().prop_map(|b| ("additionalProperties", json!(b))),
            sub.clone()
                .prop_map(|s| ("patternProperties", json!({"^a": s}))),
            sub.clone().prop_map(|s| ("propertyNames", s)),
            sub.clone().prop_map(|s| ("items", s)),
            prop::collection::vec(sub.clone(), 1..3).prop_map(|s| ("prefixItems", Value::Array(s))),
            sub.clone().prop_map(|s| ("contains", s)),
            (
                prop::sample::select(vec!["allOf", "anyOf", "oneOf"]),
                prop::collection::vec(sub.clone(), 1..3)
            )
                .prop_map(|(k, s)| (k, Value::Array(s))),
            sub.clone().prop_map(|s| ("not", s)),
            (sub.clone(), sub.clone()).prop_map(|(c, t)| ("if", json!([c, t]))),
            sub.clone()
                .prop_map(|s| ("dependentSchemas", json!({"a": s}))),
            leaf_keyword(),
        ];
        (
            prop::collection::vec(applied, 1..4),
            0u64..3,
            prop::option::of(0u64..3),
        )
            .prop_map(|(keywords, min, max)| {
                let mut m = Map::new();
                for (k, v) in keywords {
                    if k == "if" {
                        // `if` with its `then` (one generated pair).
                        m.insert("if".into(), v[0].clone());
                        m.insert("then".into(), v[1].clone());
                        continue;
                    }
                    if k == "contains" {
                        m.insert("minContains".into(), json!(min));
                        if let Some(max) = max {
                            m.insert("maxContains".into(), json!(max));
                        }
                    }
                    m.insert(k.into(), v);
                }
                Value::Object(m)
            })
    })
}

/// A whole document: `schema` at the root, with a definition `$ref`s point to.
fn document() -> impl Strategy<Value = Value> {
    (schema(), schema()).prop_map(|(root, d)| {
        let mut m = match root {
            Value::Object(m) => m,
            Value::Bool(b) => {
                let mut m = Map::new();
                m.insert("allOf".into(), json!([b]));
                m
            }
            _ => unreachable!(),
        };
        m.insert("$defs".into(), json!({ "d": d }));
        Value::Object(m)
    })
}

/// `items[0].count` of a JSON Pointer into `args`, `child` appended (as the validator writes
/// paths).
fn field_path(args: &Value, pointer: &str, child: Option<&str>) -> String {
    let mut out = String::new();
    let mut value = Some(args);
    let segments = pointer
        .split('/')
        .skip(1)
        .map(|s| s.replace("~1", "/").replace("~0", "~"));
    for segment in segments.chain(child.map(str::to_owned)) {
        match value {
            Some(Value::Array(items)) if segment.parse::<usize>().is_ok() => {
                out.push_str(&format!("[{segment}]"));
                value = segment.parse::<usize>().ok().and_then(|i| items.get(i));
            }
            _ => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(&segment);
                value = value.and_then(|v| v.get(&segment));
            }
        }
    }
    if out.is_empty() { ".".to_owned() } else { out }
}

/// The places jsonschema reports, as our paths.
fn reference_paths(reference: &jsonschema::Validator, args: &Value) -> BTreeSet<String> {
    use jsonschema::error::ValidationErrorKind as K;
    let mut out = BTreeSet::new();
    for e in reference.iter_errors(args) {
        let at = e.instance_path().as_str().to_owned();
        match e.kind() {
            K::AdditionalProperties { unexpected } => {
                for key in unexpected {
                    out.insert(field_path(args, &at, Some(key)));
                }
            }
            // `additionalProperties: false` beside no declared properties: jsonschema reports
            // the object; we report each member (all of them are undeclared).
            K::FalseSchema if e.schema_path().as_str().ends_with("/additionalProperties") => {
                if let Some(Value::Object(o)) = args.pointer(&at) {
                    for key in o.keys() {
                        out.insert(field_path(args, &at, Some(key)));
                    }
                }
            }
            K::Required { property } => {
                out.insert(field_path(args, &at, property.as_str()));
            }
            _ => {
                out.insert(field_path(args, &at, None));
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn agrees_with_jsonschema(schema in document(), args in prop::collection::vec(instance(), 1..6)) {
        let reference = jsonschema::options()
            .should_validate_formats(true)
            .offline()
            .build(&schema);
        let ours = ArgsValidator::compile("t", &schema);
        if ours.as_ref().is_err_and(|e| e.message.contains("endless loop")) {
            // A schema that applies itself to the same value: we refuse it, the reference
            // walks it to some answer.
            return Ok(());
        }
        let (Ok(reference), Ok(ours)) = (reference, ours) else {
            // Both refuse a schema, or neither.
            prop_assert!(
                jsonschema::options().offline().build(&schema).is_err()
                    && ArgsValidator::compile("t", &schema).is_err(),
                "one validator refused {schema}"
            );
            return Ok(());
        };
        for args in args {
            let valid = reference.is_valid(&args);
            prop_assert_eq!(ours.is_valid(&args), valid, "schema {} args {}", schema, args);
            let found = ours.violations(&args);
            prop_assert_eq!(found.is_empty(), valid, "schema {} args {}", schema, args);
            if !valid && found.len() < MAX_VIOLATIONS {
                let ours: BTreeSet<String> = found.iter().map(|v| v.field_path.clone()).collect();
                let theirs = reference_paths(&reference, &args);
                prop_assert_eq!(ours, theirs, "schema {} args {}", schema, args);
            }
        }
    }
}
