//! The settings the evaluations read from the environment.

/// Where the model server is, and which part of a suite to run.
pub struct Settings {
    /// `LOCAL_LLM_URL` (default `http://127.0.0.1:8089`).
    pub url: String,
    /// `EVAL_SAMPLES`: seeds per request (default 2).
    pub samples: u64,
    /// `EVAL_LIMIT`: the first n requests only.
    pub limit: usize,
    /// `EVAL_ONLY`: the requests for this tool only.
    pub only: Option<String>,
}

impl Settings {
    /// Reads the environment.
    pub fn from_env() -> Self {
        let env = |k: &str, d: usize| {
            std::env::var(k)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(d)
        };
        Settings {
            url: std::env::var("LOCAL_LLM_URL")
                .unwrap_or_else(|_| "http://127.0.0.1:8089".to_owned()),
            samples: env("EVAL_SAMPLES", 2) as u64,
            limit: env("EVAL_LIMIT", usize::MAX),
            only: std::env::var("EVAL_ONLY").ok(),
        }
    }

    /// The settings as `(url, samples, limit, only)`.
    pub fn into_parts(self) -> (String, u64, usize, Option<String>) {
        (self.url, self.samples, self.limit, self.only)
    }
}

/// `EVAL_FIRST_SEED`: the first seed (default 1); a run's seeds are this one and the next
/// `EVAL_SAMPLES - 1`, so that a second run on new seeds repeats a measurement.
pub fn first_seed() -> u64 {
    std::env::var("EVAL_FIRST_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

/// Where a run log goes: `EVAL_LOG`, else `target/<name>` in the repository.
pub fn log_path(name: &str) -> std::path::PathBuf {
    std::env::var_os("EVAL_LOG").map_or_else(
        || repository().join("target").join(name),
        std::path::PathBuf::from,
    )
}

/// The commit this binary was built from, with `-dirty` when tracked files differed from it
/// (`build.rs` reads it at build time; "unknown" without git). Every log line carries it.
pub fn commit() -> &'static str {
    env!("AGENTS_EVALS_COMMIT")
}

/// The repository's root (this package is one of its directories).
pub fn repository() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the evals package lives inside the repository")
        .to_path_buf()
}

/// The run log at [`log_path`], created anew (its directory created when missing: with
/// `CARGO_TARGET_DIR` elsewhere, `target/` may not exist). Says where, or why not.
pub fn log_file(name: &str) -> Option<std::fs::File> {
    let path = log_path(name);
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    match std::fs::File::create(&path) {
        Ok(f) => {
            eprintln!("logging every run to {}", path.display());
            Some(f)
        }
        Err(e) => {
            eprintln!("no run log ({}: {e})", path.display());
            None
        }
    }
}

/// The local model's client, as every evaluation starts it: Gemma 3 270M at `url` (llama.cpp's
/// server, `/v1` added), each request given `timeout` (one llama.cpp thread on a shared
/// machine can take minutes); the evaluation adds its own prompt layout and caps.
pub fn local_model(
    url: &str,
    timeout: std::time::Duration,
) -> agents_providers::prompted::PromptedCompletionsBuilder {
    agents_providers::prompted::PromptedCompletions::builder("gemma3-270m")
        .base_url(format!("{url}/v1"))
        .transport(agents_providers::TransportConfig {
            timeout,
            ..Default::default()
        })
}

#[cfg(test)]
mod tests {
    use std::process::Command;

    fn git(args: &[&str]) -> Option<String> {
        Command::new("git")
            .args(args)
            .current_dir(super::repository())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    }

    /// The label a log line carries names a commit whose measured sources are the ones this
    /// test was built from: `-dirty` exactly when the tree's measured sources differ from that
    /// commit's. (Compared by content, not by `HEAD`: a commit of the docs made between the
    /// build and the run leaves the label true.)
    #[test]
    fn the_label_is_the_commit_the_sources_are_at() {
        let label = super::commit();
        if git(&["rev-parse", "--short", "HEAD"]).is_none() {
            assert_eq!(label, "unknown", "no git here, so no commit to name");
            return;
        }
        let (commit, dirty) = match label.strip_suffix("-dirty") {
            Some(commit) => (commit, true),
            None => (label, false),
        };
        let mut diff = vec!["diff", "--quiet", commit, "--"];
        diff.extend(env!("AGENTS_EVALS_MEASURED").split(' '));
        let status = Command::new("git")
            .args(&diff)
            .current_dir(super::repository())
            .status()
            .expect("git runs");
        assert!(
            matches!(status.code(), Some(0 | 1)),
            "{label} is a commit of this repository"
        );
        let differs = status.code() == Some(1);
        assert_eq!(
            dirty, differs,
            "{label}: the sources differ from it: {differs}"
        );
    }
}
