//! A shop assistant whose tools read and write a real database: orders in SQLite (`rusqlite`
//! with its `bundled` feature, which compiles SQLite itself: nothing to install).
//!
//! The database reaches the tools as application state, a `Deps<Db>` parameter the model never
//! sees; `place_order` takes one struct as its arguments (the model writes its fields), and it
//! is not idempotent: a retry never repeats it, and a durable run never runs it twice.
//!
//! ```text
//! cargo run --example orders                                      # offline: a scripted model
//! LOCAL_LLM_URL=http://127.0.0.1:8089 cargo run --example orders  # the local model (scripts/local-llm.sh start)
//! ```
//!
//! Offline, a `ScriptedModel` plays the model (its calls and answers are written below, one of
//! them with the quantity as a string, which the runtime coerces); the tools and the database
//! are real either way. `tests/orders_example.rs` runs it offline. `SHOW_EVENTS=1` prints every
//! event of the runs.
//!
//! Against the local model (Gemma 3 270M, a small base model) the runs complete, but read what
//! it does with `SHOW_EVENTS=1`: it writes "teapots" for the catalogue's "teapot" (the tool
//! matches names leniently), may call the wrong tool for a question, and its answers may not
//! match the tool results. The database, printed last, holds what really happened.

use std::sync::{Arc, Mutex};

use agents::model::Model;
use agents::providers::prompted::{Example, PromptFormat, PromptedCompletions};
use agents::testing::ScriptedModel;
use agents::{AgentError, Deps, ExecutionFailure, LlmAgent, ModelResponse, agent, tool};
use rusqlite::{Connection, params};

/// The application's database handle: one connection behind a lock (a pool in a larger
/// application).
pub struct Db {
    conn: Mutex<Connection>,
}

impl Db {
    /// Opens (or creates) the database at `path` (`":memory:"` for one that lives in memory),
    /// with the catalogue filled in.
    pub fn open(path: &str) -> rusqlite::Result<Db> {
        let conn = Connection::open(path)?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS products (
                 name TEXT PRIMARY KEY,
                 price_cents INTEGER NOT NULL,
                 stock INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS orders (
                 id INTEGER PRIMARY KEY AUTOINCREMENT,
                 customer TEXT NOT NULL,
                 product TEXT NOT NULL REFERENCES products(name),
                 quantity INTEGER NOT NULL
             );
             INSERT OR IGNORE INTO products VALUES
                 ('teapot', 2500, 5), ('mug', 800, 40), ('kettle', 4200, 0);",
        )?;
        Ok(Db {
            conn: Mutex::new(conn),
        })
    }

    /// Runs `f` on the connection.
    fn with<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> rusqlite::Result<T> {
        let conn = self.conn.lock().unwrap_or_else(|p| p.into_inner());
        f(&conn)
    }

    /// Every order, as `(id, customer, product, quantity)`, in order.
    pub fn orders(&self) -> rusqlite::Result<Vec<(i64, String, String, u32)>> {
        self.with(|conn| {
            let mut rows =
                conn.prepare("SELECT id, customer, product, quantity FROM orders ORDER BY id")?;
            rows.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
                .collect()
        })
    }
}

/// A database failure, as a tool reports it: the detail for the operator, a short sentence for
/// the model.
fn db_failure(e: rusqlite::Error) -> ExecutionFailure {
    ExecutionFailure::from_error(e).with_model_message("The shop's database failed.")
}

/// A refusal the model can act on: `detail` for the operator, `text` for the model. Permanent:
/// the same call would fail the same way.
fn refusal(detail: String, text: String) -> ExecutionFailure {
    ExecutionFailure::new(detail)
        .permanent()
        .with_model_message(text)
}

/// One line of the catalogue.
#[derive(Debug, serde::Serialize)]
pub struct Product {
    name: String,
    price_cents: i64,
    stock: i64,
}

/// Lists the products the shop sells, with their price in cents and how many are in stock.
#[tool(idempotent)]
pub fn list_products(db: Deps<Db>) -> Result<Vec<Product>, ExecutionFailure> {
    db.with(|conn| {
        let mut rows =
            conn.prepare("SELECT name, price_cents, stock FROM products ORDER BY name")?;
        rows.query_map([], |r| {
            Ok(Product {
                name: r.get(0)?,
                price_cents: r.get(1)?,
                stock: r.get(2)?,
            })
        })?
        .collect()
    })
    .map_err(db_failure)
}

/// An order to place.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct NewOrder {
    /// Who orders.
    customer: String,
    /// The product's name, as the catalogue writes it.
    product: String,
    /// How many.
    quantity: u32,
}

