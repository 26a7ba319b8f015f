//! Provider clients for the agents framework.
