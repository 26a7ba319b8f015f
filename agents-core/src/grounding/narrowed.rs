//! What the readings of a call share: a free string set to what a reading finds in it
//! (`bare_codes`, `names_without_the`, `standard_codes`), an argument taken out
//! (`numbers_once`, `leave_out_retold`, `unnamed_flags`).

use serde_json::Value;

/// A value set to a part of itself: the code it held (`bare_codes`), or the name after `the`
/// (`names_without_the`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Narrowed {
    /// The argument.
    pub argument: String,
    /// The value it held.
    pub value: String,
    /// The part of it it now holds.
    pub to: String,
}

impl From<Narrowed> for crate::event::ArgumentChange {
    fn from(n: Narrowed) -> Self {
        crate::event::ArgumentChange::Narrowed {
            argument: n.argument,
            value: n.value,
            to: n.to,
        }
    }
}

/// The schema of the argument `name` of a tool with parameters `schema`, its `$ref` followed
/// ([`agents_json::schema::concrete`]).
pub(super) fn argument_schema<'s>(schema: &'s Value, name: &str) -> Option<&'s Value> {
    let property = schema.get("properties")?.get(name)?;
    Some(agents_json::schema::concrete(schema, property))
}

/// Whether the argument `name` of a tool with parameters `schema` is a free string (no `enum`,
/// `const`, `format`, `pattern`), an optional one's `null` aside.
pub(super) fn is_free_string_argument(schema: &Value, name: &str) -> bool {
    argument_schema(schema, name).is_some_and(agents_json::schema::is_free_string)
}

/// Sets every top-level free string of `args` (a call to a tool with parameters `schema`) to
/// what `part` finds in it (a part of it, or its code) (given the argument's name and its text). Returns what was set,
/// in argument order.
pub(super) fn narrow_free_strings(
    args: &mut Value,
    schema: &Value,
    mut part: impl FnMut(&str, &str) -> Option<String>,
) -> Vec<Narrowed> {
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (name, value) in members.iter_mut() {
        let Some(text) = value.as_str() else {
            continue;
        };
        if !is_free_string_argument(schema, name) {
            continue;
        }
        let Some(to) = part(name, text) else {
            continue;
        };
        out.push(Narrowed {
            argument: name.clone(),
            value: text.to_owned(),
            to: to.clone(),
        });
        *value = Value::String(to);
    }
    out
}

/// Takes the arguments `names` out of `args` (a call's arguments): what the pieces that leave an
/// argument out (`numbers_once`, `leave_out_retold`, `unnamed_flags`) do once they have decided.
pub(super) fn leave_out<'n>(args: &mut Value, names: impl IntoIterator<Item = &'n str>) {
    if let Some(members) = args.as_object_mut() {
        for name in names {
            members.remove(name);
        }
    }
}

/// A tool whose parameters are free strings named `names`, none required (the readings'
/// tests).
#[cfg(test)]
pub(super) fn free_strings(names: &[&str]) -> Value {
    let properties: serde_json::Map<String, Value> = names
        .iter()
        .map(|n| ((*n).to_owned(), serde_json::json!({"type": "string"})))
        .collect();
    serde_json::json!({"type": "object", "properties": properties})
}
