//! From a schema's JSON to its [`Tree`], once per tool: every keyword read and checked here
//! (a `pattern` that is not a regular expression, `minimum: "x"`, a `$ref` to nothing is an
//! error now, not at the first call), every `$ref` resolved to a node.

use std::collections::HashMap;

use regex_lite::Regex;
use serde_json::{Map, Value};

use super::formats::Format;
use super::node::{Additional, Bound, Check, Members, Node, NodeId, Pattern, Tree, Types};

/// How deep the compiler follows subschemas and references before it calls a schema too deep:
/// far beyond any tool's schema, well within a thread's stack.
const MAX_COMPILE_DEPTH: usize = 128;

/// Compiles `root` (a whole tool schema), or says what in it is not usable.
pub(super) fn compile(root: &Value) -> Result<Tree, String> {
    let mut c = Compiler {
        root,
        nodes: Vec::new(),
        by_pointer: HashMap::new(),
        legacy: root
            .get("$schema")
            .and_then(Value::as_str)
            .is_some_and(|s| s.contains("draft-0")),
    };
    c.node(root, String::new(), 0)?;
    if let Some(id) = in_place_cycle(&c.nodes) {
        let pointer = c
            .by_pointer
            .iter()
            .find(|(_, n)| **n == id)
            .map_or("", |(p, _)| p.as_str());
        return Err(format!(
            "{} refers back to itself without reading any part of the arguments (an endless loop)",
            at(pointer)
        ));
    }
    Ok(Tree { nodes: c.nodes })
}

/// The order a node's checks run in: the cheap ones first (a type is one comparison), so that
/// the pass every call takes fails early, and the walks into members, items, alternatives and
/// references last. It is also the order violations are reported in, cheap facts first
/// (`required` before what is wrong inside a member).
fn cost(check: &Check) -> u8 {
    match check {
        Check::Type(_) => 0,
        Check::Const(_) | Check::Enum(_) => 1,
        Check::Bound(..) | Check::MultipleOf(_) => 2,
        Check::MinLength(_)
        | Check::MaxLength(_)
        | Check::MinItems(_)
        | Check::MaxItems(_)
        | Check::MinProperties(_)
        | Check::MaxProperties(_) => 3,
        Check::Required(_) | Check::DependentRequired(_) => 4,
        Check::Pattern(_) | Check::Format(_) => 5,
        Check::UniqueItems => 6,
        Check::Object(_)
        | Check::PropertyNames(_)
        | Check::Items { .. }
        | Check::Contains { .. }
        | Check::DependentSchemas(_) => 7,
        Check::AllOf(_) | Check::AnyOf(_) | Check::OneOf(_) | Check::Not(_) | Check::If { .. } => 8,
        Check::Ref(_) => 9,
    }
}

/// The subschemas a check applies to the same value it is given (not to a member or an item).
fn in_place(check: &Check) -> &[NodeId] {
    match check {
        Check::AllOf(subs) | Check::AnyOf(subs) | Check::OneOf(subs) => subs,
        Check::Not(id) | Check::Ref(id) => std::slice::from_ref(id),
        Check::If { condition, .. } => std::slice::from_ref(condition),
        _ => &[],
    }
}

/// A node on a cycle of subschemas applied in place (`$ref` to itself, `anyOf` holding a
/// `$ref` to its own schema): checking it would never end.
fn in_place_cycle(nodes: &[Node]) -> Option<NodeId> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut marks = vec![Mark::New; nodes.len()];
    let edges = |id: NodeId| -> Vec<NodeId> {
        match &nodes[id as usize] {
            Node::Checks(checks) => checks
                .iter()
                .flat_map(|c| {
                    let mut e = in_place(c).to_vec();
                    if let Check::If {
                        then, otherwise, ..
                    } = c
                    {
                        e.extend(then.iter().chain(otherwise.iter()));
                    }
                    if let Check::DependentSchemas(deps) = c {
                        e.extend(deps.iter().map(|(_, id)| *id));
                    }
                    e
                })
                .collect(),
            _ => Vec::new(),
        }
    };
    for start in 0..nodes.len() {
        if marks[start] != Mark::New {
            continue;
        }
        // Depth-first, without recursion: (node, its edges, the next edge to follow).
        let first = start as NodeId;
        marks[start] = Mark::Open;
        let mut stack = vec![(first, edges(first), 0)];
        while let Some((id, out, next)) = stack.last_mut() {
            let Some(&to) = out.get(*next) else {
                marks[*id as usize] = Mark::Done;
                stack.pop();
                continue;
            };
            *next += 1;
            match marks[to as usize] {
                Mark::Open => return Some(to),
                Mark::Done => {}
                Mark::New => {
                    marks[to as usize] = Mark::Open;
                    stack.push((to, edges(to), 0));
                }
            }
        }
    }
    None
}

