//! The schema translations of `model::constraint::schema` over every construct `#[tool]` (schemars, subschemas inlined) and plain
//! schemars (with `$defs`) produce, each checked by validating instances with the `jsonschema`
//! crate: what the tool accepts, the constraint accepts in the call format, and what it must
//! refuse (invented keys, wrong enum values, out-of-range integers) it refuses.

use schemars::JsonSchema;
use serde_json::{Value, json};

use agents_core::model::ToolSpec;
use agents_core::model::constraint::schema::{call_schema, closed, strict};
use agents_core::tool::schema_for;

#[allow(dead_code)]
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

#[allow(dead_code)]
#[derive(JsonSchema)]
struct Address {
    city: String,
    zip: Option<String>,
}

#[allow(dead_code)]
#[derive(JsonSchema)]
#[serde(untagged)]
enum Amount {
    Number(f64),
    Words(String),
}

/// Every construct at once: a nested object, an array of objects, an enum, `Option`s (of a
/// scalar and of an enum), an integer with a range, an untagged enum (`anyOf`).
#[allow(dead_code)]
#[derive(JsonSchema)]
struct Everything {
    address: Address,
    stops: Vec<Address>,
    unit: Unit,
    note: Option<String>,
    fallback_unit: Option<Unit>,
    #[schemars(range(min = 1, max = 9))]
    people: u8,
    amount: Amount,
}

/// The tool schema as `#[tool]` makes it (subschemas inlined) and as plain schemars makes it
/// (`$ref` into `$defs`).
fn both_forms() -> [Value; 2] {
    let mut with_defs = serde_json::to_value(schemars::schema_for!(Everything)).unwrap();
    let m = with_defs.as_object_mut().unwrap();
    m.remove("$schema");
    m.remove("title");
    assert!(with_defs.get("$defs").is_some(), "{with_defs}");
    [schema_for::<Everything>(), with_defs]
}

fn valid_args() -> Value {
    json!({
        "address": {"city": "Oslo", "zip": null},
        "stops": [{"city": "Bergen", "zip": "5003"}],
        "unit": "celsius",
        "note": "window seat",
        "fallback_unit": null,
        "people": 4,
        "amount": "twelve"
    })
}

fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::options()
        .offline()
        .build(schema)
        .unwrap_or_else(|e| panic!("not a valid schema: {e}\n{schema}"))
}

fn spec(name: &str, parameters: Value) -> ToolSpec {
    ToolSpec {
        name: name.into(),
        description: String::new(),
        parameters,
    }
}

/// Arguments the constraint must refuse, each for one reason.
fn broken_args() -> Vec<(&'static str, Value)> {
    let with = |path: &str, v: Value| {
        let mut a = valid_args();
        *a.pointer_mut(path).unwrap() = v;
        a
    };
    let mut extra_top = valid_args();
    extra_top["units"] = json!("celsius");
    let mut extra_nested = valid_args();
    extra_nested["address"]["country"] = json!("NO");
    let mut missing = valid_args();
    missing.as_object_mut().unwrap().remove("unit");
    vec![
        ("an invented argument", extra_top),
        ("an invented key in a nested object", extra_nested),
        ("a required argument left out", missing),
        (
            "an enum value outside the list",
            with("/unit", json!("kelvin")),
        ),
        (
            "an enum value outside the list, in an Option",
            with("/fallback_unit", json!("K")),
        ),
        ("an integer over its maximum", with("/people", json!(12))),
        ("an integer under its minimum", with("/people", json!(0))),
        (
            "a number where an integer is due",
            with("/people", json!(2.5)),
        ),
        (
            "a string where an object is due",
            with("/address", json!("Oslo")),
        ),
        (
            "an array item of the wrong shape",
            with("/stops/0", json!({"town": "Bergen"})),
        ),
        ("neither branch of an anyOf", with("/amount", json!([12]))),
    ]
}

#[test]
fn closed_keeps_every_valid_call_and_refuses_invented_keys() {
    for schema in both_forms() {
        let v = validator(&closed(&schema));
        assert!(v.is_valid(&valid_args()), "{schema}");
        for (why, args) in broken_args() {
            assert!(
                !v.is_valid(&args),
                "{why} was accepted by {}",
                closed(&schema)
            );
        }
    }
}

#[test]
fn closed_leaves_a_map_type_open_and_an_explicit_setting_alone() {
    let schema = json!({"type": "object", "properties": {
        "tags": {"type": "object", "additionalProperties": {"type": "string"}},
        "extra": {"type": "object", "properties": {}, "additionalProperties": true}
    }});
    let out = closed(&schema);
    assert_eq!(out["additionalProperties"], json!(false));
    assert_eq!(
        out["properties"]["tags"]["additionalProperties"],
        json!({"type": "string"})
    );
    assert_eq!(
        out["properties"]["extra"]["additionalProperties"],
        json!(true)
    );
}

