//! # agents
//!
//! LLM agents whose tool calls survive the real world.
pub use agents_core::*;

/// Turns a free `fn` or `async fn` into a tool the model can call.
///
/// The function stays callable as written; beside it, a braced struct of the same name
/// implements [`Tool`], so an agent builds it as `read_file {}`. The doc comment is the tool's
/// description, each parameter a field of its JSON arguments (with its `///` as description), and
/// the return type either `T: Serialize` or a `Result<T, E>` whose `E` converts into an
/// [`ExecutionFailure`]. Options: `name = ".."`, `description = ".."`, `timeout = "5s"`,
/// `idempotent`, `non_blocking` (an `async` body that never blocks its thread: its calls run in
/// place, see [`Tool::non_blocking`]), `approval`, `crate = ::path`. The guide is
/// `docs/macros.md`.
///
/// ```
/// use agents::{ExecutionFailure, Tool, tool};
///
/// /// Adds two integers.
/// #[tool(idempotent, timeout = "2s")]
/// fn add(
///     /// The first term.
///     a: i64,
///     /// The second term.
///     b: i64,
/// ) -> i64 {
///     a + b
/// }
///
/// /// Reads a file.
/// #[tool(name = "read-file")]
/// async fn read_file(path: String) -> Result<String, ExecutionFailure> {
///     std::fs::read_to_string(path).map_err(ExecutionFailure::from_error)
/// }
///
/// /// Greets someone.
/// #[tool(non_blocking)]
/// async fn greet(name: String) -> String {
///     format!("Hello, {name}!")
/// }
///
/// assert_eq!(add(2, 3), 5); // still an ordinary function
/// let spec = add {}.spec();
/// assert_eq!(spec.description, "Adds two integers.");
/// assert_eq!(spec.parameters["properties"]["b"]["description"], "The second term.");
/// assert!(add {}.idempotent());
/// assert!(add {}.non_blocking()); // a synchronous body runs on the blocking pool
/// assert!(greet {}.non_blocking());
/// assert!(!read_file {}.non_blocking()); // `std::fs` blocks: a task of its own
/// assert_eq!(read_file::NAME, "read-file");
/// ```
#[cfg(feature = "macros")]
pub use agents_macros::tool;

/// Builds an [`LlmAgent`] from a declarative description, with its error handlers checked at
/// compile time: tools named in `on_error` must exist, kinds must be known and handled once,
/// each step must be able to handle its kind (through [`repair::Step`]), a fixer must be an
/// `Agent<String, String>`, and `exhaustive` demands every tool × kind be covered. It returns
/// the agent itself; see `docs/macros.md` for every key and for why it is not a `Result`.
///
/// ```
/// use agents::testing::ScriptedModel;
/// use agents::{AgentExt, ModelResponse, agent, tool};
///
/// /// Adds two integers.
/// #[tool(idempotent)]
/// fn add(a: i64, b: i64) -> i64 {
///     a + b
/// }
///
/// fn strip_fences(raw: &str) -> Option<String> {
///     let inner = raw.trim().strip_prefix("```json")?.strip_suffix("```")?;
///     Some(inner.trim().to_owned())
/// }
///
/// let model = ScriptedModel::new([
///     // The model wraps its arguments in a code fence; `fix(strip_fences)` repairs them.
///     ModelResponse::tool_call("1", add::NAME, "```json\n{\"a\": 2, \"b\": 40}\n```"),
///     ModelResponse::text("42"),
/// ]);
/// let calc = agent! {
///     name: "calculator",
///     prompt: "Use the tools to do sums.",
///     model: model,
///     output: u32,
///     budget: { max_turns: 4, max_duration: "30s" },
///     tools: [add],
///     on_error: exhaustive {
///         defaults => {
///             invalid_args => fix(strip_fences).or(escalate()),
///             deserialization_error => escalate(),
///         },
///         add => { execution_error => retry(3, no_backoff()) },
///     },
/// };
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// assert_eq!(calc.run("What is 2 + 40?".to_owned()).await.unwrap(), 42);
/// # });
/// ```
///
/// A step that cannot handle its kind does not compile:
///
/// ```compile_fail
/// # let model = agents::testing::ScriptedModel::new([]);
/// /// Pings.
/// #[agents::tool]
/// fn ping() -> &'static str { "pong" }
/// let agent = agents::agent! {
///     name: "pinger",
///     model: model,
///     tools: [ping],
///     on_error: { ping => { execution_error => sanitize(|v| Some(v)) } },
/// };
/// ```
#[cfg(feature = "macros")]
pub use agents_macros::agent;

/// Provider clients (OpenAI-compatible, Anthropic, Gemini, Ollama, prompted tool calling), their
/// resilient transport, and record/replay cassettes.
#[cfg(feature = "providers")]
pub use agents_providers as providers;
/// Tools from MCP servers (feature `mcp`): see `docs/mcp.md`.
#[cfg(feature = "mcp")]
pub use agents_providers::mcp;

// The code blocks of README.md and docs/*.md, compiled (and, unless `no_run`, run) as doctests of
// this crate, the one users depend on: what a reader copies keeps building against `agents::…`.
// `tests/docs_snippets.rs` fails when a docs file with a Rust block is missing here.
macro_rules! doctests {
    ($($(#[$cfg:meta])* $name:ident = $file:literal,)*) => {$(
        #[cfg(doctest)]
        $(#[$cfg])*
        #[doc = include_str!($file)]
        pub struct $name;
    )*};
}

doctests! {
    ReadmeDoctests = "../README.md",
    GettingStartedDoctests = "../docs/getting-started.md",
    ConceptsDoctests = "../docs/concepts.md",
    ErrorsDoctests = "../docs/errors.md",
    RepairDoctests = "../docs/repair.md",
    HandlersDoctests = "../docs/handlers.md",
    EscalationDoctests = "../docs/escalation.md",
    BudgetsDoctests = "../docs/budgets.md",
    EventsDoctests = "../docs/events.md",
    ProvidersDoctests = "../docs/providers.md",
    RunsDoctests = "../docs/runs.md",
    // Its snippets name `agents::mcp`, which exists with the feature (`--all-features` in CI).
    #[cfg(feature = "mcp")]
    McpDoctests = "../docs/mcp.md",
    DurableDoctests = "../docs/durable.md",
    ConstraintDoctests = "../docs/constraint.md",
    MacrosDoctests = "../docs/macros.md",
    TestingDoctests = "../docs/testing.md",
    LocalLlmDoctests = "../docs/local-llm.md",
    #[cfg(feature = "macros")]
    OutputDoctests = "../docs/output.md",
    SmallModelsDoctests = "../docs/small-models.md",
}
