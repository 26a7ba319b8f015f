use std::time::Duration;

use super::{Event, MAX_LINE};
use crate::budget::BudgetKind;
use crate::conversation::Mend;
use crate::error::Checked;
use crate::error::{ErrorKind, Severity};
use crate::event::ArgumentChange;
use crate::json::{Coercion, CoercionKind, FixKind, JsonFix};
use crate::model::{Constraint, ToolCall, Usage};
use crate::path::AgentPath;

/// Every variant by name. A new variant does not compile here until it is added, and then
/// [`every_variant_prints_its_line`] fails until the table has a line for it.
fn variant(event: &Event) -> &'static str {
    match event {
        Event::RunStarted { .. } => "RunStarted",
        Event::ModelResponded { .. } => "ModelResponded",
        Event::ToolStarted { .. } => "ToolStarted",
        Event::ToolFinished { .. } => "ToolFinished",
        Event::Repaired { .. } => "Repaired",
        Event::Retry { .. } => "Retry",
        Event::ToolFailed { .. } => "ToolFailed",
        Event::ToolHallucinated { .. } => "ToolHallucinated",
        Event::Escalated { .. } => "Escalated",
        Event::Warning { .. } => "Warning",
        Event::LlmRetry { .. } => "LlmRetry",
        Event::BudgetExceeded { .. } => "BudgetExceeded",
        Event::ApprovalRequested { .. } => "ApprovalRequested",
        Event::TextDelta { .. } => "TextDelta",
        Event::PartialAnswer { .. } => "PartialAnswer",
        Event::Rejected { .. } => "Rejected",
        Event::TranscriptMended { .. } => "TranscriptMended",
        Event::Regenerated { .. } => "Regenerated",
        Event::ValueAsked { .. } => "ValueAsked",
        Event::CallNotRepeated { .. } => "CallNotRepeated",
        Event::LastTurnAnswer { .. } => "LastTurnAnswer",
        Event::CallRedirected { .. } => "CallRedirected",
        Event::ToolPassedOver { .. } => "ToolPassedOver",
        Event::ListContinued { .. } => "ListContinued",
        Event::ToolsChanged { .. } => "ToolsChanged",
        Event::ToolSourceFailed { .. } => "ToolSourceFailed",
        Event::RunResumed { .. } => "RunResumed",
        Event::RunFinished { .. } => "RunFinished",
    }
}

const ALL: [&str; 28] = [
    "RunStarted",
    "ModelResponded",
    "ToolStarted",
    "ToolFinished",
    "Repaired",
    "Retry",
    "ToolFailed",
    "ToolHallucinated",
    "Escalated",
    "Warning",
    "LlmRetry",
    "BudgetExceeded",
    "ApprovalRequested",
    "TextDelta",
    "PartialAnswer",
    "Rejected",
    "TranscriptMended",
    "Regenerated",
    "ValueAsked",
    "CallNotRepeated",
    "LastTurnAnswer",
    "CallRedirected",
    "ToolPassedOver",
    "ListContinued",
    "ToolsChanged",
    "ToolSourceFailed",
    "RunResumed",
    "RunFinished",
];

fn agent() -> AgentPath {
    AgentPath::root("planner").child("booker")
}

fn usage(input_tokens: u64, output_tokens: u64) -> Usage {
    Usage {
        input_tokens,
        output_tokens,
    }
}

fn call(id: &str, name: &str, arguments: &str) -> ToolCall {
    ToolCall {
        id: id.to_owned(),
        name: name.to_owned(),
        arguments: arguments.to_owned(),
    }
}

fn names(names: &[&str]) -> Vec<String> {
    names.iter().map(|&n| n.to_owned()).collect()
}

