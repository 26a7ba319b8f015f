//! `loop_until`, `Route`, and agents as tools.

use std::sync::{Arc, Mutex};

use agents_core::agent::{Compose, LoopExhausted, Route, from_fn, from_fn_with_context};
use agents_core::testing::ScriptedModel;
use agents_core::tool::Tool;
use agents_core::{
    AgentError, AgentExt, LlmAgent, Message, ModelResponse, Severity,
    agent::{AgentPath, RunContext},
};

fn drafts(texts: &[&str]) -> (LlmAgent<String, String>, ScriptedModel) {
    let model = ScriptedModel::new(texts.iter().map(|t| ModelResponse::text(*t)));
    let agent = LlmAgent::builder("writer")
        .model(model.clone())
        .build()
        .unwrap();
    (agent, model)
}

fn user_text(model: &ScriptedModel, i: usize) -> String {
    match &model.requests()[i].messages[0] {
        Message::User { content } => content.clone(),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn loop_until_reruns_with_feedback_until_the_output_passes() {
    let (writer, model) = drafts(&["too long draft", "still too long", "ok"]);
    let looped = writer.loop_until(
        5,
        |out: &String| out.len() <= 2,
        |input: &String, last: &String, i| {
            format!(
                "{input}\nAttempt {i} was {} characters; at most 2.",
                last.len()
            )
        },
    );
    assert_eq!(looped.run("Say yes.".into()).await.unwrap(), "ok");
    assert_eq!(model.requests().len(), 3);
    assert_eq!(user_text(&model, 0), "Say yes.");
    assert_eq!(
        user_text(&model, 2),
        "Say yes.\nAttempt 2 was 14 characters; at most 2."
    );
}

#[tokio::test]
async fn loop_until_exhausted_is_a_typed_error_carrying_the_last_output() {
    let (writer, model) = drafts(&["draft 1", "draft 2", "never asked"]);
    let looped =
        agents_core::agent::loop_until(writer, 2, |_: &String| false, |i: &String, _, _| i.clone());
    let err = looped.run("Write.".into()).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "agent writer failed: no output passed the check in 2 iteration(s)"
    );
    assert_eq!(LoopExhausted::<String>::find(&err).unwrap().iterations, 2);
    let exhausted = LoopExhausted::<String>::take(err).unwrap();
    assert_eq!(exhausted.last, "draft 2");
    assert_eq!(model.requests().len(), 2);
}

#[tokio::test]
async fn an_error_inside_the_loop_ends_it_unchanged() {
    let runs = Arc::new(Mutex::new(0));
    let r = runs.clone();
    let flaky = from_fn("flaky", move |_: u32| {
        let n = {
            let mut g = r.lock().unwrap();
            *g += 1;
            *g
        };
        async move {
            if n == 2 {
                Err(AgentError::escalation("the source is gone", Severity::High))
            } else {
                Ok(n)
            }
        }
    });
    let looped = flaky.loop_until(5, |n: &u32| *n > 10, |_, last: &u32, _| *last);
    let err = looped.run(0).await.unwrap_err();
    let AgentError::Escalated(e) = err else {
        panic!("{err:?}")
    };
    assert_eq!(e.source, AgentPath::root("flaky"));
    assert_eq!(*runs.lock().unwrap(), 2);
}

#[tokio::test]
async fn route_sends_each_input_to_the_named_child() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let child = |name: &'static str| {
        let seen = seen.clone();
        from_fn_with_context(name, move |q: String, ctx: RunContext| {
            seen.lock().unwrap().push(ctx.path().unwrap().to_string());
            async move { Ok(format!("{name}: {q}")) }
        })
    };
    let router = Route::new("triage", |q: &String| {
        if q.contains("invoice") {
            "billing".to_owned()
        } else if q.contains("crash") {
            "suport".to_owned() // a typo, to see the hint
        } else {
            "sales".to_owned()
        }
    })
    .child(child("billing"))
    .child(child("support"))
    .child(child("sales"));

    assert_eq!(
        router.run("my invoice".into()).await.unwrap(),
        "billing: my invoice"
    );
    assert_eq!(
        router.run("a quote".into()).await.unwrap(),
        "sales: a quote"
    );
    assert_eq!(*seen.lock().unwrap(), ["billing", "sales"]);
    let err = router.run("it crashed".into()).await.unwrap_err();
    assert!(
        matches!(&err, AgentError::Config(m) if m.contains("no child `suport`") && m.contains("did you mean `support`")),
        "{err}"
    );
}

