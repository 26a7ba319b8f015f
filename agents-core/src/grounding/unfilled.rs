//! Which offered tools need a number the request does not give.
//!
//! A request that gives no number at all ("I'm looking for a music event in Philadelphia")
//! cannot be a call to a tool that requires one (`number_of_tickets`): whatever number such a
//! call holds, nobody said it. A small model choosing among many tools picks one like that as
//! readily as the one meant, and the call then fails every turn (the echo check refuses the
//! number it made up, and the held turn has no number of the user's to hold it to), so the run
//! ends without a call. Counting such arguments lets the choice of tool pass over those tools
//! while another tool needs nothing the request lacks (the prompted client's calibrated choice,
//! `required_numbers`).
//!
//! An argument counts only when nothing else can fill it: it is required, takes any number (no
//! `enum` or `const`: a choice is not made up), declares no default (in the schema, or its
//! description's `"Default is 52"`), and its description lists no codes the request names in
//! words (`"1 for cleaning, 2 for ironing"` where the user asked for ironing); or it is a
//! required list of such numbers with no default (`x` of a regression's `fit(x, y)`). A request that
//! gives any number, in any way people write one, leaves every tool at 0: which argument the
//! number is for is not told by its presence.

use serde_json::Value;

use super::Told;
use crate::model::{Message, ToolSpec};

/// For each of `tools`, how many of its required number arguments the user's messages and the
/// tools' results in `messages` give no number for: every such argument with no declared
/// default and no described code the words name, when they give no number at all; 0 for every
/// tool when they give one.
///
/// ```
/// use agents_core::model::{Message, ToolSpec};
/// use agents_core::required_numbers_not_given;
/// use serde_json::json;
///
/// let tickets = ToolSpec {
///     name: "buy_tickets".into(),
///     description: "Buys tickets for an event.".into(),
///     parameters: json!({"type": "object", "required": ["event", "count"], "properties": {
///         "event": {"type": "string"},
///         "count": {"type": "integer", "description": "How many tickets."},
///     }}),
/// };
/// let find = ToolSpec {
///     name: "find_events".into(),
///     description: "Finds events in a city.".into(),
///     parameters: json!({"type": "object", "required": ["city"], "properties": {
///         "city": {"type": "string"},
///     }}),
/// };
/// let asked = |text: &str| vec![Message::User { content: text.into() }];
/// let tools = [tickets, find];
/// assert_eq!(required_numbers_not_given(&asked("Any concerts in Lyon?"), &tools), [1, 0]);
/// assert_eq!(required_numbers_not_given(&asked("Two tickets for Carmen"), &tools), [0, 0]);
/// ```
pub fn required_numbers_not_given<'a>(
    messages: &[Message],
    tools: impl IntoIterator<Item = &'a ToolSpec>,
) -> Vec<usize> {
    let told = Told::new(&super::told_text(messages));
    let gives_numbers = told.gives_numbers();
    tools
        .into_iter()
        .map(|t| match gives_numbers {
            true => 0,
            false => unfilled(&t.parameters, &told).len(),
        })
        .collect()
}

/// The required number arguments of a tool with parameters `schema` that the user's messages
/// and the tools' results in `messages` give no number for (none when they give one; see
/// [`required_numbers_not_given`]), in the schema's `required` order.
pub(crate) fn unfilled_arguments<'s>(schema: &'s Value, messages: &[Message]) -> Vec<&'s str> {
    let told = Told::new(&super::told_text(messages));
    match told.gives_numbers() {
        true => Vec::new(),
        false => unfilled(schema, &told),
    }
}

/// The required top-level arguments of `schema` (a tool's parameters) only a made-up number
/// could fill, `told` giving none.
fn unfilled<'s>(schema: &'s Value, told: &Told) -> Vec<&'s str> {
    let Some(properties) = schema.get("properties") else {
        return Vec::new();
    };
    crate::model::required_arguments(schema)
        .into_iter()
        .filter(|name| {
            properties.get(*name).is_some_and(|property| {
                let property = crate::model::concrete(schema, property);
                let number = crate::model::is_free_number(property)
                    && super::defaults::declared_number_default(schema, name).is_none()
                    && !super::codes::names_a_code(schema, name, told);
                number || is_number_list(schema, property)
            })
        })
        .collect()
}

