//! Prevention mode and the `regenerate` step in `agent!`: `constrained` is a key, and
//! `regenerate()` is accepted under the two kinds it handles, alone or in a chain.
use agents::agent;

/// Converts a weight.
#[agents::tool]
fn convert(value: f64, to: String) -> String {
    format!("{value} {to}")
}

fn main() {
    let _agent = agent! {
        name: "units",
        model: agents::testing::ScriptedModel::new([]),
        tools: [convert],
        constrained: true,
        on_error: {
            defaults => {
                invalid_args => regenerate(),
                deserialization_error => regenerate().or(escalate()),
            },
        },
    };
}
