//! A value the model wrote in capitals that the user wrote otherwise (issue 28): under the
//! small-model profile's `user_spelling` the tool gets the user's spelling, and an event says
//! so; the neutral profile, and the piece off, pass the value as written.

use std::sync::{Arc, Mutex};

use crate::common::Recorder;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;
use agents_core::tool::{Tool, tool_fn};
use agents_core::{ExecutionFailure, LlmAgent, ModelResponse};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Trip {
    /// The city to leave from.
    from: String,
    /// Where to change trains.
    via: Vec<String>,
    /// The station's code.
    code: String,
}

/// What a booking ran with: `from`, `via`, `code`.
type Booked = (String, Vec<String>, String);

/// `book_train(from, via, code)`: records the trip it was called with.
fn book_train(seen: Arc<Mutex<Vec<Booked>>>) -> impl Tool {
    tool_fn("book_train", "Book a train.", move |t: Trip| {
        seen.lock()
            .unwrap()
            .push((t.from.clone(), t.via.clone(), t.code.clone()));
        async move { Ok::<_, ExecutionFailure>("booked".to_owned()) }
    })
}

async fn run(recovery: Recovery) -> (Booked, Vec<String>) {
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call(
            "c1",
            "book_train",
            r#"{"from": "NEW YORK", "via": ["NEW HAVEN", "Boston"], "code": "PROV"}"#,
        ),
        ModelResponse::text("Booked."),
    ])
    .with_recovery(recovery);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let rec = Recorder::default();
    let agent = LlmAgent::builder("trains")
        .model(model)
        .tool(book_train(seen.clone()))
        .on_event(rec.hook())
        .build()
        .unwrap();
    let report = agent
        .run("A train from New York via New Haven and Boston to Prov".into())
        .report()
        .await;
    assert_eq!(report.output().unwrap(), "Booked.");
    let seen = seen.lock().unwrap()[0].clone();
    (seen, rec.repaired("user_spelling"))
}

#[tokio::test]
async fn a_value_in_capitals_the_user_wrote_otherwise_takes_the_users_spelling() {
    let (seen, events) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(
        seen,
        (
            "New York".to_owned(),
            vec!["New Haven".to_owned(), "Boston".to_owned()],
            // The description names a code: a code in capitals is what it may want.
            "PROV".to_owned()
        )
    );
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(
        events[0].contains(r#"set `from` to "New York" (was "NEW YORK")"#),
        "{events:?}"
    );
    assert!(events[0].contains("via[0]"), "{events:?}");
}

#[tokio::test]
async fn the_neutral_profile_and_the_piece_off_pass_the_value_as_written() {
    for recovery in [
        Recovery::NEUTRAL,
        Recovery::SMALL_MODEL.user_spelling(false),
    ] {
        let (seen, events) = run(recovery).await;
        assert_eq!(seen.0, "NEW YORK");
        assert_eq!(seen.1[0], "NEW HAVEN");
        assert!(events.is_empty(), "{events:?}");
    }
}
