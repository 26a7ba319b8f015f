//! Procedural macros for the agents framework.
