//! The default deserialization chain starts with schema-guided coercion: "42" for a number,
//! "1,000" for an integer, "TRUE" for a boolean — and every coercion is reported.
use crate::common;

use agents_core::testing::ScriptedModel;
use agents_core::tool::tool_fn;
use agents_core::{ExecutionFailure, LlmAgent, Message, ModelResponse};
use common::Recorder;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Transfer {
    amount: u64,
    urgent: bool,
    #[serde(default)]
    tags: Vec<String>,
}

#[tokio::test]
async fn coercion_fixes_types_and_reports_each_change() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call(
            "c1",
            "transfer",
            r#"{"amount": "1,000", "urgent": "TRUE", "tags": "vip"}"#,
        ),
        ModelResponse::text("sent"),
    ]);
    let rec = Recorder::default();
    let transfer = tool_fn("transfer", "Move money.", |t: Transfer| async move {
        Ok::<_, ExecutionFailure>(format!(
            "{} urgent={} tags={:?}",
            t.amount, t.urgent, t.tags
        ))
    });
    let agent = LlmAgent::<String, String>::builder("bank")
        .model(model.clone())
        .tool(transfer)
        .on_event(rec.hook())
        .build()
        .unwrap();
    agent.run("pay".into()).await.unwrap();
    let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert_eq!(r.content, r#"1000 urgent=true tags=["vip"]"#);
    let fixes = rec.fixes("coerce").expect("a coerce Repaired event");
    assert_eq!(fixes.len(), 3, "{fixes:?}");
}

/// A lossy coercion is refused: the model is told which field is wrong.
#[tokio::test]
async fn lossy_coercion_is_refused_and_fed_back() {
    let model = ScriptedModel::new([
        ModelResponse::tool_call("c1", "transfer", r#"{"amount": "12.5", "urgent": false}"#),
        ModelResponse::text("ok"),
    ]);
    let transfer = tool_fn("transfer", "Move money.", |t: Transfer| async move {
        Ok::<_, ExecutionFailure>(t.amount)
    });
    let agent = LlmAgent::<String, String>::builder("bank")
        .model(model.clone())
        .tool(transfer)
        .build()
        .unwrap();
    agent.run("pay".into()).await.unwrap();
    let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert!(r.is_error);
    assert!(r.content.contains("amount"), "{}", r.content);
}

/// A typed final answer goes through the same repair: fenced, single-quoted JSON with a
/// string number still reads into the output type.
#[tokio::test]
async fn typed_output_is_repaired_and_coerced() {
    #[derive(serde::Deserialize, schemars::JsonSchema, Debug, PartialEq)]
    struct Answer {
        city: String,
        temperature: i32,
    }
    let model = ScriptedModel::new([ModelResponse::text(
        "Here you go:\n```json\n{'city': 'Oslo', 'temperature': '-3',}\n```",
    )]);
    let agent = LlmAgent::builder("a")
        .output::<Answer>()
        .model(model)
        .build()
        .unwrap();
    assert_eq!(
        agent.run("x".into()).await.unwrap(),
        Answer {
            city: "Oslo".into(),
            temperature: -3
        }
    );
}

/// An answer that cannot be read is sent back with the error, then succeeds.
#[tokio::test]
async fn unreadable_output_is_sent_back() {
    let model = ScriptedModel::new([
        ModelResponse::text("I think it is about twelve."),
        ModelResponse::text("12"),
    ]);
    let agent = LlmAgent::builder("a")
        .output::<u32>()
        .model(model.clone())
        .build()
        .unwrap();
    assert_eq!(agent.run("x".into()).await.unwrap(), 12);
    let Message::User { content } = model.requests()[1].messages.last().unwrap().clone() else {
        panic!()
    };
    assert!(
        content.starts_with("Your answer could not be read"),
        "{content}"
    );
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Reminder {
    message: String,
    /// The day, as `YYYY-MM-DD`.
    #[schemars(with = "String", extend("format" = "date"))]
    date: String,
}

/// A `format: "date"` argument written as people write dates is read as `YYYY-MM-DD`, reported
/// as a coercion, and the tool runs with no feedback turn; a date with two readings is refused
/// and fed back as it was.
#[tokio::test]
async fn a_date_in_words_becomes_the_iso_date_its_format_asks_for() {
    for (written, ran) in [
        ("the 2nd of June 2026", Some("2026-06-02")),
        ("March 12, 2026", Some("2026-03-12")),
        ("03/04/2026", None),
    ] {
        let args = format!(r#"{{"message": "renew passport", "date": "{written}"}}"#);
        let model = ScriptedModel::new([
            ModelResponse::tool_call("c1", "set_reminder", args),
            ModelResponse::text("done"),
        ]);
        let rec = Recorder::default();
        let tool = tool_fn(
            "set_reminder",
            "Set a reminder.",
            |r: Reminder| async move {
                Ok::<_, ExecutionFailure>(format!("{} on {}", r.message, r.date))
            },
        );
        let agent = LlmAgent::<String, String>::builder("assistant")
            .model(model.clone())
            .tool(tool)
            .on_event(rec.hook())
            .build()
            .unwrap();
        agent.run("remind me".into()).await.unwrap();
        let Message::Tool(r) = model.requests()[1].messages.last().unwrap().clone() else {
            panic!()
        };
        match ran {
            Some(iso) => {
                assert_eq!(r.content, format!("renew passport on {iso}"));
                let fixes = rec.fixes("coerce").expect("a coerce Repaired event");
                assert_eq!(fixes.len(), 1, "{fixes:?}");
            }
            None => {
                assert!(r.is_error, "{written}: {}", r.content);
                assert!(r.content.contains("date"), "{}", r.content);
            }
        }
    }
}
