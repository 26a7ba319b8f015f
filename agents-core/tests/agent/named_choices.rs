//! A choice copied from an example where the user named another of the argument's choices, set
//! to the one the user named (issue 28): the made-up example of a tool writes its argument's
//! first choice, a small model copies it, and the echo check refuses the copy although the
//! user's words name the choice they want (or, in a required argument, lets it run as the
//! model's own pick). Under the small-model profile the call runs on its first turn with the
//! user's choice; with the piece off, with the example's.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;
use serde_json::json;

#[derive(Debug, Clone, Copy, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
enum Size {
    Small,
    Medium,
    ExtraLarge,
}

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Order {
    /// The drink.
    drink: String,
    /// The size of the cup.
    size: Size,
}

/// What `order` ran with, the `named_choices` repairs and the error results the model read,
/// for a model that copies the example's choice and then answers.
async fn run(recovery: Recovery, request: &str) -> (Vec<Order>, Vec<String>, Vec<String>) {
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "order", r#"{"drink": "latte", "size": "small"}"#),
        ModelResponse::text("ordered"),
    ])
    .with_examples([json!({"drink": "DRINK", "size": "small"})])
    .with_recovery(recovery);
    let (tool, seen) = recording("order", "Orders a drink.", "ordered");
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "ordered");
    let seen = seen.lock().unwrap().clone();
    let errors = crate::common::error_results(&report.transcript);
    (seen, rec.repaired("named_choices"), errors)
}

#[tokio::test]
async fn a_copied_choice_runs_with_the_choice_the_user_named() {
    for (request, size) in [
        ("A latte, medium please.", Size::Medium),
        // A choice written with an underscore is named by the words it joins.
        ("An extra large latte.", Size::ExtraLarge),
    ] {
        let (seen, set, errors) = run(Recovery::SMALL_MODEL.ask_values(false), request).await;
        assert_eq!(
            seen,
            [Order {
                drink: "latte".into(),
                size
            }],
            "{request}"
        );
        assert!(errors.is_empty(), "the call was not refused: {errors:?}");
        assert_eq!(set.len(), 1, "{set:?}");
        assert!(set[0].contains("set `size` to"), "{set:?}");
        assert!(set[0].contains("(was \"small\")"), "{set:?}");
    }
}

#[tokio::test]
async fn with_the_piece_off_two_choices_named_or_none_the_copy_is_left_to_the_echo_check() {
    // A required argument's choice alone is the model's own pick to the echo check: the call
    // runs with the example's choice, as before.
    for (recovery, request) in [
        (
            Recovery::SMALL_MODEL.ask_values(false).named_choices(false),
            "A latte, medium please.",
        ),
        (
            Recovery::SMALL_MODEL.ask_values(false),
            "A latte, medium or extra large.",
        ),
        (Recovery::SMALL_MODEL.ask_values(false), "A latte please."),
    ] {
        let (seen, set, errors) = run(recovery, request).await;
        assert_eq!(
            seen,
            [Order {
                drink: "latte".into(),
                size: Size::Small
            }],
            "{request}"
        );
        assert!(set.is_empty(), "{set:?}");
        assert!(errors.is_empty(), "{errors:?}");
    }
}

#[derive(Debug, Clone, Copy, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
enum Milk {
    Whole,
    Oat,
}

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Coffee {
    /// The drink.
    drink: String,
    /// The milk, if any.
    milk: Option<Milk>,
}

/// An optional argument's copied choice is refused by the echo check when the user named
/// another (and left to be written again): with the piece, it runs with the user's choice.
#[tokio::test]
async fn an_optional_arguments_refused_copy_runs_with_the_choice_the_user_named() {
    for (on, milk) in [(true, Some(Milk::Oat)), (false, None)] {
        let model = ScriptedModel::new(vec![
            ModelResponse::tool_call("c1", "coffee", r#"{"drink": "latte", "milk": "whole"}"#),
            ModelResponse::text("ordered"),
        ])
        .with_examples([json!({"drink": "DRINK", "milk": "whole"})])
        .with_recovery(Recovery::SMALL_MODEL.ask_values(false).named_choices(on));
        let (tool, seen) = recording("coffee", "Orders a coffee.", "ordered");
        let (report, rec) = run_recorded(model, tool, "A latte with oat milk.").await;
        assert_eq!(report.output().unwrap(), "ordered");
        let seen: Vec<Coffee> = seen.lock().unwrap().clone();
        let errors = crate::common::error_results(&report.transcript);
        if let Some(milk) = milk {
            assert_eq!(
                seen,
                [Coffee {
                    drink: "latte".into(),
                    milk: Some(milk)
                }]
            );
            assert!(errors.is_empty(), "{errors:?}");
            assert_eq!(rec.repaired("named_choices").len(), 1);
        } else {
            assert!(seen.is_empty(), "the copy was refused: {seen:?}");
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert!(errors[0].contains("milk"), "{errors:?}");
        }
    }
}

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Preferences {
    /// The size of the cup.
    size: Option<Size>,
}

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Change {
    /// The order.
    order_id: String,
    /// What to change.
    preferences: Preferences,
}

/// A field of an object argument is set the same way: the made-up example writes the nested
/// field's first choice (`"preferences": {"size": "small"}`), the model copies it, and the echo
/// check refuses it (an optional field) on every turn, so a run on BFCL ended without a call.
/// With the piece, the call runs with the user's choice; off, never with it.
#[tokio::test]
async fn a_nested_fields_copied_choice_runs_with_the_choice_the_user_named() {
    for on in [true, false] {
        let copy = r#"{"order_id": "123", "preferences": {"size": "small"}}"#;
        let model = ScriptedModel::new(vec![
            ModelResponse::tool_call("c1", "change", copy),
            ModelResponse::text("changed"),
        ])
        .with_examples([json!({"order_id": "ORDER ID", "preferences": {"size": "small"}})])
        .with_recovery(Recovery::SMALL_MODEL.ask_values(false).named_choices(on));
        let (tool, seen) = recording("change", "Changes an order.", "changed");
        let (report, rec) = run_recorded(model, tool, "Make order 123 an extra large.").await;
        assert_eq!(report.output().unwrap(), "changed");
        let seen: Vec<Change> = seen.lock().unwrap().clone();
        let errors = crate::common::error_results(&report.transcript);
        if on {
            assert_eq!(
                seen,
                [Change {
                    order_id: "123".into(),
                    preferences: Preferences {
                        size: Some(Size::ExtraLarge)
                    }
                }]
            );
            assert!(errors.is_empty(), "{errors:?}");
            let set = rec.repaired("named_choices");
            assert_eq!(set.len(), 1, "{set:?}");
            assert!(set[0].contains("set `preferences.size` to"), "{set:?}");
        } else {
            // Off: whatever else runs (the copy refused, or left out), never the user's choice.
            assert!(
                seen.iter()
                    .all(|c| c.preferences.size != Some(Size::ExtraLarge)),
                "{seen:?}"
            );
            assert!(rec.repaired("named_choices").is_empty());
        }
    }
}
