//! The list the user wrote, for a list argument that holds some of its items and words nobody
//! wrote ([`Recovery::whole_lists`], a piece of the small-model profile).
//!
//! "Any recipes using tomatoes, basil and mint?": a small model writes the first item and then
//! goes on in the capitals of the made-up example's placeholder (`["tomatoes", "BASTIL",
//! "MILNESSES", "THAMES"]`), or stops after the first item (`["tomatoes"]`). Where a list of
//! free strings holds an item of exactly one list the user wrote (`grounding::list_holding`:
//! the items of a sentence cut at `,`, `;`, `and`, `or`), and every other item is either one of
//! that list's or words the user never wrote, the argument takes the user's list. A list that
//! holds a word of the user's that is no item of theirs, items of two lists, or an item another
//! argument holds, is left as it is.
//!
//! [`Recovery::whole_lists`]: crate::model::Recovery::whole_lists

use serde_json::Value;

use super::list_holding;

/// A list argument set to the list the user wrote.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Listed {
    /// The argument.
    pub argument: String,
    /// The list it held.
    pub value: Value,
    /// The user's list it now holds.
    pub list: Value,
}

impl From<Listed> for crate::event::ArgumentChange {
    fn from(l: Listed) -> Self {
        crate::event::ArgumentChange::ListWidened {
            argument: l.argument,
            value: l.value.to_string(),
            list: l.list.to_string(),
        }
    }
}

/// Whether `a` and `b` are the same item, case and the spaces around aside.
fn same(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// Sets every top-level argument of `args` (a call to a tool with parameters `schema`) that is a
/// list of free strings to the list `told` (what the model was told) writes, as the module
/// says. Returns what was set, in argument order.
pub(crate) fn widen_lists(args: &mut Value, schema: &Value, told: &str) -> Vec<Listed> {
    let Some(members) = args.as_object() else {
        return Vec::new();
    };
    let told_lower = told.to_lowercase();
    let mut set: Vec<(String, Vec<String>)> = Vec::new();
    for (name, value) in members {
        let Some(property) = super::narrowed::argument_schema(schema, name) else {
            continue;
        };
        let free_items = property.get("items").is_some_and(|items| {
            agents_json::schema::is_free_string(agents_json::schema::concrete(schema, items))
        });
        let Some(held) = value.as_array() else {
            continue;
        };
        let held: Option<Vec<&str>> = held.iter().map(Value::as_str).collect();
        let (true, Some(held)) = (free_items, held) else {
            continue;
        };
        // The one list of the user's that the held items are items of.
        let mut lists = held
            .iter()
            .map(|item| list_holding(told, &Value::String((*item).to_owned())))
            .filter(|list| list.len() >= 2);
        let Some(list) = lists.next() else { continue };
        if lists.any(|other| other != list) {
            continue;
        }
        let Some(list): Option<Vec<String>> =
            list.iter().map(|v| v.as_str().map(str::to_owned)).collect()
        else {
            continue;
        };
        let theirs = |item: &str| list.iter().any(|l| same(l, item));
        let unwritten = |item: &str| {
            let item = item.trim().to_lowercase();
            !item.chars().any(char::is_alphanumeric) || !super::told::has_token(&told_lower, &item)
        };
        let fits = held.iter().all(|item| theirs(item) || unwritten(item));
        let already = held.len() == list.len() && held.iter().zip(&list).all(|(h, l)| same(h, l));
        let held_elsewhere = members.iter().any(|(other, v)| {
            other != name && v.as_str().is_some_and(|s| list.iter().any(|l| same(l, s)))
        });
        if fits && !already && !held_elsewhere {
            set.push((name.clone(), list));
        }
    }
    let Some(members) = args.as_object_mut() else {
        return Vec::new();
    };
    set.into_iter()
        .map(|(name, list)| {
            let list = Value::from(list);
            let value = members
                .insert(name.clone(), list.clone())
                .unwrap_or_default();
            Listed {
                argument: name,
                value,
                list,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "ingredients": {"type": "array", "items": {"type": "string"}},
            "days": {"type": "array", "items": {"type": "string", "enum": ["mon", "tue"]}},
            "list_name": {"type": "string"}
        }})
    }

    fn widen(args: Value, told: &str) -> (Value, Vec<Listed>) {
        let mut args = args;
        let set = widen_lists(&mut args, &schema(), told);
        (args, set)
    }

    #[test]
    fn a_list_holding_an_item_of_the_users_and_words_nobody_wrote_takes_the_users_list() {
        let told = "any recipes using tomatoes, basil and mint?";
        let (args, set) = widen(
            json!({"ingredients": ["tomatoes", "BASTIL", "MILNESSES", "THAMES"]}),
            told,
        );
        assert_eq!(args["ingredients"], json!(["tomatoes", "basil", "mint"]));
        assert_eq!(set.len(), 1);
        assert_eq!(
            set[0].value,
            json!(["tomatoes", "BASTIL", "MILNESSES", "THAMES"])
        );
    }

    #[test]
    fn a_list_cut_short_takes_the_rest_of_the_users_list() {
        let told = "what is a resistor with bands yellow, violet, red and gold?";
        let (args, _) = widen(json!({"ingredients": ["yellow"]}), told);
        assert_eq!(
            args["ingredients"],
            json!(["yellow", "violet", "red", "gold"])
        );
    }

    #[test]
    fn nothing_is_guessed() {
        for (args, told) in [
            // A word of the user's that is no item of the list.
            (
                json!({"ingredients": ["tomatoes", "recipes"]}),
                "any recipes using tomatoes, basil and mint?",
            ),
            // Already the user's list.
            (
                json!({"ingredients": ["tomatoes", "basil", "mint"]}),
                "using tomatoes, basil and mint",
            ),
            // No list of the user's holds an item.
            (json!({"ingredients": ["FLOUR"]}), "bake with flour"),
            // Items of two lists.
            (
                json!({"ingredients": ["tomatoes", "rice"]}),
                "using tomatoes, basil and mint. Or rice, beans or corn.",
            ),
            // An item another argument holds.
            (
                json!({"ingredients": ["tomatoes"], "list_name": "basil"}),
                "using tomatoes, basil and mint",
            ),
            // Not a list of free strings.
            (json!({"days": ["mon"]}), "on mon, tue and wed"),
        ] {
            let (after, set) = widen(args.clone(), told);
            assert!(set.is_empty(), "{args} / {told}: {set:?}");
            assert_eq!(after, args);
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// No text panics, and a list set is one the user's words write.
            #[test]
            fn no_text_panics_and_a_list_set_is_written_in_the_text(
                items in proptest::collection::vec("[a-zA-Z ]{0,8}", 0..4),
                told in "[a-z ,.]{0,80}"
            ) {
                let mut args = json!({"ingredients": items});
                for l in widen_lists(&mut args, &schema(), &told) {
                    for item in l.list.as_array().unwrap() {
                        prop_assert!(told.to_lowercase().contains(&item.as_str().unwrap().to_lowercase()));
                    }
                }
            }
        }
    }
}
