//! What a made-up worked example's placeholders do to a small model's first call
//! (docs/small-models.md, "Made-up examples"): ten requests over four tools, written for this
//! check and tuned on nothing, each sent once per mode as a new request (the whole prompt the
//! default prompted client writes, one model turn, the runtime not involved), greedy and at
//! temperature 0.7:
//!
//! - **said**: the client's default format. Every tool gets a made-up example whose values are
//!   placeholders said in the made-up request (`Book a table: restaurant RESTAURANT, people 7.`
//!   before `{"restaurant": "RESTAURANT", "people": 7}`).
//! - **text**: the made-up examples as they were before issue 28, written here as hand-written
//!   examples so that the client adds none of its own: the tool's description alone as the
//!   request, `"text"` for a string, `3` for an integer, `2.5` for a number, an enum's first
//!   value.
//!
//! Scored on the first call the model wrote: the right tool; its values taken from the request
//! (every argument the request gives, equal to what it says: strings up to case and surrounding
//! spaces, a free-text argument any part of the request of three characters or more; numbers
//! equal) and no value copied from an example; a value copied from an example (an example's
//! value for that argument that the request does not give there).
//!
//! Needs the local model server (`scripts/local-llm.sh start`):
//!
//! ```text
//! cargo run -p agents-evals --bin eval_placeholders
//! ```
//!
//! Settings: `EVAL_SAMPLES` (samples at 0.7 besides the greedy one, default 1), `EVAL_FIRST_SEED`,
//! `LOCAL_LLM_URL`. Prints a Markdown report and writes every call (mode, request, sample, the
//! raw generation, the scores) to `target/eval_placeholders.jsonl` or `EVAL_LOG`.

use std::io::Write;
use std::time::Duration;

use agents::model::{Message, Model, ModelRequest, Sampling, ToolSpec};
use agents_evals::{settings, stats};
use agents_providers::prompted::{Example, PromptFormat};
use serde_json::{Value, json};

/// How an argument of a request is scored.
enum Want {
    /// Equal to this value (strings up to case and surrounding spaces).
    Is(Value),
    /// Free text: any part of the request, three characters or more.
    FromRequest,
}

/// One request and the call that answers it.
struct Case {
    request: &'static str,
    tool: &'static str,
    args: Vec<(&'static str, Want)>,
}

fn tools() -> Vec<ToolSpec> {
    let tool = |name: &str, description: &str, parameters: Value| ToolSpec {
        name: name.to_owned(),
        description: description.to_owned(),
        parameters,
    };
    vec![
        tool(
            "book_table",
            "Book a table at a restaurant.",
            json!({"type": "object", "properties": {
                "restaurant": {"type": "string", "description": "The restaurant's name."},
                "people": {"type": "integer", "description": "How many people."}},
                "required": ["restaurant", "people"], "additionalProperties": false}),
        ),
        tool(
            "convert_currency",
            "Convert an amount of money from one currency to another.",
            json!({"type": "object", "properties": {
                "amount": {"type": "number", "description": "The amount to convert."},
                "from": {"type": "string", "description": "The currency code converted from."},
                "to": {"type": "string", "description": "The currency code converted to."}},
                "required": ["amount", "from", "to"], "additionalProperties": false}),
        ),
        tool(
            "set_reminder",
            "Remind the user of something after some minutes.",
            json!({"type": "object", "properties": {
                "message": {"type": "string", "description": "What to remind of."},
                "minutes": {"type": "integer", "description": "In how many minutes."}},
                "required": ["message", "minutes"], "additionalProperties": false}),
        ),
        tool(
            "track_parcel",
            "Where a parcel is now.",
            json!({"type": "object", "properties": {
                "tracking_number": {"type": "string", "description": "The parcel's tracking number."},
                "carrier": {"type": "string", "enum": ["ups", "dhl", "fedex"]}},
                "required": ["tracking_number", "carrier"], "additionalProperties": false}),
        ),
    ]
}

fn cases() -> Vec<Case> {
    use Want::{FromRequest, Is};
    let case = |request, tool, args| Case {
        request,
        tool,
        args,
    };
    vec![
        case(
            "Book a table for 4 at Luigi's.",
            "book_table",
            vec![
                ("restaurant", Is(json!("Luigi's"))),
                ("people", Is(json!(4))),
            ],
        ),
        case(
            "Reserve Sakura Garden for 2 people please.",
            "book_table",
            vec![
                ("restaurant", Is(json!("Sakura Garden"))),
                ("people", Is(json!(2))),
            ],
        ),
        case(
            "Table for 6 at The Blue Door tonight.",
            "book_table",
            vec![
                ("restaurant", Is(json!("The Blue Door"))),
                ("people", Is(json!(6))),
            ],
        ),
        case(
            "Convert 250 EUR to JPY.",
            "convert_currency",
            vec![
                ("amount", Is(json!(250))),
                ("from", Is(json!("EUR"))),
                ("to", Is(json!("JPY"))),
            ],
        ),
        case(
            "What are 80 USD in GBP?",
            "convert_currency",
            vec![
                ("amount", Is(json!(80))),
                ("from", Is(json!("USD"))),
                ("to", Is(json!("GBP"))),
            ],
        ),
        case(
            "I need 1200 CHF converted to USD.",
            "convert_currency",
            vec![
                ("amount", Is(json!(1200))),
                ("from", Is(json!("CHF"))),
                ("to", Is(json!("USD"))),
            ],
        ),
        case(
            "Remind me to call Anna in 15 minutes.",
            "set_reminder",
            vec![("message", FromRequest), ("minutes", Is(json!(15)))],
        ),
        case(
            "Set a reminder in 45 minutes to take the pizza out.",
            "set_reminder",
            vec![("message", FromRequest), ("minutes", Is(json!(45)))],
        ),
        case(
            "Where is my DHL parcel JD014600003?",
            "track_parcel",
            vec![
                ("tracking_number", Is(json!("JD014600003"))),
                ("carrier", Is(json!("dhl"))),
            ],
        ),
        case(
            "Track 1Z999AA10123456784 with UPS.",
            "track_parcel",
            vec![
                ("tracking_number", Is(json!("1Z999AA10123456784"))),
                ("carrier", Is(json!("ups"))),
            ],
        ),
    ]
}

/// The placeholder of an argument before issue 28.
fn old_placeholder(schema: &Value) -> Value {
    if let Some(first) = schema
        .get("enum")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
    {
        return first.clone();
    }
    match schema.get("type").and_then(Value::as_str) {
        Some("integer") => json!(3),
        Some("number") => json!(2.5),
        Some("boolean") => json!(true),
        _ => json!("text"),
    }
}

/// The format of mode `text`: a hand-written example per tool, as the client made them up
/// before issue 28.
fn old_format(tools: &[ToolSpec]) -> PromptFormat {
    tools.iter().fold(PromptFormat::new(), |format, t| {
        let args: serde_json::Map<String, Value> = t.parameters["properties"]
            .as_object()
            .map(|props| {
                props
                    .iter()
                    .map(|(k, s)| (k.clone(), old_placeholder(s)))
                    .collect()
            })
            .unwrap_or_default();
        format.example(Example::new(&t.description).call(&t.name, Value::Object(args)))
    })
}

fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::String(x), Value::String(y)) => x.trim().eq_ignore_ascii_case(y.trim()),
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

