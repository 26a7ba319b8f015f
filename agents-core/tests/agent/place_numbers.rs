//! A user's number put where the user's words put it (issue 28): under the small-model profile
//! a call that writes one of the user's numbers into two arguments has the second set to the
//! number the user's words give it, before the call runs; the neutral profile runs the call as
//! written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Loan {
    /// The amount borrowed.
    principal: f64,
    /// The yearly rate, in percent.
    rate: f64,
    /// How many years it runs.
    years: u32,
}

async fn run(recovery: Recovery) -> (Vec<Loan>, Vec<String>) {
    let call = ModelResponse::tool_call(
        "c1",
        "loan_payment",
        r#"{"principal": 5000, "rate": 4, "years": 5000}"#,
    );
    let model =
        ScriptedModel::new(vec![call, ModelResponse::text("147.62")]).with_recovery(recovery);
    let (tool, seen) = recording("loan_payment", "The monthly payment of a loan.", "147.62");
    let request = "What do I pay a month on a loan with a principal of $5000 at 4% over 3 years?";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "147.62");
    let seen = seen.lock().unwrap().clone();
    (seen, rec.repaired("place_numbers"))
}

#[tokio::test]
async fn a_number_written_into_two_arguments_goes_where_the_words_put_it() {
    let (seen, placed) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(
        seen,
        [Loan {
            principal: 5000.0,
            rate: 4.0,
            years: 3
        }]
    );
    assert_eq!(placed.len(), 1, "{placed:?}");
    assert!(
        placed[0].contains("set `years` to 3 (was 5000)"),
        "{placed:?}"
    );
}

#[tokio::test]
async fn the_neutral_profile_runs_the_call_as_written() {
    let (seen, placed) = run(Recovery::NEUTRAL).await;
    assert_eq!(
        seen,
        [Loan {
            principal: 5000.0,
            rate: 4.0,
            years: 5000
        }]
    );
    assert!(placed.is_empty());
}

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Rectangle {
    /// How long it is.
    length: f64,
    /// How wide it is.
    width: f64,
}

/// A call that fills the user's two numbers into each other's arguments (`{"length": 7,
/// "width": 10}` for "width of 7 and length of 10") runs with them swapped under the
/// small-model profile, and as written under the neutral one.
#[tokio::test]
async fn two_numbers_in_each_others_arguments_are_swapped() {
    for (recovery, want, swaps) in [
        (Recovery::SMALL_MODEL, (10.0, 7.0), 2),
        (Recovery::NEUTRAL, (7.0, 10.0), 0),
    ] {
        let call = ModelResponse::tool_call("c1", "area", r#"{"length": 7, "width": 10}"#);
        let model =
            ScriptedModel::new(vec![call, ModelResponse::text("70")]).with_recovery(recovery);
        let (tool, seen) = recording("area", "The area of a rectangle.", "70");
        let request = "What is the area of a rectangle with a width of 7 m and a length of 10 m?";
        let (report, rec) = run_recorded(model, tool, request).await;
        assert_eq!(report.output().unwrap(), "70");
        let seen: Vec<Rectangle> = seen.lock().unwrap().clone();
        assert_eq!(
            seen,
            [Rectangle {
                length: want.0,
                width: want.1
            }]
        );
        let placed = rec.repaired("place_numbers");
        assert_eq!(placed.len().min(1), swaps.min(1), "{placed:?}");
        if swaps > 0 {
            assert!(placed[0].contains("`length` to 10"), "{placed:?}");
            assert!(placed[0].contains("`width` to 7"), "{placed:?}");
        }
    }
}

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Slab {
    /// The slab's area, in square metres.
    area_sqm: f64,
    /// How thick it is, in millimetres.
    thickness_mm: f64,
}

/// Asked for each argument alone (`ask_values`, after the echo check refused the made-up
/// numbers), the model answers the same number twice: the answers are placed as a call is.
#[tokio::test]
async fn one_number_answered_for_two_arguments_is_placed_too() {
    let request = "How much concrete for a 24 square metre slab that is 100 mm thick?";
    for (recovery, thickness, placed) in [
        (Recovery::SMALL_MODEL, 100.0, 1),
        (Recovery::SMALL_MODEL.place_numbers(false), 24.0, 0),
    ] {
        let made_up = r#"{"area_sqm": 7, "thickness_mm": 7}"#;
        let responses = vec![
            ModelResponse::tool_call("c1", "estimate_concrete", made_up),
            ModelResponse::text("24"),
            ModelResponse::text("24"),
            ModelResponse::text("Estimated."),
        ];
        let model = ScriptedModel::new(responses)
            .with_examples([serde_json::json!({"area_sqm": 7, "thickness_mm": 7})])
            .with_feedback(agents_core::error::FeedbackStyle::Short)
            .with_recovery(recovery);
        let (tool, seen) = recording("estimate_concrete", "Estimate concrete.", "2.4 m3");
        let (report, rec) = run_recorded(model, tool, request).await;
        assert_eq!(report.output().unwrap(), "Estimated.");
        let seen: Vec<Slab> = seen.lock().unwrap().clone();
        let want = Slab {
            area_sqm: 24.0,
            thickness_mm: thickness,
        };
        assert_eq!(seen, vec![want]);
        assert_eq!(rec.repaired("place_numbers").len(), placed);
    }
}
