//! How to reach an MCP server (a child process over stdio, or Streamable HTTP), and the
//! per-server settings of its tools.

use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use agents_core::error::ErrorClass;

/// How often and how patiently a server that died is started again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Restart {
    /// Starts tried in a row before a call fails (at least 1).
    pub max_attempts: u32,
    /// Pause before the second start; doubled for each further one.
    pub backoff: Duration,
}

impl Default for Restart {
    fn default() -> Self {
        Restart {
            max_attempts: 3,
            backoff: Duration::from_millis(200),
        }
    }
}

/// How to reach an MCP server, and the settings of its tools: [`StdioServer`] (a child process)
/// or [`HttpServer`] (Streamable HTTP). The settings every server has are methods of this type;
/// what belongs to one way of reaching a server is a method of that alias only.
#[derive(Clone)]
pub struct ServerConfig<E> {
    pub(crate) endpoint: E,
    pub(crate) name: Option<String>,
    pub(crate) prefix: Option<String>,
    pub(crate) call_timeout: Option<Duration>,
    pub(crate) connect_timeout: Duration,
    pub(crate) restart: Restart,
    pub(crate) idempotent: HashMap<String, bool>,
    pub(crate) is_error_class: Option<IsErrorClass>,
}

/// Decides the class of an `isError` result from the tool's name (as the server knows it) and
/// the result's text ([`ServerConfig::classify_is_error`]).
pub(crate) type IsErrorClass = Arc<dyn Fn(&str, &str) -> ErrorClass + Send + Sync>;

/// An MCP server started as a child process speaking JSON-RPC over its stdin/stdout.
///
/// The child's stderr is read line by line into `tracing` (target `agents::mcp`, level debug),
/// never into anything the model sees. Its environment values may hold secrets: `Debug` shows
/// their names only.
pub type StdioServer = ServerConfig<Stdio>;

/// An MCP server reached over Streamable HTTP at a URL (`http://host:port/mcp`).
///
/// Header values (an API key, a bearer token) may be secrets: `Debug`, logs and errors show
/// their names only.
pub type HttpServer = ServerConfig<Http>;

/// The command line of a [`StdioServer`].
#[derive(Clone)]
pub struct Stdio {
    pub(crate) command: String,
    pub(crate) args: Vec<String>,
    pub(crate) env: Vec<(String, String)>,
    pub(crate) cwd: Option<PathBuf>,
}

/// The URL and headers of an [`HttpServer`].
#[derive(Clone)]
pub struct Http {
    pub(crate) url: String,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) bearer: Option<String>,
}

impl<E> ServerConfig<E> {
    fn with_endpoint(endpoint: E) -> Self {
        ServerConfig {
            endpoint,
            name: None,
            prefix: None,
            call_timeout: None,
            connect_timeout: Duration::from_secs(30),
            restart: Restart::default(),
            idempotent: HashMap::new(),
            is_error_class: None,
        }
    }

    /// The name used in logs and error messages (default: the prefix, else the command or URL).
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Prefixes every tool name with `prefix.` (`fs.read_file`), so servers with tools of the
    /// same name can serve one agent. The server is still called with its own names.
    pub fn prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = Some(prefix.into());
        self
    }

    /// The timeout of each call to this server's tools ([`Tool::timeout`](agents_core::Tool::timeout));
    /// unset, the agent's per-tool budget applies. A call that runs out is cancelled on the
    /// server (`notifications/cancelled`) and fails as a transient timeout.
    pub fn call_timeout(mut self, timeout: Duration) -> Self {
        self.call_timeout = Some(timeout);
        self
    }

    /// How long connecting and the MCP handshake may take (default 30 s).
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }

    /// How a server that died (or a connection that broke) is started (or opened) again before
    /// the next call.
    pub fn restart(mut self, restart: Restart) -> Self {
        self.restart = restart;
        self
    }

    /// Overrides whether the tool `name` (the server's name, without prefix) is idempotent,
    /// whatever its annotations say.
    pub fn idempotent(mut self, name: impl Into<String>, idempotent: bool) -> Self {
        self.idempotent.insert(name.into(), idempotent);
        self
    }

    /// Decides the class of this server's `isError` results from the tool's name (without
    /// prefix) and the result's text; without it they are permanent (the server ran the call
    /// and said no: the same call will be refused again).
    ///
    /// Returning [`ErrorClass::Transient`] lets a `retry` handler repeat the call (only an
    /// idempotent tool, or one whose handler opts in, is repeated); returning
    /// [`ErrorClass::Unknown`] leaves it to the agent's [`Classifier`](agents_core::error::Classifier),
    /// whose rules can find the typed [`IsErrorResult`](super::errors::IsErrorResult) among the
    /// failure's sources.
    ///
    /// ```
    /// use agents_core::error::ErrorClass;
    /// use agents_providers::mcp::StdioServer;
    /// let server = StdioServer::new("node").classify_is_error(|_tool, text| {
    ///     if text.contains("rate limit") { ErrorClass::Transient } else { ErrorClass::Permanent }
    /// });
    /// # let _ = server;
    /// ```
    pub fn classify_is_error(
        mut self,
        classify: impl Fn(&str, &str) -> ErrorClass + Send + Sync + 'static,
    ) -> Self {
        self.is_error_class = Some(Arc::new(classify));
        self
    }
}

