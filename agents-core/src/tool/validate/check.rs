//! The walk of an instance through a [`Tree`], in two forms: [`valid`], the one every call
//! takes (it stops at the first failure and allocates nothing), and [`collect`], taken only when
//! that failed, which finds every violation (up to the report's bound) with its place.

use serde_json::{Map, Value};

use super::describe::{Fault, Report};
use std::cell::Cell;

use super::node::{Additional, Bound, Check, Members, Node, NodeId, Tree};
use super::number;

/// How many schemas deep one walk goes (a recursive schema over a deep instance, or a `$ref`
/// that points at itself) before it calls the instance too deep to check: past the depth of any
/// instance the JSON parser lets through (127), far from the end of a thread's stack.
pub(super) const MAX_DEPTH: u32 = 320;

/// One walk of an instance through a tree.
pub(super) struct Walk<'t> {
    pub tree: &'t Tree,
    /// Set when the walk went deeper than [`MAX_DEPTH`]: the instance is then refused as a
    /// whole, whatever a `not` above that point made of it.
    pub too_deep: Cell<bool>,
}

impl<'t> Walk<'t> {
    pub fn new(tree: &'t Tree) -> Self {
        Walk {
            tree,
            too_deep: Cell::new(false),
        }
    }
}

/// Whether `v` is valid against the root of the walk's tree.
pub(super) fn valid_root(w: &Walk<'_>, v: &Value) -> bool {
    valid(w, 0, v, 0) && !w.too_deep.get()
}

/// Whether `v` is valid against node `id`.
fn valid(w: &Walk<'_>, id: NodeId, v: &Value, depth: u32) -> bool {
    if depth > MAX_DEPTH {
        w.too_deep.set(true);
        return false;
    }
    match w.tree.node(id) {
        Node::True | Node::Pending => true,
        Node::False => false,
        Node::Checks(checks) => checks.iter().all(|c| check_valid(w, c, v, depth + 1)),
    }
}

/// Whether `v` passes one check.
fn check_valid(w: &Walk<'_>, check: &Check, v: &Value, depth: u32) -> bool {
    match (check, v) {
        (Check::Type(t), _) => t.admit(v),
        (Check::Enum(options), _) => options.iter().any(|o| number::equal(o, v)),
        (Check::Const(c), _) => number::equal(c, v),
        (Check::Bound(bound, limit), Value::Number(n)) => {
            let order = number::compare(n, limit);
            match bound {
                Bound::Minimum => order.is_some_and(|o| o.is_ge()),
                Bound::Maximum => order.is_some_and(|o| o.is_le()),
                Bound::ExclusiveMinimum => order.is_some_and(|o| o.is_gt()),
                Bound::ExclusiveMaximum => order.is_some_and(|o| o.is_lt()),
            }
        }
        (Check::MultipleOf(m), Value::Number(n)) => number::is_multiple(n, m),
        (Check::MinLength(min), Value::String(s)) => chars_at_least(s, *min),
        (Check::MaxLength(max), Value::String(s)) => !chars_at_least(s, max.saturating_add(1)),
        (Check::Pattern(p), Value::String(s)) => p.regex.is_match(s),
        (Check::Format(f), Value::String(s)) => f.admits(s),
        (Check::Object(members), Value::Object(o)) => {
            let Members {
                properties,
                patterns,
                additional,
            } = members;
            if additional.is_none() && patterns.is_empty() {
                // Only the declared properties matter: look each one up.
                return properties
                    .iter()
                    .all(|(name, id)| o.get(name).is_none_or(|value| valid(w, *id, value, depth)));
            }
            o.iter().all(|(key, value)| {
                let mut matched = false;
                if let Some(id) = declared(properties, key) {
                    matched = true;
                    if !valid(w, id, value, depth) {
                        return false;
                    }
                }
                for (p, id) in patterns.iter() {
                    if p.regex.is_match(key) {
                        matched = true;
                        if !valid(w, *id, value, depth) {
                            return false;
                        }
                    }
                }
                matched
                    || match additional {
                        None => true,
                        Some(Additional::Refused) => false,
                        Some(Additional::Schema(id)) => valid(w, *id, value, depth),
                    }
            })
        }
        (Check::Required(names), Value::Object(o)) => names.iter().all(|n| o.contains_key(n)),
        (Check::PropertyNames(id), Value::Object(o)) => {
            // The one check that needs a key as a JSON value: one string per key, only in
            // schemas that constrain key names.
            o.keys()
                .all(|k| valid(w, *id, &Value::String(k.clone()), depth))
        }
        (Check::MinProperties(min), Value::Object(o)) => o.len() as u64 >= *min,
        (Check::MaxProperties(max), Value::Object(o)) => o.len() as u64 <= *max,
        (Check::DependentRequired(deps), Value::Object(o)) => {
            deps.iter().all(|(trigger, needed)| {
                !o.contains_key(trigger) || needed.iter().all(|n| o.contains_key(n))
            })
        }
        (Check::DependentSchemas(deps), Value::Object(o)) => deps
            .iter()
            .all(|(trigger, id)| !o.contains_key(trigger) || valid(w, *id, v, depth)),
        (Check::Items { prefix, rest }, Value::Array(items)) => {
            items
                .iter()
                .enumerate()
                .all(|(i, item)| match prefix.get(i) {
                    Some(id) => valid(w, *id, item, depth),
                    None => rest.is_none_or(|id| valid(w, id, item, depth)),
                })
        }
        (Check::Contains { schema, min, max }, Value::Array(items)) => {
            let found = matching(w, *schema, items, depth, *min, *max);
            found >= *min && max.is_none_or(|m| found <= m)
        }
        (Check::MinItems(min), Value::Array(items)) => items.len() as u64 >= *min,
        (Check::MaxItems(max), Value::Array(items)) => items.len() as u64 <= *max,
        (Check::UniqueItems, Value::Array(items)) => first_repeat(items).is_none(),
        (Check::AllOf(subs), _) => subs.iter().all(|id| valid(w, *id, v, depth)),
        (Check::AnyOf(subs), _) => subs.iter().any(|id| valid(w, *id, v, depth)),
        (Check::OneOf(subs), _) => valid_count(w, subs, v, depth) == 1,
        (Check::Not(id), _) => !valid(w, *id, v, depth),
        (
            Check::If {
                condition,
                then,
                otherwise,
            },
            _,
        ) => branch(w, *condition, *then, *otherwise, v, depth)
            .is_none_or(|id| valid(w, id, v, depth)),
        (Check::Ref(id), _) => valid(w, *id, v, depth),
        // A check about another type than the instance's.
        _ => true,
    }
}

