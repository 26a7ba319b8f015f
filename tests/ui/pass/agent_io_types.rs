//! Typed input and output, a budget given as an expression, skills, and a tool given as any
//! expression under a key.
use agents::tool::tool_fn;
use agents::agent::{LlmErrorDecision, Skill};
use agents::{Budget, ExecutionFailure, LlmAgent, agent};

#[derive(serde::Serialize)]
struct Question {
    text: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Answer {
    value: u32,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct AddArgs {
    a: u32,
    b: u32,
}

fn main() {
    let model = agents::testing::ScriptedModel::new([]);
    let adder = tool_fn("add", "Adds.", |args: AddArgs| async move {
        Ok::<_, ExecutionFailure>(args.a + args.b)
    });
    let agent: LlmAgent<Question, Answer> = agent! {
        name: "typed",
        model: model,
        input: Question,
        output: Answer,
        budget: Budget::unlimited(),
        tools: [add = adder],
        on_error: { add => { execution_error => retry(2, no_backoff()) } },
        skills: [Skill::new("math", "Does sums.").tools(["add"])],
        on_llm_error: |_err| LlmErrorDecision::RespondWith(Answer { value: 0 }),
        output_retries: 1,
    };
    let _ = agent.run(Question { text: "1+1".into() });
}
