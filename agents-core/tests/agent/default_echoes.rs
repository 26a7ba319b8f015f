//! A required number copied from an example where the user gave none, set to the tool's
//! declared default (issue 28): under the small-model profile the call runs on its first turn
//! with the default the tool's description states; with the piece off, the echo check refuses
//! it, and a model with nothing else to write gives up without a call.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;
use serde_json::json;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct FullHouse {
    /// The size of the deck. Default is 52.
    deck_size: u32,
    /// The size of the hand. Default is 5.
    hand_size: u32,
}

/// What `full_house` ran with, the `default_echoes` repairs and the error results the model
/// read, for a model that copies the example's numbers and then answers.
async fn run(recovery: Recovery, request: &str) -> (Vec<FullHouse>, Vec<String>, Vec<String>) {
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call("c1", "full_house", r#"{"deck_size": 7, "hand_size": 7}"#),
        ModelResponse::text("0.00144"),
    ])
    .with_examples([json!({"deck_size": 7, "hand_size": 7})])
    .with_recovery(recovery);
    let (tool, seen) = recording("full_house", "The probability of a full house.", "0.00144");
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "0.00144");
    let seen = seen.lock().unwrap().clone();
    let errors = crate::common::error_results(&report.transcript);
    (seen, rec.repaired("default_echoes"), errors)
}

const NO_NUMBER: &str = "What is the probability of getting a full house in poker?";

#[tokio::test]
async fn a_copied_number_the_user_never_gave_runs_with_the_declared_default() {
    let (seen, set, errors) = run(Recovery::SMALL_MODEL.ask_values(false), NO_NUMBER).await;
    assert_eq!(
        seen,
        [FullHouse {
            deck_size: 52,
            hand_size: 5
        }]
    );
    assert!(errors.is_empty(), "the call was not refused: {errors:?}");
    assert_eq!(set.len(), 1, "{set:?}");
    assert!(
        set[0].contains("set `deck_size` to 52 (was 7)")
            && set[0].contains("set `hand_size` to 5 (was 7)"),
        "{set:?}"
    );
}

#[tokio::test]
async fn with_the_piece_off_or_a_number_in_the_request_the_copy_is_refused() {
    for (recovery, request) in [
        (
            Recovery::SMALL_MODEL
                .ask_values(false)
                .default_echoes(false),
            NO_NUMBER,
        ),
        (
            Recovery::SMALL_MODEL.ask_values(false),
            "What is the probability of a full house with a 40-card deck?",
        ),
    ] {
        let (seen, set, errors) = run(recovery, request).await;
        assert!(seen.is_empty(), "{request}: nothing ran: {seen:?}");
        assert!(set.is_empty(), "{set:?}");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("deck_size"), "{errors:?}");
    }
}
