//! From a tool's argument schema (what `#[tool]`, schemars or an MCP server gives) to the
//! schema a provider's constrained decoder takes.
//!
//! - [`closed`]: the arguments as a constraint: every object that lists its properties accepts
//!   no others (`additionalProperties: false`), so an invented argument name cannot be written.
//! - [`call_schema`]: the prompted call format, `{"tool": <name>, "arguments": {...}}`, as one
//!   JSON schema over the allowed tools (`anyOf`, the name an enum of one per branch, each
//!   branch's arguments its tool's closed schema, every tool's `$defs` hoisted to the root
//!   under the tool's name so that two tools' `Unit` do not collide). Written as text, because
//!   key order is generation order for a grammar: the name must come before the arguments, and
//!   the arguments in the order the tool declares them
//!   ([`property_order`](crate::model::property_order)), not sorted: a small model held to
//!   `{"height", "length", "width"}` writes the request's numbers into them in that order.
//! - [`strict`]: the rewrite OpenAI's strict function schemas demand (every property required,
//!   the optional ones nullable, no other properties, no keyword the strict decoder refuses).

use serde_json::{Map, Value, json};

use crate::model::ToolSpec;

/// `schema` as a constraint on a tool's arguments: what schemars adds that tells the decoder
/// nothing (`$schema`, `title`) removed, and every object that lists its `properties` closed to
/// others unless it says otherwise. A map type (`additionalProperties` a schema) stays open.
pub fn closed(schema: &Value) -> Value {
    let mut out = schema.clone();
    crate::model::strip_noise(&mut out);
    crate::model::each_subschema_mut(&mut out, 0, &mut |v| {
        if let Value::Object(m) = v
            && m.contains_key("properties")
            && !m.contains_key("additionalProperties")
        {
            m.insert("additionalProperties".into(), Value::Bool(false));
        }
    });
    out
}

/// `schema` with the range of every sized integer `format` schemars writes (`uint32`, `int8`,
/// ...) said as `minimum` / `maximum` where the schema does not say it: a grammar reads the
/// range, not the format, and a value outside it is one the Rust type refuses.
pub fn bounded_integers(schema: &mut Value) {
    crate::model::each_subschema_mut(schema, 0, &mut |v| {
        let Value::Object(m) = v else { return };
        let range: (i64, i64) = match m.get("format").and_then(Value::as_str) {
            Some("uint8") => (0, u8::MAX.into()),
            Some("uint16") => (0, u16::MAX.into()),
            Some("uint32") => (0, u32::MAX.into()),
            Some("int8") => (i8::MIN.into(), i8::MAX.into()),
            Some("int16") => (i16::MIN.into(), i16::MAX.into()),
            Some("int32") => (i32::MIN.into(), i32::MAX.into()),
            _ => return,
        };
        m.entry("minimum").or_insert(json!(range.0));
        m.entry("maximum").or_insert(json!(range.1));
    });
}

/// One tool's closed arguments with its definitions taken out: every local `$ref` into
/// `$defs` or `definitions` (and `#`, the arguments themselves) renamed to
/// `#/$defs/<tool>.<name>`, and the definitions so renamed added to `defs`.
fn hoisted(tool: &ToolSpec, defs: &mut Map<String, Value>) -> Value {
    let mut args = closed(&tool.parameters);
    crate::model::each_subschema_mut(&mut args, 0, &mut declare_required);
    let prefix = format!("{}.", tool.name);
    let mut own = Map::new();
    if let Value::Object(m) = &mut args {
        for key in ["$defs", "definitions"] {
            if let Some(Value::Object(d)) = m.remove(key) {
                own.extend(d);
            }
        }
    }
    let mut refers_to_root = false;
    let mut rename = |v: &mut Value| {
        if let Value::Object(m) = v
            && let Some(Value::String(r)) = m.get_mut("$ref")
        {
            if r == "#" {
                refers_to_root = true;
                *r = format!("#/$defs/{prefix}");
            } else if let Some(name) = r
                .strip_prefix("#/$defs/")
                .or_else(|| r.strip_prefix("#/definitions/"))
            {
                *r = format!("#/$defs/{prefix}{name}");
            }
        }
    };
    crate::model::each_subschema_mut(&mut args, 0, &mut rename);
    for (name, mut def) in own {
        crate::model::each_subschema_mut(&mut def, 0, &mut rename);
        defs.insert(format!("{prefix}{name}"), def);
    }
    if refers_to_root {
        defs.insert(prefix, args.clone());
    }
    args
}

/// Each name an object requires without declaring it among its `properties` declared as a
/// property of any value (`{}`): a grammar writes only the keys `properties` name, so an open
/// record that requires `adults` would be written `{}` and refused. An object that had no
/// `properties` stays open to other keys.
fn declare_required(v: &mut Value) {
    let Value::Object(m) = v else { return };
    let required = required_names(m);
    if required.is_empty() {
        return;
    }
    let missing: Vec<String> = match m.get("properties") {
        Some(Value::Object(props)) => required
            .into_iter()
            .filter(|n| !props.contains_key(n))
            .collect(),
        Some(_) => return,
        None => required,
    };
    if missing.is_empty() {
        return;
    }
    let props = m
        .entry("properties")
        .or_insert_with(|| Value::Object(Map::new()));
    if let Value::Object(props) = props {
        for name in missing {
            props.insert(name, json!({}));
        }
    }
}