/// One event of every variant (two where the line takes two shapes), with the line it prints.
fn table() -> Vec<(Event, &'static str)> {
    let a = agent;
    vec![
        (
            Event::RunStarted { agent: a() },
            "planner/booker: run started",
        ),
        (
            Event::ModelResponded {
                agent: a(),
                turn: 2,
                tool_calls: 2,
                usage: usage(120, 15),
                raw: Some("{\"name\": \"book\"} {\"name\": \"pay\"}".to_owned()),
                calls: vec![call("c1", "book", "{}"), call("c2", "pay", "{}")],
            },
            "planner/booker: turn 2: model made 2 tool calls: book, pay; 120 in / 15 out tokens",
        ),
        (
            Event::ModelResponded {
                agent: a(),
                turn: 3,
                tool_calls: 0,
                usage: usage(130, 9),
                raw: Some("Booked.\nTable for two at 8pm.".to_owned()),
                calls: Vec::new(),
            },
            r#"planner/booker: turn 3: model answered "Booked.\nTable for two at 8pm."; 130 in / 9 out tokens"#,
        ),
        (
            Event::ToolStarted {
                agent: a(),
                call_id: "c1".into(),
                tool: "book".into(),
                attempt: 1,
            },
            "planner/booker: book (call c1) started",
        ),
        (
            Event::ToolFinished {
                agent: a(),
                call_id: "c1".into(),
                tool: "book".into(),
                elapsed: Duration::from_millis(42),
            },
            "planner/booker: book (call c1) finished in 42 ms",
        ),
        (
            Event::Repaired {
                agent: a(),
                call_id: "c1".into(),
                tool: "book".into(),
                kind: ErrorKind::InvalidArgs,
                step: "json_repair",
                fixes: vec![
                    ArgumentChange::Json(JsonFix::new(FixKind::StrippedFence, 0)),
                    ArgumentChange::Json(JsonFix::new(FixKind::TrailingComma, 17)),
                ],
            },
            "planner/booker: book (call c1) repaired (invalid_args) by json_repair: stripped code fence at byte 0; removed trailing comma at byte 17",
        ),
        (
            Event::Retry {
                agent: a(),
                call_id: "c1".into(),
                tool: "book".into(),
                attempt: 2,
                delay: Duration::from_millis(2500),
                error: "the booking service timed out".into(),
            },
            "planner/booker: book (call c1) retrying as attempt 2 in 2.5 s: the booking service timed out",
        ),
        (
            Event::ToolFailed {
                agent: a(),
                call_id: "c1".into(),
                tool: "book".into(),
                kind: ErrorKind::Execution,
                error: "no table free\nat 8pm".into(),
                outcome: "fed_back",
            },
            "planner/booker: book (call c1) failed (execution_error, fed_back): no table free at 8pm",
        ),
        (
            Event::ToolHallucinated {
                agent: a(),
                call_id: "c3".into(),
                requested: "bok".into(),
                suggestion: Some("book".into()),
                allowed: names(&["book", "pay"]),
            },
            r#"planner/booker: unknown tool "bok" (call c3), did you mean book? offered: book, pay"#,
        ),
        (
            Event::Escalated {
                agent: a(),
                tool: Some("pay".into()),
                reason: "the card was declined".into(),
                severity: Severity::High,
                path: vec![a(), AgentPath::root("planner")],
            },
            "planner/booker: escalated (HIGH) from tool pay: the card was declined; via planner/booker -> planner",
        ),
        (
            Event::Warning {
                agent: a(),
                message: "unknown severity \"urgent\"; using HIGH".into(),
            },
            r#"planner/booker: warning: unknown severity "urgent"; using HIGH"#,
        ),
        (
            Event::LlmRetry {
                agent: a(),
                attempt: 3,
                delay: Duration::from_secs(4),
                error: "model call failed (RateLimited, HTTP 429): slow down".into(),
            },
            "planner/booker: model call retrying as attempt 3 in 4.0 s: model call failed (RateLimited, HTTP 429): slow down",
        ),
        (
            Event::BudgetExceeded {
                agent: a(),
                kind: BudgetKind::Turns,
                limit: 8,
                used: 9,
            },
            "planner/booker: budget max_turns exceeded: used 9 of 8",
        ),
        (
            Event::ApprovalRequested {
                agent: a(),
                call_id: "c4".into(),
                tool: "pay".into(),
            },
            "planner/booker: pay (call c4) awaits approval",
        ),
        (
            Event::TextDelta {
                agent: a(),
                turn: 1,
                text: "Book".into(),
            },
            r#"planner/booker: turn 1: text "Book""#,
        ),
        (
            Event::PartialAnswer {
                agent: a(),
                turn: 2,
                value: serde_json::json!({"city": "Par"}),
            },
            r#"planner/booker: turn 2: partial answer "{\"city\":\"Par\"}""#,
        ),
        (
            Event::Rejected {
                agent: a(),
                checked: Checked::Answer,
                reason: "the total is negative".into(),
                retrying: true,
            },
            "planner/booker: answer rejected (model asked again): the total is negative",
        ),
        (
            Event::TranscriptMended {
                agent: a(),
                changes: vec![
                    Mend::NoResultRecorded {
                        call_id: "c1".into(),
                        tool: "book".into(),
                    },
                    Mend::DroppedOrphan {
                        call_id: "c9".into(),
                    },
                ],
            },
            "planner/booker: stored transcript mended: no result recorded for book (call c1); dropped a result answering no call (c9)",
        ),
        (
            Event::Regenerated {
                agent: a(),
                call_id: "c1".into(),
                tool: "book".into(),
                constraint: Constraint::tool("book"),
                calls: vec![call("c1", "book", "{\"seats\": 2}")],
                usage: usage(200, 12),
            },
            "planner/booker: book (call c1) regenerated under constraint (tool book): book; 200 in / 12 out tokens",
        ),
        (
            Event::ValueAsked {
                agent: a(),
                call_id: "c1".into(),
                tool: "book".into(),
                argument: "date".into(),
                answer: "2026-05-01".into(),
                usage: usage(90, 6),
            },
            r#"planner/booker: book (call c1) asked the model for `date`: "2026-05-01"; 90 in / 6 out tokens"#,
        ),
        (
            Event::CallNotRepeated {
                agent: a(),
                call_id: "c2".into(),
                tool: "book".into(),
                earlier_call_id: "c1".into(),
            },
            "planner/booker: book (call c2) not run again: it repeats c1, which succeeded",
        ),
        (
            Event::CallRedirected {
                agent: a(),
                call_id: "c1".into(),
                called: "calculate_density".into(),
                named: "math_gcd".into(),
            },
            "planner/booker: calculate_density (call c1) asked again as a call of math_gcd, the tool the request's words name",
        ),
        (
            Event::LastTurnAnswer {
                agent: a(),
                calls_ran: 2,
            },
            "planner/booker: last turn asks for the answer: 2 call(s) ran",
        ),
        (
            Event::ToolPassedOver {
                agent: a(),
                tool: "buy_tickets".into(),
                arguments: vec!["count".into(), "row".into()],
            },
            "planner/booker: buy_tickets passed over: the request gives no number for count, row",
        ),
        (
            Event::ListContinued {
                agent: a(),
                tool: "weather".into(),
                argument: "city".into(),
                left: vec!["\"Rome\"".into(), "\"Oslo\"".into()],
            },
            "planner/booker: weather held to the rest of the user's list: city in \"Rome\", \"Oslo\"",
        ),
        (
            Event::ToolsChanged {
                agent: a(),
                source: "mcp:calendar".into(),
                added: names(&["list_events", "add_event"]),
                removed: names(&["old_add"]),
            },
            "planner/booker: tools of mcp:calendar changed: +list_events, +add_event, -old_add",
        ),
        (
            Event::ToolSourceFailed {
                agent: a(),
                source: "mcp:calendar".into(),
                error: "connection refused".into(),
            },
            "planner/booker: tool source mcp:calendar could not be listed: connection refused",
        ),
        (
            Event::RunResumed {
                agent: a(),
                replayed_steps: 7,
            },
            "planner/booker: run resumed from its journal (7 steps replayed)",
        ),
        (
            Event::RunFinished {
                agent: a(),
                turns: 3,
                success: true,
                usage: usage(450, 40),
            },
            "planner/booker: run succeeded after 3 turns; 450 in / 40 out tokens",
        ),
        (
            Event::RunFinished {
                agent: a(),
                turns: 1,
                success: false,
                usage: usage(10, 0),
            },
            "planner/booker: run failed after 1 turn; 10 in / 0 out tokens",
        ),
    ]
}

