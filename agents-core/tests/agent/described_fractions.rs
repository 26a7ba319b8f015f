//! A percent where the description asks for a fraction of one (issue 28): under the
//! small-model profile a number argument whose description says "ranging from 0 to 1", holding
//! the digits of a percent the user wrote, runs with that percent's fraction; under the neutral
//! profile, and with the piece off, the number runs as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Loan {
    /// The amount borrowed.
    principal: f64,
    /// The interest rate of the loan, ranging from 0 to 1.
    rate: f64,
    /// The term, in years.
    years: u32,
}

/// The loan `payment` ran with, and the changes the run reported, for a model that copies the
/// digits of the user's percent.
async fn run(recovery: Recovery) -> (Loan, Vec<String>) {
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call(
            "c1",
            "payment",
            r#"{"principal": 20000, "rate": 4.5, "years": 5}"#,
        ),
        ModelResponse::text("About 373 a month."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("payment", "The monthly payment of a loan.", "372.86");
    let (report, rec) = run_recorded(
        model,
        tool,
        "What is the monthly payment on a 20,000 loan at 4.5% over 5 years?",
    )
    .await;
    assert_eq!(report.output().unwrap(), "About 373 a month.");
    let seen: Vec<Loan> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].clone(), rec.repaired("described_fractions"))
}

#[tokio::test]
async fn a_percent_copied_where_a_fraction_is_asked_for_runs_as_the_fraction() {
    let (loan, repaired) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(loan.rate, 0.045);
    assert_eq!(
        (loan.principal, loan.years),
        (20000.0, 5),
        "the rest as written"
    );
    assert!(
        repaired
            .iter()
            .any(|c| c.contains("`rate` to 0.045 (was 4.5)")),
        "{repaired:?}"
    );
}

#[tokio::test]
async fn the_neutral_profile_and_the_piece_off_run_the_number_as_written() {
    for recovery in [
        Recovery::NEUTRAL,
        Recovery::SMALL_MODEL.described_fractions(false),
    ] {
        let (loan, repaired) = run(recovery).await;
        assert_eq!(loan.rate, 4.5);
        assert!(repaired.is_empty(), "{repaired:?}");
    }
}

/// `place_numbers` runs first: the rate the words put in `rate` (the model wrote the term's 30
/// there too) is the user's percent, which `described_fractions` then sets to its fraction.
#[tokio::test]
async fn a_percent_placed_by_the_words_then_runs_as_its_fraction() {
    #[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
    struct Mortgage {
        /// The amount borrowed.
        amount: f64,
        /// The interest rate, ranging from 0 to 1.
        rate: f64,
        /// The term, in years.
        term: u32,
    }
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call(
            "c1",
            "mortgage",
            r#"{"amount": 250000, "rate": 30, "term": 30}"#,
        ),
        ModelResponse::text("Done."),
    ])
    .with_recovery(Recovery::SMALL_MODEL);
    let (tool, seen) = recording("mortgage", "A mortgage's monthly payment.", "1123");
    let (report, rec) = run_recorded(
        model,
        tool,
        "A $250,000 house on a 30-year mortgage, at an interest rate of 3.5%: what do I pay?",
    )
    .await;
    assert_eq!(report.output().unwrap(), "Done.");
    let seen: Vec<Mortgage> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert_eq!((seen[0].rate, seen[0].term), (0.035, 30));
    assert_eq!(rec.repaired("place_numbers").len(), 1);
    assert_eq!(rec.repaired("described_fractions").len(), 1);
}
