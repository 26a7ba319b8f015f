//! End to end against a real local model (llama.cpp's server with Gemma 3 270M, a base model;
//! `scripts/local-llm.sh start`), through prompted tool calling over `/v1/completions`, and the
//! OpenAI-compatible client's wire stream (`Model::stream`) over its `/v1/chat/completions`.
//!
//! Skipped when `LOCAL_LLM_URL` is unset or the server does not answer, with a `SKIPPED: <test>:
//! <why>` line on stderr that shows even when the test passes; a failure instead when
//! `AGENTS_REQUIRE_LOCAL_LLM=1` (`scripts/test.sh` sets both).
//! Greedy sampling (temperature 0, fixed seed) keeps the fixed scenario deterministic for a given
//! server build; the other tests assert only what holds whatever the model says.

use crate::common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use agents_core::model::{Message, Sampling};
use agents_core::repair::{Handlers, fix_with};
use agents_core::tool::tool_fn;
use agents_core::{Budget, Event, ExecutionFailure, LlmAgent, RunReport, agent::Skill};
use agents_providers::prompted::{Example, PromptFormat, PromptedCompletions};
use common::local_llm::server;
use serde_json::{Value, json};

fn model(url: &str, format: PromptFormat) -> PromptedCompletions {
    common::prompted(url)
        .format(format)
        .max_tokens(64)
        .build()
        .unwrap()
}