impl StdioServer {
    /// A server started as `command` (looked up on `PATH` when it is not a path).
    pub fn new(command: impl Into<String>) -> Self {
        ServerConfig::with_endpoint(Stdio {
            command: command.into(),
            args: Vec::new(),
            env: Vec::new(),
            cwd: None,
        })
    }

    /// Adds one argument.
    pub fn arg(mut self, arg: impl Into<String>) -> Self {
        self.endpoint.args.push(arg.into());
        self
    }

    /// Adds arguments.
    pub fn args<S: Into<String>>(mut self, args: impl IntoIterator<Item = S>) -> Self {
        self.endpoint.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets an environment variable of the child (its value never appears in `Debug` or logs).
    pub fn env(mut self, key: impl Into<String>, value: impl Into<String>) -> Self {
        self.endpoint.env.push((key.into(), value.into()));
        self
    }

    /// The child's working directory.
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.endpoint.cwd = Some(dir.into());
        self
    }
}

impl HttpServer {
    /// A server at `url` (its MCP endpoint, often ending in `/mcp`).
    pub fn new(url: impl Into<String>) -> Self {
        ServerConfig::with_endpoint(Http {
            url: url.into(),
            headers: Vec::new(),
            bearer: None,
        })
    }

    /// Sends a header with every request (its value never appears in `Debug`, logs or errors).
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.endpoint.headers.push((name.into(), value.into()));
        self
    }

    /// Sends `Authorization: Bearer <token>` with every request (never shown).
    pub fn bearer_token(mut self, token: impl Into<String>) -> Self {
        self.endpoint.bearer = Some(token.into());
        self
    }
}

/// Either way of reaching a server, as the client keeps it (what [`McpServer::connect`]
/// accepts: a [`StdioServer`] or an [`HttpServer`]).
///
/// [`McpServer::connect`]: super::McpServer::connect
#[derive(Clone, Debug)]
pub enum AnyEndpoint {
    /// A child process.
    Stdio(Stdio),
    /// Streamable HTTP.
    Http(Http),
}

impl From<Stdio> for AnyEndpoint {
    fn from(e: Stdio) -> Self {
        AnyEndpoint::Stdio(e)
    }
}

impl From<Http> for AnyEndpoint {
    fn from(e: Http) -> Self {
        AnyEndpoint::Http(e)
    }
}

impl<E: Into<AnyEndpoint>> ServerConfig<E> {
    /// The same settings, with the endpoint as the client keeps it.
    pub(crate) fn into_any(self) -> ServerConfig<AnyEndpoint> {
        ServerConfig {
            endpoint: self.endpoint.into(),
            name: self.name,
            prefix: self.prefix,
            call_timeout: self.call_timeout,
            connect_timeout: self.connect_timeout,
            restart: self.restart,
            idempotent: self.idempotent,
            is_error_class: self.is_error_class,
        }
    }
}

impl ServerConfig<AnyEndpoint> {
    /// The label of this server in logs and errors.
    pub(crate) fn label(&self) -> &str {
        let fallback = match &self.endpoint {
            AnyEndpoint::Stdio(e) => &e.command,
            AnyEndpoint::Http(e) => &e.url,
        };
        self.name
            .as_deref()
            .or(self.prefix.as_deref())
            .unwrap_or(fallback)
    }
}

impl fmt::Debug for Stdio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let env: Vec<&str> = self.env.iter().map(|(k, _)| k.as_str()).collect();
        f.debug_struct("Stdio")
            .field("command", &self.command)
            .field("args", &self.args)
            .field("env", &env)
            .field("cwd", &self.cwd)
            .finish()
    }
}

impl fmt::Debug for Http {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headers: Vec<&str> = self.headers.iter().map(|(k, _)| k.as_str()).collect();
        f.debug_struct("Http")
            .field("url", &self.url)
            .field("headers", &headers)
            .field("bearer", &self.bearer.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

impl<E: fmt::Debug> fmt::Debug for ServerConfig<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServerConfig")
            .field("endpoint", &self.endpoint)
            .field("name", &self.name)
            .field("prefix", &self.prefix)
            .field("call_timeout", &self.call_timeout)
            .field("connect_timeout", &self.connect_timeout)
            .field("restart", &self.restart)
            .field("idempotent", &self.idempotent)
            .field("classify_is_error", &self.is_error_class.is_some())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Environment values may be secrets: `Debug` names the variables, never their values.
    #[test]
    fn debug_hides_env_values() {
        let s = StdioServer::new("node").env("API_TOKEN", "sk-very-secret");
        let shown = format!("{s:?}");
        assert!(shown.contains("API_TOKEN"));
        assert!(!shown.contains("sk-very-secret"));
    }

    /// Header values and bearer tokens may be secrets: `Debug` names the headers only.
    #[test]
    fn debug_hides_header_values_and_tokens() {
        let s = HttpServer::new("http://127.0.0.1:1/mcp")
            .header("X-Api-Key", "key-very-secret")
            .bearer_token("tok-very-secret");
        let shown = format!("{s:?}");
        assert!(
            shown.contains("X-Api-Key") && shown.contains("<redacted>"),
            "{shown}"
        );
        assert!(!shown.contains("very-secret"), "{shown}");
    }
}
