//! End to end against the real local model (`scripts/local-llm.sh start`): prompted tool
//! calling, the OpenAI-compatible client's stream and constrained decoding. Without the server
//! the tests skip (they fail instead under `AGENTS_REQUIRE_LOCAL_LLM=1`, as `scripts/test.sh`
//! runs them).

#[path = "../common/mod.rs"]
mod common;

mod e2e_constrained;
mod e2e_context;
mod e2e_local;
mod e2e_typed;
