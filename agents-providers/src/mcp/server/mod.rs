//! Our tools and agents served over MCP: any set of [`Tool`]s (`#[tool]` functions, closures,
//! agents wrapped as tools) becomes an MCP server another program (an IDE, another agent
//! framework, the MCP Inspector) can list and call.
//!
//! ```no_run
//! # async fn demo() -> Result<(), agents_providers::mcp::McpError> {
//! use agents_core::ExecutionFailure;
//! use agents_core::tool::tool_fn;
//! use agents_providers::mcp::ToolServer;
//!
//! #[derive(serde::Deserialize, schemars::JsonSchema)]
//! struct Echo { text: String }
//!
//! ToolServer::new("echo-server", "1.0.0")
//!     .tool(tool_fn("echo", "Repeats the text.", |a: Echo| async move {
//!         Ok::<_, ExecutionFailure>(a.text)
//!     }))
//!     .serve_stdio() // until the client closes stdin
//!     .await
//! # }
//! ```
//!
//! Each call runs through the runtime's executor ([`StandaloneTool`]): the arguments are coerced
//! towards the tool's schema (`"42"` → `42`), validated, read and run under the tool's timeout;
//! a panic is caught. Failures come back the way MCP means them, as results with
//! `isError: true` whose text is what our runtime would tell its own model: which field is
//! wrong and the schema it must fit, or the tool's model-safe message. Operator detail goes to
//! `tracing` (target `agents::mcp`), never to the client. The server keeps serving after any
//! failure.

mod handler;
mod http;
mod reply;

use std::sync::Arc;
use std::time::Duration;

use agents_core::agent::{Agent, AgentTool};
use agents_core::tool::{StandaloneTool, Tool};
use agents_core::{agent::AgentPath, error::Classifier, run::DepsSet};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::errors::McpError;
use handler::Handler;

/// A set of tools to serve over MCP. Build it, then [`serve_stdio`](Self::serve_stdio) or
/// [`serve`](Self::serve) it on any byte stream.
pub struct ToolServer {
    name: String,
    version: String,
    instructions: Option<String>,
    tools: Vec<Arc<dyn Tool>>,
    default_timeout: Option<Duration>,
    classifier: Classifier,
    deps: DepsSet,
}

impl std::fmt::Debug for ToolServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tools: Vec<&str> = self.tools.iter().map(|t| t.spec().name.as_str()).collect();
        f.debug_struct("ToolServer")
            .field("name", &self.name)
            .field("version", &self.version)
            .field("tools", &tools)
            .field("default_timeout", &self.default_timeout)
            .finish_non_exhaustive()
    }
}

impl ToolServer {
    /// A server announcing itself as `name` `version` in the MCP handshake, with no tools yet.
    pub fn new(name: impl Into<String>, version: impl Into<String>) -> Self {
        ToolServer {
            name: name.into(),
            version: version.into(),
            instructions: None,
            tools: Vec::new(),
            default_timeout: None,
            classifier: Classifier::default(),
            deps: DepsSet::new(),
        }
    }

    /// Gives the served tools `value` as their dependency of type `T`: what a `#[tool]`
    /// function's `Deps<T>` parameter reads (see [`Deps`](agents_core::Deps)). Serving fails
    /// with [`McpError::MissingDeps`] if a tool needs a type the server was not given.
    pub fn deps<T: std::any::Any + Send + Sync>(mut self, value: T) -> Self {
        self.deps = std::mem::take(&mut self.deps).with(value);
        self
    }

    /// Gives the served tools every dependency of `deps`.
    pub fn deps_set(mut self, deps: &DepsSet) -> Self {
        self.deps = self.deps.overlaid(deps);
        self
    }

    /// Text the server gives clients about how to use it (`instructions` in the handshake).
    pub fn instructions(mut self, text: impl Into<String>) -> Self {
        self.instructions = Some(text.into());
        self
    }

    /// Serves `tool`. A later tool with the same name replaces an earlier one.
    pub fn tool(self, tool: impl Tool + 'static) -> Self {
        self.tool_arc(Arc::new(tool))
    }