#[test]
fn call_schema_covers_the_prompted_call_format_over_several_tools() {
    for schema in both_forms() {
        let trip = spec("plan_trip", schema.clone());
        let add = spec(
            "add",
            json!({"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a", "b"]}),
        );
        let text = call_schema(&[&trip, &add]).unwrap();
        let call: Value = serde_json::from_str(&text).unwrap();
        let v = validator(&call);
        assert!(
            v.is_valid(&json!({"tool": "plan_trip", "arguments": valid_args()})),
            "{text}"
        );
        assert!(v.is_valid(&json!({"tool": "add", "arguments": {"a": 1, "b": 2.5}})));
        // The arguments of one tool under the other's name, an invented tool, extra keys.
        for bad in [
            json!({"tool": "add", "arguments": valid_args()}),
            json!({"tool": "plan_trip", "arguments": {"a": 1, "b": 2}}),
            json!({"tool": "addition", "arguments": {"a": 1, "b": 2}}),
            json!({"tool": "add", "arguments": {"a": 1, "b": 2}, "note": "x"}),
            json!({"arguments": {"a": 1, "b": 2}}),
            json!({"tool": "add", "arguments": {"a": "1", "b": 2}}),
        ] {
            assert!(!v.is_valid(&bad), "{bad} was accepted");
        }
        for (why, args) in broken_args() {
            let c = json!({"tool": "plan_trip", "arguments": args});
            assert!(!v.is_valid(&c), "{why} was accepted");
        }
        // Key order is generation order: the name first.
        assert!(text.find(r#""tool""#) < text.find(r#""arguments""#));
    }
}

#[test]
fn call_schema_keeps_two_tools_definitions_apart() {
    let a = spec(
        "a",
        json!({"type": "object", "properties": {"u": {"$ref": "#/$defs/Unit"}}, "required": ["u"],
               "$defs": {"Unit": {"enum": ["x"]}}}),
    );
    let b = spec(
        "b",
        json!({"type": "object", "properties": {"u": {"$ref": "#/definitions/Unit"}}, "required": ["u"],
               "definitions": {"Unit": {"enum": ["y"]}}}),
    );
    let call: Value = serde_json::from_str(&call_schema(&[&a, &b]).unwrap()).unwrap();
    assert_eq!(call["$defs"]["a.Unit"], json!({"enum": ["x"]}));
    assert_eq!(call["$defs"]["b.Unit"], json!({"enum": ["y"]}));
    let v = validator(&call);
    assert!(v.is_valid(&json!({"tool": "a", "arguments": {"u": "x"}})));
    assert!(v.is_valid(&json!({"tool": "b", "arguments": {"u": "y"}})));
    assert!(!v.is_valid(&json!({"tool": "a", "arguments": {"u": "y"}})));
}

#[test]
fn call_schema_resolves_a_recursive_reference_to_the_arguments() {
    let tree = spec(
        "tree",
        json!({"type": "object", "properties": {"name": {"type": "string"},
               "children": {"type": "array", "items": {"$ref": "#"}}}, "required": ["name"]}),
    );
    let call: Value = serde_json::from_str(&call_schema(&[&tree]).unwrap()).unwrap();
    let v = validator(&call);
    let ok = json!({"tool": "tree", "arguments": {"name": "a", "children": [{"name": "b"}]}});
    let bad = json!({"tool": "tree", "arguments": {"name": "a", "children": [{"nom": "b"}]}});
    assert!(v.is_valid(&ok));
    assert!(!v.is_valid(&bad));
}

/// An object that requires names it declares no property for (an open record, as tool specs
/// converted from other languages write one: `{"type": "dict", "required": ["adults",
/// "children"]}`) still requires them under the constraint: a grammar writes only the keys a
/// schema's `properties` name, so the held model wrote `"population": {}` on every turn and the
/// run ended without a call. Each such name is a property of any value; the record stays open.
#[test]
fn call_schema_writes_the_keys_an_object_requires_without_declaring_them() {
    let waste = spec(
        "waste",
        json!({"type": "object", "properties": {
            "population": {"type": "object", "required": ["adults", "children"]},
            "location": {"type": "string"}},
            "required": ["population", "location"]}),
    );
    let call: Value = serde_json::from_str(&call_schema(&[&waste]).unwrap()).unwrap();
    let population = &call["properties"]["arguments"]["properties"]["population"];
    assert_eq!(
        population["properties"]["adults"],
        json!({}),
        "{population}"
    );
    assert_eq!(
        population["properties"]["children"],
        json!({}),
        "{population}"
    );
    assert!(
        population.get("additionalProperties").is_none(),
        "{population}"
    );
    let v = validator(&call);
    let with = |population: Value| json!({"tool": "waste", "arguments": {"population": population, "location": "LA"}});
    assert!(v.is_valid(&with(json!({"adults": 2, "children": 2}))));
    assert!(v.is_valid(&with(json!({"adults": 2, "children": 2, "pets": 1}))));
    assert!(!v.is_valid(&with(json!({}))));
    // The tool's own schema is not touched.
    assert!(
        waste.parameters["properties"]["population"]
            .get("properties")
            .is_none()
    );
}

#[test]
fn call_schema_of_no_tool_is_none() {
    assert_eq!(call_schema(&[]), None);
}

#[test]
fn strict_requires_every_property_and_makes_the_optional_ones_nullable() {
    for schema in both_forms() {
        let s = strict(&schema).unwrap();
        // Every object: all its properties required, nothing else allowed.
        let mut objects = vec![s.clone()];
        objects.extend(
            s.get("$defs")
                .into_iter()
                .flat_map(|d| d.as_object().unwrap().values().cloned()),
        );
        objects.push(s["properties"]["address"].clone());
        for o in objects.iter().filter(|o| o.get("properties").is_some()) {
            let props: Vec<&String> = o["properties"].as_object().unwrap().keys().collect();
            let req: Vec<&str> = o["required"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap())
                .collect();
            assert_eq!(props.len(), req.len(), "{o}");
            assert_eq!(o["additionalProperties"], json!(false), "{o}");
        }
        assert!(!s.to_string().contains("uint8"), "{s}");
        let v = validator(&s);
        assert!(v.is_valid(&valid_args()));
        for (why, args) in broken_args() {
            assert!(!v.is_valid(&args), "{why} was accepted by {s}");
        }
    }
    // Optional in the original: now required but nullable, whatever its form.
    let s = strict(&json!({"type": "object", "properties": {
        "a": {"type": "string"}, "b": {"enum": ["x", "y"], "description": "which"},
        "c": {"type": "integer", "format": "int32", "default": 3}, "d": {"oneOf": [{"type": "string"}, {"type": "number"}]}
    }, "required": ["a"]}))
    .unwrap();
    assert_eq!(s["required"], json!(["a", "b", "c", "d"]));
    assert_eq!(s["properties"]["a"], json!({"type": "string"}));
    assert_eq!(
        s["properties"]["b"],
        json!({"anyOf": [{"enum": ["x", "y"]}, {"type": "null"}], "description": "which"})
    );
    assert_eq!(s["properties"]["c"], json!({"type": ["integer", "null"]}));
    assert_eq!(
        s["properties"]["d"],
        json!({"anyOf": [{"type": "string"}, {"type": "number"}, {"type": "null"}]})
    );
}

#[test]
fn strict_refuses_a_map_type() {
    let map = json!({"type": "object", "properties": {"tags": {"type": "object", "additionalProperties": {"type": "string"}}}});
    assert_eq!(strict(&map), None);
}

#[test]
fn a_schema_deeper_than_the_walk_is_left_as_it_is_below_it() {
    let mut deep = json!({"type": "string"});
    for _ in 0..200 {
        deep = json!({"type": "object", "properties": {"x": deep}});
    }
    let out = closed(&deep);
    assert_eq!(out["additionalProperties"], json!(false));
    let _ = call_schema(&[&spec("deep", deep.clone())]).unwrap();
    let _ = strict(&deep);
}

#[allow(dead_code)]
#[derive(JsonSchema)]
struct Tank {
    length_cm: f64,
    width_cm: f64,
    height_cm: f64,
    inner: Lid,
}

#[allow(dead_code)]
#[derive(JsonSchema)]
struct Lid {
    thickness_mm: f64,
    glass: bool,
}

/// A grammar makes a model write an object's keys in the order the schema's text lists them,
/// and a small model fills a request's numbers in that order ("120 cm long, 45 cm wide and
/// 50 cm tall" written into `height_cm`, `length_cm`, `width_cm` when sorted). The constrained
/// call lists the arguments, nested ones too, in the order the struct declares its fields.
#[test]
fn call_schema_lists_arguments_in_their_declared_order_not_sorted() {
    let tank = spec("tank_volume", schema_for::<Tank>());
    let text = call_schema(&[&tank]).unwrap();
    let at = |key: &str| {
        text.find(&format!("\"{key}\":"))
            .unwrap_or_else(|| panic!("{key} in {text}"))
    };
    assert!(at("length_cm") < at("width_cm"), "{text}");
    assert!(at("width_cm") < at("height_cm"), "{text}");
    assert!(at("height_cm") < at("inner"), "{text}");
    assert!(at("thickness_mm") < at("glass"), "{text}");
    // Still the same schema: reordering changes no key and no value.
    let back: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        back["properties"]["arguments"]["properties"]["width_cm"]["type"],
        "number"
    );
}
