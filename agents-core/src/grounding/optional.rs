//! An optional argument nobody gave a value for, left out ([`Recovery::leave_out_echoes`], a
//! piece of the small-model profile).
//!
//! The echo check refuses a call that copies a value of an example, in any argument. In an
//! optional argument the fix is always the same: leave the argument out, and the tool's default
//! applies. A small model told so writes the copy again (`"genre": "Action"`, the example of the
//! description, for a request that names no genre) and spends its turns on it, and a call whose
//! other values were right never runs. So the runtime leaves such an argument out itself, before
//! the call runs, and says so; a copied value in a required argument is still refused, as it
//! must be written from the user's words.
//!
//! An optional field of an object argument is left out the same way (`body.windStrength`, where
//! the object's schema does not require it): the fields around it stay. A copied item inside a
//! list is the echo check's to refuse, as leaving it out would change what the list says. And
//! an argument with choices stays refused when the user's words name another of its choices
//! (`"seat": "inside"` copied for "a table on the terrace"): the user did ask for it, and the
//! model, or a question about it, can still write what they asked. Nor is a made-up example's
//! placeholder left out (`"platform": "PLATFORM"`, the argument's own name): a model that copies
//! the call's template says nothing about whether the user gave a value, and "on Switch" is
//! then found by the question or the held turn; a value the model chose from an example
//! (`"Action"`) is a choice the user did not make.
//!
//! A refused optional number the user's words do give is not left out but set to theirs: where
//! one number of the user's that no other argument holds has words around it that name the
//! argument ("a *5 day* forecast" for `days`, "within *500 m*" for `radius_m`), the argument
//! takes it. Left out, the tool's default applied where the user had said otherwise.
//!
//! [`Recovery::leave_out_echoes`]: crate::model::Recovery::leave_out_echoes

use serde_json::Value;

use super::echo::{EchoCheck, NOT_GIVEN_KEYWORD, is_ungrounded};

/// An optional argument left out because the echo check refused its value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Ungrounded {
    /// The argument left out.
    pub argument: String,
    /// Its value, as written.
    pub value: String,
    /// Whether the value was a number nobody gave (under constraint) rather than a copy of an
    /// example.
    pub not_given: bool,
    /// The number the user's words put in the argument, which it was set to instead of being
    /// left out (as written).
    pub named: Option<String>,
}

impl From<Ungrounded> for crate::event::ArgumentChange {
    fn from(u: Ungrounded) -> Self {
        match u.named {
            Some(number) => crate::event::ArgumentChange::EchoNamed {
                argument: u.argument,
                value: u.value,
                not_given: u.not_given,
                number,
            },
            None => crate::event::ArgumentChange::EchoLeftOut {
                argument: u.argument,
                value: u.value,
                not_given: u.not_given,
            },
        }
    }
}

/// Leaves out of `args` (a call to a tool with parameters `schema`) every optional argument
/// whose whole value `check` refuses: a top-level one, or an optional field of an object
/// argument, at any depth outside lists (`body.windStrength`, where `body` lists no
/// `windStrength` as required). Returns what was left out, in the order found.
pub(crate) fn leave_out_ungrounded(
    args: &mut Value,
    schema: &Value,
    check: &EchoCheck,
) -> Vec<Ungrounded> {
    if !args.is_object() {
        return Vec::new();
    }
    // No limit: a long list of copies before it must not hide an argument.
    let out: Vec<Ungrounded> = check
        .violations(args, schema, usize::MAX)
        .into_iter()
        .filter(|v| {
            is_ungrounded(v)
                && agents_json::schema::required_at(schema, &v.field_path) == Some(false)
        })
        .filter_map(|v| {
            let value = value_at(args, &v.field_path)?;
            if names_another_choice(schema, &v.field_path, value, check)
                || value
                    .as_str()
                    .is_some_and(|s| super::own_name::is_own_name(s, &v.field_path))
            {
                return None;
            }
            Some(Ungrounded {
                value: value.to_string(),
                not_given: v.keyword == NOT_GIVEN_KEYWORD,
                named: named_number(args, schema, &v.field_path, check),
                argument: v.field_path,
            })
        })
        .collect();
    for u in &out {
        if let Some(number) = &u.named {
            if let (Some(slot), Ok(number)) = (
                args.get_mut(&u.argument),
                serde_json::from_str::<Value>(number),
            ) {
                *slot = number;
            }
            continue;
        }
        let (parent, name) = match u.argument.rsplit_once('.') {
            Some((parent, name)) => (value_at_mut(args, parent), name),
            None => (Some(&mut *args), u.argument.as_str()),
        };
        if let Some(Value::Object(members)) = parent {
            members.remove(name);
        }
    }
    out
}

