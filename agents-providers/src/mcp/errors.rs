//! MCP failures as values of the error taxonomy (the table in `docs/mcp.md`).

use agents_core::ExecutionFailure;
use agents_core::tool::ToolCallError;
use rmcp::ServiceError;
use rmcp::model::ErrorCode;

/// A server could not be started, initialized or listed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum McpError {
    /// The child process could not be spawned.
    #[error("MCP server `{server}`: could not start the process: {source}")]
    Spawn {
        /// The server's label.
        server: String,
        /// What the OS said.
        #[source]
        source: std::io::Error,
    },
    /// The MCP handshake (`initialize`) failed.
    #[error("MCP server `{server}`: initialization failed: {message}")]
    Initialize {
        /// The server's label.
        server: String,
        /// What went wrong.
        message: String,
    },
    /// The handshake did not finish in time.
    #[error("MCP server `{server}`: no answer to `initialize` within {after:?}")]
    Timeout {
        /// The server's label.
        server: String,
        /// The connect timeout.
        after: std::time::Duration,
    },
    /// A served tool needs dependencies (a `Deps<T>` parameter) the server was not given
    /// ([`ToolServer::deps`](super::ToolServer::deps)); nothing was served.
    #[error("MCP server `{server}`: {source}")]
    MissingDeps {
        /// The server's name.
        server: String,
        /// Which tool needs which type.
        #[source]
        source: agents_core::run::MissingDeps,
    },
    /// A request (e.g. `tools/list`) failed.
    #[error("MCP server `{server}`: {what} failed: {source}")]
    Request {
        /// The server's label.
        server: String,
        /// The request.
        what: &'static str,
        /// What the SDK said.
        #[source]
        source: ServiceError,
    },
}

/// Whether `error` means the connection is gone (the child exited, a pipe broke): the server is
/// started again before the next call.
pub(crate) fn connection_lost(error: &ServiceError) -> bool {
    matches!(
        error,
        ServiceError::TransportClosed | ServiceError::TransportSend(_)
    )
}

/// What the model reads when a non-idempotent call was in flight while its server died.
pub const OUTCOME_UNKNOWN: &str = "Outcome unknown: the tool's server stopped while this call may have been running, and it is not safe to repeat, so it was not run again. Check its effect before calling it again.";

/// Maps a failed `tools/call` request onto the taxonomy.
///
/// `idempotent` decides the lost-connection case: an idempotent call is a transient failure (the
/// chain may retry it once the server is back); any other is a permanent "outcome unknown".
pub(crate) fn call_error(
    server: &str,
    tool: &str,
    idempotent: bool,
    error: ServiceError,
) -> ToolCallError {
    let label = format!("MCP server `{server}`, tool `{tool}`");
    match &error {
        ServiceError::McpError(data) if data.code == ErrorCode::INVALID_PARAMS => {
            // The schema is known, so the repair chain (sanitize, coerce, fix) can act on it.
            return ToolCallError::InvalidInput {
                target_type: format!("arguments of MCP tool `{tool}`"),
                field_path: ".".to_owned(),
                message: data.message.to_string(),
            };
        }
        ServiceError::McpError(data) if data.code == ErrorCode::METHOD_NOT_FOUND => {
            // The server does not know the tool (any more): the runtime's invented-tool path
            // tells the model which tools it may call, and lists the server again.
            return ToolCallError::Vanished {
                detail: format!("{label}: {error}"),
            };
        }
        ServiceError::McpError(data) => {
            let code = data.code.0;
            failure(&label, error.to_string())
                .permanent()
                .with_model_message(format!(
                    "The tool's server rejected the call (error {code})."
                ))
        }
        _ if connection_lost(&error) && idempotent => failure(&label, error.to_string())
            .with_class(agents_core::error::ErrorClass::Transient)
            .with_model_message(
                "The tool's server stopped during the call; it is restarted for the next call.",
            ),
        _ if connection_lost(&error) => failure(&label, error.to_string())
            .permanent()
            .with_model_message(OUTCOME_UNKNOWN),
        ServiceError::Timeout { .. } | ServiceError::Cancelled { .. } => {
            failure(&label, error.to_string())
                .with_class(agents_core::error::ErrorClass::Transient)
                .with_model_message("The tool did not answer in time.")
        }
        // Malformed or unexpected answers: repeating the call will not change the server.
        _ => failure(&label, error.to_string())
            .permanent()
            .with_model_message("The tool's server sent an answer that could not be read."),
    }
    .into()
}

/// A tool's result with `isError: true`, as the source of its execution failure (a
/// [`Classifier`](agents_core::error::Classifier) rule can find it with
/// [`find_source`](agents_core::ExecutionFailure::find_source)).
#[derive(Debug, Clone, thiserror::Error)]
#[error("MCP server `{server}`, tool `{tool}`: {text}")]
pub struct IsErrorResult {
    /// The server's label.
    pub server: String,
    /// The tool's name on its server.
    pub tool: String,
    /// The result's text (its text blocks joined), which the server meant for the model.
    pub text: String,
}