#[test]
fn every_variant_prints_its_line() {
    let table = table();
    for (event, line) in &table {
        assert_eq!(event.to_string(), *line, "{}", variant(event));
    }
    let covered: std::collections::BTreeSet<&str> = table.iter().map(|(e, _)| variant(e)).collect();
    let missing: Vec<&str> = ALL
        .iter()
        .copied()
        .filter(|v| !covered.contains(v))
        .collect();
    assert!(missing.is_empty(), "no line tested for {missing:?}");
}

#[test]
fn a_retry_after_the_first_attempt_says_which() {
    let event = Event::ToolStarted {
        agent: AgentPath::root("a"),
        call_id: "c1".into(),
        tool: "t".into(),
        attempt: 3,
    };
    assert_eq!(event.to_string(), "a: t (call c1) started, attempt 3");
}

#[test]
fn long_model_text_and_lists_are_shortened_with_a_marker() {
    let text = "word ".repeat(1000);
    let event = Event::ModelResponded {
        agent: AgentPath::root("a"),
        turn: 1,
        tool_calls: 0,
        usage: Usage::default(),
        raw: Some(text),
        calls: Vec::new(),
    };
    let line = event.to_string();
    assert!(line.len() < 150, "{line}");
    assert!(line.ends_with("word …\"; 0 in / 0 out tokens"), "{line}");

    let calls: Vec<ToolCall> = (0..9).map(|i| call("c", &format!("t{i}"), "")).collect();
    let event = Event::ModelResponded {
        agent: AgentPath::root("a"),
        turn: 1,
        tool_calls: calls.len(),
        usage: Usage::default(),
        raw: None,
        calls,
    };
    assert_eq!(
        event.to_string(),
        "a: turn 1: model made 9 tool calls: t0, t1, t2, t3 (+5 more); 0 in / 0 out tokens"
    );
}

