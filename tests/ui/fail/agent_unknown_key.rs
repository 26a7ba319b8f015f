fn main() {
    let _agent = agents::agent! {
        name: "files",
        promt: "You manage files.",
        model: agents::testing::ScriptedModel::new([]),
    };
}