/// The scores of one call.
#[derive(Default, Clone, Copy)]
struct Score {
    tool: bool,
    values: bool,
    copied: bool,
}

fn score(case: &Case, tool: Option<&str>, args: &Value, examples: &[Value]) -> Score {
    let fits = |v: &Value, want: &Want| match want {
        Want::Is(x) => same(v, x),
        Want::FromRequest => v.as_str().is_some_and(|s| {
            let s = s.trim().to_lowercase();
            s.chars().count() >= 3 && case.request.to_lowercase().contains(&s)
        }),
    };
    let right = |name: &str, want: &Want| args.get(name).is_some_and(|v| fits(v, want));
    // A copy is an example's value the request does not give there (`"ups"` for a UPS parcel
    // is the user's value, even though the example shows it too).
    let given = |k: &str, v: &Value| {
        tool == Some(case.tool) && case.args.iter().any(|(n, w)| *n == k && fits(v, w))
    };
    let copied = args.as_object().is_some_and(|a| {
        a.iter().any(|(k, v)| {
            !given(k, v)
                && examples
                    .iter()
                    .any(|e| e.get(k).is_some_and(|x| same(x, v)))
        })
    });
    let tool = tool == Some(case.tool);
    Score {
        tool,
        values: tool && !copied && case.args.iter().all(|(n, w)| right(n, w)),
        copied,
    }
}

