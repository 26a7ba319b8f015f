//! How to start an MCP server over stdio, and the per-server settings of its tools.

use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

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

/// An MCP server started as a child process speaking JSON-RPC over its stdin/stdout.
///
/// The child's stderr is read line by line into `tracing` (target `agents::mcp`, level debug),
/// never into anything the model sees. Its environment values may hold secrets: `Debug` shows
/// their names only.
#[derive(Clone)]
pub struct StdioServer {
    pub(crate) command: String,
    pub(crate) args: Vec<String>,
    pub(crate) env: Vec<(String, String)>,
    pub(crate) cwd: Option<PathBuf>,
    pub(crate) name: Option<String>,
    pub(crate) prefix: Option<String>,
    pub(crate) call_timeout: Option<Duration>,
    pub(crate) connect_timeout: Duration,
    pub(crate) restart: Restart,
    pub(crate) idempotent: HashMap<String, bool>,
}

impl StdioServer {
    /// A server started as `command` (looked up on `PATH` when it is not a path).
    pub fn new(command: impl Into<String>) -> Self {
        StdioServer {
            command: command.into(),
            args: Vec::new(),
            env: Vec::new(),
            cwd: None,
            name: None,
            prefix: None,
            call_timeout: None,
            connect_timeout: Duration::from_secs(30),
            restart: Restart::default(),
            idempotent: HashMap::new(),
        }
    }

    /// Adds one argument.
    pub fn arg(mut self, arg: impl Into<String>) -> Self {
        self.args.push(arg.into());
        self
    }

    /// Adds arguments.
    pub fn args<S: Into<String>>(mut self, args: impl IntoIterator<Item = S>) -> Self {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets an environment variable of the child (its value never appears in `Debug` or logs).
    pub fn env(mut self, key: impl Into<String>, value: impl Into<String>) -> Self {
        self.env.push((key.into(), value.into()));
        self
    }

    /// The child's working directory.
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cwd = Some(dir.into());
        self
    }

    /// The name used in logs and error messages (default: the prefix, else the command).
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

    /// How long starting the child and the MCP handshake may take (default 30 s).
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }

    /// How a server that died is started again before the next call.
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

    /// The label of this server in logs and errors.
    pub(crate) fn label(&self) -> &str {
        self.name
            .as_deref()
            .or(self.prefix.as_deref())
            .unwrap_or(&self.command)
    }
}

impl fmt::Debug for StdioServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let env: Vec<&str> = self.env.iter().map(|(k, _)| k.as_str()).collect();
        f.debug_struct("StdioServer")
            .field("command", &self.command)
            .field("args", &self.args)
            .field("env", &env)
            .field("cwd", &self.cwd)
            .field("name", &self.name)
            .field("prefix", &self.prefix)
            .field("call_timeout", &self.call_timeout)
            .field("connect_timeout", &self.connect_timeout)
            .field("restart", &self.restart)
            .field("idempotent", &self.idempotent)
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
}