fn greedy() -> Sampling {
    Sampling {
        temperature: Some(0.0),
        seed: Some(42),
        ..Sampling::default()
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct WeatherArgs {
    city: String,
    unit: Unit,
}

#[derive(serde::Deserialize, schemars::JsonSchema, Debug)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct EmailArgs {
    to: String,
    subject: String,
    body: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct ConvertArgs {
    amount: f64,
    from: String,
    to: String,
}

fn format() -> PromptFormat {
    PromptFormat::new()
        .example(
            Example::new("Is it cold in Oslo right now? Give me fahrenheit.")
                .call("get_weather", r#"{"city": "Oslo", "unit": "fahrenheit"}"#)
                .result("20 degrees fahrenheit, snow")
                .answer("Yes, 20°F with snow in Oslo."),
        )
        .example(Example::new("How much is 250 euros in Japanese yen?").call(
            "convert_currency",
            r#"{"amount": 250, "from": "EUR", "to": "JPY"}"#,
        ))
        .example(
            Example::new(
                "Email bob@example.com with subject \"Lunch\" saying \"See you at noon\".",
            )
            .call(
                "send_email",
                r#"{"to": "bob@example.com", "subject": "Lunch", "body": "See you at noon"}"#,
            ),
        )
}

type Uses = Arc<Mutex<Vec<(String, String, Option<Value>, bool)>>>;

fn agent(url: &str, events: &Arc<Mutex<Vec<Event>>>, uses: &Uses) -> LlmAgent<String, String> {
    let (e, u) = (events.clone(), uses.clone());
    LlmAgent::<String, String>::builder("e2e")
        .model(model(url, format()))
        .sampling(greedy())
        .budget(Budget {
            max_turns: Some(3),
            ..Budget::default()
        })
        .tool(tool_fn(
            "get_weather",
            "current weather in a city",
            |a: WeatherArgs| async move {
                Ok::<_, ExecutionFailure>(format!("18 degrees {:?}, sunny in {}", a.unit, a.city))
            },
        ))
        .tool(tool_fn(
            "send_email",
            "send an email",
            |a: EmailArgs| async move {
                Ok::<_, ExecutionFailure>(format!(
                    "sent to {} ({}, {} chars)",
                    a.to,
                    a.subject,
                    a.body.len()
                ))
            },
        ))
        .tool(tool_fn(
            "convert_currency",
            "convert money between ISO currency codes",
            |a: ConvertArgs| async move {
                Ok::<_, ExecutionFailure>(format!(
                    "{} {} = {:.2} {}",
                    a.amount,
                    a.from,
                    a.amount * 1.1,
                    a.to
                ))
            },
        ))
        .on_event(move |ev| e.lock().unwrap().push(ev.clone()))
        .on_tool_use(move |t| {
            u.lock().unwrap().push((
                t.name.to_owned(),
                t.sent.to_owned(),
                t.repaired.cloned(),
                t.is_error,
            ))
        })
        .build()
        .unwrap()
}

/// Every call in the transcript is followed by exactly one result with its id.
fn assert_paired(report: &RunReport<String>) {
    let mut open: HashMap<String, usize> = HashMap::new();
    for m in &report.transcript {
        match m {
            Message::Assistant { tool_calls, .. } => {
                assert!(
                    open.is_empty(),
                    "a model turn before every call had its result"
                );
                for c in tool_calls {
                    *open.entry(c.id.clone()).or_default() += 1;
                }
            }
            Message::Tool(r) => {
                let n = open.remove(&r.call_id);
                assert_eq!(n, Some(1), "result {} has no single call", r.call_id);
            }
            Message::User { .. } => {}
        }
    }
    assert!(open.is_empty(), "calls without results: {open:?}");
}

#[tokio::test]
async fn invariants_hold_whatever_the_model_says() {
    let Some(url) = server().await else { return };
    for request in [
        "Weather in Tokyo, in celsius please.",
        "Convert 100 euros to US dollars.",
        "What is the capital of France?",
    ] {
        let events = Arc::default();
        let uses: Uses = Arc::default();
        let report = agent(&url, &events, &uses)
            .run(request.to_owned())
            .report()
            .await;
        eprintln!(
            "{request:?} -> {:?} in {} turns",
            report.outcome, report.turns
        );
        assert!(report.turns >= 1);
        assert_paired(&report);
        let events = events.lock().unwrap().clone();
        // A call that ran from text that was not strict JSON was repaired, and said so.
        for (tool, sent, repaired, _) in uses.lock().unwrap().iter() {
            if repaired.is_some() && serde_json::from_str::<Value>(sent).is_err() {
                assert!(
                    events
                        .iter()
                        .any(|e| matches!(e, Event::Repaired { tool: t, .. } if t == tool)),
                    "{tool} ran from {sent:?} without a Repaired event"
                );
            }
        }
        assert!(matches!(events.last(), Some(Event::RunFinished { .. })));
    }
}

/// A fixed scenario: with greedy sampling this model sends the right call for this request.
#[tokio::test]
async fn fixed_scenario_calls_the_right_tool_with_the_right_arguments() {
    let Some(url) = server().await else { return };
    let events = Arc::default();
    let uses: Uses = Arc::default();
    let report = agent(&url, &events, &uses)
        .run("What's the weather in Paris in celsius?".to_owned())
        .report()
        .await;
    assert_paired(&report);
    let uses = uses.lock().unwrap().clone();
    eprintln!("{uses:?}");
    let (name, _, args, is_error) = &uses[0];
    assert_eq!(name, "get_weather");
    assert!(!is_error);
    assert_eq!(
        args.as_ref().unwrap(),
        &json!({"city": "Paris", "unit": "celsius"})
    );
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct KeysArgs {
    /// A JSON object, as text.
    json: String,
}

/// The "complete example" of an LLM fixer (the fixer escalates with corrected JSON; the main
/// model reads it and retries), once against the real model as both the main model and the
/// fixer. A 270M base model rarely gets through it; this asserts that whatever happens ends
/// typed and paired, and prints which path it took.
#[tokio::test]
async fn llm_fixer_complete_example_ends_typed() {
    let Some(url) = server().await else { return };
    let fixer_format = PromptFormat::new()
        .example(Example::new("Fix this JSON: {a: 1, b: two}").call(
        "escalate",
        r#"{"reason": "Unquoted keys. Corrected: {\"a\": 1, \"b\": \"two\"}", "severity": "LOW"}"#,
    ));
    let fixer = LlmAgent::<String, String>::builder("json-fixer")
        .prompt("You receive a string that failed to parse as JSON. Call the escalate tool with a reason that includes the corrected valid JSON.")
        .model(model(&url, fixer_format))
        .sampling(greedy())
        .skill(Skill::new("fix", "Analyze and escalate JSON errors").tools(["escalate"]))
        .build()
        .unwrap();
    let keys = tool_fn(
        "calculateNumberOfKeys",
        "Count top-level keys in a JSON object. Args: json (valid JSON string)",
        |a: KeysArgs| async move {
            match serde_json::from_str::<Value>(&a.json) {
                Ok(Value::Object(m)) if !m.is_empty() => Ok(m.len()),
                _ => Err(ExecutionFailure::new("No valid keys — unquoted keys?")),
            }
        },
    );
    let events: Arc<Mutex<Vec<Event>>> = Arc::default();
    let e = events.clone();
    let main_format = PromptFormat::new().example(
        Example::new("How many keys? {\"x\": 1}")
            .call("calculateNumberOfKeys", r#"{"json": "{\"x\": 1}"}"#)
            .result("1")
            .answer("1"),
    );
    let analyst = LlmAgent::<String, String>::builder("json-analyst")
        .prompt("Use the calculateNumberOfKeys tool to count keys in JSON objects. If a tool returns an ERROR, read it carefully — it contains corrected JSON. Retry the tool with the corrected JSON. Reply with ONLY the number.")
        .model(model(&url, main_format))
        .sampling(greedy())
        .budget(Budget { max_turns: Some(4), ..Budget::default() })
        .tool_with(keys, Handlers::new().execution_error(fix_with(fixer, 1)))
        .on_event(move |ev| e.lock().unwrap().push(ev.clone()))
        .build()
        .unwrap();
    let report = analyst
        .run("How many keys? {name: world, age: 30, active: true}".to_owned())
        .report()
        .await;
    assert_paired(&report);
    let events = events.lock().unwrap().clone();
    let escalated = events.iter().any(|e| matches!(e, Event::Escalated { .. }));
    for e in &events {
        if let Event::Escalated { reason, .. } = e {
            eprintln!("fixer escalated: {reason}");
        }
    }
    for m in &report.transcript {
        eprintln!("  {}", serde_json::to_string(m).unwrap_or_default());
    }
    eprintln!(
        "fixer example: output {:?}, {} turns, escalated: {escalated}",
        report.outcome, report.turns
    );
}

/// A two-turn conversation with the real model, stored and loaded between the turns: the second
/// request carries the first turn, and the stored conversation stays paired.
#[tokio::test]
async fn two_turn_conversation_with_the_real_model() {
    let Some(url) = server().await else { return };
    let agent = agent(&url, &Arc::default(), &Arc::default());
    let mut conversation = agents_core::conversation::Conversation::new();
    let first = agent
        .run("Weather in Oslo, in celsius.".to_owned())
        .conversation(&mut conversation)
        .report()
        .await;
    eprintln!("turn 1 -> {:?}", first.outcome);
    let after_first = conversation.messages().len();
    assert!(after_first >= 2, "{:?}", conversation.messages());
    let stored = serde_json::to_string(&conversation).unwrap();
    let mut conversation: agents_core::conversation::Conversation =
        serde_json::from_str(&stored).unwrap();
    let second = agent
        .run("And in Paris?".to_owned())
        .conversation(&mut conversation)
        .report()
        .await;
    eprintln!("turn 2 -> {:?}", second.outcome);
    assert!(conversation.messages().len() > after_first);
    assert_eq!(conversation.user_turns(), 2);
    assert!(
        conversation.problems().is_empty(),
        "{:?}",
        conversation.problems()
    );
}

/// A streamed run against the real model: events as they happen, then the report, last.
#[tokio::test]
async fn streamed_run_with_the_real_model() {
    use agents_core::RunEvent;
    use futures_util::StreamExt;
    let Some(url) = server().await else { return };
    let agent = agent(&url, &Arc::default(), &Arc::default());
    let items: Vec<RunEvent<String>> = agent
        .run("What's the weather in Paris in celsius?".to_owned())
        .stream()
        .collect()
        .await;
    assert!(matches!(
        items.first(),
        Some(RunEvent::Event(Event::RunStarted { .. }))
    ));
    assert!(items.iter().any(|i| matches!(
        i,
        RunEvent::Event(Event::TextDelta { .. } | Event::ToolStarted { .. })
    )));
    let Some(RunEvent::Finished(report)) = items.last() else {
        panic!("the report comes last")
    };
    eprintln!("streamed -> {:?} ({} items)", report.outcome, items.len());
    assert_paired(report);
}

/// `Model::stream` over a real server's SSE (llama.cpp's `/v1/chat/completions`, through the
/// OpenAI-compatible client): the text arrives in several deltas whose concatenation is the
/// answer, and the last part is the response `complete` gives for the same greedy request.
#[cfg(feature = "openai")]
#[tokio::test]
async fn openai_client_streams_the_real_servers_sse() {
    use agents_core::Model;
    use agents_core::model::{ModelRequest, StreamPart};
    use futures_util::StreamExt;
    let Some(url) = server().await else { return };
    let client = agents_providers::openai::OpenAi::builder("gemma3-270m")
        .base_url(format!("{url}/v1"))
        .transport(common::patient_transport())
        .build()
        .unwrap();
    let request = ModelRequest::new()
        .messages(vec![Message::user("Say hello.")])
        .sampling(Sampling {
            max_tokens: Some(12),
            ..greedy()
        });
    let parts: Vec<StreamPart> = client
        .stream(&request)
        .map(|p| p.expect("a part"))
        .collect()
        .await;
    let Some((StreamPart::Done(done), deltas)) = parts.split_last() else {
        panic!("Done comes last: {parts:?}")
    };
    let text: Vec<&str> = deltas
        .iter()
        .map(|p| match p {
            StreamPart::TextDelta(t) => t.as_str(),
            other => panic!("only text was asked for: {other:?}"),
        })
        .collect();
    assert!(text.len() > 1, "one delta per token or so: {text:?}");
    assert_eq!(done.text.as_deref(), Some(text.concat().as_str()));
    assert_eq!(done, &client.complete(&request).await.unwrap());
}

/// The question prompt of `ask_values` against the real model, greedy: each answer is one line,
/// and the model reads the values out of the requests (it does so for most arguments, measured
/// in docs/EVAL.md; these are requests it answers right greedily, so a change to the prompt
/// that loses that shows here).
#[tokio::test]
async fn the_real_model_reads_values_out_of_a_request_when_asked() {
    use agents_core::Model;
    use agents_core::model::{ValueQuestion, answered_value, question_request};
    let Some(url) = server().await else { return };
    let client = model(&url, PromptFormat::default());
    let asks = [
        (
            "send 250 euros to Maria Lopez",
            "recipient",
            "text",
            "Maria Lopez",
        ),
        (
            "Book a table at Nonna Rosa for 4 on 2026-03-14 at 19:30",
            "restaurant",
            "text",
            "Nonna Rosa",
        ),
        (
            "Book a table at Nonna Rosa for 4 on 2026-03-14 at 19:30",
            "date",
            "a date, YYYY-MM-DD",
            "2026-03-14",
        ),
    ];
    for (text, argument, shape, expected) in asks {
        let request = question_request(ValueQuestion {
            text: text.into(),
            argument: argument.into(),
            shape: shape.into(),
            choices: Vec::new(),
        });
        let response = client.complete(&request).await.expect("an answer");
        assert!(response.tool_calls.is_empty());
        let answer = response.text.unwrap_or_default();
        assert!(!answer.contains('\n'), "one line: {answer:?}");
        assert_eq!(
            answered_value(&answer),
            Some(expected),
            "{text} / {argument}"
        );
    }
}

/// A choice question held to its choices (`json_schema`) against the real model: whatever the
/// text, greedy or sampled, the answer is one of the choices, and it reads back through
/// `answered_value`. Unconstrained, this model often answers a unit question with the number.
#[tokio::test]
async fn the_real_models_choice_answers_are_held_to_the_choices() {
    use agents_core::Model;
    use agents_core::model::{ValueQuestion, answered_value, question_request};
    let Some(url) = server().await else { return };
    let client = model(&url, PromptFormat::default());
    let units = [
        "kilometers",
        "miles",
        "kilograms",
        "pounds",
        "celsius",
        "fahrenheit",
    ];
    let texts = [
        "how many miles is 42 km",
        "convert twelve kilos to pounds pls",
        "minus forty celsius to fahrenheit",
    ];
    for (i, text) in texts.into_iter().enumerate() {
        for argument in ["from", "to"] {
            let mut choices: Vec<String> = units.iter().map(|u| (*u).to_owned()).collect();
            choices.push("none".to_owned());
            let mut request = question_request(ValueQuestion {
                text: text.into(),
                argument: argument.into(),
                shape: format!("one of {}", units.join(", ")),
                choices: choices.clone(),
            });
            request.sampling.temperature = Some(0.7);
            request.sampling.seed = Some(i as u64 + 1);
            let response = client.complete(&request).await.expect("an answer");
            let answer = response.text.unwrap_or_default();
            let value = answered_value(&answer).unwrap_or("none");
            assert!(
                choices.iter().any(|c| c == value),
                "{text} / {argument}: {answer:?} is not a choice"
            );
        }
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct CityArgs {
    /// The city.
    city: String,
}

/// Issue 28, items 3 and 6: a new user's setup works out of the box. The default prompted
/// client (its default format: no hand-written example, every tool shown in a made-up one; its
/// default profile, the small-model recovery), a two-tool agent, and a request that needs both
/// tools: each runs once, with the city the user named, and the run ends with an answer (greedy
/// sampling, as every scenario here, so that a server build gives one outcome). Before the
/// made-up examples said their values in their requests, the model copied their `"text"` into
/// every call, and the run ended on `AllCallsFailed`.
#[tokio::test]
async fn a_new_users_two_tool_agent_completes_a_two_tool_task_without_examples() {
    let Some(url) = server().await else { return };
    let client = common::prompted(&url).build().unwrap();
    let ran: Arc<Mutex<Vec<(String, String)>>> = Arc::default();
    let (w, t) = (ran.clone(), ran.clone());
    let agent =
        LlmAgent::<String, String>::builder("assistant")
            .prompt("You help travellers. Use the tools.")
            .model(client)
            .sampling(greedy())
            .budget(Budget {
                max_turns: Some(6),
                ..Budget::default()
            })
            .tool(tool_fn(
                "get_weather",
                "Current weather in a city.",
                move |a: CityArgs| {
                    w.lock()
                        .unwrap()
                        .push(("get_weather".into(), a.city.clone()));
                    async move {
                        Ok::<_, ExecutionFailure>(format!("18 degrees and rain in {}", a.city))
                    }
                },
            ))
            .tool(tool_fn(
                "get_time",
                "Current local time in a city.",
                move |a: CityArgs| {
                    t.lock().unwrap().push(("get_time".into(), a.city.clone()));
                    async move { Ok::<_, ExecutionFailure>(format!("It is 14:05 in {}", a.city)) }
                },
            ))
            .build()
            .unwrap();
    let report = agent
        .run("Is it raining in Berlin? And the local time?".into())
        .report()
        .await;
    eprintln!("{:?} in {} turns", report.outcome, report.turns);
    assert_paired(&report);
    let answer = report
        .output()
        .cloned()
        .expect("the run ends with an answer");
    assert!(!answer.trim().is_empty());
    let mut ran = ran.lock().unwrap().clone();
    ran.sort();
    assert_eq!(
        ran.iter()
            .map(|(tool, city)| (tool.as_str(), city.to_lowercase()))
            .collect::<Vec<_>>(),
        [
            ("get_time", "berlin".to_owned()),
            ("get_weather", "berlin".to_owned())
        ],
        "each tool ran once, with the user's city"
    );
}
