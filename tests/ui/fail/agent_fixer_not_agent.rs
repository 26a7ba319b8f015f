/// Reads a file.
#[agents::tool]
fn read_file(path: String) -> String {
    path
}

fn json_fixer(raw: String) -> String {
    raw
}

fn main() {
    let _agent = agents::agent! {
        name: "files",
        model: agents::testing::ScriptedModel::new([]),
        tools: [read_file],
        on_error: { defaults => { invalid_args => fix_with(json_fixer, retries = 2) } },
    };
}
