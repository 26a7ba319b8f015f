//! The schema walk behind [`coerce`](super::coerce): one function per JSON type, a JSON Pointer
//! kept up to date as it descends.

use super::number::{integral, non_finite, parse_numeric};
use super::numeric_text;
use super::{CoerceOptions, Coerced, Coercion, CoercionKind, UnknownKeys};
use crate::error::{CoerceError, CoerceRule};
use serde_json::{Map, Number, Value};

/// Walks a value against a schema, collecting coercions.
pub(crate) struct Walker<'s> {
    root: &'s Value,
    options: &'s CoerceOptions,
    path: String,
    fixes: Vec<Coercion>,
    /// Keep a value that cannot be coerced as it is, and go on with its siblings, instead of
    /// refusing the whole value (see [`coerce_lenient`](super::coerce_lenient)).
    lenient: bool,
}

type Walked = Result<Value, CoerceError>;

impl<'s> Walker<'s> {
    pub(crate) fn new(root: &'s Value, options: &'s CoerceOptions) -> Self {
        Self {
            root,
            options,
            path: String::new(),
            fixes: Vec::new(),
            lenient: false,
        }
    }

    pub(crate) fn run(mut self, value: Value) -> Result<Coerced, CoerceError> {
        let value = self.walk(value, self.root, 0)?;
        Ok(Coerced {
            value,
            fixes: self.fixes,
        })
    }

    /// Walks leniently: what cannot be coerced is kept as it was (see
    /// [`coerce_lenient`](super::coerce_lenient)).
    pub(crate) fn run_lenient(mut self, value: Value) -> Coerced {
        self.lenient = true;
        let value = self.kept(value, self.root, 0);
        Coerced {
            value,
            fixes: self.fixes,
        }
    }

    fn refuse(&self, rule: CoerceRule) -> CoerceError {
        CoerceError {
            path: self.path.clone(),
            rule,
        }
    }

    fn record(&mut self, kind: CoercionKind) {
        self.fixes.push(Coercion {
            kind,
            path: self.path.clone(),
        });
    }

    /// Runs `f` with `segment` appended to the path.
    fn at<T>(&mut self, segment: &str, f: impl FnOnce(&mut Self) -> T) -> T {
        let len = self.path.len();
        self.path.push('/');
        for c in segment.chars() {
            match c {
                '~' => self.path.push_str("~0"),
                '/' => self.path.push_str("~1"),
                c => self.path.push(c),
            }
        }
        let out = f(self);
        self.path.truncate(len);
        out
    }

    fn walk(&mut self, value: Value, schema: &'s Value, depth: usize) -> Walked {
        if depth > self.options.max_depth {
            return Err(self.refuse(CoerceRule::DepthLimit {
                limit: self.options.max_depth,
            }));
        }
        let Some(obj) = schema.as_object() else {
            // `true`, `false` or not a schema: nothing to coerce towards.
            return Ok(value);
        };
        if let Some(reference) = obj.get("$ref").and_then(Value::as_str) {
            let target = self.resolve(reference)?;
            return self.walk(value, target, depth + 1);
        }
        let mut value = value;
        if let Some(all) = obj.get("allOf").and_then(Value::as_array) {
            for part in all {
                value = self.walk(value, part, depth + 1)?;
            }
        }
        if let Some(variants) = obj
            .get("anyOf")
            .or_else(|| obj.get("oneOf"))
            .and_then(Value::as_array)
        {
            value = self.variants(value, variants, depth)?;
        }
        if let Some(allowed) = obj.get("enum").and_then(Value::as_array) {
            return self.enumerated(value, allowed);
        }
        if let Some(constant) = obj.get("const") {
            return self.enumerated(value, std::slice::from_ref(constant));
        }
        let types = crate::schema::types(obj);
        if types.is_empty() {
            return match value {
                Value::Object(map) if obj.contains_key("properties") => {
                    self.object(map, obj, depth)
                }
                Value::Array(items) if obj.contains_key("items") => self.array(items, obj, depth),
                other => Ok(other),
            };
        }
        self.typed(value, &types, obj, depth)
    }

    /// Walks a member of an object or array (or the root): when lenient, a member that cannot
    /// be coerced stays as it was, its partial changes undone, and the walk goes on.
    fn member(&mut self, value: Value, schema: &'s Value, depth: usize) -> Walked {
        if self.lenient {
            Ok(self.kept(value, schema, depth))
        } else {
            self.walk(value, schema, depth)
        }
    }