/// The subschema a declared property name stands for (the names are sorted, as the schema's
/// map keeps them).
fn declared(properties: &[(String, NodeId)], key: &str) -> Option<NodeId> {
    properties
        .binary_search_by(|(name, _)| name.as_str().cmp(key))
        .ok()
        .map(|i| properties[i].1)
}

/// Whether `s` has at least `n` characters (without counting past `n`).
fn chars_at_least(s: &str, n: u64) -> bool {
    let bytes = s.len() as u64;
    if bytes < n {
        return false;
    }
    // A character is at most four bytes.
    if n == 0 || bytes >= n.saturating_mul(4) {
        return true;
    }
    s.chars().nth((n - 1) as usize).is_some()
}

/// The branch of an `if` that applies to `v`, if it has one.
fn branch(
    w: &Walk<'_>,
    condition: NodeId,
    then: Option<NodeId>,
    otherwise: Option<NodeId>,
    v: &Value,
    depth: u32,
) -> Option<NodeId> {
    if valid(w, condition, v, depth) {
        then
    } else {
        otherwise
    }
}

/// How many `items` match `schema`, counting only as far as it takes to compare with `min`
/// and `max`.
fn matching(
    w: &Walk<'_>,
    schema: NodeId,
    items: &[Value],
    depth: u32,
    min: u64,
    max: Option<u64>,
) -> u64 {
    let limit = max.map_or(min, |m| m.saturating_add(1).max(min));
    let mut found = 0;
    for item in items {
        if found >= limit {
            break;
        }
        if valid(w, schema, item, depth) {
            found += 1;
        }
    }
    found
}

/// How many of `subs` `v` is valid against, counting no further than two.
fn valid_count(w: &Walk<'_>, subs: &[NodeId], v: &Value, depth: u32) -> usize {
    subs.iter()
        .filter(|id| valid(w, **id, v, depth))
        .take(2)
        .count()
}

/// The index of the first item equal to an earlier one. A short array compares every pair; a
/// longer one compares only items whose [`number::hash`] is the same, so that a model's array of
/// a hundred thousand items costs one pass, not five billion comparisons.
pub(super) fn first_repeat(items: &[Value]) -> Option<usize> {
    const PAIRWISE: usize = 32;
    if items.len() <= PAIRWISE {
        return (1..items.len()).find(|&j| items[..j].iter().any(|a| number::equal(a, &items[j])));
    }
    let mut seen: std::collections::HashMap<u64, Vec<usize>> =
        std::collections::HashMap::with_capacity(items.len());
    for (j, item) in items.iter().enumerate() {
        let same = seen.entry(number::hash(item)).or_default();
        if same.iter().any(|&i| number::equal(&items[i], item)) {
            return Some(j);
        }
        same.push(j);
    }
    None
}

