//! The lists a call the token cap cut off wrote, kept for the next turn
//! ([`Recovery::keep_cut_lists`](crate::model::Recovery::keep_cut_lists)).
//!
//! A small model that writes a list the user gave often does not stop at its end: it writes the
//! user's ten numbers, then numbers of its own, until the token cap cuts the call off before
//! the required argument after the list. Asked again with the list free, it writes the same run
//! into the cap. The turn after such a call keeps what it wrote of the user's (a `const` in the
//! held schema), so the model only has to write what the cap left unwritten.

use serde_json::Value;

use super::Told;
use crate::model::ModelRequest;

/// The top-level list arguments of `arguments` (a cut-off call's, repaired) to keep on the next
/// turn, each with the list kept: for `cut`, the list the cap cut, its items up to the first
/// that `told` does not give or that repeats an item before it; for every other list, the whole
/// list where each item is given and none repeats. Lists with nothing to keep are left out.
pub(crate) fn kept_lists(
    arguments: &Value,
    cut: Option<&str>,
    told: &Told,
) -> Vec<(String, Value)> {
    let Some(members) = arguments.as_object() else {
        return Vec::new();
    };
    let mut kept = Vec::new();
    for (name, value) in members {
        let Some(items) = value.as_array() else {
            continue;
        };
        let given = given_run(items, told);
        let keep = if cut == Some(name.as_str()) {
            &items[..given]
        } else if given == items.len() {
            items.as_slice()
        } else {
            continue;
        };
        if !keep.is_empty() {
            kept.push((name.clone(), Value::Array(keep.to_vec())));
        }
    }
    kept
}

/// How many of `items`, from the first, are values `told` gives, each once: a string the
/// words hold whole, a number they write in any way.
fn given_run(items: &[Value], told: &Told) -> usize {
    items
        .iter()
        .enumerate()
        .position(|(i, item)| {
            let given = match item {
                Value::String(s) => told.has(s),
                Value::Number(n) => n.as_f64().is_some_and(|x| told.has_number(x)),
                _ => false,
            };
            !given || items[..i].contains(item)
        })
        .unwrap_or(items.len())
}

/// Holds each of `lists` (a top-level argument of `tool` and the list to keep) to that list in
/// `request`'s schema of the tool (a `const` beside what the argument declares), so the model
/// writes it as it was. The tool as declared is kept in `declared_tools` (for its made-up
/// example) unless it is there. Returns whether anything was held.
pub(crate) fn keep_lists(
    request: &mut ModelRequest,
    tool: &str,
    lists: &[(String, Value)],
) -> bool {
    let Some(spec) = request.tools.iter_mut().find(|t| t.name == tool) else {
        return false;
    };
    let declared = super::spans::undeclared_copy(&request.declared_tools, spec);
    let mut held = false;
    for (name, list) in lists {
        let Some(pointer) = agents_json::schema::pointer_at(&spec.parameters, name) else {
            continue;
        };
        if let Some(Value::Object(schema)) = spec.parameters.pointer_mut(&pointer) {
            schema.insert("const".to_owned(), list.clone());
            held = true;
        }
    }
    if let (true, Some(declared)) = (held, declared) {
        request.declared_tools.push(declared);
    }
    held
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Message, ToolSpec};
    use serde_json::json;

    const TOLD: &str = "Dataset A: 12, 15, 18, 20. Dataset B: 14, 17, 19, 21. Tags red and blue.";

    /// The list the cap cut keeps the user's values up to the first the user never gave, or
    /// the first repeated; a finished list is kept only whole; other values are not lists.
    #[test]
    fn the_cut_list_keeps_the_users_values_before_the_first_made_up_one() {
        let told = Told::new(TOLD);
        let args = json!({
            "dataset_A": [12, 15, 18, 20, 22, 24],
            "tags": ["red", "blue"],
            "others": ["red", "green"],
            "alpha": 0.05,
        });
        let kept = kept_lists(&args, Some("dataset_A"), &told);
        assert_eq!(
            kept,
            [
                ("dataset_A".to_owned(), json!([12, 15, 18, 20])),
                ("tags".to_owned(), json!(["red", "blue"])),
            ]
        );
        let looped = json!({"dataset_A": [12, 15, 12, 15]});
        assert_eq!(
            kept_lists(&looped, Some("dataset_A"), &told),
            [("dataset_A".to_owned(), json!([12, 15]))]
        );
        let made_up = json!({"dataset_A": [1, 2, 3]});
        assert!(kept_lists(&made_up, Some("dataset_A"), &told).is_empty());
        assert!(kept_lists(&json!("text"), None, &told).is_empty());
    }

    /// A kept list is a `const` of its argument's schema, through a `$ref`; the tool as
    /// declared is kept once.
    #[test]
    fn a_kept_list_is_a_const_of_its_schema() {
        let mut request = ModelRequest {
            messages: vec![Message::user(TOLD)],
            ..ModelRequest::default()
        };
        request.tools = vec![ToolSpec {
            name: "t_test".into(),
            description: "A t-test.".into(),
            parameters: json!({
                "type": "object",
                "properties": {
                    "dataset_A": {"$ref": "#/$defs/Data"},
                    "dataset_B": {"type": "array", "items": {"type": "integer"}},
                },
                "required": ["dataset_A", "dataset_B"],
                "$defs": {"Data": {"type": "array", "items": {"type": "integer"}}},
            }),
        }];
        let lists = [("dataset_A".to_owned(), json!([12, 15]))];
        assert!(keep_lists(&mut request, "t_test", &lists));
        let params = &request.tools[0].parameters;
        assert_eq!(params["$defs"]["Data"]["const"], json!([12, 15]));
        assert_eq!(request.declared_tools.len(), 1);
        assert!(
            request.declared_tools[0].parameters["$defs"]["Data"]
                .get("const")
                .is_none()
        );
        assert!(keep_lists(&mut request, "t_test", &lists));
        assert_eq!(request.declared_tools.len(), 1);
        assert!(!keep_lists(&mut request, "other", &lists));
        assert!(!keep_lists(
            &mut request,
            "t_test",
            &[("nope".to_owned(), json!([1]))]
        ));
    }
}