#[test]
fn a_coercion_and_a_replacement_print_as_their_sentences() {
    let event = Event::Repaired {
        agent: AgentPath::root("a"),
        call_id: "c1".into(),
        tool: "t".into(),
        kind: ErrorKind::Deserialization,
        step: "coerce",
        fixes: vec![ArgumentChange::Coerced(Coercion {
            kind: CoercionKind::StringToNumber,
            path: "/seats".into(),
        })],
    };
    assert_eq!(
        event.to_string(),
        "a: t (call c1) repaired (deserialization_error) by coerce: converted numeric string to number at /seats"
    );
}

mod props {
    use proptest::prelude::*;

    use super::*;

    /// Any text: long, multi-line, control characters, any script.
    fn text() -> impl Strategy<Value = String> {
        prop_oneof![
            "\\PC{0,40}",
            "[a-z\n\r\t\u{2028} ]{0,300}",
            "(\\PC|\n){0,2000}",
            any::<String>(),
        ]
    }

    fn texts() -> impl Strategy<Value = Vec<String>> {
        proptest::collection::vec(text(), 0..12)
    }

    fn path() -> impl Strategy<Value = AgentPath> {
        proptest::collection::vec(text(), 1..4).prop_map(|names| {
            let mut path = AgentPath::root(names[0].clone());
            for n in &names[1..] {
                path = path.child(n.clone());
            }
            path
        })
    }

    fn calls() -> impl Strategy<Value = Vec<ToolCall>> {
        proptest::collection::vec(
            (text(), text(), text()).prop_map(|(id, name, arguments)| ToolCall {
                id,
                name,
                arguments,
            }),
            0..10,
        )
    }

    fn usage() -> impl Strategy<Value = Usage> {
        (any::<u64>(), any::<u64>()).prop_map(|(input_tokens, output_tokens)| Usage {
            input_tokens,
            output_tokens,
        })
    }

    fn duration() -> impl Strategy<Value = Duration> {
        (any::<u64>(), 0u32..1_000_000_000).prop_map(|(s, n)| Duration::new(s, n))
    }

