//! Tools that reach application state: a `Deps<T>` parameter of a `#[tool]` function reads the
//! run's dependency of type `T`, given to the agent (`agent! { deps: .. }`, the builder) and
//! overridable per run; fixers, sub-agents, served tools and durable runs see the same values; a
//! run without what its tools need stops before the model is asked.

use std::sync::Mutex;

use agents::agent::{AgentTool, from_fn_with_context};
use agents::testing::{MemoryJournal, ScriptedModel};
use agents::tool::ToolContext;
use agents::{
    AgentError, Deps, ExecutionFailure, LlmAgent, Message, ModelResponse, Tool, agent, tool,
};

/// The application's state: a shop whose orders the tools read and write.
#[derive(Default)]
struct Shop {
    name: &'static str,
    orders: Mutex<Vec<String>>,
}

impl Shop {
    fn named(name: &'static str) -> Self {
        Shop {
            name,
            ..Shop::default()
        }
    }
}

/// Places an order.
#[tool]
async fn place_order(
    shop: Deps<Shop>,
    /// What to order.
    item: String,
) -> Result<String, ExecutionFailure> {
    shop.orders.lock().unwrap().push(item.clone());
    Ok(format!("{} ordered at {}", item, shop.name))
}

/// Counts the orders (a synchronous tool: it runs on the blocking pool, its state with it).
#[tool(idempotent)]
fn count_orders(shop: Deps<Shop>) -> usize {
    shop.orders.lock().unwrap().len()
}

/// Says which call this is.
#[tool]
fn which_call(ctx: ToolContext) -> String {
    format!("{} (attempt {})", ctx.call_id, ctx.attempt)
}

