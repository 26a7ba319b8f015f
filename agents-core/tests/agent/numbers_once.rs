//! A number the user gave once, used once (issue 28): under the small-model profile an optional
//! number argument that repeats a number another argument holds, which the user gave once, is
//! left out before the call runs; the neutral profile runs the call as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Field {
    /// The current, in amperes.
    current: f64,
    /// The distance, in metres.
    distance: f64,
    /// The permeability (the vacuum's when left out).
    mu0: Option<f64>,
}

async fn run(recovery: Recovery) -> (Vec<Field>, Vec<String>) {
    let call = ModelResponse::tool_call(
        "c1",
        "magnetic_field",
        r#"{"current": 12, "distance": 8, "mu0": 12}"#,
    );
    let model =
        ScriptedModel::new(vec![call, ModelResponse::text("3e-7 T")]).with_recovery(recovery);
    let (tool, seen) = recording(
        "magnetic_field",
        "The magnetic field of a straight current.",
        "3e-7 T",
    );
    let (report, rec) = run_recorded(
        model,
        tool,
        "The magnetic field of a current of 12 A at 8 m?",
    )
    .await;
    assert_eq!(report.output().unwrap(), "3e-7 T");
    let seen = seen.lock().unwrap().clone();
    (seen, rec.repaired("numbers_once"))
}

#[tokio::test]
async fn an_optional_number_repeating_one_the_user_gave_once_is_left_out() {
    let (seen, left_out) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(
        seen,
        [Field {
            current: 12.0,
            distance: 8.0,
            mu0: None
        }]
    );
    assert_eq!(left_out.len(), 1, "{left_out:?}");
    assert!(left_out[0].contains("left out `mu0` (12)"), "{left_out:?}");
    assert!(left_out[0].contains("`current` holds it"), "{left_out:?}");
}

#[tokio::test]
async fn the_neutral_profile_runs_the_call_as_written() {
    let (seen, left_out) = run(Recovery::NEUTRAL).await;
    assert_eq!(
        seen,
        [Field {
            current: 12.0,
            distance: 8.0,
            mu0: Some(12.0)
        }]
    );
    assert!(left_out.is_empty());
}
