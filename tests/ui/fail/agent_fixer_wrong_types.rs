/// Reads a file.
#[agents::tool]
fn read_file(path: String) -> String {
    path
}

fn main() {
    let counter = agents::agent::from_fn("counter", |raw: String| async move { Ok(raw.len()) });
    let _agent = agents::agent! {
        name: "files",
        model: agents::testing::ScriptedModel::new([]),
        tools: [read_file],
        on_error: { defaults => { invalid_args => fix_with(counter) } },
    };
}
