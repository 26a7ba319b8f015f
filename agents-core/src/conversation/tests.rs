//! The pairing invariant and trimming, on hand-built transcripts.

use super::*;
use crate::model::{ToolCall, ToolResult};

fn call(id: &str, tool: &str) -> ToolCall {
    ToolCall {
        id: id.into(),
        name: tool.into(),
        arguments: "{}".into(),
    }
}

fn calls(ids: &[(&str, &str)]) -> Message {
    Message::Assistant {
        content: None,
        tool_calls: ids.iter().map(|(i, t)| call(i, t)).collect(),
    }
}

fn result(id: &str, tool: &str, content: &str) -> Message {
    Message::Tool(ToolResult {
        call_id: id.into(),
        name: tool.into(),
        content: content.into(),
        is_error: false,
    })
}

#[test]
fn a_valid_transcript_has_no_problems_and_mending_changes_nothing() {
    let mut messages = vec![
        Message::user("hi"),
        calls(&[("a", "x"), ("b", "y")]),
        result("b", "y", "2"),
        result("a", "x", "1"),
        Message::assistant("done"),
    ];
    let before = messages.clone();
    assert!(check(&messages).is_empty());
    assert!(mend(&mut messages).is_empty());
    assert_eq!(messages, before, "a valid transcript is left as stored");
}

/// A crash between a call and its result leaves the call dangling: it gets a "no result recorded"
/// result, and the result that did arrive stays.
#[test]
fn a_dangling_call_gets_a_not_executed_result() {
    let mut messages = vec![
        Message::user("hi"),
        calls(&[("a", "x"), ("b", "y")]),
        result("a", "x", "1"),
    ];
    assert_eq!(
        check(&messages),
        vec![PairingError::MissingResult {
            index: 1,
            call_id: "b".into(),
            tool: "y".into()
        }]
    );
    let changes = mend(&mut messages);
    assert_eq!(
        changes,
        vec![Mend::NoResultRecorded {
            call_id: "b".into(),
            tool: "y".into()
        }]
    );
    assert!(check(&messages).is_empty());
    assert_eq!(messages[2], result("a", "x", "1"));
    let Message::Tool(r) = &messages[3] else {
        panic!("{messages:?}")
    };
    assert_eq!(r.call_id, "b");
    assert!(
        r.is_error && r.content.starts_with("No result recorded"),
        "{r:?}"
    );
}

#[test]
fn orphan_and_second_results_are_dropped_and_reported() {
    let mut messages = vec![
        result("z", "x", "before anything"),
        Message::user("hi"),
        calls(&[("a", "x")]),
        result("a", "x", "first"),
        result("a", "x", "second"),
        result("q", "x", "answers nothing"),
        Message::assistant("ok"),
    ];
    assert_eq!(check(&messages).len(), 3, "{:?}", check(&messages));
    let changes = mend(&mut messages);
    assert_eq!(
        changes,
        vec![
            Mend::DroppedOrphan {
                call_id: "z".into()
            },
            Mend::DroppedDuplicate {
                call_id: "a".into()
            },
            Mend::DroppedOrphan {
                call_id: "q".into()
            },
        ]
    );
    assert_eq!(
        messages,
        vec![
            Message::user("hi"),
            calls(&[("a", "x")]),
            result("a", "x", "first"),
            Message::assistant("ok"),
        ]
    );
}

/// Two turns of a provider that numbers calls per response reuse an id; the later call gets a
/// fresh id and takes its own result with it.
#[test]
fn a_reused_call_id_is_renamed_with_its_result() {
    let mut messages = vec![
        Message::user("one"),
        calls(&[("c0", "x")]),
        result("c0", "x", "1"),
        Message::user("two"),
        calls(&[("c0", "x")]),
        result("c0", "x", "2"),
    ];
    assert_eq!(
        check(&messages),
        vec![PairingError::DuplicateCallId {
            index: 4,
            call_id: "c0".into()
        }]
    );
    let changes = mend(&mut messages);
    assert_eq!(
        changes,
        vec![Mend::RenamedCall {
            from: "c0".into(),
            to: "c0-2".into()
        }]
    );
    assert!(check(&messages).is_empty(), "{messages:?}");
    assert_eq!(messages[5], result("c0-2", "x", "2"));
}

#[test]
fn trimming_never_splits_a_call_from_its_result() {
    let messages = vec![
        Message::user("one"),
        calls(&[("a", "x")]),
        result("a", "x", "1"),
        Message::assistant("1"),
        Message::user("two"),
        calls(&[("b", "x")]),
        result("b", "x", "2"),
        Message::assistant("2"),
    ];
    // Keeping the last 3 messages would start at a result: the cut moves back to "two".
    assert_eq!(
        kept(&messages, &KeepLastMessages(3))[0],
        Message::user("two")
    );
    assert_eq!(kept(&messages, &KeepLastTurns(1)).len(), 4);
    assert_eq!(kept(&messages, &KeepLastTurns(5)).len(), 8);
    assert!(kept(&messages, &KeepLastTurns(0)).is_empty());
    let mut conversation = Conversation::from_messages(messages);
    assert_eq!(conversation.trim(&KeepLastMessages(2)), 4);
    assert_eq!(conversation.user_turns(), 1);
    assert!(conversation.problems().is_empty());
}

#[test]
fn a_conversation_round_trips_through_json() {
    let conversation = Conversation::from_messages(vec![
        Message::user("hi"),
        calls(&[("a", "x")]),
        result("a", "x", "1"),
    ]);
    let text = serde_json::to_string(&conversation).unwrap();
    assert!(text.starts_with("{\"messages\":["), "{text}");
    let back: Conversation = serde_json::from_str(&text).unwrap();
    assert_eq!(back, conversation);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// A random transcript: user texts, assistant turns with 0-3 calls over a few ids (so ids
    /// repeat), and results for random ids, in random order.
    fn transcript() -> impl Strategy<Value = Vec<Message>> {
        let id = prop::sample::select(vec!["a", "b", "c", "d"]);
        let message = prop_oneof![
            Just(Message::user("u")),
            Just(Message::assistant("t")),
            prop::collection::vec(id.clone(), 1..4).prop_map(|ids| Message::Assistant {
                content: None,
                tool_calls: ids.iter().map(|i| call(i, "x")).collect(),
            }),
            id.prop_map(|i| result(i, "x", "r")),
        ];
        prop::collection::vec(message, 0..24)
    }

    proptest! {
        /// Whatever was stored, mending gives a transcript in which every call has exactly one
        /// result right after it, and mending again changes nothing.
        #[test]
        fn mending_always_gives_a_valid_transcript(mut messages in transcript()) {
            mend(&mut messages);
            prop_assert!(check(&messages).is_empty(), "{:?}", check(&messages));
            let again = messages.clone();
            prop_assert!(mend(&mut messages).is_empty());
            prop_assert_eq!(messages, again);
        }

        /// Any cut a policy asks for, the kept part of a valid transcript is valid.
        #[test]
        fn any_trim_of_a_valid_transcript_is_valid(mut messages in transcript(), n in 0usize..30) {
            mend(&mut messages);
            prop_assert!(check(kept(&messages, &KeepLastMessages(n))).is_empty());
            prop_assert!(check(kept(&messages, &KeepLastTurns(n))).is_empty());
        }
    }
}
