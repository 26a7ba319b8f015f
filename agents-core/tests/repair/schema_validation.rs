//! Arguments are validated against the tool's JSON Schema before the tool reads them: every
//! violation of a call reaches the model in one error, coercion fixes what it can first, tools
//! built from a JSON Schema go through the same chain, and a schema the validator cannot
//! compile panics nowhere.
use crate::common;

use std::future::IntoFuture;
use std::sync::{Arc, Mutex};

use agents_core::event::ArgumentChange;
use agents_core::json::CoercionKind;
use agents_core::testing::ScriptedModel;
use agents_core::tool::{PreparedCall, Tool, ToolCallError, ToolContext, schema_tool, tool_fn};
use agents_core::{
    ExecutionFailure, LlmAgent, Message, ModelResponse, ToolError, agent::UnhandledPolicy,
    model::ToolSpec,
};
use common::Recorder;
use futures_util::future::BoxFuture;
use serde_json::{Value, json};

#[derive(serde::Deserialize, schemars::JsonSchema, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

// forecast(city, unit, days): unknown arguments refused, days at least 1. (A plain comment:
// a doc comment would become the schema's description, which the model reads.)
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct Forecast {
    city: String,
    unit: Unit,
    #[schemars(range(min = 1))]
    days: u32,
}

type Seen = Arc<Mutex<Vec<(String, Unit, u32)>>>;

fn forecast(seen: Seen) -> impl Tool {
    tool_fn("forecast", "Forecast for a city.", move |f: Forecast| {
        let seen = seen.clone();
        async move {
            seen.lock().unwrap().push((f.city, f.unit, f.days));
            Ok::<_, ExecutionFailure>("sunny")
        }
    })
}

/// What the model was told about the call in turn `turn` (the last message of the next request).
fn told(model: &ScriptedModel, turn: usize) -> agents_core::model::ToolResult {
    let Some(Message::Tool(r)) = model.requests()[turn].messages.last().cloned() else {
        panic!("the call's result must be the last message");
    };
    r
}

/// One run of an agent with the `forecast` tool whose model calls it once with `args`, then
/// answers "done".
struct ForecastRun {
    model: ScriptedModel,
    /// The tool's runs.
    seen: Seen,
    rec: Recorder,
    result: Result<String, agents_core::AgentError>,
}

/// Runs `forecast` with `args`, `policy` deciding what happens to errors no step recovers.
async fn run_forecast(args: &str, policy: UnhandledPolicy) -> ForecastRun {
    let (seen, rec) = (Seen::default(), Recorder::default());
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "forecast", args),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(forecast(seen.clone()))
        .on_event(rec.hook())
        .unhandled(policy)
        .build()
        .unwrap();
    let result = agent.run("go".into()).await;
    ForecastRun {
        model,
        seen,
        rec,
        result,
    }
}

const THREE_VIOLATIONS: &str = r#"{"city": "Oslo", "unit": "kelvin", "days": 0, "colour": "red"}"#;

/// An extra key, a value outside the enum and one under the minimum, in one call: one error
/// names all three fields, so that one feedback turn can fix them all (serde alone names the
/// first only).
#[tokio::test]
async fn three_violations_reach_the_model_in_one_error() {
    let run = run_forecast(THREE_VIOLATIONS, UnhandledPolicy::FeedBack).await;
    assert!(run.seen.lock().unwrap().is_empty(), "the tool must not run");
    let r = told(&run.model, 1);
    assert!(r.is_error);
    for field in [
        "`unit` must be one of",
        "`days` must be at least 1",
        "`colour`",
    ] {
        assert!(r.content.contains(field), "{field} not in: {}", r.content);
    }
    assert!(
        r.content
            .starts_with("ERROR: the arguments for tool 'forecast' do not match its schema"),
        "{}",
        r.content
    );
}

/// The same violations reach a `propagate` caller as one deserialization error, every
/// violation listed with its path and keyword.
#[tokio::test]
async fn violations_are_a_deserialization_error_listing_each_field() {
    let run = run_forecast(THREE_VIOLATIONS, UnhandledPolicy::Propagate).await;
    let Err(agents_core::AgentError::Tool(e)) = run.result else {
        panic!("the error must propagate");
    };
    let ToolError::Deserialization(d) = *e else {
        panic!("a schema violation is a deserialization error")
    };
    let mut found: Vec<(String, String)> = d
        .violations
        .iter()
        .map(|v| (v.field_path.clone(), v.keyword.clone()))
        .collect();
    found.sort();
    let expected = [
        ("colour", "additionalProperties"),
        ("days", "minimum"),
        ("unit", "enum"),
    ]
    .map(|(p, k)| (p.to_owned(), k.to_owned()));
    assert_eq!(found, expected);
}

