//! One MCP server: a child process or an HTTP endpoint, connected and initialized, listed,
//! watched, and connected again after it dies or the connection breaks.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use futures_util::future::BoxFuture;
use rmcp::service::{NotificationContext, Peer, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::transport::streamable_http_client::{
    StreamableHttpClientTransport, StreamableHttpClientTransportConfig,
};
use rmcp::{RoleClient, ServiceExt};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::ChildStderr;
use tokio::sync::Mutex;

use super::config::{AnyEndpoint, Http, ServerConfig, Stdio};
use super::errors::McpError;
use super::tool::McpTool;

/// A connected MCP server; cheap to clone (all clones share the one child process).
///
/// The process is started by [`connect`](Self::connect). When it dies (it exited, was killed, a
/// pipe broke) the next call starts it again, up to [`Restart::max_attempts`](super::Restart)
/// times in a row with doubling pauses; the call fails as transient if that does not work.
/// Dropping the last clone (tools hold one) kills the child.
#[derive(Clone)]
pub struct McpServer {
    inner: Arc<Inner>,
}

struct Inner {
    config: ServerConfig<AnyEndpoint>,
    conn: Mutex<Option<Connection>>,
    generation: AtomicU64,
    /// The generation of an HTTP connection on which a call was abandoned (0: none); see
    /// [`McpServer::abandoned`].
    suspect: AtomicU64,
    handler: Notifications,
}

/// What the client does with the server's notifications: it notes a tool list change.
#[derive(Clone, Default)]
struct Notifications {
    tools_changed: Arc<AtomicBool>,
}

impl rmcp::ClientHandler for Notifications {
    async fn on_tool_list_changed(&self, _cx: NotificationContext<RoleClient>) {
        self.tools_changed.store(true, Ordering::SeqCst);
    }
}

struct Connection {
    service: RunningService<RoleClient, Notifications>,
    /// The child's, for a server started as a process.
    pid: Option<u32>,
    generation: u64,
    /// Cleared when the child's stderr ends, which it does when the child exits (always set for
    /// an HTTP server, whose connection state the SDK's transport knows).
    alive: Arc<AtomicBool>,
}

impl Connection {
    fn usable(&self) -> bool {
        self.alive.load(Ordering::SeqCst)
            && !self.service.is_closed()
            && !self.service.peer().is_transport_closed()
    }
}

impl std::fmt::Debug for McpServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("McpServer")
            .field("config", &self.inner.config)
            .finish_non_exhaustive()
    }
}

impl McpServer {
    /// Starts the server (a [`StdioServer`](super::StdioServer)) or connects to it (an
    /// [`HttpServer`](super::HttpServer)) and performs the MCP handshake.
    pub async fn connect<E: Into<AnyEndpoint>>(
        config: ServerConfig<E>,
    ) -> Result<McpServer, McpError> {
        let inner = Arc::new(Inner {
            config: config.into_any(),
            conn: Mutex::new(None),
            generation: AtomicU64::new(0),
            suspect: AtomicU64::new(0),
            handler: Notifications::default(),
        });
        let conn = inner.start().await?;
        *inner.conn.lock().await = Some(conn);
        Ok(McpServer { inner })
    }

    /// The server's label in logs and errors.
    pub fn label(&self) -> &str {
        self.inner.config.label()
    }

    /// The settings it was started with.
    pub(crate) fn config(&self) -> &ServerConfig<AnyEndpoint> {
        &self.inner.config
    }

    /// The child's process id, if it is a process and running.
    pub async fn pid(&self) -> Option<u32> {
        let conn = self.inner.conn.lock().await;
        conn.as_ref().filter(|c| c.usable()).and_then(|c| c.pid)
    }

    /// Whether the server is running and connected (a dead one is started, a broken connection
    /// opened, again on the next call).
    pub async fn is_running(&self) -> bool {
        let conn = self.inner.conn.lock().await;
        conn.as_ref().is_some_and(Connection::usable)
    }

    /// Lists the server's tools (`tools/list`, every page) as [`Tool`](agents_core::Tool)s.
    ///
    /// It clears the mark [`tool_list_changed`](Self::tool_list_changed) reads.
    pub async fn tools(&self) -> Result<Vec<McpTool>, McpError> {
        let listed = self.list_remote(true).await?;
        Ok(listed
            .into_iter()
            .map(|tool| McpTool::new(self.clone(), tool))
            .collect())
    }

    /// `tools/list`, every page; with `clear_mark`, the change mark is cleared before the
    /// request goes out (so a change announced during the listing is seen next time).
    async fn list_remote(&self, clear_mark: bool) -> Result<Vec<rmcp::model::Tool>, McpError> {
        let (peer, _) = self.peer().await?;
        if clear_mark {
            self.inner
                .handler
                .tools_changed
                .store(false, Ordering::SeqCst);
        }
        peer.list_all_tools()
            .await
            .map_err(|source| McpError::Request {
                server: self.label().to_owned(),
                what: "tools/list",
                source,
            })
    }

