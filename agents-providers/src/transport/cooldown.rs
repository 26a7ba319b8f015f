//! A process-wide cooldown per provider account: a Retry-After seen by one client makes every
//! client of the same base URL and key wait.

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

/// Identifies a provider account: a hash of (base URL, API key). The key itself is never stored;
/// the hash is salted per process, so it is not even stable across runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CooldownKey(u64);

static SALT: LazyLock<RandomState> = LazyLock::new(RandomState::new);
static DEADLINES: LazyLock<Mutex<HashMap<CooldownKey, Instant>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

impl CooldownKey {
    /// The key of a base URL (trailing slashes ignored) and an optional API key.
    pub fn new(base_url: &str, api_key: Option<&str>) -> Self {
        let mut h = SALT.build_hasher();
        base_url.trim_end_matches('/').hash(&mut h);
        api_key.hash(&mut h);
        CooldownKey(h.finish())
    }

    /// How long clients of this account must still wait, as of `now`.
    pub fn remaining(self, now: Instant) -> Option<Duration> {
        let mut map = lock();
        match map.get(&self) {
            Some(&until) if until > now => Some(until - now),
            Some(_) => {
                map.remove(&self);
                None
            }
            None => None,
        }
    }

    /// Makes clients of this account wait until `until` (a later deadline already set wins).
    pub fn extend(self, until: Instant) {
        let mut map = lock();
        let entry = map.entry(self).or_insert(until);
        if *entry < until {
            *entry = until;
        }
    }

    /// Ends the cooldown of this account.
    pub fn clear(self) {
        lock().remove(&self);
    }
}

fn lock() -> std::sync::MutexGuard<'static, HashMap<CooldownKey, Instant>> {
    DEADLINES.lock().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_account_shares_a_deadline() {
        let a = CooldownKey::new("http://h/v1/", Some("k"));
        let b = CooldownKey::new("http://h/v1", Some("k"));
        let other = CooldownKey::new("http://h/v1", Some("k2"));
        assert_eq!(a, b);
        assert_ne!(a, other);
        let now = Instant::now();
        a.extend(now + Duration::from_secs(5));
        a.extend(now + Duration::from_secs(2));
        assert_eq!(b.remaining(now), Some(Duration::from_secs(5)));
        assert_eq!(other.remaining(now), None);
        assert_eq!(b.remaining(now + Duration::from_secs(6)), None);
    }
}
