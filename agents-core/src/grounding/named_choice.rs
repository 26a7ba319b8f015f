//! A choice copied from an example, set to the choice the user named
//! ([`Recovery::named_choices`], a piece of the small-model profile).
//!
//! A made-up example writes an argument's first choice (`"size": "small"`), and a small model
//! copies it for a request that names another (`"a medium latte"`). In a required argument the
//! echo check lets a choice alone run, as the model must pick one and the user's words seldom
//! spell it as the schema does, so the call runs with the example's choice; in an optional one,
//! or beside another copy, the check refuses it, and a small model told so writes the same
//! choice again. Either way the user did choose: where their words name exactly one of the
//! argument's choices, and the value is one the model was shown that the user never wrote,
//! the call takes the user's choice before it runs. A choice written with underscores or
//! hyphens (`extra_large`) is named by the words it joins ("extra large"). Where the user's
//! words name no choice, or more than one, nothing is set: the echo check and the steps after
//! it decide.
//!
//! [`Recovery::named_choices`]: crate::model::Recovery::named_choices

use serde_json::Value;

use super::echo::EchoCheck;

/// An argument (or a field of an object argument) set to the choice the user named.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Chosen {
    /// The argument, or the field's path (`preferences.size`).
    pub argument: String,
    /// Its value, as written.
    pub value: String,
    /// The choice it now holds, as JSON.
    pub choice: String,
}

impl From<Chosen> for crate::event::ArgumentChange {
    fn from(c: Chosen) -> Self {
        crate::event::ArgumentChange::ChoiceNamed {
            argument: c.argument,
            value: c.value,
            choice: c.choice,
        }
    }
}

/// Object arguments nested deeper than this are not looked into.
const MAX_DEPTH: usize = 8;

/// Sets every argument of `args` (a call to a tool with parameters `schema`) that lists
/// choices and holds a string copied from an example (shown, and not in what the model was
/// told) to the one choice what the model was told names; so too a field of an object
/// argument, at any depth outside lists (`"preferences": {"size": "small"}` for "a large
/// coffee"). Returns what was set, in argument order.
pub(crate) fn set_named_choices(
    args: &mut Value,
    schema: &Value,
    check: &EchoCheck,
) -> Vec<Chosen> {
    let mut out = Vec::new();
    set_in(args, schema, schema, check, &mut String::new(), 0, &mut out);
    out
}

/// [`set_named_choices`] for the object `args`, whose schema is `object` (inside `root`, the
/// tool's parameters); `at` is its path.
fn set_in(
    args: &mut Value,
    root: &Value,
    object: &Value,
    check: &EchoCheck,
    at: &mut String,
    depth: usize,
    out: &mut Vec<Chosen>,
) {
    if depth > MAX_DEPTH {
        return;
    }
    let Some(members) = args.as_object_mut() else {
        return;
    };
    let Some(properties) = agents_json::schema::concrete(root, object).get("properties") else {
        return;
    };
    for (name, slot) in members.iter_mut() {
        let Some(property) = properties.get(name) else {
            continue;
        };
        let len = at.len();
        if !at.is_empty() {
            at.push('.');
        }
        at.push_str(name);
        if slot.is_object() {
            set_in(slot, root, property, check, at, depth + 1, out);
        } else if let Some(choice) = slot
            .as_str()
            .filter(|written| check.copied_string(written))
            .and_then(|written| {
                named_choice(root, property, check)
                    .filter(|c| !c.as_str().is_some_and(|c| c.eq_ignore_ascii_case(written)))
            })
        {
            out.push(Chosen {
                argument: at.clone(),
                value: slot.to_string(),
                choice: choice.to_string(),
            });
            *slot = choice;
        }
        at.truncate(len);
    }
}

/// The one choice of `property` (its `enum`) that what the model was told names, as the schema
/// writes it; `None` when it names none or more than one.
fn named_choice(root: &Value, property: &Value, check: &EchoCheck) -> Option<Value> {
    let listed = super::choices_of(root, property)?;
    let mut named = listed.iter().filter(|c| names(check, c));
    let one = named.next()?;
    if named.next().is_some() {
        return None;
    }
    let concrete = agents_json::schema::concrete(root, property);
    concrete
        .get("enum")?
        .as_array()?
        .iter()
        .find(|c| c.as_str().map_or_else(|| c.to_string(), str::to_owned) == *one)
        .cloned()
}

/// Whether what the model was told names `choice`: as written, or with its underscores and
/// hyphens read as spaces.
pub(super) fn names(check: &EchoCheck, choice: &str) -> bool {
    let told = check.told();
    told.has(choice) || {
        let spaced = choice.replace(['_', '-'], " ");
        spaced != choice && told.has(&spaced)
    }
}
