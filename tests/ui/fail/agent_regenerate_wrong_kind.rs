/// Reads a file.
#[agents::tool]
fn read_file(path: String) -> String {
    path
}

fn main() {
    // The tool ran: its arguments were valid, so there is no call to regenerate.
    let _agent = agents::agent! {
        name: "files",
        model: agents::testing::ScriptedModel::new([]),
        tools: [read_file],
        on_error: { read_file => { execution_error => regenerate() } },
    };
}