    fn event() -> impl Strategy<Value = Event> {
        let kind = prop_oneof![
            Just(ErrorKind::InvalidArgs),
            Just(ErrorKind::Execution),
            Just(ErrorKind::UnknownTool)
        ];
        prop_oneof![
            path().prop_map(|agent| Event::RunStarted { agent }),
            (
                path(),
                any::<u32>(),
                usage(),
                proptest::option::of(text()),
                calls()
            )
                .prop_map(|(agent, turn, usage, raw, calls)| Event::ModelResponded {
                    agent,
                    turn,
                    tool_calls: calls.len(),
                    usage,
                    raw,
                    calls,
                }),
            (path(), text(), text(), any::<u32>()).prop_map(|(agent, call_id, tool, attempt)| {
                Event::ToolStarted {
                    agent,
                    call_id,
                    tool,
                    attempt,
                }
            }),
            (path(), text(), text(), duration()).prop_map(|(agent, call_id, tool, elapsed)| {
                Event::ToolFinished {
                    agent,
                    call_id,
                    tool,
                    elapsed,
                }
            }),
            (path(), text(), text(), kind.clone(), texts()).prop_map(
                |(agent, call_id, tool, kind, previews)| Event::Repaired {
                    agent,
                    call_id,
                    tool,
                    kind,
                    step: "fix_with",
                    fixes: previews
                        .into_iter()
                        .map(|preview| ArgumentChange::Replaced {
                            by: Some(preview.clone()),
                            preview,
                        })
                        .collect(),
                }
            ),
            (path(), text(), text(), any::<u32>(), duration(), text()).prop_map(
                |(agent, call_id, tool, attempt, delay, error)| Event::Retry {
                    agent,
                    call_id,
                    tool,
                    attempt,
                    delay,
                    error,
                }
            ),
            (path(), text(), text(), kind, text()).prop_map(
                |(agent, call_id, tool, kind, error)| Event::ToolFailed {
                    agent,
                    call_id,
                    tool,
                    kind,
                    error,
                    outcome: "propagated",
                }
            ),
            (
                path(),
                text(),
                text(),
                proptest::option::of(text()),
                texts()
            )
                .prop_map(|(agent, call_id, requested, suggestion, allowed)| {
                    Event::ToolHallucinated {
                        agent,
                        call_id,
                        requested,
                        suggestion,
                        allowed,
                    }
                }),
            (
                path(),
                proptest::option::of(text()),
                text(),
                proptest::collection::vec(path(), 0..6)
            )
                .prop_map(|(agent, tool, reason, path)| Event::Escalated {
                    agent,
                    tool,
                    reason,
                    severity: Severity::Critical,
                    path,
                }),
            (path(), text()).prop_map(|(agent, message)| Event::Warning { agent, message }),
            (path(), any::<u32>(), duration(), text()).prop_map(
                |(agent, attempt, delay, error)| Event::LlmRetry {
                    agent,
                    attempt,
                    delay,
                    error,
                }
            ),
            (path(), any::<u64>(), any::<u64>()).prop_map(|(agent, limit, used)| {
                Event::BudgetExceeded {
                    agent,
                    kind: BudgetKind::Tokens,
                    limit,
                    used,
                }
            }),
            (path(), text(), text()).prop_map(|(agent, call_id, tool)| {
                Event::ApprovalRequested {
                    agent,
                    call_id,
                    tool,
                }
            }),
            (path(), any::<u32>(), text()).prop_map(|(agent, turn, text)| Event::TextDelta {
                agent,
                turn,
                text
            }),
            (path(), texts()).prop_map(|(agent, ids)| Event::TranscriptMended {
                agent,
                changes: ids
                    .into_iter()
                    .map(|id| Mend::RenamedCall {
                        from: id.clone(),
                        to: id,
                    })
                    .collect(),
            }),
            (path(), text(), text(), calls(), usage()).prop_map(
                |(agent, call_id, tool, calls, usage)| Event::Regenerated {
                    agent,
                    call_id,
                    constraint: Constraint::tool(tool.clone()),
                    tool,
                    calls,
                    usage,
                }
            ),
            (path(), text(), text(), text(), text(), usage()).prop_map(
                |(agent, call_id, tool, argument, answer, usage)| Event::ValueAsked {
                    agent,
                    call_id,
                    tool,
                    argument,
                    answer,
                    usage,
                }
            ),
            (path(), text(), text(), text()).prop_map(|(agent, call_id, tool, earlier_call_id)| {
                Event::CallNotRepeated {
                    agent,
                    call_id,
                    tool,
                    earlier_call_id,
                }
            }),
            (path(), 0..9usize)
                .prop_map(|(agent, calls_ran)| Event::LastTurnAnswer { agent, calls_ran }),
            (path(), text(), text(), text()).prop_map(|(agent, call_id, called, named)| {
                Event::CallRedirected {
                    agent,
                    call_id,
                    called,
                    named,
                }
            }),
            (path(), text(), texts()).prop_map(|(agent, tool, arguments)| {
                Event::ToolPassedOver {
                    agent,
                    tool,
                    arguments,
                }
            }),
            (path(), text(), text(), texts()).prop_map(|(agent, tool, argument, left)| {
                Event::ListContinued {
                    agent,
                    tool,
                    argument,
                    left,
                }
            }),
            (path(), text(), texts(), texts()).prop_map(|(agent, source, added, removed)| {
                Event::ToolsChanged {
                    agent,
                    source,
                    added,
                    removed,
                }
            }),
            (path(), text(), text()).prop_map(|(agent, source, error)| {
                Event::ToolSourceFailed {
                    agent,
                    source,
                    error,
                }
            }),
            (path(), any::<u32>()).prop_map(|(agent, replayed_steps)| Event::RunResumed {
                agent,
                replayed_steps,
            }),
            (path(), any::<u32>(), any::<bool>(), usage()).prop_map(
                |(agent, turns, success, usage)| Event::RunFinished {
                    agent,
                    turns,
                    success,
                    usage,
                }
            ),
        ]
    }

    proptest! {
        /// Whatever a model, a tool or a developer put in an event, it prints as one line of
        /// bounded length that names the agent's path (or its start).
        #[test]
        fn every_event_is_one_bounded_line(event in event()) {
            let line = event.to_string();
            prop_assert!(line.len() <= MAX_LINE, "{} bytes: {line}", line.len());
            prop_assert!(
                !line.chars().any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')),
                "{line:?}"
            );
            prop_assert!(!line.is_empty());
        }
    }
}