struct Compiler<'s> {
    root: &'s Value,
    nodes: Vec<Node>,
    /// Each subschema compiled, by its JSON Pointer in the document: a `$ref` to it (or to a
    /// schema still being compiled, in a recursive schema) is that node.
    by_pointer: HashMap<String, NodeId>,
    /// A draft-04/06/07 document: `$ref` replaces its siblings, `exclusiveMinimum: true` makes
    /// `minimum` exclusive.
    legacy: bool,
}

/// A JSON Pointer segment for `key` (`~` and `/` escaped).
fn segment(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

impl<'s> Compiler<'s> {
    /// The node of `schema`, found at `pointer`, compiled if it was not yet.
    fn node(&mut self, schema: &'s Value, pointer: String, depth: usize) -> Result<NodeId, String> {
        if let Some(id) = self.by_pointer.get(&pointer) {
            return Ok(*id);
        }
        if depth > MAX_COMPILE_DEPTH {
            return Err(format!(
                "the schema is nested more than {MAX_COMPILE_DEPTH} levels deep at {pointer}"
            ));
        }
        let id = NodeId::try_from(self.nodes.len()).map_err(|_| "the schema is too large")?;
        self.nodes.push(Node::Pending);
        self.by_pointer.insert(pointer.clone(), id);
        let node = match schema {
            Value::Bool(true) => Node::True,
            Value::Bool(false) => Node::False,
            Value::Object(m) => {
                let checks = self.checks(m, &pointer, depth)?;
                if checks.is_empty() {
                    Node::True
                } else {
                    Node::Checks(checks.into_boxed_slice())
                }
            }
            other => {
                return Err(format!(
                    "{} must be a schema (an object or a boolean), not {other}",
                    at(&pointer)
                ));
            }
        };
        self.nodes[id as usize] = node;
        Ok(id)
    }

    /// The subschema under `key` of the schema at `pointer`.
    fn sub(
        &mut self,
        m: &'s Map<String, Value>,
        key: &str,
        pointer: &str,
        depth: usize,
    ) -> Result<Option<NodeId>, String> {
        match m.get(key) {
            None => Ok(None),
            Some(v) => self
                .node(v, format!("{pointer}/{}", segment(key)), depth + 1)
                .map(Some),
        }
    }

    /// The subschemas of a keyword holding a list of them (`allOf`, `prefixItems`, ...).
    fn list(
        &mut self,
        v: &'s Value,
        pointer: String,
        depth: usize,
    ) -> Result<Box<[NodeId]>, String> {
        let Value::Array(items) = v else {
            return Err(format!("{} must be a list of schemas", at(&pointer)));
        };
        items
            .iter()
            .enumerate()
            .map(|(i, s)| self.node(s, format!("{pointer}/{i}"), depth + 1))
            .collect()
    }

    /// The subschemas of a keyword holding a map of them (`properties`, `dependentSchemas`).
    fn map(
        &mut self,
        v: &'s Value,
        pointer: String,
        depth: usize,
    ) -> Result<Vec<(&'s String, NodeId)>, String> {
        let Value::Object(entries) = v else {
            return Err(format!("{} must be an object of schemas", at(&pointer)));
        };
        entries
            .iter()
            .map(|(k, s)| {
                Ok((
                    k,
                    self.node(s, format!("{pointer}/{}", segment(k)), depth + 1)?,
                ))
            })
            .collect()
    }

    fn checks(
        &mut self,
        m: &'s Map<String, Value>,
        pointer: &str,
        depth: usize,
    ) -> Result<Vec<Check>, String> {
        let mut checks = Vec::new();
        let here = |key: &str| format!("{pointer}/{}", segment(key));
        if let Some(r) = m.get("$ref") {
            let target = self.reference(r, &here("$ref"), depth)?;
            checks.push(Check::Ref(target));
            if self.legacy {
                return Ok(checks);
            }
        }
        // Definitions are compiled whether used or not, so that a bad one is refused now.
        for key in ["$defs", "definitions"] {
            if let Some(defs) = m.get(key) {
                self.map(defs, here(key), depth)?;
            }
        }
        if let Some(t) = m.get("type") {
            checks.push(Check::Type(types(t).ok_or_else(|| {
                format!("{} must name JSON types (null, boolean, integer, number, string, array, object), not {t}", at(&here("type")))
            })?));
        }
        if let Some(e) = m.get("enum") {
            let Value::Array(options) = e else {
                return Err(format!("{} must be a list, not {e}", at(&here("enum"))));
            };
            checks.push(Check::Enum(options.clone().into_boxed_slice()));
        }
        if let Some(c) = m.get("const") {
            checks.push(Check::Const(c.clone()));
        }
        self.bounds(m, pointer, &mut checks)?;
        if let Some(v) = m.get("multipleOf") {
            match v {
                Value::Number(n) if n.as_f64().is_some_and(|f| f > 0.0) => {
                    checks.push(Check::MultipleOf(n.clone()));
                }
                _ => {
                    return Err(format!(
                        "{} must be a number above 0, not {v}",
                        at(&here("multipleOf"))
                    ));
                }
            }
        }
        let count = |key: &str| -> Result<Option<u64>, String> {
            match m.get(key) {
                None => Ok(None),
                Some(v) => v
                    .as_u64()
                    .or_else(|| {
                        v.as_f64()
                            .filter(|f| *f >= 0.0 && f.fract() == 0.0 && *f < 1.8e19)
                            .map(|f| f as u64)
                    })
                    .map(Some)
                    .ok_or_else(|| {
                        format!(
                            "{} must be a whole number of 0 or more, not {v}",
                            at(&format!("{pointer}/{key}"))
                        )
                    }),
            }
        };
        type Counted = fn(u64) -> Check;
        let counted: [(&str, Counted); 6] = [
            ("minLength", Check::MinLength),
            ("maxLength", Check::MaxLength),
            ("minItems", Check::MinItems),
            ("maxItems", Check::MaxItems),
            ("minProperties", Check::MinProperties),
            ("maxProperties", Check::MaxProperties),
        ];
        for (key, make) in counted {
            if let Some(n) = count(key)? {
                checks.push(make(n));
            }
        }
        if let Some(p) = m.get("pattern")
            && let Some(p) = pattern(p, &here("pattern"))?
        {
            checks.push(Check::Pattern(p));
        }
        if let Some(f) = m.get("format") {
            let Value::String(name) = f else {
                return Err(format!("{} must be a string, not {f}", at(&here("format"))));
            };
            // A format the validator does not know is not checked.
            if let Some(format) = Format::of_name(name) {
                checks.push(Check::Format(format));
            }
        }
        self.object(m, pointer, depth, &mut checks)?;
        self.array(m, pointer, depth, &count, &mut checks)?;
        for (key, make) in [
            ("allOf", Check::AllOf as fn(Box<[NodeId]>) -> Check),
            ("anyOf", Check::AnyOf),
            ("oneOf", Check::OneOf),
        ] {
            if let Some(v) = m.get(key) {
                let subs = self.list(v, here(key), depth)?;
                if subs.is_empty() {
                    return Err(format!("{} must list at least one schema", at(&here(key))));
                }
                checks.push(make(subs));
            }
        }
        if let Some(not) = self.sub(m, "not", pointer, depth)? {
            checks.push(Check::Not(not));
        }
        if let Some(condition) = self.sub(m, "if", pointer, depth)? {
            let then = self.sub(m, "then", pointer, depth)?;
            let otherwise = self.sub(m, "else", pointer, depth)?;
            checks.push(Check::If {
                condition,
                then,
                otherwise,
            });
        }
        checks.sort_by_key(cost);
        Ok(checks)
    }

    /// `minimum`, `maximum` and their exclusive forms (numbers; in a draft-04 document
    /// `exclusiveMinimum: true` makes `minimum` exclusive).
    fn bounds(
        &self,
        m: &Map<String, Value>,
        pointer: &str,
        checks: &mut Vec<Check>,
    ) -> Result<(), String> {
        let flag = |key: &str| self.legacy && m.get(key) == Some(&Value::Bool(true));
        let (min_exclusive, max_exclusive) = (flag("exclusiveMinimum"), flag("exclusiveMaximum"));
        for (key, bound) in [
            (
                "minimum",
                if min_exclusive {
                    Bound::ExclusiveMinimum
                } else {
                    Bound::Minimum
                },
            ),
            (
                "maximum",
                if max_exclusive {
                    Bound::ExclusiveMaximum
                } else {
                    Bound::Maximum
                },
            ),
            ("exclusiveMinimum", Bound::ExclusiveMinimum),
            ("exclusiveMaximum", Bound::ExclusiveMaximum),
        ] {
            match m.get(key) {
                None => {}
                Some(Value::Number(n)) => checks.push(Check::Bound(bound, n.clone())),
                Some(Value::Bool(_)) if self.legacy && key.starts_with("exclusive") => {}
                Some(v) => {
                    return Err(format!(
                        "{} must be a number, not {v}",
                        at(&format!("{pointer}/{key}"))
                    ));
                }
            }
        }
        Ok(())
    }

    /// The keywords about objects.
    fn object(
        &mut self,
        m: &'s Map<String, Value>,
        pointer: &str,
        depth: usize,
        checks: &mut Vec<Check>,
    ) -> Result<(), String> {
        let here = |key: &str| format!("{pointer}/{}", segment(key));
        let properties = match m.get("properties") {
            Some(p) => self.map(p, here("properties"), depth)?,
            None => Vec::new(),
        };
        let mut patterns = Vec::new();
        if let Some(p) = m.get("patternProperties") {
            let Value::Object(entries) = p else {
                return Err(format!(
                    "{} must be an object of schemas",
                    at(&here("patternProperties"))
                ));
            };
            for (source, s) in entries {
                let at_key = format!("{}/{}", here("patternProperties"), segment(source));
                // A key pattern left unchecked would send its keys to `additionalProperties`:
                // one this validator cannot read refuses the schema.
                let regex = pattern(&Value::String(source.clone()), &at_key)?.ok_or_else(|| {
                    format!(
                        "{} uses look-around or a back-reference, which this validator does not read",
                        at(&at_key)
                    )
                })?;
                patterns.push((regex, self.node(s, at_key, depth + 1)?));
            }
        }
        let additional = match m.get("additionalProperties") {
            None => None,
            Some(Value::Bool(false)) => Some(Additional::Refused),
            Some(_) => self
                .sub(m, "additionalProperties", pointer, depth)?
                .map(Additional::Schema),
        };
        if !properties.is_empty() || !patterns.is_empty() || additional.is_some() {
            checks.push(Check::Object(Members {
                properties: properties
                    .into_iter()
                    .map(|(k, id)| (k.clone(), id))
                    .collect(),
                patterns: patterns.into_boxed_slice(),
                additional,
            }));
        }
        if let Some(r) = m.get("required") {
            checks.push(Check::Required(names(r).ok_or_else(|| {
                format!("{} must be a list of names, not {r}", at(&here("required")))
            })?));
        }
        if let Some(names_schema) = self.sub(m, "propertyNames", pointer, depth)? {
            checks.push(Check::PropertyNames(names_schema));
        }
        // `dependencies` (drafts 4 to 7) is `dependentRequired` where it lists names and
        // `dependentSchemas` where it holds schemas.
        let mut required = Vec::new();
        let mut schemas = Vec::new();
        for key in ["dependentRequired", "dependentSchemas", "dependencies"] {
            let Some(v) = m.get(key) else { continue };
            let Value::Object(entries) = v else {
                return Err(format!("{} must be an object, not {v}", at(&here(key))));
            };
            for (trigger, dep) in entries {
                let at_key = format!("{}/{}", here(key), segment(trigger));
                let listed = key != "dependentSchemas" && dep.is_array();
                if listed {
                    let needed = names(dep)
                        .ok_or_else(|| format!("{} must be a list of names", at(&at_key)))?;
                    required.push((trigger.clone(), needed));
                } else if key == "dependentRequired" {
                    return Err(format!(
                        "{} must be a list of names, not {dep}",
                        at(&at_key)
                    ));
                } else {
                    schemas.push((trigger.clone(), self.node(dep, at_key, depth + 1)?));
                }
            }
        }
        if !required.is_empty() {
            checks.push(Check::DependentRequired(required.into_boxed_slice()));
        }
        if !schemas.is_empty() {
            checks.push(Check::DependentSchemas(schemas.into_boxed_slice()));
        }
        Ok(())
    }

    /// The keywords about arrays (besides the counts).
    fn array(
        &mut self,
        m: &'s Map<String, Value>,
        pointer: &str,
        depth: usize,
        count: &impl Fn(&str) -> Result<Option<u64>, String>,
        checks: &mut Vec<Check>,
    ) -> Result<(), String> {
        let here = |key: &str| format!("{pointer}/{}", segment(key));
        let (prefix, rest) = match m.get("items") {
            // The older tuple form: `items` a list, `additionalItems` for the rest.
            Some(items @ Value::Array(_)) => (
                self.list(items, here("items"), depth)?,
                self.sub(m, "additionalItems", pointer, depth)?,
            ),
            _ => (
                match m.get("prefixItems") {
                    Some(p) => self.list(p, here("prefixItems"), depth)?,
                    None => Box::default(),
                },
                self.sub(m, "items", pointer, depth)?,
            ),
        };
        if !prefix.is_empty() || rest.is_some() {
            checks.push(Check::Items { prefix, rest });
        }
        if let Some(schema) = self.sub(m, "contains", pointer, depth)? {
            let min = count("minContains")?.unwrap_or(1);
            let max = count("maxContains")?;
            checks.push(Check::Contains { schema, min, max });
        }
        match m.get("uniqueItems") {
            None | Some(Value::Bool(false)) => {}
            Some(Value::Bool(true)) => checks.push(Check::UniqueItems),
            Some(v) => {
                return Err(format!(
                    "{} must be true or false, not {v}",
                    at(&here("uniqueItems"))
                ));
            }
        }
        Ok(())
    }

    /// The node a `$ref` points to: a JSON Pointer into this document (`#/$defs/Unit`, `#`);
    /// anything else (another document, an anchor) is refused, and nothing is fetched.
    fn reference(&mut self, r: &'s Value, pointer: &str, depth: usize) -> Result<NodeId, String> {
        let Value::String(reference) = r else {
            return Err(format!("{} must be a string, not {r}", at(pointer)));
        };
        let fragment = reference
            .strip_prefix('#')
            .filter(|f| f.is_empty() || f.starts_with('/'))
            .ok_or_else(|| {
                format!("{} `{reference}` points outside the schema; only references inside it (`#/$defs/...`) are followed, nothing is fetched", at(pointer))
            })?;
        let fragment = percent_decoded(fragment);
        let target = self.root.pointer(&fragment).ok_or_else(|| {
            format!(
                "{} `{reference}` points to nothing in the schema",
                at(pointer)
            )
        })?;
        self.node(target, fragment, depth + 1)
    }
}

/// `%25` as `%` (a pointer in a URI fragment may be percent-encoded); the text as it is where
/// an escape is not one.
fn percent_decoded(s: &str) -> String {
    if !s.contains('%') {
        return s.to_owned();
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = s
            .get(i + 1..i + 3)
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_owned())
}

/// Where in the schema, for a message: `the keyword at /properties/a/type`.
fn at(pointer: &str) -> String {
    if pointer.is_empty() {
        "the schema".to_owned()
    } else {
        format!("the keyword at {pointer}")
    }
}

/// The types `type` names (a name or a list of names); `None` for anything else.
fn types(t: &Value) -> Option<Types> {
    match t {
        Value::String(name) => Types::of_name(name),
        Value::Array(names) => names.iter().try_fold(Types(0), |acc, n| {
            Some(Types(acc.0 | Types::of_name(n.as_str()?)?.0))
        }),
        _ => None,
    }
}

/// A list of property names.
fn names(v: &Value) -> Option<Box<[String]>> {
    v.as_array()?
        .iter()
        .map(|n| n.as_str().map(str::to_owned))
        .collect()
}

/// A `pattern` (ECMA-262 syntax in the specification; compiled by `regex-lite`, whose syntax
/// covers what tool schemas use, without look-around and back-references). A pattern that uses
/// those is valid, only beyond this validator: it is not checked (`None`, with a `tracing`
/// warning), so that a server's tool with such a pattern still works; anything else
/// `regex-lite` refuses is not a regular expression, and the schema is refused.
fn pattern(p: &Value, pointer: &str) -> Result<Option<Pattern>, String> {
    let Value::String(source) = p else {
        return Err(format!("{} must be a string, not {p}", at(pointer)));
    };
    match Regex::new(source) {
        Ok(regex) => Ok(Some(Pattern {
            regex,
            source: source.as_str().into(),
        })),
        Err(_) if beyond_regex_lite(source) => {
            tracing::warn!(
                target: "agents",
                at = %at(pointer),
                pattern = %source,
                "a pattern with look-around or a back-reference is not checked"
            );
            Ok(None)
        }
        Err(e) => Err(format!(
            "{} is not a regular expression this validator reads: {e}",
            at(pointer)
        )),
    }
}

/// Whether `source` uses look-around (`(?=`, `(?!`, `(?<=`, `(?<!`) or a back-reference (`\1`
/// to `\9`, `\k<name>`): ECMA-262 features `regex-lite` does not have. An escaped backslash
/// (`\\1`) is not a back-reference.
pub(super) fn beyond_regex_lite(source: &str) -> bool {
    let b = source.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if matches!(b.get(i + 1), Some(b'1'..=b'9' | b'k')) {
                    return true;
                }
                i += 2;
            }
            b'(' if source[i..].starts_with("(?=")
                || source[i..].starts_with("(?!")
                || source[i..].starts_with("(?<=")
                || source[i..].starts_with("(?<!") =>
            {
                return true;
            }
            _ => i += 1,
        }
    }
    false
}
