//! `retry` re-runs a tool; a final answer has no tool to run again.
fn main() {
    let _agent = agents::agent! {
        name: "answers",
        model: agents::testing::ScriptedModel::new([]),
        on_error: { defaults => { answer_error => retry(3) } },
    };
}
