//! How often a small local model ends up calling the right tool with the right arguments, with
//! the framework's recovery on (default chains: JSON repair, coercion, precise feedback turns)
//! and off (strict: no repair, no feedback beyond the first answer).
//!
//! Needs the local model server (`scripts/local-llm.sh start`):
//!
//! ```text
//! cargo run --release -p agents-evals --bin eval_local
//! EVAL_SAMPLES=3 EVAL_LIMIT=10 LOCAL_LLM_URL=http://127.0.0.1:8089 cargo run --release -p agents-evals --bin eval_local
//! EVAL_ONLY=convert_currency EVAL_MODES=on EVAL_TRACE=1 cargo run --release -p agents-evals --bin eval_local
//! ```
//!
//! It prints a Markdown report (the numbers in `docs/EVAL.md` come from it) and writes every
//! run's first model output to `target/eval_local.jsonl` for inspection.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agents::model::{ModelResponse, Sampling};
use agents::tool::tool_fn;
use agents::{Budget, ExecutionFailure, LlmAgent};
use agents_evals::replay::Recorded;
use agents_evals::settings;
use agents_providers::prompted::{Example, PromptFormat};
use serde_json::{Value, json};

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
struct AddArgs {
    a: f64,
    b: f64,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct SearchArgs {
    query: String,
    limit: u32,
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

/// (request, tool, arguments): 32 requests over 5 tools.
fn cases() -> Vec<(&'static str, &'static str, Value)> {
    vec![
        (
            "What's the weather in Paris in celsius?",
            "get_weather",
            json!({"city": "Paris", "unit": "celsius"}),
        ),
        (
            "Tell me the temperature in New York in fahrenheit.",
            "get_weather",
            json!({"city": "New York", "unit": "fahrenheit"}),
        ),
        (
            "Weather in Tokyo, celsius please.",
            "get_weather",
            json!({"city": "Tokyo", "unit": "celsius"}),
        ),
        (
            "Is it hot in Madrid? Use celsius.",
            "get_weather",
            json!({"city": "Madrid", "unit": "celsius"}),
        ),
        (
            "How warm is it in Chicago, in fahrenheit?",
            "get_weather",
            json!({"city": "Chicago", "unit": "fahrenheit"}),
        ),
        (
            "Current weather in Berlin in celsius.",
            "get_weather",
            json!({"city": "Berlin", "unit": "celsius"}),
        ),
        ("Add 17 and 25.", "add", json!({"a": 17, "b": 25})),
        (
            "What is 3.5 plus 100000?",
            "add",
            json!({"a": 3.5, "b": 100000}),
        ),
        ("Add 1200 to 800.", "add", json!({"a": 1200, "b": 800})),
        ("Sum 7 and 8.", "add", json!({"a": 7, "b": 8})),
        (
            "Please add 2.25 and 4.75.",
            "add",
            json!({"a": 2.25, "b": 4.75}),
        ),
        (
            "What do 40 and 2 add up to?",
            "add",
            json!({"a": 40, "b": 2}),
        ),
        (
            "Find 5 articles about rust.",
            "search",
            json!({"query": "rust", "limit": 5}),
        ),
        (
            "Search for 2 pages about hiking in Colorado.",
            "search",
            json!({"query": "hiking in Colorado", "limit": 2}),
        ),
        (
            "Look up 10 results about llamas.",
            "search",
            json!({"query": "llamas", "limit": 10}),
        ),
        (
            "Find 4 recipes for pancakes.",
            "search",
            json!({"query": "pancakes", "limit": 4}),
        ),
        (
            "Search the web for 3 results on electric cars.",
            "search",
            json!({"query": "electric cars", "limit": 3}),
        ),
        (
            "Give me 1 result about the moon landing.",
            "search",
            json!({"query": "moon landing", "limit": 1}),
        ),
        (
            "Email alice@example.com with subject \"Report\" saying \"The report is ready\".",
            "send_email",
            json!({"to": "alice@example.com", "subject": "Report", "body": "The report is ready"}),
        ),
        (
            "Send carol@example.org an email, subject \"Meeting moved\", body \"See you at 3pm\".",
            "send_email",
            json!({"to": "carol@example.org", "subject": "Meeting moved", "body": "See you at 3pm"}),
        ),
        (
            "Email dave@example.net with subject \"Invoice\" saying \"Please pay invoice 42\".",
            "send_email",
            json!({"to": "dave@example.net", "subject": "Invoice", "body": "Please pay invoice 42"}),
        ),
        (
            "Write to erin@example.com, subject \"Hello\", body \"Long time no see\".",
            "send_email",
            json!({"to": "erin@example.com", "subject": "Hello", "body": "Long time no see"}),
        ),
        (
            "Email frank@example.org with subject \"Keys\" saying \"I found your keys\".",
            "send_email",
            json!({"to": "frank@example.org", "subject": "Keys", "body": "I found your keys"}),
        ),
        (
            "Send an email to gina@example.com, subject \"Lunch\", body \"Noon at the cafe\".",
            "send_email",
            json!({"to": "gina@example.com", "subject": "Lunch", "body": "Noon at the cafe"}),
        ),
        (
            "Convert 100 euros to US dollars.",
            "convert_currency",
            json!({"amount": 100, "from": "EUR", "to": "USD"}),
        ),
        (
            "How much is 50 US dollars in euros?",
            "convert_currency",
            json!({"amount": 50, "from": "USD", "to": "EUR"}),
        ),
        (
            "Convert 1000 Japanese yen to British pounds.",
            "convert_currency",
            json!({"amount": 1000, "from": "JPY", "to": "GBP"}),
        ),
        (
            "How much is 75 pounds in euros?",
            "convert_currency",
            json!({"amount": 75, "from": "GBP", "to": "EUR"}),
        ),
        (
            "Change 20 Swiss francs into US dollars.",
            "convert_currency",
            json!({"amount": 20, "from": "CHF", "to": "USD"}),
        ),
        (
            "What are 300 euros in Japanese yen?",
            "convert_currency",
            json!({"amount": 300, "from": "EUR", "to": "JPY"}),
        ),
        (
            "Weather in Lisbon in fahrenheit?",
            "get_weather",
            json!({"city": "Lisbon", "unit": "fahrenheit"}),
        ),
        ("Add 0.5 and 0.25.", "add", json!({"a": 0.5, "b": 0.25})),
    ]
}

/// The worked examples: one per tool but `add` (to see a tool known only from its signature),
/// as in `tests/fixtures/local-llm/prompt_fewshot_v1.txt`. No example shows a mistake and its
/// correction: this model copies whatever its examples show, mistakes first (an earlier run with
/// such examples made it invent `convert` and write `"unit": "F"` far more often).
fn format() -> PromptFormat {
    PromptFormat::new()
        .example(
            Example::new("Is it cold in Oslo right now? Give me fahrenheit.")
                .call("get_weather", r#"{"city": "Oslo", "unit": "fahrenheit"}"#),
        )
        .example(
            Example::new("Find 3 articles about solar panels.")
                .call("search", r#"{"query": "solar panels", "limit": 3}"#),
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

fn same(expected: &Value, got: &Value) -> bool {
    match (expected, got) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::String(a), Value::String(b)) => a.trim() == b.trim(),
        (Value::Object(a), Value::Object(b)) => {
            a.iter().all(|(k, v)| b.get(k).is_some_and(|g| same(v, g)))
        }
        (a, b) => a == b,
    }
}

/// What went wrong with a first answer, in one word.
fn classify(
    first: Option<&ModelResponse>,
    tool: &str,
    expected: &Value,
    names: &[&str],
) -> &'static str {
    let Some(r) = first else {
        return "no response (error)";
    };
    if r.tool_calls.is_empty() {
        return "no call (text)";
    }
    let c = &r.tool_calls[0];
    let several = r.tool_calls.len() > 1;
    let kind = if c.name != tool {
        if names.contains(&c.name.as_str()) {
            "wrong tool"
        } else {
            "invented tool name"
        }
    } else {
        match agents::json::repair(&c.arguments) {
            Err(_) => "arguments unparseable",
            Ok(v) => {
                let v = v.value;
                let exp = expected.as_object().unwrap();
                match v.as_object() {
                    None => "arguments not an object",
                    Some(got) if exp.keys().any(|k| !got.contains_key(k)) => {
                        if got.keys().any(|k| !exp.contains_key(k)) {
                            "unknown/renamed argument"
                        } else {
                            "missing argument"
                        }
                    }
                    Some(_)
                        if same(expected, &v)
                            && serde_json::from_str::<Value>(&c.arguments).is_ok() =>
                    {
                        "right (strict JSON)"
                    }
                    Some(_) if same(expected, &v) => "right after JSON repair",
                    Some(_) => "wrong value",
                }
            }
        }
    };
    match (
        several,
        r.finish_reason == agents::model::FinishReason::Length,
    ) {
        (_, true) if kind.starts_with("right") => "right, then truncated extra output",
        (true, _) if kind.starts_with("right") => "right, plus extra calls",
        (_, true) => "truncated at the token limit",
        _ => kind,
    }
}

struct Outcome {
    right: bool,
    first_kind: &'static str,
    turns: u32,
    raw_first: String,
}

async fn run_one(
    url: &str,
    request: &str,
    tool: &str,
    expected: &Value,
    seed: u64,
    recovery: bool,
) -> Outcome {
    let model = settings::local_model(url, Duration::from_secs(180))
        .format(format())
        .max_tokens(64)
        .build()
        .expect("client");
    let model = Arc::new(Recorded::live(model));
    let right = Arc::new(Mutex::new(false));
    let hook_right = right.clone();
    let (want_tool, want_args) = (tool.to_owned(), expected.clone());
    let ok = |s: String| async move { Ok::<_, ExecutionFailure>(s) };
    let agent = LlmAgent::builder("eval")
        .model(model.clone())
        .sampling(Sampling {
            temperature: Some(0.7),
            seed: Some(seed),
            ..Sampling::default()
        })
        .tool(tool_fn(
            "get_weather",
            "current weather in a city",
            move |a: WeatherArgs| {
                ok(format!("18 degrees {:?}, sunny in {}", a.unit, a.city).to_lowercase())
            },
        ))
        .tool(tool_fn("add", "add two numbers", move |a: AddArgs| {
            ok(format!("{}", a.a + a.b))
        }))
        .tool(tool_fn(
            "search",
            "search the web, return at most limit results",
            move |a: SearchArgs| ok(format!("{} results for {}", a.limit, a.query)),
        ))
        .tool(tool_fn(
            "send_email",
            "send an email",
            move |a: EmailArgs| {
                ok(format!(
                    "sent to {} ({}; {} chars)",
                    a.to,
                    a.subject,
                    a.body.len()
                ))
            },
        ))
        .tool(tool_fn(
            "convert_currency",
            "convert money between ISO currency codes",
            move |a: ConvertArgs| {
                ok(format!(
                    "{} {} = {:.2} {}",
                    a.amount,
                    a.from,
                    a.amount * 1.1,
                    a.to
                ))
            },
        ))
        .strict(!recovery)
        .budget(Budget {
            max_turns: Some(if recovery { 3 } else { 1 }),
            ..Budget::default()
        })
        .on_tool_use(move |u| {
            if u.name == want_tool && !u.is_error && u.repaired.is_some_and(|v| same(&want_args, v))
            {
                *hook_right.lock().unwrap() = true;
            }
        })
        .build()
        .expect("agent");
    let report = agent.run(request.to_owned()).report().await;
    if std::env::var_os("EVAL_TRACE").is_some() {
        for m in &report.transcript {
            eprintln!("    {}", serde_json::to_string(m).unwrap_or_default());
        }
    }
    let first = model.first().and_then(Result::ok);
    let names = [
        "get_weather",
        "add",
        "search",
        "send_email",
        "convert_currency",
    ];
    Outcome {
        right: *right.lock().unwrap(),
        first_kind: classify(first.as_ref(), tool, expected, &names),
        turns: report.turns,
        raw_first: first
            .map(|r| {
                let calls: Vec<String> = r
                    .tool_calls
                    .iter()
                    .map(|c| format!("{} {}", c.name, c.arguments))
                    .collect();
                if calls.is_empty() {
                    r.text.unwrap_or_default()
                } else {
                    calls.join(" | ")
                }
            })
            .unwrap_or_default(),
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let (url, samples, limit, only) = settings::Settings::from_env().into_parts();
    let modes: Vec<bool> = match std::env::var("EVAL_MODES").as_deref() {
        Ok("on") => vec![true],
        Ok("off") => vec![false],
        _ => vec![true, false],
    };
    let cases: Vec<_> = cases()
        .into_iter()
        .filter(|c| only.as_deref().is_none_or(|t| t == c.1))
        .take(limit)
        .collect();
    let mut log = settings::log_file("eval_local.jsonl");
    let started = Instant::now();
    let mut totals: BTreeMap<bool, (usize, usize, u32)> = BTreeMap::new();
    let mut kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut per_tool: BTreeMap<(&str, bool), (usize, usize)> = BTreeMap::new();
    for (request, tool, args) in &cases {
        for seed in settings::first_seed()..settings::first_seed() + samples {
            for &recovery in &modes {
                let o = run_one(&url, request, tool, args, seed, recovery).await;
                let t = totals.entry(recovery).or_default();
                t.0 += 1;
                t.1 += o.right as usize;
                t.2 += o.turns;
                let p = per_tool.entry((tool, recovery)).or_default();
                p.0 += 1;
                p.1 += o.right as usize;
                if recovery || modes.len() == 1 {
                    *kinds.entry(o.first_kind).or_default() += 1;
                }
                eprintln!(
                    "[{:>5.0}s] {} seed {seed} {:<3} {:<5} {:<34} {}",
                    started.elapsed().as_secs_f64(),
                    tool,
                    if recovery { "on" } else { "off" },
                    if o.right { "RIGHT" } else { "-" },
                    o.first_kind,
                    o.raw_first.chars().take(120).collect::<String>()
                );
                if let Some(f) = log.as_mut() {
                    let line = json!({"request": request, "tool": tool, "seed": seed, "recovery": recovery,
                        "right": o.right, "first": o.first_kind, "turns": o.turns, "raw_first": o.raw_first});
                    let _ = writeln!(f, "{line}");
                }
            }
        }
    }
    println!("## Results\n");
    println!(
        "{} requests over 5 tools, {samples} sample(s) each (temperature 0.7, seeds 1..={samples}), {:.0} s.\n",
        cases.len(),
        started.elapsed().as_secs_f64()
    );
    println!("| recovery | runs | right tool, right arguments | share | model turns per run |");
    println!("|---|---|---|---|---|");
    for (recovery, (n, right, turns)) in totals.iter().rev() {
        println!(
            "| {} | {n} | {right} | {:.0}% | {:.2} |",
            if *recovery {
                "on (default chains, feedback turns, 3 turns max)"
            } else {
                "off (strict, first answer only)"
            },
            100.0 * *right as f64 / *n as f64,
            *turns as f64 / *n as f64
        );
    }
    println!("\n| tool | on | off |\n|---|---|---|");
    for tool in [
        "get_weather",
        "add",
        "search",
        "send_email",
        "convert_currency",
    ] {
        let cell = |r: bool| {
            per_tool
                .get(&(tool, r))
                .map_or("-".to_owned(), |(n, k)| format!("{k}/{n}"))
        };
        println!("| {tool} | {} | {} |", cell(true), cell(false));
    }
    println!("\n### The model's first answer\n\n| first answer | runs |\n|---|---|");
    let mut kinds: Vec<_> = kinds.into_iter().collect();
    kinds.sort_by_key(|k| std::cmp::Reverse(k.1));
    for (k, n) in kinds {
        println!("| {k} | {n} |");
    }
}