/// A result with `isError: true`: the server meant its text for the model. Its class is the
/// server's [`classify_is_error`](super::ServerConfig::classify_is_error) verdict, permanent
/// without one.
pub(crate) fn tool_error(
    server: &str,
    tool: &str,
    text: String,
    classify: Option<&super::config::IsErrorClass>,
) -> ToolCallError {
    let class = classify.map_or(agents_core::error::ErrorClass::Permanent, |c| {
        c(tool, &text)
    });
    let failure = ExecutionFailure::from_error(IsErrorResult {
        server: server.to_owned(),
        tool: tool.to_owned(),
        text: text.clone(),
    })
    .with_model_message(text);
    // `Unknown` leaves the verdict to the agent's classifier.
    match class {
        agents_core::error::ErrorClass::Unknown => failure,
        class => failure.with_class(class),
    }
    .into()
}

/// The server could not be (re)started before the call: nothing ran, so it is worth repeating.
pub(crate) fn unavailable(server: &str, error: &McpError) -> ToolCallError {
    ExecutionFailure::transient(format!("MCP server `{server}` is unavailable: {error}"))
        .with_model_message("The tool's server is unavailable right now.")
        .into()
}

fn failure(label: &str, detail: String) -> ExecutionFailure {
    ExecutionFailure::new(format!("{label}: {detail}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use agents_core::error::ErrorClass;
    use rmcp::model::ErrorData;

    fn failed(e: ToolCallError) -> ExecutionFailure {
        match e {
            ToolCallError::Failed(f) => f,
            other => panic!("expected an execution failure, got {other:?}"),
        }
    }

    /// -32602 is a bad-arguments error, so the repair chain gets to act on it.
    #[test]
    fn invalid_params_is_invalid_input() {
        let e = ServiceError::McpError(ErrorData::invalid_params("a: expected number", None));
        match call_error("s", "t", true, e) {
            ToolCallError::InvalidInput { message, .. } => {
                assert_eq!(message, "a: expected number")
            }
            other => panic!("{other:?}"),
        }
    }

    /// A lost connection is transient for an idempotent call, "outcome unknown" for any other.
    #[test]
    fn lost_connection_depends_on_idempotency() {
        let f = failed(call_error("s", "t", true, ServiceError::TransportClosed));
        assert_eq!(f.class(), ErrorClass::Transient);
        let f = failed(call_error("s", "t", false, ServiceError::TransportClosed));
        assert_eq!(f.class(), ErrorClass::Permanent);
        assert_eq!(f.model_message(), Some(OUTCOME_UNKNOWN));
    }

    /// An unknown tool (`-32601`) is a vanished tool: the runtime's invented-tool path.
    #[test]
    fn method_not_found_is_a_vanished_tool() {
        let e = ServiceError::McpError(ErrorData::new(ErrorCode::METHOD_NOT_FOUND, "nope", None));
        match call_error("s", "gone", true, e) {
            ToolCallError::Vanished { detail } => assert!(detail.contains("`gone`"), "{detail}"),
            other => panic!("expected Vanished, got {other:?}"),
        }
    }

    /// A timeout is transient.
    #[test]
    fn timeout_is_transient() {
        let e = ServiceError::Timeout {
            timeout: std::time::Duration::from_secs(1),
        };
        assert_eq!(
            failed(call_error("s", "t", false, e)).class(),
            ErrorClass::Transient
        );
    }

    /// `isError` text reaches the model as the server wrote it; the class is permanent.
    #[test]
    fn is_error_text_is_model_facing() {
        let f = failed(tool_error("s", "t", "Access denied".into(), None));
        assert_eq!(f.model_message(), Some("Access denied"));
        assert_eq!(f.class(), ErrorClass::Permanent);
    }

    /// The server's hook decides the class from the tool and the text; `Unknown` leaves it to
    /// the agent's classifier, which finds the typed result among the sources.
    #[test]
    fn is_error_class_can_be_overridden() {
        let hook: crate::mcp::config::IsErrorClass =
            std::sync::Arc::new(|tool, text| match (tool, text.contains("busy")) {
                ("t", true) => ErrorClass::Transient,
                ("t", false) => ErrorClass::Unknown,
                _ => ErrorClass::Permanent,
            });
        let f = failed(tool_error("s", "t", "server busy".into(), Some(&hook)));
        assert_eq!(f.class(), ErrorClass::Transient);
        let f = failed(tool_error("s", "t", "odd".into(), Some(&hook)));
        assert_eq!(f.class(), ErrorClass::Unknown);
        let by_agent = agents_core::error::Classifier::default().rule(|f| {
            f.find_source::<IsErrorResult>().map(|r| {
                if r.text == "odd" {
                    ErrorClass::Transient
                } else {
                    ErrorClass::Permanent
                }
            })
        });
        assert_eq!(by_agent.classify(&f), ErrorClass::Transient);
    }
}
