//! The transport fault matrix as part of our own suite: every provider × {streaming, whole-body}
//! × every transport fault, each run twice: "first fails, then ok" (a retried fault recovers
//! with one retry; a fault that is not retried ends the call after one send, and the good reply
//! waiting behind it is never asked for) and "always fails" (the right `ModelErrorKind`, sent
//! once when the fault is not retried, `max_attempts` times when it is).
//!
//! What is retried follows the retry rules of docs/providers.md: a broken stream or an error event
//! inside a 200 stream is not sent again (the output has begun), a timeout is not either (the
//! timeout is the budget). A `ManualClock` records every wait, so nothing really waits but the
//! short request timeout of the timeout faults.

use crate::common;

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agents_core::model::ModelErrorKind;
use agents_providers::ProviderError;
use agents_providers::transport::{Clock, ManualClock};
use common::matrix::{Cell, Provider, cells, run_table};
use common::{RawReply, config, cut_response_as, full_response, hits, request, serve_raw};
use futures_util::future::BoxFuture;
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::Semaphore;
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

/// The request timeout of the timeout faults: short, so they end quickly, yet long enough for the
/// retry's answer to arrive on a loaded machine (500 ms was not, with a hundred cells at once on
/// 2 cores). Every other cell has 60 s, so a loaded machine cannot turn its fault into a timeout.
const TIMEOUT: Duration = Duration::from_secs(2);

/// The wait a server asks for in the rate-limit fault.
const SERVER_WAIT: Duration = Duration::from_secs(2);

/// What the server does for one fault.
enum Wire {
    /// An HTTP response (wiremock).
    Http(ResponseTemplate),
    /// A raw reply on a TCP connection (a cut, a stall).
    Raw(RawReply),
    /// Nothing listens on the port.
    Refused,
}

/// One fault: what goes over the wire for a cell (`None` where the fault does not exist for that
/// provider or mode), and what the client must make of it.
/// The fault whose request the connection pool may resend on its own (see `run_cell`).
const CLOSED_BEFORE_RESPONSE: &str = "connection closed before a response";

#[derive(Clone, Copy)]
struct Fault {
    name: &'static str,
    wire: fn(Cell) -> Option<Wire>,
    kind: ModelErrorKind,
    /// Whether the client sends the request again after this fault.
    retried: fn(Cell) -> bool,
    /// The wait before each retry, when the server names one (else the policy's backoff).
    server_wait: Option<Duration>,
}

/// How each provider says an error in its own shape: (status, OpenAI `type`, Anthropic `type`,
/// Gemini `status`, message).
fn status_body(cell: Cell, status: u16, kinds: [&str; 3], message: &str) -> Value {
    let [openai, anthropic, gemini] = kinds;
    match cell.provider {
        Provider::OpenAi => {
            json!({"error": {"message": message, "type": openai, "param": null, "code": openai}})
        }
        Provider::Anthropic => {
            json!({"type": "error", "error": {"type": anthropic, "message": message}})
        }
        Provider::Gemini => {
            json!({"error": {"code": status, "message": message, "status": gemini}})
        }
        Provider::Ollama => json!({"error": message}),
    }
}

fn status_wire(cell: Cell, status: u16, kinds: [&str; 3], message: &str) -> Option<Wire> {
    Some(Wire::Http(
        ResponseTemplate::new(status).set_body_json(status_body(cell, status, kinds, message)),
    ))
}

fn always(_: Cell) -> bool {
    true
}

fn never(_: Cell) -> bool {
    false
}

/// Faults the transport sees before a 2xx status are retried in both modes; a fault inside a
/// 2xx body only in whole-body mode (a stream that began is never sent again).
fn unless_streaming(cell: Cell) -> bool {
    !cell.streaming
}

