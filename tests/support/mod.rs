//! Building and running a fixture crate of `tests/fixtures/`: a crate of its own (its own
//! workspace, its own features) that depends on this one by path.

use std::path::Path;
use std::process::Command;

/// Builds and runs the fixture `name` (its `Cargo.toml` and `src/main.rs`) from a temporary
/// copy, against this checkout, offline and in the shared target directory; returns its
/// standard output, or panics with everything it printed when it fails.
pub fn run_fixture(name: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
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
    // Start from the workspace's lock file so the build resolves offline to the same versions.
    std::fs::copy(root.join("Cargo.lock"), work.path().join("Cargo.lock"))
        .expect("copy Cargo.lock");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(Into::into)
        .unwrap_or_else(|| root.join("target"));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["run", "--quiet", "--offline", "--manifest-path"])
        .arg(work.path().join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the fixture {name} failed:\n{stderr}\n{stdout}"
    );
    stdout
}
