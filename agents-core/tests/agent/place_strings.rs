//! A user's text put where the user's words put it (issue 28): under the small-model profile,
//! a call that writes one text of the user's into two string arguments keeps it in the one the
//! words around it name and gives the other the text the user quoted for it, before the call
//! runs, whether the model wrote the call or answered `ask_values` questions with one text
//! twice; the neutral profile, or the piece switched off, runs the call as written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::error::FeedbackStyle;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;
use serde_json::json;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Presentation {
    /// The result set controller.
    controller: String,
    /// The UI element it is shown in.
    parent: String,
}

const REQUEST: &str = "Create the presentation with the result set controller `mapController` \
                       and the composite UI element `mapArea`.";

fn presentation(controller: &str, parent: &str) -> Presentation {
    Presentation {
        controller: controller.to_owned(),
        parent: parent.to_owned(),
    }
}

/// Runs `model` on the request, checks the tool ran once with `want`, and that the piece set
/// one call where `want` holds the placed text (none otherwise); returns what it reported.
async fn runs_with(model: ScriptedModel, want: Presentation) -> Vec<String> {
    let (tool, seen) = recording("create_presentation", "Create a presentation.", "created");
    let (report, rec) = run_recorded(model, tool, REQUEST).await;
    assert_eq!(report.output().unwrap(), "Created.");
    let seen: Vec<Presentation> = seen.lock().unwrap().clone();
    assert_eq!(seen, std::slice::from_ref(&want));
    let placed = rec.repaired("place_strings");
    let expected = usize::from(want.parent == "mapArea");
    assert_eq!(placed.len(), expected, "{placed:?}");
    placed
}

#[tokio::test]
async fn a_text_written_into_two_arguments_goes_where_the_words_put_it() {
    let written = r#"{"controller": "mapController", "parent": "mapController"}"#;
    for (recovery, want) in [
        (
            Recovery::SMALL_MODEL,
            presentation("mapController", "mapArea"),
        ),
        (
            Recovery::SMALL_MODEL.place_strings(false),
            presentation("mapController", "mapController"),
        ),
        (
            Recovery::NEUTRAL,
            presentation("mapController", "mapController"),
        ),
    ] {
        let call = ModelResponse::tool_call("c1", "create_presentation", written);
        let model =
            ScriptedModel::new(vec![call, ModelResponse::text("Created.")]).with_recovery(recovery);
        let placed = runs_with(model, want).await;
        if let Some(p) = placed.first() {
            assert!(p.contains("set `parent` to \"mapArea\""), "{p}");
            assert!(p.contains("for `controller`"), "{p}");
        }
    }
}

/// Asked for each argument alone (`ask_values`, after the echo check refused the example's
/// values), the model answers the same text twice: the answers are placed as a call is.
#[tokio::test]
async fn one_answer_given_for_two_arguments_is_placed_too() {
    for (recovery, want) in [
        (
            Recovery::SMALL_MODEL,
            presentation("mapController", "mapArea"),
        ),
        (
            Recovery::SMALL_MODEL.place_strings(false),
            presentation("mapController", "mapController"),
        ),
    ] {
        let copied = r#"{"controller": "text", "parent": "text"}"#;
        let responses = vec![
            ModelResponse::tool_call("c1", "create_presentation", copied),
            ModelResponse::text("mapController"),
            ModelResponse::text("mapController"),
            ModelResponse::text("Created."),
        ];
        let model = ScriptedModel::new(responses)
            .with_examples([json!({"controller": "text", "parent": "text"})])
            .with_feedback(FeedbackStyle::Short)
            .with_recovery(recovery);
        runs_with(model, want).await;
    }
}
