//! A user's text put where the user's words put it (issue 28): under the small-model profile,
//! a call that writes one text of the user's into two string arguments keeps it in the one the
//! words around it name and gives the other the text the user quoted for it, before the call
//! runs, whether the model wrote the call or answered `ask_values` questions with one text
//! twice, and a code the user wrote counts as a quoted text; the neutral profile, or the piece
//! switched off, runs the call as written.

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

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Refill {
    /// The patient's ID.
    patient_id: String,
    /// The pharmacy's ID.
    pharmacy_id: String,
}

/// A code the user wrote once, unquoted, is taken as a quoted text is: the piece of one code
/// written into both arguments stays where its word puts it (and is widened to the whole code
/// by `whole_codes`), the other argument takes the code its own word names.
#[tokio::test]
async fn a_piece_of_one_code_in_two_arguments_leaves_room_for_the_other_code() {
    let request = "Send the refill for patient P-20931 to pharmacy PH-118, please.";
    let written = r#"{"patient_id": "118", "pharmacy_id": "118"}"#;
    for (recovery, want, placed) in [
        (Recovery::SMALL_MODEL, ("P-20931", "PH-118"), 1),
        (
            Recovery::SMALL_MODEL.place_strings(false),
            ("118", "118"),
            0,
        ),
    ] {
        let (tool, seen) = recording("send_refill", "Send a refill.", "sent");
        let call = ModelResponse::tool_call("c1", "send_refill", written);
        let model =
            ScriptedModel::new(vec![call, ModelResponse::text("Sent.")]).with_recovery(recovery);
        let (report, rec) = run_recorded(model, tool, request).await;
        assert_eq!(report.output().unwrap(), "Sent.");
        let seen: Vec<Refill> = seen.lock().unwrap().clone();
        let want = Refill {
            patient_id: want.0.to_owned(),
            pharmacy_id: want.1.to_owned(),
        };
        assert_eq!(seen, vec![want]);
        assert_eq!(rec.repaired("place_strings").len(), placed);
    }
}
