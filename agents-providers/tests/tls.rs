//! HTTPS through the TLS backend the features chose (docs/providers.md, "TLS"), against a real
//! TLS server: `openssl s_server` with a certificate made for the test, which no root the
//! client trusts has signed. Whatever the backend, the client does the handshake and verifies
//! the server: the request is refused with an error naming the certificate, and never sent.
//!
//! `scripts/test.sh` runs this binary once per backend (`rustls`, `rustls-ring`,
//! `native-tls`, `rustls-no-provider`, whose client is refused until the application installs a
//! crypto provider) and once with none, where an `https://` URL is refused when the client is
//! built, with the features that would give one.
//! Without the `openssl` program the server tests skip and say so.

// Built with no backend, only the build-time refusal runs: the TLS server and the request it
// answers serve the backend's test alone.
#![cfg_attr(
    not(any(
        feature = "rustls",
        feature = "rustls-ring",
        feature = "native-tls",
        feature = "rustls-no-provider"
    )),
    allow(dead_code, unused_imports)
)]

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use agents_core::Model;
use agents_core::model::{Message, ModelErrorKind, ModelRequest};
use agents_providers::openai::OpenAi;
use agents_providers::{TransportConfig, TransportRetry};

/// `openssl s_server` on a free loopback port with a fresh self-signed certificate; killed on
/// drop.
struct TlsServer {
    child: Child,
    port: u16,
    _dir: tempfile::TempDir,
}

impl TlsServer {
    fn start() -> Option<TlsServer> {
        if Command::new("openssl").arg("version").output().is_err() {
            eprintln!("skipped: no `openssl` program to serve TLS");
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
        self_signed(&cert, &key);
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("openssl")
            .args(["s_server", "-quiet", "-www", "-accept"])
            .arg(format!("127.0.0.1:{port}"))
            .arg("-cert")
            .arg(&cert)
            .arg("-key")
            .arg(&key)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let server = TlsServer {
            child,
            port,
            _dir: dir,
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "openssl s_server did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(server)
    }
}

impl Drop for TlsServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn self_signed(cert: &Path, key: &Path) {
    let made = Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:P-256",
        ])
        .args(["-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"])
        .args(["-addext", "subjectAltName=IP:127.0.0.1"])
        .args(["-addext", "basicConstraints=critical,CA:FALSE"])
        .arg("-keyout")
        .arg(key)
        .arg("-out")
        .arg(cert)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
}

// The error is the crate's own, as large as it is everywhere (see its `lib.rs`).
#[allow(clippy::result_large_err)]
fn client(base_url: String) -> Result<OpenAi, agents_providers::ProviderError> {
    OpenAi::builder("gpt-4o-mini")
        .base_url(base_url)
        .api_key("sk-test")
        .streaming(false)
        .transport(TransportConfig {
            retry: TransportRetry::none(),
            ..TransportConfig::default()
        })
        .build()
}

/// The server's certificate is verified: one no trusted root signed ends the request with a
/// connection error that names the certificate.
#[cfg(any(
    feature = "rustls",
    feature = "rustls-ring",
    feature = "native-tls",
    feature = "rustls-no-provider"
))]
#[tokio::test]
async fn a_certificate_no_trusted_root_signed_is_refused() {
    #[cfg(all(
        feature = "rustls-no-provider",
        not(any(feature = "rustls", feature = "rustls-ring", feature = "native-tls"))
    ))]
    {
        // The application installs the crypto provider; until it does, the client is refused
        // when it is built (reqwest would panic).
        let refused = client("https://127.0.0.1:1/v1".into()).unwrap_err();
        assert!(refused.to_string().contains("crypto provider"), "{refused}");
        return;
    }
    #[allow(unreachable_code)]
    let Some(server) = TlsServer::start() else {
        return;
    };
    let model = client(format!("https://127.0.0.1:{}/v1", server.port)).unwrap();
    let request = ModelRequest::new().messages(vec![Message::user("hi")]);
    let error = model.complete(&request).await.unwrap_err();
    assert_eq!(error.kind(), ModelErrorKind::Connection, "{error}");
    let text = error.to_string().to_lowercase();
    assert!(text.contains("certificate"), "{error}");
}

/// With no TLS backend compiled in, an `https://` URL is refused when the client is built,
/// naming the features that give one (reqwest would say only that the scheme is not `http`,
/// and only once a request is sent).
#[cfg(not(any(
    feature = "rustls",
    feature = "rustls-ring",
    feature = "native-tls",
    feature = "rustls-no-provider"
)))]
#[test]
fn https_without_a_tls_backend_is_refused_at_build() {
    let refused = client("https://api.openai.com/v1".into()).unwrap_err();
    assert_eq!(refused.kind, ModelErrorKind::InvalidRequest);
    let text = refused.to_string();
    assert!(
        text.contains("no TLS backend") && text.contains("rustls-ring"),
        "{text}"
    );
    // Plain HTTP needs none.
    assert!(client("http://127.0.0.1:1/v1".into()).is_ok());
}
