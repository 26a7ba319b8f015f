fn main() {
    let _agent = agents::agent! {
        name: "files",
        model: agents::testing::ScriptedModel::new([]),
        prompt: "You manage files.",
        prompt: "You manage folders.",
    };
}
