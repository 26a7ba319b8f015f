fn main() {
    let _agent = agents::agent! {
        name: "files",
        model: agents::testing::ScriptedModel::new([]),
        budget: { max_turn: 10 },
    };
}
