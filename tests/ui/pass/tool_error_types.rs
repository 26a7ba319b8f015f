//! A tool's error may be any `std::error::Error + Send + Sync + 'static`, or `ExecutionFailure`,
//! through any alias of `Result`.
use agents::{ExecutionFailure, tool};

#[derive(Debug)]
struct NotFound(String);

impl std::fmt::Display for NotFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not found: {}", self.0)
    }
}

impl std::error::Error for NotFound {}

type MyResult<T> = Result<T, NotFound>;

/// Reads a file.
#[tool]
async fn read(path: String) -> std::io::Result<String> {
    std::fs::read_to_string(path)
}

/// Looks something up.
#[tool]
fn lookup(key: String) -> MyResult<u32> {
    Err(NotFound(key))
}

/// Fails in a model-safe way.
#[tool]
fn refuse() -> core::result::Result<(), ExecutionFailure> {
    Err(ExecutionFailure::new("no").model_safe())
}

fn main() {
    let _ = (read {}, lookup {}, refuse {});
}
