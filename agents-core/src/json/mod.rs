//! Deterministic repair of model-emitted JSON and schema-guided coercion.
