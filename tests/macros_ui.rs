//! Compile-time behaviour of `#[tool]` and `agent!`: what compiles, and the exact errors of what
//! does not. One trybuild run covers every case.
//!
//! The expected `.stderr` files are pinned to the toolchain in `rust-toolchain.toml`; after a
//! deliberate change to a message, regenerate them with
//! `TRYBUILD=overwrite cargo test --test macros_ui` and review the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}
