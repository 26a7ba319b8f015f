fn read_file(path: String) -> String {
    path
}

fn main() {
    let _agent = agents::agent! {
        name: "files",
        model: agents::testing::ScriptedModel::new([]),
        tools: [read_file],
    };
}
