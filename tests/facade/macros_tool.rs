//! Runtime behaviour of the code `#[tool]` generates.

use agents::testing::ScriptedModel;
use agents::{ExecutionFailure, Message, ModelResponse, Tool, agent, tool};

/// Adds two integers.
#[tool(idempotent, timeout = "2s")]
fn add(
    /// The first term.
    a: i64,
    #[arg(description = "The second term.")] b: i64,
) -> i64 {
    a + b
}

/// Reads a greeting.
#[tool(name = "greet-person")]
async fn greet(name: String, #[serde(default)] shout: bool) -> Result<String, ExecutionFailure> {
    if name.is_empty() {
        return Err(ExecutionFailure::new("empty name").model_safe());
    }
    let text = format!("hello, {name}");
    Ok(if shout { text.to_uppercase() } else { text })
}

#[test]
fn spec_comes_from_the_signature_and_docs() {
    let spec = add {}.spec();
    assert_eq!(spec.name, "add");
    assert_eq!(spec.description, "Adds two integers.");
    assert_eq!(
        spec.parameters["properties"]["a"]["description"],
        "The first term."
    );
    assert_eq!(
        spec.parameters["properties"]["b"]["description"],
        "The second term."
    );
    assert_eq!(spec.parameters["required"], serde_json::json!(["a", "b"]));
    assert!(add {}.idempotent());
    assert_eq!(add {}.timeout(), Some(std::time::Duration::from_secs(2)));
    assert_eq!(add(2, 3), 5, "the function stays callable as written");

    let spec = greet {}.spec();
    assert_eq!(greet::NAME, "greet-person");
    assert_eq!(spec.name, "greet-person");
    assert_eq!(spec.parameters["required"], serde_json::json!(["name"]));
    assert!(!greet {}.idempotent());
    assert_eq!(greet {}.timeout(), None);
    assert!(
        std::ptr::eq(greet {}.spec(), spec),
        "the spec is built once"
    );
}

/// The results the model read, in order.
fn tool_results(model: &ScriptedModel) -> Vec<(String, bool)> {
    let last = model.requests().pop().expect("the model was called");
    last.messages
        .into_iter()
        .filter_map(|m| match m {
            Message::Tool(r) => Some((r.content, r.is_error)),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn calls_run_the_function_with_typed_arguments() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("1", add::NAME, r#"{"a": 2, "b": 40}"#)
            .and_tool_call("2", greet::NAME, r#"{"name": "Ada", "shout": true}"#)
            .and_tool_call("3", greet::NAME, r#"{"name": ""}"#),
        ModelResponse::text("done"),
    ]);
    let agent = agent! {
        name: "calc",
        model: model.clone(),
        tools: [add, greet],
    };
    assert_eq!(agent.run("go".to_owned()).await.unwrap(), "done");
    let results = tool_results(&model);
    assert_eq!(results[0], ("42".to_owned(), false));
    assert_eq!(results[1], ("HELLO, ADA".to_owned(), false));
    assert!(results[2].1, "an Err is reported to the model as a failure");
    assert!(results[2].0.contains("empty name"), "{}", results[2].0);
}

/// Blocks its thread for three seconds, as a synchronous tool doing slow I/O would.
#[tool(timeout = "200ms")]
fn block_thread() -> String {
    std::thread::sleep(std::time::Duration::from_secs(3));
    "finished".to_owned()
}

/// A synchronous tool that blocks its thread still answers to its timeout: it runs on the
/// blocking pool, and the call fails with a timeout after 200 ms instead of succeeding after
/// 3 s (the thread itself runs on to its end in the background).
#[tokio::test]
async fn a_blocking_sync_tool_is_stopped_by_its_timeout() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("1", block_thread::NAME, "{}"),
        ModelResponse::text("done"),
    ]);
    let agent = agent! {
        name: "blocky",
        model: model.clone(),
        tools: [block_thread],
    };
    let started = std::time::Instant::now();
    assert_eq!(agent.run("go".to_owned()).await.unwrap(), "done");
    let took = started.elapsed();
    assert!(took < std::time::Duration::from_secs(2), "{took:?}");
    let results = tool_results(&model);
    assert!(results[0].1, "{results:?}");
    assert!(results[0].0.contains("timed out"), "{results:?}");
}