/// A 429 asking for a wait, in each provider's shape: a `Retry-After` header, or for Gemini its
/// per-minute quota with a `RetryInfo` delay (worded "exceeded your current quota", yet a rate
/// limit: the quota named is per minute).
fn rate_limited(cell: Cell) -> Option<Wire> {
    let template = match cell.provider {
        Provider::Gemini => ResponseTemplate::new(429).set_body_json(json!({"error": {
            "code": 429, "status": "RESOURCE_EXHAUSTED",
            "message": "You exceeded your current quota, please check your plan and billing details.",
            "details": [
                {"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [{
                    "quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
                    "quotaId": "GenerateRequestsPerMinutePerProjectPerModel-FreeTier",
                    "quotaValue": "10"}]},
                {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "2s"}]}})),
        _ => ResponseTemplate::new(429)
            .insert_header("retry-after", "2")
            .set_body_json(status_body(
                cell,
                429,
                ["rate_limit_exceeded", "rate_limit_error", "RESOURCE_EXHAUSTED"],
                "Rate limit reached for requests. Please try again in 2s.",
            )),
    };
    Some(Wire::Http(template))
}

/// The quota or credit is gone, in each provider's own words: OpenAI's `insufficient_quota` 429,
/// Anthropic's "credit balance is too low" (a 400), Gemini's 429 naming a per-day quota, and for
/// Ollama (no shape of its own) the OpenAI wording in its `{"error": ...}`.
fn quota_exhausted(cell: Cell) -> Option<Wire> {
    let template = match cell.provider {
        Provider::OpenAi => ResponseTemplate::new(429).set_body_json(json!({"error": {
            "message": "You exceeded your current quota, please check your plan and billing details.",
            "type": "insufficient_quota", "param": null, "code": "insufficient_quota"}})),
        Provider::Anthropic => ResponseTemplate::new(400).set_body_json(json!({
            "type": "error", "error": {"type": "invalid_request_error",
            "message": "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits."}})),
        Provider::Gemini => ResponseTemplate::new(429).set_body_json(json!({"error": {
            "code": 429, "status": "RESOURCE_EXHAUSTED",
            "message": "You exceeded your current quota, please check your plan and billing details.",
            "details": [{"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [{
                "quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
                "quotaId": "GenerateRequestsPerDayPerProjectPerModel-FreeTier",
                "quotaValue": "250"}]}]}})),
        Provider::Ollama => ResponseTemplate::new(429).set_body_json(json!({
            "error": "you exceeded your current quota, please check your plan and billing details"})),
    };
    Some(Wire::Http(template))
}

/// The head of a 200 and the first half of its answer: half the body, or in a stream half its
/// first event (a stream cut after a complete answer is accepted as that answer, by design).
fn half_answer(cell: Cell) -> Vec<u8> {
    let (body, content_type) = cell.ok_body(5);
    let first_event = body.find("\n\n").filter(|_| cell.streaming);
    let end = first_event.unwrap_or(body.len()) / 2;
    cut_response_as(content_type, &body[..end])
}

/// A 200 cut off half-way through its answer (the `Content-Length` promised more).
fn cut_mid_body(cell: Cell) -> Option<Wire> {
    Some(Wire::Raw(RawReply::Close(half_answer(cell))))
}

/// A 200 whose head and half the answer arrive, then nothing more, the connection held open.
fn stalls_mid_body(cell: Cell) -> Option<Wire> {
    Some(Wire::Raw(RawReply::Stall(half_answer(cell))))
}

/// A retried 5xx in each provider's shape.
fn server_fault(name: &'static str, wire: fn(Cell) -> Option<Wire>) -> Fault {
    Fault {
        name,
        wire,
        kind: ModelErrorKind::Server,
        retried: always,
        server_wait: None,
    }
}

