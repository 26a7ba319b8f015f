//! Constrained decoding end to end against the real local model (llama.cpp's server with Gemma
//! 3 270M, `scripts/local-llm.sh start`): whatever the model writes under the call schema
//! parses and is valid against the tool's schema, over several seeds at a high temperature;
//! and the `regenerate` step turns a call this model really wrote (recorded in
//! `tests/fixtures/local-llm/raw_outputs.jsonl`) into a valid one.
//!
//! Skipped like `e2e_local.rs` when no server answers, a failure with
//! `AGENTS_REQUIRE_LOCAL_LLM=1`.

use crate::common;

use std::sync::{Arc, Mutex};

use agents_core::model::{
    Constraint, ConstraintSupport, FinishReason, Message, ModelError, ModelRequest, ModelResponse,
    Sampling, ToolSpec,
};
use agents_core::repair::{Handlers, regenerate};
use agents_core::tool::{Tool, tool_fn};
use agents_core::{Event, ExecutionFailure, LlmAgent, Model};
use agents_providers::prompted::PromptedCompletions;
use common::local_llm::server;
use futures_util::future::BoxFuture;
use serde_json::Value;

fn model(url: &str) -> PromptedCompletions {
    common::prompted(url).max_tokens(128).build().unwrap()
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum Cabin {
    Economy,
    Business,
}

/// Flights: an enum, an optional integer with a range, a date as a string.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Flights {
    from: String,
    to: String,
    /// The date, YYYY-MM-DD.
    date: String,
    #[schemars(range(min = 1, max = 9))]
    passengers: Option<u8>,
    cabin: Option<Cabin>,
}

/// A playlist: an argument called `name`, and an array.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Playlist {
    name: String,
    songs: Vec<String>,
}

fn specs() -> Vec<ToolSpec> {
    let spec = |name: &str, description: &str, parameters: Value| ToolSpec {
        name: name.into(),
        description: description.into(),
        parameters,
    };
    vec![
        spec(
            "find_flights",
            "Find flights between two cities on a date.",
            agents_core::tool::schema_for::<Flights>(),
        ),
        spec(
            "create_playlist",
            "Create a playlist with songs.",
            agents_core::tool::schema_for::<Playlist>(),
        ),
    ]
}

fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::options().offline().build(schema).unwrap()
}

/// The property: under the call schema, every generation that ends on its own (not cut by the
/// token cap) is one call to an offered tool whose arguments are valid against its schema.
#[tokio::test]
async fn constrained_generation_always_parses_and_validates() {
    let Some(url) = server().await else { return };
    let model = model(&url);
    assert_eq!(
        model.capabilities(&[]).constraint,
        ConstraintSupport::Schema
    );
    let tools = specs();
    let requests = [
        "flights from oslo to rome on 3 march 2026 for 2 ppl, business pls",
        "make a playlist called Road Trip with Africa and Take On Me",
    ];
    let (mut finished, mut cut) = (0, 0);
    for (i, text) in requests.iter().enumerate() {
        for seed in 1..=4u64 {
            let request = ModelRequest::new()
                .messages(vec![Message::user(*text)])
                .tools(tools.clone())
                .sampling(Sampling {
                    temperature: Some(1.0),
                    seed: Some(seed),
                    ..Sampling::default()
                })
                .constraint(Some(if i == 0 && seed % 2 == 0 {
                    Constraint::tool("find_flights")
                } else {
                    Constraint::AnyTool
                }));
            let r = model.complete(&request).await.unwrap();
            let raw = r.raw.clone().unwrap_or_default();
            if r.finish_reason == FinishReason::Length {
                cut += 1;
                continue;
            }
            finished += 1;
            assert_eq!(r.tool_calls.len(), 1, "seed {seed}: {raw:?}");
            let call = &r.tool_calls[0];
            let spec = tools
                .iter()
                .find(|t| t.name == call.name)
                .unwrap_or_else(|| panic!("seed {seed}: a call to {:?}: {raw:?}", call.name));
            if let Some(named) = request.constraint.as_ref().and_then(Constraint::named) {
                assert_eq!(call.name, named, "{raw:?}");
            }
            let args: Value = serde_json::from_str(&call.arguments)
                .unwrap_or_else(|e| panic!("seed {seed}: arguments not JSON ({e}): {raw:?}"));
            let v = validator(&spec.parameters);
            let errors: Vec<String> = v.iter_errors(&args).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "seed {seed}: {errors:?} in {args}");
        }
    }
    // Cut-off generations say nothing about the constraint; most must end on their own.
    assert!(
        finished > cut,
        "{finished} finished, {cut} cut by the token cap"
    );
}