    /// Serves a shared tool.
    pub fn tool_arc(mut self, tool: Arc<dyn Tool>) -> Self {
        self.tools.retain(|t| t.spec().name != tool.spec().name);
        self.tools.push(tool);
        self
    }

    /// Serves an agent as a tool named after it ([`AgentTool`]): each call is one run of it.
    pub fn agent<A, In, Out>(self, agent: A, description: impl Into<String>) -> Self
    where
        A: Agent<In, Out> + 'static,
        In: DeserializeOwned + schemars::JsonSchema + Send + 'static,
        Out: Serialize + Send + 'static,
    {
        self.tool(AgentTool::new(agent, description))
    }

    /// The timeout of a call whose tool has none of its own (default: none).
    pub fn default_timeout(mut self, timeout: Duration) -> Self {
        self.default_timeout = Some(timeout);
        self
    }

    /// How the tools' execution failures are classified (it decides the words "transient" /
    /// "permanent" the client reads).
    pub fn classifier(mut self, classifier: Classifier) -> Self {
        self.classifier = classifier;
        self
    }

    /// The names of the tools it serves, in the order added.
    pub fn tool_names(&self) -> Vec<&str> {
        self.tools.iter().map(|t| t.spec().name.as_str()).collect()
    }

    /// Serves over this process's stdin and stdout until the client closes the connection.
    ///
    /// Stdout then carries nothing but protocol: log to stderr (or a file), never `println!`.
    pub async fn serve_stdio(self) -> Result<(), McpError> {
        self.serve(rmcp::transport::stdio()).await
    }

    /// Serves over Streamable HTTP on `listener` (its MCP endpoint is every path; clients use
    /// `http://host:port/mcp` by habit), until the listener fails. Each client gets its own
    /// session; drop the returned future (or race it with a shutdown signal) to stop accepting.
    ///
    /// `allowed_hosts` are the `Host` values accepted (DNS-rebinding protection): loopback names
    /// only when empty, so a server reachable from elsewhere must list its public names.
    ///
    /// ```no_run
    /// # async fn demo(server: agents_providers::mcp::ToolServer) -> Result<(), agents_providers::mcp::McpError> {
    /// let listener = tokio::net::TcpListener::bind("127.0.0.1:8931").await.expect("a port");
    /// server.serve_http(listener, &[]).await
    /// # }
    /// ```
    pub async fn serve_http(
        self,
        listener: tokio::net::TcpListener,
        allowed_hosts: &[&str],
    ) -> Result<(), McpError> {
        let label = self.name.clone();
        http::serve(self.into_handler()?, label, listener, allowed_hosts).await
    }

    /// Serves over any transport `rmcp` accepts (a `(reader, writer)` pair of async byte
    /// streams, for one) until the client closes it.
    pub async fn serve<T, E, A>(self, transport: T) -> Result<(), McpError>
    where
        T: rmcp::transport::IntoTransport<rmcp::RoleServer, E, A>,
        E: std::error::Error + Send + Sync + 'static,
    {
        use rmcp::ServiceExt;
        let label = self.name.clone();
        let service =
            self.into_handler()?
                .serve(transport)
                .await
                .map_err(|e| McpError::Initialize {
                    server: label.clone(),
                    message: e.to_string(),
                })?;
        service.waiting().await.map_err(|e| McpError::Initialize {
            server: label,
            message: format!("the serving task ended abnormally: {e}"),
        })?;
        Ok(())
    }

    /// The handler serving the tools, or the first tool whose dependencies are missing.
    fn into_handler(self) -> Result<Handler, McpError> {
        let caller = AgentPath::root(format!("mcp:{}", self.name));
        let tools: Vec<StandaloneTool> = self
            .tools
            .into_iter()
            .map(|tool| {
                StandaloneTool::new(tool)
                    .caller(caller.clone())
                    .default_timeout(self.default_timeout)
                    .classifier(self.classifier.clone())
                    .deps(self.deps.clone())
            })
            .collect();
        if let Some(source) = tools.iter().find_map(StandaloneTool::missing_deps) {
            return Err(McpError::MissingDeps {
                server: self.name,
                source,
            });
        }
        Ok(Handler::new(
            self.name,
            self.version,
            self.instructions,
            tools,
        ))
    }
}
