//! One MCP tool as a [`Tool`]: its schema checked before the call, its result and failures mapped.

use std::time::Duration;

use agents_core::model::ToolSpec;
use agents_core::tool::{PreparedCall, Tool, ToolCallError, ToolContext, prepared, run_prepared};
use futures_util::future::BoxFuture;
use rmcp::model::CallToolRequestParams;
use serde_json::Value;

use super::client::McpServer;
use super::content::{result_text, result_value};
use super::errors;

/// A tool listed by an MCP server ([`McpServer::tools`]).
///
/// - Its schema is the server's `inputSchema`; arguments that do not fit it (a `"2"` where a
///   number is expected, a missing field) are refused before the call goes out, as
///   [`ToolCallError::InvalidInput`], so the repair chain (coercion, fixes) acts on them first.
/// - It is idempotent when its annotations say `readOnlyHint`, or `idempotentHint` without
///   `destructiveHint` (a destructive tool is never repeated after it may have run); the server's
///   [`ServerConfig::idempotent`](super::ServerConfig::idempotent) overrides that.
#[derive(Debug, Clone)]
pub struct McpTool {
    spec: ToolSpec,
    remote: String,
    idempotent: bool,
    timeout: Option<Duration>,
    server: McpServer,
}

impl McpTool {
    pub(crate) fn new(server: McpServer, tool: rmcp::model::Tool) -> McpTool {
        let config = server.config();
        let remote = tool.name.to_string();
        let name = match &config.prefix {
            Some(prefix) => format!("{prefix}.{remote}"),
            None => remote.clone(),
        };
        let description = tool
            .description
            .as_deref()
            .map(str::to_owned)
            .or_else(|| tool.title.clone())
            .unwrap_or_default();
        let idempotent = config
            .idempotent
            .get(&remote)
            .copied()
            .unwrap_or_else(|| idempotent_from_annotations(tool.annotations.as_ref()));
        McpTool {
            spec: ToolSpec {
                name,
                description,
                parameters: Value::Object((*tool.input_schema).clone()),
            },
            remote,
            idempotent,
            timeout: config.call_timeout,
            server,
        }
    }

    /// The tool's name on its server (without the prefix).
    pub fn remote_name(&self) -> &str {
        &self.remote
    }

    /// The server it runs on.
    pub fn server(&self) -> &McpServer {
        &self.server
    }

    /// Overrides whether this tool is idempotent.
    pub fn with_idempotent(mut self, idempotent: bool) -> Self {
        self.idempotent = idempotent;
        self
    }

    /// Overrides this tool's timeout.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// Sends `tools/call` and maps the answer.
    async fn invoke(&self, args: serde_json::Map<String, Value>) -> Result<Value, ToolCallError> {
        let server = self.server.label();
        let (peer, generation) = self
            .server
            .peer()
            .await
            .map_err(|e| errors::unavailable(server, &e))?;
        let params = CallToolRequestParams::new(self.remote.clone()).with_arguments(args);
        // Dropping this future (the runtime's timeout, a cancelled run) makes rmcp send
        // `notifications/cancelled` for the request, and the guard tell the server.
        let pending = Pending {
            server: &self.server,
            generation,
            answered: false,
        };
        let answer = peer.call_tool(params).await;
        pending.answered();
        let error = match answer {
            Ok(result) if result.is_error == Some(true) => errors::tool_error(
                server,
                &self.remote,
                result_text(&result.content),
                self.server.config().is_error_class.as_ref(),
            ),
            Ok(result) => return Ok(result_value(&result)),
            Err(e) => {
                if errors::connection_lost(&e) {
                    self.server.lost(generation).await;
                }
                errors::call_error(server, &self.remote, self.idempotent, e)
            }
        };
        Err(self.unless_vanished(error).await)
    }

    /// `error`, or [`ToolCallError::Vanished`] if the server announced a tool list change and
    /// no longer lists this tool. Servers report a call to a tool they dropped in their own
    /// words (the TypeScript SDK: an `isError` result "Tool x not found"; others `-32602` or
    /// `-32601`), so the list, not the wording, decides.
    async fn unless_vanished(&self, error: ToolCallError) -> ToolCallError {
        if matches!(error, ToolCallError::Vanished { .. }) || !self.server.tool_list_changed() {
            return error;
        }
        match self.server.offers(&self.remote).await {
            Some(false) => ToolCallError::Vanished {
                detail: format!(
                    "MCP server `{}` no longer lists the tool `{}` ({error:?})",
                    self.server.label(),
                    self.remote
                ),
            },
            _ => error,
        }
    }