/// Every fault, with the provider's own status codes and error shapes.
fn faults() -> Vec<Fault> {
    vec![
        Fault {
            name: "429 with a wait",
            wire: rate_limited,
            kind: ModelErrorKind::RateLimited,
            retried: always,
            server_wait: Some(SERVER_WAIT),
        },
        Fault {
            name: "quota exhausted",
            wire: quota_exhausted,
            kind: ModelErrorKind::QuotaExhausted,
            retried: never,
            server_wait: None,
        },
        server_fault("500", |c| {
            status_wire(c, 500, ["server_error", "api_error", "INTERNAL"], "boom")
        }),
        server_fault("502", |c| {
            status_wire(
                c,
                502,
                ["server_error", "api_error", "UNAVAILABLE"],
                "bad gateway",
            )
        }),
        server_fault("503", |c| {
            status_wire(
                c,
                503,
                ["server_error", "api_error", "UNAVAILABLE"],
                "unavailable",
            )
        }),
        server_fault("504", |c| {
            status_wire(
                c,
                504,
                ["server_error", "api_error", "DEADLINE_EXCEEDED"],
                "timeout",
            )
        }),
        Fault {
            name: "529 overloaded",
            wire: |c| {
                (c.provider == Provider::Anthropic).then(|| {
                    Wire::Http(
                        ResponseTemplate::new(529).set_body_json(json!({"type": "error",
                        "error": {"type": "overloaded_error", "message": "Overloaded"}})),
                    )
                })
            },
            kind: ModelErrorKind::Server,
            retried: always,
            server_wait: None,
        },
        Fault {
            name: "401",
            wire: |c| {
                status_wire(
                    c,
                    401,
                    ["invalid_api_key", "authentication_error", "UNAUTHENTICATED"],
                    "invalid x-api-key",
                )
            },
            kind: ModelErrorKind::Authentication,
            retried: never,
            server_wait: None,
        },
        Fault {
            name: "403",
            wire: |c| {
                status_wire(
                    c,
                    403,
                    ["permission_denied", "permission_error", "PERMISSION_DENIED"],
                    "this key may not use this model",
                )
            },
            kind: ModelErrorKind::Authentication,
            retried: never,
            server_wait: None,
        },
        Fault {
            name: "400",
            wire: |c| {
                status_wire(
                    c,
                    400,
                    [
                        "invalid_request_error",
                        "invalid_request_error",
                        "INVALID_ARGUMENT",
                    ],
                    "messages: field required",
                )
            },
            kind: ModelErrorKind::InvalidRequest,
            retried: never,
            server_wait: None,
        },
        Fault {
            name: "connection refused",
            wire: |_| Some(Wire::Refused),
            kind: ModelErrorKind::Connection,
            retried: always,
            server_wait: None,
        },
        Fault {
            name: CLOSED_BEFORE_RESPONSE,
            wire: |_| Some(Wire::Raw(RawReply::Close(Vec::new()))),
            kind: ModelErrorKind::Connection,
            retried: always,
            server_wait: None,
        },
        Fault {
            name: "connection cut mid-body",
            wire: cut_mid_body,
            kind: ModelErrorKind::Connection,
            retried: unless_streaming,
            server_wait: None,
        },
        Fault {
            name: "no response within the timeout",
            wire: |_| Some(Wire::Raw(RawReply::Stall(Vec::new()))),
            kind: ModelErrorKind::Timeout,
            retried: never,
            server_wait: None,
        },
        Fault {
            name: "body stalls mid-way past the timeout",
            wire: stalls_mid_body,
            kind: ModelErrorKind::Timeout,
            retried: never,
            server_wait: None,
        },
        Fault {
            name: "error event inside a 200",
            wire: |c| c.error_in_200("the server had an error").map(Wire::Http),
            kind: ModelErrorKind::Server,
            retried: never,
            server_wait: None,
        },
        Fault {
            // Ollama's lost model runner: sent again while no output has arrived.
            name: "ollama unexpected EOF inside a 200",
            wire: |c| {
                (c.provider == Provider::Ollama)
                    .then(|| c.error_in_200("unexpected EOF").map(Wire::Http))
                    .flatten()
            },
            kind: ModelErrorKind::Server,
            retried: always,
            server_wait: None,
        },
    ]
}

/// A key no other cell uses, so a cooldown set by one cell never reaches another.
fn unique_key() -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    format!("sk-matrix-{:05}", NEXT.fetch_add(1, Ordering::SeqCst))
}

