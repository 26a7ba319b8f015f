/// Reads a file.
#[agents::tool]
fn read_file(path: String) -> String {
    path
}

// `ask_values` asks about the arguments of a parsed call: unparsed text (`invalid_args`) has none.
fn main() {
    let _agent = agents::agent! {
        name: "files",
        model: agents::testing::ScriptedModel::new([]),
        tools: [read_file],
        ask_values: true,
        on_error: { read_file => { invalid_args => ask_values() } },
    };
}
