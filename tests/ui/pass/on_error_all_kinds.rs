//! `exhaustive` is satisfied by `defaults` covering every kind a tool's call can meet, and
//! `unknown_tool` (the agent's own kind) is accepted under `defaults`; this case fails if the
//! macro's lists of kinds and `ErrorKind::HANDLED` drift apart.
use agents::{agent, tool, error::ErrorKind};

/// Pings.
#[tool]
fn ping() -> &'static str {
    "pong"
}

fn main() {
    let model = agents::testing::ScriptedModel::new([]);
    let _agent = agent! {
        name: "pinger",
        model: model,
        tools: [ping],
        on_error: exhaustive {
            defaults => {
                invalid_args => escalate(),
                deserialization_error => ask_values().or(escalate()),
                execution_error => escalate(),
                unknown_tool => regenerate().or(escalate()),
            },
        },
    };
    let names: Vec<&str> = ErrorKind::HANDLED.iter().map(|k| k.dsl_name()).collect();
    assert_eq!(
        names,
        ["invalid_args", "deserialization_error", "execution_error", "unknown_tool"]
    );
}
