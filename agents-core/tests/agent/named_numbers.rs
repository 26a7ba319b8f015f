//! The user's numbers where their words put them (issue 28): under the small-model profile a
//! call that fills the request's numbers into the wrong arguments runs with each number in the
//! argument its words name; without the piece, or under the neutral profile, it runs as
//! written.

use crate::common::{recording, run_recorded};
use agents_core::ModelResponse;
use agents_core::model::Recovery;
use agents_core::testing::ScriptedModel;

#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
struct Room {
    room_length_m: f64,
    room_width_m: f64,
    ceiling_height_m: f64,
}

/// The room `heat_load` ran with, and the repairs reported as `named_numbers`, for a model that
/// filled the numbers in the order of the sorted argument names.
async fn run(recovery: Recovery) -> (Room, Vec<String>) {
    let model = ScriptedModel::new(vec![
        ModelResponse::tool_call(
            "c1",
            "heat_load",
            r#"{"ceiling_height_m": 5.5, "room_length_m": 4, "room_width_m": 2.7}"#,
        ),
        ModelResponse::text("About 9000 BTU."),
    ])
    .with_recovery(recovery);
    let (tool, seen) = recording("heat_load", "BTU to heat a room.", "9000");
    let request = "how many BTU to heat a room that's 5.5 m long and 4 m wide with 2.7 m ceilings?";
    let (report, rec) = run_recorded(model, tool, request).await;
    assert_eq!(report.output().unwrap(), "About 9000 BTU.");
    let seen: Vec<Room> = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    (seen[0].clone(), rec.repaired("named_numbers"))
}

#[tokio::test]
async fn numbers_in_the_wrong_arguments_run_where_the_words_put_them() {
    let (room, placed) = run(Recovery::SMALL_MODEL).await;
    assert_eq!(
        room,
        Room {
            room_length_m: 5.5,
            room_width_m: 4.0,
            ceiling_height_m: 2.7
        }
    );
    assert!(
        placed
            .iter()
            .any(|r| r.contains("set `room_length_m` to 5.5")),
        "{placed:?}"
    );
}

#[tokio::test]
async fn without_the_piece_the_numbers_run_as_written() {
    let written = Room {
        room_length_m: 4.0,
        room_width_m: 2.7,
        ceiling_height_m: 5.5,
    };
    let (room, placed) = run(Recovery::SMALL_MODEL.named_numbers(false)).await;
    assert_eq!(room, written);
    assert!(placed.is_empty(), "{placed:?}");
    let (room, _) = run(Recovery::NEUTRAL).await;
    assert_eq!(room, written);
}
