//! Readers of JSON Schema keywords: the small questions every part of the runtime asks a tool's
//! schema (what a `$ref` points to, which arguments are required, a property's main type, what
//! an optional property stands for), and the one walk over a schema's subschemas
//! ([`each_subschema`]) with the readers built on it (the values a schema shows as `examples`,
//! the choices it lists). One place for them, so that coercion, the prompts, the
//! echo check and the questions to the model read a schema the same way.
//!
//! They read; they never validate (the validator does) and never fail: a keyword that is absent
//! or malformed reads as not there.
//!
//! ```
//! use agents_json::schema::{concrete, main_type, required, resolve_ref};
//! use serde_json::json;
//!
//! let root = json!({
//!     "type": "object",
//!     "properties": {
//!         "unit": {"anyOf": [{"$ref": "#/$defs/Unit"}, {"type": "null"}]},
//!         "city": {"type": ["string", "null"]}
//!     },
//!     "required": ["city"],
//!     "$defs": {"Unit": {"type": "string", "enum": ["c", "f"]}}
//! });
//! assert_eq!(required(&root), ["city"]);
//! let unit = &root["properties"]["unit"];
//! assert_eq!(concrete(&root, unit)["enum"], json!(["c", "f"]));
//! assert_eq!(main_type(&root["properties"]["city"]), Some("string"));
//! assert_eq!(resolve_ref(&root, &json!({"$ref": "#/$defs/Unit"}))["type"], "string");
//! ```

use serde_json::{Map, Value};

/// What a local `$ref` (`#/$defs/Unit`, `#` for the root) points to in `root`; `None` for a
/// reference outside the document or to nothing.
pub fn ref_target<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let pointer = reference.strip_prefix('#')?;
    root.pointer(pointer)
}

/// The schema `v` stands for: the definition its local `$ref` points to in `root`, or `v`
/// itself (no `$ref`, or one that points nowhere).
pub fn resolve_ref<'a>(root: &'a Value, v: &'a Value) -> &'a Value {
    match v.get("$ref").and_then(Value::as_str) {
        Some(reference) => ref_target(root, reference).unwrap_or(v),
        None => v,
    }
}

/// The argument names an object schema lists as `required`, in its order.
pub fn required(schema: &Value) -> Vec<&str> {
    schema.as_object().map(required_in).unwrap_or_default()
}

/// [`required`] of a schema already taken as an object.
pub fn required_in(schema: &Map<String, Value>) -> Vec<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// An object schema's properties in the order its author declared them, as far as the schema
/// still says it: the ones `required` names, in that list's order, then the others in the
/// map's order. A `serde_json` map sorts its keys, so a schema read into a [`Value`] has lost
/// the order of its `properties`; its `required` list keeps it (schemars writes it in field
/// order, as BFCL's and most hand-written schemas do). The order matters to a model that
/// writes its calls as text: it fills the values a request gives in the order the arguments
/// are shown, and a grammar makes it write them in the order the schema's text lists them.
///
/// ```
/// use agents_json::schema::property_order;
/// use serde_json::json;
/// let schema = json!({"type": "object", "required": ["length", "width", "height"],
///     "properties": {"height": {}, "length": {}, "note": {}, "width": {}}});
/// let names: Vec<&str> = property_order(&schema).into_iter().map(|(k, _)| k).collect();
/// assert_eq!(names, ["length", "width", "height", "note"]);
/// ```
pub fn property_order(schema: &Value) -> Vec<(&str, &Value)> {
    let Some(props) = schema.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    let required = required(schema);
    let mut out: Vec<(&str, &Value)> = Vec::with_capacity(props.len());
    for name in &required {
        if let Some((k, v)) = props.get_key_value(*name)
            && !out.iter().any(|(seen, _)| *seen == k.as_str())
        {
            out.push((k.as_str(), v));
        }
    }
    out.extend(
        props
            .iter()
            .filter(|(k, _)| !required.contains(&k.as_str()))
            .map(|(k, v)| (k.as_str(), v)),
    );
    out
}

