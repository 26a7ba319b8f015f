//! A call the token cap cut off inside a list that repeats itself (issue 28): under the
//! small-model profile the list keeps the items before the repetition and one run, and the call
//! runs; the neutral profile, and a call the model ended itself, keep what was written.

use std::sync::{Arc, Mutex};

use crate::common::Recorder;
use agents_core::model::{FinishReason, Recovery};
use agents_core::testing::ScriptedModel;
use agents_core::tool::{Tool, tool_fn};
use agents_core::{ExecutionFailure, LlmAgent, ModelResponse};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Items {
    items: Vec<String>,
}

/// `check_price(items)`: records the items it was called with.
fn check_price(seen: Arc<Mutex<Vec<Vec<String>>>>) -> impl Tool {
    tool_fn(
        "check_price",
        "Check the price of grocery items.",
        move |i: Items| {
            seen.lock().unwrap().push(i.items.clone());
            async move { Ok::<_, ExecutionFailure>(format!("{} items: 4.20", i.items.len())) }
        },
    )
}

/// The list the local model wrote until the token cap: one item it meant, then the same word
/// again and again, the last one cut short.
const LOOPED: &str = r#"{"items": ["thyme", "latte", "latte", "latte", "latte", "lat"#;

async fn run(recovery: Recovery, finish: FinishReason) -> (Vec<Vec<String>>, Vec<String>) {
    run_on(LOOPED, recovery, finish).await
}

async fn run_on(
    text: &str,
    recovery: Recovery,
    finish: FinishReason,
) -> (Vec<Vec<String>>, Vec<String>) {
    let mut looped = ModelResponse::tool_call("c1", "check_price", text);
    looped.finish_reason = finish;
    let model =
        ScriptedModel::new(vec![looped, ModelResponse::text("4.20")]).with_recovery(recovery);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let rec = Recorder::default();
    let agent = LlmAgent::builder("grocer")
        .model(model)
        .tool(check_price(seen.clone()))
        .on_event(rec.hook())
        .build()
        .unwrap();
    let report = agent.run("Price thyme and a latte".into()).report().await;
    assert_eq!(report.output().unwrap(), "4.20");
    let cuts = rec.repaired("cut_repeats");
    let seen = seen.lock().unwrap().clone();
    (seen, cuts)
}

#[tokio::test]
async fn a_list_looped_until_the_token_cap_keeps_one_run_under_the_small_model_profile() {
    let (seen, cuts) = run(Recovery::SMALL_MODEL, FinishReason::Length).await;
    assert_eq!(seen, [vec!["thyme".to_owned(), "latte".to_owned()]]);
    assert_eq!(cuts.len(), 1, "{cuts:?}");
    assert!(
        cuts[0].contains("cut the list at `items` to its first 2 items"),
        "{cuts:?}"
    );
}

#[tokio::test]
async fn the_neutral_profile_and_a_call_the_model_ended_keep_the_list_as_written() {
    for (recovery, finish) in [
        (Recovery::NEUTRAL, FinishReason::Length),
        (Recovery::SMALL_MODEL, FinishReason::ToolCalls),
    ] {
        let (seen, cuts) = run(recovery, finish.clone()).await;
        assert_eq!(seen.len(), 1, "{finish:?}");
        assert_eq!(seen[0].len(), 6, "as written, repaired: {seen:?}");
        assert!(cuts.is_empty(), "{cuts:?}");
    }
}

/// The list the local model wrote until the token cap on BFCL's `simple_python_147`: the items
/// it meant, one more, and a number run on until the cap cut it (`"1000000…`). Repaired as
/// written, the cut-off run of digits stood in the call as an item, and the model copied it on
/// the next turn and ran into the cap again. Under the small-model profile the item the cap cut
/// is dropped; the items the model finished stay.
#[tokio::test]
async fn an_item_the_token_cap_cut_off_is_dropped_from_its_list() {
    let text = format!(
        r#"{{"items": ["thyme", "latte", "2023", "1{}"#,
        "0".repeat(60)
    );
    let (seen, cuts) = run_on(&text, Recovery::SMALL_MODEL, FinishReason::Length).await;
    assert_eq!(
        seen,
        [vec![
            "thyme".to_owned(),
            "latte".to_owned(),
            "2023".to_owned()
        ]]
    );
    assert_eq!(cuts.len(), 1, "{cuts:?}");
    assert!(
        cuts[0].contains("dropped the last item of the list at `items`"),
        "{cuts:?}"
    );

    // The neutral profile, and a call the model ended, keep it as written.
    for (recovery, finish) in [
        (Recovery::NEUTRAL, FinishReason::Length),
        (Recovery::SMALL_MODEL, FinishReason::ToolCalls),
    ] {
        let (seen, cuts) = run_on(&text, recovery, finish).await;
        assert_eq!(seen[0].len(), 4, "{seen:?}");
        assert!(cuts.is_empty(), "{cuts:?}");
    }
}

/// A cut-off item that is, whole, a value the user's words give was written before the cap came
/// (only its closing quote was cut): it stays.
#[tokio::test]
async fn a_cut_off_item_the_users_words_give_whole_stays() {
    let (seen, cuts) = run_on(
        r#"{"items": ["thyme", "latte"#,
        Recovery::SMALL_MODEL,
        FinishReason::Length,
    )
    .await;
    assert_eq!(seen, [vec!["thyme".to_owned(), "latte".to_owned()]]);
    assert!(cuts.is_empty(), "{cuts:?}");
}