/// Every violation of node `id` by `v` into `report`, until it is full.
pub(super) fn collect<'v>(
    w: &Walk<'_>,
    id: NodeId,
    v: &'v Value,
    depth: u32,
    report: &mut Report<'v>,
) {
    if report.is_full() {
        return;
    }
    if depth > MAX_DEPTH {
        report.add(Fault::TooDeep, v);
        return;
    }
    match w.tree.node(id) {
        Node::True | Node::Pending => {}
        Node::False => report.add(Fault::False, v),
        Node::Checks(checks) => {
            for check in checks.iter() {
                if report.is_full() {
                    return;
                }
                collect_check(w, check, v, depth + 1, report);
            }
        }
    }
}

/// The violations of one check: the applicators walk on, the others are one fault or none.
fn collect_check<'v>(
    w: &Walk<'_>,
    check: &Check,
    v: &'v Value,
    depth: u32,
    report: &mut Report<'v>,
) {
    match (check, v) {
        (Check::Object(members), Value::Object(o)) => collect_object(w, members, o, depth, report),
        (Check::Required(names), Value::Object(o)) => {
            for name in names.iter().filter(|n| !o.contains_key(*n)) {
                report.add(
                    Fault::Missing {
                        name,
                        because: None,
                    },
                    v,
                );
            }
        }
        (Check::DependentRequired(deps), Value::Object(o)) => {
            for (trigger, needed) in deps.iter().filter(|(t, _)| o.contains_key(t)) {
                for name in needed.iter().filter(|n| !o.contains_key(*n)) {
                    report.add(
                        Fault::Missing {
                            name,
                            because: Some(trigger),
                        },
                        v,
                    );
                }
            }
        }
        (Check::DependentSchemas(deps), Value::Object(o)) => {
            for (_, id) in deps.iter().filter(|(t, _)| o.contains_key(t)) {
                collect(w, *id, v, depth, report);
            }
        }
        (Check::PropertyNames(id), Value::Object(o)) => {
            for key in o.keys() {
                let name = Value::String(key.clone());
                if !valid(w, *id, &name, depth) {
                    let mut inner = Report::new(&name);
                    collect(w, *id, &name, depth, &mut inner);
                    report.add(
                        Fault::KeyName {
                            key,
                            inner: inner.first_message(),
                        },
                        v,
                    );
                }
            }
        }
        (Check::Items { prefix, rest }, Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                let Some(id) = prefix.get(i).copied().or(*rest) else {
                    break;
                };
                report.enter_index(i);
                collect(w, id, item, depth, report);
                report.leave();
            }
        }
        (Check::AllOf(subs), _) => {
            for id in subs.iter() {
                collect(w, *id, v, depth, report);
            }
        }
        (
            Check::If {
                condition,
                then,
                otherwise,
            },
            _,
        ) => {
            if let Some(id) = branch(w, *condition, *then, *otherwise, v, depth) {
                collect(w, id, v, depth, report);
            }
        }
        (Check::Ref(id), _) => collect(w, *id, v, depth, report),
        (Check::OneOf(subs), _) => match valid_count(w, subs, v, depth) {
            0 => report.add(Fault::Failed(check), v),
            1 => {}
            _ => report.add(Fault::OneOfMany, v),
        },
        (Check::Contains { schema, min, max }, Value::Array(items)) => {
            let found = matching(w, *schema, items, depth, *min, *max);
            if found < *min {
                report.add(Fault::Failed(check), v);
            } else if max.is_some_and(|m| found > m) {
                report.add(Fault::TooManyContained, v);
            }
        }
        _ => {
            if !check_valid(w, check, v, depth) {
                report.add(Fault::Failed(check), v);
            }
        }
    }
}

/// The violations of an object's members: the declared and pattern-matched ones against their
/// schemas, the others against `additionalProperties`.
fn collect_object<'v>(
    w: &Walk<'_>,
    members: &Members,
    o: &'v Map<String, Value>,
    depth: u32,
    report: &mut Report<'v>,
) {
    let Members {
        properties,
        patterns,
        additional,
    } = members;
    for (key, value) in o {
        let mut matched = false;
        report.enter_key(key);
        if let Some(id) = declared(properties, key) {
            matched = true;
            collect(w, id, value, depth, report);
        }
        for (p, id) in patterns.iter() {
            if p.regex.is_match(key) {
                matched = true;
                collect(w, *id, value, depth, report);
            }
        }
        report.leave();
        if !matched {
            match additional {
                None => {}
                Some(Additional::Refused) => report.add(
                    Fault::Unexpected {
                        key,
                        declared: properties,
                        given: o,
                    },
                    value,
                ),
                Some(Additional::Schema(id)) => {
                    report.enter_key(key);
                    collect(w, *id, value, depth, report);
                    report.leave();
                }
            }
        }
    }
}