/// Run once, at the first wait.
type Hook = Box<dyn FnOnce() + Send>;

/// A `ManualClock` that runs a hook at the first wait: the refused port starts listening while
/// the client backs off, so the retry finds a server.
#[derive(Clone)]
struct HookClock {
    clock: ManualClock,
    hook: Arc<Mutex<Option<Hook>>>,
}

impl fmt::Debug for HookClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HookClock")
            .field("clock", &self.clock)
            .finish()
    }
}

impl Clock for HookClock {
    fn now(&self) -> Instant {
        self.clock.now()
    }
    fn system_time(&self) -> std::time::SystemTime {
        self.clock.system_time()
    }
    fn sleep(&self, duration: Duration) -> BoxFuture<'static, ()> {
        if let Some(hook) = self.hook.lock().unwrap().take() {
            hook();
        }
        self.clock.sleep(duration)
    }
}

/// A port on 127.0.0.1 nothing listens on, held by a socket that is bound but not listening:
/// connecting is refused, yet no other test's `bind(":0")` can take the port before the hook
/// starts listening on it (a released port was taken so once in CI, `AddrInUse`).
fn refusing_port() -> (TcpSocket, std::net::SocketAddr) {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = socket.local_addr().unwrap();
    (socket, addr)
}

/// The server side of one cell run.
struct Server {
    /// Keeps a mock server alive, and counts what it received.
    mock: Option<MockServer>,
    /// Connections a raw server accepted.
    connections: Arc<AtomicUsize>,
    /// The requests the fault itself saw (a refused port sees none).
    fault_sends_seen: bool,
    /// Holds an always-refusing port for the whole run, so no other test takes it.
    _refusing: Option<TcpSocket>,
}

impl Server {
    /// Requests the server received.
    async fn sends(&self) -> usize {
        match &self.mock {
            Some(s) => hits(s).await,
            None => self.connections.load(Ordering::SeqCst),
        }
    }
}

/// Sets up the server for `wire`, followed by a good reply when `then_ok`; returns the server,
/// its base URL and the clock the client must use.
async fn start(
    cell: Cell,
    wire: Wire,
    then_ok: bool,
    manual: &ManualClock,
) -> (Server, String, Arc<dyn Clock>) {
    let (ok_body, content_type) = cell.ok_body(5);
    let ok = RawReply::Close(full_response(content_type, &ok_body));
    let connections = Arc::new(AtomicUsize::new(0));
    let mut server = Server {
        mock: None,
        connections: connections.clone(),
        fault_sends_seen: true,
        _refusing: None,
    };
    let mut clock: Arc<dyn Clock> = Arc::new(manual.clone());
    let base = match wire {
        Wire::Http(template) => {
            let s = MockServer::start().await;
            let fault = Mock::given(method("POST")).respond_with(template);
            if then_ok {
                fault.up_to_n_times(1).mount(&s).await;
                Mock::given(method("POST"))
                    .respond_with(cell.ok_with_usage(5))
                    .mount(&s)
                    .await;
            } else {
                fault.mount(&s).await;
            }
            let base = s.uri();
            server.mock = Some(s);
            base
        }
        Wire::Raw(reply) => {
            let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
            let base = format!("http://{}", listener.local_addr().unwrap());
            let replies = if then_ok {
                vec![reply, ok]
            } else {
                vec![reply]
            };
            serve_raw(listener, replies, connections);
            base
        }
        Wire::Refused => {
            let (socket, addr) = refusing_port();
            server.fault_sends_seen = false;
            if then_ok {
                let hook: Hook = Box::new(move || {
                    let listener = socket.listen(16).unwrap();
                    serve_raw(listener, vec![ok], connections);
                });
                clock = Arc::new(HookClock {
                    clock: manual.clone(),
                    hook: Arc::new(Mutex::new(Some(hook))),
                });
            } else {
                server._refusing = Some(socket);
            }
            format!("http://{addr}")
        }
    };
    (server, base, clock)
}