    /// Whether the server announced a change of its tool list
    /// (`notifications/tools/list_changed`) since the last [`tools`](Self::tools).
    ///
    /// An agent given the server as a tool source
    /// ([`LlmAgentBuilder::tool_source`](agents_core::LlmAgentBuilder::tool_source)) lists the
    /// tools again before its next model turn when this is set; an agent given a fixed list
    /// ([`tools`](Self::tools)) keeps it.
    pub fn tool_list_changed(&self) -> bool {
        self.inner.handler.tools_changed.load(Ordering::SeqCst)
    }

    /// Whether the server lists a tool of this (remote) name now (`None`: the listing failed).
    /// Leaves the change mark as it is, for the agent's next listing.
    pub(crate) async fn offers(&self, remote: &str) -> Option<bool> {
        let listed = self.list_remote(false).await.ok()?;
        Some(listed.iter().any(|t| t.name == remote))
    }

    /// Stops the child (closing its stdin, then signals). Later calls start it again.
    pub async fn shutdown(&self) {
        let conn = self.inner.conn.lock().await.take();
        if let Some(conn) = conn {
            let _ = conn.service.cancel().await;
        }
    }

    /// A peer to send a request on, starting the server again first if it died; with the
    /// generation of the connection, for [`lost`](Self::lost).
    pub(crate) async fn peer(&self) -> Result<(Peer<RoleClient>, u64), McpError> {
        let mut conn = self.inner.conn.lock().await;
        let suspect = self.inner.suspect.load(Ordering::SeqCst);
        if let Some(c) = conn
            .as_ref()
            .filter(|c| c.usable() && c.generation != suspect)
        {
            return Ok((c.service.peer().clone(), c.generation));
        }
        if conn.take().is_some() {
            tracing::warn!(target: "agents::mcp", server = %self.label(), "the server stopped; starting it again");
        }
        let fresh = self.inner.start_with_retries().await?;
        let out = (fresh.service.peer().clone(), fresh.generation);
        *conn = Some(fresh);
        Ok(out)
    }

    /// Notes that a call on the HTTP connection of `generation` was abandoned (it timed out, or
    /// its run was cancelled): the next call opens a new session first.
    ///
    /// Over HTTP a broken session can leave a request unanswered for good (a server restarted
    /// without its sessions that answers the old session id with an error the SDK cannot pair
    /// with the request, as `server-everything` does), so an abandoned call is the one sign
    /// left. A child process is left alone: its pipes tell when it dies.
    pub(crate) fn abandoned(&self, generation: u64) {
        if matches!(self.inner.config.endpoint, AnyEndpoint::Http(_)) {
            tracing::debug!(target: "agents::mcp", server = %self.label(), generation, "a call was abandoned; the next call opens a new session");
            self.inner.suspect.store(generation, Ordering::SeqCst);
        }
    }

    /// Forgets the connection of `generation` after a request on it lost the connection, so the
    /// next call starts the server again (a newer connection is left alone).
    pub(crate) async fn lost(&self, generation: u64) {
        let mut conn = self.inner.conn.lock().await;
        if conn.as_ref().is_some_and(|c| c.generation == generation) {
            // Dropping the service kills what is left of the child.
            conn.take();
        }
    }
}

impl Inner {
    async fn start_with_retries(&self) -> Result<Connection, McpError> {
        let restart = self.config.restart;
        let mut pause = restart.backoff;
        let mut attempt = 1;
        loop {
            match self.start().await {
                Ok(conn) => return Ok(conn),
                Err(e) if attempt >= restart.max_attempts.max(1) => return Err(e),
                Err(e) => {
                    tracing::warn!(target: "agents::mcp", server = %self.config.label(), attempt, error = %e, "restart failed");
                    tokio::time::sleep(pause).await;
                    pause = pause.saturating_mul(2);
                    attempt += 1;
                }
            }
        }
    }

    async fn start(&self) -> Result<Connection, McpError> {
        let label = self.config.label().to_owned();
        let (service, pid, alive) = match &self.config.endpoint {
            AnyEndpoint::Stdio(stdio) => self.spawn(&label, stdio).await?,
            AnyEndpoint::Http(http) => {
                let transport = http_transport(&label, http)?;
                let service = self.handshake(&label, transport).await?;
                (service, None, Arc::new(AtomicBool::new(true)))
            }
        };
        let generation = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        tracing::debug!(target: "agents::mcp", server = %label, ?pid, generation, "connected");
        Ok(Connection {
            service,
            pid,
            generation,
            alive,
        })
    }

    /// Starts the child and shakes hands over its stdio; its stderr goes to `tracing`.
    async fn spawn(
        &self,
        label: &str,
        stdio: &Stdio,
    ) -> Result<(Service, Option<u32>, Arc<AtomicBool>), McpError> {
        let mut cmd = tokio::process::Command::new(&stdio.command);
        cmd.args(&stdio.args);
        for (k, v) in &stdio.env {
            cmd.env(k, v);
        }
        if let Some(dir) = &stdio.cwd {
            cmd.current_dir(dir);
        }
        let (transport, stderr) = TokioChildProcess::builder(cmd)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .map_err(|source| McpError::Spawn {
                server: label.to_owned(),
                source,
            })?;
        let pid = transport.id();
        let alive = Arc::new(AtomicBool::new(true));
        if let Some(stderr) = stderr {
            tokio::spawn(forward_stderr(label.to_owned(), stderr, alive.clone()));
        }
        let service = self.handshake(label, transport).await?;
        Ok((service, pid, alive))
    }

