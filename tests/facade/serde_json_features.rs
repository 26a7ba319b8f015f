//! Numbers no `f64` holds are refused at the typed read whatever serde_json features the user's
//! build turns on: builds and runs `tests/fixtures/arbitrary-precision`, a crate that turns on
//! `arbitrary_precision` (as any crate of a user's build may; cargo unifies features), where
//! `1e999` parses as a number.

use crate::support;

#[test]
fn non_finite_numbers_are_refused_under_arbitrary_precision() {
    let stdout = support::run_fixture("arbitrary-precision");
    assert!(stdout.contains("arbitrary precision: ok"), "{stdout}");
}
