//! Bench-only package; see `benches/peers.rs`.
