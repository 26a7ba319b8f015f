//! The list the user wrote (issue 28): under the small-model profile a list argument holding
//! the first of the user's items and then words nobody wrote runs as the user's list; without
//! the piece, or under the neutral profile, it runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Recipes {
    /// What to cook with.
    ingredients: Vec<String>,
}

/// The ingredients `find_recipes` ran with, and the repairs reported as `whole_lists`, for a
/// model that goes on after the first item in made-up capitals.
async fn run(recovery: Recovery) -> (Vec<String>, Vec<String>) {
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call(
            "c1",
            "find_recipes",
            r#"{"ingredients": ["tomatoes", "BASTIL", "MILNESSES"]}"#,
        ),
        ModelResponse::text("Found two."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("find_recipes", "Find recipes.", "two recipes");
    let request = "any recipes using tomatoes, basil and mint?";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "Found two.");
    let seen: Vec<Recipes> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].ingredients.clone(), rec.repaired("whole_lists"))
}

#[tokio::test]
async fn a_list_of_one_user_item_and_made_up_words_runs_as_the_users_list() {
    let (ingredients, widened) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(ingredients, ["tomatoes", "basil", "mint"]);
    assert!(widened.iter().any(|c| c.contains("BASTIL")), "{widened:?}");
}

#[tokio::test]
async fn without_the_piece_the_list_runs_as_written() {
    let (ingredients, widened) = run(Recovery::SMALL_MODEL.whole_lists(false)).await;
    assert_eq!(ingredients, ["tomatoes", "BASTIL", "MILNESSES"]);
    assert!(widened.is_empty(), "{widened:?}");
    let (ingredients, _) = run(Recovery::NEUTRAL).await;
    assert_eq!(ingredients, ["tomatoes", "BASTIL", "MILNESSES"]);
}