/// The number the user's words put in the top-level number argument `argument` of `args`,
/// which the echo check refused: the one number of theirs no other argument holds whose words
/// name it ("a *5 day* forecast" for `days`), as its schema takes it (as written). `None` for a
/// field inside an object, or where no such number is, or several.
fn named_number(args: &Value, schema: &Value, argument: &str, check: &EchoCheck) -> Option<String> {
    let members = args.as_object()?;
    members.get(argument)?.as_f64()?;
    let property = schema.get("properties")?.get(argument)?;
    let property = agents_json::schema::concrete(schema, property);
    let held: Vec<f64> = members
        .iter()
        .filter(|(name, _)| name.as_str() != argument)
        .filter_map(|(_, v)| v.as_f64())
        .collect();
    let told = check.told().lower();
    let x = super::placement::named_number(argument, Some(property), told, &held)?;
    super::numbers::number_value(x, Some(property)).map(|v| v.to_string())
}

/// The value of `args` at a field path of object keys only (`body.mode`); `None` through a
/// list, or where a key is missing.
fn value_at<'v>(args: &'v Value, path: &str) -> Option<&'v Value> {
    if path.contains('[') {
        return None;
    }
    path.split('.').try_fold(args, |v, key| v.get(key))
}

/// [`value_at`], to change it.
fn value_at_mut<'v>(args: &'v mut Value, path: &str) -> Option<&'v mut Value> {
    if path.contains('[') {
        return None;
    }
    path.split('.').try_fold(args, |v, key| v.get_mut(key))
}