    /// The MCP handshake over `transport`, bounded by the connect timeout.
    async fn handshake<T, E, A>(&self, label: &str, transport: T) -> Result<Service, McpError>
    where
        T: rmcp::transport::IntoTransport<RoleClient, E, A>,
        E: std::error::Error + Send + Sync + 'static,
    {
        let timeout = self.config.connect_timeout;
        match tokio::time::timeout(timeout, self.handler.clone().serve(transport)).await {
            Ok(Ok(service)) => Ok(service),
            Ok(Err(e)) => Err(McpError::Initialize {
                server: label.to_owned(),
                message: e.to_string(),
            }),
            Err(_) => Err(McpError::Timeout {
                server: label.to_owned(),
                after: timeout,
            }),
        }
    }
}

type Service = RunningService<RoleClient, Notifications>;

/// The SDK's Streamable HTTP transport on our `reqwest` client, with the configured headers.
/// Header values never reach an error: a bad one is named by its header only.
fn http_transport(
    label: &str,
    http: &Http,
) -> Result<StreamableHttpClientTransport<reqwest::Client>, McpError> {
    use reqwest::header::{HeaderName, HeaderValue};
    let bad = |name: &str| McpError::Initialize {
        server: label.to_owned(),
        message: format!("the header `{name}` is not a valid HTTP header (its value is not shown)"),
    };
    let mut headers = std::collections::HashMap::new();
    for (name, value) in &http.headers {
        let key = HeaderName::try_from(name.as_str()).map_err(|_| bad(name))?;
        let mut value = HeaderValue::try_from(value.as_str()).map_err(|_| bad(name))?;
        value.set_sensitive(true);
        headers.insert(key, value);
    }
    // A server that restarted answers the old session id with 404; the SDK then opens a new
    // session and sends the refused request once more (the server did not process it).
    let mut config = StreamableHttpClientTransportConfig::with_uri(http.url.as_str())
        .custom_headers(headers)
        .reinit_on_expired_session(true);
    if let Some(token) = &http.bearer {
        config = config.auth_header(token.as_str());
    }
    let client = crate::transport::check_scheme(http.url.as_str())
        .and_then(|()| crate::transport::client_builder())
        .and_then(|b| b.build().map_err(|e| e.to_string()))
        .map_err(|why| McpError::Initialize {
            server: label.to_owned(),
            message: format!("cannot build the HTTP client: {why}"),
        })?;
    Ok(StreamableHttpClientTransport::with_client(client, config))
}

/// Copies the child's stderr into `tracing`, line by line; its end means the child is gone.
async fn forward_stderr(server: String, stderr: ChildStderr, alive: Arc<AtomicBool>) {
    // Bytes, not `lines()`: a line that is not UTF-8 must not end the watch.
    let mut reader = BufReader::new(stderr);
    let mut line = Vec::new();
    while matches!(reader.read_until(b'\n', &mut line).await, Ok(n) if n > 0) {
        let text = String::from_utf8_lossy(&line);
        tracing::debug!(target: "agents::mcp", server = %server, "stderr: {}", text.trim_end());
        line.clear();
    }
    alive.store(false, Ordering::SeqCst);
}

/// The server as a tool source: an agent lists its tools before the first model turn, and again
/// before any turn after the server announced `notifications/tools/list_changed` (or after a
/// call found its tool gone).
impl agents_core::tool::ToolSource for McpServer {
    fn label(&self) -> &str {
        McpServer::label(self)
    }

    fn changed(&self) -> bool {
        self.tool_list_changed()
    }

    fn list(
        &self,
    ) -> BoxFuture<'_, Result<Vec<Arc<dyn agents_core::Tool>>, agents_core::tool::ToolSourceError>>
    {
        Box::pin(async move {
            let tools = self
                .tools()
                .await
                .map_err(|e| agents_core::tool::ToolSourceError::new(e.to_string()))?;
            Ok(tools
                .into_iter()
                .map(|t| Arc::new(t) as Arc<dyn agents_core::Tool>)
                .collect())
        })
    }
}

/// `mcp(server)` in `agent!`: the agent follows the server's tool list at run time.
impl agents_core::__private::ToolGroup for McpServer {
    fn add_to<In, Out>(
        self,
        builder: agents_core::LlmAgentBuilder<In, Out>,
        handlers: agents_core::repair::Handlers,
    ) -> agents_core::LlmAgentBuilder<In, Out>
    where
        In: serde::Serialize + Send + 'static,
        Out: agents_core::Output,
    {
        builder.tool_source(self, handlers)
    }
}
