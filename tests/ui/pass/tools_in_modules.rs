//! Tools by path, a fixer that is itself an agent, and the same tool in two agents.
use agents::agent;

mod files {
    /// Lists a directory.
    #[agents::tool]
    pub fn list_dir(path: String) -> Vec<String> {
        vec![path]
    }
}

fn main() {
    let fixer_model = agents::testing::ScriptedModel::new([]);
    let fixer = agent! {
        name: "json-fixer",
        prompt: "Fix the malformed JSON. Return only valid JSON.",
        model: fixer_model,
        budget: { max_turns: 1 },
    };
    let model = agents::testing::ScriptedModel::new([]);
    let agent = agent! {
        name: "lister",
        model: model.clone(),
        tools: [files::list_dir],
        on_error: { list_dir => { invalid_args => fix_with(fixer.clone(), retries = 3) } },
    };
    let again = agent! { name: "again", model: model, tools: [files::list_dir] };
    let _ = (agent.run("x".to_owned()), again.run("y".to_owned()), fixer);
}
