//! Which redirects a transport follows: only those within the request's own origin.

/// Follows a redirect only to the origin (scheme, host and port) of the request's own URL, at
/// most 5 times. reqwest strips `Authorization` on a cross-origin redirect but not custom
/// credential headers (`x-api-key`, `x-goog-api-key`) nor a `?key=` query, so a redirect to
/// another origin is not followed at all: its 3xx is returned as an error saying where it
/// pointed.
pub fn redirect_policy() -> reqwest::redirect::Policy {
    reqwest::redirect::Policy::custom(|attempt| {
        let first = attempt.previous().first().map(reqwest::Url::origin);
        if first.is_none_or(|o| o != attempt.url().origin()) {
            attempt.stop()
        } else if attempt.previous().len() > 5 {
            attempt.error("too many redirects")
        } else {
            attempt.follow()
        }
    })
}
