//! What the evaluations of docs/EVAL.md share: their settings, the development suite (suite 2),
//! the replay of a first answer, the statistics of their reports, and the conversion of the
//! Berkeley Function Calling Leaderboard's function specs.
//!
//! Every binary of this package needs a model server (`scripts/local-llm.sh start`); none of
//! them runs in CI. The package is never published.

pub mod bfcl;
pub mod replay;
pub mod settings;
pub mod stats;
pub mod suite;
pub mod typed;