    /// The value coerced, or as it was (its partial changes undone) if it cannot be.
    fn kept(&mut self, value: Value, schema: &'s Value, depth: usize) -> Value {
        let saved = self.fixes.len();
        let original = value.clone();
        self.walk(value, schema, depth).unwrap_or_else(|_| {
            self.fixes.truncate(saved);
            original
        })
    }

    /// Resolves a `$ref` inside the root document.
    fn resolve(&self, reference: &str) -> Result<&'s Value, CoerceError> {
        let unresolved = || {
            self.refuse(CoerceRule::UnresolvedRef {
                reference: reference.to_owned(),
            })
        };
        crate::schema::ref_target(self.root, reference).ok_or_else(unresolved)
    }

    /// `anyOf`/`oneOf`: a branch that takes the value as it is wins; else the first branch that
    /// coerces it.
    fn variants(&mut self, value: Value, variants: &'s [Value], depth: usize) -> Walked {
        let mut first_fit: Option<(Value, Vec<Coercion>)> = None;
        // A branch must refuse what it cannot take, or the first branch would take anything.
        let lenient = std::mem::replace(&mut self.lenient, false);
        for variant in variants {
            let saved = std::mem::take(&mut self.fixes);
            let attempt = self.walk(value.clone(), variant, depth + 1);
            let fixes = std::mem::replace(&mut self.fixes, saved);
            if let Ok(v) = attempt {
                if fixes.is_empty() {
                    self.lenient = lenient;
                    return Ok(v);
                }
                if first_fit.is_none() {
                    first_fit = Some((v, fixes));
                }
            }
        }
        self.lenient = lenient;
        match first_fit {
            Some((v, mut fixes)) => {
                self.fixes.append(&mut fixes);
                Ok(v)
            }
            None => Err(self.refuse(CoerceRule::NoVariantMatched {
                variants: variants.len(),
            })),
        }
    }

    /// `enum`/`const`: exact, else a string matched ignoring case and surrounding space, else a
    /// number matched by its text; a match that is not unique is none.
    fn enumerated(&mut self, value: Value, allowed: &[Value]) -> Walked {
        if allowed.contains(&value) {
            return Ok(value);
        }
        let given = match &value {
            Value::String(s) => s.trim().to_owned(),
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            _ => String::new(),
        };
        let matches = |candidate: &&Value| match candidate {
            Value::String(c) => {
                c.trim().eq_ignore_ascii_case(&given)
                    || c.trim().to_lowercase() == given.to_lowercase()
            }
            Value::Number(n) => {
                value.is_string()
                    && parse_numeric(&given).is_some_and(|t| same_number(&t, &n.to_string()))
            }
            Value::Bool(b) => {
                value.is_string() && given.eq_ignore_ascii_case(if *b { "true" } else { "false" })
            }
            _ => false,
        };
        // A match must be unique: `"a"` against `["A", "a "]` is no one value, and is refused.
        let mut found = allowed.iter().filter(matches);
        let matched = found.next().filter(|_| found.next().is_none());
        match matched {
            Some(canonical) => {
                self.record(CoercionKind::CanonicalEnum {
                    from: value.to_string(),
                    to: canonical.to_string(),
                });
                Ok(canonical.clone())
            }
            None => Err(self.refuse(CoerceRule::NotInEnum {
                value: value.to_string(),
                allowed: allowed.iter().map(Value::to_string).collect(),
            })),
        }
    }

    /// A value against a list of allowed type names.
    fn typed(
        &mut self,
        value: Value,
        types: &[&str],
        schema: &'s Map<String, Value>,
        depth: usize,
    ) -> Walked {
        if let Some(kind) = types.iter().find(|t| crate::schema::is_of_type(&value, t)) {
            return match (value, *kind) {
                (Value::Object(map), "object") => self.object(map, schema, depth),
                (Value::Array(items), "array") => self.array(items, schema, depth),
                (Value::String(s), "string") => Ok(Value::String(self.formatted(s, schema))),
                (v, _) => Ok(v),
            };
        }
        let mut first_error = None;
        for kind in types.iter().filter(|t| **t != "null") {
            let saved = self.fixes.len();
            match self.convert(value.clone(), kind, schema, depth) {
                Ok(v) => return Ok(v),
                Err(e) => {
                    self.fixes.truncate(saved);
                    first_error.get_or_insert(e);
                }
            }
        }
        Err(first_error.unwrap_or_else(|| {
            self.refuse(CoerceRule::TypeMismatch {
                expected: types.join("|"),
                found: type_name(&value),
            })
        }))
    }

    /// A string in the form its schema's `format` asks for, where it gives one value in
    /// another form: a `date` as `YYYY-MM-DD` (a date people write, or a timestamp's date).
    /// Otherwise as it is (validation judges it).
    fn formatted(&mut self, s: String, schema: &Map<String, Value>) -> String {
        if !self.options.natural_dates
            || schema.get("format").and_then(Value::as_str) != Some("date")
        {
            return s;
        }
        match super::date::date_of(&s) {
            Some(iso) if iso != s => {
                self.record(CoercionKind::NormalizedDate {
                    from: s,
                    to: iso.clone(),
                });
                iso
            }
            _ => s,
        }
    }

    /// The JSON number text of `s`: digits with separators, and words where the options read
    /// them.
    fn numeric_text(&self, s: &str) -> Option<String> {
        if self.options.number_words {
            numeric_text(s)
        } else {
            parse_numeric(s)
        }
    }

    /// Converts a value that does not have type `kind` into it, if that loses nothing.
    fn convert(
        &mut self,
        value: Value,
        kind: &str,
        schema: &'s Map<String, Value>,
        depth: usize,
    ) -> Walked {
        let mismatch = |w: &Self, v: &Value| {
            w.refuse(CoerceRule::TypeMismatch {
                expected: kind.to_owned(),
                found: type_name(v),
            })
        };
        match (kind, value) {
            ("integer", Value::Number(n)) => {
                let text = n.to_string();
                let whole = integral(&text)
                    .ok_or_else(|| self.refuse(CoerceRule::LossyInteger { text }))?;
                self.record(CoercionKind::WholeNumberToInteger);
                Ok(number(&whole))
            }
            ("integer" | "number", Value::String(s)) if non_finite(&s) => {
                Err(self.refuse(CoerceRule::NonFiniteNumber { text: s }))
            }
            ("integer", Value::String(s)) => {
                let text = self
                    .numeric_text(&s)
                    .ok_or_else(|| self.refuse(CoerceRule::NotANumber { text: s.clone() }))?;
                let whole = integral(&text)
                    .ok_or_else(|| self.refuse(CoerceRule::LossyInteger { text: s.clone() }))?;
                self.record(CoercionKind::StringToNumber);
                Ok(number(&whole))
            }
            ("number", Value::String(s)) => {
                let text = self
                    .numeric_text(&s)
                    .ok_or_else(|| self.refuse(CoerceRule::NotANumber { text: s.clone() }))?;
                self.record(CoercionKind::StringToNumber);
                Ok(number(&text))
            }
            ("string", Value::Number(n)) => {
                self.record(CoercionKind::NumberToString);
                Ok(Value::String(n.to_string()))
            }
            ("boolean", Value::String(s)) => {
                let b = match s.trim() {
                    t if t.eq_ignore_ascii_case("true") => true,
                    t if t.eq_ignore_ascii_case("false") => false,
                    _ => return Err(self.refuse(CoerceRule::NotABoolean { text: s.clone() })),
                };
                self.record(CoercionKind::StringToBoolean);
                Ok(Value::Bool(b))
            }
            ("array", Value::Null) => Err(mismatch(self, &Value::Null)),
            ("array", value) => {
                let items = match embedded(&value, Value::is_array) {
                    Some(Value::Array(items)) => {
                        self.record(CoercionKind::ParsedEmbeddedJson);
                        items
                    }
                    _ => {
                        self.record(CoercionKind::WrappedInArray);
                        vec![value]
                    }
                };
                self.array(items, schema, depth)
            }
            ("object", value) => match embedded(&value, Value::is_object) {
                Some(Value::Object(map)) => {
                    self.record(CoercionKind::ParsedEmbeddedJson);
                    self.object(map, schema, depth)
                }
                _ => Err(mismatch(self, &value)),
            },
            (_, value) => Err(mismatch(self, &value)),
        }
    }

    fn object(
        &mut self,
        mut map: Map<String, Value>,
        schema: &'s Map<String, Value>,
        depth: usize,
    ) -> Walked {
        static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
        let properties = schema
            .get("properties")
            .and_then(Value::as_object)
            .unwrap_or_else(|| EMPTY.get_or_init(Map::new));
        let additional = schema.get("additionalProperties");
        let closed = additional == Some(&Value::Bool(false));
        let mut out = Map::new();
        for (key, v) in std::mem::take(&mut map) {
            let sub = properties
                .get(&key)
                .or(additional.filter(|a| a.is_object()));
            if let Some(sub) = sub {
                let v = self.at(&key, |w| w.member(v, sub, depth + 1))?;
                out.insert(key, v);
                continue;
            }
            match (self.options.unknown_keys, closed) {
                (UnknownKeys::Drop, _) => {
                    self.at(&key, |w| w.record(CoercionKind::DroppedUnknownKey))
                }
                (UnknownKeys::Keep, true) if self.lenient => {
                    out.insert(key, v);
                }
                (UnknownKeys::Refuse, _) | (UnknownKeys::Keep, true) => {
                    return Err(self.at(&key, |w| {
                        w.refuse(CoerceRule::UnknownKey { key: key.clone() })
                    }));
                }
                (UnknownKeys::Keep, false) => {
                    out.insert(key, v);
                }
            }
        }
        let required = crate::schema::required_in(schema);
        for (key, sub) in properties {
            if out.contains_key(key) {
                continue;
            }
            let default = if self.options.fill_defaults {
                self.default_of(sub)
            } else {
                None
            };
            match default {
                Some(d) => {
                    self.at(key, |w| w.record(CoercionKind::FilledDefault));
                    out.insert(key.clone(), d.clone());
                }
                None if required.contains(&key.as_str()) && !self.lenient => {
                    return Err(self.at(key, |w| {
                        w.refuse(CoerceRule::MissingRequired { key: key.clone() })
                    }));
                }
                None => {}
            }
        }
        Ok(Value::Object(out))
    }

    /// The `default` of a property schema, looking through one `$ref` level, when the schema
    /// that declares it takes it by its `type` and `enum`: a default of another type (`"all"`
    /// on an array, as schemas converted from other languages' signatures write) would be
    /// refused by validation on every attempt, and the missing argument is better left to the
    /// tool's own default.
    fn default_of(&self, schema: &'s Value) -> Option<&'s Value> {
        let holder = if schema.get("default").is_some() {
            schema
        } else {
            let reference = schema.get("$ref").and_then(Value::as_str)?;
            self.resolve(reference).ok()?
        };
        let default = holder.get("default")?;
        takes_as_it_is(holder, default).then_some(default)
    }

    fn array(&mut self, items: Vec<Value>, schema: &'s Map<String, Value>, depth: usize) -> Walked {
        let prefix = schema.get("prefixItems").and_then(Value::as_array);
        let rest = schema
            .get("items")
            .filter(|i| i.is_object() || i.is_boolean());
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.into_iter().enumerate() {
            let sub = prefix.and_then(|p| p.get(i)).or(rest);
            let item = match sub {
                Some(sub) => self.at(&i.to_string(), |w| w.member(item, sub, depth + 1))?,
                None => item,
            };
            out.push(item);
        }
        Ok(Value::Array(out))
    }
}

