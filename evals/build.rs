//! Builds the repository's commit into the evaluation binaries (`AGENTS_EVALS_COMMIT`), so that
//! a log line names the sources the binary was built from. Read when the binary runs, the commit
//! was the source tree's at that moment: a binary copied out of a worktree that moved on logged
//! commits it did not contain.

use std::path::Path;
use std::process::Command;

/// What a binary of this package is built from, relative to the repository's root: a change here
/// marks the label `-dirty` (a change elsewhere, to the docs say, does not).
const MEASURED: [&str; 11] = [
    "src",
    "agents-core/src",
    "agents-json/src",
    "agents-providers/src",
    "agents-macros/src",
    "agents-error-kinds/src",
    "evals/src",
    "evals/build.rs",
    "evals/Cargo.toml",
    "Cargo.toml",
    "Cargo.lock",
];

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let repository = Path::new(&manifest).parent().unwrap_or(Path::new("."));
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(repository)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    // Run again when the sources an evaluation measures change (the label may become "-dirty"),
    // and when the checkout or its branch moves (a commit, a checkout).
    for path in MEASURED {
        println!("cargo:rerun-if-changed={}", repository.join(path).display());
    }
    let mut git_files = vec!["HEAD".to_owned(), "index".to_owned()];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        git_files.push(branch);
    }
    for file in git_files {
        if let Some(path) = git(&["rev-parse", "--git-path", &file]) {
            println!("cargo:rerun-if-changed={}", repository.join(path).display());
        }
    }
    let head = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let mut status = vec!["status", "--porcelain", "--untracked-files=no", "--"];
    status.extend(MEASURED);
    let commit = match git(&status) {
        Some(changes) if !changes.is_empty() => format!("{head}-dirty"),
        _ => head,
    };
    println!("cargo:rustc-env=AGENTS_EVALS_COMMIT={commit}");
    // For the test that checks the label against the tree.
    println!(
        "cargo:rustc-env=AGENTS_EVALS_MEASURED={}",
        MEASURED.join(" ")
    );
}
