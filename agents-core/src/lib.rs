//! Runtime of the agents framework.
pub mod json;
