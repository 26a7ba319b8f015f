//! Builds and runs a crate that lives outside this workspace (a user's crate, written into a
//! temporary directory by a test) against this workspace's `agents`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace's root.
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `cargo run --quiet --offline` on the crate in `dir` (its `Cargo.toml` written already), with
/// `envs` set for the build and the program. It starts from the workspace's lock file, so the
/// crate resolves offline to the same versions, and builds in the workspace's target directory,
/// so what is built there already is not built again.
pub fn cargo_run(dir: &Path, envs: &[(&str, &str)]) -> Output {
    let root = workspace_root();
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).expect("copy Cargo.lock");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(Into::into)
        .unwrap_or_else(|| root.join("target"));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    Command::new(cargo)
        .args(["run", "--quiet", "--offline", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target)
        .envs(envs.iter().copied())
        .output()
        .expect("cargo runs")
}