/// The first answer is what this model wrote for "Add 3.5 and 100000." (recorded); later
/// requests go to the live model.
struct Recorded {
    first: Mutex<Option<ModelResponse>>,
    live: PromptedCompletions,
}

impl Model for Recorded {
    fn name(&self) -> &str {
        self.live.name()
    }
    fn capabilities(
        &self,
        tools: &[agents_core::model::ToolSpec],
    ) -> agents_core::model::Capabilities {
        self.live.capabilities(tools)
    }

    fn complete<'a>(
        &'a self,
        request: &'a ModelRequest,
    ) -> BoxFuture<'a, Result<ModelResponse, ModelError>> {
        let first = self.first.lock().unwrap().take();
        Box::pin(async move {
            match first {
                Some(r) => Ok(r),
                None => self.live.complete(request).await,
            }
        })
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct AddArgs {
    a: f64,
    b: f64,
}

fn add(ran: Arc<Mutex<Vec<(f64, f64)>>>) -> impl Tool {
    tool_fn("add", "Add two numbers.", move |x: AddArgs| {
        let ran = ran.clone();
        async move {
            ran.lock().unwrap().push((x.a, x.b));
            Ok::<_, ExecutionFailure>(x.a + x.b)
        }
    })
}

/// "calc": the tool `add` on `model`, sampled with `seed` at temperature 0.7, at most two turns.
fn calc_agent(
    model: impl Model + 'static,
    ran: &Arc<Mutex<Vec<(f64, f64)>>>,
    seed: u64,
) -> agents_core::LlmAgentBuilder {
    LlmAgent::<String, String>::builder("calc")
        .model(model)
        .tool(add(ran.clone()))
        .sampling(Sampling {
            temperature: Some(0.7),
            seed: Some(seed),
            ..Sampling::default()
        })
        .budget(agents_core::Budget {
            max_turns: Some(2),
            ..agents_core::Budget::default()
        })
}

/// Runs "calc" (the tool `add`) on `request` with `handlers`: the first answer is `first`, the
/// rest come from the live model with `seed`. Returns the arguments `add` ran with and the
/// events. How the run ends (an answer, or the turn cap) is the model's business; the calls are
/// what the tests are about.
async fn calc(
    url: &str,
    first: ModelResponse,
    handlers: Handlers,
    seed: u64,
    request: &str,
) -> (Vec<(f64, f64)>, Vec<Event>) {
    let ran = Arc::new(Mutex::new(Vec::new()));
    let events = Arc::new(Mutex::new(Vec::new()));
    let seen = events.clone();
    let recorded = Recorded {
        first: Mutex::new(Some(first)),
        live: model(url),
    };
    let agent = calc_agent(recorded, &ran, seed)
        // The step under test is the chain's `regenerate()`; `ask_values`, on by default for
        // this prompted client, would mend the recorded call before it.
        .ask_values(false)
        .on_error(handlers)
        .on_event(move |e| seen.lock().unwrap().push(e.clone()))
        .build()
        .unwrap();
    let _ = agent.run(request.to_owned()).await;
    let ran = ran.lock().unwrap().clone();
    let events = events.lock().unwrap().clone();
    (ran, events)
}

#[tokio::test]
async fn regenerate_turns_a_recorded_broken_call_into_a_valid_one() {
    let Some(url) = server().await else { return };
    // Recorded from this model: invented argument names, the values spread over them.
    let broken =
        r#"{"type": "integer", "value": 3.5, "to": "100000", "limit": 3, "max_value": 100000}"#;
    for seed in 1..=3u64 {
        let first = ModelResponse::tool_call("call_0", "add", broken);
        let handlers = Handlers::new()
            .invalid_args(regenerate())
            .deserialization_error(regenerate());
        let (ran, events) = calc(&url, first, handlers, seed, "Add 3.5 and 100000.").await;
        let regenerated = events
            .iter()
            .find_map(|e| match e {
                Event::Regenerated {
                    call_id,
                    constraint,
                    calls,
                    ..
                } => Some((call_id.clone(), constraint.clone(), calls.clone())),
                _ => None,
            })
            .expect("the broken call was regenerated");
        assert_eq!(regenerated.0, "call_0");
        assert_eq!(regenerated.1, Constraint::tool("add"));
        assert!(
            !ran.is_empty(),
            "seed {seed}: the regenerated call did not run: {:?}",
            regenerated.2
        );
        // The first run of the tool is the regenerated call, with the original call's id.
        let result = events.iter().find_map(|e| match e {
            Event::ToolFinished { call_id, .. } => Some(call_id.clone()),
            _ => None,
        });
        assert_eq!(result.as_deref(), Some("call_0"));
    }
}