/// The names an object schema lists as `required`, owned (the schema is changed after).
fn required_names(m: &Map<String, Value>) -> Vec<String> {
    m.get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect()
}

/// The JSON schema of one prompted call to one of `tools`, as text with `"tool"` before
/// `"arguments"` (see the module's note on key order). One tool: its branch alone; several: an
/// `anyOf` of one branch per tool. `None` when `tools` is empty (nothing can be called, so
/// there is nothing to constrain to).
///
/// ```
/// use agents_core::model::ToolSpec;
/// use agents_core::model::constraint::schema::call_schema;
/// use serde_json::json;
/// let add = ToolSpec { name: "add".into(), description: String::new(),
///     parameters: json!({"type": "object", "properties": {"a": {"type": "number"}}, "required": ["a"]}) };
/// let text = call_schema(&[&add]).unwrap();
/// assert!(text.starts_with(r#"{"type":"object","properties":{"tool":{"enum":["add"]},"arguments":"#));
/// assert!(text.contains(r#""additionalProperties":false"#));
/// ```
pub fn call_schema(tools: &[&ToolSpec]) -> Option<String> {
    let mut defs = Map::new();
    let branches: Vec<String> = tools
        .iter()
        .map(|t| {
            let args = hoisted(t, &mut defs);
            format!(
                r#"{{"type":"object","properties":{{"tool":{{"enum":[{}]}},"arguments":{}}},"required":["tool","arguments"],"additionalProperties":false}}"#,
                Value::String(t.name.clone()),
                crate::model::declared_order_text(&args)
            )
        })
        .collect();
    let body = match branches.as_slice() {
        [] => return None,
        [one] => one.strip_suffix('}').unwrap_or(one).to_owned(),
        many => format!(r#"{{"anyOf":[{}]"#, many.join(",")),
    };
    let defs = if defs.is_empty() {
        String::new()
    } else {
        format!(
            r#","$defs":{}"#,
            crate::model::declared_order_text(&Value::Object(defs))
        )
    };
    Some(format!("{body}{defs}}}"))
}

/// The string formats OpenAI's strict mode accepts; any other `format` (schemars writes
/// `uint8`, `int32`, `double`) is dropped, its range kept in `minimum`/`maximum`.
const STRICT_FORMATS: [&str; 9] = [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

/// `schema` rewritten for OpenAI's strict function calling: every object closed
/// (`additionalProperties: false`) with every property required, a property that was optional
/// made nullable (so leaving it out is written `null`), `oneOf` as `anyOf`, and `default` and
/// formats strict mode refuses removed. `None` when the schema cannot be strict: a map type
/// (an object whose `additionalProperties` is a schema), which strict mode has no way to say.
pub fn strict(schema: &Value) -> Option<Value> {
    let mut out = closed(schema);
    let mut representable = true;
    crate::model::each_subschema_mut(&mut out, 0, &mut |v| {
        let Value::Object(m) = v else { return };
        m.remove("default");
        if m.get("format")
            .and_then(Value::as_str)
            .is_some_and(|f| !STRICT_FORMATS.contains(&f))
        {
            m.remove("format");
        }
        if let Some(alts) = m.remove("oneOf") {
            m.insert("anyOf".into(), alts);
        }
        let is_object = m.get("type").and_then(Value::as_str) == Some("object");
        if matches!(m.get("additionalProperties"), Some(Value::Object(_))) {
            representable = false;
            return;
        }
        if is_object && !m.contains_key("properties") {
            m.insert("properties".into(), Value::Object(Map::new()));
        }
        let required = required_names(m);
        let Some(Value::Object(props)) = m.get_mut("properties") else {
            return;
        };
        let mut names = Vec::with_capacity(props.len());
        for (name, sub) in props.iter_mut() {
            if !required.contains(name) {
                make_nullable(sub);
            }
            names.push(Value::String(name.clone()));
        }
        m.insert("required".into(), Value::Array(names));
        m.insert("additionalProperties".into(), Value::Bool(false));
    });
    representable.then_some(out)
}

/// Whether `v` already accepts `null`.
fn accepts_null(v: &Value) -> bool {
    match v.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(ts)) => ts.iter().any(|t| t == "null"),
        _ => ["anyOf", "oneOf"].iter().any(|k| {
            v.get(*k)
                .and_then(Value::as_array)
                .is_some_and(|alts| alts.iter().any(accepts_null))
        }),
    }
}

/// Makes `v` accept `null` too: `"type": "string"` becomes `["string", "null"]`; an `anyOf`
/// gets one more alternative; a schema with an `enum`, a `const` or no plain type becomes `anyOf` of itself and null (its
/// description moved up, where the model reads it).
fn make_nullable(v: &mut Value) {
    if accepts_null(v) {
        return;
    }
    let Value::Object(m) = v else { return };
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(alts)) = m.get_mut(key) {
            alts.push(json!({"type": "null"}));
            return;
        }
    }
    let plain = !m.contains_key("enum") && !m.contains_key("const");
    match m.get_mut("type") {
        Some(Value::String(t)) if plain => {
            let t = std::mem::take(t);
            m.insert("type".into(), json!([t, "null"]));
        }
        Some(Value::Array(ts)) if plain => ts.push(Value::String("null".into())),
        _ => {
            let description = m.remove("description");
            let inner = std::mem::take(m);
            m.insert(
                "anyOf".into(),
                json!([Value::Object(inner), {"type": "null"}]),
            );
            if let Some(d) = description {
                m.insert("description".into(), d);
            }
        }
    }
}
