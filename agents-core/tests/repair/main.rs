//! What a tool call's arguments go through: lenient JSON repair, schema-guided coercion,
//! validation, the repair chain and its steps, the echo check, `ask_values` and constraint.
//! One test binary for all of them (each file a module), so the dependency tree is linked once.

#[path = "../common/mod.rs"]
mod common;

mod ask_values;
mod coercion;
mod constrained;
mod constraint_schema;
mod deep_nesting;
mod echo;
mod feedback;
mod json_corpus;
mod json_props;
mod numbers;
mod pipeline;
mod scalar_answer;
mod schema_validation;
mod step_options;
mod typed_answer;
