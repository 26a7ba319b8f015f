//! A number a call uses more often than the user wrote it, where no word around it names an
//! argument (issue 28): with `ask_reused_numbers` switched on (it is off in every profile) each
//! argument holding it is asked for,
//! one question each, and an answer the user's words give replaces it before the call runs;
//! an answer that repeats the number, or one nobody gave, changes nothing; the profiles as they
//! are run the call as written and ask nothing.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Loops {
    /// The first loop's length.
    a: u32,
    /// The second loop's length.
    b: u32,
}

/// The small-model profile with the piece switched on.
const ON: Recovery = Recovery::SMALL_MODEL.ask_reused_numbers(true);

const REQUEST: &str = "My drum loops come back around, the first one every 18 beats and the \
                       other one only every 24 beats. When do they line up?";

/// Runs the call `{"a": 18, "b": 18}` with `answers` to any questions; returns what the tool
/// ran with, how many questions were asked and what the piece reported.
async fn run(recovery: Recovery, answers: &[&str]) -> (Vec<Loops>, usize, Vec<String>) {
    let mut responses = vec![ModelResponse::tool_call(
        "c1",
        "math_lcm",
        r#"{"a": 18, "b": 18}"#,
    )];
    responses.extend(answers.iter().map(|a| ModelResponse::text(*a)));
    responses.push(ModelResponse::text("72"));
    let model = ScriptedModel::new(responses).with_recovery(recovery);
    let (tool, seen) = recording("math_lcm", "The least common multiple of a and b.", "72");
    let (report, rec) = run_recorded(model, tool, REQUEST).await;
    assert_eq!(report.output().unwrap(), "72");
    let seen = seen.lock().unwrap().clone();
    let asked = rec
        .events()
        .iter()
        .filter(|e| matches!(e, agents_core::Event::ValueAsked { .. }))
        .count();
    (seen, asked, rec.repaired("ask_reused_numbers"))
}

#[tokio::test]
async fn each_holder_of_a_repeated_number_is_asked_for_and_a_given_answer_replaces_it() {
    let (seen, asked, repaired) = run(ON, &["18", "24"]).await;
    assert_eq!(seen, [Loops { a: 18, b: 24 }]);
    assert_eq!(asked, 2);
    assert_eq!(repaired.len(), 1, "{repaired:?}");
    assert!(repaired[0].contains("`b`"), "{repaired:?}");
}

#[tokio::test]
async fn an_answer_that_repeats_the_number_or_that_nobody_gave_changes_nothing() {
    let (seen, asked, repaired) = run(ON, &["18", "30"]).await;
    assert_eq!(seen, [Loops { a: 18, b: 18 }]);
    assert_eq!(asked, 2);
    assert!(repaired.is_empty(), "{repaired:?}");
}

#[tokio::test]
async fn the_profiles_as_they_are_ask_nothing() {
    for recovery in [Recovery::NEUTRAL, Recovery::SMALL_MODEL] {
        let (seen, asked, repaired) = run(recovery, &[]).await;
        assert_eq!(seen, [Loops { a: 18, b: 18 }]);
        assert_eq!(asked, 0);
        assert!(repaired.is_empty(), "{repaired:?}");
    }
}
