//! The local model for the end-to-end tests (llama.cpp's server, `scripts/local-llm.sh`): where
//! it is, or why a test does not run.

use std::time::Duration;

/// Says, where it is seen, that a test did not run: the harness captures `eprintln!` of passing
/// tests, so the line is written to the process's stderr directly, with the test's name.
pub fn skipped(why: &str) {
    use std::io::Write;
    let test = std::thread::current()
        .name()
        .unwrap_or("e2e_local")
        .to_owned();
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: {test}: {why} (set AGENTS_REQUIRE_LOCAL_LLM=1 to make this a failure)"
    );
}

/// The server's URL, or `None` (skip). Panics when the server is required and unreachable.
pub async fn server() -> Option<String> {
    let required = std::env::var("AGENTS_REQUIRE_LOCAL_LLM").is_ok_and(|v| v == "1");
    let Some(url) = std::env::var("LOCAL_LLM_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
    else {
        assert!(
            !required,
            "AGENTS_REQUIRE_LOCAL_LLM=1 but LOCAL_LLM_URL is unset (scripts/local-llm.sh env)"
        );
        skipped("LOCAL_LLM_URL is unset (start one with scripts/local-llm.sh start)");
        return None;
    };
    let url = url.trim().trim_end_matches('/').to_owned();
    let health = reqwest::Client::new()
        .get(format!("{url}/health"))
        .timeout(Duration::from_secs(10))
        .send()
        .await;
    match health {
        Ok(r) if r.status().is_success() => Some(url),
        other => {
            let why = match other {
                Ok(r) => format!("/health answered {}", r.status()),
                Err(e) => format!("{e}"),
            };
            assert!(
                !required,
                "AGENTS_REQUIRE_LOCAL_LLM=1 but the local model at {url} is unreachable: {why}"
            );
            skipped(&format!("the local model at {url} is unreachable: {why}"));
            None
        }
    }
}