/// A schema as compact JSON text with every object's `properties` written in their
/// [`property_order`] (every other key in the map's order): the text to give a decoder whose
/// grammar follows the order of the keys it reads.
///
/// ```
/// use agents_json::schema::declared_order_text;
/// use serde_json::json;
/// let schema = json!({"type": "object", "required": ["b", "a"],
///     "properties": {"a": {"type": "integer"}, "b": {"type": "string"}}});
/// assert_eq!(declared_order_text(&schema),
///     r#"{"properties":{"b":{"type":"string"},"a":{"type":"integer"}},"required":["b","a"],"type":"object"}"#);
/// ```
pub fn declared_order_text(schema: &Value) -> String {
    let mut out = String::new();
    write_declared(schema, &mut out);
    out
}

fn write_declared(v: &Value, out: &mut String) {
    match v {
        Value::Object(m) => {
            out.push('{');
            for (i, (k, sub)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                match sub {
                    Value::Object(_) if k == "properties" => {
                        out.push('{');
                        for (j, (name, p)) in property_order(v).into_iter().enumerate() {
                            if j > 0 {
                                out.push(',');
                            }
                            out.push_str(&Value::String(name.to_owned()).to_string());
                            out.push(':');
                            write_declared(p, out);
                        }
                        out.push('}');
                    }
                    _ => write_declared(sub, out),
                }
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_declared(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// The types a schema declares: `["string"]` of `"type": "string"`, every name of a list
/// (`["string", "null"]`); empty when it declares none.
pub fn types(schema: &Map<String, Value>) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// A schema's main type: `string` of `"string"` and of `["string", "null"]`.
pub fn main_type(schema: &Value) -> Option<&str> {
    match schema.get("type")? {
        Value::String(t) => Some(t),
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).find(|t| *t != "null"),
        _ => None,
    }
}

/// The schema a property stands for: its `$ref` resolved, and of an optional one
/// (`anyOf`/`oneOf` of `T` and `null`, as schemars writes an `Option<T>`) the `T`.
pub fn concrete<'s>(root: &'s Value, property: &'s Value) -> &'s Value {
    let property = resolve_ref(root, property);
    let alternatives = property
        .get("anyOf")
        .or_else(|| property.get("oneOf"))
        .and_then(Value::as_array);
    match alternatives {
        Some(alts) => alts
            .iter()
            .map(|a| resolve_ref(root, a))
            .find(|a| a.get("type").and_then(Value::as_str) != Some("null"))
            .unwrap_or(property),
        None => property,
    }
}

/// How deep a schema is walked for its subschemas. Tool schemas are written by people or
/// derived from types; one deeper than this is left as it is below that depth rather than
/// risking the stack.
pub const MAX_SCHEMA_DEPTH: usize = 64;

/// The keywords whose value is a map of subschemas.
const SCHEMA_MAPS: [&str; 4] = ["properties", "patternProperties", "$defs", "definitions"];
/// The keywords whose value is a list of subschemas.
const SCHEMA_LISTS: [&str; 4] = ["anyOf", "oneOf", "allOf", "prefixItems"];
/// The keywords whose value is one subschema (`items` also in its old tuple form, a list).
const SCHEMA_ONES: [&str; 4] = ["items", "additionalProperties", "not", "contains"];

/// The one walk over a schema's subschemas, written once for shared and for mutable access:
/// `$visit` calls `f` on the schema and on every subschema under it, parents first, through
/// the keywords above (a property named `enum` is a subschema under `properties`, never a
/// keyword).
macro_rules! subschema_walk {
    ($(#[$doc:meta])* $visit:ident, $($mut_:ident)?, $get:ident, $values:ident, $iter:ident) => {
        $(#[$doc])*
        pub fn $visit(v: &$($mut_)? Value, depth: usize, f: &mut impl FnMut(&$($mut_)? Value)) {
            if depth > MAX_SCHEMA_DEPTH {
                return;
            }
            f(v);
            let Value::Object(m) = v else { return };
            for key in SCHEMA_MAPS {
                if let Some(Value::Object(subs)) = m.$get(key) {
                    for sub in subs.$values() {
                        $visit(sub, depth + 1, f);
                    }
                }
            }
            for key in SCHEMA_LISTS {
                if let Some(Value::Array(subs)) = m.$get(key) {
                    for sub in subs.$iter() {
                        $visit(sub, depth + 1, f);
                    }
                }
            }
            for key in SCHEMA_ONES {
                match m.$get(key) {
                    Some(sub @ Value::Object(_)) => $visit(sub, depth + 1, f),
                    Some(Value::Array(subs)) if key == "items" => {
                        for sub in subs.$iter() {
                            $visit(sub, depth + 1, f);
                        }
                    }
                    _ => {}
                }
            }
        }
    };
}

subschema_walk!(
    /// Calls `f` on `schema` and on every subschema under it, parents first (`depth` is where
    /// the walk starts, 0 at a root; below [`MAX_SCHEMA_DEPTH`] nothing is visited).
    ///
    /// ```
    /// use agents_json::schema::each_subschema;
    /// use serde_json::json;
    /// let schema = json!({"properties": {"enum": {"type": "string"}}, "items": {"type": "integer"}});
    /// let mut types = Vec::new();
    /// each_subschema(&schema, 0, &mut |s| types.extend(s.get("type").cloned()));
    /// assert_eq!(types, [json!("string"), json!("integer")]);
    /// ```
    each_subschema, , get, values, iter
);
subschema_walk!(
    /// [`each_subschema`] with mutable access (to rewrite a schema in place).
    each_subschema_mut, mut, get_mut, values_mut, iter_mut
);

/// Drops `type` from every subschema whose `enum` lists values none of which is of that type
/// (`{"type": "integer", "enum": ["1", "2"]}`), and returns how many it dropped. Such a schema
/// admits no value at all, so a validator holding a call to it refuses every call the tool
/// could get; the choices are what its author listed, and a model asked under the schema writes
/// one of them. A schema whose `enum` holds at least one value of its type, or that has no
/// `enum`, is left as it is.
///
/// ```
/// use agents_json::schema::untype_contradicted_choices;
/// use serde_json::json;
/// let mut schema = json!({"properties": {
///     "seats": {"type": "integer", "enum": ["1", "2"]},
///     "size": {"type": "string", "enum": ["s", "m"]}
/// }});
/// assert_eq!(untype_contradicted_choices(&mut schema), 1);
/// assert_eq!(schema["properties"]["seats"], json!({"enum": ["1", "2"]}));
/// assert_eq!(schema["properties"]["size"]["type"], "string");
/// ```
pub fn untype_contradicted_choices(schema: &mut Value) -> usize {
    let mut dropped = 0;
    each_subschema_mut(schema, 0, &mut |s| {
        let Value::Object(m) = s else { return };
        let Some(Value::Array(choices)) = m.get("enum") else {
            return;
        };
        let names = types(m);
        if names.is_empty() {
            return;
        }
        let contradicted = !choices.is_empty()
            && !choices
                .iter()
                .any(|c| names.iter().any(|name| is_of_type(c, name)));
        if contradicted {
            m.remove("type");
            dropped += 1;
        }
    });
    dropped
}

/// Whether `value` already has the JSON Schema type `kind` (`integer`: a number written
/// without a fraction or exponent).
pub(crate) fn is_of_type(value: &Value, kind: &str) -> bool {
    match (kind, value) {
        ("null", Value::Null) | ("boolean", Value::Bool(_)) | ("string", Value::String(_)) => true,
        ("object", Value::Object(_))
        | ("array", Value::Array(_))
        | ("number", Value::Number(_)) => true,
        ("integer", Value::Number(n)) => is_integer_text(&n.to_string()),
        _ => false,
    }
}

fn is_integer_text(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The values of every `examples` keyword of a schema and its subschemas (what a model is shown
/// as example values beside the tool's worked examples).
pub fn schema_examples(schema: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    each_subschema(schema, 0, &mut |s| {
        if let Some(Value::Array(items)) = s.get("examples") {
            out.extend(items.iter().cloned());
        }
    });
    out
}

/// The strings a schema and its subschemas offer as choices (`enum` and `const` values),
/// trimmed and lowercased.
pub fn schema_choices(schema: &Value) -> std::collections::HashSet<String> {
    let lower = |s: &str| s.trim().to_lowercase();
    let mut out = std::collections::HashSet::new();
    each_subschema(schema, 0, &mut |s| {
        if let Some(Value::Array(items)) = s.get("enum") {
            out.extend(items.iter().filter_map(Value::as_str).map(lower));
        }
        if let Some(Value::String(c)) = s.get("const") {
            out.insert(lower(c));
        }
    });
    out
}

/// The `default` an object schema declares for its argument `name`: on the property itself, on
/// what its `$ref` points to, or on what an optional property stands for ([`concrete`]).
pub fn argument_default<'s>(schema: &'s Value, name: &str) -> Option<&'s Value> {
    let property = schema.get("properties")?.get(name)?;
    property
        .get("default")
        .or_else(|| resolve_ref(schema, property).get("default"))
        .or_else(|| concrete(schema, property).get("default"))
}

/// Whether a number schema takes `x` as far as its type and bounds say: a whole number for an
/// `integer`, within `minimum`/`maximum` and their exclusive forms. (The validator judges the
/// rest; this is for choosing among candidate values before a call is made.)
///
/// ```
/// use agents_json::schema::takes_number;
/// use serde_json::json;
/// let seconds = json!({"type": "integer", "minimum": 1});
/// assert!(takes_number(&seconds, 5.0));
/// assert!(!takes_number(&seconds, 9.8));
/// assert!(!takes_number(&seconds, 0.0));
/// ```
pub fn takes_number(schema: &Value, x: f64) -> bool {
    let bound = |k: &str| schema.get(k).and_then(Value::as_f64);
    x.is_finite()
        && (main_type(schema) != Some("integer") || x.fract() == 0.0)
        && bound("minimum").is_none_or(|m| x >= m)
        && bound("maximum").is_none_or(|m| x <= m)
        && bound("exclusiveMinimum").is_none_or(|m| x > m)
        && bound("exclusiveMaximum").is_none_or(|m| x < m)
}

/// The JSON pointer, within `root`, of the schema that describes the value at a field path
/// (`city`, `trip.from`, `songs[1]`, `exclusion.type`, as argument errors name them), following
/// local `$ref`s and what an optional property stands for ([`concrete`]). `None` where the
/// schema does not say (an undeclared key, an index into something that is not an array, a
/// reference outside the document).
///
/// ```
/// use agents_json::schema::pointer_at;
/// use serde_json::json;
/// let root = json!({
///     "properties": {"trip": {"$ref": "#/$defs/Trip"}},
///     "$defs": {"Trip": {"properties": {"stops": {"type": "array", "items": {"type": "string"}}}}}
/// });
/// assert_eq!(pointer_at(&root, "trip.stops[2]").as_deref(), Some("/$defs/Trip/properties/stops/items"));
/// assert_eq!(pointer_at(&root, "trip.price"), None);
/// ```
pub fn pointer_at(root: &Value, path: &str) -> Option<String> {
    let mut pointer = String::new();
    let mut rest = path;
    while !rest.is_empty() {
        pointer = settle(root, pointer)?;
        let here = root.pointer(&pointer)?;
        if let Some(after) = rest.strip_prefix('[') {
            let (index, tail) = after.split_once(']')?;
            let index: usize = index.parse().ok()?;
            match (here.get("prefixItems"), here.get("items")) {
                (Some(Value::Array(p)), _) if index < p.len() => {
                    pointer.push_str(&format!("/prefixItems/{index}"));
                }
                (_, Some(Value::Array(t))) if index < t.len() => {
                    pointer.push_str(&format!("/items/{index}"));
                }
                (_, Some(Value::Object(_))) => pointer.push_str("/items"),
                _ => return None,
            }
            rest = tail.strip_prefix('.').unwrap_or(tail);
        } else {
            let end = rest.find(['.', '[']).unwrap_or(rest.len());
            let name = &rest[..end];
            here.get("properties")?.get(name)?;
            pointer.push_str("/properties/");
            pointer.push_str(&name.replace('~', "~0").replace('/', "~1"));
            rest = rest[end..].strip_prefix('.').unwrap_or(&rest[end..]);
        }
    }
    settle(root, pointer)
}

/// The schema that describes the value at a field path ([`pointer_at`]), itself.
pub fn schema_at<'s>(root: &'s Value, path: &str) -> Option<&'s Value> {
    root.pointer(&pointer_at(root, path)?)
}

/// Whether the object that holds the value at a field path requires it: `Some(true)` for
/// `trip.from` where the schema of `trip` lists `from` as required, `Some(false)` where it does
/// not; `None` for an item of a list (`songs[1]`) or a path the schema does not declare.
///
/// ```
/// use agents_json::schema::required_at;
/// use serde_json::json;
/// let root = json!({"required": ["trip"], "properties": {"trip": {
///     "required": ["from"],
///     "properties": {"from": {"type": "string"}, "via": {"type": "string"}}}}});
/// assert_eq!(required_at(&root, "trip"), Some(true));
/// assert_eq!(required_at(&root, "trip.from"), Some(true));
/// assert_eq!(required_at(&root, "trip.via"), Some(false));
/// assert_eq!(required_at(&root, "trip.to"), None);
/// ```
pub fn required_at(root: &Value, path: &str) -> Option<bool> {
    let (parent, name) = match path.rfind(['.', '[']) {
        Some(at) if path[at..].starts_with('[') => return None,
        Some(at) => (schema_at(root, &path[..at])?, &path[at + 1..]),
        None => (root, path),
    };
    let parent = concrete(root, parent);
    parent.get("properties")?.get(name)?;
    Some(required(parent).contains(&name))
}

/// Whether a schema says nothing about its value (BFCL's `any`, an empty `{}`): no type, no
/// choices, no shape, no subschemas. Any JSON value is valid, text included.
///
/// ```
/// use agents_json::schema::is_any_value;
/// use serde_json::json;
/// assert!(is_any_value(&json!({"description": "The value to reverse."})));
/// assert!(!is_any_value(&json!({"type": "string"})));
/// assert!(!is_any_value(&json!({"enum": ["a", "b"]})));
/// ```
pub fn is_any_value(schema: &Value) -> bool {
    const SHAPING: [&str; 14] = [
        "type",
        "enum",
        "const",
        "$ref",
        "anyOf",
        "oneOf",
        "allOf",
        "not",
        "properties",
        "items",
        "prefixItems",
        "format",
        "pattern",
        "additionalProperties",
    ];
    schema
        .as_object()
        .is_some_and(|m| SHAPING.iter().all(|k| !m.contains_key(*k)))
}

/// `pointer` past any local `$ref` and optional wrapper, to the schema that says what the value
/// is; `None` where it points to nothing. Bounded: a cycle of references ends the walk.
fn settle(root: &Value, mut pointer: String) -> Option<String> {
    for _ in 0..MAX_SCHEMA_DEPTH {
        let here = root.pointer(&pointer)?;
        if let Some(reference) = here.get("$ref").and_then(Value::as_str) {
            pointer = reference.strip_prefix('#')?.to_owned();
            continue;
        }
        let alternatives = ["anyOf", "oneOf"]
            .into_iter()
            .find_map(|k| Some((k, here.get(k)?.as_array()?)));
        let Some((keyword, alternatives)) = alternatives else {
            return Some(pointer);
        };
        let non_null = alternatives
            .iter()
            .position(|a| resolve_ref(root, a).get("type").and_then(Value::as_str) != Some("null"));
        match non_null {
            // Only an optional wrapper (`T` or `null`) stands for one schema; a real union does not.
            Some(i) if alternatives.len() == 2 => pointer.push_str(&format!("/{keyword}/{i}")),
            _ => return Some(pointer),
        }
    }
    None
}

/// A number schema (`number` or `integer`) that lists no choices of its own (no `enum` or
/// `const`): any number its type and bounds take.
pub fn is_free_number(schema: &Value) -> bool {
    matches!(main_type(schema), Some("number" | "integer"))
        && ["enum", "const"].iter().all(|k| schema.get(*k).is_none())
}

/// A string schema that lists no choices and no shape of its own (no `enum`, `const`,
/// `format` or `pattern`): free text.
pub fn is_free_string(schema: &Value) -> bool {
    main_type(schema) == Some("string")
        && ["enum", "const", "format", "pattern"]
            .iter()
            .all(|k| schema.get(*k).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_field_path_points_to_its_schema_through_refs_options_and_items() {
        let root = json!({
            "properties": {
                "exclusion": {"anyOf": [{"$ref": "#/$defs/Exclusion"}, {"type": "null"}]},
                "pair": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]},
                "a/b": {"type": "string"},
                "either": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}
            },
            "$defs": {
                "Exclusion": {"properties": {"type": {"type": "string"},
                    "areas": {"type": "array", "items": {"$ref": "#/$defs/Area"}}}},
                "Area": {"properties": {"size": {"type": "number"}}},
                "Loop": {"$ref": "#/$defs/Loop"}
            }
        });
        let at = |p: &str| pointer_at(&root, p);
        assert_eq!(
            at("exclusion.type").as_deref(),
            Some("/$defs/Exclusion/properties/type")
        );
        assert_eq!(
            at("exclusion.areas[3].size").as_deref(),
            Some("/$defs/Area/properties/size")
        );
        assert_eq!(
            at("pair[1]").as_deref(),
            Some("/properties/pair/prefixItems/1")
        );
        assert_eq!(at("a/b").as_deref(), Some("/properties/a~1b"));
        assert_eq!(
            at("either").as_deref(),
            Some("/properties/either"),
            "a union stays"
        );
        for nowhere in ["exclusion.price", "exclusion.type[0]", "pair[x]", "missing"] {
            assert_eq!(at(nowhere), None, "{nowhere}");
        }
        let looping = json!({"properties": {"x": {"$ref": "#/$defs/Loop"}},
            "$defs": {"Loop": {"$ref": "#/$defs/Loop"}}});
        assert_eq!(pointer_at(&looping, "x"), None);
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        fn any_json() -> impl Strategy<Value = Value> {
            let leaf = prop_oneof![
                Just(Value::Null),
                any::<bool>().prop_map(Value::from),
                any::<i64>().prop_map(Value::from),
                "[a-z\"\\\\ ]{0,6}".prop_map(Value::from),
            ];
            leaf.prop_recursive(3, 24, 4, |inner| {
                prop_oneof![
                    proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                    proptest::collection::btree_map("[a-e]|properties|required", inner, 0..4)
                        .prop_map(|m| Value::Object(m.into_iter().collect())),
                ]
            })
        }

        proptest! {
            /// Any path, however malformed, reads without panicking, and a pointer found
            /// points to a schema of the document.
            #[test]
            fn any_path_reads_and_a_pointer_found_exists(path in "[a-z.\\[\\]0-9~/]{0,24}") {
                let root = json!({
                    "properties": {
                        "a": {"$ref": "#/$defs/A"},
                        "b": {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}},
                        "c": {"type": "array", "prefixItems": [{"type": "string"}]}
                    },
                    "$defs": {"A": {"properties": {"a": {"$ref": "#/$defs/A"}, "b": {"type": "string"}}}}
                });
                if let Some(p) = pointer_at(&root, &path) {
                    prop_assert!(root.pointer(&p).is_some(), "{} -> {}", path, p);
                }
            }

            /// The declared-order text of any JSON document is that document: only the order
            /// of a `properties` map's keys changes, never a key or a value.
            #[test]
            fn declared_order_text_reads_back_as_the_same_document(
                doc in any_json(),
                required in proptest::collection::vec("[a-e]", 0..4),
            ) {
                let schema = json!({"type": "object", "required": required,
                    "properties": {"a": doc.clone(), "b": {"properties": doc.clone()}, "e": {}},
                    "items": doc});
                let text = declared_order_text(&schema);
                let back: Value = serde_json::from_str(&text).unwrap();
                prop_assert_eq!(back, schema);
            }
        }
    }

    #[test]
    fn an_arguments_default_is_read_where_the_schema_declares_it() {
        let root = json!({
            "properties": {
                "year": {"type": "integer", "default": 2022},
                "unit": {"$ref": "#/$defs/Unit"},
                "cabin": {"anyOf": [{"$ref": "#/$defs/Cabin"}, {"type": "null"}]},
                "city": {"type": "string"}
            },
            "$defs": {
                "Unit": {"enum": ["c", "f"], "default": "c"},
                "Cabin": {"type": "string", "default": "economy"}
            }
        });
        assert_eq!(argument_default(&root, "year"), Some(&json!(2022)));
        assert_eq!(argument_default(&root, "unit"), Some(&json!("c")));
        assert_eq!(argument_default(&root, "cabin"), Some(&json!("economy")));
        assert_eq!(argument_default(&root, "city"), None);
        assert_eq!(argument_default(&root, "absent"), None);
        assert_eq!(argument_default(&json!(true), "year"), None);
    }

    #[test]
    fn references_outside_the_document_or_to_nothing_read_as_the_schema_itself() {
        let root = json!({"$defs": {"A": {"type": "integer"}}});
        let remote = json!({"$ref": "https://example.invalid/s.json"});
        let missing = json!({"$ref": "#/$defs/B"});
        assert_eq!(resolve_ref(&root, &remote), &remote);
        assert_eq!(resolve_ref(&root, &missing), &missing);
        assert_eq!(ref_target(&root, "#"), Some(&root));
        assert_eq!(ref_target(&root, "#/$defs/A"), Some(&root["$defs"]["A"]));
    }

    #[test]
    fn malformed_keywords_read_as_absent() {
        assert!(required(&json!({"required": "a"})).is_empty());
        assert_eq!(required(&json!({"required": ["a", 1, "b"]})), ["a", "b"]);
        assert_eq!(main_type(&json!({"type": 3})), None);
        assert_eq!(
            main_type(&json!({"type": ["null", "integer"]})),
            Some("integer")
        );
        let map = json!({"type": ["string", "null"]});
        assert_eq!(types(map.as_object().unwrap()), ["string", "null"]);
    }

    /// Examples and choices are read from every subschema, through `$defs` and `anyOf`; a
    /// property named like a keyword is a property, not the keyword.
    #[test]
    fn examples_and_choices_are_read_from_every_subschema() {
        let schema = json!({
            "type": "object",
            "properties": {
                "city": {"type": "string", "examples": ["Oslo"]},
                "unit": {"anyOf": [{"$ref": "#/$defs/Unit"}, {"type": "null"}]},
                "enum": {"type": "string", "const": "Fixed"},
                "tags": {"type": "array", "items": {"type": "string", "examples": ["red"]}}
            },
            "$defs": {"Unit": {"enum": ["Celsius", "fahrenheit", 3]}}
        });
        assert_eq!(schema_examples(&schema), [json!("Oslo"), json!("red")]);
        let choices = schema_choices(&schema);
        let mut listed: Vec<&str> = choices.iter().map(String::as_str).collect();
        listed.sort();
        assert_eq!(listed, ["celsius", "fahrenheit", "fixed"]);
        assert!(is_free_string(&json!({"type": ["string", "null"]})));
        assert!(!is_free_string(
            &json!({"type": "string", "format": "date"})
        ));
    }
}
