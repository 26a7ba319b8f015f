//! The TLS backend of every HTTP client of this crate, chosen by its features as reqwest's own
//! users choose: `rustls` (rustls with aws-lc-rs, reqwest's default), `rustls-ring` (rustls with
//! ring, no C library to build), `native-tls` (the platform's TLS: OpenSSL on Linux, Secure
//! Transport on macOS, SChannel on Windows), or `rustls-no-provider` (rustls with the process's
//! default crypto provider, which the application installs). With none, only `http://` URLs work.
//!
//! Features add up in a build, so when several are on, the one asked for by name wins over the
//! default: `native-tls`, then `rustls-ring`, then `rustls`. Nothing here installs a process-wide
//! crypto provider: `rustls-ring` hands ring to this crate's clients only, so the application's
//! other crates keep whatever provider they chose.

/// Refuses an `https://` URL in a build with no TLS backend, saying which features give one
/// (reqwest would only say that the scheme is not `http` once a request is sent).
pub(crate) fn check_scheme(url: &str) -> Result<(), String> {
    const HAS_TLS: bool = cfg!(any(
        feature = "rustls",
        feature = "rustls-ring",
        feature = "native-tls",
        feature = "rustls-no-provider"
    ));
    if !HAS_TLS
        && url
            .get(..8)
            .is_some_and(|s| s.eq_ignore_ascii_case("https://"))
    {
        return Err(format!(
            "{url:?} needs TLS, and this build has no TLS backend: turn on one of the features \
             `rustls`, `rustls-ring`, `native-tls` or `rustls-no-provider` (of `agents` or \
             `agents-providers`)"
        ));
    }
    Ok(())
}

/// A reqwest client builder with the TLS backend the features chose, or why there is none.
pub(crate) fn client_builder() -> Result<reqwest::ClientBuilder, String> {
    let builder = reqwest::Client::builder();
    #[cfg(feature = "native-tls")]
    let builder = builder.tls_backend_native();
    #[cfg(all(feature = "rustls-ring", not(feature = "native-tls")))]
    let builder = builder.tls_backend_preconfigured(
        ring::client_config().map_err(|e| format!("TLS (rustls with ring): {e}"))?,
    );
    #[cfg(all(
        feature = "rustls",
        not(any(feature = "native-tls", feature = "rustls-ring"))
    ))]
    let builder = builder.tls_backend_rustls();
    // reqwest panics when it builds a client on rustls with no provider installed.
    #[cfg(all(
        feature = "rustls-no-provider",
        not(any(feature = "native-tls", feature = "rustls-ring", feature = "rustls"))
    ))]
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        return Err(
            "TLS (rustls-no-provider): the application has installed no rustls crypto \
                    provider (`CryptoProvider::install_default`)"
                .to_owned(),
        );
    }
    Ok(builder)
}

#[cfg(all(feature = "rustls-ring", not(feature = "native-tls")))]
mod ring {
    use std::sync::Arc;

    use rustls::ClientConfig;
    use rustls::crypto::CryptoProvider;

    /// A rustls configuration on ring, verifying servers with the platform's verifier (the
    /// system's roots), as reqwest builds its own; ALPN offers HTTP/1.1, which is all this crate's
    /// reqwest speaks.
    pub(super) fn client_config() -> Result<ClientConfig, rustls::Error> {
        let provider: Arc<CryptoProvider> = Arc::new(rustls::crypto::ring::default_provider());
        let verifier = rustls_platform_verifier::Verifier::new(provider.clone())?;
        let mut config = ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()?
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(verifier))
            .with_no_client_auth();
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(config)
    }
}
