//! TCP front ends between Restate and the service processes: the one address Restate knows for
//! a deployment.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A load balancer in front of `backends` (round robin, skipping a backend that refuses the
/// connection): one deployment served by several processes. Returns its port.
pub async fn balancer(backends: Vec<u16>) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port for the balancer");
    let port = listener.local_addr().expect("its address").port();
    tokio::spawn(async move {
        let mut turn = 0usize;
        while let Ok((mut inbound, _)) = listener.accept().await {
            let n = backends.len();
            let order: Vec<u16> = (0..n).map(|k| backends[(turn + k) % n]).collect();
            turn += 1;
            tokio::spawn(async move {
                for backend in order {
                    if let Ok(mut outbound) = TcpStream::connect(("127.0.0.1", backend)).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                        return;
                    }
                }
            });
        }
    });
    port
}

/// A proxy in front of one service port that can hold back what Restate sends to the service
/// (its acknowledgements) from a chosen moment, while what the service sends still reaches
/// Restate: it makes "the server stored the entry, the process never heard back" happen on
/// purpose, at a point the test names.
///
/// [`Freezer::arm`] names bytes of the service's protocol stream (an entry's name, an outcome's
/// text): when the service sends them, the proxy stops passing Restate's bytes to it, before
/// those bytes even reach Restate, so the acknowledgement of that entry never arrives.
#[derive(Clone)]
pub struct Freezer {
    pub port: u16,
    state: Arc<FreezerState>,
}

struct FreezerState {
    armed: Mutex<Option<Vec<u8>>>,
    frozen: AtomicBool,
    tripped: tokio::sync::Notify,
}

impl Freezer {
    /// A proxy to the service listening on `backend`.
    pub async fn start(backend: u16) -> Freezer {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port for the proxy");
        let port = listener.local_addr().expect("its address").port();
        let state = Arc::new(FreezerState {
            armed: Mutex::new(None),
            frozen: AtomicBool::new(false),
            tripped: tokio::sync::Notify::new(),
        });
        let shared = state.clone();
        tokio::spawn(async move {
            while let Ok((inbound, _)) = listener.accept().await {
                let Ok(outbound) = TcpStream::connect(("127.0.0.1", backend)).await else {
                    continue; // the service is down: Restate retries
                };
                tokio::spawn(pipe(inbound, outbound, shared.clone()));
            }
        });
        Freezer { port, state }
    }

    /// Freezes Restate → service traffic once the service sends `pattern`.
    pub fn arm(&self, pattern: &[u8]) {
        *self.state.armed.lock().unwrap() = Some(pattern.to_vec());
    }

    /// Waits until the armed pattern was seen and the proxy froze.
    pub async fn tripped(&self) {
        let notified = self.state.tripped.notified();
        if self.state.frozen.load(Ordering::SeqCst) {
            return;
        }
        tokio::time::timeout(super::PATIENCE, notified)
            .await
            .expect("the service never sent the armed bytes");
    }

    /// Lets traffic through again (for the connections made from now on: the frozen ones
    /// belonged to the killed process).
    pub fn thaw(&self) {
        self.state.frozen.store(false, Ordering::SeqCst);
    }

    pub fn uri(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

/// Copies both ways; the service → Restate direction watches for the armed pattern.
async fn pipe(inbound: TcpStream, outbound: TcpStream, state: Arc<FreezerState>) {
    let (mut from_restate, mut to_restate) = inbound.into_split();
    let (mut from_service, mut to_service) = outbound.into_split();
    let downstream = {
        let state = state.clone();
        async move {
            let mut buf = vec![0u8; 16 * 1024];
            loop {
                let n = match from_restate.read(&mut buf).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                // Held while frozen: the service never sees these bytes.
                while state.frozen.load(Ordering::SeqCst) {
                    tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                }
                if to_service.write_all(&buf[..n]).await.is_err() {
                    return;
                }
            }
        }
    };
    let upstream = async move {
        let mut buf = vec![0u8; 16 * 1024];
        // The tail of what came before, so that a pattern split across reads is still seen.
        let mut tail: Vec<u8> = Vec::new();
        loop {
            let n = match from_service.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            };
            let mut seen = std::mem::take(&mut tail);
            seen.extend_from_slice(&buf[..n]);
            let trips = {
                let mut armed = state.armed.lock().unwrap();
                let hit = armed
                    .as_ref()
                    .is_some_and(|p| seen.windows(p.len()).any(|w| w == p.as_slice()));
                if hit {
                    *armed = None;
                }
                hit
            };
            if trips {
                // Frozen before these bytes leave for Restate: its answer to them comes after.
                state.frozen.store(true, Ordering::SeqCst);
                state.tripped.notify_waiters();
            }
            let keep = seen.len().min(256);
            tail = seen[seen.len() - keep..].to_vec();
            if to_restate.write_all(&buf[..n]).await.is_err() {
                return;
            }
        }
    };
    tokio::join!(downstream, upstream);
}
