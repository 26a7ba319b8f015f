//! The macros follow a renamed facade: builds and runs `tests/fixtures/renamed-facade`, a crate
//! that depends on `agents` as `my_agents`.

use crate::support;

#[test]
fn macros_follow_a_renamed_facade() {
    let stdout = support::run_fixture("renamed-facade");
    assert!(stdout.contains("renamed facade: ok"), "{stdout}");
}
