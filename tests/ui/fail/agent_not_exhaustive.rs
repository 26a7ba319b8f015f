/// Reads a file.
#[agents::tool]
fn read_file(path: String) -> String {
    path
}

/// Lists a directory.
#[agents::tool]
fn list_dir(path: String) -> Vec<String> {
    vec![path]
}

fn main() {
    let _agent = agents::agent! {
        name: "files",
        model: agents::testing::ScriptedModel::new([]),
        tools: [read_file, list_dir],
        on_error: exhaustive {
            defaults => { invalid_args => escalate() },
            read_file => { deserialization_error => escalate(), execution_error => retry(3) },
        },
    };
}
