//! One budget down the tree: a fixer's and a child's spending count against the caller's caps,
//! and `max_agent_depth` stops runaway recursion.

use crate::common;

use std::sync::{Arc, OnceLock};

use agents_core::agent::{Compose, from_fn};
use agents_core::repair::{Handlers, fix_with};
use agents_core::testing::ScriptedModel;
use agents_core::{
    Agent, AgentError, Budget, LlmAgent, ModelResponse,
    agent::{AgentPath, RunContext},
    budget::BudgetKind,
};
use common::{counter, weather};
use futures_util::future::BoxFuture;

/// A main agent whose malformed call is repaired by an LLM fixer (one turn, 70 tokens).
fn repaired_run(budget: Budget) -> (LlmAgent<String, String>, ScriptedModel, ScriptedModel) {
    let fixer_model = ScriptedModel::new([
        ModelResponse::text(r#"{"city": "Oslo", "days": 2}"#).with_usage(50, 20)
    ]);
    let fixer = LlmAgent::<String, String>::builder("fixer")
        .model(fixer_model.clone())
        .build()
        .unwrap();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "weather", r#"{"town": "Oslo"}"#).with_usage(10, 5),
        ModelResponse::text("Sunny.").with_usage(10, 5),
    ]);
    let agent = LlmAgent::<String, String>::builder("forecaster")
        .model(model.clone())
        .budget(budget)
        .tool_with(
            weather(counter()),
            Handlers::new().deserialization_error(fix_with(fixer, 1)),
        )
        .build()
        .unwrap();
    (agent, model, fixer_model)
}

/// A context above the agent with an unlimited budget of its own, to read what the run spent.
fn metered() -> RunContext {
    RunContext::top()
        .enter("app", Budget::unlimited(), None, &[])
        .unwrap()
}

#[tokio::test]
async fn a_fixers_turns_and_tokens_are_charged_to_the_run() {
    let (agent, _, fixer_model) = repaired_run(Budget::default());
    let app = metered();
    assert_eq!(
        agent.invoke("weather?".into(), &app).await.unwrap(),
        "Sunny."
    );
    assert_eq!(fixer_model.requests().len(), 1);
    let spent = app.budget().unwrap().spent();
    // Two of the forecaster's turns and one of the fixer's; all three answers' tokens.
    assert_eq!((spent.turns, spent.tokens), (3, 15 + 70 + 15));
    // Two repair steps on the one call: the built-in coercion (which cannot add the missing
    // `city` and passes) and the fixer; the tool ran once, on the fixer's answer.
    assert_eq!(spent.repair_steps, 2, "{spent:?}");
    assert_eq!(spent.tool_calls, 1, "{spent:?}");
}

#[tokio::test]
async fn a_fixers_tokens_count_against_the_callers_cap() {
    // The forecaster's own turns use 30 tokens; the fixer's 70 break a cap of 50.
    let (agent, model, _) = repaired_run(Budget {
        max_tokens: Some(50),
        ..Budget::default()
    });
    let err = agent.run("weather?".into()).await.unwrap_err();
    match err {
        AgentError::Budget(b) => {
            assert_eq!(b.kind, BudgetKind::Tokens);
            assert_eq!(b.agent, AgentPath::root("forecaster"));
            assert_eq!(b.used, 85);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(model.requests().len(), 1, "stopped during the repair");
}

/// A parent that delegates once to a child that calls `weather` once: two turns each.
fn parent_of_child(budget: Budget) -> LlmAgent<String, String> {
    let child = LlmAgent::<String, String>::builder("child")
        .model(ScriptedModel::new([
            ModelResponse::tool_call("k1", "weather", r#"{"city": "Oslo"}"#),
            ModelResponse::text("Sunny in Oslo."),
        ]))
        .tool(weather(counter()))
        .build()
        .unwrap();
    LlmAgent::<String, String>::builder("parent")
        .model(ScriptedModel::new([
            ModelResponse::tool_call("p1", "child", r#"{"input": "Oslo"}"#),
            ModelResponse::text("done"),
        ]))
        .budget(budget)
        .tool(child.into_tool("Forecasts."))
        .build()
        .unwrap()
}

#[tokio::test]
async fn a_childs_spending_counts_against_the_parents_caps() {
    // Two turns of its own plus two of the child's: a cap of 3 stops the parent's second turn.
    let parent = parent_of_child(Budget {
        max_turns: Some(3),
        ..Budget::default()
    });
    let err = parent.run("go".into()).await.unwrap_err();
    assert!(
        matches!(&err, AgentError::Budget(b) if b.kind == BudgetKind::Turns && b.used == 4 && b.agent == AgentPath::root("parent")),
        "{err:?}"
    );

    // Unlimited, the whole tree's spending shows above it.
    let app = metered();
    let parent = parent_of_child(Budget::default());
    assert_eq!(parent.invoke("go".into(), &app).await.unwrap(), "done");
    let spent = app.budget().unwrap().spent();
    assert_eq!((spent.turns, spent.tool_calls), (4, 2));
}

/// An agent that is its own tool, through a late-bound handle.
#[derive(Clone)]
struct Recursive(Arc<OnceLock<LlmAgent<String, String>>>);

impl Agent<String, String> for Recursive {
    fn name(&self) -> &str {
        "recurse"
    }
    fn invoke<'a>(
        &'a self,
        input: String,
        ctx: &'a RunContext,
    ) -> BoxFuture<'a, Result<String, AgentError>> {
        self.0.get().expect("bound").invoke(input, ctx)
    }
}

#[tokio::test]
async fn max_agent_depth_stops_runaway_recursion() {
    let model =
        ScriptedModel::new((0..20).map(|i| {
            ModelResponse::tool_call(format!("c{i}"), "recurse", r#"{"input": "again"}"#)
        }));
    let handle = Recursive(Arc::new(OnceLock::new()));
    let agent = LlmAgent::<String, String>::builder("recurse")
        .model(model.clone())
        .tool(handle.clone().into_tool("Does it again."))
        .build()
        .unwrap();
    assert!(handle.0.set(agent.clone()).is_ok());

    let err = agent.run("go".into()).await.unwrap_err();
    match err {
        AgentError::Budget(b) => {
            assert_eq!(b.kind, BudgetKind::AgentDepth);
            assert_eq!((b.limit, b.used), (8, 9));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        model.requests().len(),
        8,
        "one turn per level, eight levels"
    );
}

/// Plain-function children do not check the depth themselves; delegation through a tool does.
#[tokio::test]
async fn depth_is_checked_for_plain_function_children_too() {
    let leaf = from_fn("leaf", |s: String| async move { Ok(s) });
    let model = ScriptedModel::new([ModelResponse::tool_call("c1", "leaf", r#"{"input": "x"}"#)]);
    let agent = LlmAgent::<String, String>::builder("root")
        .model(model)
        .budget(Budget {
            max_agent_depth: Some(1),
            ..Budget::default()
        })
        .tool(leaf.into_tool("Echoes."))
        .build()
        .unwrap();
    let err = agent.run("go".into()).await.unwrap_err();
    assert!(
        matches!(&err, AgentError::Budget(b) if b.kind == BudgetKind::AgentDepth && b.used == 2),
        "{err:?}"
    );
}
