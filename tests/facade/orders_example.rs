//! `examples/orders.rs` offline: its scripted model places an order and reads it back through
//! tools that reach a real SQLite database as `Deps<Db>`; the rows are checked in the database.

#[allow(dead_code)]
#[path = "../../examples/orders.rs"]
mod orders;

use std::sync::Arc;

use agents::Tool;
use orders::{Db, assistant, scripted_model, serve};

#[tokio::test]
async fn the_scripted_shop_writes_and_reads_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shop.sqlite").display().to_string();
    let model = scripted_model();
    let agent = assistant(Arc::new(model.clone()), Db::open(&path).unwrap());
    let answers = serve(&agent).await.expect("both runs answer");
    assert_eq!(answers.len(), 2);
    // The order is in the database (the model wrote the quantity as "2": coerced to 2).
    let orders = Db::open(&path).unwrap().orders().unwrap();
    assert_eq!(orders, vec![(1, "Ada".to_owned(), "teapot".to_owned(), 2)]);
    // The second run read it back through `find_orders`: the model got it as the tool result.
    let last = model.requests().pop().expect("the model was asked");
    let result = last
        .messages
        .iter()
        .rev()
        .find_map(|m| match m {
            agents::Message::Tool(r) => Some(r.content.clone()),
            _ => None,
        })
        .expect("a tool result");
    assert!(result.contains("order 1: 2 x teapot"), "{result}");
}

#[test]
fn placing_an_order_is_not_idempotent_and_its_fields_are_the_arguments() {
    assert!(!orders::place_order {}.idempotent());
    assert!(orders::find_orders {}.idempotent());
    let schema = &orders::place_order {}.spec().parameters;
    let mut names: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
    names.sort();
    // The `Deps<Db>` parameter is not an argument; the lone `NewOrder` is the arguments.
    assert_eq!(names, ["customer", "product", "quantity"]);
}

/// An order over the stock is refused in the database's own transaction: nothing is written,
/// and the model reads how many there are.
#[tokio::test]
async fn an_order_over_the_stock_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shop.sqlite").display().to_string();
    let model = agents::testing::ScriptedModel::new([
        agents::ModelResponse::tool_call(
            "c1",
            orders::place_order::NAME,
            r#"{"customer": "Ada", "product": "teapot", "quantity": 9}"#,
        ),
        agents::ModelResponse::text("Sorry."),
    ]);
    let agent = assistant(Arc::new(model.clone()), Db::open(&path).unwrap());
    agent.run("Order 9 teapots.".to_owned()).await.unwrap();
    assert!(Db::open(&path).unwrap().orders().unwrap().is_empty());
    let last = model.requests().pop().unwrap();
    let Some(agents::Message::Tool(result)) = last.messages.last() else {
        panic!("the model read a tool result last");
    };
    assert!(result.is_error);
    assert!(
        result.content.contains("Only 5 teapot in stock."),
        "{}",
        result.content
    );
}