fn ordering(item: &str) -> ScriptedModel {
    ScriptedModel::new([
        ModelResponse::tool_call("1", place_order::NAME, format!(r#"{{"item": "{item}"}}"#)),
        ModelResponse::text("done"),
    ])
}

/// The last tool result the model read.
fn last_result(model: &ScriptedModel) -> String {
    let request = model.requests().pop().expect("the model was asked");
    request
        .messages
        .iter()
        .rev()
        .find_map(|m| match m {
            Message::Tool(r) => Some(r.content.clone()),
            _ => None,
        })
        .expect("a tool result")
}

/// The dependency parameter is not one of the model's arguments.
#[test]
fn a_deps_parameter_is_not_in_the_schema() {
    let spec = place_order {}.spec();
    assert_eq!(
        spec.parameters["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        vec!["item"]
    );
    assert_eq!(spec.parameters["required"], serde_json::json!(["item"]));
    assert_eq!(
        place_order {}.deps_type().map(|t| t.name()),
        Some(std::any::type_name::<Shop>())
    );
    assert!(
        count_orders {}.spec().parameters["properties"]
            .as_object()
            .is_none_or(|p| p.is_empty())
    );
    assert!(which_call {}.deps_type().is_none());
}

/// `agent! { deps: .. }` gives the agent its state; a run may give its own, which wins for that
/// run only.
#[tokio::test]
async fn tools_read_the_agents_deps_and_a_run_may_override_them() {
    let model = ordering("tea");
    let shop = Shop::named("corner shop");
    let clerk = agent! {
        name: "clerk",
        model: model.clone(),
        deps: shop,
        tools: [place_order, count_orders],
    };
    assert_eq!(clerk.run("Order tea.".to_owned()).await.unwrap(), "done");
    assert_eq!(last_result(&model), "tea ordered at corner shop");

    // The same agent, another run with another shop: only that run sees it.
    let model = ordering("coffee");
    let clerk = agent! {
        name: "clerk",
        model: model.clone(),
        deps: Shop::named("corner shop"),
        tools: [place_order],
    };
    let other = Shop::named("market stall");
    let run = clerk.run("Order coffee.".to_owned()).deps(other);
    assert_eq!(run.await.unwrap(), "done");
    assert_eq!(last_result(&model), "coffee ordered at market stall");
}

/// A synchronous tool and a tool taking the call's context get them too.
#[tokio::test]
async fn sync_tools_and_the_call_context() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", count_orders::NAME, "{}").and_tool_call(
            "c2",
            which_call::NAME,
            "{}",
        ),
        ModelResponse::text("done"),
    ]);
    let shop = Shop::named("s");
    shop.orders.lock().unwrap().push("tea".into());
    let agent = LlmAgent::builder("clerk")
        .model(model.clone())
        .deps(shop)
        .tool(count_orders {})
        .tool(which_call {})
        .build()
        .unwrap();
    agent.run("How many?".to_owned()).await.unwrap();
    let request = model.requests().pop().unwrap();
    let results: Vec<String> = request
        .messages
        .iter()
        .filter_map(|m| match m {
            Message::Tool(r) => Some(r.content.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(results, vec!["1", "c2 (attempt 1)"]);
}

/// A run whose tools need state it was not given fails with a typed error, and the model is
/// never asked.
#[tokio::test]
async fn a_run_without_the_deps_its_tools_need_stops_before_the_model() {
    let model = ScriptedModel::new([ModelResponse::text("never")]);
    let agent = LlmAgent::builder("clerk")
        .model(model.clone())
        .tool(place_order {})
        .build()
        .unwrap();
    let err = agent.run("Order tea.".to_owned()).await.unwrap_err();
    let AgentError::MissingDeps(missing) = &err else {
        panic!("expected MissingDeps, got {err:?}");
    };
    assert_eq!(missing.tool, "place_order");
    assert_eq!(missing.needed.name(), std::any::type_name::<Shop>());
    assert!(err.to_string().contains(".deps(..)"), "{err}");
    assert!(model.requests().is_empty(), "the model was asked");
}

/// A sub-agent called as a tool, and a fixer, see the dependencies of the run that calls them.
#[tokio::test]
async fn sub_agents_and_fixers_see_the_callers_deps() {
    // The child orders through its own tool; it was built without any state.
    let child_model = ScriptedModel::new([
        ModelResponse::tool_call("k1", place_order::NAME, r#"{"item": "jam"}"#),
        ModelResponse::text("ordered jam"),
    ]);
    let child = agent! {
        name: "orders",
        model: child_model.clone(),
        tools: [place_order],
    };
    // The fixer reads the shop's name from the run it repairs for.
    let fixer = from_fn_with_context("fixer", |_broken: String, ctx| async move {
        let shop = ctx.deps().get::<Shop>().expect("the fixer sees the shop");
        Ok(format!(r#"{{"item": "{}"}}"#, shop.name))
    });
    let parent_model = ScriptedModel::new([
        ModelResponse::tool_call("p1", "orders", r#"{"input": "Order jam."}"#).and_tool_call(
            "p2",
            place_order::NAME,
            r#"{"thing": 1}"#,
        ),
        ModelResponse::text("done"),
    ]);
    let parent = agent! {
        name: "assistant",
        model: parent_model.clone(),
        tools: [
            place_order,
            orders = AgentTool::new(child, "Places orders."),
        ],
        on_error: {
            defaults => { deserialization_error => fix_with(fixer, retries = 1) },
        },
    };
    let shop = std::sync::Arc::new(Shop::named("deli"));
    let deps = agents::run::DepsSet::new().with_arc(shop.clone());
    let out = parent.run("Go.".to_owned()).deps_set(&deps).await.unwrap();
    assert_eq!(out, "done");
    // The child ordered jam in the parent's shop; the fixer's repaired call ordered "deli".
    let orders = shop.orders.lock().unwrap().clone();
    assert!(orders.contains(&"jam".to_owned()), "{orders:?}");
    assert!(orders.contains(&"deli".to_owned()), "{orders:?}");
}

/// A durable run carries its dependencies like any run: a replay after a crash reads the
/// recorded tool result and does not order again.
#[tokio::test]
async fn a_durable_run_with_deps_never_orders_twice() {
    let journal = MemoryJournal::new();
    let shop = std::sync::Arc::new(Shop::named("deli"));
    let deps = agents::run::DepsSet::new().with_arc(shop.clone());
    let build = || {
        agent! {
            name: "clerk",
            model: ScriptedModel::new([
                ModelResponse::tool_call("1", place_order::NAME, r#"{"item": "tea"}"#),
                ModelResponse::text("done"),
            ]),
            tools: [place_order],
        }
    };
    let clerk = build();
    let out = clerk
        .run("Order tea.".to_owned())
        .journal(&journal)
        .deps_set(&deps)
        .await
        .unwrap();
    assert_eq!(out, "done");
    // The process restarts and replays the whole journal: nothing runs again.
    let replay = MemoryJournal::replaying(journal.entries());
    let clerk = build();
    let out = clerk
        .run("Order tea.".to_owned())
        .journal(&replay)
        .deps_set(&deps)
        .await
        .unwrap();
    assert_eq!(out, "done");
    assert_eq!(*shop.orders.lock().unwrap(), vec!["tea".to_owned()]);
}

/// A tool served over MCP reads the server's dependencies; a server missing one refuses to serve
/// with a typed error naming the tool and the type, before any client connects.
#[tokio::test]
async fn served_tools_read_the_servers_deps() {
    use agents_providers::mcp::{McpError, ToolServer};
    use rmcp::ServiceExt;
    use rmcp::model::CallToolRequestParams;

    let (client_end, server_end) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        let _ = ToolServer::new("shop", "0.1.0")
            .deps(Shop::named("corner"))
            .tool(place_order {})
            .serve(server_end)
            .await;
    });
    let client = ().serve(client_end).await.expect("the handshake succeeds");
    let tools = client.list_all_tools().await.expect("tools/list");
    let listed = serde_json::Value::Object((*tools[0].input_schema).clone());
    let properties: Vec<&String> = listed["properties"].as_object().unwrap().keys().collect();
    assert_eq!(properties, vec!["item"], "the Deps parameter is not listed");
    let serde_json::Value::Object(args) = serde_json::json!({"item": "figs"}) else {
        unreachable!()
    };
    let result = client
        .call_tool(CallToolRequestParams::new(place_order::NAME).with_arguments(args))
        .await
        .expect("tools/call");
    let text: String = result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect();
    assert!(text.contains("figs ordered at corner"), "{text}");

    let (_client_end, server_end) = tokio::io::duplex(1024);
    let refused = ToolServer::new("shop", "0.1.0")
        .tool(place_order {})
        .serve(server_end)
        .await;
    match refused {
        Err(e @ McpError::MissingDeps { .. }) => {
            let message = e.to_string();
            assert!(message.contains(place_order::NAME), "{message}");
            assert!(message.contains("Shop"), "{message}");
        }
        other => panic!("expected MissingDeps, got {other:?}"),
    }
}
