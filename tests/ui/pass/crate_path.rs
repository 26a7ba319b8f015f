//! `crate = ..` / `crate: ..` point the expansion at a re-export of the runtime.
mod runtime {
    pub use ::agents as rt;
}

/// Pings.
#[agents::tool(crate = crate::runtime::rt)]
fn ping() -> &'static str {
    "pong"
}

fn main() {
    let model = agents::testing::ScriptedModel::new([]);
    let _agent = agents::agent! {
        crate: crate::runtime::rt,
        name: "pinger",
        model: model,
        tools: [ping],
    };
}
