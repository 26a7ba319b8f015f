fn main() {
    let fixer = agents::agent::from_fn("fixer", |raw: String| async move { Ok(raw) });
    let _agent = agents::agent! {
        name: "files",
        model: agents::testing::ScriptedModel::new([]),
        on_error: { defaults => { invalid_args => fix_with(fixer, retires = 2) } },
    };
}
