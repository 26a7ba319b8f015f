//! The macros follow a renamed facade: builds and runs `tests/fixtures/renamed-facade`, a crate
//! that depends on `agents` as `my_agents`.

#[path = "support/outside_crate.rs"]
mod outside_crate;

#[test]
fn macros_follow_a_renamed_facade() {
    let root = outside_crate::workspace_root();
    let fixture = root.join("tests/fixtures/renamed-facade");
    // Work on a copy: the build writes a lock file, which does not belong in the source tree.
    let work = tempfile::tempdir().expect("a temporary directory");
    std::fs::create_dir(work.path().join("src")).expect("src/");
    let manifest = std::fs::read_to_string(fixture.join("Cargo.toml"))
        .expect("the fixture's Cargo.toml")
        .replace(
            "path = \"../../..\"",
            &format!("path = {:?}", root.display().to_string()),
        );
    std::fs::write(work.path().join("Cargo.toml"), manifest).expect("write Cargo.toml");
    std::fs::copy(fixture.join("src/main.rs"), work.path().join("src/main.rs"))
        .expect("copy main.rs");
    let out = outside_crate::cargo_run(work.path(), &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the fixture failed:\n{stderr}\n{stdout}"
    );
    assert!(stdout.contains("renamed facade: ok"), "{stdout}\n{stderr}");
}
