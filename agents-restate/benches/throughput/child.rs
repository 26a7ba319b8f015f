//! The services run in child processes of the bench (this same binary, [`SERVE`] set), one per
//! `AgentRun` flavour, so that each one's CPU time is its own: the bench asks a child for it
//! before and after each batch of runs it serves.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use agents_restate::AgentRun;
use agents_restate::restate_sdk::prelude::*;

use crate::workload::{
    BareClockRun, BareOutcomeRun, BareRun, BareShapedRun, agent, step_latencies,
};

/// Set in a child process: the flavour of `AgentRun` it serves.
pub const SERVE: &str = "BENCH_SERVE";

/// The three `AgentRun` deployments (one service name, so one deployment each), each served by
/// a child process; the idempotent one serves the bare baselines too. The tool of the first two
/// is declared non-blocking (its calls run in place); `OwnTask`'s is idempotent and not
/// declared so (each call on a task of its own, what an `async` tool gets by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flavour {
    Idempotent,
    AtMostOnce,
    OwnTask,
}

impl Flavour {
    pub const ALL: [Flavour; 3] = [Flavour::Idempotent, Flavour::AtMostOnce, Flavour::OwnTask];

    fn name(self) -> &'static str {
        match self {
            Flavour::Idempotent => "idempotent",
            Flavour::AtMostOnce => "at-most-once",
            Flavour::OwnTask => "own-task",
        }
    }

    fn endpoint(self) -> Endpoint {
        let agent = agent(self != Flavour::AtMostOnce, self == Flavour::OwnTask);
        Endpoint::builder()
            .bind(AgentRun::new(agent))
            .bind(BareRun)
            .bind(BareClockRun)
            .bind(BareShapedRun)
            .bind(BareOutcomeRun)
            .build()
    }
}

/// A child process: serves one flavour's endpoint on a fresh loopback port (printed as
/// `port N`) and answers its parent on stdin: `cpu` with its CPU time so far (`cpu <user µs>
/// <system µs>`), `steps` with the step latencies of the runs it completed since the last
/// `steps` (`steps <µs> <µs> ...`). Exits when its stdin closes.
pub fn serve_child(flavour: &str) {
    let flavour = Flavour::ALL
        .into_iter()
        .find(|f| f.name() == flavour)
        .unwrap_or_else(|| panic!("no flavour {flavour}"));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let port = rt.block_on(serve(flavour.endpoint()));
    let mut out = std::io::stdout().lock();
    writeln!(out, "port {port}")
        .and_then(|()| out.flush())
        .expect("stdout");
    for line in std::io::stdin().lock().lines() {
        let answer = match line.as_deref() {
            Ok("cpu") => {
                let (user, system) = own_cpu();
                format!("cpu {} {}", user.as_micros(), system.as_micros())
            }
            Ok("steps") => {
                let steps: Vec<String> = step_latencies()
                    .iter()
                    .map(|d| d.as_micros().to_string())
                    .collect();
                format!("steps {}", steps.join(" "))
            }
            _ => break,
        };
        writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .expect("stdout");
    }
    std::process::exit(0);
}

async fn serve(endpoint: Endpoint) -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let port = listener.local_addr().expect("its address").port();
    tokio::spawn(HttpServer::new(endpoint).serve(listener));
    port
}

/// The CPU time this process has spent, user and system, all its threads (those that exited
/// included).
fn own_cpu() -> (Duration, Duration) {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes the struct it is given; RUSAGE_SELF is always valid.
    let usage = unsafe {
        assert_eq!(libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()), 0);
        usage.assume_init()
    };
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    (time(usage.ru_utime), time(usage.ru_stime))
}

/// A child process serving one flavour, seen from the bench.
pub struct Server {
    child: Child,
    /// Closed to ask the child to exit.
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    pub port: u16,
}

impl Server {
    pub fn start(flavour: Flavour) -> Server {
        let exe = std::env::current_exe().expect("this bench's path");
        // `BENCH_CHILD_WRAP="valgrind --tool=callgrind ..."`: the children run under that
        // command (a profiler), the bench itself not.
        let wrap = std::env::var("BENCH_CHILD_WRAP").unwrap_or_default();
        let mut words = wrap.split_whitespace();
        let mut command = match words.next() {
            Some(program) => {
                let mut c = Command::new(program);
                c.args(words).arg(exe);
                c
            }
            None => Command::new(exe),
        };
        let mut child = command
            .env(SERVE, flavour.name())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("a child service");
        let stdin = child.stdin.take().expect("its stdin");
        let stdout = BufReader::new(child.stdout.take().expect("its stdout"));
        let mut server = Server {
            child,
            stdin: Some(stdin),
            stdout,
            port: 0,
        };
        server.port = server.read("port")[0] as u16;
        server
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The numbers of the next line the child writes, which must start with `what`.
    fn read(&mut self, what: &str) -> Vec<u64> {
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("the child answers");
        let mut words = line.split_whitespace();
        assert_eq!(words.next(), Some(what), "the child said {line:?}");
        words.map(|w| w.parse().expect("a number")).collect()
    }

    fn ask(&mut self, what: &str) -> Vec<u64> {
        let stdin = self
            .stdin
            .as_mut()
            .expect("the child's stdin, open until drop");
        writeln!(stdin, "{what}")
            .and_then(|()| stdin.flush())
            .expect("the child listens");
        self.read(what)
    }

    /// Its CPU time so far, user + system.
    pub fn cpu(&mut self) -> Duration {
        let times = self.ask("cpu");
        Duration::from_micros(times.iter().sum())
    }

    /// The step latencies of the runs it completed since the last call.
    pub fn steps(&mut self) -> Vec<Duration> {
        self.ask("steps")
            .into_iter()
            .map(Duration::from_micros)
            .collect()
    }
}

impl Drop for Server {
    /// Asks the child to exit (its stdin closed), so that a profiler it runs under writes its
    /// profile; killed if it has not exited after a minute.
    fn drop(&mut self) {
        drop(self.stdin.take());
        for _ in 0..600 {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
