// `.tool(weather)` passes the `#[tool]` function itself; the tool is the struct beside it,
// `weather {}`. The error says so instead of asking to annotate a function that already is.

/// Current weather in a city.
#[agents::tool]
fn weather(city: String) -> String {
    city
}

fn main() {
    let _agent = agents::LlmAgent::builder("a")
        .model(agents::testing::ScriptedModel::new([]))
        .tool(weather);
}