/// Runs one fault against one cell, first-then-ok or always failing, and checks the outcome.
async fn run_cell(cell: Cell, fault: Fault, then_ok: bool, label: String) {
    let Some(wire) = (fault.wire)(cell) else {
        return;
    };
    let manual = ManualClock::new();
    let (server, base, clock) = start(cell, wire, then_ok, &manual).await;
    let mut cfg = config(&manual);
    cfg.clock = clock;
    cfg.timeout = Duration::from_secs(60);
    if fault.kind == ModelErrorKind::Timeout {
        cfg.timeout = TIMEOUT;
    }
    let max = cfg.retry.max_attempts as usize;
    let model = cell.model(&base, &unique_key(), cfg);
    let result = model.complete(&request()).await;
    let retried = (fault.retried)(cell);
    let sends = match (retried, then_ok) {
        (false, _) => 1,
        (true, true) => 2,
        (true, false) => max,
    };
    if retried && then_ok {
        let r = result.unwrap_or_else(|e| panic!("{label}: did not recover: {e:?}"));
        assert_eq!(r.text.as_deref(), Some("ok"), "{label}");
    } else {
        let e = result.expect_err(&format!("{label}: succeeded"));
        assert_eq!(e.kind(), fault.kind, "{label}: wrong kind: {e:?}");
        let p = e
            .downcast_ref::<ProviderError>()
            .unwrap_or_else(|| panic!("{label}: no ProviderError source: {e:?}"));
        assert_eq!(p.attempts as usize, sends, "{label}: attempts: {p:?}");
    }
    // A refused port's server, started during the backoff, sees only the retry.
    let on_server = if server.fault_sends_seen {
        sends
    } else {
        usize::from(then_ok)
    };
    let received = server.sends().await;
    if fault.name == CLOSED_BEFORE_RESPONSE {
        // hyper's connection pool sends a request again, once, on a fresh connection when the
        // one it used closed before answering and hyper judges the request unsent: the server
        // may then count one request more than the client's attempts (seen once in 136 cells
        // on a loaded machine). The client's own count (`attempts`, above) stays exact.
        assert!(
            (on_server..=on_server + 1).contains(&received),
            "{label}: requests received: {received}, expected {on_server} (or one more)"
        );
    } else {
        assert_eq!(received, on_server, "{label}: requests received");
    }
    let backoff = [Duration::from_millis(500), Duration::from_millis(1000)];
    let waits: Vec<Duration> = (0..sends - 1)
        .map(|i| fault.server_wait.unwrap_or(backoff[i]))
        .collect();
    assert_eq!(manual.sleeps(), waits, "{label}: waits");
}

/// Every fault, against every provider in both modes, first failing and then answering: a
/// retried fault recovers with exactly one retry, after the policy's backoff or the server's
/// wait; one that is not retried ends the call, typed, after one send.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_fails_then_ok() {
    run_matrix(true).await;
}

/// Every fault, against every provider in both modes, failing every time: the call ends with
/// the fault's `ModelErrorKind`, after one send for a fault that is not retried and
/// `max_attempts` sends for one that is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn always_fails() {
    run_matrix(false).await;
}

async fn run_matrix(then_ok: bool) {
    // A few cells at a time: a hundred mock servers at once on a loaded two-core machine can
    // starve a request past even a generous timeout, which would read as a wrong kind.
    let slots = Arc::new(Semaphore::new(8));
    let mut table = Vec::new();
    for fault in faults() {
        for cell in cells() {
            let label = format!("{} {cell:?}", fault.name);
            let slots = slots.clone();
            table.push((label.clone(), move || async move {
                let _slot = slots.acquire_owned().await.unwrap();
                run_cell(cell, fault, then_ok, label).await;
            }));
        }
    }
    run_table(
        if then_ok {
            "first fails, then ok"
        } else {
            "always fails"
        },
        table,
    )
    .await;
}