/// `"42"` for an integer field is still coerced before the validator decides: the call runs.
#[tokio::test]
async fn coercion_fixes_a_numeric_string_before_validation() {
    let args = r#"{"city": "Oslo", "unit": "Celsius", "days": "42"}"#;
    let run = run_forecast(args, UnhandledPolicy::FeedBack).await;
    assert_eq!(
        *run.seen.lock().unwrap(),
        [("Oslo".to_owned(), Unit::Celsius, 42)]
    );
    assert!(!told(&run.model, 1).is_error);
}

/// Coercion fixes what it can even where another member cannot be fixed (here an undeclared
/// key): `"42"` becomes 42 and only the key that is still wrong reaches the model.
#[tokio::test]
async fn coercion_fixes_what_it_can_beside_a_violation_it_cannot() {
    let args = r#"{"city": "Oslo", "unit": "celsius", "days": "42", "colour": "red"}"#;
    let run = run_forecast(args, UnhandledPolicy::FeedBack).await;
    let coerced = run.rec.fixes("coerce").expect("a coerce step ran");
    assert!(
        coerced.iter().any(|c| matches!(c,
            ArgumentChange::Coerced(c) if c.kind == CoercionKind::StringToNumber && c.path == "/days")),
        "{coerced:?}"
    );
    let r = told(&run.model, 1);
    assert!(r.content.contains("`colour`"), "{}", r.content);
    assert!(!r.content.contains("`days`"), "{}", r.content);
}

/// A tool built from a JSON Schema and a closure over `Value` runs in an agent, with its
/// arguments repaired (broken JSON), coerced (`"100"`, `eur`) and validated by that schema; a
/// call that breaks the schema never reaches the closure.
#[tokio::test]
async fn schema_tool_runs_with_repaired_arguments() {
    let received: Arc<Mutex<Vec<Value>>> = Arc::default();
    let sink = received.clone();
    let convert = schema_tool(
        "convert",
        "Converts an amount between currencies.",
        json!({
            "type": "object",
            "properties": {
                "amount": {"type": "number", "exclusiveMinimum": 0},
                "from": {"enum": ["EUR", "USD"]},
                "to": {"enum": ["EUR", "USD"]}
            },
            "required": ["amount", "from", "to"],
            "additionalProperties": false
        }),
        move |args: Value| {
            let sink = sink.clone();
            async move {
                sink.lock().unwrap().push(args.clone());
                Ok::<_, ExecutionFailure>(json!({"amount": 110}))
            }
        },
    )
    .unwrap()
    .idempotent();
    let model = ScriptedModel::new([
        ModelResponse::tool_call(
            "c1",
            "convert",
            r#"{amount: "100", from: 'eur', to: "USD",}"#,
        ),
        ModelResponse::tool_call(
            "c2",
            "convert",
            r#"{"amount": -5, "from": "EUR", "to": "GBP"}"#,
        ),
        ModelResponse::text("done"),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(convert)
        .build()
        .unwrap();
    assert_eq!(agent.run("go".into()).await.unwrap(), "done");
    assert_eq!(
        *received.lock().unwrap(),
        [json!({"amount": 100, "from": "EUR", "to": "USD"})]
    );
    assert_eq!(told(&model, 1).content, r#"{"amount":110}"#);
    let r = told(&model, 2);
    assert!(r.is_error);
    assert!(
        r.content.contains("`amount` must be greater than 0"),
        "{}",
        r.content
    );
    assert!(r.content.contains("`to` must be one of"), "{}", r.content);
}

/// A hand-written tool whose schema the validator cannot compile.
struct OddSchema {
    spec: ToolSpec,
}

impl Tool for OddSchema {
    fn spec(&self) -> &ToolSpec {
        &self.spec
    }
    fn call<'a>(
        &'a self,
        args: Value,
        ctx: &'a ToolContext,
    ) -> BoxFuture<'a, Result<Value, ToolCallError>> {
        agents_core::tool::run_prepared(self.prepare(args), ctx)
    }
    fn prepare<'a>(&'a self, args: Value) -> Result<PreparedCall<'a>, ToolCallError> {
        Ok(agents_core::tool::prepared(move |_| async move {
            Ok(json!({"echo": args}))
        }))
    }
}

