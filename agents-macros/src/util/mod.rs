//! Helpers shared by both macros: error accumulation, suggestions, duration literals and the path
//! to the runtime.

pub(crate) mod duration;
pub(crate) mod errors;
pub(crate) mod paths;