#[tokio::main]
async fn main() {
    let s = settings::Settings::from_env();
    let first_seed = settings::first_seed();
    let tools = tools();
    let cases = cases();
    let modes: [(&str, PromptFormat); 2] =
        [("said", PromptFormat::new()), ("text", old_format(&tools))];
    let mut log = settings::log_file("eval_placeholders.jsonl");
    let commit = settings::commit();

    // Samples: greedy, then `EVAL_SAMPLES` at 0.7 with seeds from `EVAL_FIRST_SEED`.
    let samples: Vec<(f32, Option<u64>)> = std::iter::once((0.0, None))
        .chain((0..s.samples).map(|i| (0.7, Some(first_seed + i))))
        .collect();
    let mut scores: Vec<Vec<Score>> = vec![Vec::new(); modes.len()];
    for (m, (mode, format)) in modes.iter().enumerate() {
        let client = settings::local_model(&s.url, Duration::from_secs(300))
            .format(format.clone())
            .build()
            .expect("the local model's client builds");
        let examples = client.format().example_arguments(&tools);
        for case in &cases {
            for &(temperature, seed) in &samples {
                let request = ModelRequest::new()
                    .messages(vec![Message::user(case.request)])
                    .tools(tools.clone())
                    .sampling(Sampling {
                        temperature: Some(temperature),
                        seed,
                        ..Sampling::default()
                    });
                let (tool, args, raw, error) = match client.complete(&request).await {
                    Ok(r) => {
                        let call = r.tool_calls.first();
                        let args = call
                            .and_then(|c| agents::json::repair(&c.arguments).ok())
                            .map_or(Value::Null, |r| r.value);
                        (call.map(|c| c.name.clone()), args, r.raw, None)
                    }
                    Err(e) => (None, Value::Null, None, Some(e.to_string())),
                };
                let sc = score(case, tool.as_deref(), &args, &examples);
                scores[m].push(sc);
                eprintln!(
                    "{mode:4} t={temperature} {:45} {:16} tool {} values {} copied {}  {args}",
                    case.request,
                    tool.as_deref().unwrap_or("-"),
                    sc.tool,
                    sc.values,
                    sc.copied
                );
                if let Some(log) = log.as_mut() {
                    let line = json!({"mode": mode, "request": case.request, "temperature": temperature,
                        "seed": seed, "tool": tool, "arguments": args, "raw": raw, "error": error,
                        "right_tool": sc.tool, "values_from_request": sc.values, "copied": sc.copied,
                        "commit": commit});
                    let _ = writeln!(log, "{line}");
                }
            }
        }
    }
    report(
        &modes.map(|(m, _)| m),
        &scores,
        cases.len(),
        samples.len(),
        commit,
    );
}

fn report(modes: &[&str], scores: &[Vec<Score>], requests: usize, samples: usize, commit: &str) {
    println!(
        "{requests} requests x {samples} samples (greedy, then 0.7) per mode; commit {commit}\n"
    );
    println!(
        "| mode | calls | right tool | values from the request | a value copied from an example |"
    );
    println!("|---|---|---|---|---|");
    for (mode, s) in modes.iter().zip(scores) {
        let n = s.len();
        let k = |f: fn(&Score) -> bool| s.iter().filter(|x| f(x)).count();
        println!(
            "| {mode} | {n} | {} of {n} | **{} of {n}** ({}) | {} of {n} |",
            k(|x| x.tool),
            k(|x| x.values),
            stats::wilson(k(|x| x.values), n),
            k(|x| x.copied)
        );
    }
    if let [a, b] = scores {
        let only_a = a
            .iter()
            .zip(b)
            .filter(|(x, y)| x.values && !y.values)
            .count();
        let only_b = a
            .iter()
            .zip(b)
            .filter(|(x, y)| !x.values && y.values)
            .count();
        println!(
            "\nPaired on the same request and sample (values from the request): only {} {only_a}, only {} {only_b}, exact McNemar p = {:.3}",
            modes[0],
            modes[1],
            stats::mcnemar_exact(only_a, only_b)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parcel() -> Case {
        cases()
            .into_iter()
            .find(|c| c.request.starts_with("Track 1Z"))
            .unwrap()
    }

    #[test]
    fn the_users_values_score_right_even_where_an_example_shows_them_too() {
        let examples = [json!({"tracking_number": "TRACKING NUMBER", "carrier": "ups"})];
        let call = json!({"tracking_number": "1Z999AA10123456784", "carrier": "UPS"});
        let s = score(&parcel(), Some("track_parcel"), &call, &examples);
        assert!(s.tool && s.values && !s.copied);
    }

    #[test]
    fn a_placeholder_copied_is_a_copy_and_not_the_requests_value() {
        let examples = [json!({"tracking_number": "TRACKING NUMBER", "carrier": "ups"})];
        let call = json!({"tracking_number": "TRACKING NUMBER", "carrier": "ups"});
        let s = score(&parcel(), Some("track_parcel"), &call, &examples);
        assert!(s.tool && !s.values && s.copied);
        let wrong_tool = score(&parcel(), Some("DHL"), &call, &examples);
        assert!(!wrong_tool.tool && !wrong_tool.values && wrong_tool.copied);
    }

    #[test]
    fn free_text_is_any_part_of_the_request_of_three_characters_or_more() {
        let case = cases()
            .into_iter()
            .find(|c| c.tool == "set_reminder")
            .unwrap();
        let ok = json!({"message": "call Anna", "minutes": 15});
        assert!(score(&case, Some("set_reminder"), &ok, &[]).values);
        for message in ["to", "buy milk"] {
            let bad = json!({"message": message, "minutes": 15});
            assert!(
                !score(&case, Some("set_reminder"), &bad, &[]).values,
                "{message}"
            );
        }
    }

    #[test]
    fn the_old_placeholders_are_text_three_two_and_a_half_and_the_first_choice() {
        let format = old_format(&tools());
        let args = format.example_arguments(&tools());
        assert_eq!(args.len(), 4);
        assert_eq!(args[0], json!({"restaurant": "text", "people": 3}));
        assert_eq!(args[1]["amount"], json!(2.5));
        assert_eq!(args[3]["carrier"], json!("ups"));
    }
}