/// Places an order for a customer and takes it out of stock. Not safe to repeat: each call
/// places one more order.
#[tool]
pub fn place_order(db: Deps<Db>, order: NewOrder) -> Result<String, ExecutionFailure> {
    let NewOrder {
        customer,
        product,
        quantity,
    } = order;
    if quantity == 0 {
        return Err(refusal(
            "quantity 0".into(),
            "The quantity must be at least 1.".into(),
        ));
    }
    let mut conn = db.conn.lock().unwrap_or_else(|p| p.into_inner());
    // One transaction: the stock check, the stock update and the order stand or fall together.
    let tx = conn.transaction().map_err(db_failure)?;
    // People (and models) write "Teapots" for "teapot": match the name leniently, and record the
    // catalogue's own.
    let found: Option<(String, i64)> = tx
        .query_row(
            "SELECT name, stock FROM products WHERE name = lower(?1) OR name || 's' = lower(?1)",
            params![product],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .map(Some)
        .or_else(|e| match e {
            rusqlite::Error::QueryReturnedNoRows => Ok(None),
            e => Err(e),
        })
        .map_err(db_failure)?;
    let Some((product, stock)) = found else {
        return Err(refusal(
            format!("no product {product:?}"),
            format!(
                "There is no product called {product:?}; list the products to see their names."
            ),
        ));
    };
    if stock < i64::from(quantity) {
        return Err(refusal(
            format!("{product}: {stock} in stock"),
            format!("Only {stock} {product} in stock."),
        ));
    }
    tx.execute(
        "UPDATE products SET stock = stock - ?1 WHERE name = ?2",
        params![quantity, product],
    )
    .map_err(db_failure)?;
    tx.execute(
        "INSERT INTO orders (customer, product, quantity) VALUES (?1, ?2, ?3)",
        params![customer, product, quantity],
    )
    .map_err(db_failure)?;
    let id = tx.last_insert_rowid();
    tx.commit().map_err(db_failure)?;
    Ok(format!("order {id}: {quantity} x {product} for {customer}"))
}

/// Finds a customer's orders.
#[tool(idempotent)]
pub fn find_orders(
    db: Deps<Db>,
    /// The customer's name.
    customer: String,
) -> Result<Vec<String>, ExecutionFailure> {
    db.with(|conn| {
        let mut rows = conn
            .prepare("SELECT id, product, quantity FROM orders WHERE customer = ?1 ORDER BY id")?;
        rows.query_map(params![customer], |r| {
            let (id, product, quantity): (i64, String, u32) = (r.get(0)?, r.get(1)?, r.get(2)?);
            Ok(format!("order {id}: {quantity} x {product}"))
        })?
        .collect()
    })
    .map_err(db_failure)
}

/// What the customer asks, one run each.
pub const REQUESTS: [&str; 2] = ["Order 2 teapots for Ada.", "What has Ada ordered?"];

/// The local model at `url` (llama.cpp's server with a small base model): the prompted client,
/// with a worked example for each tool that writes, greedy.
fn local_model(url: &str) -> Result<Arc<dyn Model>, Box<dyn std::error::Error>> {
    let format = PromptFormat::new()
        .example(
            Example::new("What has Bob ordered?")
                .call("find_orders", r#"{"customer": "Bob"}"#)
                .result(r#"["order 7: 3 x mug"]"#)
                .answer("Bob ordered 3 mugs (order 7)."),
        )
        .example(
            Example::new("Order 3 mugs for Bob.")
                .call(
                    "place_order",
                    r#"{"customer": "Bob", "product": "mug", "quantity": 3}"#,
                )
                .result("order 7: 3 x mug for Bob")
                .answer("Done: order 7, 3 mugs for Bob."),
        )
        .example(
            Example::new("What do you sell?")
                .call("list_products", "{}")
                .result(r#"[{"name": "mug", "price_cents": 800, "stock": 40}]"#)
                .answer("Mugs, at 8.00 each."),
        );
    let model = PromptedCompletions::builder("gemma3-270m")
        .base_url(format!("{}/v1", url.trim_end_matches('/')))
        .format(format)
        .temperature(0.0)
        .build()?;
    Ok(Arc::new(model))
}

/// A model that plays the customer's two requests offline: the first call writes the quantity
/// as a string (`"2"`), which the runtime coerces to the number the schema asks for.
pub fn scripted_model() -> ScriptedModel {
    ScriptedModel::new([
        ModelResponse::tool_call(
            "c1",
            place_order::NAME,
            r#"{"customer": "Ada", "product": "teapot", "quantity": "2"}"#,
        ),
        ModelResponse::text("Done: 2 teapots for Ada."),
        ModelResponse::tool_call("c2", find_orders::NAME, r#"{"customer": "Ada"}"#),
        ModelResponse::text("Ada ordered 2 teapots."),
    ])
}

/// The shop assistant over `model`, with `db` as its tools' state.
pub fn assistant(model: Arc<dyn Model>, db: Db) -> LlmAgent<String, String> {
    agent! {
        name: "shop",
        prompt: "You help the customers of a shop. Use the tools.",
        model: model,
        deps: db,
        budget: { max_turns: 4, max_duration: "5m" },
        tools: [list_products, place_order, find_orders],
        on_event: |e| if std::env::var_os("SHOW_EVENTS").is_some() { eprintln!("{e:?}") },
    }
}

/// Runs every request of [`REQUESTS`] in turn: the answers.
pub async fn serve(agent: &LlmAgent<String, String>) -> Result<Vec<String>, AgentError> {
    let mut answers = Vec::new();
    for request in REQUESTS {
        answers.push(agent.run(request.to_owned()).await?);
    }
    Ok(answers)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let model: Arc<dyn Model> = match std::env::var("LOCAL_LLM_URL") {
        Ok(url) if !url.trim().is_empty() => {
            println!("model: the local model at {url}");
            local_model(&url)?
        }
        _ => {
            println!("model: scripted (set LOCAL_LLM_URL to use the local model)");
            Arc::new(scripted_model())
        }
    };
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("shop.sqlite");
    let agent = assistant(model, Db::open(&path.display().to_string())?);
    for (request, answer) in REQUESTS.iter().zip(serve(&agent).await?) {
        println!("> {request}\n{answer}");
    }
    // What the database holds now, read back through a connection of its own.
    println!("orders in {}:", path.display());
    for (id, customer, product, quantity) in Db::open(&path.display().to_string())?.orders()? {
        println!("  {id}: {customer}, {quantity} x {product}");
    }
    Ok(())
}