/// `unknown_tool => regenerate()` on the live model: a call to a tool the agent does not have
/// (recorded from this model for "What is 17 plus 25?", seed 1: `convert_currency`, a tool of
/// the prompt it was recorded with) is asked for again held to the offered tools, and the call
/// the model writes under the grammar is `add`, which runs under the original call's id.
#[tokio::test]
async fn regenerate_turns_a_recorded_invented_tool_name_into_an_offered_call() {
    let Some(url) = server().await else { return };
    let invented = r#"{"amount": 17, "from": "EUR", "to": "JPY"}"#;
    for seed in 1..=3u64 {
        let first = ModelResponse::tool_call("call_0", "convert_currency", invented);
        let handlers = Handlers::new().unknown_tool(regenerate());
        let (ran, events) = calc(&url, first, handlers, seed, "What is 17 plus 25?").await;
        let regenerated = events
            .iter()
            .find_map(|e| match e {
                Event::Regenerated {
                    call_id,
                    tool,
                    constraint,
                    calls,
                    ..
                } => Some((
                    call_id.clone(),
                    tool.clone(),
                    constraint.clone(),
                    calls.clone(),
                )),
                _ => None,
            })
            .expect("the invented call was regenerated");
        assert_eq!(
            (regenerated.0.as_str(), regenerated.1.as_str()),
            ("call_0", "convert_currency")
        );
        assert_eq!(regenerated.2, Constraint::AnyTool);
        assert!(
            regenerated.3.iter().any(|c| c.name == "add"),
            "seed {seed}: {:?}",
            regenerated.3
        );
        assert!(
            !events.iter().any(
                |e| matches!(e, Event::ToolHallucinated { call_id, .. } if call_id == "call_0")
            ),
            "seed {seed}: the invented call was answered as unknown"
        );
        // The grammar holds the arguments to `add`'s schema too, so it ran, under the invented
        // call's id.
        assert!(!ran.is_empty(), "seed {seed}: add did not run");
        let finished = events.iter().find_map(|e| match e {
            Event::ToolFinished { call_id, tool, .. } => Some((call_id.clone(), tool.clone())),
            _ => None,
        });
        assert_eq!(finished, Some(("call_0".to_owned(), "add".to_owned())));
    }
}

/// Prevention mode on the live model ends with an answer: this base model does not choose
/// `final_answer` by itself, and the last turn the budget allows is held to it, so every run
/// over three seeds finishes with text instead of on the turn limit.
#[tokio::test]
async fn a_prevention_run_on_the_live_model_ends_with_an_answer() {
    let Some(url) = server().await else { return };
    for seed in 1..=3u64 {
        let ran = Arc::new(Mutex::new(Vec::new()));
        let agent = calc_agent(model(&url), &ran, seed)
            .constrained(true)
            .build()
            .unwrap();
        let answer = agent.run("What is 17 plus 25?".into()).await;
        assert!(
            answer.as_ref().is_ok_and(|a| !a.trim().is_empty()),
            "seed {seed}: {answer:?}"
        );
    }
}

/// Calibrated choice of tool against the real server: llama.cpp holds a scoring completion to
/// the call start and returns its log probabilities, so every offered tool gets a finite score
/// after the request and after the content-free ones; and the call the client then writes with
/// those scores, sampled at a high temperature, names the tool they chose. (`send` scores and
/// writes in one call; two scorings of one request can differ in their last digits, so the
/// test hands the scores it checked to the writing itself.)
#[tokio::test]
async fn the_real_server_scores_every_tool_and_the_call_names_the_chosen_one() {
    let Some(url) = server().await else { return };
    let model = model(&url);
    let tools = specs();
    // Each request says one tool's own word (`flights`, `playlist`).
    let requests = [
        ("flights from oslo to rome on 3 march 2026, business", 1, 0),
        ("make a playlist called Gym with Eye of the Tiger", 2, 1),
    ];
    for (text, seed, worded) in requests {
        let request = ModelRequest::new()
            .messages(vec![Message::user(text)])
            .tools(tools.clone())
            .sampling(Sampling {
                temperature: Some(1.0),
                seed: Some(seed),
                ..Sampling::default()
            })
            .constraint(Some(Constraint::AnyTool));
        let scores = model
            .tool_scores(&request)
            .await
            .unwrap()
            .expect("llama.cpp scores under a grammar");
        let names: Vec<&str> = scores.scores.iter().map(|s| s.tool.as_str()).collect();
        assert_eq!(names, ["find_flights", "create_playlist"]);
        for (i, s) in scores.scores.iter().enumerate() {
            assert!(
                s.log_prob.is_finite() && s.log_prob < 0.0 && s.prior.is_finite() && s.prior < 0.0,
                "{s:?}"
            );
            // The request's own words are read for the tool it names, and only for it.
            assert_eq!(s.words > 0.0, i == worded, "{s:?}");
        }
        let chosen = scores.chosen().unwrap();
        let r = model.send_scored(&request, &scores).await.unwrap();
        // The name comes first, so even a call cut by the token cap names its tool.
        let named = r
            .tool_calls
            .first()
            .map(|c| c.name.clone())
            .or_else(|| r.raw.clone())
            .unwrap_or_default();
        assert!(named.contains(chosen), "{chosen} chosen, wrote {named:?}");
        assert!(
            r.usage.input_tokens > scores.usage.input_tokens,
            "the scoring's tokens are counted: {:?} against {:?}",
            r.usage,
            scores.usage
        );
    }
}

