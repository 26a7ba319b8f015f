//! One MCP server process: started, initialized, listed, watched, and started again after it dies.

use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rmcp::service::{NotificationContext, Peer, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::ChildStderr;
use tokio::sync::Mutex;

use super::config::StdioServer;
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
    config: StdioServer,
    conn: Mutex<Option<Connection>>,
    generation: AtomicU64,
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
    pid: Option<u32>,
    generation: u64,
    /// Cleared when the child's stderr ends, which it does when the child exits.
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
    /// Starts the server and performs the MCP handshake.
    pub async fn connect(config: StdioServer) -> Result<McpServer, McpError> {
        let inner = Arc::new(Inner {
            config,
            conn: Mutex::new(None),
            generation: AtomicU64::new(0),
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
    pub fn config(&self) -> &StdioServer {
        &self.inner.config
    }

    /// The child's process id, if it is running.
    pub async fn pid(&self) -> Option<u32> {
        let conn = self.inner.conn.lock().await;
        conn.as_ref().filter(|c| c.usable()).and_then(|c| c.pid)
    }

    /// Whether the child is running and connected (a dead one is started again on the next call).
    pub async fn is_running(&self) -> bool {
        let conn = self.inner.conn.lock().await;
        conn.as_ref().is_some_and(Connection::usable)
    }

    /// Lists the server's tools (`tools/list`, every page) as [`Tool`](agents_core::Tool)s.
    ///
    /// It clears the mark [`tool_list_changed`](Self::tool_list_changed) reads.
    pub async fn tools(&self) -> Result<Vec<McpTool>, McpError> {
        let (peer, _) = self.peer().await?;
        self.inner
            .handler
            .tools_changed
            .store(false, Ordering::SeqCst);
        let listed = peer
            .list_all_tools()
            .await
            .map_err(|source| McpError::Request {
                server: self.label().to_owned(),
                what: "tools/list",
                source,
            })?;
        Ok(listed
            .into_iter()
            .map(|tool| McpTool::new(self.clone(), tool))
            .collect())
    }

    /// Whether the server announced a change of its tool list
    /// (`notifications/tools/list_changed`) since the last [`tools`](Self::tools).
    ///
    /// An agent holds the tools it was built with: to follow the change, list the tools again
    /// and build the agent again (between runs). A call to a tool the server dropped fails as
    /// "no longer exists".
    pub fn tool_list_changed(&self) -> bool {
        self.inner.handler.tools_changed.load(Ordering::SeqCst)
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
        if let Some(c) = conn.as_ref().filter(|c| c.usable()) {
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
        let config = &self.config;
        let label = config.label().to_owned();
        let mut cmd = tokio::process::Command::new(&config.command);
        cmd.args(&config.args);
        for (k, v) in &config.env {
            cmd.env(k, v);
        }
        if let Some(dir) = &config.cwd {
            cmd.current_dir(dir);
        }
        let (transport, stderr) = TokioChildProcess::builder(cmd)
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| McpError::Spawn {
                server: label.clone(),
                source,
            })?;
        let pid = transport.id();
        let alive = Arc::new(AtomicBool::new(true));
        if let Some(stderr) = stderr {
            tokio::spawn(forward_stderr(label.clone(), stderr, alive.clone()));
        }
        let service = match tokio::time::timeout(
            config.connect_timeout,
            self.handler.clone().serve(transport),
        )
        .await
        {
            Ok(Ok(service)) => service,
            Ok(Err(e)) => {
                return Err(McpError::Initialize {
                    server: label,
                    message: e.to_string(),
                });
            }
            Err(_) => {
                return Err(McpError::Timeout {
                    server: label,
                    after: config.connect_timeout,
                });
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
