//! Serving over Streamable HTTP: `rmcp`'s tower service, one hyper HTTP/1 connection task per
//! client connection.

use std::sync::Arc;

use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use super::handler::Handler;
use crate::mcp::errors::McpError;

pub(super) async fn serve(
    handler: Handler,
    label: String,
    listener: tokio::net::TcpListener,
    allowed_hosts: &[&str],
) -> Result<(), McpError> {
    let mut config = StreamableHttpServerConfig::default();
    if !allowed_hosts.is_empty() {
        config = config.with_allowed_hosts(allowed_hosts.iter().map(|h| (*h).to_owned()));
    }
    let service = StreamableHttpService::new(
        move || Ok(handler.clone()),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    loop {
        let (stream, peer) = listener.accept().await.map_err(|e| McpError::Initialize {
            server: label.clone(),
            message: format!("the HTTP listener failed: {e}"),
        })?;
        let service = TowerToHyperService::new(service.clone());
        let label = label.clone();
        tokio::spawn(async move {
            let served = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
            if let Err(e) = served {
                tracing::debug!(target: "agents::mcp", server = %label, %peer, error = %e, "HTTP connection ended");
            }
        });
    }
}
