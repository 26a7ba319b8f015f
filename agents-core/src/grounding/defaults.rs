//! A required number nobody gave, set to the default its tool declares
//! ([`Recovery::default_echoes`], a piece of the small-model profile).
//!
//! Where the user's words give no number at all (`"What is the probability of a full house in
//! poker?"`), a small model fills a required number with one it was shown (the made-up
//! example's `7`). The echo check refuses it, and rightly, but no later turn can do better: the
//! held turn has no number of the user's to hold it to, and the model writes the example's
//! number again until its turns run out. The tool's author did say what to use when nobody says
//! otherwise, in the schema's `default` or in the description (`"The size of the deck. Default
//! is 52."`), and that is what the call takes. Any number in the user's words leaves the
//! argument to the echo check: the user may have meant it for this argument.
//!
//! [`Recovery::default_echoes`]: crate::model::Recovery::default_echoes

use serde_json::Value;

use super::echo::{EchoCheck, is_ungrounded};

/// A required number argument set to its declared default because the echo check refused its
/// value and the user gave no number.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Defaulted {
    /// The argument.
    pub argument: String,
    /// Its value, as written.
    pub value: String,
    /// The default it now holds.
    pub default: String,
}

impl From<Defaulted> for crate::event::ArgumentChange {
    fn from(d: Defaulted) -> Self {
        crate::event::ArgumentChange::EchoDefaulted {
            argument: d.argument,
            value: d.value,
            default: d.default,
        }
    }
}

/// Sets every required top-level number argument of `args` (a call to a tool with parameters
/// `schema`) whose value `check` refuses to the default the tool declares for it, when what the
/// model was told gives no number at all. Returns what was set, in argument order.
pub(crate) fn default_ungrounded(
    args: &mut Value,
    schema: &Value,
    check: &EchoCheck,
) -> Vec<Defaulted> {
    if !args.is_object() || check.told().gives_numbers() {
        return Vec::new();
    }
    let required = crate::model::required_arguments(schema);
    let mut out = Vec::new();
    for v in check.violations(args, schema, usize::MAX) {
        if !is_ungrounded(&v) || !required.contains(&v.field_path.as_str()) {
            continue;
        }
        let Some(default) = declared_number_default(schema, &v.field_path) else {
            continue;
        };
        let Some(slot) = args.get_mut(&v.field_path) else {
            continue;
        };
        out.push(Defaulted {
            argument: v.field_path,
            value: slot.to_string(),
            default: default.to_string(),
        });
        *slot = default;
    }
    out
}

/// The default the tool declares for its number argument `name`: the schema's `default`, else
/// the number its description gives as the default, when the property's type and bounds take
/// it. `None` for an argument that is not a number.
pub(super) fn declared_number_default(schema: &Value, name: &str) -> Option<Value> {
    let property = schema.get("properties")?.get(name)?;
    let property = agents_json::schema::concrete(schema, property);
    if !matches!(
        agents_json::schema::main_type(property),
        Some("integer" | "number")
    ) {
        return None;
    }
    let declared = agents_json::schema::argument_default(schema, name).and_then(spelt_number);
    let x = declared.or_else(|| {
        property
            .get("description")
            .and_then(Value::as_str)
            .and_then(stated_default)
    })?;
    if !agents_json::schema::takes_number(property, x) {
        return None;
    }
    super::numbers::number_value(x, Some(property))
}

/// The number a declared value is: a JSON number, or a string that spells one (`"default":
/// "1"`, as schemas converted from other languages write a default).
pub(super) fn spelt_number(v: &Value) -> Option<f64> {
    v.as_f64().or_else(|| v.as_str()?.trim().parse().ok())
}

