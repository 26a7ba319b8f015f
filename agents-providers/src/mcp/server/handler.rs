//! The `rmcp` server handler: `initialize`, `tools/list` and `tools/call` over our tools.

use std::sync::Arc;

use agents_core::did_you_mean;
use agents_core::tool::StandaloneTool;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ErrorData, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler};
use serde_json::Value;

use super::reply;

/// What the SDK calls for each request; cheap to clone (the SDK may clone it per session).
#[derive(Clone)]
pub(super) struct Handler {
    inner: Arc<Inner>,
}

struct Inner {
    name: String,
    version: String,
    instructions: Option<String>,
    tools: Vec<StandaloneTool>,
    /// The `tools/list` answer, built once: the tools do not change while serving.
    listed: Vec<rmcp::model::Tool>,
}

impl Handler {
    pub(super) fn new(
        name: String,
        version: String,
        instructions: Option<String>,
        tools: Vec<StandaloneTool>,
    ) -> Handler {
        let listed = tools.iter().map(|t| reply::listed(&**t.tool())).collect();
        Handler {
            inner: Arc::new(Inner {
                name,
                version,
                instructions,
                tools,
                listed,
            }),
        }
    }
}

impl ServerHandler for Handler {
    fn get_info(&self) -> ServerConfig {
        let info = ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(&self.inner.name, &self.inner.version));
        match &self.inner.instructions {
            Some(text) => info.with_instructions(text),
            None => info,
        }
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.inner.listed.clone()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let Some(tool) = self
            .inner
            .tools
            .iter()
            .find(|t| t.tool().spec().name == request.name)
        else {
            // An unknown tool is the client's mistake about the server, a protocol error
            // (-32602, as the MCP specification shows it), with the names that do exist.
            let names = || {
                self.inner
                    .tools
                    .iter()
                    .map(|t| t.tool().spec().name.as_str())
            };
            let hint = did_you_mean(&request.name, names());
            let known = names().collect::<Vec<_>>().join(", ");
            return Err(ErrorData::invalid_params(
                format!(
                    "unknown tool `{}`{hint}; this server's tools: {known}",
                    request.name
                ),
                None,
            ));
        };
        let args = Value::Object(request.arguments.unwrap_or_default());
        let call_id = context.id.to_string();
        // A client that gives up sends `notifications/cancelled`; the SDK cancels the token,
        // and dropping the call cancels the tool.
        let outcome = tokio::select! {
            outcome = tool.call(&call_id, args) => outcome,
            () = context.ct.cancelled() => {
                tracing::debug!(target: "agents::mcp", tool = %request.name, %call_id, "cancelled by the client");
                return Err(ErrorData::internal_error("the call was cancelled", None));
            }
        };
        Ok(reply::result(&self.inner.name, outcome).into())
    }
}
