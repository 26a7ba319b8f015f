//! Building and running crates outside this workspace: the fixture crates of `tests/fixtures/`
//! (each its own workspace, with its own features) and the crates tests write from the docs.

pub mod outside_crate;

/// Builds and runs the fixture `name` (its `Cargo.toml` and `src/main.rs`) from a temporary
/// copy, against this checkout, offline and in the shared target directory; returns its
/// standard output, or panics with everything it printed when it fails.
pub fn run_fixture(name: &str) -> String {
    let root = outside_crate::workspace_root();
    let fixture = root.join("tests/fixtures").join(name);
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
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the fixture {name} failed:\n{stderr}\n{stdout}"
    );
    stdout
}