/// The number a description gives as the default: `"Default is 52."`, `"Defaults to 5"`,
/// `"(default: 10)"`, `"default value is 0.5"`, `"default 3"`. The first such phrase only, and
/// only a number standing alone (`"Default is 5 km"` gives 5; `"Default is 5km"` and
/// `"defaults to the current year"` give nothing).
fn stated_default(description: &str) -> Option<f64> {
    let lower = description.to_ascii_lowercase();
    let at = lower.find("default")?;
    let mut rest = lower[at + "default".len()..].trim_start_matches('s');
    for filler in [" value", " is", " to", ":", "=", " of"] {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix(filler.trim_start()) {
            rest = after;
        }
    }
    let rest = rest.trim_start();
    let end = rest
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || (c == '-' && i == 0) || c == '.'))
        .map_or(rest.len(), |(i, _)| i);
    let number = rest[..end].trim_end_matches('.');
    let mut follows = rest[number.len()..].chars();
    let next = follows.next();
    // `5km` is no number standing alone, and `1,000` is not 1.
    if number.is_empty()
        || next.is_some_and(|c| c.is_ascii_alphanumeric())
        || (next == Some(',') && follows.next().is_some_and(|c| c.is_ascii_digit()))
    {
        return None;
    }
    number.parse::<f64>().ok().filter(|x| x.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Message, ModelRequest, ToolSpec};
    use serde_json::json;

    fn poker() -> Value {
        json!({"type": "object", "properties": {
            "deck_size": {"type": "integer", "description": "The size of the deck. Default is 52."},
            "hand_size": {"type": "integer", "description": "The size of the hand.", "default": 5},
            "rounds": {"type": "integer", "description": "How many rounds."},
            "name": {"type": "string", "description": "Default is 'Bob'."}},
            "required": ["deck_size", "hand_size", "rounds", "name"]})
    }

    /// `args` after the step, and what it set, for `user`'s request and the example `shown`.
    fn defaulted(user: &str, shown: Value, args: Value) -> (Value, Vec<String>) {
        let request = ModelRequest {
            messages: vec![Message::user(user)],
            tools: vec![ToolSpec {
                name: "full_house".into(),
                description: String::new(),
                parameters: poker(),
            }],
            ..ModelRequest::default()
        };
        let check = EchoCheck::new([&shown], &request, true).expect("something shown");
        let mut args = args;
        let set = default_ungrounded(&mut args, &poker(), &check)
            .into_iter()
            .map(|d| format!("{}: {} -> {}", d.argument, d.value, d.default))
            .collect();
        (args, set)
    }

    #[test]
    fn a_copied_number_the_user_never_gave_takes_the_declared_default() {
        let shown = json!({"deck_size": 7, "hand_size": 7, "rounds": 7, "name": "text"});
        let (args, set) = defaulted(
            "What is the probability of getting a full house in poker?",
            shown,
            json!({"deck_size": 7, "hand_size": 7, "rounds": 7, "name": "Bob"}),
        );
        // The description's default and the schema's; a number without a declared default
        // stays (the echo check refuses it), and so does every string.
        assert_eq!(
            args,
            json!({"deck_size": 52, "hand_size": 5, "rounds": 7, "name": "Bob"})
        );
        assert_eq!(set, ["deck_size: 7 -> 52", "hand_size: 7 -> 5"]);
    }

    #[test]
    fn any_number_in_the_users_words_leaves_the_call_as_it_is() {
        let shown = json!({"deck_size": 7, "hand_size": 7});
        let args = json!({"deck_size": 7, "hand_size": 7, "rounds": 3, "name": "Bob"});
        let (after, set) = defaulted(
            "The odds of a full house over 3 rounds?",
            shown,
            args.clone(),
        );
        assert_eq!(after, args);
        assert!(set.is_empty());
    }

    #[test]
    fn a_value_the_check_does_not_refuse_is_not_touched() {
        // Numbers nobody showed, in a request that gives none: the model's own reading, which
        // the echo check lets through, and so does this step.
        let shown = json!({"deck_size": 7, "hand_size": 7});
        let args = json!({"deck_size": 40, "hand_size": 6, "rounds": 2, "name": "Bob"});
        let (after, set) = defaulted(
            "What is the probability of a full house?",
            shown,
            args.clone(),
        );
        assert_eq!(after, args);
        assert!(set.is_empty());
    }

    #[test]
    fn defaults_stated_in_descriptions() {
        for (text, want) in [
            ("The size of the deck. Default is 52.", Some(52.0)),
            ("Defaults to 5", Some(5.0)),
            ("How far (default: 10) in km", Some(10.0)),
            ("default value is 0.5.", Some(0.5)),
            ("Default = -3", Some(-3.0)),
            ("Default is 5 km.", Some(5.0)),
            ("Default is 5km", None),
            ("Defaults to the current year.", None),
            ("The number of rounds.", None),
            ("Default is ''.", None),
            ("Default:", None),
            ("Default is 1,000 rows.", None),
            ("Default is 3, or 4 on weekends.", Some(3.0)),
        ] {
            assert_eq!(stated_default(text), want, "{text}");
        }
    }

    #[test]
    fn a_default_the_property_does_not_take_is_not_used() {
        let schema = json!({"type": "object", "properties": {
            "n": {"type": "integer", "minimum": 1, "description": "Default is 0."},
            "x": {"type": "integer", "description": "Default is 2.5."},
            "y": {"type": "number", "description": "Default is 2.5."}}});
        assert_eq!(declared_number_default(&schema, "n"), None);
        assert_eq!(declared_number_default(&schema, "x"), None);
        assert_eq!(declared_number_default(&schema, "y"), Some(json!(2.5)));
    }

    /// A default written as a string (`"default": "1"`, as schemas converted from other
    /// languages write it) is the number it spells; a word is not.
    #[test]
    fn a_default_written_as_a_string_is_read_as_its_number() {
        let schema = json!({"type": "object", "properties": {
            "n": {"type": "integer", "enum": [1, 2, 3], "default": "1"},
            "w": {"type": "integer", "default": "one"}}});
        assert_eq!(declared_number_default(&schema, "n"), Some(json!(1)));
        assert_eq!(declared_number_default(&schema, "w"), None);
    }
}