/// Whether the value at the field path `at` of `schema` lists choices and what the model was
/// told names one of them other than `value`.
fn names_another_choice(schema: &Value, at: &str, value: &Value, check: &EchoCheck) -> bool {
    let Some(property) = agents_json::schema::schema_at(schema, at) else {
        return false;
    };
    let written = value
        .as_str()
        .map_or_else(|| value.to_string(), str::to_owned);
    super::choices_of(schema, property).is_some_and(|choices| {
        choices.iter().any(|c| {
            !c.eq_ignore_ascii_case(written.trim()) && super::named_choice::names(check, c)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Message, ModelRequest, ToolSpec};
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "platform": {"type": "string"}, "rating": {"type": "number"},
            "genre": {"type": "string", "enum": ["Action", "Racing"]},
            "tags": {"type": "array", "items": {"type": "string"}},
            "limit": {"type": "integer"}},
            "required": ["platform", "rating"]})
    }

    /// What is left of `args` and what was left out, for `user`'s request, the examples
    /// `shown`, and (`numbers_told`) every number held to the user's.
    fn left_out(user: &str, shown: Value, args: Value, numbers_told: bool) -> (Value, Vec<String>) {
        let request = ModelRequest {
            messages: vec![Message::user(user)],
            tools: vec![ToolSpec {
                name: "find_game".into(),
                description: String::new(),
                parameters: schema(),
            }],
            ..ModelRequest::default()
        };
        let check = EchoCheck::new([&shown], &request, numbers_told).expect("something shown");
        let mut args = args;
        let out = leave_out_ungrounded(&mut args, &schema(), &check);
        let out = out
            .into_iter()
            .map(|u| {
                format!(
                    "{}={}{}{}",
                    u.argument,
                    u.value,
                    if u.not_given { " (not given)" } else { "" },
                    u.named.map(|n| format!(" -> {n}")).unwrap_or_default()
                )
            })
            .collect();
        (args, out)
    }

    #[test]
    fn an_optional_argument_copied_from_an_example_is_left_out() {
        let (args, out) = left_out(
            "Find me a multiplayer game rated above 4.5 for Windows 10",
            json!({"platform": "PS5", "rating": 4.0, "genre": "Action"}),
            json!({"platform": "Windows 10", "rating": 4.5, "genre": "Action"}),
            false,
        );
        assert_eq!(args, json!({"platform": "Windows 10", "rating": 4.5}));
        assert_eq!(out, [r#"genre="Action""#]);
    }

    #[test]
    fn a_required_argument_a_nested_copy_and_a_value_the_user_gave_stay() {
        let shown = json!({"platform": "PS5", "rating": 4.0, "genre": "Action", "tags": ["coop"]});
        let keep = |user: &str, args: Value| {
            let (after, out) = left_out(user, shown.clone(), args.clone(), false);
            assert_eq!(after, args, "{user}");
            assert!(out.is_empty(), "{out:?}");
        };
        // A required copy is refused by the echo check, never dropped here.
        keep(
            "Find a game rated above 4.5",
            json!({"platform": "PS5", "rating": 4.5}),
        );
        // A copied item in a list: its neighbours may be the user's.
        keep(
            "Find a game for Windows rated above 4.5",
            json!({"platform": "Windows", "rating": 4.5, "tags": ["coop", "pvp"]}),
        );
        // The user named the genre: it was not copied.
        keep(
            "Find an action game for Windows rated above 4.5",
            json!({"platform": "Windows", "rating": 4.5, "genre": "Action"}),
        );
        // The user named another of the argument's choices: they asked for one.
        keep(
            "Find a racing game for Windows rated above 4.5",
            json!({"platform": "Windows", "rating": 4.5, "genre": "Action"}),
        );
        // A placeholder: the template copied, the user's value still to be found.
        keep(
            "Find a game on Switch rated above 4.5",
            json!({"platform": "Windows", "rating": 4.5, "genre": "GENRE"}),
        );
        // Arguments that are not an object.
        keep("Find a game", json!(["Action"]));
    }

    /// A device command copied from the example: the optional fields of its settings object
    /// that nobody gave are left out and the fields around them stay; a required field's copy
    /// is the echo check's to refuse, and a copied item of a list stays where it is.
    #[test]
    fn an_optional_field_of_an_object_argument_is_left_out_where_it_is() {
        let schema = json!({"type": "object", "required": ["body"], "properties": {
            "body": {"type": "object", "required": ["mode"], "properties": {
                "mode": {"type": "string"},
                "wind": {"type": "string", "enum": ["LOW", "HIGH"]},
                "target": {"type": "integer"},
                "on": {"type": "boolean"},
                "rooms": {"type": "array", "items": {"type": "string"}}}}}});
        let request = ModelRequest {
            messages: vec![Message::user("switch the living room unit to dry mode")],
            tools: vec![ToolSpec {
                name: "send".into(),
                description: String::new(),
                parameters: schema.clone(),
            }],
            ..ModelRequest::default()
        };
        let shown =
            json!({"body": {"mode": "TEXT", "wind": "LOW", "target": 7, "rooms": ["hall"]}});
        let check = EchoCheck::new([&shown], &request, false).expect("something shown");
        let mut args = json!({"body": {"mode": "TEXT", "wind": "LOW", "target": 7, "on": true,
            "rooms": ["living room", "hall"]}});
        let out: Vec<String> = leave_out_ungrounded(&mut args, &schema, &check)
            .into_iter()
            .map(|u| format!("{}={}", u.argument, u.value))
            .collect();
        assert_eq!(out, ["body.target=7", r#"body.wind="LOW""#]);
        assert_eq!(
            args,
            json!({"body": {"mode": "TEXT", "on": true, "rooms": ["living room", "hall"]}})
        );
    }

    /// A refused optional number the user's words do give, naming the argument, takes the
    /// user's number: left out, the tool's default would apply where the user said otherwise.
    #[test]
    fn a_refused_optional_number_the_users_words_name_takes_theirs() {
        let limited = |user: &str| {
            left_out(
                user,
                json!({"platform": "PS5"}),
                json!({"platform": "Windows", "rating": 4.5, "limit": 10}),
                true,
            )
        };
        let (args, out) = limited("Find a game for Windows rated above 4.5, with a limit of 3");
        assert_eq!(
            args,
            json!({"platform": "Windows", "rating": 4.5, "limit": 3})
        );
        assert_eq!(out, ["limit=10 (not given) -> 3"]);
        // A number whose words name another argument, or held by one, is not taken.
        for user in [
            "Find a game for Windows rated above 4.5, 3 players",
            "Find a game for Windows rated above 4.5 limit",
        ] {
            let (args, _) = limited(user);
            assert_eq!(
                args,
                json!({"platform": "Windows", "rating": 4.5}),
                "{user}"
            );
        }
    }

    #[test]
    fn under_numbers_told_an_optional_number_nobody_gave_is_left_out_too() {
        let (args, out) = left_out(
            "Find a game for Windows rated above 4.5",
            json!({"platform": "PS5"}),
            json!({"platform": "Windows", "rating": 4.5, "limit": 10}),
            true,
        );
        assert_eq!(args, json!({"platform": "Windows", "rating": 4.5}));
        assert_eq!(out, ["limit=10 (not given)"]);
    }
}