/// A shape given by its radius or by its sides: serde reads an untagged enum through its
/// buffered form.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
enum Shape {
    /// A circle.
    Circle {
        /// Its radius.
        radius: f64,
    },
    /// A rectangle.
    Rect {
        /// Its width.
        width: f64,
        /// Its height.
        height: f64,
    },
}

/// A unit named by a tag inside the object: an internally tagged enum, also buffered.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Unit {
    /// Metres times a factor.
    Metres {
        /// The factor.
        factor: f64,
    },
    /// Feet.
    Feet,
}

/// Options flattened into the arguments, read through the buffered form too.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Scaling {
    /// Multiplies the area.
    scale: f64,
}

/// The scaled area of a shape.
#[tool]
fn area(shape: Shape, unit: Unit, #[serde(flatten)] scaling: Scaling) -> f64 {
    let base = match shape {
        Shape::Circle { radius } => 3.0 * radius * radius,
        Shape::Rect { width, height } => width * height,
    };
    let factor = match unit {
        Unit::Metres { factor } => factor,
        Unit::Feet => 0.3,
    };
    base * factor * scaling.scale
}

/// Argument types users write every day (an untagged enum, an internally tagged enum and a
/// flattened struct, each holding an `f64`) are read from the model's JSON. serde_json's
/// `arbitrary_precision` broke exactly these ("invalid type: map, expected f64"), so it must
/// stay off in the whole build.
#[tokio::test]
async fn buffered_argument_forms_holding_floats_are_read() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call(
            "1",
            area::NAME,
            r#"{"shape": {"radius": 1.5}, "unit": {"kind": "metres", "factor": 2.5}, "scale": 0.5}"#,
        )
        .and_tool_call(
            "2",
            area::NAME,
            r#"{"shape": {"width": 2.5, "height": 4}, "unit": {"kind": "feet"}, "scale": 2}"#,
        ),
        ModelResponse::text("done"),
    ]);
    let agent = agent! {
        name: "geometry",
        model: model.clone(),
        tools: [area],
    };
    assert_eq!(agent.run("go".to_owned()).await.unwrap(), "done");
    let results = tool_results(&model);
    assert_eq!(results[0], ("8.4375".to_owned(), false), "{results:?}");
    assert_eq!(results[1], ("6.0".to_owned(), false), "{results:?}");
}
/// The same types read straight from text, as any other crate in a user's build would read
/// them: cargo unifies features, so a serde_json feature this workspace turned on
/// (`arbitrary_precision`) reached that code too and broke it.
#[test]
fn buffered_forms_holding_floats_read_from_text_in_the_same_build() {
    let shape: Shape = serde_json::from_str(r#"{"radius": 1.5}"#).expect("untagged");
    assert!(matches!(shape, Shape::Circle { radius } if radius == 1.5));
    let unit: Unit = serde_json::from_str(r#"{"kind": "metres", "factor": 2.5}"#).expect("tagged");
    assert!(matches!(unit, Unit::Metres { factor } if factor == 2.5));
    #[derive(serde::Deserialize)]
    struct Flat {
        #[serde(flatten)]
        scaling: Scaling,
    }
    let flat: Flat = serde_json::from_str(r#"{"scale": 0.5}"#).expect("flatten");
    assert_eq!(flat.scaling.scale, 0.5);
}

/// Sends money.
#[tool(approval)]
fn pay(amount: u32) -> String {
    format!("paid {amount}")
}

/// `#[tool(approval)]` makes every call wait for a person: the run pauses before `pay` runs.
#[tokio::test]
async fn approval_option_holds_every_call() {
    assert!(pay {}.needs_approval(&serde_json::json!({"amount": 1})));
    let agent = agent! {
        name: "payer",
        model: ScriptedModel::new([ModelResponse::tool_call("1", pay::NAME, r#"{"amount": 5}"#)]),
        tools: [pay],
    };
    let err = agent.run("Pay 5.".to_owned()).await.unwrap_err();
    assert!(
        matches!(err, agents::AgentError::AwaitingApproval(_)),
        "{err}"
    );
}
