use agents::LlmAgent;

/// Reads a file.
#[agents::tool(bogus)]
fn read_file(path: String) -> String {
    path
}

fn main() {
    // The bad option above is the only error: the tool's type still exists, and the agent below
    // (whose own mistake is a second, separate error) still has its type, so using it is fine.
    let agent = agents::agent! {
        name: "files",
        model: agents::testing::ScriptedModel::new([]),
        tools: [read_file],
        on_error: { read_file => { execution_error => retry(3) } },
        colour: "blue",
    };
    let _: &LlmAgent = &agent;
    let _ = agent.run("go".to_owned());
    let _ = read_file("x".to_owned());
}
