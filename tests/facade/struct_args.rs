//! A `#[tool]` function whose only argument is a struct takes the struct's fields as its
//! arguments: the schema the model reads, the arguments it writes, repair's field paths and
//! feedback, and what a served tool lists are the struct's, not `{"conversion": {...}}`.
//! `#[arg(nested)]` keeps the parameter as one field; a lone argument of any other type (a
//! string, an optional struct, a map) stays a field, since the arguments must be an object.

use std::collections::BTreeMap;

use agents::testing::ScriptedModel;
use agents::{Message, ModelResponse, Tool, agent, tool};
use serde_json::json;

/// A conversion between units.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct Conversion {
    /// The value to convert.
    value: f64,
    /// The unit it is in.
    from_unit: String,
    /// The unit wanted.
    to_unit: String,
}

/// Converts between units.
#[tool(idempotent)]
fn convert(conversion: Conversion) -> String {
    let Conversion {
        value,
        from_unit,
        to_unit,
    } = conversion;
    format!("{value} {from_unit} in {to_unit}")
}

/// Converts between units, the conversion kept as one argument.
#[tool]
fn convert_nested(#[arg(nested)] conversion: Conversion) -> String {
    format!("{} {}", conversion.value, conversion.to_unit)
}

/// Looks a city up.
#[tool]
fn lookup(city: String) -> String {
    city
}

/// Maybe converts.
#[tool]
fn maybe_convert(conversion: Option<Conversion>) -> bool {
    conversion.is_some()
}

/// Sums named numbers.
#[tool]
fn sum(numbers: BTreeMap<String, f64>) -> f64 {
    numbers.values().sum()
}

fn property_names(tool: &dyn Tool) -> Vec<String> {
    tool.spec().parameters["properties"]
        .as_object()
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

#[test]
fn a_lone_struct_is_the_arguments_in_the_schema() {
    let spec = convert {}.spec();
    assert_eq!(
        property_names(&convert {}),
        vec!["from_unit", "to_unit", "value"]
    );
    assert_eq!(spec.parameters["type"], "object");
    assert_eq!(
        spec.parameters["properties"]["value"]["description"],
        "The value to convert."
    );
    let mut required: Vec<String> =
        serde_json::from_value(spec.parameters["required"].clone()).unwrap();
    required.sort();
    assert_eq!(required, vec!["from_unit", "to_unit", "value"]);
}

#[test]
fn other_lone_arguments_stay_fields() {
    assert_eq!(property_names(&convert_nested {}), vec!["conversion"]);
    assert_eq!(property_names(&lookup {}), vec!["city"]);
    assert_eq!(property_names(&maybe_convert {}), vec!["conversion"]);
    assert_eq!(property_names(&sum {}), vec!["numbers"]);
}

/// The results the model read, in order.
fn results(model: &ScriptedModel) -> Vec<(String, bool)> {
    let last = model.requests().pop().expect("the model was called");
    last.messages
        .into_iter()
        .filter_map(|m| match m {
            Message::Tool(r) => Some((r.content, r.is_error)),
            _ => None,
        })
        .collect()
}

/// The model writes the fields flat and the tool runs; coercion reads `"12"` as the number the
/// field's schema asks for; a field of the wrong type is reported at its own path.
#[tokio::test]
async fn the_model_writes_the_fields_and_errors_name_them() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call(
            "1",
            convert::NAME,
            r#"{"value": "12", "from_unit": "kg", "to_unit": "lb"}"#,
        )
        .and_tool_call(
            "2",
            convert::NAME,
            r#"{"value": [1], "from_unit": "kg", "to_unit": "lb"}"#,
        ),
        ModelResponse::text("done"),
    ]);
    let agent = agent! {
        name: "converter",
        model: model.clone(),
        tools: [convert],
    };
    assert_eq!(agent.run("12 kg in lb?".to_owned()).await.unwrap(), "done");
    let results = results(&model);
    assert_eq!(results[0], ("12 kg in lb".to_owned(), false));
    let (feedback, is_error) = &results[1];
    assert!(is_error);
    assert!(feedback.contains("`value` must be a number"), "{feedback}");
    assert!(!feedback.contains("\"conversion\""), "{feedback}");
    assert!(!feedback.contains("conversion."), "{feedback}");
}

/// `#[arg(nested)]` keeps the old shape: the model writes `{"conversion": {...}}`.
#[tokio::test]
async fn a_nested_struct_is_read_from_its_field() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call(
            "1",
            convert_nested::NAME,
            r#"{"conversion": {"value": 3, "from_unit": "m", "to_unit": "ft"}}"#,
        ),
        ModelResponse::text("done"),
    ]);
    let agent = agent! {
        name: "converter",
        model: model.clone(),
        tools: [convert_nested],
    };
    agent.run("3 m in ft?".to_owned()).await.unwrap();
    assert_eq!(results(&model)[0], ("3 ft".to_owned(), false));
}

/// A served tool lists the struct's fields, and a client calls it with them.
#[tokio::test]
async fn a_served_tool_lists_and_takes_the_fields() {
    use agents_providers::mcp::ToolServer;
    use rmcp::ServiceExt;
    use rmcp::model::CallToolRequestParams;

    let (client_end, server_end) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        let _ = ToolServer::new("units", "0.1.0")
            .tool(convert {})
            .serve(server_end)
            .await;
    });
    let client = ().serve(client_end).await.expect("the handshake succeeds");
    let tools = client.list_all_tools().await.expect("tools/list");
    let listed = serde_json::Value::Object((*tools[0].input_schema).clone());
    let mut names: Vec<&String> = listed["properties"].as_object().unwrap().keys().collect();
    names.sort();
    assert_eq!(names, vec!["from_unit", "to_unit", "value"]);
    let serde_json::Value::Object(args) = json!({"value": 2, "from_unit": "kg", "to_unit": "g"})
    else {
        unreachable!()
    };
    let result = client
        .call_tool(CallToolRequestParams::new(convert::NAME).with_arguments(args))
        .await
        .expect("tools/call");
    let text: String = result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect();
    assert!(text.contains("2 kg in g"), "{text}");
}