/// Held values chosen by score against the real server: a call held to one tool, its
/// `location` held to spans of the request (what prevention mode's held turn sends), is written
/// with `scored_values(true)`; llama.cpp scores every span where the model wrote the value, so
/// the call holds one of the spans, and the scoring's tokens are counted on top of the call's.
#[tokio::test]
async fn the_real_server_scores_a_held_values_spans_and_the_call_holds_one() {
    let Some(url) = server().await else { return };
    let spans = ["near", "coffee shop", "Seattle", "open late"];
    let request = ModelRequest::new()
        .messages(vec![Message::user(
            "Find a coffee shop near Seattle that is open late",
        )])
        .tools(vec![ToolSpec {
            name: "find_shop".into(),
            description: "Finds a shop in a city.".into(),
            parameters: serde_json::json!({
                "type": "object",
                "properties": {"location": {"type": "string", "enum": spans}},
                "required": ["location"]
            }),
        }])
        .constraint(Some(Constraint::tool("find_shop")));
    let plain = model(&url).send(&request).await.unwrap();
    let scored = PromptedCompletions::builder("gemma3-270m")
        .base_url(format!("{url}/v1"))
        .max_tokens(128)
        .scored_values(true)
        .build()
        .unwrap()
        .send(&request)
        .await
        .unwrap();
    let location = |r: &ModelResponse| -> Option<String> {
        let call = r.tool_calls.first()?;
        let args: Value = serde_json::from_str(&call.arguments).ok()?;
        args["location"].as_str().map(str::to_owned)
    };
    let chosen = location(&scored).expect("a call with a location");
    assert!(spans.contains(&chosen.as_str()), "{chosen:?}");
    // Two completions per span on top of the call.
    assert!(
        scored.usage.input_tokens > plain.usage.input_tokens,
        "scoring counted: {:?} against {:?}",
        scored.usage,
        plain.usage
    );
}

/// A held name the tool wants qualified, against the real server: the schema prevention mode's
/// held turn sends where the argument's description shows `'City, State'` (the user's name
/// spans, then `, ` and a qualifier, as a `pattern` inside `anyOf`: `Recovery::qualified_spans`)
/// is one llama.cpp's JSON-schema grammar takes, and the call written under it is the user's
/// name with a qualifier the model wrote.
#[tokio::test]
async fn the_real_server_writes_a_held_name_with_the_qualifier_the_tool_wants() {
    let Some(url) = server().await else { return };
    let pattern =
        "^(Berkeley|Berkeley please), [A-Z][A-Za-z.]*( [A-Z][A-Za-z.]*)?( [A-Z][A-Za-z.]*)?$";
    let request = ModelRequest::new()
        .messages(vec![Message::user("Find me a hair salon in Berkeley please")])
        .tools(vec![ToolSpec {
            name: "find_salon".into(),
            description: "Finds a salon in a city.".into(),
            parameters: serde_json::json!({
                "type": "object",
                "properties": {"city": {"type": "string",
                    "description": "The city, in the format of 'City, State', such as 'New York, NY'.",
                    "anyOf": [{"type": "string", "pattern": pattern}]}},
                "required": ["city"]
            }),
        }])
        .constraint(Some(Constraint::tool("find_salon")));
    let response = model(&url).send(&request).await.unwrap();
    let call = response.tool_calls.first().expect("a call");
    let args: Value = serde_json::from_str(&call.arguments).unwrap();
    let city = args["city"].as_str().expect("a city");
    let (name, qualifier) = city.split_once(", ").expect("qualified");
    assert!(name.starts_with("Berkeley"), "{city:?}");
    assert!(
        qualifier.chars().next().is_some_and(char::is_uppercase),
        "{city:?}"
    );
}
