//! Nothing a server sends back makes our MCP client panic or wait forever: a hand-written server
//! (`tests/fixtures/mcp_malformed_server.cjs`, node only) answers each call with what the call
//! asks for, and a property test sends it arbitrary JSON as the response's `result` or `error`,
//! shaped like MCP results or not, with garbage lines before it.
//!
//! `rmcp`'s serde types read the wire; this test is what says they and our mapping (content to
//! JSON, JSON-RPC errors to the taxonomy) hold together on any reply: every call ends, in time, as
//! a value or a typed error. A reply the SDK cannot read as a response at all (an `error` whose
//! `code` is not a number, say) is dropped by it, unpaired: that call ends at the tool's timeout
//! (500 ms here) as a transient failure, and the client goes on.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use agents_core::tool::StandaloneTool;
use agents_providers::mcp::{McpServer, StdioServer};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// `node` runs the fixture; without node (never on our machines) the tests skip, unless
/// `AGENTS_MCP_SERVERS` says the MCP suite is required.
fn node_available() -> bool {
    let ok = std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("AGENTS_MCP_SERVERS").is_none(),
            "node is required for the MCP tests"
        );
        eprintln!("skipped: node is not installed");
    }
    ok
}

struct Fixture {
    rt: tokio::runtime::Runtime,
    _server: McpServer,
    reply: StandaloneTool,
}

/// One server process and runtime for every case (a server the SDK gave up on is started again
/// by the client before the next call).
fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/mcp_malformed_server.cjs");
        let (server, reply) = rt.block_on(async {
            let server = McpServer::connect(
                StdioServer::new("node")
                    .arg(script.to_string_lossy())
                    .name("malformed")
                    .call_timeout(Duration::from_millis(500)),
            )
            .await
            .expect("the handshake succeeds");
            let tool = server
                .tools()
                .await
                .expect("tools/list")
                .into_iter()
                .next()
                .expect("one tool");
            (server.clone(), StandaloneTool::new(Arc::new(tool)))
        });
        Fixture {
            rt,
            _server: server,
            reply,
        }
    })
}

/// Calls `reply` with `args`; the call must end within a bound well above the tool's timeout.
#[allow(clippy::result_large_err)] // the runtime's own error type, as `StandaloneTool::call` returns it
fn call(args: Value) -> Result<Value, agents_core::ToolError> {
    let f = fixture();
    f.rt.block_on(async {
        tokio::time::timeout(Duration::from_secs(20), f.reply.call("p", args))
            .await
            .expect("the call ends (answered, refused or timed out)")
    })
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("content".to_owned()),
        Just("type".to_owned()),
        Just("text".to_owned()),
        Just("isError".to_owned()),
        Just("structuredContent".to_owned()),
        Just("data".to_owned()),
        Just("mimeType".to_owned()),
        Just("resource".to_owned()),
        Just("uri".to_owned()),
        Just("code".to_owned()),
        Just("message".to_owned()),
        "[a-z]{1,6}",
    ]
}

/// The content block kinds MCP defines, and one it does not.
fn block_kind() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("text"),
        Just("image"),
        Just("audio"),
        Just("resource"),
        Just("resource_link"),
        Just("bogus")
    ]
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        ".{0,24}".prop_map(Value::from),
        block_kind().prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 32, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(key(), inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A result shaped like MCP's (`content` blocks of every kind, `isError`, `structuredContent`)
/// with arbitrary values in its fields.
fn shaped_result() -> impl Strategy<Value = Value> {
    let block = (
        block_kind(),
        prop::collection::btree_map(key(), any_json(), 0..4),
    )
        .prop_map(|(kind, fields)| {
            let mut m: Map<String, Value> = fields.into_iter().collect();
            m.insert("type".to_owned(), Value::from(kind));
            Value::Object(m)
        });
    (
        prop::collection::vec(block, 0..4),
        prop::option::of(any_json()),
        prop::option::of(any_json()),
    )
        .prop_map(|(content, is_error, structured)| {
            let mut m = Map::new();
            m.insert("content".to_owned(), Value::Array(content));
            if let Some(e) = is_error {
                m.insert("isError".to_owned(), e);
            }
            if let Some(s) = structured {
                m.insert("structuredContent".to_owned(), s);
            }
            Value::Object(m)
        })
}

/// A line written before the answer: garbage, half a message, an answer to another request.
fn before() -> impl Strategy<Value = Option<String>> {
    prop::option::of(prop_oneof![
        Just("not json at all".to_owned()),
        Just("{".to_owned()),
        Just(r#"{"jsonrpc":"2.0","id":987654,"result":{"content":[]}}"#.to_owned()),
        Just(r#"{"jsonrpc":"2.0","method":"notifications/unknown","params":7}"#.to_owned()),
        Just(r#"{"jsonrpc":"1.0"}"#.to_owned()),
        "[ -~]{0,40}",
    ])
}

fn reply_args() -> impl Strategy<Value = Value> {
    let answer = prop_oneof![
        shaped_result().prop_map(|r| ("result", r)),
        any_json().prop_map(|r| ("result", r)),
        any_json().prop_map(|e| ("error", e)),
        (any_json(), any_json())
            .prop_map(|(code, message)| { ("error", json!({"code": code, "message": message})) }),
    ];
    (answer, before()).prop_map(|((field, value), before)| {
        let mut m = Map::new();
        m.insert(field.to_owned(), value);
        if let Some(b) = before {
            m.insert("before".to_owned(), Value::from(b));
        }
        Value::Object(m)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Any reply ends the call, in time, as a value or a typed error; no reply panics the client.
    #[test]
    fn any_reply_ends_the_call_as_a_value_or_a_typed_error(args in reply_args()) {
        if !node_available() {
            return Ok(());
        }
        match call(args) {
            Ok(_) => {}
            Err(e) => prop_assert!(!e.model_text().is_empty()),
        }
    }
}

/// A well-formed reply after all that still reads as the value it carries: the client was not
/// left broken by what came before.
#[test]
fn a_good_reply_after_bad_ones_reads_normally() {
    if !node_available() {
        return;
    }
    let _ = call(json!({"before": "{", "result": 42}));
    let _ = call(json!({"error": {"code": "x"}}));
    let out = call(json!({"result": {"content": [{"type": "text", "text": "fine"}]}}))
        .expect("a good reply");
    assert_eq!(out, json!("fine"));
}

/// A server that never answers a call: the call ends at its timeout as a transient failure.
#[test]
fn no_answer_ends_at_the_timeout() {
    if !node_available() {
        return;
    }
    let err = call(json!({"nothing": true})).expect_err("no answer");
    assert!(
        err.model_text().contains("timed out"),
        "{}",
        err.model_text()
    );
}