    fn invalid(&self, field_path: String, message: String) -> ToolCallError {
        ToolCallError::InvalidInput {
            target_type: format!("arguments of MCP tool `{}`", self.spec.name),
            field_path,
            message,
        }
    }
}

/// A call in flight: dropped before [`answered`](Self::answered), it reports the call abandoned.
struct Pending<'a> {
    server: &'a McpServer,
    generation: u64,
    answered: bool,
}

impl Pending<'_> {
    fn answered(mut self) {
        self.answered = true;
    }
}

impl Drop for Pending<'_> {
    fn drop(&mut self) {
        if !self.answered {
            self.server.abandoned(self.generation);
        }
    }
}

/// `readOnlyHint`, or `idempotentHint` on a tool that says it is not destructive.
fn idempotent_from_annotations(a: Option<&rmcp::model::ToolAnnotations>) -> bool {
    let Some(a) = a else { return false };
    a.read_only_hint == Some(true)
        || (a.idempotent_hint == Some(true) && a.destructive_hint == Some(false))
}

/// A JSON Pointer (`/a/0/b`) as a field path (`a.0.b`, `.` for the root).
fn field_path(pointer: &str) -> String {
    let path = pointer.trim_start_matches('/').replace('/', ".");
    if path.is_empty() {
        ".".to_owned()
    } else {
        path
    }
}

impl Tool for McpTool {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    fn idempotent(&self) -> bool {
        self.idempotent
    }

    fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// A call is a request to the server, awaited: it never blocks its thread, so it runs in
    /// place on the run's task.
    fn non_blocking(&self) -> bool {
        true
    }

    fn call<'a>(
        &'a self,
        args: Value,
        ctx: &'a ToolContext,
    ) -> BoxFuture<'a, Result<Value, ToolCallError>> {
        run_prepared(self.prepare(args), ctx)
    }

    /// Checks the arguments against the server's schema: anything the schema-guided coercion
    /// would change, or refuses, is reported as invalid input, so the chain repairs it (and
    /// records the repair) before the server sees it.
    fn prepare<'a>(&'a self, args: Value) -> Result<PreparedCall<'a>, ToolCallError> {
        match agents_core::json::coerce(args.clone(), &self.spec.parameters) {
            Ok(coerced) => {
                if let Some(fix) = coerced.fixes.first() {
                    return Err(self.invalid(
                        field_path(&fix.path),
                        format!("does not fit the schema ({:?})", fix.kind),
                    ));
                }
            }
            Err(e) => return Err(self.invalid(field_path(&e.path), e.to_string())),
        }
        let Value::Object(map) = args else {
            return Err(self.invalid(".".to_owned(), "expected a JSON object".to_owned()));
        };
        Ok(prepared(move |_ctx| async move { self.invoke(map).await }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Destructive tools are not idempotent even with `idempotentHint`; read-only ones are.
    #[test]
    fn annotations_decide_idempotency() {
        let ann = |json: Value| serde_json::from_value::<rmcp::model::ToolAnnotations>(json).ok();
        let write = ann(serde_json::json!({"idempotentHint": true, "destructiveHint": true}));
        let mkdir = ann(serde_json::json!({"idempotentHint": true, "destructiveHint": false}));
        let read = ann(serde_json::json!({"readOnlyHint": true}));
        assert!(!idempotent_from_annotations(write.as_ref()));
        assert!(idempotent_from_annotations(mkdir.as_ref()));
        assert!(idempotent_from_annotations(read.as_ref()));
        assert!(!idempotent_from_annotations(None));
    }

    /// Pointers become the dotted paths the rest of the runtime shows.
    #[test]
    fn pointer_to_field_path() {
        assert_eq!(field_path(""), ".");
        assert_eq!(field_path("/a/0/b"), "a.0.b");
    }
}