/// Whether `schema`'s own `type` and `enum` take `value` as it is (no coercion): any type when
/// it declares none, an integer-valued number for `integer`, any number for `number`.
fn takes_as_it_is(schema: &Value, value: &Value) -> bool {
    let types = schema
        .as_object()
        .map(crate::schema::types)
        .unwrap_or_default();
    let typed = types.is_empty()
        || types.iter().any(|&t| match (t, value) {
            ("integer", Value::Number(n)) => {
                n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
            }
            (t, value) => t == type_name(value),
        });
    let listed = schema
        .get("enum")
        .and_then(Value::as_array)
        .is_none_or(|choices| choices.contains(value));
    typed && listed
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// A number from text already checked to be a JSON number.
fn number(text: &str) -> Value {
    text.parse::<Number>().map_or(Value::Null, Value::Number)
}

/// Two JSON number texts with the same value (`1000` and `1e3`), compared exactly.
fn same_number(a: &str, b: &str) -> bool {
    match (integral(a), integral(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a.parse::<f64>().ok() == b.parse::<f64>().ok(),
    }
}

/// The object or array held in a string, if the string holds exactly that (leniently parsed).
fn embedded(value: &Value, want: fn(&Value) -> bool) -> Option<Value> {
    let text = value.as_str()?.trim();
    if !(text.starts_with('{') || text.starts_with('[')) {
        return None;
    }
    let repaired = crate::repair(text).ok()?;
    want(&repaired.value).then_some(repaired.value)
}