/// Whether `property` is a list of free numbers with no default of its own (`x` of a
/// regression's `fit(x, y)`): a request that gives no number fills it with made-up numbers or
/// none at all.
fn is_number_list(schema: &Value, property: &Value) -> bool {
    crate::model::main_type(property) == Some("array")
        && property.get("default").is_none()
        && property.get("items").is_some_and(|items| {
            crate::model::is_free_number(crate::model::concrete(schema, items))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn tool(parameters: Value) -> ToolSpec {
        ToolSpec {
            name: "t".into(),
            description: String::new(),
            parameters,
        }
    }

    fn not_given(request: &str, parameters: Value) -> usize {
        let messages = [Message::User {
            content: request.into(),
        }];
        required_numbers_not_given(&messages, [&tool(parameters)])[0]
    }

    #[test]
    fn each_required_free_number_counts_when_the_request_gives_none() {
        let schema = json!({"type": "object", "required": ["seats", "fare", "to"], "properties": {
            "seats": {"type": "integer"},
            "fare": {"type": ["number", "null"]},
            "to": {"type": "string"},
            "tip": {"type": "number"},
        }});
        assert_eq!(not_given("Get me a cab to the airport", schema.clone()), 2);
        // Any number, however written, and none counts: it may be for either.
        for given in [
            "a cab for 3",
            "a cab for three",
            "the 2nd cab",
            "a cab at 5pm",
        ] {
            assert_eq!(not_given(given, schema.clone()), 0, "{given}");
        }
    }

    /// A required list of free numbers counts like a number; one with a default, a list of
    /// strings or of choices, and an optional one do not.
    #[test]
    fn a_required_list_of_numbers_counts_like_a_number() {
        let schema = json!({"type": "object", "required": ["x", "y", "tags", "sizes", "w"],
            "properties": {
                "x": {"type": "array", "items": {"type": "number"}},
                "y": {"type": "array", "items": {"$ref": "#/$defs/N"}},
                "tags": {"type": "array", "items": {"type": "string"}},
                "sizes": {"type": "array", "items": {"enum": [1, 2]}},
                "w": {"type": "array", "items": {"type": "number"}, "default": []},
                "z": {"type": "array", "items": {"type": "number"}},
            },
            "$defs": {"N": {"type": "number"}}});
        assert_eq!(
            not_given("Fit sales on price from the file", schema.clone()),
            2
        );
        assert_eq!(not_given("Fit 3 points", schema), 0);
    }

    #[test]
    fn a_choice_a_default_or_a_named_code_is_not_made_up() {
        let schema = json!({"type": "object", "required": ["a", "b", "c", "d", "e"], "properties": {
            "a": {"type": "integer", "enum": [1, 2]},
            "b": {"type": "integer", "default": 4},
            "c": {"type": "integer", "description": "The deck's size. Default is 52."},
            "d": {"type": "integer", "description": "1 for cleaning, 2 for ironing"},
            "e": {"$ref": "#/$defs/count"},
        }, "$defs": {"count": {"type": "integer", "default": 1}}});
        assert_eq!(not_given("Book the ironing", schema.clone()), 0);
        // The codes named by no word of the request: a number only the model could pick.
        assert_eq!(not_given("Book the service", schema), 1);
    }

    #[test]
    fn numbers_in_earlier_messages_and_tool_results_count_as_given() {
        let schema = json!({"type": "object", "required": ["n"], "properties": {
            "n": {"type": "integer"},
        }});
        let t = tool(schema);
        let later = Message::User {
            content: "and the same again".into(),
        };
        let earlier = Message::User {
            content: "order 4 pizzas".into(),
        };
        assert_eq!(
            required_numbers_not_given(std::slice::from_ref(&later), [&t]),
            [1]
        );
        assert_eq!(required_numbers_not_given(&[earlier, later], [&t]), [0]);
    }

    proptest! {
        #[test]
        fn any_schema_and_request_count_without_panic(
            request in "\\PC{0,40}",
            schema in proptest::arbitrary::any::<u8>().prop_map(|n| json!({
                "type": "object",
                "required": ["x", 3, "missing"],
                "properties": {"x": {"type": if n % 2 == 0 { "integer" } else { "string" },
                                     "minimum": n}},
            })),
        ) {
            let counted = not_given(&request, schema);
            prop_assert!(counted <= 1);
        }
    }
}
