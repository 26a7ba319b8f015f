/// Reads a file.
#[agents::tool]
fn read_file(path: String) -> String {
    path
}

fn main() {
    let _agent = agents::agent! {
        name: "files",
        model: agents::testing::ScriptedModel::new([]),
        tools: [read_file],
        on_error: { read_file => { answer_error => regenerate() } },
    };
}