#[derive(serde::Deserialize, serde::Serialize, schemars::JsonSchema)]
struct Order {
    sku: String,
    qty: u32,
}

#[derive(serde::Serialize, serde::Deserialize, schemars::JsonSchema, PartialEq, Debug)]
struct Quote {
    total_cents: u64,
}

#[tokio::test]
async fn an_agent_as_a_tool_reads_typed_input_and_returns_json() {
    let pricer = from_fn_with_context("pricer", |o: Order, ctx: RunContext| async move {
        assert_eq!(ctx.path().unwrap().to_string(), "shop/pricer");
        Ok(Quote {
            total_cents: 250 * o.qty as u64 + o.sku.len() as u64,
        })
    });
    let tool = pricer.into_tool("Prices an order.");
    // An object input is the schema as it is.
    assert_eq!(tool.spec().parameters["type"], "object");
    assert!(tool.spec().parameters["properties"]["sku"].is_object());
    assert_eq!(tool.spec().description, "Prices an order.");

    let model = ScriptedModel::new([
        // Wrong type for qty: coerced by the built-in repair before the child runs.
        ModelResponse::tool_call("c1", "pricer", r#"{"sku": "AB", "qty": "4"}"#),
        ModelResponse::text("1002 cents"),
    ]);
    let shop = LlmAgent::<String, String>::builder("shop")
        .model(model.clone())
        .tool(tool)
        .build()
        .unwrap();
    assert_eq!(shop.run("price it".into()).await.unwrap(), "1002 cents");
    let Some(Message::Tool(r)) = model.requests()[1].messages.last().cloned() else {
        panic!()
    };
    assert!(!r.is_error);
    assert_eq!(
        serde_json::from_str::<Quote>(&r.content).unwrap(),
        Quote { total_cents: 1002 }
    );
}

#[tokio::test]
async fn a_non_object_input_is_wrapped_and_a_bad_one_fed_back() {
    let echo = from_fn("echo", |n: u32| async move { Ok(n + 1) });
    let tool = echo.into_tool("Adds one.");
    let params = &tool.spec().parameters;
    assert_eq!(params["required"][0], "input");
    assert_eq!(params["properties"]["input"]["type"], "integer");

    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "echo", r#"{"input": [1, 2]}"#),
        ModelResponse::tool_call("c2", "echo", r#"{"input": 41}"#),
        ModelResponse::text("42"),
    ]);
    let agent = LlmAgent::builder("adder")
        .output::<u32>()
        .model(model.clone())
        .tool(tool)
        .build()
        .unwrap();
    assert_eq!(agent.run("41 + 1".into()).await.unwrap(), 42);
    let reqs = model.requests();
    let Some(Message::Tool(bad)) = reqs[1].messages.last().cloned() else {
        panic!()
    };
    assert!(bad.is_error && bad.content.contains("`input`"), "{bad:?}");
    let Some(Message::Tool(good)) = reqs[2].messages.last().cloned() else {
        panic!()
    };
    assert_eq!(good.content, "42");
}

/// A child's ordinary failure (not an escalation or a stop) is an execution failure of the tool:
/// the parent's model hears that the tool failed, without the child's operator detail.
#[tokio::test]
async fn a_childs_ordinary_failure_is_a_tool_failure() {
    let broken = from_fn("broken", |_: String| async move {
        Err::<String, _>(AgentError::Config("secret config path /etc/x".into()))
    });
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "broken", r#"{"input": "x"}"#),
        ModelResponse::text("gave up"),
    ]);
    let agent = LlmAgent::<String, String>::builder("parent")
        .model(model.clone())
        .tool(broken.into_tool("Breaks."))
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "gave up");
    let Some(Message::Tool(r)) = model.requests()[1].messages.last().cloned() else {
        panic!()
    };
    assert!(r.is_error);
    assert!(
        r.content.starts_with("ERROR: Tool 'broken' failed"),
        "{r:?}"
    );
    assert!(!r.content.contains("/etc/x"), "{r:?}");
}