/// A schema the validator cannot compile panics nowhere: `schema_tool` refuses it with a typed
/// error, and a hand-written tool with it still runs in an agent, unvalidated, after a warning.
#[test]
fn an_uncompilable_schema_does_not_panic() {
    let bad = json!({"type": "object", "properties": {"a": {"type": "integr"}}});
    let err = schema_tool("odd", "Odd.", bad.clone(), |v: Value| async move {
        Ok::<_, ExecutionFailure>(v)
    })
    .unwrap_err();
    assert_eq!(err.tool, "odd");
    assert!(err.to_string().contains("odd"), "{err}");

    let warnings = Warnings::default();
    let subscriber = tracing_subscriber::registry().with(warnings.clone());
    tracing::subscriber::with_default(subscriber, || {
        let model = ScriptedModel::new([
            ModelResponse::tool_call("c1", "odd", r#"{"a": "x"}"#),
            ModelResponse::text("done"),
        ]);
        let agent = LlmAgent::<String, String>::builder("a")
            .model(model.clone())
            .tool(OddSchema {
                spec: ToolSpec {
                    name: "odd".to_owned(),
                    description: "Odd.".to_owned(),
                    parameters: bad,
                },
            })
            .build()
            .expect("an uncompilable schema does not stop the build");
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        assert_eq!(
            rt.block_on(agent.run("go".into()).into_future()).unwrap(),
            "done"
        );
        assert_eq!(told(&model, 1).content, r#"{"echo":{"a":"x"}}"#);
    });
    let warned = warnings.0.lock().unwrap().clone();
    assert!(
        warned
            .iter()
            .any(|w| w.contains("odd") && w.contains("not validated")),
        "{warned:?}"
    );
}

use tracing_subscriber::layer::{Context, Layer, SubscriberExt};

/// Collects the messages of `WARN` events.
#[derive(Clone, Default)]
struct Warnings(Arc<Mutex<Vec<String>>>);

impl<S: tracing::Subscriber> Layer<S> for Warnings {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        struct Message(String);
        impl tracing::field::Visit for Message {
            fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
                self.0.push_str(&format!(" {}={value:?}", field.name()));
            }
        }
        if *event.metadata().level() == tracing::Level::WARN {
            let mut m = Message(String::new());
            event.record(&mut m);
            self.0.lock().unwrap().push(m.0);
        }
    }
}

/// Issue 28 (BFCL `live_relevance_8-8-0`, unread data): a tool declared `number_of_tickets` as
/// an integer whose `enum` lists strings (`"1"` to `"9"`), a schema no value satisfies; every
/// call was refused (the string for its type, the number coercion made of it for its choices)
/// and the run ended with nothing run. Such a subschema is checked by its choices alone: the
/// choice the model wrote runs as written; a value outside the choices is still refused. A
/// schema whose `enum` holds a value of its type keeps its type.
#[tokio::test]
async fn an_enum_that_contradicts_its_type_is_checked_by_its_choices() {
    let received: Arc<Mutex<Vec<Value>>> = Arc::default();
    let sink = received.clone();
    let tickets = schema_tool(
        "buy_tickets",
        "Buys tickets.",
        json!({
            "type": "object",
            "properties": {
                "count": {"type": "integer", "enum": ["1", "2", "3"]},
                "tier": {"type": "string", "enum": ["A", 2]}
            },
            "required": ["count"]
        }),
        move |args: Value| {
            let sink = sink.clone();
            async move {
                sink.lock().unwrap().push(args);
                Ok::<_, ExecutionFailure>("booked")
            }
        },
    )
    .unwrap();
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "buy_tickets", r#"{"count": "7"}"#),
        ModelResponse::tool_call("c2", "buy_tickets", r#"{"count": "2", "tier": 2}"#),
        ModelResponse::tool_call("c3", "buy_tickets", r#"{"count": "2", "tier": "A"}"#),
        ModelResponse::text("Booked."),
    ]);
    let agent = LlmAgent::<String, String>::builder("a")
        .model(model.clone())
        .tool(tickets)
        .build()
        .unwrap();
    let report = agent.run("Two tickets.".to_owned()).report().await;
    assert_eq!(report.output().unwrap(), "Booked.");
    // "7" is no choice; `tier`'s type holds since its choices include a string.
    assert!(told(&model, 1).is_error);
    assert!(told(&model, 2).is_error);
    assert_eq!(
        received.lock().unwrap().clone(),
        [json!({"count": "2", "tier": "A"})]
    );
}
