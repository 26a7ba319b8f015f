//! The file tools of `examples/file_manager.rs`, shared with `examples/mcp_server.rs` (which
//! serves them over MCP): `read_file`, `write_file`, `list_dir`.

use agents::{ExecutionFailure, tool};

/// Read file contents by path.
#[tool(idempotent, timeout = "5s")]
pub async fn read_file(
    /// Path of the file to read.
    path: String,
) -> Result<String, ExecutionFailure> {
    std::fs::read_to_string(&path).map_err(io_failure)
}

/// Write content to a file, creating it or replacing what it held.
#[tool(timeout = "5s")]
pub async fn write_file(
    /// Path of the file to write.
    path: String,
    /// The text to write.
    content: String,
) -> Result<String, ExecutionFailure> {
    std::fs::write(&path, &content).map_err(io_failure)?;
    Ok(format!("Written {} bytes to {path}", content.len()))
}

/// List the files in a directory, sorted by name.
#[tool(idempotent)]
pub fn list_dir(
    /// Path of the directory.
    path: String,
) -> Result<Vec<String>, ExecutionFailure> {
    let mut names = std::fs::read_dir(&path)
        .map_err(io_failure)?
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect::<Vec<_>>();
    names.sort();
    Ok(names)
}

/// A missing file will not appear by retrying (permanent); other I/O errors might pass
/// (transient). Either way the text is safe for the model to read.
fn io_failure(e: std::io::Error) -> ExecutionFailure {
    let failure = ExecutionFailure::from_error(e);
    let failure = if failure
        .find_source::<std::io::Error>()
        .is_some_and(|e| e.kind() == std::io::ErrorKind::NotFound)
    {
        failure.permanent()
    } else {
        failure.with_class(agents::error::ErrorClass::Transient)
    };
    failure.model_safe()
}
