//! docs/getting-started.md works for a new user: a new crate, outside this repository, made from
//! the page's text alone (its `Cargo.toml` block and its `src/main.rs` block), builds and runs to
//! its end against the real local model (llama.cpp's server with Gemma 3 270M,
//! `scripts/local-llm.sh start`), at the address the page tells the user to export.
//!
//! Skipped, with a `SKIPPED:` line, when `LOCAL_LLM_URL` is unset or the server does not answer;
//! a failure instead when `AGENTS_REQUIRE_LOCAL_LLM=1` (`scripts/test.sh` sets both).

use crate::local_llm;
use crate::support::outside_crate;

const PAGE: &str = include_str!("../../docs/getting-started.md");

/// The content of the fenced block right after the line `<!-- getting-started: {name} -->`.
fn block(page: &str, name: &str) -> String {
    let marker = format!("<!-- getting-started: {name} -->");
    let mut lines = page.lines().skip_while(|l| l.trim() != marker);
    assert!(lines.next().is_some(), "the page has no `{marker}` line");
    let fence = lines.next().unwrap_or_default().trim().to_owned();
    assert!(
        fence.starts_with("```"),
        "`{marker}` is not followed by a code fence but by {fence:?}"
    );
    let body: Vec<&str> = lines.take_while(|l| l.trim() != "```").collect();
    body.join("\n") + "\n"
}

#[test]
fn the_blocks_are_found_and_whole() {
    let manifest = block(PAGE, "Cargo.toml");
    assert!(manifest.contains("[dependencies]"), "{manifest}");
    assert!(manifest.contains("agents = "), "{manifest}");
    let main = block(PAGE, "src/main.rs");
    assert!(main.contains("async fn main()"), "{main}");
    // A reader of the rendered page does not see rustdoc's hidden `# ` lines: the program must
    // be whole without them.
    let hidden: Vec<&str> = main
        .lines()
        .filter(|l| *l == "#" || l.starts_with("# "))
        .collect();
    assert!(
        hidden.is_empty(),
        "the page's program hides lines a reader would need: {hidden:?}"
    );
}

#[tokio::test]
async fn a_new_crate_from_the_page_builds_and_runs_against_the_local_model() {
    let Some(url) = local_llm::server().await else {
        return;
    };
    let root = outside_crate::workspace_root();
    let work = tempfile::tempdir().expect("a temporary directory");
    std::fs::create_dir(work.path().join("src")).expect("src/");
    // The manifest exactly as the page writes it, then a patch that points `agents = "0.1"` at
    // this workspace (as the page tells users to until the crate is published). Appending a
    // patch, rather than rewriting the dependency line, leaves every line the user copies under
    // test: its version requirement must match this workspace's version, and its features must
    // exist.
    let manifest = format!(
        "{}\n[patch.crates-io]\nagents = {{ path = {:?} }}\n",
        block(PAGE, "Cargo.toml"),
        root.display().to_string()
    );
    std::fs::write(work.path().join("Cargo.toml"), manifest).expect("write Cargo.toml");
    std::fs::write(work.path().join("src/main.rs"), block(PAGE, "src/main.rs"))
        .expect("write src/main.rs");
    // The address the page tells the user to export.
    let out = tokio::task::spawn_blocking(move || {
        outside_crate::cargo_run(work.path(), &[("LOCAL_LLM_URL", &url)])
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the getting-started program failed ({}):\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    // It printed the model's answer, written after reading the tool's result: the temperature
    // is only in that result ("18 degrees and sunny in Paris"), so the tool ran and the model
    // read it (greedy sampling: the same answer on every run of this server build).
    let answer = stdout.trim();
    assert!(
        answer.contains("18"),
        "the answer does not come from the tool's result: {answer:?}\nstderr:\n{stderr}"
    );
    eprintln!("getting-started program answered: {answer}");
}
